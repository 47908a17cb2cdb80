"""The shipped tables: the authored data (data.py and its JSON) turned into the engine's shapes."""
from __future__ import annotations

from . import data
from .tables import Face, Tables, Terrain, UnitType


def type_key(army: str, key: str) -> str:
    """The key of an army's counter type in the tables: "force:type" (tan and green share theirs)."""
    return f"{data.force_of(army)}:{key}"


def _face(t: dict) -> Face:
    return Face(t["attack"], t["defence"], t["range"], t["move"], t["move_type"])


def _units() -> dict:
    out = {}
    armies = data.armies()
    for force, entries in data.units_file()["types"].items():
        army = next(a for a, v in armies.items() if v["force"] == force)
        for key, t in entries.items():
            skim = t.get("skimmer")
            cats = set(t["categories"])
            out[f"{force}:{key}"] = UnitType(f"{force}:{key}", t["name"], army, _face(t), frozenset(cats),
                                             _face(skim) if skim else None, t["cost"], t["symbol"],
                                             t["abbrev"], t["target_class"], force, t["paradrop"])
    return out


def _terrain() -> dict:
    out = {}
    for name, t in data.terrain_file()["terrain"].items():
        out[name] = Terrain(name, tuple(t["los"]), t["direct_fire"], t["indirect_fire"], t["rubble"],
                            dict(t["move"]), t.get("becomes"), t["deadly_when_disrupted"],
                            t["disrupted_may_enter"])
    return out


def _effects() -> dict:
    out = {}
    for code, fx in data.crt_file()["effects"].items():
        # "*" rubbles only under Indirect Fire (HS-RUB-2); the Direct Fire table never gives it
        out[code] = tuple(e for e in (fx["unit"], "rubble" if fx["rubble"] else None) if e)
    return out


def standard_tables() -> Tables:
    """The Tables of the shipped data, checked by data.py on the way in."""
    data.check_all()
    rubble = data.terrain_file()["rubble"]
    armies = {a: {"name": v["name"], "colour": v["colour"], "force": v["force"]}
              for a, v in data.armies().items()}
    fort = data.terrain_file()["fortress"]
    return Tables(_units(), _terrain(), dict(data.terrain_file()["road"]["move"]), data.table("direct"),
                  _effects(), armies, rubble["move"], rubble["direct_fire"],
                  {"A": data.table("indirect_a"), "B": data.table("indirect_b")},
                  {f: {c: tuple(line) for c, line in v.items()} for f, v in data.crt_file()["gas"]["results"].items()},
                  rubble["indirect_fire"],
                  {"defence": fort["indirect_fire"], "df": fort["direct_fire"],
                   "holds": data.units_file()["fortress"]["holds"], "not_in": tuple(fort["not_in"])})
