"""The counters as the state holds them: a short row of what play changes; the rest read once.

A counter's id, type, side and name never change in play: they come from units.json, read once
(``FIXED``). The state keeps only what play changes, one row per counter id under
``state["units"]``: ``[where, place, mp, marks]``.

- where: "map", "pad", "ship", "pool" (off the map, not in use) or "dead" (gone for good);
- place: the hex [q, r] on the map, the Landing Pad's number (1 to 4, units.json's order), the
  id of the spaceship it rides, or None;
- mp: Movement Points left this phase;
- marks: Confused (1), has attacked (2), has defended (4) this combat phase, added up.

The rules read and change a counter through ``Unit``, which answers ``unit["hex"]``,
``unit["side"]`` and the rest as the whole record did, so the rules read as before while a
finished game's state stays under 5 KB without its log (it was 16 KB, most of it sixty whole
records). ``record(row, uid)`` gives the whole record (saves made before this shape, the API).
"""
from __future__ import annotations

from . import data

WHERE, PLACE, MP, MARKS = range(4)             # a row's fields
MARK = {"confused": 1, "attacked": 2, "defended": 4}
PLACE_OF = {"map": "hex", "pad": "pad", "ship": "ship"}      # where a unit is -> the field naming its place
RECORD_KEYS = ("id", "type", "side", "name", "where", "hex", "pad", "ship", "confused", "mp",
               "attacked", "defended")        # the whole record, in the order saves held it
PADS = tuple(data.units()["pads"])             # a pad's number is its place in this list, from 1
PAD_NUMBER = {name: i + 1 for i, name in enumerate(PADS)}


def _fixed() -> dict:
    """Every counter's id, type, side and name (HSNJ counter mix), in table order."""
    out = {}
    for key, kind in data.units()["types"].items():
        for n in range(1, kind["count"] + 1):
            uid = f"{key}{n}"
            label = kind["name"] if kind["count"] == 1 else f"{kind['name']} {n}"
            out[uid] = {"id": uid, "type": key, "side": kind["side"], "name": label}
    return out


FIXED = _fixed()                 # counter id -> its fixed values (a test may add a counter of its own)
MIX = tuple(FIXED)               # the ids of the counter mix, in table order


def new_row() -> list:
    """A counter as set-up makes it before placing anything: off the map, no MP, no marks."""
    return ["pool", None, 0, 0]


# How Unit reads a key, in one look-up (the rules read units often): a fixed value (-1), a row
# field by its index (0 to 3), the place when the unit is where the key names (the key's
# where), or a mark by its bit (as 8 + bit).
_READ = {"id": -1, "type": -1, "side": -1, "name": -1, "where": WHERE, "mp": MP,
         "hex": "map", "pad": "pad", "ship": "ship", **{k: 8 + bit for k, bit in MARK.items()}}


class Unit:
    """One counter as the rules read it: unit["hex"], unit["side"], ... like the whole record.

    Its fixed values come from FIXED; the rest is read from and written to the state's row, so
    changing a Unit changes that row (ask pieces.own for the state's own first: rows are shared
    between states until then)."""

    __slots__ = ("row", "fixed")

    def __init__(self, row: list, fixed: dict):
        self.row = row
        self.fixed = fixed

    def __getitem__(self, key: str):
        read = _READ[key]
        if read == -1:
            return self.fixed[key]
        row = self.row
        if read.__class__ is str:                   # the place, when the unit is there
            if row[WHERE] != read:
                return None
            return PADS[row[PLACE] - 1] if read == "pad" else row[PLACE]
        if read < 8:
            return row[read]
        return row[MARKS] & (read - 8) != 0

    def get(self, key: str, default=None):
        """unit[key], or default for a key a counter does not have."""
        try:
            return self[key]
        except KeyError:
            return default

    def keys(self) -> tuple:
        """The whole record's keys (so dict(unit) is the whole record)."""
        return RECORD_KEYS

    def __contains__(self, key) -> bool:
        return key in RECORD_KEYS

    def __setitem__(self, key: str, value) -> None:
        row = self.row
        if key == "mp":
            row[MP] = value
        elif key in MARK:
            row[MARKS] = row[MARKS] | MARK[key] if value else row[MARKS] & ~MARK[key]
        elif key == "where":
            if value != row[WHERE]:
                row[WHERE], row[PLACE] = value, None        # a new kind of place: the old one goes
        elif key in ("hex", "pad", "ship"):
            _set_place(row, key, value)
        else:
            raise KeyError(f"a counter's {key!r} never changes in play")

    def update(self, fields: dict | None = None, **more) -> None:
        """Change several fields at once; where first, so a place given with it stays."""
        if fields:
            more = {**fields, **more}
        if "where" in more:
            self["where"] = more["where"]
        for key, value in more.items():
            if key != "where":
                self[key] = value

    def __eq__(self, other) -> bool:
        return isinstance(other, Unit) and other.row == self.row and other.fixed is self.fixed

    __hash__ = None

    def __repr__(self) -> str:
        return f"Unit({self.fixed['id']}: {self.row})"


def _set_place(row: list, key: str, value) -> None:
    kind = {"hex": "map", "pad": "pad", "ship": "ship"}[key]
    if value is None:
        if row[WHERE] == kind:
            row[PLACE] = None
        return
    row[WHERE] = kind
    row[PLACE] = PAD_NUMBER[value] if key == "pad" else [value[0], value[1]] if key == "hex" else value


def parts(unit) -> tuple:
    """(row, fixed values) of a Unit, or of a whole record (made into a row), for code that reads
    many fields at once."""
    if isinstance(unit, Unit):
        return unit.row, unit.fixed
    return row_of(unit), unit


def record(row: list, uid: str) -> dict:
    """The counter's whole record, as states held it before this shape (a new dict)."""
    unit = Unit(row, FIXED[uid])
    return {k: unit[k] for k in RECORD_KEYS}


def row_of(unit: dict) -> list:
    """The row for a whole record (a save or a test written in the old shape)."""
    marks = sum(bit for key, bit in MARK.items() if unit.get(key))
    where = unit["where"]
    field = PLACE_OF.get(where)
    place = unit.get(field) if field else None
    if field == "pad" and place is not None:
        place = PAD_NUMBER[place]
    return [where, place, unit.get("mp", 0), marks]
