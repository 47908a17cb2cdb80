"""Hammer's Slammers: the ground war on geomorphic panels, every rule of part 1 enforced.

Modules: tables (the authored data in typed shapes), board (the joined panels, terrain as it
stands, LOS), pieces (units in the state), sequence (the player-turn's steps), rally (rally
and towing declared), movement (movement, stacking, APCs, skimmers), fire (Direct Fire and
its preview), assault (Close Assault), results (disruption, elimination, rubble), victory,
view, checks (fuzzer invariants). Readings of the book's gaps: docs/house-rules/slammers.md.
"""
from __future__ import annotations

from game.core.contract import GameSpec

from . import artillery, assault, fire, movement, paradrop, rally, respond, sequence  # noqa: F401  (they add their steps)
from . import board as _board
from .checks import invariants
from .flow import FLOW
from .setup import SIDES, SIDE_COLOURS, SIDE_NAMES, editions, names, new_state, own_scenarios
from .victory import older_snapshot, result
from .view import view

SHIPPED = names()           # read once: each shipped scenario file is opened to sort by length

SPEC = GameSpec(
    name="slammers", title="Hammer's Slammers", sides=SIDES,
    setup=new_state, view=view, legal_actions=FLOW.legal_actions, apply=FLOW.apply,
    active=FLOW.active, result=result, explain=FLOW.explain, scenarios=SHIPPED or ("standard",),
    own_scenarios=own_scenarios,
    side_names=SIDE_NAMES, side_colours=SIDE_COLOURS, hidden_information=False,
    invariants=invariants, board_kind="hex", board=_board.grid_of,
    seating=lambda state: __import__("game.rules.slammers.pieces", fromlist=["seating"]).seating(state),
    public=("game.rules.slammers.api",), playable=bool(SHIPPED), ui="game.ui.games.slammers:SlammersAdapter",
    bots={"basic": "game.ai.slammers:SlammersBot"}, older_snapshot=older_snapshot,
    knowledge="game.ai.slammers_search:KNOWLEDGE", known_options=("edition",), editions=editions)



# The package's face for the window and the bots: the names of api.py (tests/test_boundaries.py).
from .api import *  # noqa: E402,F401,F403
