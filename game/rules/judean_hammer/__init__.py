"""Judean Hammer: the Maccabean revolt as a card-driven area game, every rule enforced."""
from __future__ import annotations

from game.core.boardcache import map_hooks
from game.core import record
from game.core.contract import GameSpec, Result

from . import battle, events, move, recruit, scoring, sequence  # noqa: F401  (steps register)
from . import board as boards
from .board import SIDES
from .cards import IDS
from .common import CUBES, FLOW, VP_MARKER, board_of, mixed_areas, region_control
from .view import view

apply = FLOW.apply
legal_actions = FLOW.legal_actions


def result(state: dict):
    """The winner once the game is over (JH-END-4, JH-END-5)."""
    res = state.get("result")
    if not res:
        return None
    return Result(res["winner"], dict(state["vp"]), res["reason"])


def invariants(state: dict) -> list:
    """Problems the fuzzer looks for after every action."""
    problems = []
    for side in SIDES:
        units = state["units"][side]
        if any(n <= 0 for n in units.values()):
            problems.append(f"{side} has an empty or negative stack")
        # JH-COM-1, JH-SET-2, JH-MAP-9: map + stockpile + the VP marker cube are all 30 cubes.
        if sum(units.values()) + state["stock"][side] + VP_MARKER != CUBES or state["stock"][side] < 0:
            problems.append(f"{side} cubes on map, in stockpile and on the VP track do not make {CUBES}")
    cards = state["draw"] + state["discard"] + state["combat"] + state["removed"] + state["in_play"] \
        + state["hands"]["maccabean"] + state["hands"]["greek"]
    if sorted(cards) != list(IDS):
        problems.append(f"the 26 cards are not all accounted for once ({len(cards)} found)")
    frame = FLOW.frame(state)
    at_rest = frame is None or frame["step"] in ("first", "turn", "reaction")
    if at_rest and mixed_areas(state):
        problems.append(f"both factions in {mixed_areas(state)} outside a battle")
    fresh_round = not state["in_play"] and (frame is None or (
        frame["step"] in ("first", "turn") and len(state["hands"]["maccabean"]) + len(state["hands"]["greek"]) == 8))
    if fresh_round and state["awards"]:
        over = [a for s in SIDES for a, n in state["units"][s].items() if n > 3]
        if over:
            problems.append(f"more than 3 units after check supply in {over}")
        board = board_of(state)
        control = region_control(state, board)
        last = state["awards"][-1]
        if last != [sum(1 for c in control.values() if c == s) for s in SIDES]:
            problems.append("the last VP award does not match region control")
    start = board_of(state).start_vp
    for i, side in enumerate(SIDES):
        if state["vp"][side] != start[side] + sum(a[i] for a in state["awards"]):
            problems.append(f"{side} VP changed outside Score Regions")
    return problems


SPEC = GameSpec(
    name="judean_hammer", title="Judean Hammer", sides=SIDES,
    setup=sequence.setup, view=view, legal_actions=legal_actions, apply=apply,
    active=FLOW.active, result=result, explain=FLOW.explain,
    side_names=boards.SIDE_NAMES, side_colours=boards.SIDE_COLOURS,
    hidden_information=True, invariants=invariants, board_kind="area", known_options=("deck",),
    older_snapshot=record.without_events,
    **map_hooks("judean_hammer", boards.BOARDS, boards.resolve, boards.replace),
    ui="game.ui.games.judean_hammer:JudeanHammerAdapter",
    public=("game.rules.judean_hammer.api",), bots={"basic": "game.ai.judean_hammer:JudeanHammerBot"},
    knowledge="game.ai.judean_hammer:KNOWLEDGE")

# The package's face for the window and the bots: the names of api.py (tests/test_boundaries.py).
from .api import *  # noqa: E402,F401,F403
