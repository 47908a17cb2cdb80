"""Positions for the combat, retreat, supply, build and card tests, played through the contract.

``table`` lays out a started game with only the listed counters on the map; ``combat``,
``build``, ``supply`` then start that phase for a side with scripted dice and the turn frame
empty behind it, so a test drives the phase with SPEC.apply alone.
"""
from __future__ import annotations

from game.rules.armageddon import SPEC, data
from game.rules.armageddon import battle, build as building, supply as supplying
from game.rules.armageddon.flow import FLOW
from game.rules.armageddon.model import ELIMINATED, OUT, SET_ASIDE, UNPLACED, put, set_ruined

FIGHTERS = ("unit", "leader")
SEEN: list = []          # every event since the last ``table``: a state holds only its own action's


def _note(state: dict) -> dict:
    last = SEEN[-1]["serial"] if SEEN else 0
    SEEN.extend(e for e in state["events"] if e["serial"] > last)
    return state


def started(seed: int = 1, options: dict | None = None) -> dict:
    """A game after both standard set-ups: the strategy segment of turn 1 (``options``: the
    new-game options, e.g. another map)."""
    state = SPEC.setup(seed, None, options)
    state = SPEC.apply(state, ("standard",))
    state = SPEC.apply(state, ("standard",))
    SEEN.clear()
    return _note(state)


def industry(area: str) -> str:
    """The hive or factory counter of an area."""
    return next(c for c, v in data.counters().items() if v.get("area") == area)


def table(imperial: dict, ork: dict, ruins=(), forts: dict | None = None, turn: int = 2,
          eliminated=(), hands: dict | None = None, dice=(), options: dict | None = None) -> dict:
    """Only the listed units, leaders and fortifications on the map; hives and factories stay.

    Other Imperial units are set aside, other Ork units unplaced, other fortifications out of
    play; ``eliminated`` go to the Eliminated box; ``hands`` replaces the special-card hands.
    """
    state = started(options=options)
    for cid, place in list(state["at"].items()):
        role = data.role(cid)
        if role in FIGHTERS:
            put(state, cid, SET_ASIDE if cid.startswith("im") else UNPLACED)
        elif role == "fortification":
            put(state, cid, OUT)
    for cid, area in (forts or {}).items():
        put(state, cid, area)
    for layout in (imperial, ork):
        for area, ids in layout.items():
            for cid in ids:
                put(state, cid, area)
    for cid in eliminated:
        put(state, cid, ELIMINATED)
    for area in ruins:
        set_ruined(state, industry(area), True)
    if hands is not None:
        for side in data.SIDES:
            held = list(hands.get(side, []))
            everyone = state["hands"][side] + state["decks"][side] + state["discards"][side]
            state["hands"][side] = held
            state["decks"][side] = [c for c in everyone if c not in held]
            state["discards"][side] = []
    state["turn"] = turn
    state["rng"]["dice"] = list(dice)
    SEEN.clear()
    return _note(state)


def _segment(state: dict, side: str, kind: str, same: bool = False) -> dict:
    """A turn frame with nothing queued, in action segment 1 of ``side`` (``same``: the segment
    already under way, its special cards used as they were)."""
    FLOW.game_over(state)
    FLOW.start(state, "turn", tasks=[])
    state["stage"] = "action"
    state["segment"] = {"n": 1, "side": side, "card": None, "phase": kind, "step": 1}
    if not same:
        state["special_used"] = {s: False for s in data.SIDES}
        state["effects"] = []
    return state


def combat(state: dict, side: str, same: bool = False) -> dict:
    """Start ``side``'s combat phase in a laid-out position."""
    _segment(state, side, "combat", same)
    battle.begin(state, side)
    return _note(state)


def build(state: dict, side: str) -> dict:
    """Start ``side``'s build phase."""
    _segment(state, side, "build")
    building.begin(state, side)
    return _note(state)


def supply(state: dict, side: str) -> dict:
    """Run ``side``'s supply check."""
    _segment(state, side, "supply")
    supplying.begin(state, side)
    return _note(state)


def play(state: dict, *actions) -> dict:
    """Apply actions in order through the contract."""
    for action in actions:
        state = _note(SPEC.apply(state, action))
    return state


def attack(state: dict, target: str, *areas) -> dict:
    """Declare an attack on ``target`` from ``areas`` and roll (the die from the script)."""
    state = play(state, ("attack", target))
    frame = FLOW.frame(state)
    for area in areas:
        if area not in frame["chosen"]:
            state = play(state, ("area", area))
            frame = FLOW.frame(state)
    return play(state, ("roll",))


def events(state: dict, kind: str) -> list:
    """The structured events of one kind since the position was laid out, oldest first (``state``
    must be the newest: the record is kept as the helpers play)."""
    _note(state)
    return [e for e in SEEN if e["kind"] == kind]


def where(state: dict, cid: str) -> str:
    """The place of a counter."""
    return state["at"][cid]


def step(state: dict) -> str | None:
    """The name of the step to be decided now."""
    frame = FLOW.frame(state)
    return frame["step"] if frame else None


def phase(state: dict, side: str, kind: str) -> dict:
    """Run the moment ``start:<kind>`` (the special-card windows) and then the phase itself, as the
    action segment does, with nothing queued after it."""
    from game.rules.armageddon import hooks, sequence
    _segment(state, side, kind)
    frame = state["stack"][0]
    frame["tasks"] = [f"moment|start:{kind}|{j}" for j in range(len(hooks.MOMENTS.get(f"start:{kind}", ())))]
    frame["tasks"].append(f"phase|{kind}")
    sequence.advance(state, frame)
    return _note(state)
