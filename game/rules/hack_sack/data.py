"""The authored tables beside the rules (units, CRT, State of the State, Confused movement, terrain), read once."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).parent
CLASSES = ("L", "W", "S")
SIDES = ("krylon", "jerseyite")
# The sides' names and colours, for the rules' messages, the GameSpec and the window alike.
SIDE_NAMES = {"krylon": "Krylons", "jerseyite": "Jerseyites"}
SIDE_COLOURS = {"krylon": (60, 170, 80), "jerseyite": (200, 120, 40)}
CODES = ("Ax", "Dx", "A-1", "A-2", "D-1", "D-2", "Ac", "Dc", "nr")
COLUMNS = ("Worse", "-3", "-2", "-1", "1", "2", "3", "4", "5", "Better")
SOS_ACTIONS = (None, "confuse_krylons_in_cities", "recover_jerseyites", "recover_all")


class DataError(ValueError):
    """A data file beside the rules that cannot be used; the message names file and entry."""


def _read(name: str) -> dict:
    path = HERE / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"{name}: cannot be read as JSON ({exc})") from None


def _need(cond: bool, name: str, where: str, what: str) -> None:
    if not cond:
        raise DataError(f"{name}: {where}: {what}")


@lru_cache(maxsize=None)
def units() -> dict:
    """units.json, checked: unit types, starting forces and Landing Pad names."""
    data = _read("units.json")
    for key, t in data["types"].items():
        _need(t.get("side") in SIDES, "units.json", key, "side must be krylon or jerseyite")
        _need(t.get("class") in CLASSES, "units.json", key, "class must be L, W or S")
        for field in ("attack", "defend", "move", "range", "count"):
            _need(isinstance(t.get(field), int) and t[field] >= 0, "units.json", key,
                  f"{field} must be a whole number of 0 or more")
        _need(t["range"] >= 1, "units.json", key, "range must be at least 1")
    _need(len(data["pads"]) == 4, "units.json", "pads", "there must be four Landing Pads")
    for key in data["start"]["jerseyite"]["place"] + data["start"]["jerseyite"]["held"]:
        _need(key in data["types"], "units.json", f"start {key}", "is not a unit type")
    for key, pads in data["start"]["krylon"]["pads"].items():
        _need(key in data["types"], "units.json", f"start {key}", "is not a unit type")
        _need(len(pads) <= data["types"][key]["count"], "units.json", f"start {key}", "more than the counter mix")
    return data


def types() -> dict:
    """Unit type key -> its values."""
    return units()["types"]


@lru_cache(maxsize=None)
def crt() -> dict:
    """crt.json, checked: ten columns of six results each, in the book's codes."""
    data = _read("crt.json")
    _need(tuple(data["columns"]) == COLUMNS, "crt.json", "columns", "must run Worse, -3 ... 5, Better")
    for col in COLUMNS:
        row = data["results"].get(col)
        _need(isinstance(row, list) and len(row) == 6, "crt.json", f"column {col}", "needs six results")
        for code in row:
            _need(code in CODES, "crt.json", f"column {col}", f"unknown result {code!r}")
    return data


@lru_cache(maxsize=None)
def sos() -> dict:
    """state_of_the_state.json, checked: one condition for each 2d6 total 2-12."""
    data = _read("state_of_the_state.json")
    for total in range(2, 13):
        c = data["rolls"].get(str(total))
        _need(c is not None, "state_of_the_state.json", f"roll {total}", "is missing")
        if c.get("nothing_changes"):
            continue
        _need(1 <= c.get("traffic", 0) <= 6, "state_of_the_state.json", f"roll {total}", "traffic must be 1-6")
        _need(c.get("action") in SOS_ACTIONS, "state_of_the_state.json", f"roll {total}", "unknown action")
        _need(all(k in CLASSES for k in c.get("move", {})), "state_of_the_state.json", f"roll {total}",
              "move changes are by class L, W or S")
    return data


@lru_cache(maxsize=None)
def condition(key: str) -> dict:
    """The State of the State condition with this key (or the normal one)."""
    data = sos()
    if key == "normal":
        return data["normal"]
    for c in data["rolls"].values():
        if c["key"] == key:
            return c
    raise DataError(f"state_of_the_state.json: no condition {key!r}")


@lru_cache(maxsize=None)
def confused() -> dict:
    """confused_movement.json, checked: a one-hex step for each d6 roll."""
    data = _read("confused_movement.json")
    for roll in range(1, 7):
        entry = data["rolls"].get(str(roll))
        _need(entry is not None and len(entry.get("step", [])) == 2, "confused_movement.json",
              f"roll {roll}", "needs a step [dq, dr]")
    return data


@lru_cache(maxsize=None)
def terrain_classes() -> dict:
    """terrain.json: terrain name -> land, water or city."""
    data = _read("terrain.json")["classes"]
    for name, cls in data.items():
        _need(cls in ("land", "water", "city"), "terrain.json", name, "class must be land, water or city")
    return data
