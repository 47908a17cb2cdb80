"""Record the golden replays: `python -m tests.hack_sack.make_goldens` (after a deliberate rules or map change)."""
from __future__ import annotations

import json
from pathlib import Path

from . import randomplay

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hack_sack"
# (file name, seed, how often the random player says 'done') — picked so that between them the
# games hold battles, retreats, units destroyed, Confused units, loading, Hopat Cong and turn-8 Guard.
GAMES = (("busy_invasion", 25, 10), ("confused_retreats", 28, 10), ("guard_musters", 20, 10))


def record() -> list:
    """Play and write each golden game; returns the paths written."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    written = []
    old = randomplay.DONE_BIAS
    try:
        for name, seed, bias in GAMES:
            randomplay.DONE_BIAS = bias
            session, problems, _ = randomplay.play(seed, {})
            assert not problems, problems
            path = GOLDEN / f"{name}.json"
            path.write_text(json.dumps(session.to_json(), separators=(",", ":")))
            written.append(path)
    finally:
        randomplay.DONE_BIAS = old
    return written


if __name__ == "__main__":
    for p in record():
        print(p)
