"""Does Hammer's Slammers' evaluation name the winner? Plays seeded games and compares.

`python tools/slammers_eval_check.py GAMES [FIRST_SEED]` plays GAMES games of the learning
scenario, the basic player against itself from FIRST_SEED on, keeps one position in four, and
prints the log-loss of the search's evaluation (game/ai/slammers_search.py) against who won (a
draw half a win), the base rate's, and the weights of share and progress that fit these games
best. A measurement, not a test; SHARE and PROGRESS were fitted on 120 games from seed 2000.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.knowledge import knowledge_of, outcome      # noqa: E402
from game.ai.slammers import SlammersBot                 # noqa: E402
from game.rules import GAMES                             # noqa: E402

SPEC = GAMES["slammers"]
KNOW = knowledge_of(SPEC)


def rows_of(seed: int) -> list:
    """(blue's share lead, blue's progress lead, blue's chance by the evaluation, blue's result)
    for every fourth position of one game of the basic player against itself."""
    state = SPEC.setup(seed)
    seat = SPEC.seated(state)
    bots = {side: SlammersBot(SPEC, seed * 3 + i) for i, side in enumerate(seat.sides)}
    kept, n = [], 0
    while SPEC.active(state) is not None:
        if n % 4 == 0:
            kept.append(state)
        side = SPEC.active(state)
        state = SPEC.apply(state, bots[side].choose(state, side))
        n += 1
    won = outcome(SPEC, state)["blue"]
    out = []
    for s in kept:
        view, alive, places = KNOW._standing(SPEC, s, seat)
        total = sum(alive.values()) or 1.0
        late = view["turn"] / max(1, view["turns"])
        lead = []
        for team in (("blue",), ("tan",)):
            share = sum(alive[x] for x in team) / total
            progress = max([KNOW._progress(s, view, seat, c, places, late) for c in view["victory"]
                            if c.get("side") in team] or [0.0])
            lead.append((share, progress))
        out.append((lead[0][0] - lead[1][0], lead[0][1] - lead[1][1], KNOW.evaluate(SPEC, s)["blue"], won))
    return out


def log_loss(p, y) -> float:
    """The mean log-loss of chances ``p`` against results ``y`` (1, 0 or 0.5)."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(games: int, first: int = 2000) -> None:
    """Play, score every kept position, fit the two weights, print the comparison."""
    rows = np.array([r for seed in range(first, first + games) for r in rows_of(seed)])
    share, progress, chance, y = rows.T
    base = float(y.mean())
    x = np.stack([share, progress, np.ones_like(share)], 1)
    w = np.zeros(3)
    for _ in range(3000):                     # logistic regression by gradient descent
        w -= 2.0 * x.T @ (1 / (1 + np.exp(-x @ w)) - y) / len(y)
    print(f"{games} games, {len(y)} positions, the Slammers' result {base:.2f} on average")
    print(f"log-loss: evaluation {log_loss(chance, y):.3f}, base rate {log_loss(np.full_like(y, base), y):.3f}, "
          f"best fit {log_loss(1 / (1 + np.exp(-x @ w)), y):.3f} (share {w[0]:.2f}, progress {w[1]:.2f}, "
          f"bias {w[2]:.2f})")
    named = np.mean((chance > 0.5) == (y > 0.5))
    print(f"names the winner in {100 * named:.0f}% of positions (always the Tan army: "
          f"{100 * np.mean(y < 0.5):.0f}%)")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 20, int(args[1]) if len(args) > 1 else 2000)
