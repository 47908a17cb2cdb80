"""Generate maps/judean_hammer.tmx and its painted background from the Judea geography CSVs.

Run: .venv/bin/python tools/make_jh_map.py  (deterministic; rewrites the .tmx and the .png).
Every choice made here is explained in docs/house-rules/judean-hammer-map.md.
"""
from __future__ import annotations

import csv
import math
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
GEO = ROOT / "tools" / "geography"   # reference data kept in the repository (see its README.md)
OUT_TMX = ROOT / "maps" / "judean_hammer.tmx"
OUT_PNG = ROOT / "maps" / "judean_hammer_background.png"

# Map window (degrees) and projection: a local equirectangular projection in km, then a
# gentle "magnifying glass" around the Benjamin plateau, where the revolt's towns crowd
# together, so that no area is too small to click (JH-GAP-2).
LAT0, LON0 = 31.87, 35.12          # lens centre, between Jerusalem, Modein and Gophna
LAT_N, LAT_S = 32.56, 31.40
LON_W, LON_E = 34.40, 35.64
LENS_GAIN, LENS_KM = 0.9, 22.0
PX_PER_KM = 15.5                   # about 65 m a pixel at the edges
TILE = 16

# Six regions (JH-MAP-3): five colours plus Jerusalem by itself.  Okabe-Ito hues.
REGION_COLOURS = {
    "Samaria": "#56b4e9",
    "Benjamin": "#f0e442",
    "Shephelah": "#cc79a7",
    "Coast": "#009e73",
    "Judah": "#e69f00",
    "Jerusalem": "#f4f0e6",
}

# name, kind, region, lat, lon ; a city sits at its real site, a wilderness seed at the
# middle of the tract it names, a supply centre at the map edge where its road comes in.
AREAS = [
    ("Jerusalem", "city", "Jerusalem", 31.7767, 35.2342),
    # Samaria
    ("Samaria", "city", "Samaria", 32.2761, 35.1950),
    ("Shechem", "city", "Samaria", 32.2136, 35.2819),
    ("Tephon", "city", "Samaria", 32.1042, 35.2301),
    ("Acrabbeta", "city", "Samaria", 32.1264, 35.3436),
    ("Valley of Dothan", "wilderness", "Samaria", 32.40, 35.24),
    ("Hills of Ephraim", "wilderness", "Samaria", 32.11, 35.06),
    ("Jordan Valley", "wilderness", "Samaria", 32.15, 35.50),
    # Benjamin (the Gophna hills and the plateau north of Jerusalem)
    ("Gophna", "city", "Benjamin", 31.9619, 35.2156),
    ("Bethel", "city", "Benjamin", 31.9228, 35.2414),
    ("Mizpah", "city", "Benjamin", 31.8851, 35.2164),
    ("Elasa", "city", "Benjamin", 31.8930, 35.1950),
    ("Jericho", "city", "Benjamin", 31.8600, 35.4420),
    ("Gophna Hills", "wilderness", "Benjamin", 31.995, 35.135),
    ("Lebonah Pass", "wilderness", "Benjamin", 32.045, 35.27),
    ("Wilderness of Bethaven", "wilderness", "Benjamin", 31.95, 35.36),
    ("Ascent of Adummim", "wilderness", "Benjamin", 31.80, 35.36),
    # Shephelah (the foothills and the Beth Horon ascent)
    ("Modein", "city", "Shephelah", 31.9358, 35.0053),
    ("Beth Horon", "city", "Shephelah", 31.8904, 35.0989),
    ("Adasa", "city", "Shephelah", 31.8488, 35.1636),
    ("Emmaus", "city", "Shephelah", 31.8393, 34.9895),
    ("Gazara", "city", "Shephelah", 31.8592, 34.9192),
    ("Sorek Valley", "wilderness", "Shephelah", 31.79, 35.09),
    # Coast (the coastal plain)
    ("Joppa", "city", "Coast", 32.0545, 34.7530),
    ("Lydda", "city", "Coast", 31.9510, 34.8950),
    ("Jamnia", "city", "Coast", 31.8660, 34.7463),
    ("Azotus", "city", "Coast", 31.7572, 34.6578),
    ("Sharon Plain", "wilderness", "Coast", 32.25, 34.93),
    ("Plain of Ekron", "wilderness", "Coast", 31.74, 34.84),
    # Judah (the southern hills down to Idumea)
    ("Bethlehem", "city", "Judah", 31.7043, 35.2076),
    ("Tekoa", "city", "Judah", 31.6325, 35.2105),
    ("Beth Zur", "city", "Judah", 31.5894, 35.0942),
    ("Hebron", "city", "Judah", 31.5251, 35.1022),
    ("Marisa", "city", "Judah", 31.5930, 34.8982),
    ("Valley of Elah", "wilderness", "Judah", 31.68, 34.97),
    ("Wilderness of Judea", "wilderness", "Judah", 31.62, 35.34),
    # Greek Supply Centres: outside every region (JH-GAP-3, JH-MAP-6)
    ("Ptolemais", "supply_centre", None, 32.53, 35.02),
    ("Scythopolis", "supply_centre", None, 32.50, 35.50),
    ("Ascalon", "supply_centre", None, 31.6639, 34.5458),
    ("Idumea", "supply_centre", None, 31.43, 35.00),
]

# Roads between areas (JH-MAP-4), each a chain of real places from judea-roads.csv or
# named areas; consecutive stops become road links and the polyline runs through them.
ROADS = [
    ["Samaria", "Shechem", "Tephon", "Lebonah", "Bethel", "Mizpah", "Jerusalem",
     "Bethlehem", "Beth Zechariah", "Beth Zur", "Hebron"],          # ridge route
    ["Jerusalem", "Gibeon", "Adasa", "Beth Horon (Upper)", "Beth Horon (Lower)", "Gazara"],
    ["Beth Horon (Lower)", "Modein", "Adida", "Lydda"],
    ["Elasa", "Beth Horon (Upper)"],
    ["Elasa", "Mizpah"],
    ["Bethel", "Gophna", "Timnath", "Ramathaim", "Lydda"],          # Gophna-Lydda road
    ["Jerusalem", "Kiriath-Jearim", "Emmaus", "Gazara", "Lydda"],   # Emmaus road
    ["Emmaus", "Beth Horon (Lower)"],
    ["Gazara", "Ekron", "Azotus"],
    ["Ekron", "Jamnia"],
    ["Azotus", "Jamnia", "Joppa"],                                   # Via Maris
    ["Jamnia", "Lydda", "Joppa"],
    ["Joppa", "Sharon Plain", "Samaria"],
    ["Shechem", "Acrabbeta", "Jericho"],
    ["Jerusalem", "Ascent of Adummim", "Jericho"],
    ["Bethel", "Wilderness of Bethaven", "Jericho"],
    ["Wilderness of Judea", "Ascent of Adummim"],
    ["Hebron", "Wilderness of Judea"],
    ["Mizpah", "Michmash", "Jericho"],
    ["Bethel", "Aphairema", "Acrabbeta"],
    ["Tephon", "Pharathon", "Samaria"],
    ["Bethlehem", "Tekoa", "Wilderness of Judea"],
    ["Tekoa", "Beth Zur"],
    ["Hebron", "Marisa", "Azotus"],
    ["Marisa", "Valley of Elah", "Emmaus"],
    ["Beth Zur", "Valley of Elah"],
    ["Modein", "Gophna Hills", "Gophna"],
    ["Gophna Hills", "Hills of Ephraim", "Tephon"],
    ["Hills of Ephraim", "Timnath"],
    ["Samaria", "Valley of Dothan", "Shechem"],
    ["Jericho", "Jordan Valley", "Acrabbeta"],
    ["Jerusalem", "Sorek Valley", "Emmaus"],
    ["Sorek Valley", "Bethlehem"],
    ["Lebonah", "Lebonah Pass", "Gophna"],
    ["Jamnia", "Plain of Ekron", "Marisa"],
]
SUPPLY = {a[0] for a in AREAS if a[1] == "supply_centre"}
# Purple roads into the Greek Supply Centres (JH-MAP-4, JH-MOV-6).
PURPLE_ROADS = [
    ("Ptolemais", "Valley of Dothan"), ("Ptolemais", "Sharon Plain"), ("Ptolemais", "Samaria"),
    ("Scythopolis", "Valley of Dothan"), ("Scythopolis", "Jordan Valley"), ("Scythopolis", "Shechem"),
    ("Ascalon", "Azotus"), ("Ascalon", "Plain of Ekron"),
    ("Idumea", "Hebron"), ("Idumea", "Marisa"), ("Idumea", "Beth Zur"),
]

# Starting cubes (JH-SET-1): one faction icon per cube.
ICONS = {
    "maccabean": {"Modein": 2, "Gophna": 2, "Gophna Hills": 2, "Mizpah": 1},
    "greek": {"Jerusalem": 3, "Beth Zur": 2, "Gazara": 2, "Samaria": 2, "Joppa": 2, "Emmaus": 1},
}
# Where each region's name is printed; the play screen shows who controls it there.
REGION_LABELS = {"Samaria": (1300, 350), "Benjamin": (1490, 912), "Shephelah": (1015, 1335),
                 "Coast": (770, 610), "Judah": (1370, 1850), "Jerusalem": (1395, 1495)}
START_VP = {"maccabean": 0, "greek": 0}                             # JH-GAP-4
VP_TRACK = 16                                                       # boxes 0..15 (JH-GAP-11)


def read_csv(name: str) -> list[dict]:
    """Rows of one geography CSV."""
    with open(GEO / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def km(lat: float, lon: float) -> tuple[float, float]:
    """Local equirectangular km east/south of the lens centre."""
    kx = (lon - LON0) * 111.32 * math.cos(math.radians(LAT0))
    ky = (LAT0 - lat) * 110.57
    return kx, ky


def lens(kx: float, ky: float) -> tuple[float, float]:
    """Magnify the crowded centre; monotonic, so the order of places is kept."""
    r = math.hypot(kx, ky)
    f = 1.0 + LENS_GAIN * math.exp(-(r / LENS_KM) ** 2)
    return kx * f, ky * f


def origin() -> tuple[float, float]:
    """Lens-space corner of the map window (the window's corners lie outside the lens)."""
    xs, ys = [], []
    for lat in (LAT_N, LAT_S):
        for lon in (LON_W, LON_E):
            x, y = lens(*km(lat, lon))
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


MIN_X, MIN_Y, MAX_X, MAX_Y = origin()
WIDTH = int(math.ceil((MAX_X - MIN_X) * PX_PER_KM / TILE)) * TILE
HEIGHT = int(math.ceil((MAX_Y - MIN_Y) * PX_PER_KM / TILE)) * TILE


def project(lat: float, lon: float) -> tuple[float, float]:
    """Map pixel of a latitude/longitude."""
    x, y = lens(*km(lat, lon))
    return (x - MIN_X) * PX_PER_KM, (y - MIN_Y) * PX_PER_KM


# ---------------------------------------------------------------- geometry

def clip(poly: list, a: float, b: float, c: float) -> list:
    """Sutherland-Hodgman: keep the part of poly where a*x + b*y <= c."""
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        dp = a * p[0] + b * p[1] - c
        dq = a * q[0] + b * q[1] - c
        if dp <= 0:
            out.append(p)
        if (dp < 0 < dq) or (dq < 0 < dp):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi_cell(i: int, seeds: list, region: list) -> list:
    """The part of `region` closer to seed i than to any other seed."""
    sx, sy = seeds[i]
    poly = list(region)
    for j, (tx, ty) in enumerate(seeds):
        if j == i or not poly:
            continue
        a, b = tx - sx, ty - sy
        c = (tx * tx + ty * ty - sx * sx - sy * sy) / 2.0
        poly = clip(poly, a, b, c)
    return poly


def area_of(poly: list) -> float:
    """Signed shoelace area."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1])) / 2.0


def inside(pt, poly) -> bool:
    """Even-odd point-in-polygon test."""
    x, y = pt
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def land_polygon(water: list[dict]) -> list:
    """Land inside the window: the coast on the west, the Jordan and Dead Sea on the east."""
    west = extend(water_line(water, "Mediterranean", 1, 12))
    east = extend(water_line(water, "Jordan River", 5, 11) + water_line(water, "Dead Sea", 2, 5))
    # The coast runs out past the window's west edge at the bottom: keep the land inside it,
    # so no area (Ascalon) has corners off the map.
    return clip(clip(west + east[::-1], -1.0, 0.0, 0.0), 1.0, 0.0, float(WIDTH))


def water_line(water: list[dict], feature: str, lo: int, hi: int) -> list:
    """Pixel points of one water feature, rows lo..hi in file order."""
    return [project(float(r["lat"]), float(r["lon"])) for r in water
            if r["feature"].startswith(feature) and lo <= int(r["seq"]) <= hi]


def extend(chain: list) -> list:
    """The part of a polyline between the map's top and bottom edges, run out to both."""
    pts = chain if chain[0][1] <= chain[-1][1] else chain[::-1]
    out = []
    for p, q in zip(pts, pts[1:]):
        if 0 <= p[1] <= HEIGHT:
            out.append(p)
        for edge in (0.0, float(HEIGHT)):
            if (p[1] - edge) * (q[1] - edge) < 0:
                t = (edge - p[1]) / (q[1] - p[1])
                out.append((p[0] + t * (q[0] - p[0]), edge))
    if 0 <= pts[-1][1] <= HEIGHT:
        out.append(pts[-1])
    if out[0][1] > 0:
        out.insert(0, (out[0][0], 0.0))
    if out[-1][1] < HEIGHT:
        out.append((out[-1][0], float(HEIGHT)))
    return out


def snap(polys: dict) -> dict:
    """Round vertices and merge near-identical ones so that neighbours share exact points."""
    canon: dict = {}
    out = {}
    for name, poly in polys.items():
        fixed = []
        for x, y in poly:
            key = (round(x / 0.5), round(y / 0.5))
            found = None
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    found = found or canon.get((key[0] + dx, key[1] + dy))
            if found is None:
                found = (round(x, 2), round(y, 2))
                canon[key] = found
            if not fixed or fixed[-1] != found:
                fixed.append(found)
        if len(fixed) > 1 and fixed[0] == fixed[-1]:
            fixed.pop()
        out[name] = fixed
    return out


def build_areas() -> tuple[dict, dict, list]:
    """Area polygons (shared edges), seed points and the land outline."""
    water = read_csv("judea-water.csv")
    land = land_polygon(water)
    if area_of(land) < 0:
        land = land[::-1]
    seeds = [project(lat, lon) for _, _, _, lat, lon in AREAS]
    polys = {}
    for i, (name, *_rest) in enumerate(AREAS):
        cell = voronoi_cell(i, seeds, land)
        if area_of(cell) < 0:
            cell = cell[::-1]
        polys[name] = cell
    polys = snap(polys)
    return polys, sites(polys, seeds), land


# How far each kind's printed site moves from its seed toward the middle of its area: a
# city stays near its real place, a wilderness name and a supply centre sit mid-area.
PULL = {"city": 0.3, "wilderness": 0.6, "supply_centre": 0.55}


def centroid(poly: list) -> tuple[float, float]:
    """Area centroid of a simple polygon."""
    a = area_of(poly)
    cx = sum((p[0] + q[0]) * (p[0] * q[1] - q[0] * p[1]) for p, q in zip(poly, poly[1:] + poly[:1]))
    cy = sum((p[1] + q[1]) * (p[0] * q[1] - q[0] * p[1]) for p, q in zip(poly, poly[1:] + poly[:1]))
    return cx / (6 * a), cy / (6 * a)


def sites(polys: dict, seeds: list) -> dict:
    """Where each area's mark, name and pieces go (the map's label point)."""
    out = {}
    for (name, kind, *_rest), (sx, sy) in zip(AREAS, seeds):
        cx, cy = centroid(polys[name])
        t = PULL[kind]
        out[name] = (round(sx + t * (cx - sx), 1), round(sy + t * (cy - sy), 1))
    return out


def polygon_area_name(pt, polys: dict) -> str | None:
    """Which area holds a pixel."""
    for name, poly in polys.items():
        if inside(pt, poly):
            return name
    return None


def place_points() -> dict:
    """Pixel position of every place in judea-places.csv and of every area seed."""
    pts = {r["name"]: project(float(r["lat"]), float(r["lon"]))
           for r in read_csv("judea-places.csv")}
    for name, _k, _r, lat, lon in AREAS:
        pts[name] = project(lat, lon)
    return pts


def build_links(polys: dict, seeds: dict) -> list:
    """Road and purple-road links as (kind, from, to, points), following ROADS.

    Two named areas in a chain are joined directly across their shared border; a stretch
    between real places becomes one link for every border the straight road crosses.
    """
    pts = place_points()
    links: dict = {}
    for chain in ROADS:
        for p, q in zip(chain, chain[1:]):
            if p in polys and q in polys and shared_edges(polys, p, q):
                pairs = [(p, q, border_point(polys, p, q))]
            else:
                pairs = crossed(pts[p], pts[q], polys)
            for a, b, at in pairs:
                key = frozenset((a, b))
                if key not in links and SUPPLY.isdisjoint(key):   # only purple roads enter them
                    links[key] = ("road", a, b, [seeds[a], at, seeds[b]])
    for a, b in PURPLE_ROADS:
        links[frozenset((a, b))] = ("purple_road", a, b, [seeds[a], border_point(polys, a, b), seeds[b]])
    return list(links.values())


def crossed(start, end, polys: dict) -> list:
    """(area, next area, crossing point) for each border a straight road crosses."""
    (x1, y1), (x2, y2) = start, end
    steps = max(2, int(math.hypot(x2 - x1, y2 - y1) / 3))
    out, last = [], None
    for k in range(steps + 1):
        pt = (x1 + (x2 - x1) * k / steps, y1 + (y2 - y1) * k / steps)
        area = polygon_area_name(pt, polys)
        if area and last and area != last:
            out.append((last, area, pt))
        last = area or last
    return out


def shared_edges(polys: dict, a: str, b: str) -> list:
    """Polygon edges that areas a and b both have."""
    ea = {frozenset(e) for e in zip(polys[a], polys[a][1:] + polys[a][:1])}
    return [tuple(e) for e in zip(polys[b], polys[b][1:] + polys[b][:1]) if frozenset(e) in ea]


def border_point(polys: dict, a: str, b: str) -> tuple[float, float]:
    """Middle of the longest edge areas a and b share (where a road crosses between them)."""
    shared = shared_edges(polys, a, b)
    if not shared:
        raise ValueError(f"areas {a} and {b} share no border, so no road can join them")
    p, q = max(shared, key=lambda e: math.dist(*e))
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def marker_points(seeds: dict) -> list:
    """Faction icons beside their areas' seeds, and the VP track boxes, as (type, x, y, props)."""
    out = []
    for faction, per_area in ICONS.items():
        for area, count in per_area.items():
            sx, sy = seeds[area]
            for k in range(count):                       # a row where the cubes will stand
                dx = (k - (count - 1) / 2) * 26
                out.append(("faction_icon", sx + dx, sy + 30, {"faction": faction, "area": area}))
    for region, (x, y) in REGION_LABELS.items():
        label = {"region": region, "text": region.upper()}
        if region == "Jerusalem":       # the city's own name says it already
            label["show_text"] = "false"
        out.append(("label", x, y, label))
    for i in range(VP_TRACK):
        x, y = vp_box_xy(i)
        out.append(("vp_box", x, y, {"index": i}))
    for k, (faction, vp) in enumerate(START_VP.items()):     # JH-SET-2, JH-GAP-4
        x, y = vp_box_xy(vp)
        out.append(("vp_box", x - 11 + 22 * k, y + 12, {"index": vp, "faction": faction}))
    return out


def name_place(name: str, kind: str, seed) -> list[str]:
    """Where the board prints an area's name, as area properties (the view draws names from these)."""
    x, y = seed
    if kind == "city":                      # above the walled-town glyph; Jerusalem's is bigger
        glyph, size = (20, 30) if name == "Jerusalem" else (13, 22)
        return [prop("name_x", round(x, 1)), prop("name_y", round(y - glyph - 20, 1)), prop("name_size", size)]
    if kind == "supply_centre":             # above the fort, with what it is on a line above
        return [prop("name_x", round(x, 1)), prop("name_y", round(y - 36, 1)), prop("name_size", 22),
                prop("subtitle", "Greek Supply Centre")]
    return [prop("name_size", 20)]          # open country: the name sits on the label point


def vp_box_xy(i: int) -> tuple[float, float]:
    """Centre of VP box i: two rows of eight in the open sea off the Sharon coast."""
    return 70 + (i % 8) * 62.0, 590 + (i // 8) * 62.0


# ---------------------------------------------------------------- writing the .tmx

def prop(name: str, value, kind: str | None = None) -> str:
    """One <property> element."""
    if kind is None:
        kind = "int" if isinstance(value, int) else "float" if isinstance(value, float) else None
    t = f" type={quoteattr(kind)}" if kind else ""
    return f"    <property name={quoteattr(name)}{t} value={quoteattr(str(value))}/>"


def legend_box() -> tuple[int, int, int, int]:
    """The legend panel painted in the sea (title, region key, VP track): x, y, width, height."""
    x0, y0 = vp_box_xy(0)
    return int(x0 - 50), int(y0 - 330), 8 * 62 + 40, 460


def obj_xml(oid: int, name: str, kind: str, pts: list | None, x: float, y: float,
            props: list[str], shape: str) -> str:
    """One <object> with a polygon, polyline, point or box (``pts`` its width and height)."""
    size = f' width="{pts[0]}" height="{pts[1]}"' if shape == "rect" else ""   # a box's size is the object's own
    head = f'  <object id="{oid}" name={quoteattr(name)} type={quoteattr(kind)} x="{x:.2f}" y="{y:.2f}"{size}>'
    body = []
    if props:
        body += ["   <properties>"] + ["  " + p for p in props] + ["   </properties>"]
    if shape == "point":
        body.append("   <point/>")
    elif shape != "rect":
        rel = " ".join(f"{px - x:.2f},{py - y:.2f}" for px, py in pts)
        body.append(f'   <{shape} points="{rel}"/>')
    return "\n".join([head] + body + ["  </object>"])


def tmx_text(polys: dict, seeds: dict, links: list, markers: list) -> str:
    """The whole map file."""
    oid = 1
    areas, roads, marks = [], [], []
    for name, kind, region, _lat, _lon in AREAS:
        poly = polys[name]
        x, y = poly[0]
        props = [prop("label_x", round(seeds[name][0], 1)), prop("label_y", round(seeds[name][1], 1))]
        props += name_place(name, kind, seeds[name])
        if region:
            props.insert(0, prop("region", region))
        areas.append(obj_xml(oid, name, kind, poly, x, y, props, "polygon"))
        oid += 1
    for kind, a, b, pts in links:
        roads.append(obj_xml(oid, f"{a} - {b}", kind, pts, pts[0][0], pts[0][1],
                             [prop("from", a), prop("to", b)], "polyline"))
        oid += 1
    for kind, x, y, props in markers:
        name = {"faction_icon": props.get("area", ""), "label": props.get("region", "")}.get(
            kind, f"{props.get('faction', 'VP')} {props.get('index')}")
        plist = [prop(k, v) for k, v in props.items()]
        marks.append(obj_xml(oid, name, kind, None, x, y, plist, "point"))
        oid += 1
    lx, ly, lw, lh = legend_box()          # the legend painted there: the table keeps its boxes off it
    marks.append(obj_xml(oid, "legend", "legend", [lw, lh], lx, ly, [], "rect"))
    oid += 1
    mprops = [prop("game", "judean_hammer"), prop("board", "area"), prop("view_names", "true", "bool"),
              prop("title", "Judea, 167-160 BCE")]
    mprops += [prop(f"region_colour_{r}", "#ff" + c[1:], "color") for r, c in REGION_COLOURS.items()]
    w, h = WIDTH // TILE, HEIGHT // TILE
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{w}" height="{h}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="5" nextobjectid="{oid}">',
        " <properties>", *mprops, " </properties>",
        ' <imagelayer id="1" name="background">',
        f'  <image source="{OUT_PNG.name}" width="{WIDTH}" height="{HEIGHT}"/>',
        " </imagelayer>",
        ' <objectgroup id="2" name="areas">', *areas, " </objectgroup>",
        ' <objectgroup id="3" name="links">', *roads, " </objectgroup>",
        ' <objectgroup id="4" name="markers">', *marks, " </objectgroup>",
        "</map>", "",
    ]
    return "\n".join(lines)


def write_all() -> None:
    """Build the geometry, paint the background and write both files."""
    polys, seeds, land = build_areas()
    links = build_links(polys, seeds)
    markers = marker_points(seeds)
    from jh_paint import paint  # noqa: E402  (pygame only when painting)
    paint(OUT_PNG, polys, seeds, land, links, markers)
    OUT_TMX.write_text(tmx_text(polys, seeds, links, markers), encoding="utf-8")
    print(f"wrote {OUT_TMX.relative_to(ROOT)} ({len(polys)} areas, {len(links)} links) "
          f"and {OUT_PNG.relative_to(ROOT)} ({WIDTH}x{HEIGHT})")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tools"))
    write_all()
