"""The registry of games: each game package registers one GameSpec here."""
from __future__ import annotations

import importlib
import importlib.util

from game.core.contract import GameSpec

GAMES: dict[str, GameSpec] = {}

# Packages under game/rules, in menu order; each defines SPEC.
_GAME_PACKAGES = ("judean_hammer", "hack_sack", "armageddon", "slammers")


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (tests register their own test doubles this way)."""
    GAMES[spec.name] = spec
    return spec


def _load_shipped_games() -> None:
    # Asked of the import system, not the disk: the frozen binary keeps its modules in an archive.
    # A folder without __init__.py (a game still being built) is a namespace package: origin None.
    for name in _GAME_PACKAGES:
        spec = importlib.util.find_spec(f"game.rules.{name}")
        if spec is not None and spec.origin is not None:
            module = importlib.import_module(f"game.rules.{name}")
            register(module.SPEC)


def playable_games() -> list[GameSpec]:
    """The games offered in the menu."""
    return [g for g in GAMES.values() if g.playable and not g.test_only]


_load_shipped_games()
