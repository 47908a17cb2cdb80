"""Battle for Armageddon: the Ork invasion of Armageddon Secundus, an area game for two players.

Modules: data (the authored tables, read once), board (the map's tables), model (the state's
places and the operations every module shares), hooks (where phases plug in), sequence (the
turn: set-up, strategy, action segments, victory), setup, movement (movement phases and the
stacking check), holdings (stacks seen through the ruins rule), combat (who may attack what,
odds, modifiers, the preview), battle (the combat phase and each attack as steps), retreat,
supply (the supply check), build (both sides' build phases), cards (special cards in their
windows), victory, view, checks (fuzzer invariants), api (the public face).

The state (JSON data only):

* ``turn`` 1-8; ``stage`` setup | strategy | action | victory | over; ``segment`` in an
  action segment ``{n 1-4, side, card, phase movement|combat|build|supply, step 1-3}``.
* ``at`` counter id -> place (an area name, or a box of ``model.BOXES``: Set aside,
  Unplaced, Eliminated, Out of play, Ready, Production 1-4, Turn track, Build point track);
  ``stacks`` area -> [ids] bottom first, the same for the map only (``model.put`` keeps them
  in step). ``ruins`` the hive and factory counters on their smoking ruins side
  (``model.INDUSTRY`` lists them all); ``build_points`` the track (always the intact ones' defence, ``model.set_ruined``).
* ``hands``/``decks``/``discards`` side -> special card ids; ``plan`` side -> its chosen
  strategy cards still face down, top first (secret); ``revealed`` side -> the cards it has
  shown this turn, in order; ``initiative`` the side with it; ``special_used`` side -> bool this action segment.
* ``effects`` card effects in force (dicts with ``op``, ``side``, ``until``); ``moved``
  counters moved this movement phase; ``attacked`` areas attacked this combat phase;
  ``retreated`` counters that retreated this combat phase; ``combat`` the combat phase's own
  record (``fought`` counters that attacked, Ghazghkull's ``reroll_used``, ``battles``).
* ``events`` the structured events of the action that made this state (``serial``,
  ``kind``, ``turn``, fields; game.core.record.event), ``event_serial`` the newest serial;
  ``log``; ``dice``; ``rng``; ``reveals``; ``result``; ``stack`` (the Flow's frames).

The phase machine: the bottom frame ``turn`` runs a queue of tasks (sequence.py); combat
(battle.py), build (build.py) and the supply check (supply.py) plug in through ``hooks``, and
the special cards' windows at the start of a phase through its ``start:<phase>`` moment.
"""
from __future__ import annotations

from game.core.boardcache import map_hooks
from game.core.contract import GameSpec, Result

from . import board as boards
from . import data
from . import movement, sequence, setup  # noqa: F401  (they add their steps)
from . import battle, build, cards, supply  # noqa: F401  (combat, build, supply, special cards)
from .checks import invariants
from .flow import FLOW
from .view import view


def result(state: dict):
    """The winner once the game is over (BFA-VIC-6, BFA-VIC-7)."""
    res = state.get("result")
    if not res:
        return None
    from .victory import check
    found = check(state)
    return Result(res["winner"], {"captured": len(found["captured"]),
                                  "controlled": len(found["controlled"])}, res["reason"])


def older_snapshot(state: dict) -> dict:
    """The state as a save made before the terrain data had editions wrote it: no edition named
    (the replay of such a save on edition 1 names it, so that the rules read its die modifiers)."""
    return {k: v for k, v in state.items() if k != "edition"}


SPEC = GameSpec(
    name="armageddon", title="Battle for Armageddon", sides=data.SIDES,
    setup=sequence.new_game, view=view, legal_actions=FLOW.legal_actions, apply=FLOW.apply,
    active=FLOW.active, result=result, explain=FLOW.explain,
    side_names=boards.SIDE_NAMES, side_colours=boards.SIDE_COLOURS,
    hidden_information=True, invariants=invariants, board_kind="area", known_options=("deck", "edition"),
    editions=lambda scenario: data.editions(), older_snapshot=older_snapshot,
    **map_hooks("armageddon", boards.BOARDS, boards.resolve, boards.replace),
    public=("game.rules.armageddon.api",), ui="game.ui.games.armageddon:ArmageddonAdapter",
    bots={"basic": "game.ai.armageddon:ArmageddonBot"}, knowledge="game.ai.armageddon_search:KNOWLEDGE")

# The package's face for the window and the bots: the names of api.py (tests/test_boundaries.py).
from .api import *  # noqa: E402,F401,F403
