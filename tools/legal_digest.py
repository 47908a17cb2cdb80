"""A digest of every legal-action list over many random games, to show a speed change kept the rules.

Run it in two trees (or revisions) and compare the lines: the same digest means every game saw the
same legal actions at every step, took the same steps and ended in the same state.

    python tools/legal_digest.py hack_sack 60        # game package, number of games (seeds 0..n-1)

When a change gives the state a new shape, ``--state-form MODULE:FUNCTION`` hashes each final
state as that function turns it back into the old shape, so the digest can equal the one of
the code before (Hack & Sack's counters as rows: ``game.rules.hack_sack.packing:whole``).
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def digest(game: str, games: int, limit: int = 5000, form=lambda state: state) -> tuple[str, int]:
    """(sha256 of every legal-action list and every final state, steps taken) over ``games`` seeds;
    ``form`` turns a final state into the shape hashed."""
    spec = importlib.import_module("game.rules." + game).SPEC
    h, steps = hashlib.sha256(), 0
    for seed in range(games):
        # The picks of bench/bench_judean_hammer.py, so the games are the benches' games.
        state, x, n = spec.setup(seed), seed * 2654435761 + 99, 0
        while spec.active(state) is not None and n < limit:
            actions = spec.legal_actions(state)
            h.update(repr(actions).encode())
            x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            state, n = spec.apply(state, actions[(x >> 33) % len(actions)]), n + 1
        h.update(json.dumps(form(state), sort_keys=True, default=repr).encode())
        steps += n
    return h.hexdigest(), steps


def main() -> None:
    """Print the digest and the number of steps."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a package under game.rules, e.g. hack_sack")
    parser.add_argument("games", type=int, nargs="?", default=60, help="random games (seeds 0..n-1)")
    parser.add_argument("--state-form", help="MODULE:FUNCTION giving each final state in the shape hashed")
    args = parser.parse_args()
    form = lambda state: state                      # noqa: E731
    if args.state_form:
        module, name = args.state_form.split(":")
        form = getattr(importlib.import_module(module), name)
    value, steps = digest(args.game, args.games, form=form)
    print(f"{args.game} {args.games} games {steps} steps {value}")


if __name__ == "__main__":
    main()
