"""Every GAP and AMBIG clause of Battle for Armageddon has its choice written down."""
from __future__ import annotations

import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "docs" / "house-rules" / "armageddon.md", ROOT / "docs" / "house-rules" / "armageddon-map.md"]
GAPS, AMBIGS = 21, 20          # the clause checklist's BFA-GAP-1..21 and BFA-AMBIG-1..20


def test_every_gap_and_ambiguity_is_recorded_in_the_house_rules():
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    found = set(re.findall(r"BFA-(?:GAP|AMBIG)-\d+", text))
    wanted = {f"BFA-GAP-{n}" for n in range(1, GAPS + 1)} | {f"BFA-AMBIG-{n}" for n in range(1, AMBIGS + 1)}
    assert sorted(wanted - found) == []
