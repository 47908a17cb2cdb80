"""Balance check for the authored Hack & Sack data: seeded games between heuristic and random players.

Run `python -m tests.hack_sack.balance [games]`; the figures go into
docs/house-rules/hack-and-sack.md. Not a test: it only measures.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from game.core import rng
from game.rules.hack_sack import SPEC

from game.ai.hack_sack import HeuristicPlayer
from game.ai.match import play_match
from .randomplay import pick

K, J = "krylon", "jerseyite"
MAX_ACTIONS = 20000


class RandomPlayer:
    """The fuzzer's random policy (a random verb, then a random action of it)."""

    def __init__(self, side: str, seed: int):
        self.picker: dict = {}
        rng.init(self.picker, seed * 7919 + (13 if side == K else 17))

    def __call__(self, state: dict):
        return pick(self.picker, SPEC.legal_actions(state))


def play(seed: int, kinds: dict) -> dict:
    """One game from seed with the given player kinds per side; returns the final state."""
    players = {side: kind(side, seed) for side, kind in kinds.items()}
    return play_match(SPEC, seed, players, max_actions=MAX_ACTIONS).state


PAIRINGS = {"heuristic v heuristic": {K: HeuristicPlayer, J: HeuristicPlayer},
            "heuristic krylon v random jerseyite": {K: HeuristicPlayer, J: RandomPlayer},
            "random krylon v heuristic jerseyite": {K: RandomPlayer, J: HeuristicPlayer}}


def main(games: int) -> int:
    """Print win shares, mean final VP, sudden deaths and seconds per game for each pairing."""
    for name, kinds in PAIRINGS.items():
        wins = {K: 0, J: 0}
        vp = {K: 0, J: 0}
        sudden, started = 0, time.perf_counter()
        for seed in range(games):
            state = play(seed, kinds)
            wins[state["result"]["winner"]] += 1
            sudden += "every city" in state["result"]["reason"]
            for side in vp:
                vp[side] += state["vp"][side]
        took = (time.perf_counter() - started) / games
        print(f"{name}: krylon {100 * wins[K] / games:.0f}%, jerseyite {100 * wins[J] / games:.0f}%; "
              f"mean VP krylon {vp[K] / games:.1f}, jerseyite {vp[J] / games:.1f}; "
              f"sudden deaths {sudden}; {took:.2f} s a game", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 50))
