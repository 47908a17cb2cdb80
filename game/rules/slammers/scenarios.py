"""Hammer's Slammers scenarios: JSON files a player can copy and change, checked once on load.

A scenario (``scenarios/<name>.json``; the table kit's format, game/core/scenario.py, plus
what this game needs)::

    {"game": "slammers", "name": "learning", "title": "...", "briefing": "...", "minutes": 30,
     "seating": {"sides": ["tan", "blue"]},       # army colours, in movement order (HS-SEQ-1)
     "board": {"panels": [{"file": "panel4.tmx", "col": 0, "row": 0}, ...],
               "half_hexes": false},              # HS-MAP-1..4; col even (22 = one panel east)
     "morale": {"tan": 8, "blue": 9},             # 6..9, one per army (HS-SET-3, HS-PTS-11)
     "ecm": ["blue"],                             # armies whose hover tanks carry ECM (HS-SET-4)
     "gas": {"red": ["howitzer"]},                # types bought with gas shells (HS-PTS-4)
     "zones": {"Tan start": {"side": "tan", "cols": [1, 6], "rows": [1, 33]},
               "Relief": {"side": "blue", "hexes": ["2201", "2301"]}},
     "forces": {"tan": [{"unit": "tank", "count": 3, "at": "0907"},       # a hex: all there
                        {"unit": "apc", "count": 2, "at": "Tan start", "carrying": "infantry"},
                        {"unit": "tank", "count": 2, "at": "Tan start", "towing": "small_gun"}],
                "blue": [{"unit": "infantry", "count": 2, "at": "Relief", "turn": 3,
                          "skimmers": true}]},
     "length": {"turns": 8},
     "victory": [{"kind": "hold", "side": "tan", "places": ["Marrow"]}, ...]}

Hexes are named as players see them on the joined board, column then row from 01 ("0907").
A line placed in a zone is spread over the zone's hexes in order, three counters a hex at
most (a loaded APC or a towing pair counts 2, HS-STK-3, HS-AMBIG-9), on terrain the unit
may enter; ``turn`` above 1 brings the line in at that turn (its hexes are where it may
enter). ``carrying`` loads each APC with one infantry counter of its army (HS-APC-2);
``towing`` hooks one artillery counter behind each vehicle (HS-TOW-1, HS-AMBIG-10);
``skimmers`` starts Mercenary or Slammers infantry mounted (HS-SKM-2). ``"paradrop": true``
keeps the line off the map until it jumps, from its ``turn`` on, onto drop zones chosen among
the hexes of its ``at`` (HS-PAR-1..16; 2 points more a unit, HS-PTS-5). Victory kinds are the
kit's: hold (places: place names or hexes), eliminate (enemy_fraction of their points),
points (at_least, points of enemy units eliminated), survive, most_points.
A shipped scenario changed after players could save it keeps what it was: ``"edition": 2`` and
``"earlier": [{"edition": 1, "forces": ..., "length": ...}]``, each earlier edition the fields
it had otherwise; a save's replay that no longer matches is tried on them (``editions``).
``load`` refuses a broken file with one plain line naming the file, the field and where.
A player's own scenarios live in ``user_dir()`` (the data folder's scenarios/slammers); ``all_names``
lists them after the shipped ones, and their panels may lie beside them or in the maps folder.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.boards.errors import MapError
from game.core import scenario as kit
from game.core.paths import data_dir, maps_dir, user_maps_dir

from . import data

HERE = Path(__file__).parent / "scenarios"
STACK = 3                                                  # HS-STK-1


class ScenarioProblem(kit.ScenarioProblem):
    """A scenario that cannot be played; the message is one plain line."""


@dataclass(frozen=True)
class Scenario:
    """One checked scenario: the kit's fields, the joined board and every unit placed."""
    base: kit.Scenario
    morale: dict
    ecm: tuple
    gas: dict
    minutes: int
    zones: dict                 # name -> (side, tuple of hexes in order)
    units: tuple                # dicts, see expand()
    board: object               # the joined HexGrid
    forts: dict = None          # side -> tuple of fortress hexes (HS-GAP-18)

    def __getattr__(self, name):
        if name.startswith("__") or name == "base":      # copying and pickling ask before base is set
            raise AttributeError(name)
        return getattr(self.base, name)


def _minutes(path: Path) -> float:
    """A file's playing time for sorting, read leniently (a broken file sorts last)."""
    try:
        m = kit.read_json(path, "scenario file", kit.MAX_SCENARIO_BYTES).get("minutes")
    except (kit.FileProblem, AttributeError):
        return float("inf")
    return m if data._whole(m, 1) else float("inf")


def _by_length(paths) -> list:
    return [p.stem for p in sorted(paths, key=lambda p: (_minutes(p), p.stem))]


def names() -> list:
    """The shipped scenarios, shortest game first (a broken file is listed last; load says why)."""
    return _by_length(HERE.glob("*.json"))


def user_dir() -> Path:
    """Where a player keeps scenarios of their own: <data folder>/scenarios/slammers."""
    return data_dir() / "scenarios" / "slammers"


def all_names() -> list:
    """The shipped scenarios, then the player's own (a name the game ships is never shadowed)."""
    shipped = names()
    try:
        own = [p for p in user_dir().glob("*.json") if p.stem not in shipped and p.is_file()]
    except OSError:
        own = []
    return shipped + _by_length(own)


def _path(name: str) -> Path:
    path = HERE / f"{name}.json"
    if not path.is_file() and (user_dir() / f"{name}.json").is_file():
        path = user_dir() / f"{name}.json"
    return path


def load(name: str, edition: int | None = None) -> Scenario:
    """A scenario by name: a shipped one, else the player's own; checked (and kept while unchanged).
    ``edition`` names an earlier edition of it (saves made before it changed); None, the latest."""
    path = _path(name)
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    return _load(str(path), stamp, edition)


@lru_cache(maxsize=32)
def _load(path: str, stamp, edition=None) -> Scenario:
    return load_file(path, edition)


def editions(name: str | None) -> list:
    """The earlier editions of a scenario, newest first (none when it has only ever had one)."""
    try:
        raw = kit.read_json(_path(name or names()[0]), "scenario file", kit.MAX_SCENARIO_BYTES)
        as_edition(raw, None, "")                  # checks the editions; a broken file has none to offer
    except (kit.FileProblem, ScenarioProblem):
        return []
    return sorted((e["edition"] for e in raw.get("earlier", [])), reverse=True) if isinstance(raw, dict) else []


def load_file(path, edition: int | None = None) -> Scenario:
    """Read and check a scenario file (of an earlier ``edition``); raises ScenarioProblem with one
    plain line."""
    path = Path(path)
    try:
        raw = kit.read_json(path, "scenario file", kit.MAX_SCENARIO_BYTES)
    except kit.FileProblem as exc:
        raise ScenarioProblem(f"{path.name}: {exc.reason}.") from None
    return parse(as_edition(raw, edition, path.name), path.name, path)


def as_edition(raw, edition: int | None, where: str):
    """The scenario data as its ``edition`` had it: the latest's fields, with those the earlier
    edition had otherwise put back; None or the latest edition, the data as it is."""
    if not isinstance(raw, dict):
        return raw
    latest = raw.get("edition", 1)
    earlier = raw.get("earlier", [])
    if not data._whole(latest, 1) or not isinstance(earlier, list) or not all(
            isinstance(e, dict) and data._whole(e.get("edition"), 1) and e["edition"] < latest
            and not {"earlier", "edition", "game", "name"} & (set(e) - {"edition"}) for e in earlier):
        raise ScenarioProblem(f"{where}: edition and earlier must be a whole number and a list of "
                              "earlier editions, each with its own lower number and the fields it had")
    if edition is None or edition == latest:
        return raw
    old = next((e for e in earlier if e["edition"] == edition), None)
    if old is None:
        raise ScenarioProblem(f"{where}: has no edition {edition} (it is edition {latest})")
    return {**raw, **{k: v for k, v in old.items() if k != "edition"}, "edition": edition}


def build_board(name_or_scenario):
    """The joined HexGrid of a scenario (by name or loaded)."""
    scen = load(name_or_scenario) if isinstance(name_or_scenario, str) else name_or_scenario
    return scen.board


PANEL_STEP = (22, 16)            # columns and rows from one panel to the next: they share an edge line


def standard_board(play_half_hexes: bool = False):
    """The six panels in their standard arrangement, 1 2 3 above 4 5 6 (65 x 31 playable hexes)."""
    from game.boards.geomorphic import join_boards
    cols, rows = PANEL_STEP
    return join_boards([(str(panel_path(f"panel{i + 1}.tmx", None)), cols * (i % 3), rows * (i // 3))
                        for i in range(6)], play_half_hexes=play_half_hexes)


def panel_path(file: str, beside: Path | None) -> Path:
    """A panel file: beside the scenario, else in the player's maps folder, else the shipped maps/slammers/."""
    places = [beside.parent] if beside is not None else []
    places += [user_maps_dir() / "slammers", user_maps_dir()]
    for folder in places:
        if (folder / file).is_file():
            return folder / file
    return maps_dir() / "slammers" / file


def parse(raw, where: str = "scenario", path: Path | None = None) -> Scenario:
    """Check scenario data (see the module docstring)."""
    def bad(field, why):
        raise ScenarioProblem(f"{where}: {field} {why}.")
    if not isinstance(raw, dict):
        bad("the file", "is not a JSON object")
    seating = raw.get("seating")
    sides = seating.get("sides") if isinstance(seating, dict) else None
    if not isinstance(sides, list) or not sides or any(s not in data.ARMIES for s in sides):
        bad("seating", "must list the armies that play, from " + ", ".join(data.ARMIES))
    if len(set(sides)) < 2:             # one player may play both sides, but a battle needs two (HS-SET-1)
        bad("seating", f"seats {len(set(sides))} army; a battle needs two to four, each a different colour")
    board = _board(raw.get("board"), path, bad)
    zones = _zones(raw.get("zones", {}), sides, board, bad)
    place_ok = _place_checker(board, zones)
    try:
        base = kit.parse(raw, "slammers", where, data.all_type_keys(), place_ok, path)
    except kit.ScenarioProblem as exc:
        raise ScenarioProblem(str(exc)) from None
    if base.first != base.seating.sides[0]:
        bad("first", "must be the first side of the seating, which sets the movement order")
    morale = _morale(raw.get("morale"), sides, bad)
    ecm, gas = _options(raw, sides, bad)
    minutes = raw.get("minutes", 60)
    if not data._whole(minutes, 1):
        bad("minutes", "must be a whole number of minutes above 0")
    units = expand(base, board, zones, bad)
    forts = _forts(raw.get("fortresses", {}), sides, board, bad)
    return Scenario(base, morale, ecm, gas, minutes, zones, units, board, forts)


def _forts(forts, sides, board, bad) -> dict:
    """Fortresses bought by the armies that price them, one a hex, never on city or water (HS-FOR-2, -6)."""
    info = data.units_file()["fortress"]
    banned = data.terrain_file()["fortress"]["not_in"]
    if not isinstance(forts, dict) or any(s not in sides or not isinstance(v, list) for s, v in forts.items()):
        bad("fortresses", "must map seated armies to lists of hexes")
    out, seen = {}, set()
    for side, labels in forts.items():
        if data.force_of(side) not in info["forces"]:
            bad(f"fortresses of {side}", "are bought only by the Mercenaries and the Slammers (HS-GAP-18)")
        hexes = [_hex(board, lab, bad, f"fortresses of {side}") for lab in labels]
        for lab, h in zip(labels, hexes):
            if h in seen:
                bad(f"fortresses of {side}", f"put two fortresses in hex {lab} (HS-FOR-2)")
            if board.terrain[h] in banned:
                bad(f"fortresses of {side}", f"put one in {board.terrain[h]} hex {lab} (HS-FOR-6)")
            seen.add(h)
        out[side] = tuple(hexes)
    return out


def _board(board, path, bad):
    if not isinstance(board, dict) or not isinstance(board.get("panels"), list) or "map" in board:
        bad("board", "must list the panels and edge pieces (HS-MAP-1)")
    placements = []
    for i, p in enumerate(board["panels"], 1):
        if not (isinstance(p, dict) and isinstance(p.get("file"), str) and p["file"].endswith(".tmx")):
            bad(f"board panel {i}", "must name a .tmx file")
        file = panel_path(p["file"], path)
        if not file.is_file():
            bad(f"board panel {i}", f"names {p['file']}, which is neither beside the scenario nor in maps/slammers")
        placements.append((str(file), p.get("col", 0), p.get("row", 0)))
    from game.boards.geomorphic import join_boards
    try:
        grid = join_boards(placements, play_half_hexes=bool(board.get("half_hexes", False)))
    except (MapError, ValueError, TypeError) as exc:
        bad("board", f"cannot be joined ({exc})")
    problems = data.map_problems(grid)
    if problems:
        bad("board", f"uses terrain the chart lacks: {problems[0]}")
    return grid


def _hex(board, label, bad, what):
    h = board.hex_named(label) if isinstance(label, str) and label.isdigit() and len(label) % 2 == 0 else None
    if h is None:
        bad(what, f"names hex '{label}', which is not a playable hex of the board")
    return h


def _zones(zones, sides, board, bad) -> dict:
    if not isinstance(zones, dict):
        bad("zones", "must map each zone's name to its side and hexes")
    out = {}
    for name, z in zones.items():
        what = f"zone '{name}'"
        if not isinstance(z, dict) or z.get("side") not in sides:
            bad(what, "must name a seated side")
        if "hexes" in z:
            if not isinstance(z["hexes"], list) or not z["hexes"]:
                bad(what, "must list its hexes")
            hexes = [_hex(board, lab, bad, what) for lab in z["hexes"]]
        else:
            hexes = _box(z, board, bad, what)
        out[name] = (z["side"], tuple(dict.fromkeys(hexes)))
    return out


def _box(z, board, bad, what) -> list:
    """The playable hexes of a rectangle of columns and rows (numbered from 1, both ends included)."""
    span = {}
    for key in ("cols", "rows"):
        v = z.get(key, [1, 999])
        if not (isinstance(v, list) and len(v) == 2 and all(data._whole(n, 1) for n in v) and v[0] <= v[1]):
            bad(what, f"{key} must be [first, last], numbered from 1")
        span[key] = v
    (c0, c1), (r0, r1) = span["cols"], span["rows"]
    hexes = [h for h in board.hex_list
             if c0 <= board.offset(h)[0] + 1 <= c1 and r0 <= board.offset(h)[1] + 1 <= r1]
    if not hexes:
        bad(what, "holds no playable hex")
    return sorted(hexes, key=lambda h: board.offset(h))


def _place_checker(board, zones):
    def ok(place) -> bool:
        if not isinstance(place, str):
            return False
        if place in zones or board.place(place) is not None:
            return True
        return place.isdigit() and board.hex_named(place) is not None
    return ok


def _morale(morale, sides, bad) -> dict:
    low = data.units_file()["morale"]["lowest"]
    if not isinstance(morale, dict) or sorted(morale) != sorted(sides):
        bad("morale", "must give one morale level for each seated army (HS-SET-3, HS-PTS-11)")
    for side, m in morale.items():
        if not data._whole(m) or not low <= m <= 9:
            bad(f"morale of {side}", f"must be from {low} to 9 (HS-AMBIG-37)")
    return dict(morale)


def _options(raw, sides, bad) -> tuple:
    ecm = raw.get("ecm", [])
    if not isinstance(ecm, list) or any(s not in sides for s in ecm):
        bad("ecm", "must list seated armies")
    for side in ecm:
        if not any(t.get("ecm_cost") for t in data.unit_types(side).values()):
            bad("ecm", f"names {side}, whose army has no unit that can carry ECM (HS-ECM-1)")
    gas = raw.get("gas", {})
    if not isinstance(gas, dict) or any(s not in sides or not isinstance(v, list) for s, v in gas.items()):
        bad("gas", "must map seated armies to lists of unit types")
    for side, types in gas.items():
        for key in types:
            if not data.unit_types(side).get(key, {}).get("gas_cost"):
                bad(f"gas of {side}", f"names '{key}', which cannot be bought with gas (HS-GAS-1)")
    return tuple(ecm), {s: tuple(v) for s, v in gas.items()}


# ---------------------------------------------------------------- forces, placed
def expand(base, board, zones, bad) -> tuple:
    """Every unit of the scenario, each a dict: id, side, type, at (hex or None), turn,
    zone (name or None), skimmers, aboard (the APC's id), towed_by (the vehicle's id)."""
    used: dict = {}
    stacks: dict = {}
    serials: dict = {}
    out = []
    for side, lines in base.forces.items():
        for i, line in enumerate(lines, 1):
            what = f"forces of {side}, line {i},"
            extra = _line_extras(side, line, base.turns, bad, what)
            _count(side, line, extra, used, bad, what)
            spots = _spots(side, line, board, zones, bad, what)
            for n in range(line.get("count", 1)):
                out += _unit_group(side, line, extra, spots, stacks, board, serials, bad, what)
    return tuple(out)


def _line_extras(side, line, turns, bad, what) -> dict:
    types = data.unit_types(side)
    key = line["unit"]
    if key not in types:
        bad(what, f"names '{key}', which the {side} army ({data.force_of(side)}) does not field")
    t = types[key]
    turn = line.get("turn", 1)
    if not data._whole(turn, 1) or turn > turns:
        bad(what, f"has turn {turn}; a line arrives on a turn from 1 to {turns}")
    extra = {"turn": turn, "cargo": None, "tow": None}
    if "carrying" in line:
        cargo = line["carrying"]
        if "carries" not in t or cargo not in types or "infantry" not in types[cargo]["categories"]:
            bad(what, "only an APC carries, and only infantry of its own army (HS-APC-2, HS-APC-10)")
        extra["cargo"] = cargo
    if "towing" in line:
        tow = line["towing"]
        if "vehicle" not in t["categories"] or tow not in types or types[tow]["move_type"] != "none":
            bad(what, "only a vehicle tows, and only an artillery piece that cannot move itself (HS-TOW-1)")
        extra["tow"] = tow
    if line.get("skimmers") and "skimmer" not in t:
        bad(what, "asks for skimmers, which only Mercenary and Slammers infantry have (HS-COM-4)")
    if extra["cargo"] and extra["tow"]:
        bad(what, "cannot both carry infantry and tow a gun")
    extra["paradrop"] = line.get("paradrop", False)
    if extra["paradrop"] is not False and (extra["paradrop"] is not True or not t["paradrop"]):
        bad(what, "paradrops a unit that may not: only infantry, small guns, armored cars and APCs jump (HS-PAR-1)")
    if extra["paradrop"] and (extra["cargo"] or extra["tow"]):
        bad(what, "paradrops, and so carries and tows nothing")
    return extra


def _count(side, line, extra, used, bad, what) -> None:
    """Counters taken from the army's box: never more than it holds (HS-PTS-6, -9)."""
    types = data.unit_types(side)
    for key in filter(None, (line["unit"], extra["cargo"], extra["tow"])):
        box = types[key].get("uses", key)
        prev = used.setdefault((side, box), set())
        prev.add(key)
        if len(prev) > 1:
            bad(what, f"mixes {' and '.join(sorted(prev))}; an army fields one or the other (HS-PTS-9)")
        used[(side, box, "n")] = used.get((side, box, "n"), 0) + line.get("count", 1)
        if used[(side, box, "n")] > types[box]["counters"]:
            bad(what, f"needs more {types[box]['name'].lower()} counters than the {side} army has "
                      f"({types[box]['counters']})")


def _spots(side, line, board, zones, bad, what) -> tuple:
    at = line.get("at")
    if at in zones:
        zside, hexes = zones[at]
        if zside != side:
            bad(what, f"sets up in zone '{at}', which belongs to {zside}")
        return hexes
    if at is None:
        bad(what, "must say where it sets up ('at': a hex or a zone)")
    place = board.place(at)
    return (place.hex,) if place is not None else (_hex(board, at, bad, what),)


def _weight(extra) -> int:
    """Counters a unit with its load fills in a stack (HS-STK-3, HS-AMBIG-9)."""
    return 2 if extra["cargo"] or extra["tow"] else 1


def _unit_group(side, line, extra, spots, stacks, board, serials, bad, what) -> list:
    """One unit of a line (with its cargo or tow), placed on the first spot with room."""
    key, mt = line["unit"], data.unit(side, line["unit"])["move_type"]
    weight = _weight(extra)
    hexes = [h for h in spots if data.move_cost(board.terrain[h], "foot" if mt == "none" else mt) is not None
             and (len(spots) == 1 or not data.terrain(board.terrain[h])["deadly_when_disrupted"])]
    if not hexes:
        bad(what, f"sets up where a {key.replace('_', ' ')} may not go ({board.terrain[spots[0]]})")
    turn = extra["turn"]
    if turn > 1 or extra["paradrop"]:
        at = None
    else:
        room = [h for h in _spread(hexes) if stacks.get((side, h), 0) + weight <= STACK]
        if not room:
            bad(what, f"finds no room in {board.label(hexes[0])} and its zone: "
                      f"more than {STACK} counters a hex (HS-STK-1)")
        at = min(room, key=lambda h: stacks.get((side, h), 0))     # the emptiest, spread out
        stacks[(side, at)] = stacks.get((side, at), 0) + weight
    serial = serials[(side, key)] = serials.get((side, key), 0) + 1
    uid = f"{side}-{key}-{serial}"
    zone = line["at"] if len(spots) > 1 or turn > 1 or extra["paradrop"] else None
    base = {"side": side, "at": at, "turn": turn, "zone": zone, "paradrop": extra["paradrop"],
            "entry": [list(h) for h in (spots if extra["paradrop"] else hexes)]
            if turn > 1 or extra["paradrop"] else None}
    out = [dict(base, id=uid, type=key, skimmers=bool(line.get("skimmers")), aboard=None, towed_by=None)]
    for extra_key, link in ((extra["cargo"], "aboard"), (extra["tow"], "towed_by")):
        if extra_key:
            s2 = serials[(side, extra_key)] = serials.get((side, extra_key), 0) + 1
            out.append(dict(base, id=f"{side}-{extra_key}-{s2}", type=extra_key, skimmers=False,
                            aboard=uid if link == "aboard" else None, towed_by=uid if link == "towed_by" else None))
    return out


def _spread(hexes) -> list:
    """The hexes in an order whose every beginning is spread over the whole list (bit reversal)."""
    def reversed_bits(i: int) -> float:
        out, f = 0.0, 0.5
        while i:
            out, i, f = out + f * (i & 1), i >> 1, f / 2
        return out
    return [hexes[i] for i in sorted(range(len(hexes)), key=reversed_bits)]


def summary(name: str) -> dict:
    """What a scenario picker shows: title, briefing, minutes, turns, armies in order, panels, points."""
    scen = load(name)
    return {"name": name, "title": scen.title, "briefing": scen.briefing, "minutes": scen.minutes,
            "turns": scen.turns, "sides": list(scen.seating.sides), "teams": [list(t) for t in scen.seating.teams],
            "panels": [p["file"].removesuffix(".tmx") for p in scen.base.board["panels"]],
            "points": {s: points(scen, s) for s in scen.seating.sides}, "morale": dict(scen.morale)}


def points(scen: Scenario, side: str) -> int:
    """The side's force at the book's point costs, with its morale and options (HS-PTS-1..5, -10)."""
    total = 0
    for u in scen.units:
        if u["side"] == side:
            total += data.unit_cost(side, u["type"], gas=u["type"] in scen.gas.get(side, ()),
                                    ecm=side in scen.ecm, morale=scen.morale[side],
                                    paradrop=bool(u.get("paradrop")))
    return total + len((scen.forts or {}).get(side, ())) * data.units_file()["fortress"]["cost"]
