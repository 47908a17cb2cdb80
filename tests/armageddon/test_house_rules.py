"""Every GAP and AMBIG clause of Battle for Armageddon has its choice written down.

(tests/test_clauses.py does this for every registered game; Armageddon joins it when its
rules are registered, and this check can go then.)
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLAUSES = ROOT / "docs" / "rule-clauses" / "battle-for-armageddon.md"
PAGES = [ROOT / "docs" / "house-rules" / "armageddon.md", ROOT / "docs" / "house-rules" / "armageddon-map.md"]


def test_every_gap_and_ambiguity_is_recorded_in_the_house_rules():
    ids = re.findall(r"^- (BFA-(?:GAP|AMBIG)-\d+)\b", CLAUSES.read_text(encoding="utf-8"), re.M)
    assert len(ids) == 41                                   # 21 GAP and 20 AMBIG clauses
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    found = set(re.findall(r"BFA-(?:GAP|AMBIG)-\d+", text))
    assert sorted(set(ids) - found) == []
