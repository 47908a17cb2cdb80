"""A new game: the state made from a scenario's board, sides, forces and conditions (HS-SET-1..3)."""
from __future__ import annotations

from game.core import rng
from game.core.sides import Seating

from . import pieces
from .flow import FLOW
from .sequence import advance, start_player_turn

SIDES = ("green", "tan", "red", "blue")                       # HS-COM-2
SIDE_NAMES = {"green": "Green army", "tan": "Tan army", "red": "Mercenaries",
              "blue": "Hammer's Slammers"}
SIDE_COLOURS = {"green": (79, 127, 58), "tan": (196, 154, 82), "red": (176, 48, 42),
                "blue": (44, 90, 168)}


def own_scenarios() -> list:
    """The player's own scenario files (the data folder's scenarios/slammers), read when asked."""
    from . import scenarios
    return scenarios.all_names()[len(scenarios.names()):]


def names() -> tuple:
    """The shipped scenarios, shortest first (scenarios.py reads and checks them)."""
    try:
        from . import scenarios
    except ImportError:
        return ()
    return tuple(scenarios.names())


def editions(scenario: str | None) -> list:
    """A scenario's earlier editions, newest first: a save made before it changed replays on one."""
    from . import scenarios
    return scenarios.editions(scenario)


def new_state(seed: int, scenario: str | None = None, options: dict | None = None) -> dict:
    """A new game of a scenario (the first, the learning game, when none is named); the option
    "edition" sets up an earlier edition of it, as a save made before it changed was played."""
    from . import scenarios
    from .loader import type_key
    name = scenario or names()[0]
    edition = (options or {}).get("edition")          # an earlier one: a save made before a revision
    if edition is not None and not (isinstance(edition, int) and not isinstance(edition, bool) and edition >= 1):
        raise scenarios.ScenarioProblem(f"the edition of scenario {name} must be a whole number from 1")
    scen = scenarios.load(name, edition)
    units = {}
    for u in scen.units:
        side = u["side"]
        units[u["id"]] = unit_record(type_key(side, u["type"]), side, u["at"], scen.morale[side],
                                     skim=bool(u.get("skimmers")), aboard=u.get("aboard"),
                                     towed_by=u.get("towed_by"), **_options(scen, side, u["type"]))
        if u.get("paradrop"):                    # jumps from its turn on (HS-PAR-16)
            units[u["id"]].update(drop=u.get("turn", 1), entry=u.get("entry") or [])
        elif u.get("turn", 1) > 1:               # a reinforcement: enters at its turn (slammers.md)
            units[u["id"]].update(arrive=u["turn"], entry=u.get("entry") or [])
    for uid, d in units.items():
        if d["aboard"]:
            units[d["aboard"]]["cargo"] = uid
        if d["towed_by"]:
            units[d["towed_by"]]["tow"] = uid
    forts = _garrison(scen, units)
    seat = Seating(tuple(scen.seating.sides), tuple(tuple(t) for t in scen.seating.teams))
    return make_state(seed, f"scenario:{name}", seat, units, scen.turns, list(scen.victory),
                      options=options, scenario=name, forts=forts)


def _garrison(scen, units: dict) -> list:
    """The scenario's fortresses (HS-GAP-18): the owner's first three counters set up there are inside."""
    keys = []
    for side, hexes in scen.forts.items():
        for h in hexes:
            keys.append(f"{h[0]},{h[1]}")
            room = 3
            for d in units.values():
                if d["side"] == side and d["at"] == list(h) and not d["aboard"] and not d["towed_by"] and room:
                    size = pieces.size(d)
                    if size <= room:
                        room -= size
                        for u in (d, units.get(d.get("cargo")), units.get(d.get("tow"))):
                            if u:
                                u["fort"] = True
    return keys


def _options(scen, side: str, key: str) -> dict:
    """A unit's bought options: ECM on hover tanks (HS-ECM-1, HS-SET-4), gas shells (HS-GAS-1)."""
    from . import data
    out = {}
    if side in scen.ecm and data.unit(side, key).get("ecm_cost"):
        out["ecm"] = True
    if key in scen.gas.get(side, ()):
        out["gas"] = True
    return out


def unit_record(utype: str, side: str, at, morale: int, **extra) -> dict:
    """One unit's entry in the state."""
    d = {"type": utype, "side": side, "at": list(at) if at is not None else None, "dis": False,
         "skim": False, "aboard": None, "cargo": None, "tow": None, "towed_by": None,
         "morale": int(morale)}
    d.update(extra)
    return d


def make_state(seed: int, board_key: str, seating: Seating, units: dict, turns: int,
               victory: list, order: list | None = None, options: dict | None = None,
               scenario: str = "custom", tables: str = "standard", turn: int = 1,
               mover: str | None = None, rubble=(), forts=()) -> dict:
    """A state ready for its first decision; ``units`` maps id -> unit_record(...)."""
    order = list(order or seating.sides)
    state = {"game": "slammers", "scenario": scenario, "tables": tables, "map": board_key,
             "seating": seating.to_data(), "order": order, "turn": turn, "turns": turns,
             "mover": mover or order[0], "units": units, "rubble": list(rubble), "forts": list(forts), "assaults": {},
             "lost": {s: [] for s in seating.sides}, "victory": [dict(v) for v in victory],
             "log": [], "events": [], "event_serial": 0, "reveals": 0,
             "dice": {"serial": 0, "values": [], "text": ""}, "result": None, "phase": None}
    rng.init(state, seed, options)
    FLOW.start(state, "turn")
    start_player_turn(state)
    advance(state)
    return state
