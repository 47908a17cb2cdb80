"""What the search player knows of Hack & Sack: what a position is worth, and which moves to try.

Hack & Sack hides nothing but the dice to come, so a world is the position with the bot's
own dice (the default determinisation). Its legal moves are too many for a search in
CPython (a Star Frigate may land on a thousand hexes), so the search looks only at the few
hexes nearest the cities worth taking or holding; every move it tries is still one of the
rules' legal actions, and what is legal is never changed. A position is worth the VP lead,
the cities each side holds for the turns still to come, and the strength of each side's
units in play.
"""
from __future__ import annotations

from game.boards.layout import distance
from game.core import rng
from game.rules.hack_sack import SPEC, battle_odds, frame, position, types, unit, units_in_play, vp

from .hack_sack import RESULT_WORTH, HeuristicPlayer, Picture, map_of
from .hack_sack_battles import battles_ahead
from .hack_sack_ferry import ferry, landing, wants_to_ferry
from .hack_sack_jerseyites import deployment, guard_post
from .knowledge import Knowledge

LAST_TURN = 15         # HSNJ-VIC-6
HEXES_TRIED = 6        # hexes the search tries for a unit that moves
LOOKED_AT = 40         # hexes the look-ahead weighs for a Krylon land unit (else the HEXES_TRIED nearest the cities)
MARGIN = 0.2           # VP a look-ahead move must gain over the basic player's
# The Krylons' order onto the pads: Defend 3 and 2 first, since a city's defender is attacked at
# its Defend (HSNJ-CBT-9) and Defend 1 units lose the cities they take (the basic player's order,
# PAD_ORDER, sends the Chariots first).
PADS_FIRST = ("phalanx", "legion", "samurai", "centurion", "chariot", "cossacks", "catapult")
SCRIPTED = 8           # dice scripted for a look-ahead move (a traffic roll at each road entered)
# A city held now scores 1 VP at each tally to come (HSNJ-VIC-3, 4), but holdings change: each
# tally counts this much less than the one before, and the next one less the further off it is
# in the turn, so that a tally made is worth what it was worth just before (no jump at phase 8).
CITY_TURN = 0.8
PHASES = ("reinforcement", "krylon_movement", "krylon_recovery", "krylon_combat",
          "jerseyite_movement", "jerseyite_recovery", "jerseyite_combat", "vp_tally")   # HSNJ-SEQ-1
_NEAREST: dict = {}    # board -> {hex: ((distance, city), ...) nearest first}


def nearest_cities(state: dict) -> dict:
    """For each hex of the state's board, the cities by distance (worked out once per board)."""
    m = map_of(state)
    table = _NEAREST.get(id(m))
    if table is None:
        table = _NEAREST[id(m)] = {h: tuple(sorted((distance(h, c), c) for c in m.cities)) for h in m.hexes}
    return table


def holders(state: dict) -> tuple:
    """(cities a Krylon land unit holds, hex -> unit on the map) (HSNJ-VIC-3)."""
    m = map_of(state)
    kinds = types()
    occ = {tuple(u["hex"]): u for u in units_in_play(state) if u["where"] == "map"}
    krylon = {c for c in m.cities if c in occ and occ[c]["side"] == "krylon"
              and kinds[occ[c]["type"]]["class"] == "L"}
    return krylon, occ


def tallies_ahead(turn: int, phase: str) -> float:
    """What holding a city now is worth in VP: the city tallies still to come (HSNJ-SEQ-2, VIC-6),
    each one CITY_TURN less sure than the one before, the next by how far off it is this turn."""
    at = PHASES.index(phase) if phase in PHASES else 0
    tallies = max(0, LAST_TURN - max(turn, 1) + 1)        # this turn's tally is still to come
    first = CITY_TURN ** ((len(PHASES) - 1 - at) / len(PHASES))
    return first * (1 - CITY_TURN ** tallies) / (1 - CITY_TURN)


def strength(state: dict) -> dict:
    """Each side's attack plus defence over its units still in the game."""
    kinds = types()
    out = {"krylon": 0, "jerseyite": 0}
    for u in units_in_play(state):
        kind = kinds[u["type"]]
        out[u["side"]] += kind["attack"] + kind["defend"]
    return out


def lead(state: dict, battle_weight: float = 1.0) -> float:
    """The Krylons' lead in VP: VP now, the cities held for the tallies to come, a quarter of the
    strength in play, and ``battle_weight`` times the battles owed next (hack_sack_battles)."""
    krylon, _ = holders(state)
    cities = map_of(state).cities
    turn, phase = position(state)
    worth = tallies_ahead(turn, phase)
    power = strength(state)
    out = (vp(state, "krylon") - vp(state, "jerseyite") + worth * (2 * len(krylon) - len(cities))
           + 0.25 * (power["krylon"] - power["jerseyite"]))
    if battle_weight:
        out += battle_weight * battles_ahead(state, phase, set(cities), worth)
    return out


def look_ahead(state: dict, uid: str, actions: list, basic) -> tuple:
    """The move of Krylon land unit ``uid`` whose position scores best by ``lead``, the battles
    it brings on included: each reachable hex (the nearest the cities when there are many) and
    staying, against the basic player's choice, which a move must beat by MARGIN VP."""
    mine = unit(state, uid) or {}
    if mine.get("side") != "krylon" or types()[mine["type"]]["class"] != "L":
        return basic
    hexes = [a for a in actions if a[0] == "hex"]
    if len(hexes) > LOOKED_AT:
        hexes = KNOWLEDGE._best_hexes(state, "krylon", mine, hexes)
    # The move as planned: every traffic roll lets it through (HSNJ-MOV-10), and the real dice
    # to come are never read.
    world = dict(state, rng=dict(state["rng"], dice=[1] * SCRIPTED))
    stay = ("deselect",)
    if basic[0] == "unit":
        basic = stay                  # the basic player is through with this unit: it stays
    if basic != stay and basic not in actions:
        return basic
    worth = {}

    def value(action):
        if action not in worth:
            worth[action] = lead(world if action == stay else SPEC.apply(world, action))
        return worth[action]
    best, score = basic, value(basic)
    tried = hexes + ([stay] if mine["where"] == "map" and stay in actions else [])
    for action in tried:
        if action != basic and value(action) > score + MARGIN:
            best, score = action, value(action)
    return best


def strongest_to_pads(actions: list, basic) -> tuple:
    """The unit the Krylons put on a Landing Pad next: the basic player's Frigate first, then the
    best defenders (PADS_FIRST), who hold the cities they are flown to; else the basic choice."""
    if basic[0] != "unit" or basic[1].startswith("star_frigate"):
        return basic

    def rank(action):
        return next((i for i, kind in enumerate(PADS_FIRST) if action[1].startswith(kind)), len(PADS_FIRST))
    units = [a for a in actions if a[0] == "unit" and rank(a) < len(PADS_FIRST)]
    return min(units, key=rank) if units else basic


class HackSackKnowledge(Knowledge):
    """Hack & Sack's evaluation and move order for the search."""

    budgets = {"normal": 40, "hard": 120}
    cutoff = 8
    widen = 6
    # Hard's Jerseyites make every choice by their lead, their battles too: over the ladder's
    # Jerseyite games 1 to 399 the lead won 191 of 200, their searched battles 183 (docs/ai.md).
    jerseyites_led = True

    def setting_up(self, spec, view: dict) -> bool:
        """The Jerseyites set up before turn 1 (HSNJ-SET-1..4)."""
        return view.get("step") == "deploy"

    def at_strength(self, strength):
        """Normal's Jerseyites still search their battles (40 iterations); Hard's play their lead."""
        return NORMAL if strength == "normal" else self

    def evaluate(self, spec, state):
        """Each side's chance from the lead (``lead``): early on much can change, so the same lead
        is less sure with more turns to play."""
        left = max(0, LAST_TURN - position(state)[0])
        # The battles owed next are left out of the leaves: the Jerseyites' playouts reach their
        # battles (their movement is short), and the Krylons' look-ahead leads their root.
        chance = self.squash(lead(state, battle_weight=0.0), 20.0 + 4.0 * left)
        return {"krylon": chance, "jerseyite": 1.0 - chance}

    def root_order(self, spec, state, actions, side):
        """As ``order``, but led by Hard's own choices where it has them: a Krylon land unit's move
        by the look-ahead (``look_ahead``), a Frigate's by the ferry and the wary landing, the
        Krylons' pads by their best defenders, the Jerseyites' set-up and Guard by
        ``hack_sack_jerseyites``."""
        step = frame(state)
        choice = HeuristicPlayer(step.get("side") or side)(state)
        if side == "krylon" and step.get("step") == "move" and step.get("sel"):
            choice = ferry(state, step["sel"], actions) or landing(state, step["sel"], actions, choice)
            choice = look_ahead(state, step["sel"], actions, choice)
        elif side == "krylon" and step.get("step") == "pads" and not step.get("sel"):
            choice = strongest_to_pads(actions, choice)
        elif side == "jerseyite" and step.get("step") == "guard":
            choice = guard_post(state, actions, choice)
        elif side == "jerseyite" and step.get("step") == "deploy":
            choice = deployment(state, actions, choice)
        return self._ordered(spec, state, actions, choice)

    def order(self, spec, state, actions):
        """The basic player's choice first; a moving unit's own hex and its best few (nearest the
        cities that matter), or letting it go; a battle built up, never taken apart; other choices
        as they come."""
        step = frame(state)
        return self._ordered(spec, state, actions, HeuristicPlayer(step.get("side") or spec.active(state))(state))

    def _ordered(self, spec, state, actions, choice):
        step = frame(state)
        ranked = actions
        if step.get("step") == "combat":
            # A second click takes a unit back out of the battle being built: the same as never
            # having clicked it, so the search only builds (or the moves would loop).
            inside = set(step["attackers"]) | set(step["defenders"])
            ranked = [a for a in actions if a[0] not in ("attacker", "defender") or a[1] not in inside] or actions
        if step.get("step") == "move" and step.get("sel"):
            hexes = [a for a in actions if a[0] == "hex"]
            # A switch is Deselect, then the other unit; Done is Deselect, then Done once every unit
            # has had its turn (obvious): a playout reaches the combat sooner after it, so the
            # search would end movement early for a look at the battles, not for a better move.
            rest = [a for a in actions if a[0] not in ("hex", "unit", "done")]
            if hexes:
                hexes = self._best_hexes(state, step["side"], unit(state, step["sel"]), hexes)
            ranked = hexes + rest
            if choice[0] == "unit":
                choice = ("deselect",)            # the basic player is through with this unit: it stays
            elif choice not in ranked:
                ranked = [choice] + ranked        # its own hex, beside the ones nearest the cities
        return self.led_by(choice, ranked)

    def obvious(self, spec, state, side, ordered, tried, notes):
        """Which unit moves next, and which Landing Pad a unit goes to, are no real choices:
        the basic player's answer, without a search (the search weighs what each unit does). A
        unit's move is its root's lead (``root_order``: for the Krylons the look-ahead and the
        ferries, for the Jerseyites the basic player's move), and so are the units the Krylons
        fly in (the best defenders first), without a search either: a move's playouts seldom
        reach a battle or a tally, so the search's values of its moves differ by thousandths and
        its departures from the lead are noise (docs/ai.md: over the ladder's games 0 to 58 the
        Krylons' lead alone won 14 of 30, the search led by it 8; the Jerseyites' searched moves
        won 16 of 21 where their basic moves won 17, at several times the cost). The Jerseyites'
        set-up and Guard are their lead too (``hack_sack_jerseyites``), set before a playout could
        tell one city from another. The Krylons' battles, where the dice are, are searched; the
        Jerseyites' are their lead too where ``jerseyites_led`` (Hard)."""
        step = frame(state)
        moving = step.get("step") == "move" and step.get("sel")
        led = side == "jerseyite" and self.jerseyites_led and step.get("step") != "move"
        if moving or led or (side == "krylon" and step.get("step") == "pads" and not step.get("sel")) \
                or step.get("step") in ("guard", "deploy"):
            lead = ordered[0][0] if ordered else None
            return lead if lead is not None and lead not in tried else None
        if step.get("step") == "pads" and step.get("sel"):
            # The pads are alike (HSNJ-REI-1): the basic player fills the emptiest.
            first = ordered[0][0] if ordered else None
            return first if first and first[0] == "box" and first not in tried else None
        if step.get("step") != "move" or step.get("sel"):
            return None
        return self._next_unit(state, side, [a for a, _ in ordered], tried, notes)

    @staticmethod
    def _next_unit(state, side, actions, tried, notes):
        """Every unit gets one turn a phase (HSNJ-MOV-1), in the basic player's order: a unit let go
        is picked again only when something changed it since (a spaceship its cargo has left);
        when none is left, movement is done."""
        phase = position(state) + (side,)
        if notes.get("phase") != phase:
            notes.update(phase=phase, let_go={}, last=None)
        let_go = notes["let_go"]
        if notes["last"] is not None:
            let_go[notes["last"]] = _as_left(state, notes["last"])
        units = [a[1] for a in actions if a[0] == "unit" and a not in tried
                 and let_go.get(a[1]) != _as_left(state, a[1])]
        if not units:
            notes["last"] = None
            return ("done",) if ("done",) in actions and ("done",) not in tried else None
        pic, player = Picture(state, side), HeuristicPlayer(side)
        # An idle Star Frigate with stragglers to fetch moves before the land units (hack_sack_ferry).
        ferrying = [u for u in units if side == "krylon" and wants_to_ferry(state, u)]
        notes["last"] = ferrying[0] if ferrying else min(units, key=lambda u: player.move_order(pic, pic.units[u]))
        return ("unit", notes["last"])

    def _best_hexes(self, state, side, unit, hexes):
        krylon, occ = holders(state)
        near = nearest_cities(state)
        if side == "krylon":
            wanted = {c for c in map_of(state).cities if c not in krylon}
        else:
            wanted = {c for c in map_of(state).cities if c in krylon or c not in occ}
        if not wanted:
            return hexes[:HEXES_TRIED]

        def rank(action):
            h = tuple(action[1])
            d = next((dist for dist, c in near.get(h, ()) if c in wanted), 99)
            return (d, h)
        return sorted(hexes, key=rank)[:HEXES_TRIED]

    luck_unit = "in battle results: a defender destroyed 3, an exchange 0.5"

    def luck(self, spec, before, event):
        """A battle's result against the odds the rules give it, in the basic bot's result worth
        (a destroyed defender 3, an exchange 0.5, ...): the attacker's luck, and the defender's opposite."""
        if event.get("kind") != "battle":
            return {}
        chances = battle_odds(before, event["attackers"], event["defenders"])["results"]
        expected = sum(RESULT_WORTH.get(code, 0.0) * p for code, p in chances.items())
        got = RESULT_WORTH.get(event["result"], 0.0) - expected
        other = next(s for s in spec.sides if s != event["side"])
        return {event["side"]: got, other: -got}

    def policy(self, spec, picker):
        """The basic player for both sides, fresh for each playout (it remembers the units it is
        through with in a phase); seeded from the search's generator."""
        seed = rng.randint(picker, 0, 2 ** 30)
        players = {side: HeuristicPlayer(side, seed) for side in spec.sides}
        return lambda state, actions: players[spec.active(state)](state)

    def playout(self, spec, state, actions, picker):
        """Random, but a chosen unit stops or moves rather than handing over to another unit."""
        step = frame(state)
        if step.get("step") == "move" and step.get("sel"):
            actions = [a for a in actions if a[0] != "unit"] or actions
        return rng.choice(picker, actions)


def _as_left(state: dict, uid: str) -> tuple:
    """Where a unit stands and what it carries: the same again means nothing changed it."""
    u = unit(state, uid) or {}
    aboard = tuple(sorted(o["id"] for o in units_in_play(state) if o["ship"] == uid))
    return u.get("where"), u.get("hex"), u.get("pad"), u.get("ship"), u.get("mp"), aboard


class NormalHackSack(HackSackKnowledge):
    """Normal: the same knowledge, but the Jerseyites' battles and retreats are searched."""

    jerseyites_led = False


KNOWLEDGE = HackSackKnowledge()
NORMAL = NormalHackSack()
