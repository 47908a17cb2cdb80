"""Setting up: the counter mix, the Krylon fleet on the Landing Pads, and Jerseyite placement (section VI)."""
from __future__ import annotations

from game.core import rng
from game.core.steps import Step

from . import board as boards
from . import counters, data, pieces
from .flow import FLOW, hex_or_none, hexact, hexarg, step
from .sequence import begin


def new_state(seed: int, scenario: str | None = None, options: dict | None = None) -> dict:
    """A fresh game: every counter in its starting place, Jerseyites about to set up."""
    options = dict(options or {})
    path = options.get("map") or boards.DEFAULT_MAP
    board = boards.fresh(path)                      # read here (again if edited since), checked before play
    state = {"game": "hack_sack", "map": path, "scenario": scenario or "standard",
             "turn": 0, "phase": "setup", "units": {}, "vp": {"krylon": 0, "jerseyite": 0},
             "vp_log": [], "lost": [], "log": [], "condition": {"key": "normal", "roll": None},
             "dice": {"serial": 0, "values": [], "sides": 6, "text": ""},
             "pads_placed": {p: 0 for p in board.pads}, "battle": None, "last_battle": None, "result": None,
             "pinned": {}, "events": [], "event_serial": 0}
    rng.init(state, seed, options)
    _counters(state)
    pieces.log(state, None, "Hack & Sack New Jersey: the Jerseyites set up first, openly (HSNJ-GAP-6).")
    begin(state)
    if options.get("deploy") == "standard":
        _standard(state)
        FLOW.steps["deploy"].handlers["done"](state, state["stack"][-1])
    return state


def _counters(state: dict) -> None:
    start_pads = data.units()["start"]["krylon"]["pads"]
    for uid in counters.MIX:
        fixed = counters.FIXED[uid]
        row = state["units"][uid] = counters.new_row()
        pads = start_pads.get(fixed["type"], ())
        n = int(uid[len(fixed["type"]):])
        if n <= len(pads):
            counters.Unit(row, fixed).update(where="pad", pad=pads[n - 1])


def to_place(state: dict) -> list:
    """Jerseyite units still waiting to be set up (Guard and Hopat Cong are held back, HSNJ-SET-5)."""
    wanted = data.units()["start"]["jerseyite"]["place"]
    return [u for u in pieces.units(state, "jerseyite", "pool") if u["type"] in wanted]


def placement_ok(state: dict, unit: dict, h, occ: dict | None = None) -> tuple[bool, str, str]:
    """Whether a unit may be set up in hex h, and if not why (with the clause)."""
    b = boards.of(state)
    occ = pieces.occupancy(state) if occ is None else occ
    if h not in b.cls:
        return False, "that hex is not on the map", "HSNJ-GAP-11"
    if h in occ:
        return False, "only one unit may stand in a hex", "HSNJ-GAP-3"
    t = pieces.t(unit)
    near_city = b.cls[h] == "city" or any(b.cls[n] == "city" for n in b.nbrs[h])
    if t.get("cow"):
        if b.cls[h] != "land" or h in b.roads or near_city:
            return False, "the cow starts on land away from roads and cities", "HSNJ-SET-4"
    elif t["class"] == "S":
        if not b.is_land(h) or h not in b.coastal:
            return False, "space units start on land next to water", "HSNJ-SET-2"
    elif t["class"] == "W":
        if b.cls[h] != "water" or not any(b.cls[n] == "city" for n in b.nbrs[h]):
            return False, "the USS New Jersey starts on water next to a city", "HSNJ-SET-3"
    elif not b.is_land(h) or not near_city:
        return False, "Jerseyite land units start in or next to a city", "HSNJ-SET-1"
    return True, "", ""


def setup_kind(unit: dict) -> str:
    """Which set-up rule binds a unit: land, space, water or cow."""
    t = pieces.t(unit)
    return "cow" if t.get("cow") else {"L": "land", "S": "space", "W": "water"}[t["class"]]


WHERE_WORDS = {"land": "in a city or next to one, HSNJ-SET-1", "space": "on land next to water, HSNJ-SET-2",
               "water": "on water next to a city, HSNJ-SET-3",
               "cow": "open country: no road, no city, not next to a city, HSNJ-SET-4"}


def legal_hexes(state: dict, unit: dict, occ: dict | None = None) -> list:
    """Every hex this unit may be set up in (``occ``: the occupancy, when the caller has it)."""
    occ = pieces.occupancy(state) if occ is None else occ
    return [h for h in boards.of(state).setup_order(setup_kind(unit)) if h not in occ]


def _standard(state: dict) -> None:
    """The authored default set-up: spread the units over the cities in turn, each unit in the free
    hex nearest its city (ties by hex), the cow as far from every city as it can be."""
    b = boards.of(state)
    occ = pieces.occupancy(state)
    for i, unit in enumerate(to_place(state)):
        kind = setup_kind(unit)
        # Each order is worked out once per map, so a unit takes the first free hex in it.
        order = b.setup_order(kind, far=True) if kind == "cow" else b.setup_order(kind, b.cities[i % len(b.cities)])
        h = next((x for x in order if x not in occ), None)
        if h is None:
            continue
        pieces.place(pieces.own(state, unit["id"]), h)
        occ[h] = unit["id"]
    pieces.log(state, "jerseyite", "accepts the standard set-up.")


# -- the deploy step --------------------------------------------------------------------
def _actions(state, frame):
    # A unit with no hex it may set up on (an edited map without water, say) stays home at Done,
    # so that the game can still start (_on_done); only the others are offered.
    occ = pieces.occupancy(state)
    waiting = [u for u in to_place(state) if legal_hexes(state, u, occ)]
    if not waiting:
        return [("done",)]
    acts = [("setup", "standard")]
    acts += [("unit", u["id"]) for u in waiting if u["id"] != frame["sel"]]
    if frame["sel"]:
        acts += [hexact(h) for h in legal_hexes(state, pieces.unit(state, frame["sel"]), occ)]
    return acts


def _on_unit(state, frame, uid):
    frame["sel"] = uid


def _on_hex(state, frame, h):
    unit = pieces.own(state, frame["sel"])
    pieces.place(unit, hexarg(h))
    pieces.log(state, "jerseyite", f"sets up {unit['name']} in {boards.of(state).label(hexarg(h))}.")
    frame["sel"] = None


def _on_setup(state, frame, which):
    _standard(state)
    frame["sel"] = None


def _on_done(state, frame):
    # Units that found no legal hex on this map stay off it, so the game can still start.
    for u in to_place(state):
        pieces.own(state, u["id"])["where"] = "dead"
        pieces.own_part(state, "lost").append(u["id"])
        pieces.log(state, "jerseyite", f"{u['name']} finds no place to set up and stays home.")
    FLOW.end(state)                         # the turn goes on (sequence.start_turn)


def _prompt(state, frame):
    if not to_place(state):
        return "Jerseyites: every unit is set up. Press Done to start turn 1."
    if frame["sel"]:
        unit = pieces.unit(state, frame["sel"])
        return f"Jerseyites: click a highlighted hex for {unit['name']} ({WHERE_WORDS[setup_kind(unit)]})."
    return "Jerseyites: choose a unit to set up, or take the standard set-up."


def _explain(state, frame, action):
    if action[0] == "hex":
        if not frame["sel"]:
            return "choose a unit to set up first", "HSNJ-GAP-6"
        # placement_ok names a hex off the map (or no hex at all) itself (HSNJ-GAP-11)
        ok, why, clause = placement_ok(state, pieces.unit(state, frame["sel"]), hex_or_none(action[1]))
        return (why, clause) if not ok else None
    if action[0] == "done":
        return "every Jerseyite unit must be set up first", "HSNJ-SET-1"
    return None


def _surely_legal(state, frame, action) -> bool:
    """The quick test for apply: a waiting unit chosen, or a free set-up hex for the chosen one."""
    if len(action) != 2 or action[1] is None:
        return False
    if action[0] == "unit":
        return action[1] != frame["sel"] and _waiting(pieces.find(state, action[1]))
    if action[0] != "hex" or not frame["sel"] or type(action[1]) is not tuple:
        return False
    unit = pieces.unit(state, frame["sel"])
    return _waiting(unit) and action[1] in boards.of(state).setup_hexes[setup_kind(unit)] and \
        action[1] not in pieces.occupancy(state)


def _waiting(unit: dict | None) -> bool:
    """The unit is one to_place() lists."""
    return unit is not None and unit["side"] == "jerseyite" and unit["where"] == "pool" and \
        unit["type"] in data.units()["start"]["jerseyite"]["place"]


step(Step("deploy", who=lambda s, f: "jerseyite", prompt=_prompt, actions=_actions,
          handlers={"unit": _on_unit, "hex": _on_hex, "setup": _on_setup, "done": _on_done},
          explain=_explain))
FLOW.quick["deploy"] = _surely_legal

