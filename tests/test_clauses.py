"""One clause-coverage check for every game: each rule clause cited by a test, each gap and reading written down.

A game joins the check with a `clauses.json` in its own test folder: its clause list, its
clause prefix, the test folders that cite its clauses, and its house-rules pages. Tests cite a clause with
``@pytest.mark.rule("ID")``; a house-rules page may name a clause in full or without the
game's prefix ("GAP-3").
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import CLAUSES

ROOT = Path(__file__).resolve().parents[1]


def _games() -> tuple:
    """game -> (clause file, prefix, test folders, house-rules pages), from each tests/<game>/clauses.json.

    Also game -> its pending clauses: rules of a game still being built, listed by name in its
    clauses.json so that what is missing is in plain sight (none for a finished game).
    """
    found, pending = {}, {}
    for path in sorted((ROOT / "tests").glob("*/clauses.json")):
        d = json.loads(path.read_text(encoding="utf-8"))
        found[d["game"]] = (d["clauses"], d["prefix"], tuple(d["tests"]), tuple(d["house_rules"]))
        pending[d["game"]] = tuple(d.get("pending", ()))
    return found, pending


GAMES, PENDING = _games()


def clause_file(name: str) -> Path:
    """The clause list, from the repository's own copies in docs/rule-clauses."""
    return CLAUSES / name


def clauses(game: str) -> list:
    """Every clause ID of a game's list, in order."""
    name, prefix, _, _ = GAMES[game]
    return re.findall(rf"^- ({prefix}-[A-Z]+-\d+)\b", clause_file(name).read_text(encoding="utf-8"), re.M)


def cited(game: str) -> set:
    """The clause IDs the game's tests cite with @pytest.mark.rule."""
    _, prefix, folders, _ = GAMES[game]
    found = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("test_*.py"):
            found |= set(re.findall(rf'rule\("({prefix}-[A-Z]+-\d+)"\)', path.read_text(encoding="utf-8")))
    return found


def mentioned(text: str) -> set:
    """The readings a page names ("GAP-3", "JH-AMBIG-4"), ranges such as "AMBIG-11 … AMBIG-19" spelt out."""
    found = set()
    for kind, first, last in re.findall(r"\b(GAP|AMBIG)-(\d+)(?:\s*(?:…|\.\.\.|–|to)\s*(?:[A-Z]+-)?(?:GAP|AMBIG)?-?(\d+))?",
                                        text):
        for n in range(int(first), int(last or first) + 1):
            found.add(f"{kind}-{n}")
    return found


def _is_reading(clause: str) -> bool:
    return "-GAP-" in clause or "-AMBIG-" in clause


def test_every_shipped_game_joins_the_check():
    from game.rules import GAMES as SPECS
    missing = sorted(n for n, s in SPECS.items() if not s.test_only and n not in GAMES)
    assert not missing, f"add tests/<game>/clauses.json (see docs/adding-a-game.md) for {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_clause_is_cited_by_a_test(game):
    ids = clauses(game)
    assert ids, f"no clauses read for {game}"
    missing = sorted({c for c in ids if not _is_reading(c)} - cited(game) - set(PENDING.get(game, ())))
    assert not missing, f"{game}: clauses no test cites: {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pending_clauses_are_real_and_leave_the_list_once_cited(game):
    pending = set(PENDING.get(game, ()))
    assert pending <= set(clauses(game)), f"{game}: pending names unknown clauses {sorted(pending - set(clauses(game)))}"
    done = sorted(pending & cited(game))
    assert not done, f"{game}: take these cited clauses off the pending list in clauses.json: {done}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_gap_and_reading_is_written_down(game):
    _, prefix, _, pages = GAMES[game]
    named = mentioned("\n".join((ROOT / p).read_text(encoding="utf-8") for p in pages))
    missing = [c for c in clauses(game) if _is_reading(c) and c[len(prefix) + 1:] not in named]
    assert not missing, f"{game}: the house rules never mention {missing}"


def test_a_missing_citation_fails_the_check(monkeypatch):
    game = "judean_hammer"
    rule_ids = [c for c in clauses(game) if not _is_reading(c)]
    monkeypatch.setitem(GAMES, game, GAMES[game][:2] + (("tests/kit",),) + GAMES[game][3:])
    with pytest.raises(AssertionError, match=rule_ids[0]):
        test_every_rule_clause_is_cited_by_a_test(game)
