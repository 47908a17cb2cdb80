"""What the search player knows of one game: the per-game hook behind ``GameSpec.knowledge``.

The search (game/ai/search.py) works on any game through the contract alone. A game makes
it strong by registering a ``Knowledge`` (``GameSpec.knowledge = "module:OBJECT"``) that
overrides any of these hooks; a game that registers none is searched with the defaults
below (dice to come redrawn, every legal action alike, random playouts, a finished game
scored by its result). A game with hidden information must override ``determinise``.
"""
from __future__ import annotations

import importlib
import math

from game.core import rng


class Knowledge:
    """The defaults: correct for a game without hidden information, and blind."""

    # Iterations per decision for each strength (a count, not a time, so games replay exactly).
    budgets = {"normal": 120, "hard": 500}
    # The wall-clock cap of each strength, in seconds, once ``floor`` of the budget is done.
    seconds = {"normal": 0.6, "hard": 1.6}
    floor = 0.25
    cutoff = 30            # playout actions after the tree before the leaf is evaluated
    widen = 12             # children a node may grow before its visits earn more (progressive widening)

    def at_strength(self, strength: str) -> "Knowledge":
        """The knowledge a strength plays with: the same for every strength by default (they
        differ in budget); a game whose Hard decides without a search gives Normal less."""
        return self

    def setting_up(self, spec, view: dict) -> bool:
        """Whether the sides are still setting up in the position ``view`` shows (the whole
        board's view): the review names no swing there, as the evaluation reads an empty board."""
        return False

    def seated(self, side: str) -> "Knowledge":
        """The knowledge a search for ``side`` plays with: the same for every side by default."""
        return self

    def determinise(self, spec, state: dict, side: str, picker: dict) -> dict:
        """A world ``side`` cannot tell from ``state``: here only the dice to come are the bot's."""
        world = dict(state)            # apply never changes a state, so the rest can be shared
        world["rng"] = {"seed": rng.randint(picker, 0, 2 ** 62), "draws": state["rng"]["draws"], "dice": []}
        return world

    def order(self, spec, state: dict, actions: list) -> list:
        """``[(action, prior), ...]`` best first: the actions the search considers, with a weight each.

        A game may leave out actions that are never worth trying (a flying unit's thousand
        hexes cut to the few that matter); every action returned must be legal.
        """
        share = 1.0 / len(actions)
        return [(a, share) for a in actions]

    def root_order(self, spec, state: dict, actions: list, side: str) -> list:
        """The order at the root of a decision (worked out once a decision, so it may cost more:
        a game may put its basic player's choice first here); ``order`` by default."""
        return self.order(spec, state, actions)

    def obvious(self, spec, state: dict, side: str, ordered: list, tried: set, notes: dict):
        """The move to make without a search, or None to search (the default).

        A game names one when the choices before it are alike (which of its pieces to pick
        next, when each will get its turn anyway). ``ordered`` is the root's order, ``tried``
        the moves already made from this very sight (a loop: never answer one of them again),
        ``notes`` a dict the bot keeps for the whole game, for the knowledge's own notes.
        """
        return None

    def playout(self, spec, state: dict, actions: list, picker: dict):
        """The action a quick playout takes from ``state`` (one of ``actions``)."""
        return rng.choice(picker, actions)

    def policy(self, spec, picker: dict):
        """The quick policy of one playout: ``pick(state, actions) -> action`` (``playout`` by default).

        A game whose basic player is cheap and keeps a memory within a phase returns one fresh
        player per playout here."""
        return lambda state, actions: self.playout(spec, state, actions, picker)

    def evaluate(self, spec, state: dict) -> dict:
        """{side: chance of winning in [0, 1]} for an unfinished position."""
        return {side: 0.5 for side in spec.sides}

    # What ``luck`` counts in, for the review's dice-luck line ("" when the game reads no luck).
    luck_unit = ""

    def luck(self, spec, before: dict, event: dict) -> dict:
        """{side: luck} of one structured event's dice against their expectation (the review's
        dice-luck line; positive is luckier than expected); ``before`` is the position it came from."""
        return {}

    # -- helpers the games share ----------------------------------------------------------
    @staticmethod
    def led_by(choice, ranked: list) -> list:
        """``[(action, prior)]``: ``choice`` (the basic player's) first, weighing as much as all
        the rest together, the others by rank; ``choice`` is left out when ``ranked`` lacks it."""
        if choice in ranked:
            ranked = [choice] + [a for a in ranked if a != choice]
        weights = [1.0 / (i + 2) for i in range(len(ranked))]
        if ranked and ranked[0] == choice:
            weights[0] = sum(weights[1:]) or 1.0
        total = sum(weights) or 1.0
        return [(a, w / total) for a, w in zip(ranked, weights)]

    @staticmethod
    def squash(lead: float, scale: float) -> float:
        """A lead in points turned into a winning chance (a logistic curve of width ``scale``)."""
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, lead / scale))))


def outcome(spec, state: dict) -> dict | None:
    """{side: 1, 0 or 0.5} for a finished game (allies of the winner win too), else None."""
    result = spec.result(state)
    if result is None:
        return None
    if result.winner is None:
        return {side: 0.5 for side in spec.sides}
    allies = set(spec.seated(state).team(result.winner)) | {result.winner}
    return {side: (1.0 if side in allies else 0.0) for side in spec.sides}


DEFAULT = Knowledge()


def knowledge_of(spec) -> Knowledge:
    """The Knowledge a game registered in its GameSpec, or the blind default."""
    path = getattr(spec, "knowledge", None)
    if not path:
        return DEFAULT
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
