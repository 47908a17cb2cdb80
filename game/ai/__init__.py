"""Computer players. A bot sees only the contract: ``choose(state, player) -> action``."""
from __future__ import annotations

from .random_bot import RandomBot

# name -> (label shown in the menu, factory(spec, seed) -> bot)
BOTS = {
    "random": ("Computer (random moves)", lambda spec, seed=0: RandomBot(spec, seed)),
}
