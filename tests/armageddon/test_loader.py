"""The Armageddon data loader refuses broken files with one plain line naming file and entry."""
from __future__ import annotations

import json
import shutil

import pytest

from game.rules.armageddon import data

rule = pytest.mark.rule
FILES = ("counters.json", "cards.json", "crt.json", "terrain.json", "build.json", "setup.json",
         "examples.json")


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """A private copy of the data files that the loader reads instead of the real ones."""
    for name in FILES:
        shutil.copy(data.HERE / name, tmp_path / name)
    monkeypatch.setattr(data, "HERE", tmp_path)
    data.forget()
    yield tmp_path
    data.forget()


def edit(folder, name, change):
    """Load one copied file, let `change` alter it, write it back."""
    doc = json.loads((folder / name).read_text())
    change(doc)
    (folder / name).write_text(json.dumps(doc))


def counter(doc, cid):
    return next(c for c in doc["counters"] if c["id"] == cid)


def test_the_shipped_files_pass(copy):
    data.check_all()


BROKEN = [
    ("counters.json", lambda d: d["counters"].pop(), "counters.json: counters: there must be 145, not 144"),
    ("counters.json", lambda d: counter(d, "ork_goff_boyz_1").pop("tribe"),
     "counters.json: counter ork_goff_boyz_1: an Ork counter needs one of the three tribes"),
    ("counters.json", lambda d: counter(d, "im_guard_1").update(attack=-1),
     "counters.json: counter im_guard_1: attack must be a whole number of 0 or more"),
    ("counters.json", lambda d: counter(d, "im_guard_1").update(type="tank"),
     "counters.json: counter im_guard_1: unknown type 'tank'"),
    ("counters.json", lambda d: d["types"]["fortification"].update(stack_exempt=False),
     "counters.json: type fortification: stack_exempt must be true exactly for"),
    ("cards.json", lambda d: d["strategy"]["ork"][0].update(phases=["movement", "combat", "build"]),
     "cards.json: card ork_s_waaagh: phases must be two of movement, combat, build, in order"),
    ("cards.json", lambda d: d["special"]["imperial"][2].update(timing="whenever"),
     "cards.json: card im_x_orbital: unknown timing 'whenever'"),
    ("cards.json", lambda d: d["special"]["ork"][0]["effect"][0].pop("value"),
     "cards.json: card ork_x_waaagh: effect die_modifier needs 'value' (int)"),
    ("cards.json", lambda d: d["special"]["imperial"][0]["effect"][0]["counters"].append("ork_ghazghkull"),
     "cards.json: card im_x_angels: names 'ork_ghazghkull', not a counter of its side"),
    ("cards.json", lambda d: next(c for c in d["special"]["ork"] if c["id"] == "ork_x_rok")["effect"][0]
     ["exclude"].append("im_guard_1"), "cards.json: card ork_x_rok: names 'im_guard_1', not a counter of its side"),
    ("cards.json", lambda d: d.pop("effects"), "cards.json: card im_x_angels: unknown effect 'deploy'"),
    ("cards.json", lambda d: d["special"]["ork"].__setitem__(1, dict(d["special"]["ork"][0])),
     "cards.json: card ork_x_waaagh: needs a unique id"),
    ("crt.json", lambda d: d["results"]["4-1"].pop(), "crt.json: results '4-1' must list 6 results"),
    ("crt.json", lambda d: d["results"]["2-1"].__setitem__(0, "ZZ"),
     "crt.json: results '2-1' uses 'ZZ', which codes does not explain"),
    ("crt.json", lambda d: d["columns"].reverse(), "crt.json: columns must run from the worst odds to the best"),
    ("crt.json", lambda d: d["effects"]["EX"]["attacker"].update(lose="some"),
     "crt.json: effects EX attacker: lose must be all, one or one_per_stack"),
    ("terrain.json", lambda d: d["terrain"].pop("sea"), "terrain.json: terrain sea: is missing"),
    ("terrain.json", lambda d: d["terrain"]["ash_waste"].update(stop="yes"),
     "terrain.json: terrain ash_waste: 'stop' must be true or false"),
    ("terrain.json", lambda d: d["earlier"][0].update(edition=2),
     "terrain.json: earlier: each earlier edition needs its own number, lower than the data's"),
    ("terrain.json", lambda d: d["earlier"][0]["die"].update(hive="-1"),
     "terrain.json: earlier edition 1: 'die' must map area kinds to whole numbers"),
    ("terrain.json", lambda d: d["earlier"][0]["die"].update(swamp=-1),
     "terrain.json: earlier edition 1: 'die' must map area kinds to whole numbers"),
    ("build.json", lambda d: d["production_track"]["spaces"].pop(),
     "build.json: production_track: every type with a cost must start on exactly one space"),
    ("build.json", lambda d: d["costs"].update(space_marine_chapter=0),
     "build.json: cost space_marine_chapter: must be a whole number of 1 or more"),
    ("setup.json", lambda d: d["imperial"]["Cinder Gate"].extend(["im_guard_11", "im_guard_12"]),
     "setup.json: imperial Cinder Gate: 4 counters over the stacking limit of 3"),
    ("setup.json", lambda d: d["ork_standard"]["Warband Camp"].__setitem__(0, "ork_evil_sunz_boyz_1")
     or d["ork_standard"]["Gorge of Teeth"].__setitem__(0, "ork_goff_boyz_1"),
     "setup.json: ork_standard Warband Camp: Ork counters of different tribes share the stack"),
    ("setup.json", lambda d: d["imperial"]["Hades"].append("ork_goff_boyz_1"),
     "setup.json: imperial Hades: ork_goff_boyz_1 is not an imperial counter"),
    ("setup.json", lambda d: d["imperial"]["Diablo Mouth"].append("im_guard_3"),
     "setup.json: imperial Diablo Mouth: im_guard_3 is placed twice"),
    ("examples.json", lambda d: d["combat"]["ork"]["Warband Camp"].append("ork_goff_boyz_99"),
     "examples.json: combat ork Warband Camp: unknown counter 'ork_goff_boyz_99'"),
]


@rule("BFA-GAP-1")
@rule("BFA-GAP-12")
@pytest.mark.parametrize("name, change, message", BROKEN, ids=[b[2][:50] for b in BROKEN])
def test_a_broken_file_is_refused_with_one_plain_line(copy, name, change, message):
    edit(copy, name, change)
    with pytest.raises(data.DataError) as err:
        data.check_all()
    line = str(err.value)
    assert line.startswith(message)
    assert "\n" not in line and "Traceback" not in line


def test_a_file_that_is_not_json_is_named(copy):
    (copy / "crt.json").write_text("{ not json")
    with pytest.raises(data.DataError, match=r"^crt\.json: cannot be read as JSON"):
        data.check_all()
    (copy / "crt.json").write_text("[1, 2, 3]")               # JSON, but not the one object the file holds
    with pytest.raises(data.DataError, match=r"^crt\.json: the file must hold one JSON object$"):
        data.check_all()


@rule("BFA-GAP-3")
def test_an_example_area_the_map_lacks_is_named_with_its_example(copy):
    from game.boards import load_map
    from game.rules.armageddon.board import resolve
    edit(copy, "examples.json", lambda d: d["combat"].setdefault("ruins", []).append("Atlantis"))
    problems = data.map_problems(load_map(resolve(None)))
    assert problems == ["examples.json: combat: 'Atlantis' is not a land area of the map"]
    edit(copy, "examples.json", lambda d: d["combat"]["ruins"].remove("Atlantis"))
    edit(copy, "examples.json", lambda d: d["combat"]["ork"].update({"Gulf of Fire": d["combat"]["ork"].pop("Warband Camp")}))
    data.forget()
    problems = data.map_problems(load_map(resolve(None)))          # an Ork stack at sea
    assert problems == ["examples.json: combat: 'Gulf of Fire' is not a land area of the map"]



@rule("BFA-GAP-7")
def test_a_map_whose_hive_area_is_something_else_is_named():
    import dataclasses

    from game.boards import load_map
    from game.rules.armageddon.board import resolve
    board = load_map(resolve(None))                   # a map edited in Tiled: Hades drawn as a factory
    board.areas["Hades"] = dataclasses.replace(board.areas["Hades"], kind="factory")
    assert data.map_problems(board) == ["counter im_hive_hades: its area 'Hades' is not a hive area on the map"]


@rule("BFA-GAP-7")
def test_build_points_must_match_the_hives_and_factories(copy):
    edit(copy, "counters.json", lambda d: counter(d, "im_hive_hades").update(defence=5))
    with pytest.raises(data.DataError, match="^counters.json: hives and factories: their defence values total 21, "
                                             "not the starting build points"):
        data.check_all()


@rule("BFA-GAP-3")
def test_a_hex_map_chosen_for_this_game_is_refused_by_name():
    from game.rules.armageddon import board
    with pytest.raises(board.MapProblem, match=r"^hack_sack_nj\.tmx: Battle for Armageddon needs an area map, not a hex map\.$"):
        board.load("maps/hack_sack_nj.tmx")
