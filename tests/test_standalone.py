"""The repository stands alone: tests and tools read nothing outside it."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"""\.\./shared|parents?\[?\d*\]?\s*/\s*["']shared["']|parent\s*/\s*["']shared["']""")


def test_no_test_or_tool_reads_the_folder_beside_the_repository():
    found = []
    for folder in ("tests", "tools", "bench", "game"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.resolve() == Path(__file__).resolve():
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if OUTSIDE.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}")
    assert not found, f"these read files outside the repository: {found}"


def test_the_clause_lists_and_geography_are_in_the_repository():
    clauses = sorted(p.name for p in (ROOT / "docs" / "rule-clauses").glob("*-*.md"))
    assert clauses == ["battle-for-armageddon.md", "hack-and-sack-new-jersey.md",
                       "hammers-slammers.md", "judean-hammer.md"]
    for name in ("judea-places.csv", "judea-roads.csv", "judea-water.csv",
                 "nj-places.csv", "nj-roads.csv", "nj-water.csv"):
        assert (ROOT / "tools" / "geography" / name).stat().st_size > 1000, name
