"""Designed battles (HS-SET-5, HS-DES-1/2, HS-PTS-1..11): the book's point-buy, priced and checked.

A designed scenario is an ordinary scenario file (scenarios.py gives the format) that players
make themselves: they choose the panels and their arrangement, the armies and their movement
order, buy each army's forces at the book's prices with its options (gas and ECM for a whole
unit type, paradrops, morale) and place them. This module prices a design line by line,
gives the book's advice (the attacker a fifth more points; 750-800 points a side for an
evening), refuses a design that overspends its budget, and saves it where the scenario list
finds it. Everything here is data in and data out, for the scenario designer on the table.
"""
from __future__ import annotations

import json
import re

from . import data, scenarios

ADVICE_LOW, ADVICE_EVENING, ADVICE_HIGH = 500, (750, 800), 1000        # HS-DES-2
ATTACKER_MORE = 1.2                                                     # HS-DES-1


def price_list(army: str) -> list:
    """Every counter type an army may buy, with the book's prices and options (HS-PTS-1..3, -5, -10)."""
    out = []
    for key, t in data.unit_types(army).items():
        box = data.unit_types(army)[t.get("uses", key)]
        out.append({"unit": key, "name": t["name"], "cost": t["cost"], "gas_cost": t.get("gas_cost"),
                    "ecm_cost": t.get("ecm_cost"), "paradrop": t["paradrop"],
                    "paradrop_cost": data.units_file()["paradrop_cost"] if t["paradrop"] else None,
                    "values": [t[k] for k in data.FIELDS], "counters": box["counters"], "abbrev": t["abbrev"],
                    "skimmers": "skimmer" in t,
                    "uses": t.get("uses")})
    info = data.units_file()["fortress"]
    if data.force_of(army) in info["forces"]:
        out.append({"unit": "fortress", "name": "Fortress", "cost": info["cost"], "gas_cost": None,
                    "ecm_cost": None, "paradrop": False, "paradrop_cost": None, "values": None, "abbrev": "FORT",
                    "skimmers": False,
                    "counters": data.units_file()["markers"]["fortress"], "uses": None})
    return out


def morale_costs() -> dict:
    """Morale level -> extra points per unit (HS-PTS-10, HS-AMBIG-37)."""
    return {int(k): v for k, v in data.units_file()["morale"]["cost"].items()}


def line_cost(raw: dict, side: str, line: dict) -> int:
    """Points for one line of an army's forces, with its load, options and morale."""
    morale = raw.get("morale", {}).get(side, 9)
    gas = set(raw.get("gas", {}).get(side, ()))
    ecm = side in raw.get("ecm", ())
    each = 0
    for key, jump in ((line["unit"], line.get("paradrop", False)), (line.get("carrying"), False),
                      (line.get("towing"), False)):
        if key:
            each += data.unit_cost(side, key, gas=key in gas, ecm=ecm, morale=morale, paradrop=bool(jump))
    return each * line.get("count", 1)


def price(raw: dict) -> dict:
    """Army -> points spent: every line, plus its fortresses (HS-PTS-1..11)."""
    fort = data.units_file()["fortress"]["cost"]
    out = {}
    for side in raw["seating"]["sides"]:
        total = sum(line_cost(raw, side, line) for line in raw.get("forces", {}).get(side, ()))
        out[side] = total + fort * len(raw.get("fortresses", {}).get(side, ()))
    return out


def advice(raw: dict) -> list:
    """The book's advice on a design, in plain lines; never a refusal (HS-DES-1, HS-DES-2)."""
    spent = price(raw)
    out = []
    for side, pts in spent.items():
        name = data.armies()[side]["name"]
        if pts < ADVICE_LOW:
            out.append(f"{name}: {pts} points is under {ADVICE_LOW}; few good Mercenary units fit (HS-DES-2)")
        elif pts > ADVICE_HIGH:
            out.append(f"{name}: {pts} points is over {ADVICE_HIGH}; the battle may be too cumbersome (HS-DES-2)")
    survivor = next((c["side"] for c in raw.get("victory", ()) if c.get("kind") == "survive"), None)
    if survivor in spent:
        teams = raw["seating"].get("teams") or []
        mine = next((t for t in teams if survivor in t), [survivor])
        defence = sum(spent[s] for s in mine)
        attack = sum(p for s, p in spent.items() if s not in mine)
        if defence and attack < ATTACKER_MORE * defence:
            out.append(f"the attackers have {attack} points against {defence}; the book gives the attacker "
                       f"a fifth more ({round(ATTACKER_MORE * defence)}) (HS-DES-1)")
    return out


def check(raw: dict, where: str = "design") -> dict:
    """Check a design as a scenario and against its budget; returns army -> points spent.

    Raises scenarios.ScenarioProblem with one plain line (an army over its ``budget``, HS-SET-5)."""
    scenarios.parse(raw, where)
    budget = raw.get("budget") or {}
    if not isinstance(budget, dict) or any(not data._whole(v, 1) for v in budget.values()):
        raise scenarios.ScenarioProblem(f"{where}: budget must give each army a whole number of points (HS-SET-5).")
    spent = price(raw)
    for side, limit in budget.items():
        if side in spent and spent[side] > limit:
            raise scenarios.ScenarioProblem(f"{where}: {side} spends {spent[side]} points, over its "
                                            f"budget of {limit} (HS-SET-5).")
    return spent


def save(raw: dict, name: str) -> str:
    """Check a design and write it among the player's scenarios; returns its name in the list."""
    if not re.fullmatch(r"[a-z0-9_]{1,40}", name or "") or name in scenarios.names():
        raise scenarios.ScenarioProblem(f"{name!r}: a scenario's name is 1 to 40 small letters, digits or _, "
                                        "and not a shipped scenario's.")
    design = dict(raw, game="slammers", name=name)
    check(design, f"{name}.json")
    folder = scenarios.user_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(design, indent=1), encoding="utf-8")
    return name


# ---------------------------------------------------------------- the designer's questions
def board_of(panels: list):
    """The joined HexGrid of a panel arrangement ([{"file", "col", "row"}, ...]); ScenarioProblem if none."""
    def bad(field, why):
        raise scenarios.ScenarioProblem(f"design: {field} {why}.")
    return scenarios._board({"panels": list(panels)}, None, bad)


def folder() -> str:
    """Where saved designs go: the player's own scenarios folder."""
    return str(scenarios.user_dir())


def place_problem(board, raw: dict, side: str, unit: str, label: str, paradrop: bool = False,
                  loaded: bool = False):
    """Why a unit (or a fortress) of an army may not set up in a hex now, in one sentence; None if it may.

    ``raw`` is the design so far; its forces and fortresses are what already stands there. A ``loaded``
    APC counts two counters with its infantry (HS-STK-3, HS-AMBIG-9)."""
    h = board.hex_named(label) if isinstance(label, str) and label.isdigit() else None
    if h is None:
        return f"{label} is not a playable hex of this map."
    ground = board.terrain[h]
    if unit == "fortress":
        if ground in data.terrain_file()["fortress"]["not_in"]:
            return f"A fortress may not stand in {ground} ({label}, HS-FOR-6)."
        if any(label in hexes for hexes in raw.get("fortresses", {}).values()):
            return f"{label} already has a fortress; one a hex (HS-FOR-2)."
        return None
    mt = data.unit(side, unit)["move_type"]
    if data.move_cost(ground, "foot" if mt == "none" else mt) is None:
        return f"A {data.unit(side, unit)['name'].lower()} may not set up in {ground} ({label})."
    if paradrop:
        return None                      # off the map until it jumps: it stacks nowhere yet (HS-PAR-16)
    here = sum((2 if line.get("carrying") or line.get("towing") else 1) * line.get("count", 1)
               for line in raw.get("forces", {}).get(side, ())
               if line.get("at") == label and not line.get("paradrop") and line.get("turn", 1) == 1)
    if here + (2 if loaded else 1) > scenarios.STACK:
        return f"{label} already holds {here} counters of this army; {scenarios.STACK} at most (HS-STK-1)."
    return None


def buy_problem(side: str, counts: dict):
    """Why an army cannot field these counts (type -> number), in one sentence; None if it can.

    The box holds so many counters of a type, and militia and buses share infantry's and armored cars'
    (an army takes one or the other, HS-PTS-6, HS-PTS-9)."""
    def bad(_what, why):
        raise scenarios.ScenarioProblem(why)
    used: dict = {}
    extra = {"cargo": None, "tow": None}       # counts already hold any infantry riding APCs
    try:
        for key, n in counts.items():
            if n and key != "fortress":
                scenarios._count(side, {"unit": key, "count": n}, extra, used, bad, "")
    except scenarios.ScenarioProblem as exc:
        return f"{data.armies()[side]['name']}: {exc}."
    return None


def read(name: str) -> dict:
    """A player's own scenario's data, checked, to be changed in the designer; ScenarioProblem if broken."""
    from game.core import scenario as kit
    path = scenarios.user_dir() / f"{name}.json"
    if name in scenarios.names() or not path.is_file():
        raise scenarios.ScenarioProblem(f"{name}: only a battle of your own, in {scenarios.user_dir()}, can be "
                                        "opened in the designer.")
    scenarios.load_file(path)
    return kit.read_json(path, "scenario file", kit.MAX_SCENARIO_BYTES)


def cargo_of(side: str, counts: dict):
    """The infantry type an army's APCs carry: militia when it fields militia, else infantry; None if it has
    no APCs (HS-APC-2, HS-PTS-9)."""
    types = data.unit_types(side)
    if not any("carries" in types[k] for k in types):
        return None
    return "militia" if counts.get("militia") else "infantry"
