"""Reinforcements: Krylons on the Landing Pads, a returning Star Frigate, turn-8 Guard, Hopat Cong."""
from __future__ import annotations

from game.core.steps import Step

from . import board as boards
from . import pieces
from .flow import FLOW, hexact, hexarg, source_of, step
from .movement import KEPT

PAD_LIMIT = 4      # units placed on each pad in one Reinforcement Phase (HSNJ-REI-1, AMBIG-21)
HOPAT_LIMIT = 2    # Hopat Cong placed on one Hopat turn (HSNJ-JER-3)


# -- Landing Pads ----------------------------------------------------------------------------
def _frigates_in_play(state: dict) -> int:
    return sum(1 for u in pieces.units(state, kind="star_frigate") if u["where"] != "dead")


def _frigate_back(state: dict):
    """The destroyed Star Frigate that may return now, if any (HSNJ-REI-4, REI-5, AMBIG-8)."""
    if state.get("frigate_back") == state["turn"] or _frigates_in_play(state) >= 2:
        return None
    dead = pieces.units(state, where="dead", kind="star_frigate")
    return dead[0] if dead else None


def _reserves(state: dict) -> list:
    """One waiting Krylon land or water unit of each type (all of a type are alike)."""
    seen, out = set(), []
    for uid in pieces.ids(state, "krylon", "pool"):
        kind = pieces.FIXED[uid]["type"]
        if pieces.TYPES[kind]["class"] != "S" and kind not in seen:
            seen.add(kind)
            out.append(pieces.unit(state, uid))
    return out


def pad_choices(state: dict, sel: str | None) -> list:
    """With nothing chosen: the units that may go onto a pad; with a unit chosen: its pads."""
    if sel is None:
        reserves, frigate = _waiting(state)
        return (list(reserves) if _open_pads(state) else []) + ([frigate] if frigate else [])
    if pieces.unit(state, sel)["type"] == "star_frigate":
        return list(state["pads_placed"])          # any pad (HSNJ-GAP-7)
    return _open_pads(state)


def _waiting(state: dict) -> tuple:
    """(ids of _reserves(), the id of _frigate_back() or None), kept per state (the turn and a
    Frigate's return are in the key): choosing a unit moves none, so a phase asks once a landing."""
    def compute():
        frigate = _frigate_back(state)
        return tuple(u["id"] for u in _reserves(state)), frigate["id"] if frigate else None
    return KEPT.get(state, ("pads", state["turn"], state.get("frigate_back")), compute)


def _open_pads(state: dict) -> list:
    return [p for p, n in state["pads_placed"].items() if n < PAD_LIMIT]


def _pads_actions(state, frame):
    acts = [("unit", uid) for uid in pad_choices(state, None) if uid != frame["sel"]]
    if frame["sel"]:
        acts += [("box", p) for p in pad_choices(state, frame["sel"])]
        acts.append(("deselect",))          # not this unit after all: the phase goes on (HSNJ-REI-1)
    return acts + [("done",)]


def _pads_unit(state, frame, uid):
    _share(state)
    frame["sel"] = uid


def _share(state):
    """Choosing a unit moves none: the answers kept for the state this was copied from hold."""
    src = source_of(state)
    if src is not None:
        KEPT.share(src, state)


def _pads_box(state, frame, pad):
    unit = pieces.own(state, frame["sel"])
    unit.update(where="pad", pad=pad, hex=None, ship=None, confused=False)
    pieces.event(state, "landed", unit=unit["id"], name=unit["name"], side="krylon", at=pad)
    if unit["type"] == "star_frigate":
        state["frigate_back"] = state["turn"]
        pieces.log(state, "krylon", f"{unit['name']} returns to {pad}.")
    else:
        pieces.own_part(state, "pads_placed")[pad] += 1
        pieces.log(state, "krylon", f"{unit['name']} lands on {pad}.")
    frame["sel"] = None
    if not pad_choices(state, None):
        _pads_done(state, frame)


def _pads_deselect(state, frame):
    _share(state)
    frame["sel"] = None


def _pads_done(state, frame):
    FLOW.end(state)                         # the turn goes on (sequence.after_pads)


def _pads_explain(state, frame, action):
    if action[0] == "box":
        if not frame["sel"]:
            return "choose a unit to put on a Landing Pad first", "HSNJ-REI-1"
        return "at most four units go onto each Landing Pad in a Reinforcement Phase", "HSNJ-AMBIG-21"
    if action[0] == "unit":
        u = pieces.find(state, action[1])
        if u and u["type"] == "star_frigate":
            return "a Star Frigate returns only while the Krylons have fewer than two", "HSNJ-REI-4"
        if u and u["side"] == "jerseyite" and u["where"] == "dead":
            return "destroyed Jerseyite units never return", "HSNJ-REI-6"
        return "only Krylon land or water units not in use can land", "HSNJ-REI-1"
    return None


step(Step("pads", who=lambda s, f: "krylon",
          prompt=lambda s, f: (f"Krylons: click a Landing Pad for {pieces.unit(s, f['sel'])['name']} "
                               f"(up to 4 new units a pad)." if f["sel"] else
                               "Krylons: choose units to land on the Landing Pads, or Done."),
          actions=_pads_actions, handlers={"unit": _pads_unit, "box": _pads_box, "done": _pads_done,
                                           "deselect": _pads_deselect},
          explain=_pads_explain))


# -- Turn 8: Guard Infantry ---------------------------------------------------------------------
def start_guard(state: dict) -> bool:
    """Note the cities free of Krylons (HSNJ-REI-7); True when a Guard can be placed at all."""
    b = boards.of(state)
    krylon_hexes = {tuple(u["hex"]) for u in pieces.on_map(state, "krylon")}
    state["guard_cities"] = [boards.key(c) for c in b.cities if c not in krylon_hexes]
    return bool(_guard_hexes(state))


def _guard_pool(state: dict) -> list:
    return pieces.units(state, where="pool", kind="guard")


def _candidates(state: dict, city, occ, b) -> list:
    return [h for h in (city,) + b.nbrs[city] if h not in occ and b.is_land(h)]


def _guard_hexes(state: dict) -> dict:
    """Hex -> the cities it may serve; empty when no Guard is left (HSNJ-REI-8)."""
    if not _guard_pool(state):
        return {}
    b = boards.of(state)
    occ = pieces.occupancy(state)
    out: dict = {}
    for k in state["guard_cities"]:
        city = boards.unkey(k)
        for h in _candidates(state, city, occ, b):
            out.setdefault(h, []).append(city)
    return out


def _guard_actions(state, frame):
    return [hexact(h) for h in sorted(_guard_hexes(state))] + [("done",)]


def _guard_hex(state, frame, h):
    h = hexarg(h)
    b = boards.of(state)
    occ = pieces.occupancy(state)
    cities = _guard_hexes(state)[h]
    # Serve the city itself, else the neighbouring city with the fewest other free hexes.
    city = h if h in cities else min(cities, key=lambda c: (len(_candidates(state, c, occ, b)), c))
    pieces.own_part(state, "guard_cities").remove(boards.key(city))
    unit = pieces.own(state, _guard_pool(state)[0]["id"])
    pieces.place(unit, h)
    pieces.log(state, "jerseyite", f"{unit['name']} musters at {b.label(h)} for {b.city_name(city)}.")
    if not _guard_hexes(state):
        _guard_done(state, frame)


def _guard_done(state, frame):
    state["guard_cities"] = []
    FLOW.end(state)                         # the turn goes on (sequence.after_guard)


step(Step("guard", who=lambda s, f: "jerseyite",
          prompt=lambda s, f: (f"Jerseyites: click a hex in or next to a city free of Krylons for a Guard "
                               f"Infantry ({len(_guard_pool(s))} left), or Done."),
          actions=_guard_actions, handlers={"hex": _guard_hex, "done": _guard_done},
          explain=lambda s, f, a: ("a Guard unit goes in or next to a city free of Krylons, "
                                   "on an empty land hex", "HSNJ-REI-7") if a[0] == "hex" else None))
FLOW.quick["guard"] = lambda s, f, a: len(a) == 2 and a[0] == "hex" and type(a[1]) is tuple and \
    a[1] in _guard_hexes(s)         # the quick test for apply: exactly a listed hex


# -- Hopat Cong -----------------------------------------------------------------------------------
def hopat_available(state: dict) -> list:
    """Hopat Cong counters ready to appear."""
    return pieces.units(state, where="pool", kind="hopat_cong")


def _hopat_actions(state, frame):
    # Any empty land hex (HSNJ-AMBIG-14): every land hex's action, the few occupied ones taken out.
    if not hopat_available(state):
        return [("done",)]
    b = boards.of(state)
    acts, index = list(b.land_acts), b.land_index
    for i in sorted((index[h] for h in pieces.occupancy(state) if h in index), reverse=True):
        del acts[i]
    acts.append(("done",))
    return acts


def _hopat_hex(state, frame, h):
    h = hexarg(h)
    unit = pieces.own(state, hopat_available(state)[0]["id"])
    pieces.place(unit, h)
    unit["mp"] = 0
    frame["placed"] += 1
    pieces.log(state, "jerseyite", f"{unit['name']} appears at {boards.of(state).label(h)} out of nowhere.")
    if frame["placed"] >= HOPAT_LIMIT or not hopat_available(state) or not _free_land(state):
        _hopat_done(state, frame)


def _free_land(state: dict) -> bool:
    """Some land hex is empty, so a Hopat Cong counter has somewhere to appear (HSNJ-AMBIG-14)."""
    occ = pieces.occupancy(state)
    return any(h not in occ for h in boards.of(state).land)


def _hopat_surely_legal(state, frame, action) -> bool:
    """The quick test for apply: exactly a hex _hopat_actions lists, without listing them all."""
    return len(action) == 2 and action[0] == "hex" and type(action[1]) is tuple and \
        action[1] in boards.of(state).land_set and action[1] not in pieces.occupancy(state) and \
        bool(hopat_available(state))


def _hopat_done(state, frame):
    FLOW.end(state)                         # the turn goes on (sequence.recovery)


step(Step("hopat", who=lambda s, f: "jerseyite",
          prompt=lambda s, f: "Jerseyites: place up to 2 Hopat Cong on empty land hexes (gone after combat), or Done.",
          actions=_hopat_actions, handlers={"hex": _hopat_hex, "done": _hopat_done},
          explain=lambda s, f, a: ("Hopat Cong appear on an empty land hex", "HSNJ-AMBIG-14")
          if a[0] == "hex" else None))
FLOW.quick["hopat"] = _hopat_surely_legal
