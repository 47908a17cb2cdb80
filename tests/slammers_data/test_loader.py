"""The Slammers data loader refuses a broken file with one plain line naming file and entry."""
from __future__ import annotations

import json
import shutil

import pytest

from game.rules.slammers import data

FILES = ("units.json", "terrain.json", "crt.json")


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """A private copy of the data files that the loader reads instead of the shipped ones."""
    for name in FILES:
        shutil.copy(data.HERE / name, tmp_path)
    monkeypatch.setattr(data, "HERE", tmp_path)
    data.forget()
    try:
        yield tmp_path
    finally:
        data.forget()


def edit(folder, name, change):
    """Let `change` alter one copied file in place."""
    path = folder / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def conv(doc, key):
    return doc["types"]["conventional"][key]


BROKEN = [
    ("units.json", lambda d: d["armies"].pop("blue"), "units.json: armies: must be tan, green, red and blue"),
    ("units.json", lambda d: conv(d, "tank").update(attack=-1),
     "units.json: type conventional tank: attack must be a whole number of 0 or more"),
    ("units.json", lambda d: conv(d, "tank").update(move=0),
     "units.json: type conventional tank: a unit with move 0 has move_type none"),
    ("units.json", lambda d: conv(d, "tank").update(counters=13),
     "units.json: counters: units and markers make 330 counters, not 328"),
    ("units.json", lambda d: conv(d, "calliope").update(attack=3),
     "units.json: type conventional calliope: a calliope's attack is 0 with attack_label S"),
    ("units.json", lambda d: conv(d, "tank").update(ecm_cost=20),
     "units.json: type conventional tank: only hover tanks have ECM"),
    ("units.json", lambda d: conv(d, "apc").update(carries=2), "units.json: type conventional apc: only an APC carries, one"),
    ("units.json", lambda d: conv(d, "tank").update(target_class="C"),
     "units.json: type conventional tank: target_class must be A or B (HS-IND-9)"),
    ("units.json", lambda d: conv(d, "tank").update(categories=["vehicle", "zeppelin"]),
     "units.json: type conventional tank: categories must come from " + ", ".join(data.CATEGORIES)),
    ("units.json", lambda d: conv(d, "tank").update(counters=1.5),
     "units.json: type conventional tank: counters must be a whole number"),
    ("units.json", lambda d: conv(d, "tank").update(cost=0),
     "units.json: type conventional tank: cost must be a whole number of 1 or more"),
    ("units.json", lambda d: conv(d, "tank").update(move_type="teleport"),
     "units.json: type conventional tank: move_type must be one of " + ", ".join(data.MOVE_TYPES)),
    ("units.json", lambda d: conv(d, "tank").update(symbol="zeppelin"),
     "units.json: type conventional tank: symbol must be one of " + ", ".join(data.SYMBOLS)
     + ", each maybe with hover_ before it"),
    ("units.json", lambda d: conv(d, "militia").update(uses="zeppelin"),
     "units.json: type conventional militia: a type that uses another type's counters"),
    ("units.json", lambda d: d["types"]["slammers"]["infantry"]["skimmer"].update(move_type="foot"),
     "units.json: type slammers infantry: a skimmer side is infantry's"),
    ("terrain.json", lambda d: d["terrain"].pop("city"), "terrain.json: terrain city: is missing"),
    ("terrain.json", lambda d: d["terrain"]["swamp"]["move"].update(tracked=4),
     "terrain.json: terrain swamp: conventional vehicles may never enter it"),
    ("terrain.json", lambda d: d["terrain"]["forest"].update(los=[0, 2]),
     "terrain.json: terrain forest: los must be [firer, intervening, target]"),
    ("terrain.json", lambda d: d["terrain"]["river"]["move"].update(foot=None),
     "terrain.json: terrain river: every movement type may enter a river"),
    ("crt.json", lambda d: d["direct"]["results"]["3-1"].pop(), "crt.json direct: results '3-1' must list 11 results"),
    ("crt.json", lambda d: d["direct"]["results"]["3-1"].reverse(), "crt.json: direct 3-1: a higher roll must never do less harm"),
    ("crt.json", lambda d: d["direct"]["results"].update({"1-1": d["direct"]["results"]["2-1"],
                                                            "2-1": d["direct"]["results"]["1-1"]}),
     "crt.json: direct 2-1: a better column must never do less harm at the same roll"),
    ("crt.json", lambda d: d["direct"].update(below="column"), "crt.json: direct: odds below the first column must give X"),
    ("crt.json", lambda d: d["effects"].pop("DR"), "crt.json: direct codes: 'DR' has no entry in effects"),
    ("crt.json", lambda d: d["gas"]["results"]["mercenary"]["B"].append("R"), "crt.json: gas mercenary B: must list 11"),
]


@pytest.mark.parametrize("name, change, message", BROKEN, ids=[b[2][:50] for b in BROKEN])
def test_a_broken_file_is_refused_with_one_line(copy, name, change, message):
    edit(copy, name, change)
    with pytest.raises(data.DataError) as err:
        data.check_all()
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_a_file_that_is_not_json_is_refused(copy):
    (copy / "units.json").write_text("{nope")
    with pytest.raises(data.DataError, match="units.json: cannot be read"):
        data.check_all()
