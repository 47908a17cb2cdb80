"""One match loop for bot measurements: whole games between players, timed per decision.

The tests, `tests/ai/measure.py` and the games' balance scripts all play through here.
A player is anything with ``choose(state, side) -> action`` (every bot in game/ai), or a
plain callable ``player(state) -> action``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

MAX_ACTIONS = 20000


@dataclass
class Match:
    """How one game between players went."""
    state: dict
    actions: int
    slowest: float          # the longest decision, in seconds
    seconds: float          # the whole game

    def winner(self, spec):
        """The winning side, or None for a draw."""
        result = spec.result(self.state)
        return result.winner if result is not None else None


def play_match(spec, seed: int, players: dict, scenario=None, options=None,
               max_actions: int = MAX_ACTIONS) -> Match:
    """Play one game from ``seed`` with a player per side to its end; raises when it never ends."""
    started = time.perf_counter()
    state = spec.setup(seed, scenario, options)
    slowest = 0.0
    for count in range(max_actions):
        side = spec.active(state)
        if side is None:
            return Match(state, count, slowest, time.perf_counter() - started)
        player = players[side]
        t0 = time.perf_counter()
        action = player.choose(state, side) if hasattr(player, "choose") else player(state)
        slowest = max(slowest, time.perf_counter() - t0)
        state = spec.apply(state, action)
    raise RuntimeError(f"{spec.name} seed {seed}: no end after {max_actions} actions")
