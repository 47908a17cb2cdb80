"""Balance check for the house card data: many seeded games between random and greedy players.

Run `python -m tests.judean_hammer.balance [games]`; the figures go into
docs/house-rules/judean-hammer.md. Not a test: it only measures.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from game.core import rng
from game.rules.judean_hammer import SPEC
from game.rules.judean_hammer.common import region_control, board_of

M, G = "maccabean", "greek"


def _score(state: dict, side: str) -> float:
    """A plain position value: VP, regions held now, and units on the map."""
    other = G if side == M else M
    control = region_control(state, board_of(state))
    held = sum(1 for c in control.values() if c == side) - sum(1 for c in control.values() if c == other)
    units = sum(state["units"][side].values()) - sum(state["units"][other].values())
    return 3 * (state["vp"][side] - state["vp"][other]) + 2 * held + 0.3 * units


def greedy(state: dict, picker: dict):
    """The action whose immediate result scores best for the player to act (ties at random)."""
    side = SPEC.active(state)
    best, choices = None, []
    for action in SPEC.legal_actions(state):
        value = _score(SPEC.apply(state, action), side)
        if best is None or value > best + 1e-9:
            best, choices = value, [action]
        elif abs(value - best) <= 1e-9:
            choices.append(action)
    return rng.choice(picker, choices)


def uniform(state: dict, picker: dict):
    """Any legal action."""
    return rng.choice(picker, SPEC.legal_actions(state))


def play(seed: int, players: dict) -> dict:
    """One game; returns the final state."""
    state = SPEC.setup(seed)
    picker: dict = {}
    rng.init(picker, seed * 31 + 7)
    while SPEC.active(state) is not None:
        state = SPEC.apply(state, players[SPEC.active(state)](state, picker))
    return state


def main(games: int) -> int:
    """Print win shares, end reasons and game lengths for each pairing."""
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
              f"mean rounds {sum(rounds) / games:.1f}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
