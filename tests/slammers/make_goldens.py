"""Record the golden replays: `python -m tests.slammers.make_goldens [name ...]` (after a deliberate rules,
map or scenario change; with names, only those goldens are played again).

With ``--refresh`` each golden keeps its actions and only its snapshot is written again: for a change
that alters what the state records (a log line's words) but not what is legal, so the games stay
the ones chosen for what they hold (the basic player has changed since they were played)."""
from __future__ import annotations

import json
from pathlib import Path

from game.ai.random_bot import RandomBot
from game.ai.slammers import SlammersBot
from game.core.session import Session, from_text
from game.rules.slammers import SPEC

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "slammers"
# (file name, scenario, seed, players by seat: basic or random) — between them the games hold
# fire and assaults, disruption and rally rolls, rubble, eliminations and reinforcements.
GAMES = (("learning_basic", "learning", 3, ("basic", "basic")),
         ("sava_crossing_mixed", "sava_crossing", 5, ("basic", "random")),
         ("firebase_basic", "firebase", 7, ("random", "basic")),
         # part 2: paratroopers, CPF, howitzers and CAF; gas strikes answered by CAF
         ("kettle_drop_mixed", "kettle_drop", 4, ("basic", "random")),
         ("sava_gas_basic", "sava_gas", 4, ("basic", "basic")),
         # fortresses and ECM; four players, two against two
         ("blackwood_mixed", "blackwood", 5, ("random", "basic")),
         ("marrow_four_basic", "marrow_four", 6, ("basic", "basic", "basic", "basic")))


def play(scenario: str, seed: int, seats: tuple) -> Session:
    """One whole game through a Session, each seat played by its bot."""
    session = Session(SPEC, seed, scenario)
    sides = session.state["seating"]["sides"]
    bots = {side: (SlammersBot if kind == "basic" else RandomBot)(SPEC, seed + i)
            for i, (side, kind) in enumerate(zip(sides, seats))}
    while SPEC.active(session.state) is not None:
        who = SPEC.active(session.state)
        session.apply(bots[who].choose(session.state, who))
    return session


def record(only=()) -> list:
    """Play and write each golden game (or only those named); returns the paths written."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    written = []
    for name, scenario, seed, seats in GAMES:
        if only and name not in only:
            continue
        session = play(scenario, seed, seats)
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps(session.to_json(), separators=(",", ":")))
        written.append(path)
    return written


def refresh() -> list:
    """Replay each golden's own actions and write its snapshot as today's rules leave the state."""
    written = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("snapshot")        # replayed without the check: the snapshot is what is renewed
        session = from_text(json.dumps(data), path.name)
        path.write_text(json.dumps(session.to_json(), separators=(",", ":")))
        written.append(path)
    return written


if __name__ == "__main__":
    import sys
    names = [a for a in sys.argv[1:] if not a.startswith("--")]
    for p in (refresh() if "--refresh" in sys.argv[1:] else record(names)):
        print(p)
