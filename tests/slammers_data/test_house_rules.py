"""Every GAP and AMBIG clause of Hammer's Slammers is decided on the house-rules pages."""
from __future__ import annotations

import re

from tests.conftest import CLAUSES, ROOT
from tests.test_clauses import mentioned

PAGES = ("slammers.md", "slammers-map.md")


def test_every_gap_and_ambiguity_is_written_down():
    ids = re.findall(r"^- HS-((?:GAP|AMBIG)-\d+)\b", (CLAUSES / "hammers-slammers.md").read_text(encoding="utf-8"), re.M)
    assert len(ids) == 56
    text = "".join((ROOT / "docs" / "house-rules" / p).read_text(encoding="utf-8") for p in PAGES)
    missing = sorted(set(ids) - mentioned(text))
    assert not missing, missing


def test_the_unit_table_on_the_page_matches_the_data():
    from game.rules.slammers import data
    text = (ROOT / "docs" / "house-rules" / "slammers.md").read_text(encoding="utf-8")
    for army in ("tan", "red", "blue"):
        for key, t in data.unit_types(army).items():
            if t.get("uses"):
                continue
            shown = f"{t.get('attack_label', t['attack'])}-{t['defence']}-{t['range']}-{t['move']}"
            assert shown in text, (army, key, shown)
