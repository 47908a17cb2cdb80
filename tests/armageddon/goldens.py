"""Writes the golden replays: whole games on a frozen copy of the map.

Run `python -m tests.armageddon.goldens` only when a rules change is meant to change them.
The games of ``edition-1/`` were saved before attacks into an industrial area became -2
(terrain.json's edition 2) and are never written again: they are the saves that must keep loading.
One game is random play from both seats; in the others the basic player takes one side.
"""
from __future__ import annotations

import sys
from pathlib import Path

from game.ai.armageddon import ArmageddonBot
from game.core import rng
from game.core.session import Session
from game.rules.armageddon import SPEC

HERE = Path(__file__).resolve().parents[1] / "golden" / "armageddon"
EDITION_1 = HERE / "edition-1"          # the same games saved on the terrain data's first edition
MAP = "tests/golden/armageddon/armageddon-frozen.tmx"
GAMES = ((11, None), (2024, "imperial"), (167, "ork"))     # seed, the side the basic player takes


def play_whole_game(seed: int, basic: str | None) -> Session:
    """A game from start to end: random picks seeded apart from the game's dice, the basic player on one side."""
    session = Session(SPEC, seed, options={"map": MAP})
    picker: dict = {}
    rng.init(picker, seed + 1000)
    bot = ArmageddonBot(SPEC, seed)
    while session.active() is not None:
        if session.active() == basic:
            session.apply(bot.choose(session.state, basic))
        else:
            session.apply(rng.choice(picker, session.legal_actions()))
    return session


def main() -> int:
    """Write one save file per game."""
    for seed, basic in GAMES:
        session = play_whole_game(seed, basic)
        session.save(HERE / f"game-{seed}.json")
        print(f"game-{seed}.json: {len(session.actions)} actions, {session.result().winner} wins "
              f"({session.result().reason})")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main())
