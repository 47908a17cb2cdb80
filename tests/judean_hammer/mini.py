"""A small hand-built Judean Hammer map for rule tests (independent of the shipped .tmx)."""
from __future__ import annotations

from game.boards.areas import Area, AreaMap, Link, Marker
from game.rules.judean_hammer import board as boards

KEY = "memory/jh-mini.tmx"

# name: (kind, region)
AREAS = {
    "Jerusalem": ("city", "Jerusalem"),
    "Modein": ("city", "Judea"), "Emmaus": ("city", "Judea"), "Gophna": ("wilderness", "Judea"),
    "Samaria": ("city", "Samaria"), "Shechem": ("city", "Samaria"),
    "Galilee": ("city", "Galilee"), "Scythopolis": ("city", "Galilee"),
    "Beth Zur": ("city", "Idumea"), "Hebron": ("city", "Idumea"), "Desert": ("wilderness", "Idumea"),
    "Joppa": ("city", "Coast"), "Jamnia": ("city", "Coast"),
    "Antioch Road": ("supply_centre", ""), "Gaza": ("supply_centre", ""),
}
ROADS = [("Jerusalem", "Emmaus"), ("Jerusalem", "Gophna"), ("Jerusalem", "Beth Zur"),
         ("Jerusalem", "Desert"), ("Emmaus", "Modein"), ("Emmaus", "Jamnia"), ("Modein", "Gophna"),
         ("Modein", "Joppa"), ("Gophna", "Shechem"), ("Shechem", "Samaria"), ("Samaria", "Galilee"),
         ("Galilee", "Scythopolis"), ("Scythopolis", "Shechem"), ("Joppa", "Jamnia"),
         ("Beth Zur", "Hebron"), ("Hebron", "Desert"), ("Desert", "Beth Zur")]
PURPLE = [("Galilee", "Antioch Road"), ("Samaria", "Antioch Road"), ("Jamnia", "Gaza"), ("Hebron", "Gaza")]
ICONS = {"maccabean": ["Modein", "Gophna"],
         "greek": ["Jerusalem", "Samaria", "Jamnia", "Beth Zur", "Antioch Road", "Gaza"]}


def build(icons=None, extra_roads=(), extra_areas=None) -> AreaMap:
    """The mini map as an AreaMap (extra areas are {name: (kind, region)})."""
    areas = {}
    for i, (name, (kind, region)) in enumerate({**AREAS, **(extra_areas or {})}.items()):
        x = (i % 5) * 100
        y = (i // 5) * 100
        areas[name] = Area(name, kind, region, "", ((x, y), (x + 90, y), (x + 90, y + 90), (x, y + 90)),
                           (x + 45, y + 45), {})
    links = [Link(a, b, "road", (), {}) for a, b in list(ROADS) + list(extra_roads)]
    links += [Link(a, b, "purple_road", (), {}) for a, b in PURPLE]
    markers = [Marker("faction_icon", 0, 0, area, {"faction": side})
               for side, names in (icons or ICONS).items() for area in names]
    return AreaMap("Mini Judea", "judean_hammer", 500, 300, areas, links, (), markers, {}, border_pairs=[])


def register(key: str = KEY, **kw) -> str:
    """Register the mini map under a map path and return it, for options={"map": ...}."""
    boards.register(key, build(**kw))
    return key
