"""Win rates of the basic bots against the random bot, and their slowest decision.

Run `python -m tests.ai.measure [games per seat] [game] [seat] [first seed]`, e.g.
`python -m tests.ai.measure 100 armageddon`, or `python -m tests.ai.measure 50 armageddon ork 50`.
Not a test: it only measures.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path


def main(games: int, only: str | None = None, seat: str | None = None, first: int = 0) -> int:
    """Print, per game with a basic bot (or only ``only``), its wins over random from each seat (or
    ``seat``) in the games seeded ``first`` to ``first + games - 1``, and its slowest decision."""
    from game.ai import basic_games
    from game.rules import GAMES

    from .play import basic_wins
    for name in basic_games():
        if only and name != only:
            continue
        spec = GAMES[name]
        for side in [seat] if seat else spec.sides:
            started = time.perf_counter()
            wins, played, slowest = basic_wins(spec, range(first, first + games), sides=(side,))
            took = time.perf_counter() - started
            print(f"{spec.title}, basic as {spec.display_name(side)}, seeds {first}-{first + games - 1}: "
                  f"beat random in {wins} of {played} games "
                  f"({100 * wins / played:.0f}%); slowest decision {1000 * slowest:.0f} ms; "
                  f"{took / played:.2f} s a game", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    args = sys.argv[1:]
    raise SystemExit(main(int(args[0]) if args else 20, *args[1:3], *[int(a) for a in args[3:4]]))
