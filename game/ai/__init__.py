"""Computer players. A bot sees only the contract: ``choose(state, player) -> action``."""
from __future__ import annotations

from typing import Callable, NamedTuple

from .hack_sack import HackSackBot
from .judean_hammer import JudeanHammerBot
from .random_bot import RandomBot


class Bot(NamedTuple):
    """A menu entry: its label, factory(spec, seed) -> bot, and the games it plays (None: every game)."""

    label: str
    make: Callable
    games: tuple | None = None


# The basic bot of each game that has one, by GameSpec.name.
BASIC = {"hack_sack": HackSackBot, "judean_hammer": JudeanHammerBot}

# name (stored in a save's seats) -> Bot
BOTS = {
    "random": Bot("Computer (random moves)", lambda spec, seed=0: RandomBot(spec, seed)),
    "basic": Bot("Computer (basic)", lambda spec, seed=0: BASIC[spec.name](spec, seed), tuple(BASIC)),
}


def plays(name: str, game: str) -> bool:
    """True when the bot registered as ``name`` can play the game called ``game``."""
    bot = BOTS.get(name)
    return bot is not None and (bot.games is None or game in bot.games)
