"""Balance check for the house card data: many seeded games between random and basic (greedy) players.

Run `python -m tests.judean_hammer.balance [games]`; the figures go into
docs/house-rules/judean-hammer.md. Not a test: it only measures. The greedy player is the
menu's basic bot (game/ai/judean_hammer.py), which looks ahead only over what it may see.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from game.ai.judean_hammer import JudeanHammerBot
from game.ai.match import play_match
from game.ai.random_bot import RandomBot
from game.rules.judean_hammer import SPEC

M, G = "maccabean", "greek"


def play(seed: int, players: dict) -> dict:
    """One game; ``players`` maps each side to a bot class; returns the final state."""
    bots = {side: make(SPEC, seed * 31 + 7 + i) for i, (side, make) in enumerate(sorted(players.items()))}
    return play_match(SPEC, seed, bots).state


def main(games: int) -> int:
    """Print win shares, end reasons and game lengths for each pairing."""
    greedy, uniform = JudeanHammerBot, RandomBot
    pairings = {"random v random": {M: uniform, G: uniform}, "greedy v greedy": {M: greedy, G: greedy},
                "greedy maccabean v random greek": {M: greedy, G: uniform},
                "random maccabean v greedy greek": {M: uniform, G: greedy}}
    for name, players in pairings.items():
        wins, reasons, rounds = Counter(), Counter(), []
        for seed in range(games):
            state = play(seed, players)
            wins[state["result"]["winner"]] += 1
            reasons["12 VP" if "VP" in state["result"]["reason"] else "deck"] += 1
            rounds.append(state["round"])
        print(f"{name}: maccabean {100 * wins[M] / games:.0f}%, greek {100 * wins[G] / games:.0f}%; "
              f"ends by 12 VP {reasons['12 VP']}, by deck {reasons['deck']}; "
              f"mean rounds {sum(rounds) / games:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
