"""Generate maps/hack_sack_nj.tmx, the Hack & Sack New Jersey hex map, from the geography CSVs.

Run `python tools/make_nj_map.py` (options: --out, --tileset, --geo). Every choice made here
is explained in docs/house-rules/hack-and-sack-map.md; the output is deterministic.
"""
from __future__ import annotations

import argparse
import csv
import heapq
import math
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from nj_map_data import (  # noqa: E402
    CITIES, DELAWARE_SHORE, EXTRA_WATER_CHAINS, HIGHLANDS, KITTATINNY_RIDGE, LANDMARKS,
    LOCAL_ROADS, ROAD_KINDS, SEA_EDGE, SWAMPS, TITLE,
)

TILE_W, TILE_H, SIDE = 64, 56, 32
COL_W = (TILE_W + SIDE) // 2          # 48 px from one column's centre to the next
KM_PER_HEX = 5.0                      # centre-to-centre distance: 25 hexes across the widest
LAT0 = 40.1                           # latitude of true scale for the flat projection
LAT_TOP, LON_LEFT = 41.40, -75.7206   # north-west corner: two spare columns west of the Delaware
SEA_BAND = 4                          # ocean hexes kept within this many hexes of the shore
COLS, ROWS = 40, 58
MAP_TILESET = "../assets/tilesets/hex_terrain.tsx"
WATER_KINDS = ("water", "lake")


# ---------------------------------------------------------------- hex geometry (Tiled odd-q)

def centre(col: int, row: int) -> tuple[float, float]:
    """Pixel centre of a staggered (col, row) cell: staggeraxis x, staggerindex odd."""
    return col * COL_W + TILE_W / 2, row * TILE_H + TILE_H / 2 + (TILE_H / 2 if col % 2 else 0)


def to_cube(cell: tuple[int, int]) -> tuple[int, int, int]:
    """Cube coordinates of an odd-q offset cell."""
    col, row = cell
    q, r = col, row - (col - (col & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int) -> tuple[int, int]:
    """Odd-q offset cell of cube (q, r)."""
    return q, r + (q - (q & 1)) // 2


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The six cells around `cell` that lie inside the map rectangle."""
    q, r, _ = to_cube(cell)
    out = []
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        c = from_cube(q + dq, r + dr)
        if 0 <= c[0] < COLS and 0 <= c[1] < ROWS:
            out.append(c)
    return out


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex steps between two cells."""
    (aq, ar, as_), (bq, br, bs) = to_cube(a), to_cube(b)
    return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))


def cell_at(x: float, y: float) -> tuple[int, int]:
    """The cell whose centre is nearest to pixel (x, y)."""
    col0 = int((x - TILE_W / 2) // COL_W)
    best, best_d = (0, 0), float("inf")
    for col in (col0 - 1, col0, col0 + 1, col0 + 2):
        row = round((y - TILE_H / 2 - (TILE_H / 2 if col % 2 else 0)) / TILE_H)
        for r in (row - 1, row, row + 1):
            cx, cy = centre(col, r)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = (col, r), d
    return best


def cells() -> list[tuple[int, int]]:
    """Every cell of the map rectangle, row by row."""
    return [(c, r) for r in range(ROWS) for c in range(COLS)]


# ---------------------------------------------------------------- projection and geometry

def project(lat: float, lon: float) -> tuple[float, float]:
    """Map pixels of a WGS84 point (flat projection true at LAT0)."""
    px_per_km = TILE_H / KM_PER_HEX
    x = (lon - LON_LEFT) * 111.32 * math.cos(math.radians(LAT0)) * px_per_km
    y = (LAT_TOP - lat) * 110.95 * px_per_km
    return x, y


def inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    """Even-odd ray test: is pixel point `pt` inside polygon `poly`?"""
    x, y = pt
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def seg_dist(p, a, b) -> float:
    """Pixel distance from point p to segment ab."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def trace(start, goal, a_px, b_px, step_cost) -> list[tuple[int, int]]:
    """Cheapest chain of adjacent cells from start to goal, hugging the segment a_px-b_px."""
    frontier = [(0.0, start)]
    came = {start: None}
    cost = {start: 0.0}
    while frontier:
        _, cur = heapq.heappop(frontier)
        if cur == goal:
            break
        for nxt in neighbours(cur):
            base = step_cost(nxt)
            if base is None:
                continue
            c = cost[cur] + base + 2.0 * seg_dist(centre(*nxt), a_px, b_px) / TILE_H
            if c < cost.get(nxt, float("inf")):
                cost[nxt], came[nxt] = c, cur
                heapq.heappush(frontier, (c, nxt))
    if goal not in came:
        raise SystemExit(f"make_nj_map: no chain of hexes from {start} to {goal}")
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def through(chain: list, city: tuple[int, int]) -> list:
    """The road chain bent to run through a city hex next to it (cities are road hexes, HSNJ-MOV-15)."""
    if city in chain or not chain:
        return chain
    for i in range(1, len(chain) - 1):          # swap one road hex for the city beside it
        if distance(chain[i], city) == 1 and distance(chain[i - 1], city) == distance(chain[i + 1], city) == 1:
            return chain[:i] + [city] + chain[i + 1:]
    for i in range(len(chain) - 1):             # or step aside through it
        if distance(chain[i], city) == distance(chain[i + 1], city) == 1:
            return chain[:i + 1] + [city] + chain[i + 1:]
    for end in (0, -1):                          # or reach it from a road's end
        if distance(chain[end], city) == 1:
            return [city] + chain if end == 0 else chain + [city]
    return chain


# ---------------------------------------------------------------- reading the geography

def read_csv(path: Path) -> list[dict]:
    """Rows of a geography CSV as dicts (lat/lon as floats)."""
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        row["lat"], row["lon"] = float(row["lat"]), float(row["lon"])
    return rows


def features(rows: list[dict]) -> dict[str, list[tuple[float, float]]]:
    """Water/road features: name -> (lat, lon) points in sequence order."""
    out: dict[str, list] = defaultdict(list)
    key = "feature" if "feature" in rows[0] else "road"
    for row in sorted(rows, key=lambda r: (r[key], int(r["seq"]))):
        out[row[key]].append((row["lat"], row["lon"]))
    return dict(out)


def nj_outline(water: dict) -> list[tuple[float, float]]:
    """The state's outline: NY line, Hudson, the kills, Raritan Bay, coast, Delaware Bay and River."""
    pts = [(41.3573, -74.6945)]                               # Tri-States Monument, NY line
    pts += water["Hudson River"]                               # starts on the NY line at the Hudson
    pts += water["Upper New York Bay and Kill van Kull"][1:]
    pts += water["Arthur Kill"]
    pts += water["Raritan Bay"][:8]                            # points 9-10 are Staten Island
    pts += water["Atlantic Ocean coastline"][1:]
    pts += water["Delaware Bay (New Jersey shore)"][1:]
    pts += water["Delaware River"]
    return pts


def poly_px(latlons) -> list[tuple[float, float]]:
    """Project a list of (lat, lon) points."""
    return [project(lat, lon) for lat, lon in latlons]


# ---------------------------------------------------------------- building the terrain

class Builder:
    """Holds the cell -> terrain map while the layers are worked out."""

    def __init__(self, geo: Path):
        self.water = features(read_csv(geo / "nj-water.csv"))
        self.roads_geo = features(read_csv(geo / "nj-roads.csv"))
        self.places = {r["name"]: r for r in read_csv(geo / "nj-places.csv")}
        self.terrain: dict[tuple[int, int], str] = {}
        self.nj: set = set()
        self.city_cells: dict[str, tuple[int, int]] = {}
        self.landmark_cells: dict[str, tuple[int, int]] = {}
        self.roads: list[tuple[str, str, list]] = []

    def cell_of(self, lat: float, lon: float) -> tuple[int, int]:
        """Cell under a WGS84 point."""
        return cell_at(*project(lat, lon))

    def classify(self) -> None:
        """Land inside the outline; bays and lakes; the sea band along the coast and bay."""
        outline = poly_px(nj_outline(self.water))
        sea = poly_px(SEA_EDGE + DELAWARE_SHORE)
        bays = [poly_px(self.water[n]) for n in ("Newark Bay", "Barnegat Bay (with Manahawkin Bay and "
                                                  "Little Egg Harbor)", "Raritan Bay")]
        lakes = [poly_px(self.water[n]) for n in ("Lake Hopatcong", "Round Valley Reservoir")]
        for cell in cells():
            p = centre(*cell)
            if inside(p, outline):
                self.nj.add(cell)
                self.terrain[cell] = "clear"
            if any(inside(p, b) for b in bays):
                self.terrain[cell] = "water"
            if any(inside(p, lk) for lk in lakes):
                self.terrain[cell] = "lake"
        for poly, kind in ((bays[0], "water"), (lakes[0], "lake")):   # Newark Bay, Lake Hopatcong:
            if not any(inside(centre(*c), poly) for c in cells()):      # one hex even if too small
                cx = sum(x for x, _ in poly) / len(poly)
                cy = sum(y for _, y in poly) / len(poly)
                self.terrain[cell_at(cx, cy)] = kind
        land = [c for c, t in self.terrain.items() if t not in WATER_KINDS]
        for cell in cells():
            if cell not in self.terrain and inside(centre(*cell), sea):
                if min(distance(cell, c) for c in land) <= SEA_BAND:
                    self.terrain[cell] = "water"

    def paint_land(self) -> None:
        """Pine Barrens forest, Highlands slopes and hilltops, Kittatinny Ridge, swamps."""
        pines = poly_px(self.water["Pine Barrens (Pinelands core, approximate)"])
        highlands = poly_px(HIGHLANDS)
        swamps = [(project(lat, lon), r) for lat, lon, r in SWAMPS]
        ridge = poly_px(KITTATINNY_RIDGE)
        for cell, t in list(self.terrain.items()):
            if t != "clear":
                continue
            p = centre(*cell)
            if inside(p, pines):
                self.terrain[cell] = "forest"
            elif min(seg_dist(p, a, b) for a, b in zip(ridge, ridge[1:])) < TILE_H * 0.6:
                self.terrain[cell] = "hilltop"
            elif inside(p, highlands):
                self.terrain[cell] = "slope"
            elif any(math.dist(p, s) < r * TILE_H for s, r in swamps):
                self.terrain[cell] = "swamp"
        for cell, t in list(self.terrain.items()):   # the ridge's flanks are slopes
            if t == "clear" and any(self.terrain.get(n) == "hilltop" for n in neighbours(cell)):
                self.terrain[cell] = "slope"
        top = self.places["High Point"]
        self.terrain[self.cell_of(top["lat"], top["lon"])] = "hilltop"

    def place_cities(self) -> None:
        """Each chosen city on its own land hex (a crowded one moves to the nearest free land hex)."""
        for name in CITIES:
            row = self.places[name]
            want = self.cell_of(row["lat"], row["lon"])
            cell = self.free_land_near(want, (row["lat"], row["lon"]))
            self.terrain[cell] = "city"
            self.nj.add(cell)
            self.city_cells[name] = cell

    def free_land_near(self, want, latlon) -> tuple[int, int]:
        """`want` if it is not already a city, else the nearest non-city hex in NJ to the point."""
        if want not in self.city_cells.values():
            return want
        p = project(*latlon)
        options = [c for c in cells() if c in self.nj and c not in self.city_cells.values()
                   and self.terrain.get(c) not in WATER_KINDS and distance(c, want) <= 2]
        return min(options, key=lambda c: math.dist(centre(*c), p))

    def water_chain(self, latlons: list, prefer_outside: bool = True) -> list:
        """Cells of a navigable channel along a river line, never through a city."""
        def step(cell):
            if self.terrain.get(cell) == "city":
                return None
            if cell in self.nj and self.terrain.get(cell) not in WATER_KINDS:
                return 4.0 if prefer_outside else 1.0
            return 1.0
        chain: list = []
        pts = poly_px(latlons)
        for a, b in zip(pts, pts[1:]):
            start = chain[-1] if chain else self.off_city(cell_at(*a), a, step)
            goal = self.off_city(cell_at(*b), b, step)
            chain += trace(start, goal, a, b, step)[(1 if chain else 0):]
        return chain

    def off_city(self, cell, p, step) -> tuple[int, int]:
        """`cell`, or when it is a city the neighbour nearest p, preferring the far (non-NJ) bank."""
        if self.terrain.get(cell) != "city":
            return cell
        return min((n for n in neighbours(cell) if step(n)), key=lambda n: (n in self.nj, math.dist(centre(*n), p)))

    def rivers(self) -> None:
        """The Delaware, the Hudson and the harbour channels as chains of water hexes."""
        lines = [self.water["Delaware River"], self.water["Hudson River"],
                 self.water["Upper New York Bay and Kill van Kull"], self.water["Arthur Kill"]]
        lines += list(EXTRA_WATER_CHAINS.values())
        for latlons in lines:
            for cell in self.water_chain(latlons):
                self.terrain[cell] = "water"

    def route_roads(self) -> None:
        """Each road as a chain of adjacent land hexes through its waypoints."""
        for name, kind in ROAD_KINDS.items():
            self.roads.append((kind, name, self.land_chain(self.roads_geo[name])))
        for name, kind, latlons in LOCAL_ROADS:
            self.roads.append((kind, name, self.land_chain(latlons)))
        for i, (kind, name, chain) in enumerate(self.roads):
            for city in self.city_cells.values():
                chain = through(chain, city)
            self.roads[i] = (kind, name, chain)
        on_road = {c for _, _, chain in self.roads for c in chain}
        for name, city in self.city_cells.items():
            if city not in on_road:
                raise SystemExit(f"make_nj_map: no road reaches {name}; add one to LOCAL_ROADS")

    def land_chain(self, latlons: list) -> list:
        """Adjacent land hexes along a line of waypoints (a city on the way is a waypoint)."""
        def step(cell):
            t = self.terrain.get(cell)
            return None if t is None or t in WATER_KINDS else 1.0
        chain: list = []
        pts = poly_px(latlons)
        for a, b in zip(pts, pts[1:]):
            start, goal = self.land_cell(cell_at(*a), a), self.land_cell(cell_at(*b), b)
            if chain:
                start = chain[-1]
            if start != goal:
                chain += trace(start, goal, a, b, step)[(1 if chain else 0):]
            elif not chain:
                chain.append(start)
        return chain

    def land_cell(self, cell, p) -> tuple[int, int]:
        """`cell` if it is land, else the nearest land cell to pixel p."""
        t = self.terrain.get(cell)
        if t is not None and t not in WATER_KINDS:
            return cell
        land = [c for c, t in self.terrain.items() if t not in WATER_KINDS]
        return min(land, key=lambda c: math.dist(centre(*c), p))

    def landmarks(self) -> None:
        """Named landmarks on their hexes; the USS New Jersey on the water hex nearest her berth."""
        for name, label in LANDMARKS.items():
            row = self.places[name]
            cell = self.cell_of(row["lat"], row["lon"])
            if name.startswith("USS New Jersey"):
                near = [n for n in neighbours(self.city_cells["Camden"]) if self.terrain.get(n) == "water"]
                cell = min(near, key=lambda n: math.dist(centre(*n), project(row["lat"], row["lon"])))
            if cell in self.terrain:
                self.landmark_cells[label] = cell

    def build(self) -> None:
        """All layers, in dependency order."""
        self.classify()
        self.paint_land()
        self.place_cities()
        self.rivers()
        self.route_roads()
        self.landmarks()


# ---------------------------------------------------------------- landing pads

def pad_rects(terrain: dict) -> list[tuple[float, float, float, float]]:
    """Four Landing Pad boxes in the empty ocean south-east of the board, clear of every hex."""
    w, h, gap = 208.0, 112.0, 24.0
    right = COLS * COL_W + (TILE_W - COL_W) / 2 - gap
    bottom = ROWS * TILE_H + TILE_H / 2 - gap
    rects = []
    for i in range(4):
        x, y = right - w, bottom - (4 - i) * (h + gap) + gap
        rects.append((x, y, w, h))
    for x, y, rw, rh in rects:
        for cell in terrain:
            cx, cy = centre(*cell)
            if x - TILE_W / 2 < cx < x + rw + TILE_W / 2 and y - TILE_H / 2 < cy < y + rh + TILE_H / 2:
                raise SystemExit(f"make_nj_map: Landing Pad box at ({x:.0f}, {y:.0f}) covers hex {cell}")
    return rects


# ---------------------------------------------------------------- writing the .tmx

def tile_ids(tsx: Path) -> dict[str, int]:
    """terrain name -> local tile id, read from the tileset's `terrain` tile properties."""
    try:
        root = ET.parse(tsx).getroot()
    except (OSError, ET.ParseError) as exc:
        raise SystemExit(f"make_nj_map: cannot read tileset {tsx}: {exc}")
    ids = {}
    for tile in root.iter("tile"):
        for prop in tile.iter("property"):
            if prop.get("name") == "terrain":
                ids[prop.get("value")] = int(tile.get("id"))
    return ids


def props(parent: ET.Element, values: dict) -> None:
    """Append a <properties> block (str, int, float and bool typed)."""
    if not values:
        return
    block = ET.SubElement(parent, "properties")
    for name, value in values.items():
        attrs = {"name": name}
        if isinstance(value, bool):
            attrs.update(type="bool", value="true" if value else "false")
        elif isinstance(value, int):
            attrs.update(type="int", value=str(value))
        elif isinstance(value, float):
            attrs.update(type="float", value=f"{value:g}")
        else:
            attrs["value"] = str(value)
        ET.SubElement(block, "property", attrs)


class Ids:
    """Object id counter (Tiled wants unique ids and nextobjectid)."""

    def __init__(self):
        self.next = 1

    def take(self) -> str:
        """The next free object id."""
        self.next += 1
        return str(self.next - 1)


def write_tmx(b: Builder, out: Path, ids_by_terrain: dict[str, int]) -> None:
    """Serialise the built map as a Tiled 1.8 hexagonal map."""
    missing = {t for t in b.terrain.values()} - set(ids_by_terrain)
    if missing:
        raise SystemExit(f"make_nj_map: tileset has no tile for terrain {sorted(missing)}")
    root = ET.Element("map", {
        "version": "1.8", "tiledversion": "1.8.2", "orientation": "hexagonal", "renderorder": "right-down",
        "width": str(COLS), "height": str(ROWS), "tilewidth": str(TILE_W), "tileheight": str(TILE_H),
        "infinite": "0", "hexsidelength": str(SIDE), "staggeraxis": "x", "staggerindex": "odd",
        "backgroundcolor": "#e8e4d8", "nextlayerid": "5", "nextobjectid": "1"})
    props(root, {"game": "hack_sack", "board": "hex", "title": TITLE, "km_per_hex": KM_PER_HEX})
    ET.SubElement(root, "tileset", {"firstgid": "1", "source": MAP_TILESET})
    layer = ET.SubElement(root, "layer", {"id": "1", "name": "terrain", "width": str(COLS), "height": str(ROWS)})
    rows = []
    for r in range(ROWS):
        rows.append(",".join(str(ids_by_terrain[b.terrain[(c, r)]] + 1) if (c, r) in b.terrain else "0"
                             for c in range(COLS)))
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"
    ids = Ids()
    roads = ET.SubElement(root, "objectgroup", {"id": "2", "name": "roads", "color": "#b03020"})
    for kind, name, chain in b.roads:
        x0, y0 = centre(*chain[0])
        obj = ET.SubElement(roads, "object", {"id": ids.take(), "name": name, "type": kind,
                                              "x": f"{x0:g}", "y": f"{y0:g}"})
        pts = " ".join(f"{centre(*c)[0] - x0:g},{centre(*c)[1] - y0:g}" for c in chain)
        ET.SubElement(obj, "polyline", {"points": pts})
    places = ET.SubElement(root, "objectgroup", {"id": "3", "name": "places", "color": "#202020"})
    for kind, table in (("city", b.city_cells), ("landmark", b.landmark_cells)):
        for name, cell in table.items():
            x, y = centre(*cell)
            obj = ET.SubElement(places, "object", {"id": ids.take(), "name": name, "type": kind,
                                                   "x": f"{x:g}", "y": f"{y:g}"})
            ET.SubElement(obj, "point")
    zones = ET.SubElement(root, "objectgroup", {"id": "4", "name": "zones", "color": "#6040a0"})
    for i, (x, y, w, h) in enumerate(pad_rects(b.terrain), start=1):
        obj = ET.SubElement(zones, "object", {"id": ids.take(), "name": f"Landing Pad {i}", "type": "offmap_box",
                                              "x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{h:g}"})
        props(obj, {"index": i, "entry": "any_hex", "entry_cost": 1, "places_per_phase": 4})
    root.set("nextobjectid", str(ids.next))
    ET.indent(root, space=" ")
    out.parent.mkdir(parents=True, exist_ok=True)
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
    out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Build the map and write it; prints a one-line summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "maps" / "hack_sack_nj.tmx")
    ap.add_argument("--tileset", type=Path, default=ROOT / "assets" / "tilesets" / "hex_terrain.tsx")
    ap.add_argument("--geo", type=Path, default=ROOT / "tools" / "geography")
    args = ap.parse_args(argv)
    b = Builder(args.geo)
    b.build()
    write_tmx(b, args.out, tile_ids(args.tileset))
    counts = defaultdict(int)
    for t in b.terrain.values():
        counts[t] += 1
    print(f"{args.out}: {COLS}x{ROWS}, {len(b.terrain)} hexes {dict(sorted(counts.items()))}, "
          f"{len(b.city_cells)} cities, {len(b.roads)} roads")
    return 0


if __name__ == "__main__":
    sys.exit(main())
