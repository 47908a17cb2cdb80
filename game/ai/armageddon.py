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
from game.core import rng
from game.core.contract import GameSpec
from game.rules import armageddon as bfa

WIN = 100000.0
WORLDS = 3                 # worlds dealt for a choice whose outcome depends on dice
GOOD_ODDS = 2.0            # attack at 2-1 or better (3-1 against an industrial area)
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
def score(state: dict, side: str) -> float:
    """How good a position is for ``side`` (the Imperial view, turned for the Orks)."""
    res = bfa.SPEC.result(state)
    if res is not None:
        value = 0.0 if res.winner is None else (WIN if res.winner == "imperial" else -WIN)
    else:
        value = _imperial_value(state)
    return value if side == "imperial" else -value


def _imperial_value(state: dict) -> float:
    cs = bfa.counters()
    board = bfa.board_of(state)
    dist = distances(state)
    status = bfa.hive_status(state)
    open_hives = [a for a, s in status.items() if s != "ork"]
    value = 0.0
    strength = {"imperial": {}, "ork": {}}
    stacks = bfa.occupancy(state)
    for area, pile in stacks.items():
        for cid in pile:
            c = cs[cid]
            if c["type"] in ("hive", "factory", "fortification", "marker"):
                continue
            worth = c["attack"] + c["defence"] + (12 if c["type"] == "ghazghkull" else 0)
            value += worth if c["side"] == "imperial" else -worth
            strength[c["side"]][area] = strength[c["side"]].get(area, 0) + c["attack"]
            if c["side"] == "ork" and open_hives and area in dist:
                value += 1.5 * min(dist[area].get(h, 9) for h in open_hives)
    for area, s in status.items():
        value += {"imperial": 30, "ork": -80, None: -10}[s]
        threat = sum(strength["ork"].get(b, 0) for b in board.land_adj[area])
        guard = sum(cs[c]["defence"] for c in stacks.get(area, ()) if cs[c]["side"] == "imperial")
        value += min(guard, threat) * 0.8
    value += 2 * bfa.build_points(state)
    for side, sign in (("imperial", 1), ("ork", -1)):
        value -= sign * 25 * sum(1 for a in stacks if bfa.stack_problem(state, a, side))
    return value


# ---------------------------------------------------------------- the player
class ArmageddonBot:
    """Rules of thumb per step; a look-ahead over dealt worlds for the rest."""

    label = "basic"

    def __init__(self, spec: GameSpec, seed: int = 0):
        self.spec = spec
        self._rng: dict = {}
        rng.init(self._rng, seed)

    def choose(self, state: dict, player: str):
        """The action this player takes now."""
        actions = self.spec.legal_actions(state)
        if not actions:
            raise ValueError(f"{player} has no legal action to choose from")
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
        if player == "ork":
            want = [("movement", "combat"), ("combat", "combat"), ("combat", "movement"),
                    ("movement", "build"), ("build", "combat"), ("movement", "movement")]
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

    # -- movement ------------------------------------------------------------------
    def _move(self, state: dict, player: str, actions: list):
        """The move that raises the score most (no dice: the state is looked at once), or done."""
        base = score(state, player)
        best, pick = 0.5, None
        for a in actions:
            if a[0] != "move":
                continue
            gain = score(self.spec.apply(state, a), player) - base
            if gain > best:
                best, pick = gain, a
        if pick is not None:
            return pick
        return ("done",) if ("done",) in actions else actions[0]

    # -- combat --------------------------------------------------------------------
    def _attack(self, state: dict, player: str, actions: list):
        """Attack the target where every stack that may join reaches the best odds, if good enough."""
        board = bfa.board_of(state)
        cs = bfa.counters()
        stacks, ruins = bfa.occupancy(state), bfa.ruined(state)
        best, pick = 0.0, None
        for a in actions:
            if a[0] != "attack":
                continue
            target = a[1]
            defence = sum(cs[c]["defence"] for c in stacks.get(target, ()) if cs[c]["side"] != player
                          and c not in ruins)
            attack = sum(cs[c]["attack"] for b in board.land_adj[target] for c in stacks.get(b, ())
                         if cs[c]["side"] == player)
            ratio = attack / max(defence, 1)
            need = GOOD_ODDS + (1.0 if target in board.industrial else 0.0)
            if ratio >= need and ratio > best:
                best, pick = ratio, a
        if pick is not None:
            return pick
        return ("done",) if ("done",) in actions else self._best(state, player, actions)

    # -- everything else -------------------------------------------------------------
    def _best(self, state: dict, player: str, actions: list):
        """The action whose result scores best over a few dealt worlds."""
        if "area" in {a[0] for a in actions} and ("roll",) in actions:
            joins = [a for a in actions if a[0] == "area"]
            return joins[0] if joins else ("roll",)          # every stack that may join, then roll
        worlds = [self.world(state, player) for _ in range(WORLDS)]
        best, choices = None, []
        for a in actions:
            value = sum(score(self.spec.apply(w, a), player) for w in worlds) / len(worlds)
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
