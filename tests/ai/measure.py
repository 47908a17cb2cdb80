"""Win rates of the basic bots against the random bot, and their slowest decision.

Run `python -m tests.ai.measure [games per seat]`. Not a test: it only measures.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path


def main(games: int) -> int:
    """Print, per game with a basic bot, its wins over random from every seat and its slowest decision."""
    from game.ai import basic_games
    from game.rules import GAMES

    from .play import basic_wins
    for name in basic_games():
        spec = GAMES[name]
        started = time.perf_counter()
        wins, played, slowest = basic_wins(spec, range(games))
        took = time.perf_counter() - started
        print(f"{spec.title}: basic beat random in {wins} of {played} games "
              f"({100 * wins / played:.0f}%); slowest decision {1000 * slowest:.0f} ms; "
              f"{took / played:.2f} s a game", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
