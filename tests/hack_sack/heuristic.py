"""The rule-of-thumb player moved to game/ai/hack_sack.py (the menu's basic bot); kept here for the balance tool."""
from game.ai.hack_sack import HeuristicPlayer  # noqa: F401
