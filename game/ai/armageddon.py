"""A basic Battle for Armageddon player: rules of thumb and a one-action look-ahead.

It sees only its side's view: before it looks ahead it deals a world (game/ai/worlds.py) in
which the other side's special cards, deck and unrevealed strategy cards are refilled from
what it has not seen, and the dice to come are its own. It sets up with the standard set-up;
chooses strategy cards by the situation (the Orks attack early, the Imperium builds);
moves one counter at a time while a move raises its score (Orks close on the hives not yet
taken, the Imperium garrisons threatened hives, nobody over-stacks); attacks where its
adjacent stacks reach good odds, with every stack that may join; builds every point; and
for every other choice (losses, retreats, advances, removals, card offers) takes the action
whose result scores best over a few worlds.
"""
from __future__ import annotations

from game.ai import worlds as possible
from game.ai.random_bot import SeededBot
from game.core import rng
from game.core.contract import GameSpec
from game.rules import armageddon as bfa

WIN = 100000.0
WORLDS = 3                 # worlds dealt for a choice whose outcome depends on dice
GOOD_ODDS = 2.0            # without a battle preview: attack at 2-1 or better (3-1 into industry)
# What each combat result is worth to the attacker (only the order and rough size matter).
RESULT_WORTH = {"DE": 3.0, "DL": 2.0, "DR": 1.0, "EX": 0.3, "NE": -0.2, "AR": -1.0, "AE": -3.0}
PRESSURE = 0.5           # what each point of one tribe's attack next to a hive is worth to the Orks
GOOD_ATTACK = 0.9          # the expected worth an attack needs (less into a hive for the Orks)
BUILDING = ("buy", "rebuild", "place")


def expected(chances: dict) -> float:
    """What a battle's chance of each result is worth to the attacker, in RESULT_WORTH."""
    return sum(p * RESULT_WORTH.get(r, 0.0) for r, p in chances.items())


_DIST: dict = {}


def distances(state: dict) -> dict:
    """Land area -> {land area: areas apart}, worked out once per board."""
    board = bfa.board_of(state)
    found = _DIST.get(board.serial)
    if found is None:
        found = _DIST[board.serial] = {a: _flood(board, a) for a in board.land}
    return found


def _flood(board, start: str) -> dict:
    seen, frontier, d = {start: 0}, [start], 0
    while frontier:
        d += 1
        nxt = []
        for a in frontier:
            for b in board.land_adj[a]:
                if b not in seen:
                    seen[b] = d
                    nxt.append(b)
        frontier = nxt
    return seen


# ---------------------------------------------------------------- what a position is worth
def targets(state: dict) -> tuple:
    """The hives the Orks have not captured: where their counters are drawn."""
    return tuple(a for a, s in bfa.hive_status(state).items() if s != "ork") or tuple(bfa.hive_status(state))


def score(state: dict, side: str, aims: tuple | None = None) -> float:
    """How good a position is for ``side`` (the Imperial view, turned for the Orks).

    ``aims`` are the hives the Orks are drawn to, fixed by the position a choice is made in
    (so taking a hive is never scored as walking away from it).
    """
    res = bfa.SPEC.result(state)
    if res is not None:
        value = 0.0 if res.winner is None else (WIN if res.winner == "imperial" else -WIN)
    else:
        value = _imperial_value(state, aims or targets(state), side)
    return value if side == "imperial" else -value


def _imperial_value(state: dict, aims: tuple, player: str = "imperial") -> float:
    cs = bfa.counters()
    board = bfa.board_of(state)
    near = _nearest(state, aims)
    status = bfa.hive_status(state)
    value = 0.0
    ork_attack: dict = {}
    stacks = bfa.occupancy(state)
    crowded = []                            # (area, side) where a side has two counters or more
    for area, pile in stacks.items():
        if len(pile) > 1:                   # one counter alone never breaks a stacking rule
            n = {"imperial": 0, "ork": 0}
            for cid in pile:
                n[_WORTH[cid][0]] += 1
            crowded += [(area, s) for s, k in n.items() if k > 1]
        for cid in pile:
            side, worth, attack, piece = _WORTH[cid]
            if not piece:
                continue
            if side == "imperial":
                value += worth
            else:
                value -= worth
                ork_attack[area] = ork_attack.get(area, 0) + attack
                value += 3.0 * near.get(area, 0.0)
    for area, s in status.items():
        value += {"imperial": 30, "ork": -80, None: -10}[s]
        guard = sum(cs[c]["defence"] for c in stacks.get(area, ()) if cs[c]["side"] == "imperial")
        if player == "imperial":             # a hive's guard counts as far as Orks threaten it
            value += min(guard, sum(ork_attack.get(b, 0) for b in board.land_adj[area])) * 0.8
        elif area in aims:                   # the Orks mass one tribe around a hive to take it
            value -= PRESSURE * min(_massed(cs, stacks, board.land_adj[area]), 2 * guard + 6)
    value += 2 * bfa.build_points(state)
    boxes = bfa.by_box(state)
    for box in _TRACK:
        value += 0.8 * sum(_WORTH[c][1] for c in boxes[box])
    value -= 25 * sum((1 if s == "imperial" else -1) for a, s in crowded if bfa.stack_problem(state, a, s))
    for side, sign in (("imperial", 1), ("ork", -1)):
        for area in bfa.cut_off(state, side):        # units out of supply will be lost
            value -= sign * 0.7 * sum(_WORTH[c][1] for c in stacks.get(area, ()) if cs[c]["side"] == side)
    return value


def _massed(cs: dict, stacks: dict, around) -> int:
    """The attack one Ork tribe has next to an area (only one tribe may attack together, BFA-CBT-9)."""
    by_tribe: dict = {}
    for b in around:
        for c in stacks.get(b, ()):
            t = cs[c].get("tribe")
            if t:
                by_tribe[t] = by_tribe.get(t, 0) + cs[c]["attack"]
    return max(by_tribe.values(), default=0)


def _worth(c: dict) -> tuple:
    """(side, attack + defence (+12 for Ghazghkull), attack, whether it is a piece that fights)."""
    piece = c["type"] not in ("hive", "factory", "fortification", "marker")
    return (c["side"], c["attack"] + c["defence"] + (12 if c["type"] == "ghazghkull" else 0), c["attack"], piece)


_WORTH = {cid: _worth(c) for cid, c in bfa.counters().items()}
_TRACK = ("Ready",) + tuple(b for b in bfa.BOXES if b.startswith("Production"))
_NEAR: dict = {}


def _nearest(state: dict, aims: tuple) -> dict:
    """Land area -> areas apart from the nearest of ``aims`` (9 when none is reached), once per board and aims."""
    board = bfa.board_of(state)
    key = (board.serial, aims)
    found = _NEAR.get(key)
    if found is None:
        dist = distances(state)
        if len(_NEAR) > 256:
            _NEAR.clear()
        found = _NEAR[key] = {a: min(d.get(h, 9) for h in aims) for a, d in dist.items()}
    return found


# ---------------------------------------------------------------- the player
class ArmageddonBot(SeededBot):
    """Rules of thumb per step; a look-ahead over dealt worlds for the rest."""

    label = "basic"

    def __init__(self, spec: GameSpec, seed: int = 0):
        super().__init__(spec, seed)

    def choose(self, state: dict, player: str):
        """The action this player takes now."""
        actions = self.legal(state, player)
        if len(actions) == 1:
            return actions[0]
        verbs = {a[0] for a in actions}
        if ("standard",) in actions:
            return ("standard",)
        step = bfa.frame(state).get("step")
        if step == "strategy":
            return self._strategy(state, player, actions)
        if "move" in verbs:
            return self._move(state, player, actions)
        if "attack" in verbs:
            return self._attack(state, player, actions)
        return self._best(state, player, actions)

    # -- strategy ------------------------------------------------------------------
    def _strategy(self, state: dict, player: str, actions: list):
        """Orks: fight early and often; Imperium: build while it has points, fight when pressed."""
        if player == "ork" and self._hive_in_reach(state):
            want = [("movement", "combat"), ("combat", "movement"), ("combat", "combat"),
                    ("movement", "build"), ("build", "combat"), ("movement", "movement")]
        elif player == "ork":
            want = [("movement", "combat"), ("movement", "movement"), ("combat", "movement"),
                    ("movement", "build"), ("combat", "combat"), ("build", "combat")]
        elif self.spec.view(state, player)["turn"] == 1:
            want = [("build", "combat"), ("movement", "build"), ("build", "movement"),
                    ("combat", "movement"), ("movement", "combat"), ("combat", "combat")]
        else:
            want = [("build", "movement"), ("combat", "movement"), ("movement", "build"),
                    ("build", "combat"), ("movement", "combat"), ("combat", "combat")]
        for phases in want:
            for a in actions:
                if tuple(bfa.phases_of(a[1])) == phases:
                    return a
        return actions[0]

    def _hive_in_reach(self, state: dict) -> bool:
        """Whether an Ork stack stands next to a hive not yet captured."""
        board, stacks = bfa.board_of(state), bfa.occupancy(state)
        cs = bfa.counters()
        open_hives = [a for a, s in bfa.hive_status(state).items() if s != "ork"]
        return any(cs[c]["side"] == "ork" for h in open_hives for b in board.land_adj[h]
                   for c in stacks.get(b, ()))

    # -- movement ------------------------------------------------------------------
    def _move(self, state: dict, player: str, actions: list):
        """The move that raises the score most (no dice: the state is looked at once), or done."""
        aims = targets(state)
        base = score(state, player, aims)
        best, pick = 0.5, None
        for a in actions:
            if a[0] != "move":
                continue
            gain = score(self.spec.apply(state, a), player, aims) - base
            if gain > best:
                best, pick = gain, a
        if pick is not None:
            return pick
        return ("done",) if ("done",) in actions else actions[0]

    # -- combat --------------------------------------------------------------------
    def _attack(self, state: dict, player: str, actions: list):
        """Attack where the stacks that may join reach the best expected result, if good enough."""
        best, pick = GOOD_ATTACK, None
        for a in actions:
            if a[0] == "attack":
                worth = self._attack_worth(state, player, a[1])
                if worth > best:
                    best, pick = worth, a
        if pick is not None:
            return pick
        return ("done",) if ("done",) in actions else self._best(state, player, actions)

    def _attack_worth(self, state: dict, player: str, target: str) -> float:
        """The expected worth of attacking ``target`` with every adjacent stack (one tribe for the Orks)."""
        board = bfa.board_of(state)
        stacks = bfa.occupancy(state)
        cs = bfa.counters()
        groups: dict = {}
        for area in board.land_adj[target]:
            units = [c for c in stacks.get(area, ()) if cs[c]["side"] == player and cs[c]["attack"] > 0]
            if units:
                groups.setdefault(cs[units[0]].get("tribe"), []).append(area)
        worth = -WIN
        bonus = 1.5 if player == "ork" and target in board.hives else 0.0
        for areas in groups.values():
            if hasattr(bfa, "battle_preview"):
                chances = bfa.battle_preview(state, target, areas, player)["chances"]
                value = expected(chances)
            else:
                attack = sum(cs[c]["attack"] for a in areas for c in stacks[a] if cs[c]["side"] == player)
                defence = sum(cs[c]["defence"] for c in stacks.get(target, ()) if cs[c]["side"] != player)
                value = attack / max(defence, 1) - GOOD_ODDS + GOOD_ATTACK
            worth = max(worth, value + bonus)
        return worth

    # -- everything else -------------------------------------------------------------
    def _declare(self, state: dict, player: str, actions: list):
        """Every stack that may join the attack joins it, a card that fits is played, then roll."""
        battle = bfa.current_battle(state) if hasattr(bfa, "current_battle") else None
        chosen = set((battle or {}).get("from", ()))
        for a in actions:
            if a[0] == "area" and a[1] not in chosen:
                return a
        cards = [a for a in actions if a[0] == "card"]
        return cards[0] if cards else ("roll",)

    def _best(self, state: dict, player: str, actions: list):
        """The action whose result scores best over a few dealt worlds (building before Done)."""
        verbs = {a[0] for a in actions}
        if "roll" in verbs:
            return self._declare(state, player, actions)
        if verbs & set(BUILDING) and ("done",) in actions:
            actions = [a for a in actions if a != ("done",)]   # build every point (issue 11)
        worlds = [self.world(state, player) for _ in range(WORLDS)]
        aims = targets(state)
        best, choices = None, []
        for a in actions:
            value = sum(score(self.spec.apply(w, a), player, aims) for w in worlds) / len(worlds)
            if best is None or value > best + 1e-9:
                best, choices = value, [a]
            elif abs(value - best) <= 1e-9:
                choices.append(a)
        return rng.choice(self._rng, choices)

    def world(self, state: dict, player: str) -> dict:
        """A copy of ``state`` with what ``player`` cannot see dealt afresh, and dice of the bot's own."""
        foe = bfa.other(player)
        view = self.spec.view(state, player)
        mine = {c["id"] for c in bfa.special_cards(foe)}
        hidden = possible.unseen(mine, view["discards"][foe])
        world = possible.deal(state, self._rng, hidden,
                              [(("hands", foe), view["hands"][foe]), (("decks", foe), view["decks"][foe])])
        rest = [c["id"] for c in bfa.strategy_cards(foe) if c["id"] not in view["revealed"][foe]]
        return possible.deal(world, self._rng, rest, [(("plan", foe), bfa.face_down(state, foe))],
                             copy=lambda w: w)
