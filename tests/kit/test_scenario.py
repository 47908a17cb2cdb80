"""Scenarios as data files: checked on load, refused with one plain line, boards built from them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import scenario
from tests import toykit

KIT = Path(__file__).resolve().parents[1] / "fixtures" / "kit"
MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


def _two():
    return json.loads((KIT / "two.json").read_text())


def test_a_good_scenario_is_read_whole():
    scen = toykit.load_scenario("four")
    assert scen.seating.allies("blue") == ("gold",) and scen.first == "blue" and scen.turns == 10
    assert [f.name for f in scen.board_files()] == ["east.tmx", "west.tmx"]
    assert scen.forces["gold"] == [{"unit": "runner", "count": 2, "at": "s3"}]


BROKEN = [
    ({"game": "hack_sack"}, "game is 'hack_sack'"),
    ({"title": ""}, "title must be some text"),
    ({"seating": {"sides": ["red", "red"]}}, "seating is wrong: a side is named twice"),
    ({"seating": {"sides": ["red", "blue"], "teams": [["red"]]}}, "seating is wrong"),
    ({"board": {}}, "board must name one map or a list of panels"),
    ({"board": {"map": "x.png"}}, "board map must be a .tmx"),
    ({"board": {"panels": [{"file": "a.tmx", "col": -1, "row": 0}]}}, "board panel 1"),
    ({"forces": {"red": []}}, "forces must list the forces of each seated side"),
    ({"forces": {"red": [{"unit": "tank"}], "blue": [{"unit": "runner"}]}}, "names 'tank', which is not a unit"),
    ({"forces": {"red": [{"unit": "runner", "count": 0}], "blue": [{"unit": "runner"}]}}, "count of 1 or more"),
    ({"forces": {"red": [{"unit": "runner", "at": "s99"}], "blue": [{"unit": "runner"}]}}, "sets up at 's99'"),
    ({"length": {"turns": 0}}, "length must give a number of turns"),
    ({"first": "green"}, "first names 'green', who is not seated"),
    ({"victory": []}, "victory must list at least one condition"),
    ({"victory": [{"kind": "conquer"}]}, "victory condition 1 must be one of the kinds"),
    ({"victory": [{"kind": "hold", "side": "red"}]}, "lacks places"),
    ({"victory": [{"kind": "hold", "side": "red", "places": ["nowhere"]}]}, "names 'nowhere'"),
]


@pytest.mark.parametrize("change, message", BROKEN)
def test_a_broken_scenario_is_refused_with_one_plain_line(tmp_path, change, message):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({**_two(), **change}))
    with pytest.raises(scenario.ScenarioProblem) as err:
        scenario.load(path, "toy_skirmish", units={"runner"}, place_ok=toykit.place_ok)
    text = str(err.value)
    assert text.startswith("mine.json: ") and message in text and "\n" not in text


def test_unreadable_files_are_refused_too(tmp_path):
    (tmp_path / "bad.json").write_text("{\"game\": ")
    with pytest.raises(scenario.ScenarioProblem, match="bad.json: is not valid JSON"):
        scenario.load(tmp_path / "bad.json", "toy_skirmish")
    with pytest.raises(scenario.ScenarioProblem, match="gone.json: cannot be read"):
        scenario.load(tmp_path / "gone.json", "toy_skirmish")


def test_the_board_is_one_map_or_panels_joined_as_placed(tmp_path):
    data = {**_two(), "board": {"map": str(MAPS / "hex_small.tmx")}}
    one = scenario.parse(data, "toy_skirmish").build_board()
    assert len(one.hexes) > 0
    data["board"] = {"panels": [{"file": str(MAPS / "geo_a.tmx"), "col": 0, "row": 0},
                                {"file": str(MAPS / "geo_b.tmx"), "col": 8, "row": 0}]}
    joined = scenario.parse(data, "toy_skirmish").build_board()
    from game.boards import join_boards
    assert joined.hexes == join_boards([(MAPS / "geo_a.tmx", 0, 0), (MAPS / "geo_b.tmx", 8, 0)]).hexes
