"""Setting up: the blank state, the Imperial order of battle, then the Orks in their territory.

The Imperial player places the order of battle where the reference sheet says (BFA-SET-4,
BFA-GAP-6): counter by counter, or all at once with *Standard set-up*. The Ork player places
every Ork counter anywhere in Ork territory (BFA-SET-8, -9), one by one or with the standard
set-up, always within the stacking rules (BFA-SET-5): at most three counting counters and one
tribe a stack. A placement that would leave the remaining counters no legal room is refused,
so a set-up can always be finished.
"""
from __future__ import annotations

from game.core.steps import Step

from . import board as boards
from . import data
from .flow import FLOW
from .model import COUNTS, SET_ASIDE, SIDES, TRIBE, UNPLACED, counts, event, log, put, stack, tribe

IMPERIAL_AREA = {cid: area for area, ids in data.setup()["imperial"].items() for cid in ids}
ORK_STANDARD = {cid: area for area, ids in data.setup()["ork_standard"].items() for cid in ids}
ORK_IDS = tuple(sorted(ORK_STANDARD))


def blank(path: str) -> dict:
    """A state before set-up: Imperial counters set aside, Ork counters waiting to be placed."""
    at = {}
    for cid, c in data.counters().items():
        at[cid] = UNPLACED if c["side"] == "ork" or cid in IMPERIAL_AREA else SET_ASIDE
    return {"game": "armageddon", "map": path, "turn": 1, "stage": "setup", "segment": None,
            "at": at, "stacks": {}, "ruins": [],
            "build_points": data.build()["build_point_track"]["start"],          # BFA-SET-1
            "hands": {s: [] for s in SIDES}, "decks": {s: [] for s in SIDES},
            "discards": {s: [] for s in SIDES}, "plan": {s: [] for s in SIDES},
            "revealed": {s: [] for s in SIDES}, "initiative": None,
            "special_used": {s: False for s in SIDES}, "effects": [],
            "moved": [], "attacked": [], "retreated": [],
            "result": None, "reveals": 0, "event_serial": 0, "events": [], "log": [],
            "dice": {"serial": 0, "values": [], "text": ""}, "stack": []}


# ---------------------------------------------------------------- the Imperial set-up
def _imperial_actions(state: dict, frame: dict) -> list:
    acts = [("standard",)]
    for cid, area in IMPERIAL_AREA.items():
        if state["at"][cid] == UNPLACED:
            acts.append(("place", cid, area))
    return acts


def _imperial_place(state: dict, frame: dict, cid: str, area: str) -> None:
    put(state, cid, area)
    event(state, "placed", counter=cid, area=area, side="imperial")
    if not any(state["at"][c] == UNPLACED for c in IMPERIAL_AREA):
        _imperial_done(state)


def _imperial_standard(state: dict, frame: dict) -> None:
    for cid, area in IMPERIAL_AREA.items():
        if state["at"][cid] == UNPLACED:
            put(state, cid, area)
    event(state, "placed", side="imperial", standard=True)
    _imperial_done(state)


def _imperial_done(state: dict) -> None:
    log(state, "The Imperial army stands where the reference sheet puts it (BFA-SET-4).", "imperial")
    FLOW.end(state)


FLOW.add(Step("setup_imperial", who=lambda s, f: "imperial",
              prompt=lambda s, f: "Set up the Imperial army where the reference sheet says, "
                                  "or take the standard set-up (BFA-SET-4).",
              actions=_imperial_actions,
              handlers={"standard": _imperial_standard, "place": _imperial_place}))


# ---------------------------------------------------------------- the Ork set-up
def unplaced_orks(state: dict) -> list:
    """Ork counters not yet on the map, in id order."""
    at = state["at"]
    return [c for c in ORK_IDS if at[c] == UNPLACED]


def _areas_needed(need: dict, spare: dict) -> int:
    """Empty areas still needed: each tribe fills its own stacks first, three to a new one."""
    return sum(max(0, -(-(n - spare.get(t, 0)) // 3)) for t, n in need.items())


def _census(state: dict, areas, left: list) -> tuple:
    """What the room left in Ork territory depends on: the tribes' spare places in their own
    stacks, the empty areas, each tribe's stacks with their room, and the counting counters
    each tribe still has to place."""
    spare, empty, own = {}, [], {t: [] for t in data.tribes()}
    stacks = state["stacks"]
    for a in areas:
        pile = stacks.get(a)
        if not pile:
            empty.append(a)
            continue
        t = TRIBE[pile[0]]
        room = 3
        for c in pile:
            room -= COUNTS[c]
        spare[t] = spare.get(t, 0) + room
        own[t].append((a, room))
    need = {}
    for cid in left:
        if COUNTS[cid]:
            t = TRIBE[cid]
            need[t] = need.get(t, 0) + 1
    return spare, empty, own, need


def _fits(census: tuple, t: str, counting: bool) -> list:
    """The areas where a counter of tribe ``t`` keeps the whole set-up possible (BFA-SET-5), sorted.

    Whether a placement leaves room depends only on whether its area is empty or already the
    tribe's: an empty area is then taken, and the tribe's spare places change.
    """
    spare, empty, own, need = census
    ok = [a for a, room in own[t] if room > 0 or not counting]
    after = dict(need)
    if counting:
        after[t] = after.get(t, 0) - 1
    grown = dict(spare)
    grown[t] = grown.get(t, 0) + (2 if counting else 3)
    if _areas_needed(after, grown) <= len(empty) - 1:
        ok += empty
    return sorted(ok)


def _room(state: dict, areas, left: list) -> dict:
    """(tribe, counts) -> the areas where that counter keeps the whole set-up possible (BFA-SET-5)."""
    census = _census(state, areas, left)
    return {key: _fits(census, *key) for key in {(TRIBE[cid], COUNTS[cid]) for cid in left}}


class _Places(dict):
    """Area -> one counter's place action, each built the first time it is asked for."""

    def __init__(self, cid: str):
        super().__init__()
        self.cid = cid

    def __missing__(self, area: str) -> tuple:
        act = self[area] = ("place", self.cid, area)
        return act


_PLACES = {cid: _Places(cid) for cid in ORK_IDS}     # the same actions again and again: kept


def _ork_actions(state: dict, frame: dict) -> list:
    left = unplaced_orks(state)
    acts = [("standard",)] if len(left) == len(ORK_STANDARD) else []
    room = _room(state, boards.of(state).ork_list, left)
    for cid in left:
        # Ghazghkull counts for no limit but keeps to his tribe (BFA-STK-3, BFA-AMBIG-4).
        acts += map(_PLACES[cid].__getitem__, room[(TRIBE[cid], COUNTS[cid])])
    return acts


def _ork_allows(state: dict, frame: dict, action) -> bool:
    """Exactly ``action in _ork_actions(state, frame)``, without building the list (Flow.apply's gate)."""
    left = unplaced_orks(state)
    if action == ("standard",):
        return len(left) == len(ORK_STANDARD)
    if type(action) is not tuple or len(action) != 3 or action[0] != "place" or action[1] not in left:
        return False
    cid = action[1]
    census = _census(state, boards.of(state).ork_list, left)
    return action[2] in _fits(census, TRIBE[cid], COUNTS[cid])


def _ork_place(state: dict, frame: dict, cid: str, area: str) -> None:
    put(state, cid, area)
    event(state, "placed", counter=cid, area=area, side="ork")
    if not unplaced_orks(state):
        _ork_done(state)


def _ork_standard(state: dict, frame: dict) -> None:
    for cid in unplaced_orks(state):
        put(state, cid, ORK_STANDARD[cid])
    event(state, "placed", side="ork", standard=True)
    _ork_done(state)


def _ork_done(state: dict) -> None:
    log(state, "Every Ork counter of the three tribes stands in Ork territory (BFA-SET-8).", "ork")
    FLOW.end(state)


def _ork_explain(state: dict, frame: dict, action) -> tuple | None:
    if action[0] != "place" or len(action) != 3:
        return None
    _verb, cid, area = action
    if area not in boards.of(state).ork_territory:
        return ("Ork counters set up in Ork territory, on land", "BFA-SET-9")
    pile = stack(state, area)
    if pile and tribe(pile[0]) != tribe(cid):
        return ("Ork counters of different tribes may never share a stack", "BFA-STK-4")
    if counts(cid) and sum(1 for c in pile if counts(c)) >= 3:
        return ("a stack holds at most 3 counters", "BFA-SET-5")
    return ("that would leave the other counters no legal room", "BFA-SET-5")


FLOW.add(Step("setup_ork", who=lambda s, f: "ork",
              prompt=lambda s, f: f"Set up the Orks anywhere in Ork territory, three to a stack and one "
                                  f"tribe to a stack ({len(unplaced_orks(s))} left), or take the "
                                  f"standard set-up (BFA-SET-9).",
              actions=_ork_actions, explain=_ork_explain, allows=_ork_allows,
              handlers={"standard": _ork_standard, "place": _ork_place}))
