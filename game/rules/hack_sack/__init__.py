"""Hack & Sack New Jersey: the Krylon invasion of the Garden State, every rule enforced.

Modules: setup (counters, Jerseyite set-up), sequence (the eight phases), reinforcement (pads,
returning Frigate, turn-8 Guard, Hopat Cong), conditions (State of the State), movement
(MP, ZOC, roads, Senators, Confused units), transport (loading), combat (who attacks whom),
results (the CRT results and retreats), odds (odds, columns, shifts; battle_odds for the UI),
victory, view, checks (fuzzer invariants), counters (a counter as the state holds it), packing (the
shapes older saves hold the state in). Tables are
the JSON files beside the code; our readings of the rulebook's gaps are in
docs/house-rules/hack-and-sack.md.
"""
from __future__ import annotations

from game.core.boardcache import map_hooks
from game.core.contract import GameSpec

from . import board as boards
from . import data
from . import combat, movement, reinforcement, results, sequence  # noqa: F401  (they add their steps)
from .checks import invariants
from .packing import older_snapshots
from .flow import FLOW
from .setup import new_state
from .view import view
from .victory import result


SPEC = GameSpec(
    name="hack_sack", title="Hack & Sack New Jersey", sides=data.SIDES,
    setup=new_state, view=view, legal_actions=FLOW.legal_actions, apply=FLOW.apply,
    active=FLOW.active, result=result, explain=FLOW.explain, scenarios=("standard",),
    side_names=data.SIDE_NAMES, side_colours=data.SIDE_COLOURS,
    hidden_information=False, invariants=invariants, board_kind="hex",
    known_options=("deploy",), older_snapshot=older_snapshots,
    **map_hooks("hack_sack", boards.BOARDS, table=lambda board: board.grid),
    ui="game.ui.games.hack_sack:HackSackAdapter", public=("game.rules.hack_sack.api",), bots={"basic": "game.ai.hack_sack:HackSackBot"},
    knowledge="game.ai.hack_sack_search:KNOWLEDGE")

# The package's face for the window and the bots: the names of api.py (tests/test_boundaries.py).
from .api import *  # noqa: E402,F401,F403
