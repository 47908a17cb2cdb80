"""Shared test set-up: headless SDL, a private data folder, and the test-only game."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# Shared machines are slow at times, not wrong: property tests have no per-example deadline,
# and CI does not keep a database of old failures between clean clones.
settings.register_profile("table", deadline=None, database=None)
settings.load_profile("table")

ROOT = Path(__file__).resolve().parents[1]
CLAUSES = ROOT / "docs" / "rule-clauses"     # the numbered rule clauses of each game


def pytest_sessionstart(session):
    """Under mutation testing, forget the memos the clean run left in this forked process
    (tests/memos.py), so that each mutant's tests ask its own code."""
    if os.environ.get("MUTANT_UNDER_TEST") not in (None, "", "stats", "fail"):
        from tests.memos import forget_all
        forget_all()


def pytest_sessionfinish(session, exitstatus):
    """After mutmut's statistics run, in the process its mutants are forked from: read what
    forgetting needs once there, not in every mutant's session."""
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        from tests.memos import learn
        learn()


def fuzz_games(default: int) -> int:
    """How many seeded random games a fuzz test plays (make fuzz sets FUZZ_GAMES)."""
    return int(os.environ.get("FUZZ_GAMES", default))


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own saves, autosave and settings folder."""
    monkeypatch.setenv("WARGAMES_DATA_DIR", str(tmp_path / "userdata"))
    return tmp_path / "userdata"


@pytest.fixture
def toy_spec():
    """The test-only dice race game, registered for the length of a test."""
    from game.rules import GAMES
    from tests.toygame import SPEC
    GAMES[SPEC.name] = SPEC
    yield SPEC
    GAMES.pop(SPEC.name, None)
