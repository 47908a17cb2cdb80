"""The authored tables: unit values, rosters, CRT, State of the State, Confused movement (coverage: tests/test_clauses.py)."""
from __future__ import annotations

import pytest

from game.rules.hack_sack import data

rule = pytest.mark.rule


@rule("HSNJ-UNI-1")
@rule("HSNJ-UNI-5")
def test_every_unit_has_three_numbers_and_a_letter():
    for key, t in data.types().items():
        assert all(isinstance(t[f], int) for f in ("attack", "defend", "move")), key
        assert t["class"] in ("L", "W", "S"), key


@rule("HSNJ-KRY-1")
@rule("HSNJ-JER-1")
def test_rosters():
    by = lambda side, cls: {t["name"] for t in data.types().values() if t["side"] == side and t["class"] == cls}
    assert by("krylon", "L") == {"Legion", "Samurai", "Phalanx", "Cossacks", "Chariot", "Catapult", "Centurion"}
    assert by("krylon", "W") == {"Trireme", "Longship"} and by("krylon", "S") == {"Star Frigate"}
    assert by("jerseyite", "L") == {"Guard Infantry", "NRA", "Bikers", "Hopat Cong", "Lawyer", "Accountant",
                                    "Bruce Springsteen", "Senator", "Jersey Cow"}
    assert by("jerseyite", "W") == {"USS New Jersey"}
    assert by("jerseyite", "S") == {"Space Cruiser", "Space Escort"}


def test_values_the_book_fixes():
    t = data.types()
    assert t["samurai"]["attack"] == 2 and t["bikers"]["defend"] == 1 and t["guard"]["defend"] == 2
    assert t["cow"]["defend"] == 1 and t["senator"]["attack"] == 0
    assert t["senator"]["defend"] > max(u["defend"] for k, u in t.items() if k != "senator" and u["class"] == "L")
    assert t["catapult"]["range"] == 2 and t["uss_nj"]["range"] == 3
    assert t["star_frigate"]["carry"] == 4 and t["cruiser"]["carry"] == 1 and "carry" not in t["escort"]
    land = [u["move"] for k, u in t.items() if u["class"] == "L" and k != "bruce"]
    assert t["bruce"]["move"] > sum(land) / len(land)


def test_tables_are_complete():
    assert len(data.crt()["results"]) == 10
    assert all(str(n) in data.sos()["rolls"] for n in range(2, 13))
    assert all(str(n) in data.confused()["rolls"] for n in range(1, 7))


def test_bad_table_gives_one_plain_sentence(monkeypatch, tmp_path):
    (tmp_path / "crt.json").write_text('{"columns": ["Worse"], "results": {}}')
    monkeypatch.setattr(data, "HERE", tmp_path)
    data.crt.cache_clear()
    try:
        with pytest.raises(data.DataError, match="crt.json: columns"):
            data.crt()
    finally:
        data.crt.cache_clear()
