"""The public face of Hammer's Slammers for the window and the bots, beside the contract.

game/ui and game/ai reach the game through the package, which re-exports these names
(tests/test_boundaries.py). Everything here reads a state; nothing changes one.
"""
from __future__ import annotations

__all__ = ["assault_plan", "counter", "fire_preview", "frame", "grid", "los", "los_trace",
           "los_matrix", "reach", "tables_of", "terrain", "df_modifier", "attack_at", "unit_type",
           "firers", "target_hexes", "must_assault", "hits", "targets_in", "hex_of", "effects_of",
           "strike_plan", "strike_hexes", "disruption_of", "observer_of", "route", "trail", "pending",
           "unit_label", "unit_ids", "result_words", "scenario_names", "scenario_summary",
           "ScenarioProblem", "design_prices", "design_morale_costs", "design_line_cost", "design_price",
           "design_advice", "design_check", "design_save", "design_board", "design_place_problem",
           "design_buy_problem", "design_folder", "design_read", "design_cargo", "army_name"]

from . import artillery as _artillery
from . import board as _board
from . import tables as _tables
from .assault import must_attack as must_assault                 # noqa: F401
from .assault import plan as _assault_plan
from .board import df_modifier, los, los_matrix, los_trace, terrain   # noqa: F401
from .fire import attack_at, firers, hits, targets_in            # noqa: F401
from .fire import hexes_for as _hexes_for
from .fire import preview as fire_preview                        # noqa: F401
from .flow import FLOW as _FLOW
from .movement import reach as _reach
from .movement import route as _route
from .movement import trail as _trail
from .pieces import hex_of, label as unit_label, utype as unit_type   # noqa: F401
from .design import advice as design_advice, check as design_check, save as design_save   # noqa: F401
from .design import board_of as design_board, buy_problem as design_buy_problem          # noqa: F401
from .design import folder as design_folder, line_cost as design_line_cost               # noqa: F401
from .design import morale_costs as design_morale_costs, place_problem as design_place_problem  # noqa: F401
from .design import price as design_price, price_list as design_prices                   # noqa: F401
from .design import cargo_of as design_cargo, read as design_read                        # noqa: F401
from .results import disruption_of, effects as effects_of        # noqa: F401
from .scenarios import ScenarioProblem                           # noqa: F401
from .view import counter                                        # noqa: F401


def frame(state: dict) -> dict:
    """The step being decided now and its working data ({} once the game is over)."""
    return _FLOW.frame(state) or {}


def grid(state: dict):
    """The HexGrid the state is played on."""
    return _board.grid_of(state)


def tables_of(state: dict):
    """The unit, terrain and combat tables the state is played with."""
    return _tables.of(state)


def reach(state: dict, uid: str) -> dict:
    """hex -> MP cost for the unit being moved now ({} when no unit is being moved)."""
    f = frame(state)
    if f.get("step") != "movement" or f.get("unit") != uid:
        return {}
    return _reach(state, f, uid)


def route(state: dict, uid: str, dest) -> list:
    """The hexes the unit being moved now passes to reach ``dest``, its start first ([] when none moves)."""
    f = frame(state)
    if f.get("step") != "movement" or f.get("unit") != uid:
        return []
    return _route(state, f, uid, dest)


def trail(state: dict, uid: str) -> list:
    """The hexes the unit being moved now has stood on in this move, its start first ([] when none)."""
    f = frame(state)
    if f.get("step") != "movement" or f.get("unit") != uid:
        return []
    return _trail(f, uid)


def target_hexes(state: dict, side: str, group: list) -> list:
    """Hexes every firer of a group can hit with Direct Fire."""
    return _hexes_for(state, side, list(group))


def assault_plan(state: dict, group: list, targets: list) -> dict:
    """Odds of a Close Assault attack (no terrain, the column shift applied) and the chance of each result."""
    p = dict(_assault_plan(state, list(group), list(targets)))
    column = p.pop("_column", None)
    p["chances"], p["by_roll"] = _chances(state, column) if p["legal"] else ({}, {})
    return p


def strike_plan(state: dict, group: list, h) -> dict:
    """An artillery strike's attack and, per Class in the hex, its defence, column and legality."""
    return _artillery.plan(state, list(group), tuple(h))


def strike_hexes(state: dict, side: str, group: list) -> list:
    """Hexes every piece of a group may strike with Indirect Fire."""
    return _artillery.hexes_for(state, side, list(group))


def observer_of(state: dict, side: str, uid: str, h):
    """The unit a piece would fire through at a hex: itself when it sees it, else its nearest observer."""
    return _artillery.observer_of(state, side, uid, tuple(h))


def _chances(state: dict, column) -> tuple:
    """(result code -> chance, 2d6 total -> code) on one column of the Direct Fire table."""
    from game.core.crt import roll_distribution
    crt = _tables.of(state).crt
    chances, by_roll = {}, {}
    for total, p in roll_distribution(2, 6).items():
        code = crt.result(column, total)
        by_roll[total] = code
        chances[code] = chances.get(code, 0.0) + float(p)
    return chances, by_roll


def pending(state: dict) -> dict:
    """The results rolled but not yet carried out: units to be removed when the round ends and
    units to be turned over when the player-turn's combat is done (HS-RNG-13, HS-DIS-1)."""
    pt = state.get("pt") or {}
    return {"eliminated": list(pt.get("elim", ())), "disrupted": list(pt.get("dis", ()))}


def unit_ids(state: dict) -> list:
    """Every unit of the game, on the map or not (eliminated, still to arrive, aboard), longest id first."""
    return sorted(state["units"], key=len, reverse=True)


def result_words(state: dict, code: str) -> str:
    """What a Direct Fire / Close Assault result code means, in the table's words."""
    return _tables.of(state).crt.meaning(code)


def scenario_names() -> list:
    """Every scenario a player may pick: the shipped ones, shortest first, then the player's own."""
    from .scenarios import all_names
    return all_names()


def scenario_summary(name: str) -> dict:
    """What a scenario picker shows (title, briefing, minutes, turns, armies, panels, points) and
    ``board``, the joined HexGrid for a preview; raises ScenarioProblem (one line) for a broken file."""
    from .scenarios import load, summary
    return dict(summary(name), board=load(name).board)


def army_name(army: str) -> str:
    """An army's name as the counter mix gives it ("Tan army", "Mercenaries")."""
    from .data import armies
    return armies()[army]["name"]
