"""Hammer's Slammers' authored data (units, terrain, combat tables), read once and checked.

The book prints only the point costs; everything else here is ours (HS-GAP-2..4, -9..16),
recorded in docs/house-rules/slammers.md. A file that cannot be used raises DataError with
one plain line naming the file, the entry and what is wrong. The package has no
``__init__`` of its own here; ``import game.rules.slammers.data`` works all the same.

units.json
    ``armies``: colour (tan, green, red, blue) -> name, ``force`` and drawing ``colour``.
    ``forces``: conventional, mercenary, slammers -> name and ``ecm_can_jam`` (HS-ECM-5).
    ``types``: force -> type key -> one counter type:
      ``name``, ``abbrev``, ``symbol`` (NATO symbol key, see ``SYMBOLS``; hover units'
      begin ``hover_``, drawn by game/ui/nato.py);
      ``attack``, ``defence``, ``range``, ``move`` (whole numbers; a calliope's attack is 0
      with ``attack_label`` "S", HS-CAF-10); ``move_type`` (tracked, wheeled, foot, hover,
      none: moves only when towed);
      ``categories`` (see ``CATEGORIES``: vehicle, armour, mechanised, tank, artillery, gun,
      howitzer, calliope, apc, bus, militia, ...); ``target_class`` A or B (HS-IND-9);
      ``artillery``: null, gun (fires directly and indirectly), howitzer (indirectly only)
      or calliope (CAF and CPF only);
      ``cost`` (HS-PTS-1..3), ``gas_cost`` and ``ecm_cost`` (null where not on offer),
      ``paradrop`` (HS-PAR-1), ``counters`` (how many counters each army of that force has);
      optional ``skimmer`` (the back of Mercenary and Slammers infantry: attack, defence,
      range, move, move_type hover, symbol; HS-COM-4), ``carries`` (an APC's load, HS-APC-2),
      ``uses`` (militia use infantry counters, buses armored-car counters; HS-PTS-6) and
      ``disrupted_eliminated`` (militia, HS-PTS-7).
    ``markers``, ``counter_total`` (328 with the units, HS-COM-1), ``fortress``,
    ``paradrop_cost``, ``morale`` (standard 9, lowest 6, the cost of each level),
    ``stacking`` and ``cost_model`` (how values were set against costs; checked).
terrain.json
    ``terrain``: dominant terrain -> ``move`` (movement type -> factors to enter, null: never),
    ``direct_fire`` (added once per attack), ``indirect_fire`` (the hex's defence value),
    ``los`` [firer, intervening, target], ``rubble`` (rubble, destroyed, none),
    ``deadly_when_disrupted``, ``disrupted_may_enter``; a bridge names what it ``becomes``.
    ``road``: the road rate per movement type; ``rubble``: what a rubble marker adds;
    ``fortress``: its modifiers and the terrain it may not stand in.
crt.json
    ``direct``, ``indirect_a``, ``indirect_b``: tables in the table kit's format
    (game/core/crt.py), 2d6 rows 2..12, ``below`` "X" (the attack may not be made);
    ``gas``: force -> class -> 11 results; ``effects``: code -> ``unit`` (null, disrupt,
    eliminate) and ``rubble``; ``close_assault_shift`` (HS-CA-6).
scenarios/*.json
    checked by ``scenarios.py`` (its docstring gives the format).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from game.core import crt as kit_crt
from game.core.reading import MB, FileProblem, read_json

HERE = Path(__file__).parent
ARMIES = ("tan", "green", "red", "blue")                       # HS-COM-2
FORCES = ("conventional", "mercenary", "slammers")
MOVE_TYPES = ("tracked", "wheeled", "foot", "hover", "none")
TERRAINS = ("clear", "road", "forest", "city", "slope", "hilltop", "swamp", "lake", "river", "bridge")
CATEGORIES = ("vehicle", "armour", "mechanised", "tank", "hover_tank", "armored_car", "combat_car",
              "apc", "bus", "infantry", "militia", "artillery", "gun", "gun_large", "gun_small",
              "howitzer", "calliope", "self_propelled")
SYMBOLS = ("armour", "armoured_car", "armoured_cavalry", "motorised", "infantry", "mechanised",
           "artillery", "sp_artillery", "air_defence", "sp_air_defence")
ARTILLERY = (None, "gun", "howitzer", "calliope")
UNIT_EFFECTS = (None, "disrupt", "eliminate")
RUBBLE = ("rubble", "destroyed", "none")
TABLES = ("direct", "indirect_a", "indirect_b")
FIELDS = ("attack", "defence", "range", "move")


class DataError(ValueError):
    """A data file that cannot be used; str() is one plain line naming file and entry."""


def _read(name: str) -> dict:
    """One data file through the careful reader; any fault is one DataError line."""
    try:
        data = read_json(HERE / name, "data file", MB)
    except FileProblem as exc:
        raise DataError(f"{name}: cannot be read ({exc.reason})") from None
    if isinstance(data, dict):
        return data
    raise DataError(f"{name}: the file must hold one JSON object")


def _need(ok, name: str, where: str, what: str) -> None:
    """Raise DataError "file: entry: what is wrong" unless ok."""
    if ok:
        return
    raise DataError(f"{name}: {where}: {what}")


def _whole(value, low: int = 0) -> bool:
    """A whole number (never a bool) of at least ``low``."""
    return type(value) is int and value >= low


# ---------------------------------------------------------------- units.json
@lru_cache(maxsize=None)
def units_file() -> dict:
    """units.json, checked: four armies, every counter type's values, the counter mix."""
    name = "units.json"
    data = _read(name)
    armies, types = data.get("armies", {}), data.get("types", {})
    _need(sorted(armies) == sorted(ARMIES), name, "armies", "must be tan, green, red and blue (HS-COM-2)")
    for key, army in armies.items():
        _need(army.get("force") in FORCES, name, f"army {key}", "force must be one of " + ", ".join(FORCES))
    _need(sorted(types) == sorted(FORCES), name, "types", "must list the types of each force")
    for force, entries in types.items():
        _need(isinstance(entries, dict) and entries, name, f"types {force}", "must list counter types")
        for key, t in entries.items():
            _unit_type(t, entries, f"type {force} {key}", name)
    _need(_whole(data.get("counter_total"), 1), name, "counter_total", "must be a whole number")
    total = counter_count(data)
    _need(total == data["counter_total"], name, "counters",
          f"units and markers make {total} counters, not {data['counter_total']} (HS-COM-1)")
    morale = data.get("morale", {})
    _need(morale.get("standard") == 9 and sorted(morale.get("cost", {})) == [str(m) for m in range(
          morale.get("lowest", 9), 10)], name, "morale", "standard 9 and a cost for each level down to the lowest")
    return data


def _unit_type(t: dict, entries: dict, where: str, name: str) -> None:
    """One counter type's fields (see the module docstring)."""
    _need(isinstance(t, dict), name, where, "must be an object")
    for key in ("name", "abbrev"):
        _need(isinstance(t.get(key), str) and t[key].strip(), name, where, f"needs its {key}")
    _need(isinstance(t.get("symbol"), str) and t["symbol"].removeprefix("hover_") in SYMBOLS, name, where,
          "symbol must be one of " + ", ".join(SYMBOLS) + ", each maybe with hover_ before it")
    _need(t["symbol"].startswith("hover_") == (t.get("move_type") == "hover"), name, where,
          "a hover unit's symbol starts with hover_, and only a hover unit's")
    for key in FIELDS:
        _need(_whole(t.get(key)), name, where, f"{key} must be a whole number of 0 or more")
    _need(t.get("move_type") in MOVE_TYPES, name, where, "move_type must be one of " + ", ".join(MOVE_TYPES))
    _need((t["move"] == 0) == (t["move_type"] == "none"), name, where,
          "a unit with move 0 has move_type none, and only it (HS-MOV-8)")
    cats = t.get("categories")
    _need(isinstance(cats, list) and cats and all(c in CATEGORIES for c in cats), name, where,
          "categories must come from " + ", ".join(CATEGORIES))
    _need(t.get("target_class") in ("A", "B"), name, where, "target_class must be A or B (HS-IND-9)")
    _need(t.get("artillery") in ARTILLERY, name, where, "artillery must be null, gun, howitzer or calliope")
    _need((t["artillery"] is not None) == ("artillery" in cats), name, where,
          "artillery must be set exactly for units of the artillery category")
    _need(t["artillery"] != "calliope" or (t["attack"] == 0 and t.get("attack_label") == "S"), name, where,
          "a calliope's attack is 0 with attack_label S (HS-CAF-10)")
    _need(_whole(t.get("cost"), 1), name, where, "cost must be a whole number of 1 or more")
    for key in ("gas_cost", "ecm_cost"):
        _need(t.get(key) is None or (_whole(t[key]) and t[key] > t["cost"]), name, where,
              f"{key} must be null or more than the cost")
    _need(t.get("gas_cost") is None or t["artillery"] in ("gun", "howitzer"), name, where,
          "only guns and howitzers fire gas (HS-GAS-1)")
    _need(t.get("ecm_cost") is None or "hover_tank" in cats, name, where, "only hover tanks have ECM (HS-ECM-1)")
    _need(isinstance(t.get("paradrop"), bool), name, where, "paradrop must be true or false")
    _need(_whole(t.get("counters")), name, where, "counters must be a whole number")
    if "uses" in t:
        _need(t["uses"] in entries and t["counters"] == 0, name, where,
              "a type that uses another type's counters names it and has no counters of its own (HS-PTS-6)")
    if "skimmer" in t:
        sk = t["skimmer"]
        _need(isinstance(sk, dict) and all(_whole(sk.get(k)) for k in FIELDS) and sk.get("move_type") == "hover"
              and sk.get("symbol") == "hover_infantry" and "infantry" in cats, name, where,
              "a skimmer side is infantry's, with whole values, move_type hover and symbol hover_infantry")
    if "carries" in t:
        _need(t["carries"] == 1 and "apc" in cats, name, where, "only an APC carries, one infantry counter (HS-APC-2)")


def counter_count(data: dict) -> int:
    """Every counter in the box: each conventional type twice (tan and green), and the markers."""
    armies = data.get("armies", {})
    per_force = {f: sum(1 for a in armies.values() if a.get("force") == f) for f in FORCES}
    units = sum(t.get("counters", 0) * per_force.get(force, 0)
                for force, entries in data.get("types", {}).items() for t in entries.values())
    return units + sum(data.get("markers", {}).values())


def armies() -> dict:
    """Army colour -> name, force and drawing colour."""
    return units_file()["armies"]


def force_of(army: str) -> str:
    """conventional, mercenary or slammers."""
    return armies()[army]["force"]


def unit_types(army: str) -> dict:
    """Type key -> values of every counter type an army fields."""
    return units_file()["types"][force_of(army)]


def unit(army: str, key: str) -> dict:
    """One counter type of an army (KeyError if it has none of that type)."""
    return unit_types(army)[key]


def all_type_keys() -> frozenset:
    """Every type key of any army (for the scenario kit's check)."""
    return frozenset(k for entries in units_file()["types"].values() for k in entries)


def is_(army: str, key: str, category: str) -> bool:
    """Whether a counter type is in a category the rules use (HS-GAP-4)."""
    return category in unit(army, key)["categories"]


def side_values(army: str, key: str, skimmers: bool = False) -> dict:
    """attack, defence, range, move and move_type of a unit, on its skimmer side if asked (HS-SKM-2)."""
    t = unit(army, key)
    src = t["skimmer"] if skimmers else t
    return {k: src[k] for k in (*FIELDS, "move_type")}


def unit_cost(army: str, key: str, gas: bool = False, ecm: bool = False, morale: int = 9,
              paradrop: bool = False) -> int:
    """Points for one unit with its options (HS-PTS-1..5, -10)."""
    t = unit(army, key)
    base = t["ecm_cost"] if ecm and t.get("ecm_cost") else t["gas_cost"] if gas and t.get("gas_cost") else t["cost"]
    extra = units_file()["morale"]["cost"].get(str(morale))
    if extra is None:
        raise DataError(f"units.json: morale: no cost for morale {morale} (HS-AMBIG-37)")
    return base + extra + (units_file()["paradrop_cost"] if paradrop else 0)


def model_value(t: dict) -> float:
    """The cost model's figure for a type (units.json 'cost_model'), to set beside its cost."""
    m = units_file()["cost_model"]
    value = sum(m[k] * t[k] for k in FIELDS)
    if "skimmer" in t:
        value += m["skimmer_move"] * t["skimmer"]["move"]
    if t["artillery"]:
        value += m[t["artillery"]]
    return value + sum(m[c] for c in ("militia", "bus") if c in t["categories"])


# ---------------------------------------------------------------- terrain.json
@lru_cache(maxsize=None)
def terrain_file() -> dict:
    """terrain.json, checked: every terrain's movement costs, fire modifiers, LOS and rubble."""
    name = "terrain.json"
    data = _read(name)
    kinds = [m for m in MOVE_TYPES if m != "none"]
    table = data.get("terrain", {})
    for key in TERRAINS:
        t = table.get(key)
        where = f"terrain {key}"
        _need(isinstance(t, dict), name, where, "is missing")
        move = t.get("move", {})
        _need(sorted(move) == sorted(kinds), name, where, "move must give a cost for " + ", ".join(kinds))
        for kind, cost in move.items():
            _need(cost is None or (isinstance(cost, (int, float)) and not isinstance(cost, bool) and cost > 0),
                  name, where, f"the {kind} cost must be a number above 0, or null (may not enter)")
        _need(_whole(t.get("direct_fire")) and _whole(t.get("indirect_fire"), 1), name, where,
              "direct_fire and indirect_fire must be whole numbers")
        los = t.get("los")
        _need(isinstance(los, list) and len(los) == 3 and all(_whole(v) for v in los), name, where,
              "los must be [firer, intervening, target] whole numbers")
        _need(t.get("rubble") in RUBBLE, name, where, "rubble must be rubble, destroyed or none")
        for flag in ("deadly_when_disrupted", "disrupted_may_enter"):
            _need(isinstance(t.get(flag), bool), name, where, f"{flag} must be true or false")
        if t["rubble"] == "destroyed":
            _need(t.get("becomes") in table, name, where, "a destroyed hex must say what it becomes")
    for kind in ("swamp", "lake"):                         # HS-MOV-9, -10
        cost = table[kind]["move"]
        _need(cost["tracked"] is None and cost["wheeled"] is None and cost["hover"] is not None, name,
              f"terrain {kind}", "conventional vehicles may never enter it, hover units may (HS-MOV-9, -10)")
    _need(all(table["river"]["move"][k] is not None for k in kinds), name, "terrain river",
          "every movement type may enter a river (HS-MOV-11)")
    road = data.get("road", {}).get("move", {})
    _need(sorted(road) == sorted(kinds) and all(isinstance(v, (int, float)) and v > 0 for v in road.values()),
          name, "road", "move must give the road rate of each movement type")
    rubble = data.get("rubble", {})
    _need(all(_whole(rubble.get(k)) for k in ("move", "direct_fire", "indirect_fire")), name, "rubble",
          "needs whole move, direct_fire and indirect_fire additions")
    return data


def terrain(key: str) -> dict:
    """One terrain's row of the chart."""
    return terrain_file()["terrain"][key]


def move_cost(key: str, move_type: str, road: bool = False, rubbled: bool = False):
    """Factors to enter a hex (None: may not), by road rate when ``road`` (HS-MOV-14, -15, HS-AMBIG-32)."""
    base = terrain(key)["move"][move_type]
    if base is None:
        return None
    if road:
        base = terrain_file()["road"]["move"][move_type]
    return base + (terrain_file()["rubble"]["move"] if rubbled else 0)


def direct_fire_modifier(key: str, rubbled: bool = False) -> int:
    """What the hex adds to a Direct Fire defence total, once per attack (HS-DIR-7, HS-RUB-6)."""
    return terrain(key)["direct_fire"] + (terrain_file()["rubble"]["direct_fire"] if rubbled else 0)


def indirect_fire_value(key: str, rubbled: bool = False) -> int:
    """The hex's Indirect Fire defence value (HS-TER-2, HS-RUB-6)."""
    return terrain(key)["indirect_fire"] + (terrain_file()["rubble"]["indirect_fire"] if rubbled else 0)


@lru_cache(maxsize=None)
def los_values() -> dict:
    """Terrain -> (firer, intervening, target) LOS values, as HexGrid.los wants them (HS-LOS-5)."""
    return {k: tuple(t["los"]) for k, t in terrain_file()["terrain"].items()}


def defence_total(defences, terrain_key: str, rubbled: bool = False) -> int:
    """Direct Fire defence: the targets' defence factors plus the terrain modifier once (HS-DIR-7)."""
    return sum(defences) + direct_fire_modifier(terrain_key, rubbled)


# ---------------------------------------------------------------- crt.json
@lru_cache(maxsize=None)
def crt_file() -> dict:
    """crt.json, checked: three odds tables in the kit's format, the gas table, every code's effect."""
    name = "crt.json"
    data = _read(name)
    effects = data.get("effects", {})
    for code, fx in effects.items():
        _need(isinstance(fx, dict) and fx.get("unit") in UNIT_EFFECTS and isinstance(fx.get("rubble"), bool),
              name, f"effects {code}", "must give unit (null, disrupt, eliminate) and rubble (true or false)")
    for key in TABLES:
        _need(isinstance(data.get(key), dict), name, key, "is missing")
        try:
            table = kit_crt.from_data(data[key], f"{name} {key}")
        except kit_crt.CRTError as exc:
            raise DataError(str(exc)) from None
        _need(table.dice == (2, 6) and table.rows == (2, 12), name, key, "is rolled on two dice, 2 to 12 (HS-RNG-2)")
        _need(table.below == "X", name, key, "odds below the first column must give X: no attack")
        for code in table.codes:
            _need(code in effects, name, f"{key} codes", f"{code!r} has no entry in effects")
        _monotone(table, effects, name, key)
    _need(data["direct"]["columns"][0] == "1-4" and data["direct"]["columns"][-1] == "5-1", name, "direct",
          "columns run from 1-4 to 5-1 (HS-DIR-11, -12)")
    _need(data["indirect_a"]["columns"][-1] == "6-1" and data["indirect_b"]["columns"][-1] == "5-1", name,
          "indirect", "Class A ends at 6-1 and Class B at 5-1 (HS-IND-10, -11)")
    gas = data.get("gas", {}).get("results", {})
    for force in ("conventional", "mercenary"):
        for cls in ("A", "B"):
            line = gas.get(force, {}).get(cls)
            _need(isinstance(line, list) and len(line) == 11 and all(
                  c in effects and not effects[c]["rubble"] for c in line), name, f"gas {force} {cls}",
                  "must list 11 results (rolls 2..12) without rubble (HS-GAS-5)")
    _need(_whole(data.get("close_assault_shift"), 1), name, "close_assault_shift", "must be 1 or more")
    return data


def _monotone(table, effects, name: str, key: str) -> None:
    """What happens to the units never lessens with a higher roll or a better column."""
    rank = {None: 0, "disrupt": 1, "eliminate": 2}
    grid = [[rank[effects[c]["unit"]] for c in col] for col in table.results]
    for i, col in enumerate(grid):
        _need(col == sorted(col), name, f"{key} {table.columns[i]}", "a higher roll must never do less harm")
        if i:
            _need(all(a <= b for a, b in zip(grid[i - 1], col)), name, f"{key} {table.columns[i]}",
                  "a better column must never do less harm at the same roll")


@lru_cache(maxsize=None)
def table(key: str = "direct") -> kit_crt.CRT:
    """A combat results table as the kit's CRT: direct, indirect_a or indirect_b."""
    return kit_crt.from_data(crt_file()[key], f"crt.json {key}")


def effect(code: str) -> dict:
    """What a result code does: {"unit": None|"disrupt"|"eliminate", "rubble": bool}."""
    return crt_file()["effects"][code]


def gas_result(force: str, target_class: str, roll: int) -> str:
    """The gas table's code for one target (HS-GAS-4); Slammers read the Mercenary line."""
    line = crt_file()["gas"]["results"]["mercenary" if force == "slammers" else force][target_class]
    return line[max(2, min(12, roll)) - 2]


# ---------------------------------------------------------------- against a board
def map_problems(board) -> list:
    """Plain lines for every hex whose terrain the chart lacks (HS-GAP-1, HS-GAP-9)."""
    chart = terrain_file()["terrain"]
    bad: dict = {}
    for h, key in sorted(board.terrain.items()):
        if key not in chart:
            bad.setdefault(key, []).append(board.label(h))
    return [f"{board.title}: terrain '{k}' (hex {', '.join(v[:3])}) has no row in terrain.json"
            for k, v in sorted(bad.items())]


def check_all() -> None:
    """Read and check every data file; raise DataError on the first problem."""
    for reader in (units_file, terrain_file, crt_file):
        reader()
    for force, entries in units_file()["types"].items():
        for key, t in entries.items():
            for mt in {t["move_type"], t.get("skimmer", {}).get("move_type", "none")} - {"none"}:
                _need(mt in terrain_file()["road"]["move"], "units.json", f"type {force} {key}",
                      f"move_type {mt} has no column in terrain.json")


def forget() -> None:
    """Drop every file read so far, so the next call reads them again (tests, edits)."""
    for reader in (units_file, terrain_file, crt_file, table, los_values):
        reader.cache_clear()
