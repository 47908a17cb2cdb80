"""A bot that picks uniformly among the legal actions: a sparring partner, not a player."""
from __future__ import annotations

from game.core import rng
from game.core.contract import GameSpec


class SeededBot:
    """What every bot shares: the game's spec and a generator of its own, seeded (replays exactly)."""

    label = "seeded"

    def __init__(self, spec: GameSpec, seed: int = 0):
        self.spec = spec
        self._rng: dict = {}
        rng.init(self._rng, seed)

    def legal(self, state: dict, player: str) -> list:
        """The legal actions now; a bot asked to move with none has been called out of turn."""
        actions = self.spec.legal_actions(state)
        if not actions:
            raise ValueError(f"{player} has no legal action to choose from")
        return actions


class RandomBot(SeededBot):
    """Chooses a random legal action with its own seeded generator."""

    label = "random"

    def choose(self, state: dict, player: str):
        """Pick one of the legal actions for ``player``."""
        return rng.choice(self._rng, self.legal(state, player))
