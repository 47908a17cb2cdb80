"""Battle for Armageddon's authored data (counters, cards, CRT, terrain, builds, set-up), read once.

Every file beside this module is checked when first asked for; a file that cannot be used
raises DataError with one plain line naming the file, the entry and what is wrong.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from game.core import crt as kit_crt

HERE = Path(__file__).parent
SIDES = ("imperial", "ork")
PHASES = ("movement", "combat", "build")
KINDS = ("open", "ash_waste", "hive", "factory", "mountain", "sea")
LAND = ("open", "ash_waste", "hive", "factory")
HIVES = ("Acheron", "Hades", "Tartarus", "Hellsreach", "Infernus")      # BFA-MAP-2
ORK_REGION = "Ork Territory"                                           # BFA-MAP-5
# Counters outside the stacking limit (BFA-STK-3): by role, plus the three leaders.
EXEMPT_ROLES = ("marker", "hive", "factory", "fortification", "leader")
LEADERS = {"ghazghkull": "ork", "yarrick": "imperial", "dante": "imperial"}
ROLES = ("unit",) + EXEMPT_ROLES
# Special-card effects and the parameters each needs (cards.json 'effects').
OPS = {"die_modifier": {"value": int, "scope": str}, "cancel_retreat": {}, "reroll": {},
       "ignore_stop": {"terrain": str}, "build_points": {"value": int},
       "extra_rebuilds": {"value": int}, "in_supply": {"stacks": int},
       "deploy": {"counters": list, "together": bool},
       "return_eliminated": {"count": int, "exclude": list}}
LOSSES = ("all", "one", "one_per_stack")     # what a CRT result takes from a side
COUNTER_TOTAL = 145      # BFA-COM-1
STACK_LIMIT = 3          # BFA-STK-2


class DataError(ValueError):
    """A data file that cannot be used; str() is one plain line naming file and entry."""


def _read(name: str) -> dict:
    try:
        data = json.loads((HERE / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"{name}: cannot be read as JSON ({exc})") from None
    if not isinstance(data, dict):
        raise DataError(f"{name}: the file must hold one JSON object")
    return data


def _need(cond, name: str, where: str, what: str) -> None:
    if not cond:
        raise DataError(f"{name}: {where}: {what}")


def _whole(value, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


# ---------------------------------------------------------------- counters.json
@lru_cache(maxsize=None)
def counters_file() -> dict:
    """counters.json, checked: 145 counters with side, type, values, tribe and home area."""
    name = "counters.json"
    data = _read(name)
    tribes, types = data.get("tribes", {}), data.get("types", {})
    _need(len(tribes) == 3, name, "tribes", "there must be three Ork tribes (BFA-COM-5)")
    for key, t in types.items():
        _need(t.get("role") in ROLES, name, f"type {key}", "role must be one of " + ", ".join(ROLES))
        _need(t.get("stack_exempt") is (t["role"] in EXEMPT_ROLES), name, f"type {key}",
              "stack_exempt must be true exactly for markers, hives, factories, fortifications and leaders")
    seen: dict = {}
    for i, c in enumerate(data.get("counters", [])):
        where = f"counter {c.get('id', i + 1)}"
        _need(isinstance(c.get("id"), str) and c["id"] not in seen, name, where, "needs a unique id")
        _need(isinstance(c.get("name"), str) and c["name"].strip(), name, where, "needs a name")
        _need(c.get("side") in SIDES, name, where, "side must be imperial or ork")
        _need(c.get("type") in types, name, where, f"unknown type {c.get('type')!r}")
        for field in ("attack", "defence", "move"):
            _need(_whole(c.get(field)), name, where, f"{field} must be a whole number of 0 or more")
        _need((c.get("tribe") in tribes) if c["side"] == "ork" else "tribe" not in c, name, where,
              "an Ork counter needs one of the three tribes; an Imperial counter has none")
        if types[c["type"]]["role"] in ("hive", "factory"):
            _need(isinstance(c.get("area"), str), name, where, "a hive or factory names its area")
        seen[c["id"]] = c
    _need(len(seen) == COUNTER_TOTAL, name, "counters", f"there must be {COUNTER_TOTAL}, not {len(seen)}")
    hives = sorted(c["area"] for c in seen.values() if c["type"] == "hive")
    _need(hives == sorted(HIVES), name, "hives", "there must be one hive counter for each of " + ", ".join(HIVES))
    for leader, side in LEADERS.items():
        found = [c for c in seen.values() if c["type"] == leader]
        _need(len(found) == 1 and found[0]["side"] == side, name, leader, f"there must be one, on the {side} side")
    return data


@lru_cache(maxsize=None)
def counters() -> dict:
    """Counter id -> its entry (name, side, type, attack, defence, move, tribe, area)."""
    return {c["id"]: c for c in counters_file()["counters"]}


def types() -> dict:
    """Counter type -> name, role and whether it is outside the stacking limit."""
    return counters_file()["types"]


def tribes() -> dict:
    """Ork tribe key -> its name and the colour of its band."""
    return counters_file()["tribes"]


_EXEMPT: dict = {}      # counter id -> stack_exempt, filled as asked (the rules ask often)
_ROLE: dict = {}        # counter id -> role


def stack_exempt(counter_id: str) -> bool:
    """Whether a counter is outside the 3-counter limit (BFA-STK-3)."""
    found = _EXEMPT.get(counter_id)
    if found is None:
        found = _EXEMPT[counter_id] = types()[counters()[counter_id]["type"]]["stack_exempt"]
    return found


def role(counter_id: str) -> str:
    """unit, leader, hive, factory, fortification or marker."""
    found = _ROLE.get(counter_id)
    if found is None:
        found = _ROLE[counter_id] = types()[counters()[counter_id]["type"]]["role"]
    return found


# ---------------------------------------------------------------- cards.json
@lru_cache(maxsize=None)
def cards() -> dict:
    """cards.json, checked: 6 strategy and 6 special cards a side, 24 in all (BFA-COM-1, -2)."""
    name = "cards.json"
    data = _read(name)
    ids: set = set()
    for side in SIDES:
        strat = data.get("strategy", {}).get(side, [])
        _need(len(strat) == 6, name, f"strategy {side}", "each side has six strategy cards (BFA-STR-1)")
        for card in strat:
            _card_id(card, ids, name)
            ph = card.get("phases")
            _need(isinstance(ph, list) and len(ph) == 2 and all(p in PHASES for p in ph), name,
                  f"card {card['id']}", "phases must be two of movement, combat, build, in order")
        special = data.get("special", {}).get(side, [])
        _need(len(special) == 6, name, f"special {side}", "each side has six special cards")
        for card in special:
            _card_id(card, ids, name)
            _special(card, side, data, name)
    return data


def _card_id(card: dict, ids: set, name: str) -> None:
    _need(isinstance(card.get("id"), str) and card["id"] not in ids, name, f"card {card.get('id')}",
          "needs a unique id")
    _need(isinstance(card.get("name"), str) and card["name"].strip(), name, f"card {card['id']}", "needs a name")
    ids.add(card["id"])


def _special(card: dict, side: str, data: dict, name: str) -> None:
    where = f"card {card['id']}"
    _need(card.get("timing") in data.get("timings", {}), name, where, f"unknown timing {card.get('timing')!r}")
    _need(isinstance(card.get("text"), str) and card["text"].strip(), name, where, "needs its text")
    steps = card.get("effect")
    _need(isinstance(steps, list) and steps, name, where, "needs at least one effect step")
    for step in steps:
        op = step.get("op")
        _need(op in OPS and op in data.get("effects", {}), name, where, f"unknown effect {op!r}")
        for key, kind in OPS[op].items():
            ok = isinstance(step.get(key), kind) and not (kind is int and isinstance(step.get(key), bool))
            _need(ok, name, where, f"effect {op} needs '{key}' ({kind.__name__})")
        for cid in step.get("counters", []) + step.get("exclude", []):
            _need(counters().get(cid, {}).get("side") == side, name, where, f"names {cid!r}, not a counter of its side")


def strategy_cards(side: str) -> list:
    """The six strategy cards of a side, each with its two phases in order."""
    return cards()["strategy"][side]


def special_cards(side: str) -> list:
    """The six special cards of a side."""
    return cards()["special"][side]


# ---------------------------------------------------------------- crt.json, terrain.json
@lru_cache(maxsize=None)
def crt() -> dict:
    """crt.json, checked: the table kit's CRT format, plus each code's effect and their ranking."""
    name = "crt.json"
    data = _read(name)
    try:
        kit_crt.from_data(data, name)
    except kit_crt.CRTError as exc:
        raise DataError(str(exc)) from None
    codes, effects = data.get("codes", {}), data.get("effects", {})
    _need(bool(codes), name, "codes", "must explain every result code")
    _need(sorted(data.get("ranking", [])) == sorted(codes), name, "ranking", "must list every code once")
    for code in codes:
        fx = effects.get(code)
        _need(isinstance(fx, dict) and set(fx) == {"attacker", "defender"}, name, f"effects {code}",
              "must say what happens to the attacker and to the defender")
        for who, what in fx.items():
            _need(what.get("lose") in (None, *LOSSES) and what.get("retreat") in (None, True), name,
                  f"effects {code} {who}", "lose must be all, one or one_per_stack; retreat true")
    return data


@lru_cache(maxsize=None)
def table() -> kit_crt.CRT:
    """The Combat Results Table as the table kit's CRT (odds columns, clamped rolls, chances)."""
    return kit_crt.from_data(crt(), "crt.json")


def odds(attack: int, defence: int) -> str:
    """The odds column for two totals, as the book rounds them (BFA-CBT-12, -13, BFA-AMBIG-10)."""
    return table().column(attack, defence).name


def result(column: str, roll: int) -> str:
    """The CRT code for a column and a modified roll (kept within 1-6, BFA-CBT-17)."""
    t = table()
    return t.result(kit_crt.Column(t.columns.index(column), column), roll)


@lru_cache(maxsize=None)
def terrain() -> dict:
    """terrain.json, checked: every area kind's movement, supply and combat effect, and the river."""
    name = "terrain.json"
    data = _read(name)
    for kind in KINDS:
        t = data.get("terrain", {}).get(kind)
        _need(isinstance(t, dict), name, f"terrain {kind}", "is missing")
        for key in ("enter", "stop", "supply"):
            _need(isinstance(t.get(key), bool), name, f"terrain {kind}", f"'{key}' must be true or false")
        _need(isinstance(t.get("die"), int), name, f"terrain {kind}", "'die' must be a whole number")
    river = data.get("borders", {}).get("river", {})
    _need(isinstance(river.get("die_when_all_attackers_cross"), int), name, "borders river",
          "needs its die modifier")
    _need(data.get("die_range") == [1, 6], name, "die_range", "a modified roll is kept within 1-6 (BFA-CBT-17)")
    for key in ("ghazghkull", "yarrick", "dante"):
        _need(key in data.get("leaders", {}), name, f"leaders {key}", "is missing (BFA-GAP-14)")
    _check_editions(data, name)
    return data


def _check_editions(data: dict, name: str) -> None:
    """The data's edition and its earlier ones, each lower, giving a whole die for known kinds."""
    latest = data.get("edition", 1)
    _need(_whole(latest, 1), name, "edition", "must be a whole number from 1")
    for e in data.get("earlier", []):
        _need(isinstance(e, dict) and _whole(e.get("edition"), 1) and e["edition"] < latest, name, "earlier",
              "each earlier edition needs its own number, lower than the data's")
        die = e.get("die", {})
        _need(isinstance(die, dict) and all(k in KINDS and isinstance(v, int) for k, v in die.items()), name,
              f"earlier edition {e['edition']}", "'die' must map area kinds to whole numbers")


def editions() -> list:
    """The terrain data's earlier editions, newest first: a save made before it changed replays on one."""
    return sorted((e["edition"] for e in terrain().get("earlier", [])), reverse=True)


def terrain_die(kind: str, edition: int | None = None) -> int:
    """The die modifier of an attack into an area of ``kind`` (BFA-GAP-4), as ``edition`` had it."""
    data = terrain()
    for e in data.get("earlier", []):
        if e["edition"] == edition and kind in e.get("die", {}):
            return e["die"][kind]
    return data["terrain"][kind]["die"]


# ---------------------------------------------------------------- build.json
@lru_cache(maxsize=None)
def build() -> dict:
    """build.json, checked: costs of buildable unit types and the production track spaces."""
    name = "build.json"
    data = _read(name)
    costs = data.get("costs", {})
    for key, cost in costs.items():
        t = types().get(key)
        _need(t is not None and t["role"] == "unit", name, f"cost {key}", "is not a unit type")
        _need(_whole(cost, 1), name, f"cost {key}", "must be a whole number of 1 or more")
        _need(all(c["side"] == "imperial" for c in counters().values() if c["type"] == key), name,
              f"cost {key}", "only Imperial counters are bought")
    placed: list = []
    spaces = data.get("production_track", {}).get("spaces", [])
    for s in spaces:
        _need(_whole(s.get("space"), 1), name, f"space {s.get('space')}", "space must be 1 or more")
        placed += s.get("types", [])
    _need(sorted(placed) == sorted(costs), name, "production_track",
          "every type with a cost must start on exactly one space")
    _need(len({s["space"] for s in spaces}) == len(spaces), name, "production_track", "space numbers repeat")
    track = data.get("build_point_track", {})
    _need(_whole(track.get("start")) and track["start"] <= track.get("max", -1), name,
          "build_point_track", "start must lie on the track")
    return data


def cost(type_key: str) -> int | None:
    """Build points for one counter of a type, or None if it can never be built (BFA-IBL-4)."""
    return build()["costs"].get(type_key)


def production_space(type_key: str) -> int | None:
    """How many spaces left of the Ready box a type is put when bought."""
    for s in build()["production_track"]["spaces"]:
        if type_key in s["types"]:
            return s["space"]
    return None


def build_points() -> int:
    """Intact hive and factory defence values together (BFA-HIV-3); 20 at the start."""
    return sum(c["defence"] for c in counters().values() if c["type"] in ("hive", "factory"))


# ---------------------------------------------------------------- setup.json, examples.json
@lru_cache(maxsize=None)
def setup() -> dict:
    """setup.json, checked: the Imperial order of battle and the Orks' standard set-up."""
    name = "setup.json"
    data = _read(name)
    everyone = counters()
    placed: set = set()
    for key, side in (("imperial", "imperial"), ("ork_standard", "ork")):
        for area, ids in data.get(key, {}).items():
            _placement(name, f"{key} {area}", ids, side, placed)
            for cid in ids:
                home = everyone[cid].get("area")
                _need(home in (None, area), name, f"{key} {area}", f"{cid} belongs in {home}")
    homes = {c["area"] for c in everyone.values() if "area" in c}
    _need(homes <= set(data.get("imperial", {})), name, "imperial",
          "every hive and factory starts in its own area (BFA-GAP-7)")
    orks = {cid for cid, c in everyone.items() if c["side"] == "ork"}
    _need(orks <= placed, name, "ork_standard", "must place every Ork counter (BFA-SET-8)")
    return data


def set_aside() -> list:
    """Imperial counters that start off the map, to be built or brought in by card (BFA-SET-6)."""
    placed = {cid for ids in setup()["imperial"].values() for cid in ids}
    return sorted(cid for cid, c in counters().items()
                  if c["side"] == "imperial" and cid not in placed and role(cid) != "marker")


def _placement(name: str, where: str, ids, side: str, placed: set) -> None:
    """One area's counters: known, of the right side, used once, legal as a stack."""
    _need(isinstance(ids, list) and ids, name, where, "needs a list of counter ids")
    for cid in ids:
        c = counters().get(cid)
        _need(c is not None, name, where, f"unknown counter {cid!r}")
        _need(c["side"] == side, name, where, f"{cid} is not an {side} counter")
        _need(cid not in placed, name, where, f"{cid} is placed twice")
        placed.add(cid)
    _need(stack_problem(ids) is None, name, where, stack_problem(ids) or "")


def stack_problem(ids) -> str | None:
    """Why these counters cannot form one stack (limit, tribes), or None (BFA-STK-2..4)."""
    count = sum(1 for cid in ids if not stack_exempt(cid))
    if count > STACK_LIMIT:
        return f"{count} counters over the stacking limit of {STACK_LIMIT}"
    found = {counters()[cid]["tribe"] for cid in ids if counters()[cid].get("tribe")}
    if len(found) > 1:
        return "Ork counters of different tribes share the stack"
    return None


@lru_cache(maxsize=None)
def examples() -> dict:
    """examples.json, checked: the book's examples, with legal stacks of known counters."""
    name = "examples.json"
    data = _read(name)
    for key in ("movement", "combat", "supply"):
        ex = data.get(key)
        _need(isinstance(ex, dict), name, key, "is missing")
        placed: set = set()
        for side, label in (("imperial", "imperial"), ("ork", "ork")):
            for area, ids in ex.get(side, {}).items():
                _placement(name, f"{key} {side} {area}", ids, label, placed)
    return data


# ---------------------------------------------------------------- against the map
def map_problems(board) -> list:
    """Plain lines for every way the data and an AreaMap disagree (names, kinds, Ork territory)."""
    out = []
    areas = board.areas

    def kind(area: str) -> str | None:
        return areas[area].kind if area in areas else None

    for cid, c in counters().items():
        if "area" in c and kind(c["area"]) != c["type"]:
            out.append(f"counter {cid}: its area {c['area']!r} is not a {c['type']} area on the map")
    for area in setup()["imperial"]:
        if kind(area) not in LAND:
            out.append(f"setup.json: imperial {area}: not a land area of the map")
        elif areas[area].region == ORK_REGION:
            out.append(f"setup.json: imperial {area}: lies in Ork territory")
    for area in setup()["ork_standard"]:
        if kind(area) not in LAND or areas[area].region != ORK_REGION:
            out.append(f"setup.json: ork_standard {area}: not a land area of Ork territory (BFA-SET-9)")
    for key, ex in examples().items():
        if key.startswith("_"):
            continue
        for area in [*ex.get("imperial", {}), *ex.get("ork", {}), *ex.get("ruins", [])]:
            if kind(area) not in LAND:
                out.append(f"examples.json: {key}: {area!r} is not a land area of the map")
    for side in SIDES:
        if not supply_areas(board, side):
            out.append(f"the map has no {side} supply area (BFA-GAP-5)")
    return out


def supply_areas(board, side: str) -> frozenset:
    """Areas whose `supply` property names this side (BFA-MAP-6, BFA-GAP-5)."""
    return frozenset(n for n, a in board.areas.items() if a.props.get("supply") == side)


def check_all(board=None) -> None:
    """Read and check every file (and the map, if given); raise DataError on the first problem."""
    for reader in (counters_file, cards, crt, terrain, build, setup, examples):
        reader()
    _need(build_points() == build()["build_point_track"]["start"], "counters.json", "hives and factories",
          f"their defence values total {build_points()}, not the starting build points (BFA-GAP-7)")
    if board is not None:
        problems = map_problems(board)
        if problems:
            raise DataError(problems[0])


def forget() -> None:
    """Drop every file read so far, so the next call reads the files again (tests, edits)."""
    for reader in (counters_file, counters, cards, crt, table, terrain, build, setup, examples):
        reader.cache_clear()
    _EXEMPT.clear()
    _ROLE.clear()
