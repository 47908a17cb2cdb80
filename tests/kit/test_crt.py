"""The combat-results-table module: columns by ratio or difference, rounding, clamps, shifts, chances."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.core import crt

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "kit"


@pytest.fixture(scope="module")
def ratio():
    return crt.load(HERE / "ratio_crt.json")


@pytest.fixture(scope="module")
def diff():
    return crt.load(HERE / "bump_crt.json")


def test_ratio_odds_round_in_the_defenders_favour(ratio):
    assert ratio.column(5, 3).name == "1:1"          # 5:3 is not yet 2:1
    assert ratio.column(6, 3).name == "2:1"
    assert ratio.column(3, 6).name == "1:2"
    assert ratio.column(20, 3).name == "3:1"         # beyond the table: its best column
    below = ratio.column(2, 5)                        # 1:2.5, worse than the first column
    assert below.index is None and below.automatic == "AE"
    assert ratio.column(3, 0).name == "3:1"          # nothing to attack: the best column


def test_the_nth_column_counts_from_the_first_and_stays_in_the_table(ratio):
    assert ratio.nth(0).name == ratio.names[0] and ratio.nth(0).index == 0
    assert ratio.nth(1).name == ratio.names[1]
    assert ratio.nth(99).index == len(ratio.columns) - 1 and ratio.nth(-3).index == 0
    assert ratio.nth(0).automatic is None                # a real column to roll on, never "below"


def test_other_roundings():
    data = {"method": "ratio", "columns": ["1-3", "1-2", "1-1", "2-1"], "dice": [1, 6],
            "results": {c: ["x"] * 6 for c in ["1-3", "1-2", "1-1", "2-1"]}}
    up = crt.from_data({**data, "round": "up"})
    assert up.column(5, 3).name == "2-1" and up.column(4, 10).name == "1-2"
    lts = crt.from_data({**data, "round": "larger_over_smaller"})
    assert lts.column(5, 12).name == "1-2" and lts.column(5, 3).name == "1-1"
    assert crt.from_data(data).column(5, 12).name == "1-3"


def test_difference_columns_and_shifts(diff):
    assert diff.column(3, 3).name == "0" and diff.column(4, 3).name == "+1"
    assert diff.column(9, 1).name == "+2"                     # above the table: its last column
    assert diff.column(1, 3).automatic == "AE"                # below: the table's automatic result
    assert diff.column(3, 3, shift=1).name == "+1"
    assert diff.column(3, 3, shift=-5).name == "-1"           # a shift stops at the end
    assert diff.column(3, 3, shift=9).name == "+2"


def test_modified_rolls_are_clamped_to_the_rows(diff):
    col = diff.column(3, 3)
    assert diff.result(col, 6, +3) == "DE" and diff.result(col, 1, -4) == "AE"
    assert diff.resolve(3, 3, 3) == "-" and diff.resolve(3, 3, 3, modifier=2) == "DE"


def test_chances_are_exact_and_sum_to_one(ratio, diff):
    two = crt.roll_distribution(2, 6)
    assert two[7] == Fraction(1, 6) and sum(two.values()) == 1
    odds = ratio.chances(2, 2)
    assert sum(odds.values()) == 1
    assert odds["DE"] == two[11] + two[12]
    # +4 moves every roll up; the clamp puts 9..12 (+4) all on row 12
    assert ratio.chances(2, 2, modifier=4)["DE"] == sum(two[t] for t in range(7, 13))
    assert diff.chances(1, 5) == {"AE": 1}
    assert diff.chances(3, 3, shift=1)["DE"] == Fraction(1, 2)


@pytest.mark.parametrize("change, field", [
    ({"method": "sum"}, "method"), ({"round": "sideways"}, "round"), ({"columns": []}, "columns"),
    ({"columns": ["2-1", "1-1"]}, "columns"), ({"columns": ["1-x"]}, "columns"),
    ({"dice": [0, 6]}, "dice"), ({"rows": [6, 1]}, "rows"), ({"below": "ZZ"}, "below"),
    ({"names": ["a"]}, "names")])
def test_broken_tables_are_refused_in_one_line_naming_the_field(change, field):
    import json
    data = {**json.loads((HERE / "ratio_crt.json").read_text()), **change}
    with pytest.raises(crt.CRTError) as err:
        crt.from_data(data, "ratio_crt.json")
    assert str(err.value).startswith(f"ratio_crt.json: {field}") and "\n" not in str(err.value)


def test_a_results_line_of_the_wrong_length_or_code_is_named(tmp_path):
    import json
    data = json.loads((HERE / "ratio_crt.json").read_text())
    data["results"]["2-1"] = data["results"]["2-1"][:-1]
    with pytest.raises(crt.CRTError, match="results '2-1' must list 11 results"):
        crt.from_data(data, "t.json")
    data = json.loads((HERE / "ratio_crt.json").read_text())
    data["results"]["1-1"][0] = "XX"
    with pytest.raises(crt.CRTError, match="uses 'XX'"):
        crt.from_data(data, "t.json")
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(crt.CRTError, match="bad.json: cannot be read"):
        crt.load(tmp_path / "bad.json")
