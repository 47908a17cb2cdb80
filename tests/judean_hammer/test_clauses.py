"""Every enforceable Judean Hammer clause is cited by at least one test in this package."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import SHARED

CLAUSES = SHARED / "rule-clauses" / "judean-hammer.md"
HERE = Path(__file__).parent


def _cited() -> set:
    found = set()
    for path in HERE.glob("test_*.py"):
        found |= set(re.findall(r'rule\("(JH-[A-Z]+-\d+)"\)', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.skipif(not CLAUSES.exists(), reason="the shared rule clauses are not on this machine")
def test_every_rule_clause_is_cited():
    ids = re.findall(r"^- (JH-[A-Z]+-\d+) ", CLAUSES.read_text(encoding="utf-8"), re.M)
    assert len(ids) == 151
    needed = {c for c in ids if not c.startswith(("JH-GAP-", "JH-AMBIG-"))}
    missing = sorted(needed - _cited())
    assert not missing, f"clauses no test cites: {missing}"


@pytest.mark.skipif(not CLAUSES.exists(), reason="the shared rule clauses are not on this machine")
def test_every_gap_and_reading_is_written_down():
    ids = re.findall(r"^- (JH-(?:GAP|AMBIG)-\d+) ", CLAUSES.read_text(encoding="utf-8"), re.M)
    root = HERE.parents[1] / "docs" / "house-rules"
    text = (root / "judean-hammer.md").read_text(encoding="utf-8")
    assert "judean-hammer-map.md" in text
    missing = [c for c in ids if not re.search(rf"{c}\b", text)]
    assert not missing, f"house rules never mention {missing}"
