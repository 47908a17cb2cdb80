"""Does Battle for Armageddon's evaluation name the winner? Plays seeded games and compares.

`python tools/bfa_eval_check.py GAMES [FIRST_SEED] [SLIP]` plays GAMES games of the basic
player against itself from FIRST_SEED on (each side, with a chance of up to 2 x SLIP, plays a
random legal action instead, so that some games tilt), keeps one position in seven, and prints
the log-loss of the search's evaluation (game/ai/armageddon_value.py) and of the basic player's
squashed score against who won, and how often each names the winner, by turns. A measurement,
not a test; the weights in armageddon_value.py were fitted on such games (seeds 2000 and 3000 on).
"""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import BOTS                                   # noqa: E402
from game.ai.armageddon import score                       # noqa: E402
from game.ai.armageddon_value import ork_chance            # noqa: E402
from game.ai.knowledge import Knowledge                    # noqa: E402
from game.ai.random_bot import RandomBot                   # noqa: E402
from game.rules import GAMES                               # noqa: E402

SPEC = GAMES["armageddon"]


def positions(seed: int, slip: float) -> tuple:
    """(who won, [positions kept]) of one game of the basic player against itself."""
    chance = random.Random(seed)
    players = {s: BOTS["basic"].make(SPEC, seed * 31 + i) for i, s in enumerate(SPEC.sides)}
    wander = RandomBot(SPEC, seed)
    rates = {s: slip * 2 * chance.random() for s in SPEC.sides}
    state, kept, n = SPEC.setup(seed), [], 0
    while SPEC.active(state) is not None:
        side = SPEC.active(state)
        if n % 7 == 0 and state["stage"] != "setup":
            kept.append(state)
        bot = wander if chance.random() < rates[side] else players[side]
        state = SPEC.apply(state, bot.choose(state, side))
        n += 1
    return SPEC.result(state).winner, kept


def log_loss(pairs: list) -> float:
    """The mean log-loss of (chance the Orks win, whether they did)."""
    total = 0.0
    for p, won in pairs:
        p = min(max(p, 1e-4), 1 - 1e-4)
        total -= math.log(p if won else 1 - p)
    return total / max(1, len(pairs))


def main(games: int, first: int = 2000, slip: float = 0.04) -> None:
    """Play, score every kept position both ways, print the comparison."""
    rows = []                                  # (turn, new chance, old chance, Orks won)
    for seed in range(first, first + games):
        winner, kept = positions(seed, slip)
        for state in kept:
            old = 1 - Knowledge.squash(score(state, "imperial"), 60.0)
            rows.append((SPEC.view(state, "imperial")["turn"], ork_chance(state), old, winner == "ork"))
    base = sum(r[3] for r in rows) / max(1, len(rows))
    print(f"{games} games, {len(rows)} positions, the Orks won {100 * base:.0f}% of positions' games")
    print(f"log-loss: evaluation {log_loss([(r[1], r[3]) for r in rows]):.3f}, basic score "
          f"{log_loss([(r[2], r[3]) for r in rows]):.3f}, base rate {log_loss([(base, r[3]) for r in rows]):.3f}")
    for lo, hi in ((1, 2), (3, 4), (5, 8)):
        part = [r for r in rows if lo <= r[0] <= hi]
        if part:
            new = sum((r[1] > 0.5) == r[3] for r in part) / len(part)
            old = sum((r[2] > 0.5) == r[3] for r in part) / len(part)
            print(f"turns {lo}-{hi}: {len(part)} positions, names the winner: evaluation {100 * new:.0f}%, "
                  f"basic score {100 * old:.0f}%")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 20, int(args[1]) if len(args) > 1 else 2000,
         float(args[2]) if len(args) > 2 else 0.04)
