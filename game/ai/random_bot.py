"""A bot that picks uniformly among the legal actions: a sparring partner, not a player."""
from __future__ import annotations

from game.core import rng
from game.core.contract import GameSpec


class RandomBot:
    """Chooses a random legal action with its own seeded generator."""

    label = "random"

    def __init__(self, spec: GameSpec, seed: int = 0):
        self.spec = spec
        self._rng: dict = {}
        rng.init(self._rng, seed)

    def choose(self, state: dict, player: str):
        """Pick one of the legal actions for ``player``."""
        actions = self.spec.legal_actions(state)
        if not actions:
            raise ValueError(f"{player} has no legal action to choose from")
        return rng.choice(self._rng, actions)
