"""What the search player knows of Battle for Armageddon: the hidden cards, what a position is
worth, and where to start looking.

A world deals the other side's special cards, deck and face-down strategy cards afresh from
what the searching side has not seen (the basic player's own dealing, game/ai/armageddon.py).
A position is worth each side's chance of winning read hive by hive (game/ai/armageddon_value.py,
fitted on the basic player's games). At the root every action is looked at once in one world
and ranked by that worth; the best leads, except where one action changes nothing the worth
can see (choosing strategy cards, which area to attack), and in the Orks' movement, where the
basic player's pull toward the hives not yet taken is surer than a worth that sees only the
Orks within reach of a hive: there the basic player's choice leads, after the muster
(``_muster``: a tribe short of 3-1 beside a hive that can reach it this phase gathers there
first). Deeper in the tree *Done* is tried first and the other moves as they come; playouts take *Done* whenever it is offered,
so a leaf is scored close to where the tree left it. An attack declared is fought (``joins``):
every stack that may join it joins, in the tree, in the playouts and at the root without a
search, and then the dice are rolled; the playouts enter a hive's emptied ruins. The
Imperium's attacks on Ghazghkull's stack at good odds are made without a search (``hunt``), and
so are its strategy cards in the last turn while he lives: move then fight, and fight again.
The Imperium's search reads the worth with supply and the hunt (``seated``): units cut off with
nothing to shelter them count as lost, and Ghazghkull on the map may yet be put out of play, so
the Imperial win is worth something before he falls.
"""
from __future__ import annotations

from game.core import rng

from game.rules import armageddon as bfa

from . import worlds as possible
from .armageddon import BUILDING, RESULT_WORTH, ArmageddonBot, expected
from .armageddon_value import GHAZGHKULL, LIMIT, UNITS, hive_defence, chances, ghazghkull_gone
from .knowledge import Knowledge

DONE = ("done",)
ROLL = ("roll",)
STANDARD = ("standard",)
# Steps where the worth one action ahead is flat, so the basic player's rules of thumb lead.
BASIC_LEADS = ("strategy", "setup_imperial", "setup_ork")
DECLARING = ("attack", "area", "roll", "cancel", "card", "reroll", "accept")
FORCED = ("EX", "DR", "DL", "DE")      # the results that leave no defender where it stood
HUNT = 0.5          # the chance of driving Ghazghkull's stack out that makes the attack on it obvious
LAST_BLOW = 1e-9    # the same for a hive the Orks hold, in the turn's last segment once he is gone


class ArmageddonKnowledge(Knowledge):
    """Battle for Armageddon's worlds, evaluation and order for the search."""

    budgets = {"normal": 50, "hard": 150}
    cutoff = 6
    widen = 6
    basic_moves = ("ork",)          # whose movement the basic player's choice leads (see the module's note)
    supply = False                  # whether the worth counts the units out of supply as lost
    hunting = False                 # whether the worth sees a chance of Ghazghkull put out of play

    def __init__(self):
        self._unseen = (None,)          # the last sight read: (key, state kept alive, what it hides)

    def setting_up(self, spec, view: dict) -> bool:
        """The sides place their armies first (BFA-SET-4, -8)."""
        return view.get("stage") == "setup"

    def seated(self, side):
        """The Imperium's search counts the units a supply check would destroy as lost already and
        sees its chance of putting Ghazghkull out of play; the Orks' plays by the worth as fitted
        (measured: supply cost Hard's Orks wins, docs/ai.md)."""
        return IMPERIAL if side == "imperial" else KNOWLEDGE

    def determinise(self, spec, state, side, picker):
        """The other side's hand, deck and face-down plan dealt from the cards ``side`` has not seen."""
        foe = bfa.other(side)
        key = (id(state), side)
        seen = self._unseen              # one local read: another thread (a hint) may replace it
        if seen[0] != key:               # a decision deals many worlds from one sight: read it once
            view = spec.view(state, side)
            mine = {c["id"] for c in bfa.special_cards(foe)}
            seen = self._unseen = (key, state, possible.unseen(mine, view["discards"][foe]), view["hands"][foe],
                                   view["decks"][foe], [c["id"] for c in bfa.strategy_cards(foe)
                                                        if c["id"] not in view["revealed"][foe]])
        _, _, hidden, in_hand, in_deck, plans = seen
        world = possible.deal(state, picker, hidden, [(("hands", foe), in_hand), (("decks", foe), in_deck)])
        return possible.deal(world, picker, plans, [(("plan", foe), bfa.face_down(state, foe))], copy=lambda w: w)

    def obvious(self, spec, state, side, ordered, tried, notes):
        """The Imperium's hunt for Ghazghkull (its last turn's cards, ``_hunting_plan``; its
        blows, ``hunt``), the Orks' muster beside a hive (``_muster``), and every stack that may
        join an attack joining it (``joins``); every other choice is searched."""
        actions = [a for a, _ in ordered]
        if side == "imperial" and self.hunting and bfa.frame(state).get("step") == "strategy":
            return _hunting_plan(state, actions)
        if side == "ork" and bfa.frame(state).get("step") == "movement":
            found = _muster(state, actions)
            if found is not None:
                return found
        return self.hunt(spec, state, side, actions) or next(iter(joins(state, actions)), None)

    def hunt(self, spec, state, side, actions):
        """The Imperium attacks Ghazghkull's stack, and once he is out of play each hive the Orks
        hold, with every stack that may join whenever the blow drives the defenders out at least
        half the time (2-1 and up, no attacker lost), or None.

        The Imperium wins only with Ghazghkull out of play and every hive its own (BFA-VIC-4, -5),
        and his stack is never broken at the odds it can muster; but a stack that has retreated
        defends at 0 and is destroyed if made to retreat again in the same phase (BFA-RET-6, -8),
        so a blow that drives it out is followed by a second, sure one where it went (the same
        rule, once there the chance is 1). The search, whose playouts end a phase at once, never
        finds the pair. A hive's ruin, once its Orks are driven out, is entered by the advance
        or the next move, which the worth sees. In the fourth action segment, when it is the
        Imperium's, a hive is struck at any odds that may drive its garrison out: only the Victory
        segment follows (BFA-SEQ-7, BFA-VIC-1), so the Orks cannot retake it before the check.
        In the Imperium's last combat phase of the game Ghazghkull's stack is struck at any odds
        that may drive it out (``_final_blow``): the game ends a draw otherwise (BFA-VIC-7). In the
        last turn only the stacks the odds need join that blow (``_needed``); the rest wait to
        strike where he retreats to."""
        if side != "imperial":         # the Orks' own Warlord is never their target
            return None
        quarry = _quarry(state)
        battle = bfa.current_battle(state)
        if battle is not None:
            if battle.get("side") == side and battle.get("target") in quarry and battle.get("stage") == "declare":
                return self._join_all(state, battle, actions)
            return None
        last = (_last_word(spec, state, side) and ghazghkull_gone(state)) or _final_blow(spec, state, side)
        need = LAST_BLOW if last else HUNT
        for area in quarry:
            act = ("attack", area)
            if act in actions and self._drives_out(spec, state, act, side) >= need:
                return act
        return None

    @staticmethod
    def _drives_out(spec, state, act, side) -> float:
        """The chance that the attack, with every stack that may join it, leaves no defender."""
        joining = [a[1] for a in spec.legal_actions(spec.apply(state, act)) if a[0] == "area"]
        return _driven_out(bfa.battle_preview(state, act[1], joining, side)) if joining else 0.0

    @staticmethod
    def _join_all(state: dict, battle: dict, actions: list):
        """Every stack that may join the hunt joins (in the last turn, every one the blow on
        Ghazghkull needs); a card adds to the die unless the blow is sure."""
        chosen = set(battle.get("from", ()))
        joins = [a for a in actions if a[0] == "area" and a[1] not in chosen]
        if joins and not ghazghkull_gone(state) and bfa.turn(state) == bfa.LAST_TURN:
            joins = _needed(state, battle, chosen, joins)
        cards = [a for a in actions if a[0] == "card" and _driven_out(battle.get("preview")) < 1.0]
        return (joins or cards or [("roll",)])[0]

    def root_order(self, spec, state, actions, side):
        """Every action ranked by the worth it leads to in one dealt world; the best first, or the
        basic player's choice where the worth one action ahead cannot tell the actions apart."""
        if STANDARD in actions:           # the authored set-up: placing counter by counter gains nothing
            return [(STANDARD, 1.0)]
        if ROLL in actions:               # an attack declared is fought: see ``order``
            return self.led_by(*_fighting(state, actions))
        verbs = {a[0] for a in actions}
        if verbs & set(BUILDING) and DONE in actions:
            actions = [a for a in actions if a != DONE]     # build every point, as the basic player does
        picker = {}
        rng.init(picker, len(actions) * 7919 + bfa.turn(state))
        world = self.determinise(spec, state, side, picker)
        worth = {}
        for a in actions:
            world["rng"] = dict(world["rng"], dice=[])
            worth[a] = chances(spec.apply(world, a), self.supply, self.hunting)[side]
        ranked = sorted(actions, key=lambda a: (-round(worth[a], 6), a != DONE))     # a tie: stop
        step = bfa.frame(state).get("step")
        if step in BASIC_LEADS or verbs & set(DECLARING) or (side in self.basic_moves and step == "movement"):
            return self.led_by(ArmageddonBot(spec, 0).choose(state, side), ranked)
        return self.led_by(ranked[0], ranked)

    def order(self, spec, state, actions):
        """*Done* first (most of a phase's moves are worth less than stopping), the rest as listed;
        an attack being declared is joined by every stack that may join it and then fought."""
        if ROLL in actions or joins(state, actions):
            return self.led_by(*_fighting(state, actions))
        if DONE not in actions:
            return super().order(spec, state, actions)
        rest = [a for a in actions if a != DONE]
        return self.led_by(DONE, [DONE] + rest)

    def playout(self, spec, state, actions, picker):
        """*Done* whenever it is offered, but a hive's emptied ruins are entered by one counter
        first (BFA-VIC-3, -5); a battle declared is fought with every stack that may join (as
        the basic player does), and any other choice (losses, retreats) taken at random."""
        into = _into_ruins(state, actions)
        if into is not None:
            return into
        if DONE in actions:
            return DONE
        first = next(iter(joins(state, actions)), None)
        if first is not None:
            return first
        for verb in ("roll", "accept"):
            found = [a for a in actions if a[0] == verb]
            if found:
                return found[0]
        return rng.choice(picker, [a for a in actions if a[0] != "cancel"] or actions)

    luck_unit = "in battle results: a defender eliminated 3, an exchange 0.3"

    def luck(self, spec, before, event):
        """An attack's result against the chances the rules' preview gives it (BFA-CBT-14), in the
        basic player's result worth (an eliminated defender 3, an exchange 0.3, ...): the
        attacker's luck, and the defender's opposite."""
        if event.get("kind") != "battle" or not event.get("attackers"):
            return {}
        odds = bfa.battle_preview(before, event["target"], event["attackers"], event["side"])["chances"]
        got = RESULT_WORTH.get(event["result"], 0.0) - expected(odds)
        other = next(s for s in spec.sides if s != event["side"])
        return {event["side"]: got, other: -got}

    def evaluate(self, spec, state):
        """Each side's chance of winning, a draw as half a win (game/ai/armageddon_value.py)."""
        return chances(state, self.supply, self.hunting)


class ImperialKnowledge(ArmageddonKnowledge):
    """The Imperium's seat: the same knowledge, its worth seeing supply (BFA-SUP-9) and the hunt
    for Ghazghkull (BFA-VIC-4)."""

    supply = True
    hunting = True


def joins(state: dict, actions: list) -> list:
    """The stacks that may still join the attack being declared, as actions: none chosen yet,
    the first of the group (one Ork tribe, BFA-CBT-9) whose attack does best leads; a stack already
    chosen is never offered again (its ``area`` would take it back out, and a search or playout
    that may do so toggles it in and out and never rolls)."""
    battle = bfa.current_battle(state)
    if battle is None or battle.get("stage") != "declare":
        return []
    chosen = set(battle.get("from", ()))
    fresh = [a for a in actions if a[0] == "area" and a[1] not in chosen]
    if chosen or len(fresh) < 2:
        return fresh
    groups: dict = {}
    for a in fresh:
        groups.setdefault(_tribe_in(state, a[1], battle["side"]), []).append(a)
    if len(groups) < 2:
        return fresh
    best = max(groups.values(), key=lambda g: _attack_worth(state, battle, g))
    return best + [a for a in fresh if a not in best]


def _tribe_in(state: dict, area: str, side: str):
    """The tribe of ``side``'s fighting counters in ``area`` (None for the Imperium)."""
    cs = bfa.counters()
    return next((cs[c].get("tribe") for c in bfa.occupancy(state).get(area, ())
                 if cs[c]["side"] == side and cs[c]["attack"] > 0), None)


def _attack_worth(state: dict, battle: dict, group: list) -> float:
    """What an attack by these stacks is worth to the attacker, as the basic player reckons it."""
    return expected(bfa.battle_preview(state, battle["target"], [a[1] for a in group], battle["side"])["chances"])


def _fighting(state: dict, actions: list) -> tuple:
    """(first, order) at an attack's declaration: the next stack to join while any may, else the
    roll, cards after it; calling the attack off is never offered (the choice was to attack)."""
    fresh = joins(state, actions)
    if fresh:
        return fresh[0], fresh[:1]
    rest = [a for a in actions if a[0] not in ("area", "cancel", "roll")]
    return ROLL, [ROLL] + rest


def _into_ruins(state: dict, actions: list):
    """An advance into a hive the attack left in ruins with none of the attacker's counters in
    it yet (a ruin counts for the side whose counter stands in it, BFA-VIC-3, -5), or None."""
    advances = [a for a in actions if a[0] == "advance"]
    battle = bfa.current_battle(state) if advances else None
    if battle is None or battle.get("target") not in bfa.board_of(state).hives:
        return None
    side = battle.get("side")
    if any(bfa.counters()[c]["side"] == side for c in bfa.occupancy(state).get(battle["target"], ())):
        return None
    return advances[0]


HUNTING_PLAN = (("movement", "combat"), ("combat", "movement"))      # the phases of the cards, in order


def _hunting_plan(state: dict, actions: list):
    """The Imperium's strategy cards in the last turn with Ghazghkull on the map, else None: move
    then fight (Advance), and fight again (Counter-Attack), for a draw is all that waits if he
    lives (BFA-VIC-4, -7); the basic player's build-then-move opening moves nothing into a blow."""
    if ghazghkull_gone(state) or bfa.turn(state) != bfa.LAST_TURN:
        return None
    for phases in HUNTING_PLAN:
        for a in actions:
            if a[0] == "card" and tuple(bfa.phases_of(a[1])) == phases:
                return a
    return None


def _needed(state: dict, battle: dict, chosen: set, fresh: list) -> list:
    """The stacks the blow on Ghazghkull needs: the rest, whose joining changes none of its chances,
    are kept back to strike where he retreats to, where his stack is destroyed by any blow that
    drives it out again (BFA-RET-6, -8); those next to more of the areas he may retreat into first."""
    target, side = battle["target"], battle["side"]
    everyone = set(chosen) | {a[1] for a in fresh}
    best = bfa.battle_preview(state, target, sorted(everyone), side)["chances"]
    board, stacks = bfa.board_of(state), bfa.occupancy(state)
    refuges = [a for a in board.land_adj[target]
               if not any(bfa.counters()[c]["side"] == side for c in stacks.get(a, ()))]
    kept = set()
    for a in sorted(fresh, key=lambda a: (-sum(r in board.land_adj[a[1]] for r in refuges), a[1])):
        rest = sorted(everyone - kept - {a[1]})
        if rest and bfa.battle_preview(state, target, rest, side)["chances"] == best:
            kept.add(a[1])
    return [a for a in fresh if a[1] not in kept]


def _final_blow(spec, state: dict, side: str) -> bool:
    """Whether this is ``side``'s last combat phase of the game (its second card, no combat phase
    after this one) with Ghazghkull on the map, and no Ork segment follows or the Orks hold fewer
    than two hives (the two or more they still need for three are not captured in one segment,
    BFA-VIC-2, -3)."""
    if bfa.turn(state) != bfa.LAST_TURN or ghazghkull_gone(state) or bfa.face_down(state, side):
        return False
    segment = spec.view(state, side).get("segment") or {}
    card = segment.get("card")
    if segment.get("side") != side or (card and segment.get("step") == 1 and bfa.phases_of(card)[1] == "combat"):
        return False
    return segment.get("n") == 4 or sum(held == "ork" for held in bfa.hive_status(state).values()) < 2


MUSTER = 3          # the odds the Orks gather toward beside a hive: 3-1


def _muster(state: dict, actions: list):
    """A move that brings a unit of a tribe next to a hive the Orks have not captured, where that
    tribe's attack beside it is short of 3-1 against the hive's defence and the tribe's units that
    can come this phase would reach it; the hive needing the least first, the strongest unit first.
    One tribe attacks at a time (BFA-CBT-9) and a hive's area takes -2 on the die, so 2-1 drives
    the defenders out on a 6 alone and 3-1 on a 5 or 6; the basic player's moves, which lead the
    Orks' search, see no odds column, and traced Ork draws stood at 2-1 beside two hives for turns."""
    moves = [a for a in actions if a[0] == "move" and a[1] in UNITS]
    if not moves:
        return None
    board, stacks = bfa.board_of(state), bfa.occupancy(state)
    ruins = set(bfa.ruined(state))
    status = bfa.hive_status(state)
    held = {h for h, s in status.items() if s == "ork"}
    here = {a[1]: bfa.place(state, a[1]) for a in moves}      # each unit's area, read once
    best = None
    for hive, owner in status.items():
        if owner == "ork":
            continue
        beside = set(board.land_adj[hive])
        goal = MUSTER * hive_defence(stacks.get(hive, ()), ruins, set())
        there = _tribes_beside(stacks, beside)
        for tribe, units in _coming(moves, here, beside, stacks, held).items():
            short = goal - there.get(tribe, 0)
            if short <= 0 or sum(UNITS[cid][1] for cid in units) < short:
                continue
            if best is None or short < best[0]:
                best = (short, max(units.values(), key=lambda a: (UNITS[a[1]][1], a)))
    return best[1] if best else None


def _tribes_beside(stacks: dict, beside: set) -> dict:
    """Each Ork tribe's attack standing in the areas next to a hive (BFA-CBT-9: one tribe a blow)."""
    there: dict = {}
    for area in beside:
        for c in stacks.get(area, ()):
            if c in UNITS and UNITS[c][0] == "ork":
                there[UNITS[c][4]] = there.get(UNITS[c][4], 0) + UNITS[c][1]
    return there


def _coming(moves: list, here: dict, beside: set, stacks: dict, held: set) -> dict:
    """The units of each tribe that can come next to a hive this phase, each with the first such
    move the rules list (their order is fixed, so a game replays): not a unit already beside it,
    nor one holding a hive the Orks have captured (``held``), nor into an area where it would not
    fit; ``here`` is each unit's area."""
    coming: dict = {}
    for a in moves:
        cid, dest = a[1], a[2]
        if dest in beside and here[cid] not in beside and here[cid] not in held \
                and _room(stacks, dest, UNITS[cid][4]):
            coming.setdefault(UNITS[cid][4], {}).setdefault(cid, a)
    return coming


def _room(stacks: dict, area: str, tribe: str) -> bool:
    """Whether one more unit of ``tribe`` fits an area: no other tribe, no Imperial counter, and under
    the stacking limit (BFA-STK-2, BFA-CBT-9)."""
    units = [UNITS.get(c) for c in stacks.get(area, ())]
    if any(u is None or u[0] != "ork" or u[4] != tribe for u in units):
        return False
    return sum(1 for u in units if u[5]) < LIMIT


def _quarry(state: dict) -> list:
    """Where the hunt strikes: Ghazghkull's area while he is on the map, else the hives the Orks hold."""
    if ghazghkull_gone(state):
        return [hive for hive, held in bfa.hive_status(state).items() if held == "ork"]
    area = bfa.place(state, GHAZGHKULL)
    return [area] if area in bfa.occupancy(state) else []


def _last_word(spec, state: dict, side: str) -> bool:
    """Whether ``side`` carries out the fourth action segment now: only the Victory segment
    follows it in the turn (BFA-SEQ-2, -7), so nothing the Orks do can answer a blow."""
    segment = spec.view(state, side).get("segment") or {}
    return segment.get("n") == 4 and segment.get("side") == side


def _driven_out(preview: dict | None) -> float:
    """The chance that an attack leaves no defender where it stood (a result in FORCED)."""
    return sum((preview or {}).get("chances", {}).get(r, 0.0) for r in FORCED)


KNOWLEDGE = ArmageddonKnowledge()
IMPERIAL = ImperialKnowledge()
