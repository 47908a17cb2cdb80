"""Writes the golden replays: whole random games on a frozen copy of the map.

Run `python -m tests.judean_hammer.goldens` only when a rules change is meant to change them.
"""
from __future__ import annotations

import sys
from pathlib import Path

from game.core import rng
from game.core.session import Session
from game.rules.judean_hammer import SPEC

HERE = Path(__file__).resolve().parents[1] / "golden" / "judean_hammer"
MAP = "tests/golden/judean_hammer/judea-frozen.tmx"
SEEDS = (11, 2024, 167)


def play_whole_game(seed: int) -> Session:
    """A random game from start to end, its picks seeded apart from the game's own dice."""
    session = Session(SPEC, seed, options={"map": MAP})
    picker: dict = {}
    rng.init(picker, seed + 1000)
    while session.active() is not None:
        session.apply(rng.choice(picker, session.legal_actions()))
    return session


def main() -> int:
    """Write one save file per seed."""
    for seed in SEEDS:
        session = play_whole_game(seed)
        session.save(HERE / f"game-{seed}.json")
        print(f"game-{seed}.json: {len(session.actions)} actions, {session.result().winner} wins")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main())
