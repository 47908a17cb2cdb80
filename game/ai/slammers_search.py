"""What the search player knows of Hammer's Slammers: what a position is worth, and the basic
player's choices to start from and to play out with.

Nothing is hidden but the dice, so a world is the position with the search's own dice. Each
team is worth its progress toward its scenario's conditions (HS-GAP-6: the places to hold,
held now or how near its units stand, and the share of the enemy's points to eliminate) and
its share of the points still on the map, as the fire still to come this round will leave them
(slammers_value); a team that only has to survive wins when the others fall short. The
chances are a softmax of those worths over the teams, so the same evaluation serves two, three
or four players. The basic player (game/ai/slammers.py) is
cheap: its choice leads the order at every node, and it plays both sides in the playouts; where a
moving unit ends is the evaluation's pick among the basic player's best few (and, for a side that
must take a place, the hexes where the fewest enemy guns bear on it; for skimmer infantry, each
end on its skimmers or off them), without a search.
A side that only has to come through keeps its fastest unit out of sight and goes into the
places the enemy must hold in the game's last player-turn (slammers_hide).
"""
from __future__ import annotations

import math

from game.core import rng
from game.rules import slammers as hs

from .knowledge import Knowledge
from .slammers import WORTH, SlammersBot
from .slammers_hide import has_conditions, hideouts, holds_out, last_stand, shaken, survives, survivor
from .slammers_value import AimingBot, exposure

# A team's worth is SHARE times its share of the points standing plus PROGRESS times its progress
# toward its conditions; the chances are a softmax of the worths. From 120 of the basic player's
# games against itself (tools/slammers_eval_check.py 120 2000: fitted with a constant, share 4.0
# and progress 0.57; 4.5 and 0.5 before Close Assaults counted in slammers_value): in this game
# the side that loses its units loses, and standing near a place says little (3 and 3 before).
SHARE = 4.5
PROGRESS = 0.5
NEAR = 8.0            # hexes from a place at which a team's nearest unit counts for nothing
SHAKEN = 1.0 - WORTH["disrupt"]     # a disrupted unit's share of its points (the basic player's worth)
EXPOSED = 1.0         # how much of the loss the fire still to come promises is counted (slammers_value)


class SlammersKnowledge(Knowledge):
    """Hammer's Slammers' evaluation, order and playouts for the search."""

    budgets = {"normal": 20, "hard": 60}
    cutoff = 8
    widen = 5
    reranked = 8          # a moving unit's best ends by the basic player's score that the evaluation reorders
    rehop = 16            # the same for a unit moved and asked again, of a side that must take a place
    standoff = 4          # and the hexes under the fewest enemy guns that such a side weighs besides
    dismounts = True      # skimmer infantry weighs getting off its skimmers (and on again)
    hides = True          # a side that only has to come through keeps its survivor out of sight

    aiming = AimingBot      # whose Direct Fire and answers to strikes lead the root (Normal: the basic player's)

    def at_strength(self, strength):
        """Normal weighs only the basic player's three best ends of a move and fires as the basic
        player does (one attack at a time, CAF at every strike); Hard is the whole of this module.
        Neither searches but for loops, so without this they would play alike."""
        return NORMAL if strength == "normal" else self

    def order(self, spec, state, actions):
        """The basic player's choice first, the rest as they come."""
        side = spec.active(state)
        return self.led_by(SlammersBot(spec, 0).choose(state, side), list(actions))

    def root_order(self, spec, state, actions, side):
        """The basic player's choice first, then, for a unit being moved, the hexes it may end in
        as the basic player scores them (cover, targets, danger, the places to hold): the search
        weighs the few best ends of a move, not the first ones listed. For a unit being moved the
        evaluation then reorders them (``_by_worth``)."""
        # Hard's own Direct Fire: each result weighed by what it does to each target (AimingBot)
        ranked = [a for a in self.aiming(spec, 0).ranked(state, side) if a in actions]
        frame = hs.frame(state)
        if frame.get("step") == "movement" and frame.get("unit") is not None:
            ranked = self._ends(spec, state, ranked, side, frame["unit"])
        return self.led_by(ranked[0], ranked)

    def _ends(self, spec, state, ranked, side, uid) -> list:
        """A moving unit's ends, best first. A side that only has to come through goes into the
        places the enemy must hold in the game's last player-turn, and keeps its survivor out of
        the enemy's sight before (Hard only: ``hides``), and any disrupted unit until it rallies
        (slammers_hide); every other move is ``_by_worth``'s. (The Slammers, who must take Marrow,
        gained nothing from hiding their disrupted units: 96 of the same 200 games either way.)"""
        view = spec.view(state, None)          # read once for the three questions below
        stand = last_stand(spec, state, side, ranked, view)
        if stand:
            return stand + [a for a in ranked if a not in stand]
        hiding = self.hides and uid == survivor(spec, state, side, view)
        if hiding or (survives(view, side) and shaken(view, uid)):
            ends = hideouts(spec, state, side, uid, ranked, view)
            return ends + [a for a in ranked if a not in ends]
        return self._by_worth(spec, state, ranked, side, view)

    def _by_worth(self, spec, state, ranked, side, view=None) -> list:
        """A moving unit's ``reranked`` best choices by the basic player's score (the hexes it may
        end in, or stopping), reordered by what the evaluation makes of the position each leads
        to, the basic player's order breaking near-ties: the exchange of fire a move sets up
        (slammers_value) shows at once, where a playout of a few clicks seldom reaches the Direct
        Fire that follows the move (HS-SEQ-5/6). Only the basic player's best few: the evaluation
        reads points and fire, not the turns running out, nor that a disruption in a swamp kills.
        A unit already moved is asked again from where it stands, and stopping is weighed only
        when the basic player would stop or fewer ends are left: weighing it always lost 14 to 20
        of 200 games (docs/ai.md). A side that must take a place then weighs ``rehop`` ends (the
        Slammers won 421 of 1,000 ladder games with 16, 392 with 8; the Tan army, which only has
        to come through, 493 of 600 with 16 and 505 with 8). Such a side also weighs the
        ``standoff`` hexes, among those with an enemy in the unit's reach, where the fewest enemy
        guns would bear on it (``guns_on``; none: it outranges them), the basic player's order
        breaking ties: its pull toward the place to take leaves them out of its best few. A side
        whose team only has to come through weighs none (``holds_out``: in the four-player Marrow
        the Mercenaries, with no condition of their own, won 77 of 120 games without them, 50
        with them; the basic player 59). Skimmer infantry also weighs getting off where it
        stands, or on at the start of a move (``_worth``: the Slammers won 689 of 1,400 ladder
        games so, 669 before)."""
        frame = hs.frame(state)
        view = view if view is not None else spec.view(state, None)
        moved = frame.get("unit") in frame.get("mp", {})
        taking = not survives(view, side)
        head = ranked[:self.rehop if moved and taking else self.reranked]
        if taking and self.standoff and not holds_out(spec, state, side, view):
            foes = set(spec.seated(state).enemies(side))
            guns = {a: guns_on(state, view, foes, frame["unit"], tuple(a[1])) for a in ranked[len(head):]
                    if a[0] == "hex"}
            head += sorted((a for a in guns if guns[a] is not None), key=lambda a: guns[a])[:self.standoff]
        if self.dismounts:                   # skimmer infantry getting off, or on at the start of a move
            head += [a for a in ([("dismount",)] if moved else [("mount",), ("dismount",)])
                     if a in ranked and a not in head]
        mounted = self.dismounts and any(p["id"] == frame["unit"] and "skimmer" in p["flags"]
                                         for p in view["pieces"])
        worth = {a: self._worth(spec, state, a, side, mounted) for a in head}
        return sorted(head, key=lambda a: -worth[a]) + [a for a in ranked if a not in worth]

    def _worth(self, spec, state, action, side, mounted=False) -> float:
        """What the evaluation makes of the position an end leads to, to a thousandth; for skimmer
        infantry (``mounted``) ending its move in a hex, the better of ending there mounted or
        dismounted, where it keeps the allowance to get off (HS-SKM-1): dismounted it ignores
        disruption, which destroys it on its skimmers (HS-DIS-5, HS-SKM-5)."""
        after = spec.apply(state, action)
        worth = self.evaluate(spec, after)[side]
        if mounted and action[0] == "hex" and ("dismount",) in spec.legal_actions(after):
            worth = max(worth, self.evaluate(spec, spec.apply(after, ("dismount",)))[side])
        return round(worth, 3)

    def obvious(self, spec, state, side, ordered, tried, notes):
        """The root order's first, without a search: where a moving unit ends, the evaluation's pick
        (``_by_worth``); elsewhere the basic player's choice. The search's values of one click's
        choices differ by a few hundredths, less than its playouts' dice tell apart in 60
        iterations, and in the ladder its departures from these choices lost games they win
        (docs/ai.md). A sight met again (a loop) is searched, so a move already made is not
        named twice; a unit back on a hex it stood on earlier in its move stops (``back_again``),
        but for a side with no condition of its own: in the four-player Marrow the rule cost Hard's
        Mercenaries half their games (13 of 40 won against Basic, 26 without it; on the next 40, 16
        and 24), and its Slammers won 29 with it, 31 without."""
        first = ordered[0][0]
        if first in tried:
            return None
        if back_again(state, ordered) and has_conditions(spec.view(state, None), side):
            return ("stop",)
        return first

    def policy(self, spec, picker):
        """The basic player for every side, seeded from the search's generator."""
        bot = SlammersBot(spec, rng.randint(picker, 0, 2 ** 30))
        return lambda state, actions: bot.choose(state, spec.active(state))

    def evaluate(self, spec, state):
        """Each team's progress toward its conditions and its share of the points on the map, softmaxed."""
        seat = spec.seated(state)
        teams = list(dict.fromkeys(tuple(seat.team(s)) for s in seat.sides))
        view, alive, places = self._standing(spec, state, seat)
        total = sum(alive.values()) or 1.0
        late = view["turn"] / max(1, view["turns"])
        worth = {}
        for team in teams:
            share = sum(alive[s] for s in team) / total
            progress = max([self._progress(state, view, seat, cond, places, late)
                            for cond in view["victory"] if cond.get("side") in team] or [0.0])
            worth[team] = SHARE * share + PROGRESS * progress
        top = max(worth.values())
        weights = {t: math.exp(w - top) for t, w in worth.items()}
        norm = sum(weights.values())
        return {s: next((weights[t] / norm for t in teams if s in t), 0.0) for s in spec.sides}

    @staticmethod
    def _standing(spec, state, seat) -> tuple:
        """(view, side -> points standing, side -> hexes held), as if the results already rolled
        were carried out: they wait for the round's end (HS-RNG-13, HS-DIS-1), and a playout's
        shots must show in its leaf's score. A disrupted unit counts for less (SHAKEN); one rolled
        off counts as gone, and its points as scored by its enemies."""
        view = spec.view(state, None)
        pend = hs.pending(state)
        gone, shaken = set(pend["eliminated"]), set(pend["disrupted"])
        alive = {s: 0.0 for s in seat.sides}
        doomed = {s: 0.0 for s in seat.sides}
        places: dict = {}
        lost = exposure(state, view, seat.sides, gone)
        for p in view["pieces"]:
            if p.get("at") is None or p.get("side") not in alive:
                continue
            points = hs.unit_type(state, p["id"]).points
            if p["id"] in gone:
                doomed[p["side"]] += points
                continue
            points *= 1.0 - EXPOSED * lost.get(p["id"], 0.0)
            alive[p["side"]] += points * (SHAKEN if "disrupted" in p["flags"] or p["id"] in shaken else 1.0)
            places.setdefault(p["side"], []).append(tuple(p["at"]))
        view = dict(view, pieces=[p for p in view["pieces"] if p["id"] not in gone],
                    scores={s: view["scores"].get(s, 0) + sum(doomed[e] for e in seat.enemies(s))
                            for s in seat.sides})
        return view, alive, places

    luck_unit = "in units: eliminated 1, disrupted 0.35"

    def luck(self, spec, before, event):
        """A roll's result against the chances the rules recorded in its event, in the basic
        player's worth of a result to each unit it falls on (eliminated 1, disrupted 0.35; a
        rally undoes a disruption): the roller's luck, and its victims' (or enemies') opposite."""
        kind = event.get("kind")
        if kind == "fire" and event.get("roll") is not None:
            return self._fire_luck(spec, before, event)
        if kind == "rally" and "chance" in event:
            return self._rally_luck(spec, before, event)
        if kind == "cpf" and "chance" in event:
            got = WORTH["eliminate"] * ((1.0 if event["hit"] else 0.0) - event["chance"])
            return self._against(spec, before, event["side"], {event["target"]: got})
        return {}

    def _fire_luck(self, spec, before, event) -> dict:
        """Each unit a fire event's roll fell on: its result's worth less the worth expected."""
        luck = {}
        if event["kind_of"] == "indirect":           # one roll, each Class on its own column
            for key, code in event["result"].items():
                got = self._beyond(before, code, event["chances"][key])
                luck.update({u: got for u in event["classes"][key]["units"]})
        elif event["kind_of"] in ("gas", "direct_gas"):     # one roll per unit
            luck = {u: self._beyond(before, r["result"], r["chances"]) for u, r in event["rolls"].items()}
        else:
            got = self._beyond(before, event["result"], event["chances"])
            luck = {u: got for u in event["targets"]}
        return self._against(spec, before, event["side"], luck)

    @staticmethod
    def _beyond(state, code, chances) -> float:
        """A result's worth less its expected worth over the chances of every result."""
        def worth(c):
            return sum(WORTH.get(e, 0.0) for e in hs.effects_of(state, c))
        return worth(code) - sum(p * worth(c) for c, p in chances.items())

    def _rally_luck(self, spec, before, event) -> dict:
        """A rally undoes a disruption; a failed desperation rally loses the unit (HS-RAL-3/6)."""
        up, down = WORTH["disrupt"], (-(WORTH["eliminate"] - WORTH["disrupt"]) if event["desperate"] else 0.0)
        p = event["chance"]
        got = (up if event["rallied"] else down) - (p * up + (1 - p) * down)
        enemies = list(spec.seated(before).enemies(event["side"]))
        out = {event["side"]: got}
        for e in enemies:
            out[e] = out.get(e, 0.0) - got / len(enemies)
        return out

    @staticmethod
    def _against(spec, before, roller, luck) -> dict:
        """{side: luck}: the roller gains what each enemy unit hit lost; a unit of its own team hit
        (artillery on a shared hex, HS-IND-14) is its owner's misfortune alone."""
        seat = spec.seated(before)
        out = {roller: 0.0}
        for uid, got in luck.items():
            owner = hs.counter(before, uid)["side"]
            out[owner] = out.get(owner, 0.0) - got
            if owner in seat.enemies(roller):
                out[roller] += got
        return out

    def _progress(self, state, view, seat, cond, places, late) -> float:
        """How far a team is toward one condition, 0 to 1 (survival: half, the default result)."""
        side, kind = cond["side"], cond["kind"]
        if kind == "hold":
            return sum(self._hold(state, seat, side, name, places, late) for name in cond["places"]) / max(
                1, len(cond["places"]))
        if kind == "eliminate":
            enemy = sum(hs.unit_type(state, p["id"]).points for p in view["pieces"]
                        if p.get("side") in seat.enemies(side))
            lost = view["scores"].get(side, 0)
            return min(1.0, lost / max(1.0, cond["enemy_fraction"] * (enemy + lost)))
        if kind == "points":
            return min(1.0, view["scores"].get(side, 0) / max(1, cond["at_least"]))
        return 0.5 if kind == "survive" else 0.0

    def _hold(self, state, seat, side, name, places, late) -> float:
        grid = hs.grid(state)
        place = grid.place(name)
        h = place.hex if place is not None else grid.hex_named(name)
        if h is None:
            return 0.0
        h = tuple(h)
        ours = [x for s in seat.team(side) for x in places.get(s, ())]
        theirs = {x for s in seat.enemies(side) for x in places.get(s, ())}
        if h in ours and h not in theirs:
            return 0.5 + 0.5 * late                  # held now, and the end draws near
        near = min((grid.distance(h, x) for x in ours), default=NEAR)
        return 0.5 * max(0.0, 1.0 - near / NEAR) * (0.5 if h in theirs else 1.0)


def back_again(state: dict, ordered: list) -> bool:
    """Whether the unit being moved stands again where it stood earlier in this move, and may stop:
    a unit asked again weighs stopping only when the basic player would stop, so it went to and
    fro between two hexes the evaluation could not tell apart until its allowance ran out, ending
    on either by the count of its legs. The rules keep the hexes it stood on (``hs.trail``), so a
    hint, or a game loaded in the middle of a move, knows them as the player who moved it does."""
    uid = hs.frame(state).get("unit")
    here = hs.hex_of(state, uid) if uid is not None else None
    if here is None:                    # no unit moving, or one not on the map yet (a paradrop's landing)
        return False
    return tuple(here) in hs.trail(state, uid)[:-1] and any(a == ("stop",) for a, _ in ordered)


def guns_on(state: dict, view: dict, foes: set, uid: str, h):
    """How many enemies that may fire would see a unit at h from within their printed range, or
    None when it would have no enemy within its own range and sight. Where none would, it
    outranges them all (a standoff): it fires its whole attack, they half of theirs, at extended
    range (HS-RNG-3, -5, -8, -10)."""
    reach, grid, aim, guns = hs.counter(state, uid)["stats"]["range"], hs.grid(state), False, 0
    for p in view["pieces"]:
        if p.get("side") not in foes or p.get("at") is None or p.get("under"):
            continue
        at = tuple(p["at"])
        apart = grid.distance(h, at)
        if apart <= p["stats"]["range"] and "disrupted" not in p["flags"] and hs.los(state, at, h):
            guns += 1
        aim = aim or (apart <= reach and hs.los(state, h, at))
    return guns if aim else None


class NormalSlammers(SlammersKnowledge):
    """Normal's Slammers: the basic player's fire, the evaluation's pick among three ends, and no
    survivor kept out of sight: with the basic player's fire the hidden unit's guns were missed
    more than the unit was saved (as the side that holds out, in six scenarios, Normal won 861 of
    1,500 games against Basic without one, 750 with it, and Basic 773; docs/ai.md)."""

    aiming = SlammersBot
    reranked = 3
    rehop = 3
    standoff = 0
    dismounts = False
    hides = False


KNOWLEDGE = SlammersKnowledge()
NORMAL = NormalSlammers()
