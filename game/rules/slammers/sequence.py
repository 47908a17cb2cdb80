"""Sequence of play (HS-SEQ-1..6): game turns of player-turns, each a fixed list of steps.

A player-turn runs: 1 Rally, towing declared (HS-TOW-2/10), 2 Paradrops and Counter
Paradrop Fire, 3 Movement, 4A Indirect Fire with Counter Artillery Fire, 4B Direct
Fire (every side, the moving side first, HS-SEQ-5/6), 5 Close Assaults (every side), then
disruptions are flipped (HS-DIS-1) and the next side moves. A step passes while no unit of
its side can use it; CAF and ECM are the defender's answers inside an attack (respond.py).
The bottom frame is the "turn" step; each step that asks a player is called on top of it
and ends back into it, and ``advance`` finds the next step with something to ask.
"""
from __future__ import annotations

from game.core.steps import Step

from . import pieces, results
from .flow import FLOW, event, log

# (phase, title) in the order of HS-SEQ-2/3; the combat phases run once per side.
PHASES = (("rally", "Rally"), ("tow", "Towing"), ("paradrops", "Paradrops and Counter Paradrop Fire"),
          ("movement", "Movement"),
          ("indirect", "Indirect Fire and Counter Artillery Fire"), ("direct", "Direct Fire"),
          ("assault", "Close Assault"))
TITLES = dict(PHASES)
ORDER = [p for p, _ in PHASES]
# ECM, CAF and CPF are answered inside the step that calls for them (respond.py, paradrop.py).
EMPTY = ()
# Every side takes these in turn, the moving side first (HS-SEQ-5/6); 4A and 4B are one round.
COMBAT = ("indirect", "direct", "assault")
ROUND_ENDS = ("direct", "assault")


def start_player_turn(state: dict) -> None:
    """Begin the moving side's player-turn: note where units start and who is already disrupted."""
    state["pt"] = {"fired": [], "dis": [], "elim": [], "rubble": [], "tried": [],
                   "start": {u: list(d["at"]) for u, d in state["units"].items() if d["at"]},
                   "was_dis": [u for u, d in state["units"].items() if d["dis"]]}
    state["phase"] = None
    event(state, "player_turn", side=state["mover"])
    log(state, f"Turn {state['turn']}: {state['mover']} moves", state["mover"])
    arrive(state)


def arrive(state: dict) -> None:
    """The moving side's reinforcements due this turn enter in their hexes (slammers.md)."""
    side, seat = state["mover"], pieces.seating(state)
    for uid, d in state["units"].items():
        if d["side"] != side or d["at"] is not None or d.get("arrive") != state["turn"] or d.get("aboard") \
                or d.get("towed_by"):
            continue
        size = pieces.size(d)
        for h in map(tuple, d.get("entry") or []):
            here = pieces.units_in(state, h)
            if any(state["units"][u]["side"] in seat.enemies(side) for u in here):
                continue
            if sum(1 for u in here if state["units"][u]["side"] == side) + size <= pieces.STACK_LIMIT:
                for u in (uid, d.get("cargo"), d.get("tow")):
                    if u:
                        state["units"][u].update(at=list(h), arrive=None)
                event(state, "arrive", unit=uid, side=side, hex=list(h))
                break
        else:
            d["arrive"] = state["turn"] + 1              # no room: it tries again next turn


def advance(state: dict) -> None:
    """Run phases until one asks a player something (or the game ends)."""
    while True:
        nxt = _next(state)
        if nxt is None:
            if end_player_turn(state):
                return
            continue
        phase, side = nxt
        state["phase"], state["acting"] = phase, side
        if phase in EMPTY:
            continue                       # part 2: nothing of this kind in play
        if phase in COMBAT and _round_starts(state, phase, side):
            state["round"] = phase
        if _ask(state, phase, side):
            return


def _next(state: dict):
    """The (phase, side) after the current one, or None at the end of the player-turn."""
    phase, side = state["phase"], state.get("acting")
    order = pieces.seating(state).order_from(state["mover"])
    if phase in COMBAT and side != order[-1]:
        return phase, order[order.index(side) + 1]
    if phase in ROUND_ENDS:
        results.end_round(state, phase)          # HS-RNG-13, HS-AMBIG-16
    i = -1 if phase is None else ORDER.index(phase)
    if i + 1 >= len(ORDER):
        return None
    nxt = ORDER[i + 1]
    return nxt, (order[0] if nxt in COMBAT else state["mover"])


def _round_starts(state: dict, phase: str, side: str) -> bool:
    return side == pieces.seating(state).order_from(state["mover"])[0]


def _ask(state: dict, phase: str, side: str) -> bool:
    """Call the phase's step for a side when it has a choice to make; False to pass on."""
    from . import artillery, assault, fire, movement, paradrop, rally
    asks = {"rally": rally.wants, "tow": rally.wants_tow, "movement": movement.wants, "paradrops": paradrop.wants,
            "indirect": artillery.wants, "direct": fire.wants, "assault": assault.wants}
    if not asks[phase](state, side):
        return False
    FLOW.call(state, phase, side=side)
    return True


def end_player_turn(state: dict) -> bool:
    """Flip the player-turn's disruptions, then the next side moves; True when the game is over."""
    results.flip_disruptions(state)                      # HS-DIS-1
    from .victory import finish
    order = state["order"]
    i = order.index(state["mover"])
    if _one_side_left(state, pieces.seating(state)):
        finish(state)
        return True
    if i + 1 < len(order):
        state["mover"] = order[i + 1]
    else:
        event(state, "turn_end", turn_ended=state["turn"])
        if state["turn"] >= state["turns"]:
            finish(state)
            return True
        state["turn"] += 1                               # HS-SEQ-4
        state["mover"] = order[0]
    start_player_turn(state)
    return False


def _one_side_left(state: dict, seat) -> bool:
    """Whether only one team still has units on the map or to come (the battle is over early)."""
    teams = {seat.team(d["side"]) for d in state["units"].values()
             if d["at"] is not None or d.get("arrive") or d.get("drop")}
    return len(teams) <= 1


def _turn_who(state, frame):
    return None


FLOW.add(Step("turn", who=_turn_who, prompt=lambda s, f: "", actions=lambda s, f: [],
              resume=lambda state, frame, value: advance(state)))
