"""Sequence of play (section VI): the eight phases of a turn, with the automatic ones done here.

The bottom frame of the stack is the "turn" step. Each phase that asks a player is a step
it calls (set-up, pads, guard, move, hopat, combat); the step ends with ``FLOW.end`` and
the turn's ``resume`` carries on with the next phase, so no phase module imports this one.
"""
from __future__ import annotations

from game.core.steps import Step

from . import conditions, movement, pieces, reinforcement, victory
from .counters import MP            # a counter's row: its MP field
from .flow import FLOW, own_rows

LAST_TURN = 15
PHASES = ("reinforcement", "krylon_movement", "krylon_recovery", "krylon_combat",
          "jerseyite_movement", "jerseyite_recovery", "jerseyite_combat", "vp_tally")   # HSNJ-SEQ-1
PHASE_NAMES = {"setup": "Set-up", "reinforcement": "Reinforcement Phase",
               "krylon_movement": "Krylon Movement Phase", "krylon_recovery": "Krylon Unit Recovery Phase",
               "krylon_combat": "Krylon Combat Phase", "jerseyite_movement": "Jerseyite Movement Phase",
               "jerseyite_recovery": "Jerseyite Unit Recovery Phase",
               "jerseyite_combat": "Jerseyite Combat Phase", "vp_tally": "VP Tallying Phase",
               "over": "Game over"}


def begin(state: dict) -> None:
    """Start the sequence of play: the turn frame, then the Jerseyite set-up it calls."""
    FLOW.start(state, "turn", then=None)
    _run(state, "deploy", sel=None)


def _run(state: dict, step: str, **args) -> None:
    """Call a phase's step from the turn frame; ``_resume`` carries on when it ends."""
    state["stack"][-1]["then"] = step
    FLOW.call(state, step, **args)


def _resume(state: dict, frame: dict, side) -> None:
    """A phase's step ended (``side``: whose phase it was, where it matters): on to the next."""
    ended = frame["then"]
    frame["then"] = None
    if ended == "deploy":
        start_turn(state, 1)
    elif ended == "pads":
        after_pads(state)
    elif ended == "guard":
        after_guard(state)
    elif ended == "move":
        after_movement(state, side)
    elif ended == "hopat":
        recovery(state, "jerseyite")
    elif ended == "combat":
        after_combat(state, side)


FLOW.add(Step("turn", who=lambda s, f: None, prompt=lambda s, f: "", actions=lambda s, f: [],
              resume=_resume))


def enter_phase(state: dict, phase: str) -> None:
    """Record the phase and say so in the log."""
    state["phase"] = phase
    pieces.log(state, None, f"Turn {state['turn']}: {PHASE_NAMES[phase]}.")


# -- 1. Reinforcement Phase (HSNJ-AMBIG-20: pads, then turn-8 Guard, then State of the State) --
def start_turn(state: dict, turn: int) -> None:
    """Begin a turn with its Reinforcement Phase; the Krylons act first (HSNJ-SET-6)."""
    state["turn"] = turn
    enter_phase(state, "reinforcement")
    state["pads_placed"] = {p: 0 for p in state["pads_placed"]}
    if reinforcement.pad_choices(state, None):
        _run(state, "pads", sel=None)
    else:
        after_pads(state)


def after_pads(state: dict) -> None:
    """Turn 8's Guard Infantry, if any city can take one (HSNJ-REI-7, REI-9)."""
    if state["turn"] == 8 and reinforcement.start_guard(state):
        _run(state, "guard")
    else:
        after_guard(state)


def after_guard(state: dict) -> None:
    """Roll the State of the State, then the Krylons move."""
    conditions.roll(state)
    start_movement(state, "krylon")


# -- 2./5. Movement ----------------------------------------------------------------------
def start_movement(state: dict, side: str) -> None:
    """A side's Movement Phase: fresh MP, Confused units wander first (HSNJ-AMBIG-28)."""
    enter_phase(state, f"{side}_movement")
    move_mp, rows = pieces.move_rule(state), state["units"]
    fresh = {uid: mp for uid in pieces.ids(state, side) if rows[uid][MP] != (mp := move_mp(pieces.kind(uid)))}
    # The rows themselves (counters.py), owned together: most of the side's units need a change.
    for uid, row in zip(fresh, own_rows(state, list(fresh))):
        row[MP] = fresh[uid]
    movement.confused_moves(state, side)
    _run(state, "move", side=side, sel=None)


def after_movement(state: dict, side: str) -> None:
    """After Jerseyite movement on every third turn, Hopat Cong may appear (HSNJ-JER-3)."""
    for row in own_rows(state, pieces.with_mp(state, side)):
        row[MP] = 0                                 # the rows themselves, as in start_movement
    if side == "jerseyite" and state["turn"] % 3 == 0 and reinforcement.hopat_available(state):
        _run(state, "hopat", placed=0)
    else:
        recovery(state, side)


# -- 3./6. Unit Recovery -------------------------------------------------------------------
def recovery(state: dict, side: str) -> None:
    """Roll for every Confused unit; 1-3 recovers (HSNJ-RCV-1, RCV-2). The cow never rolls."""
    enter_phase(state, f"{side}_recovery")
    for u in (pieces.unit(state, uid) for uid in pieces.marked(state, "confused")):
        if u["side"] != side or pieces.t(u).get("cow"):
            continue
        (value,) = pieces.roll(state, f"Recovery: {u['name']}")
        if value <= 3:
            pieces.own(state, u["id"])["confused"] = False
            pieces.log(state, side, f"{u['name']} recovers [d6:{value}].")
        else:
            pieces.log(state, side, f"{u['name']} stays Confused [d6:{value}].")
    enter_phase(state, f"{side}_combat")
    for uid in pieces.marked(state, "attacked", "defended"):     # each unit fights once a phase (HSNJ-AMBIG-30)
        pieces.own(state, uid).update(attacked=False, defended=False)
    _run(state, "combat", side=side, attackers=[], defenders=[], cow_done=False)


# -- 4./7. Combat ends -------------------------------------------------------------------------
def after_combat(state: dict, side: str) -> None:
    """Krylon combat leads to Jerseyite movement; Jerseyite combat to Hopat removal and the tally."""
    state["battle"] = None
    if side == "krylon":
        start_movement(state, "jerseyite")
        return
    for u in pieces.units(state, where="map"):     # HSNJ-JER-4
        if pieces.t(u).get("guerrilla") and u["where"] == "map":
            pieces.event(state, "withdrawn", unit=u["id"], name=u["name"], side=u["side"], at=u["hex"],
                         why="melts back into the citizenry")
            u = pieces.own(state, u["id"])
            u.update(where="pool", hex=None, confused=False)
            pieces.log(state, "jerseyite", f"{u['name']} melts back into the citizenry.")
    tally(state)


# -- 8. VP Tallying ---------------------------------------------------------------------------
def tally(state: dict) -> None:
    """Score the cities (HSNJ-SEQ-2, AMBIG-1), check sudden death and the last turn."""
    enter_phase(state, "vp_tally")
    victory.score_cities(state)
    if victory.sudden_death(state):
        finish(state, "krylon", "the Krylons hold every city on the map")
    elif state["turn"] >= LAST_TURN:
        k, j = state["vp"]["krylon"], state["vp"]["jerseyite"]
        if k > j:
            finish(state, "krylon", f"more VP after {LAST_TURN} turns ({k} to {j})")
        else:
            finish(state, "jerseyite", f"{'a tie goes to the Jerseyites' if k == j else 'more VP'} "
                                       f"after {LAST_TURN} turns ({j} to {k})")
    else:
        start_turn(state, state["turn"] + 1)


def finish(state: dict, winner: str, reason: str) -> None:
    """The game is over."""
    state["phase"] = "over"
    state["result"] = {"winner": winner, "reason": reason}
    pieces.log(state, winner, f"wins: {reason}.")
    FLOW.game_over(state)

