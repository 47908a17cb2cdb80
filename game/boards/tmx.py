"""load_map / load_area_map / load_hex_map: a .tmx file -> AreaMap or HexGrid (docs/maps.md).

Each loader reads the map once, records every problem it finds (file, layer, object),
and raises one MapError carrying them all; check_map() lists them instead.
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

from game.boards import geometry
from game.boards.areas import Area, AreaMap, Border, Link, Marker
from game.boards.errors import MapError, Problems
from game.boards.hexes import HexGrid, Place, Zone
from game.boards.layout import HexLayout
from game.boards.tmxfile import ObjectLayer, TileLayer, TmxDoc, read_tmx

GAME_BOARDS = {"judean_hammer": "area", "armageddon": "area", "hack_sack": "hex", "slammers": "hex"}
# The hex tileset's terrain names (the boards API contract); tiles appended to
# assets/tilesets/hex_terrain.tsx add theirs.
DEFAULT_TERRAINS = frozenset({"clear", "forest", "slope", "hilltop", "swamp", "lake", "river",
                              "city", "water", "rubble", "bridge", "fortress"})
EDGES = ("left", "right", "top", "bottom")


def known_terrains(game: str | None = None) -> frozenset:
    """Terrain names hex maps may use: the shipped hex tileset's, plus the contract's twelve."""
    from game.core.paths import assets_dir
    tsx = assets_dir() / "tilesets" / "hex_terrain.tsx"
    names = set(DEFAULT_TERRAINS)
    try:
        root = ET.parse(tsx).getroot()
    except (OSError, ET.ParseError):
        return frozenset(names)
    for prop in root.iter("property"):
        if prop.get("name") == "terrain" and prop.get("value"):
            names.add(prop.get("value"))
    return frozenset(names)


def board_kind(doc: TmxDoc, problems: Problems) -> str:
    """'area' or 'hex' from the `board` property, the game, or else the orientation."""
    declared = doc.properties.get("board")
    game = doc.properties.get("game")
    if declared not in (None, "area", "hex"):
        problems.add(f"property 'board' is '{declared}'; use 'area' or 'hex'")
        declared = None
    if game is None:
        problems.add("the map has no 'game' property (" + ", ".join(GAME_BOARDS) + ")")
    elif game not in GAME_BOARDS:
        problems.add(f"property 'game' is '{game}', not one of " + ", ".join(GAME_BOARDS))
    elif declared and declared != GAME_BOARDS[game]:
        problems.add(f"property 'board' is '{declared}' but {game} is played on "
                     f"{GAME_BOARDS[game]} maps")
    return declared or GAME_BOARDS.get(game) or \
        ("hex" if doc.attrs.get("orientation") == "hexagonal" else "area")


def read_map(path, problems: Problems):
    """Read and build a map, recording problems; returns the board (possibly incomplete)."""
    doc = read_tmx(path, problems)
    if board_kind(doc, problems) == "hex":
        return build_hex_map(doc, problems)
    return build_area_map(doc, problems)


def load_map(path):
    """The AreaMap or HexGrid in a .tmx file (by its `board`/`game`); raises MapError."""
    problems = Problems(path)
    board = read_map(path, problems)
    problems.raise_if_any()
    return board


def load_area_map(path) -> AreaMap:
    """An area map; raises MapError if the file is not a valid area map."""
    board = load_map(path)
    if not isinstance(board, AreaMap):
        raise MapError(path, "this is a hex map, not an area map")
    return board


def load_hex_map(path, terrains=None, keep_half_hexes: bool = False) -> HexGrid:
    """A hex map; raises MapError if the file is not a valid hex map."""
    problems = Problems(path)
    doc = read_tmx(path, problems)
    if board_kind(doc, problems) != "hex":
        raise problems.fatal("this is an area map, not a hex map")
    board = build_hex_map(doc, problems, terrains, keep_half_hexes)
    problems.raise_if_any()
    return board


def _object_layer(doc: TmxDoc, name: str, problems: Problems, required: bool) -> list:
    """Objects of a named object layer ([] when absent and optional)."""
    layer = doc.layer(name)
    if layer is None:
        if required:
            problems.add(f"the map has no '{name}' object layer")
        return []
    if not isinstance(layer, ObjectLayer):
        problems.add("this layer must be an object layer", name)
        return []
    return layer.objects


def _title(doc: TmxDoc) -> str:
    return str(doc.properties.get("title") or doc.path.stem.replace("_", " ").title())


# --- area maps --------------------------------------------------------------------------
def build_area_map(doc: TmxDoc, problems: Problems) -> AreaMap:
    """Build an AreaMap from a parsed document."""
    if doc.attrs.get("orientation") != "orthogonal":
        problems.add(f"wrong orientation '{doc.attrs.get('orientation')}' for an area map; "
                     "use orthogonal")
    areas: dict = {}
    ids: dict = {}
    for o in _object_layer(doc, "areas", problems, True):
        area = _area(o, problems)
        if area is None:
            continue
        if area.name in areas:
            problems.add(f"duplicate area name (also object {ids[area.name]})", "areas", o.id, o.name)
            continue
        areas[area.name] = area
        ids[area.name] = o.id
    width = (doc.attrs["width"] or 0) * (doc.attrs["tilewidth"] or 0)
    height = (doc.attrs["height"] or 0) * (doc.attrs["tileheight"] or 0)
    probe = AreaMap("", "", width, height, areas, border_pairs=())
    links = [lk for o in _object_layer(doc, "links", problems, False)
             if (lk := _connection(Link, o, "links", probe, problems)) is not None]
    borders = [b for o in _object_layer(doc, "borders", problems, False)
               if (b := _connection(Border, o, "borders", probe, problems)) is not None]
    markers = []
    for o in _object_layer(doc, "markers", problems, False):
        x, y = o.points[0]
        area = o.props.get("area") or probe.area_at(x, y)
        if o.props.get("area") and o.props["area"] not in areas:
            problems.add(f"marker names an unknown area '{area}'", "markers", o.id, o.name)
        size = {"width": o.width, "height": o.height} if o.width and o.height else {}   # a box drawn on the map
        markers.append(Marker(o.type or "label", x, y, area, {"name": o.name, **size, **o.props}))
    return AreaMap(_title(doc), doc.properties.get("game", ""), width, height, areas, links,
                   borders, markers, doc.properties, str(doc.path))


def _area(o, problems: Problems) -> Area | None:
    """One area from a polygon (or rectangle) object."""
    if o.shape not in ("polygon", "rect"):
        problems.add(f"areas must be polygons, this is a {o.shape}", "areas", o.id, o.name)
        return None
    if len(o.points) < 3 or abs(_signed_area(o.points)) < 1:
        problems.add("the area's polygon is empty", "areas", o.id, o.name)
        return None
    if not o.name.strip():
        problems.add("area has no name", "areas", o.id, o.name)
        return None
    if not o.type:
        problems.add("area has no type (its kind, e.g. city)", "areas", o.id, o.name)
    poly = tuple(o.points)
    if "label_x" in o.props and "label_y" in o.props:
        label = (float(o.props["label_x"]), float(o.props["label_y"]))
    else:
        label = geometry.label_point(poly)
    return Area(o.name, o.type, str(o.props.get("region", "")), str(o.props.get("terrain", "")),
                poly, label, dict(o.props), o.id)


def _signed_area(points) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in geometry.edges(points)) / 2


def _connection(cls, o, layer: str, probe: AreaMap, problems: Problems):
    """A Link or Border polyline with its two area names (from/to, else its end points)."""
    if o.shape != "polyline" or len(o.points) < 2:
        problems.add(f"{layer} must be polylines, this is a {o.shape}", layer, o.id, o.name)
        return None
    if not o.type:
        problems.add("has no type (e.g. road, river)", layer, o.id, o.name)
    ends = []
    for key, point in (("from", o.points[0]), ("to", o.points[-1])):
        name = o.props.get(key) or probe.area_at(*point)
        if name is None:
            problems.add(f"its {'first' if key == 'from' else 'last'} point lies in no area; "
                         f"set its '{key}' property", layer, o.id, o.name)
            return None
        if name not in probe.areas:
            problems.add(f"links to an unknown area '{name}'", layer, o.id, o.name)
            return None
        ends.append(name)
    if ends[0] == ends[1]:
        problems.add(f"both ends are in the same area '{ends[0]}'", layer, o.id, o.name)
        return None
    return cls(ends[0], ends[1], o.type, tuple(o.points), {"name": o.name, **o.props})


# --- hex maps ---------------------------------------------------------------------------
def hex_layout(doc: TmxDoc, problems: Problems) -> HexLayout:
    """The HexLayout of a hexagonal map, recording what is wrong with its settings."""
    a = doc.attrs
    if a.get("orientation") != "hexagonal":
        problems.add(f"wrong orientation '{a.get('orientation')}' for a hex map; use hexagonal")
    axis = a.get("staggeraxis") or "x"
    index = a.get("staggerindex") or "odd"
    if axis not in ("x", "y") or index not in ("odd", "even"):
        problems.add(f"stagger axis '{axis}' / index '{index}' not understood")
        axis, index = "x", "odd"
    if a.get("orientation") == "hexagonal" and not a.get("hexsidelength"):
        problems.add("hex side length is 0; set Map ▸ Map Properties ▸ Hex Side Length")
    return HexLayout(axis, index, a["tilewidth"] or 64, a["tileheight"] or 56,
                     a.get("hexsidelength") or 0, a["width"] or 1, a["height"] or 1)


def build_hex_map(doc: TmxDoc, problems: Problems, terrains=None,
                  keep_half_hexes: bool = False) -> HexGrid:
    """Build a HexGrid from a parsed document."""
    layout = hex_layout(doc, problems)
    terrains = terrains or known_terrains(doc.properties.get("game"))
    cells = _terrain_cells(doc, layout, terrains, problems)
    half = half_hex_cells(doc.properties, layout, problems)
    playable = keep_half_hexes or bool(doc.properties.get("play_half_hexes", False))
    terrain, partial = {}, {}
    for cell, name in cells.items():
        (partial if cell in half and not playable else terrain)[layout.to_axial(*cell)] = name
    features = _features(doc, layout, terrain, problems)
    probe = HexGrid(layout, terrain)
    # a road may run on into the edge's half hexes, to meet the next panel's (HS-MAP-4)
    roads = _roads(doc, HexGrid(layout, {**terrain, **partial}) if partial else probe, problems)
    roads = {pair: kind for pair, kind in roads.items() if pair <= terrain.keys()}
    places = _places(doc, probe, problems)
    zones = _zones(doc, probe, problems)
    return HexGrid(layout, terrain, features, roads, places, zones, doc.properties,
                   _title(doc), doc.properties.get("game", ""), str(doc.path), partial, roads)


def _terrain_cells(doc: TmxDoc, layout: HexLayout, terrains, problems: Problems) -> dict:
    """(col, row) -> terrain name from the `terrain` tile layer."""
    layer = doc.layer("terrain")
    if not isinstance(layer, TileLayer):
        problems.add("the map has no 'terrain' tile layer")
        return {}
    cells, bad = {}, {}
    for i, gid in enumerate(layer.gids):
        if gid == 0:
            continue
        cell = (i % layer.width, i // layer.width)
        name = doc.tiles.get(gid, ("", {}))[1].get("terrain")
        if doc.tile_from_missing_tileset(gid):
            continue
        if name is None or name not in terrains:
            bad.setdefault((gid, name), []).append(cell)
            continue
        cells[cell] = name
    for (gid, name), where in sorted(bad.items(), key=lambda kv: kv[0][0]):
        at = ", ".join(f"{c + 1:02d}{r + 1:02d}" for c, r in where[:3]) + (" ..." if len(where) > 3 else "")
        if not doc.tile_known(gid):
            what = f"tile gid {gid} belongs to no tileset (hexes {at})"
        elif name is None:
            what = f"tile gid {gid} has no 'terrain' property (hexes {at})"
        else:
            what = f"unknown terrain '{name}' (hexes {at}); known: {', '.join(sorted(terrains))}"
        problems.add(what, "terrain")
    if not cells and not bad and not any(t[2] < 0 for t in doc.tilesets):
        problems.add("the terrain layer is empty", "terrain")
    return cells


def half_hex_cells(properties: dict, layout: HexLayout, problems: Problems | None = None) -> set:
    """Cells on the edges the `half_hexes` property names (partial hexes, HS-MAP-4)."""
    raw = str(properties.get("half_hexes", "") or "")
    out = set()
    for edge in filter(None, (e.strip() for e in raw.split(","))):
        if edge not in EDGES:
            if problems is not None:
                problems.add(f"property 'half_hexes' names '{edge}'; use left, right, top, bottom")
            continue
        w, h = layout.width, layout.height
        cols = {"left": [0], "right": [w - 1]}.get(edge, range(w))
        rows = {"top": [0], "bottom": [h - 1]}.get(edge, range(h))
        out.update((c, r) for c in cols for r in rows)
    return out


def _features(doc: TmxDoc, layout: HexLayout, terrain: dict, problems: Problems) -> dict:
    """hex -> feature names from overlay tile layers (tile `feature`, else `terrain`, else layer)."""
    out: dict = {}
    for layer in doc.tile_layers():
        if layer.name in ("terrain", "background") or not layer.gids:
            continue
        for i, gid in enumerate(layer.gids):
            if gid == 0:
                continue
            h = layout.to_axial(i % layer.width, i // layer.width)
            if h not in terrain:
                continue
            props = doc.tiles.get(gid, ("", {}))[1]
            out.setdefault(h, set()).add(props.get("feature") or props.get("terrain") or layer.name)
    return out


def _roads(doc: TmxDoc, grid: HexGrid, problems: Problems) -> dict:
    """Road links -> road kind: consecutive hexes under each `roads` polyline."""
    links: dict = {}
    step = min(grid.layout.tile_width, grid.layout.tile_height) / 6
    for o in _object_layer(doc, "roads", problems, False):
        if o.shape != "polyline":
            problems.add(f"roads must be polylines, this is a {o.shape}", "roads", o.id, o.name)
            continue
        trail = []
        for (x0, y0), (x1, y1) in zip(o.points, o.points[1:]):
            n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
            for k in range(n + 1):
                h = grid.pixel_to_hex(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n)
                if h is None:
                    problems.add("the road runs off the board", "roads", o.id, o.name)
                    break
                if not trail or trail[-1] != h:
                    trail.append(h)
        for a, b in zip(trail, trail[1:]):
            if grid.distance(a, b) == 1:
                links.setdefault(frozenset((a, b)), o.type or "road")
    return links


def _places(doc: TmxDoc, grid: HexGrid, problems: Problems) -> list:
    """Named places from the `places` layer (a point, or the centre of a shape)."""
    out, seen = [], set()
    for o in _object_layer(doc, "places", problems, False):
        if not o.name.strip():
            problems.add("place has no name", "places", o.id, o.name)
            continue
        if o.name in seen:
            problems.add("duplicate place name", "places", o.id, o.name)
            continue
        x = sum(p[0] for p in o.points) / len(o.points)
        y = sum(p[1] for p in o.points) / len(o.points)
        h = grid.pixel_to_hex(x, y)
        if h is None:
            problems.add("the place lies off the board", "places", o.id, o.name)
            continue
        seen.add(o.name)
        out.append(Place(o.name, o.type or "place", h, dict(o.props)))
    return out


def _zones(doc: TmxDoc, grid: HexGrid, problems: Problems) -> list:
    """Set-up zones and off-map boxes: hexes whose centres lie inside each shape."""
    out, seen = [], set()
    for o in _object_layer(doc, "zones", problems, False):
        if o.shape not in ("polygon", "rect", "ellipse") or len(o.points) < 3:
            problems.add(f"zones must be polygons or rectangles, this is a {o.shape}",
                         "zones", o.id, o.name)
            continue
        if not o.name.strip() or o.name in seen:
            problems.add("zone has no name" if not o.name.strip() else "duplicate zone name",
                         "zones", o.id, o.name)
            continue
        seen.add(o.name)
        x0, y0, x1, y1 = geometry.bbox(o.points)
        hexes = frozenset(h for h in grid.hexes if x0 <= grid.hex_to_pixel(h)[0] <= x1
                          and geometry.point_in_polygon(*grid.hex_to_pixel(h), o.points))
        if not hexes and o.type != "offmap_box":
            problems.add("the zone holds no hex centre", "zones", o.id, o.name)
        out.append(Zone(o.name, o.type or "zone", hexes, dict(o.props), tuple(o.points)))
    return out
