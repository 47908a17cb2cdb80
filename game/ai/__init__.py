"""Computer players. A bot sees only the contract: ``choose(state, player) -> action``.

The random player plays every game. The *basic* bot (Easy) is registered by its game: a
GameSpec's ``bots`` maps a bot's name (as stored in a save's seats) to "module:Class",
imported when a seat first needs it, so adding a game's bot touches nothing here. *normal*
and *hard* are the search player (game/ai/search.py) at two budgets; they play every game
that registers its ``knowledge`` (evaluation and move order, game/ai/knowledge.py).
"""
from __future__ import annotations

import importlib
from typing import Callable, NamedTuple

from .random_bot import RandomBot


class Bot(NamedTuple):
    """A menu entry: its label, factory(spec, seed) -> bot, and the games it plays (None: every game)."""

    label: str
    make: Callable
    games: tuple | None = None


# Menu labels of the bot names a game may register.
LABELS = {"random": "Computer (random moves)", "basic": "Computer (easy)",
          "normal": "Computer (normal)", "hard": "Computer (hard)"}
SEARCHED = ("normal", "hard")       # the strengths the search player plays


def _games():
    from game.rules import GAMES
    return GAMES


def bot_class(spec, name: str):
    """The class a game registered as its bot called ``name``."""
    module, _, cls = spec.bots[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def _maker(name: str) -> Callable:
    return lambda spec, seed=0: bot_class(spec, name)(spec, seed)


def _searcher(strength: str) -> Callable:
    def make(spec, seed=0):
        from .search import SearchBot
        return SearchBot(spec, seed, strength=strength)
    return make


def registered(game: str) -> dict:
    """{bot name: "module:Class"} for one game, as its GameSpec registers them."""
    spec = _games().get(game)
    return dict(spec.bots) if spec is not None else {}


# name (stored in a save's seats) -> Bot. The names are the strengths a seat may be given;
# which class plays a strength is each game's own choice, registered in its GameSpec.
BOTS = {"random": Bot(LABELS["random"], lambda spec, seed=0: RandomBot(spec, seed)),
        "basic": Bot(LABELS["basic"], _maker("basic")),
        "normal": Bot(LABELS["normal"], _searcher("normal")),
        "hard": Bot(LABELS["hard"], _searcher("hard"))}


def basic_games() -> list:
    """The names of the games that register a basic bot."""
    return [name for name, spec in _games().items() if "basic" in spec.bots]


def plays(name: str, game: str) -> bool:
    """True when the bot registered as ``name`` can play the game called ``game``."""
    if name == "random":
        return True
    if name in SEARCHED:
        spec = _games().get(game)
        return spec is not None and bool(getattr(spec, "knowledge", None))
    return name in registered(game)
