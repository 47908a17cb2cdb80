"""The shapes in which saves made before held the state, so that they still load.

A save's snapshot is checked against the state its moves replay to (GameSpec.matches_snapshot).
The state now holds each counter as a short row (counters.py) and each VP record entry as
[side, vp, source]; saves written before hold it in one of three older shapes, all worked out
here from today's state (``older_snapshots``):

- whole: every counter's whole record, each VP record entry a dict, a battle's odds with each
  result's words;
- packed: the whole state with each counter written by what play changed ([where, place, mp,
  flags], trailing defaults left out, a counter still as set up not at all), the VP record as
  lists (``pack``; ``unpack(pack(whole)) == whole``, tests/hack_sack/test_packing.py);
- before events: the whole state without ``events``, its result under ``over`` (the golden
  replays).
"""
from __future__ import annotations

from game.core import record

from . import counters, odds

PLACE = {"map": "hex", "pad": "pad", "ship": "ship"}     # where a unit is -> the field naming the place
FLAGS = (("c", "confused"), ("a", "attacked"), ("d", "defended"))
UNIT_KEYS = frozenset(("id", "type", "side", "name", "where", "hex", "pad", "ship", "confused", "mp",
                       "attacked", "defended"))
PACKED = "units_packed"          # the key that replaces "units" in a packed state
_BASE: dict = {}                 # unit id -> its record before set-up (read once from units.json)


def base_records() -> dict:
    """Every counter's whole record as setup makes it before placing anything (HSNJ counter mix)."""
    if not _BASE:
        _BASE.update({uid: counters.record(counters.new_row(), uid) for uid in counters.MIX})
    return _BASE


def whole(state: dict) -> dict:
    """The state in the shape held before counters became rows: whole records, VP entries as dicts."""
    out = dict(state)
    out["units"] = {uid: counters.record(row, uid) if type(row) is list else dict(row)
                    for uid, row in state["units"].items()}
    out["vp_log"] = [{"side": e[0], "vp": e[1], "source": e[2]} if type(e) is list else e
                     for e in state.get("vp_log", ())]
    for key in ("battle", "last_battle"):           # the results' words were kept in the state
        if key in state:
            out[key] = odds.worded(state[key])
    return out


def older_snapshots(state: dict) -> list:
    """The state in each shape an older save's snapshot holds it: whole, packed, before events."""
    old = whole(state)
    before_events = record.without_events(old)
    before_events["over"] = before_events.pop("result", None)
    return [old, pack(old), before_events]


def pack(state: dict) -> dict:
    """A whole state (see whole()) with its units and VP record written compactly, as saves of
    the packed shape hold it (JSON data; unpack reverses it)."""
    if "units" not in state:
        return state
    out = {k: v for k, v in state.items() if k != "units"}
    base = base_records()
    rows = {}
    for uid, unit in state["units"].items():
        row = _row(unit, base.get(uid))
        if row is not None:
            rows[uid] = row
    missing = [uid for uid in base if uid not in state["units"]]
    out[PACKED] = {"rows": rows, "absent": missing} if missing else {"rows": rows}
    if all(type(e) is dict and e.keys() == {"side", "vp", "source"} for e in state.get("vp_log", ())):
        out["vp_log"] = [[e["side"], e["vp"], e["source"]] for e in state.get("vp_log", ())]
    return out


def _row(unit: dict, base: dict | None):
    """A unit as [where, place, mp, flags] with trailing defaults dropped; None when it is as set up;
    the whole record when it holds anything this form cannot say (never in play, but nothing is lost)."""
    if base is None or unit.keys() != UNIT_KEYS or any(unit[k] != base[k] for k in ("id", "type", "side", "name")):
        return dict(unit)
    where = unit["where"]
    field = PLACE.get(where)
    if any(unit[f] is not None for f in ("hex", "pad", "ship") if f != field):
        return dict(unit)
    mp = unit["mp"]
    if type(mp) is bool or type(mp) not in (int, float) or any(type(unit[f]) is not bool for _, f in FLAGS):
        return dict(unit)
    flags = "".join(letter for letter, f in FLAGS if unit[f])
    row = [where, unit[field] if field else None, mp, flags]
    while row and row[-1] in (None, 0, "") and type(row[-1]) is not float:
        row.pop()
    if not row or row == ["pool"]:
        return None
    return row


def unpack(packed: dict) -> dict:
    """The whole state from its packed form (a state that was never packed comes back as it is)."""
    if PACKED not in packed:
        return packed
    out = {k: v for k, v in packed.items() if k != PACKED}
    rows, absent = packed[PACKED]["rows"], set(packed[PACKED].get("absent", ()))
    units = {}
    for uid, base in base_records().items():
        if uid not in absent:
            units[uid] = _unit(rows.get(uid), base)
    for uid, row in rows.items():
        if uid not in units:
            units[uid] = dict(row)
    out["units"] = units
    if "vp_log" in packed:
        out["vp_log"] = [e if type(e) is dict else {"side": e[0], "vp": e[1], "source": e[2]}
                         for e in packed["vp_log"]]
    return out


def _unit(row, base: dict) -> dict:
    """A unit's whole record from its packed row."""
    if type(row) is dict:
        return dict(row)
    unit = dict(base)
    if row is None:
        return unit
    where, place, mp, flags = list(row) + [None, None, 0, ""][len(row):]
    unit["where"] = where
    if PLACE.get(where):
        unit[PLACE[where]] = place
    unit["mp"] = mp
    for letter, f in FLAGS:
        unit[f] = letter in flags
    return unit
