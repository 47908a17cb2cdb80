"""Generate maps/armageddon.tmx and its painted background from tools/bfa_map_data.py.

Run: .venv/bin/python tools/make_bfa_map.py  (deterministic; rewrites the .tmx and the .png).
Every choice made here is explained in docs/house-rules/armageddon-map.md.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bfa_map_data as D  # noqa: E402
from make_jh_map import area_of, centroid, obj_xml, prop, snap, voronoi_cell  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT_TMX = ROOT / "maps" / "armageddon.tmx"
OUT_PNG = ROOT / "maps" / "armageddon_background.png"
TILE = 16
WIDTH = D.LAND_W
HEIGHT = D.LAND_H + D.PANEL_H
WIGGLE = 0.13          # how far a border bends, as a share of its length
MIN_WIGGLE_LEN = 36.0  # shorter borders stay straight
TOP_ROOM = 125.0       # no stack point nearer the north edge: its name is painted above it


# ---------------------------------------------------------------- geometry

def cells() -> dict:
    """Straight-edged Voronoi cells of the seeds, clipped to the land sheet, counter-clockwise-free."""
    seeds = [(x, y) for _n, _k, _r, x, y, _p in D.AREAS]
    sheet = [(0.0, 0.0), (float(D.LAND_W), 0.0), (float(D.LAND_W), float(D.LAND_H)),
             (0.0, float(D.LAND_H))]
    out = {}
    for i, (name, *_rest) in enumerate(D.AREAS):
        cell = voronoi_cell(i, seeds, sheet)
        if area_of(cell) < 0:
            cell = cell[::-1]
        out[name] = cell
    return snap(out)


def _hash01(*vals: float) -> float:
    """A fixed pseudo-random number in [0, 1) from a few coordinates (no random module)."""
    s = sum(v * k for v, k in zip(vals, (12.9898, 78.233, 37.719, 4.581)))
    return abs(math.sin(s) * 43758.5453) % 1.0


def _bend(p, q, depth: int) -> list:
    """Midpoint displacement of the segment p-q: the points strictly between p and q."""
    length = math.dist(p, q)
    if depth == 0 or length < MIN_WIGGLE_LEN:
        return []
    a, b = (p, q) if p <= q else (q, p)              # the same bend seen from either side
    off = (_hash01(*a, *b) - 0.5) * 2 * WIGGLE * length
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    mid = ((p[0] + q[0]) / 2 + nx * off, (p[1] + q[1]) / 2 + ny * off)
    mid = (round(mid[0], 2), round(mid[1], 2))
    return _bend(p, mid, depth - 1) + [mid] + _bend(mid, q, depth - 1)


def on_sheet_edge(p, q) -> bool:
    """Whether a segment lies along the land sheet's outer edge."""
    return (p[0] == q[0] and p[0] in (0, D.LAND_W)) or (p[1] == q[1] and p[1] in (0, D.LAND_H))


def wiggle(polys: dict) -> dict:
    """Bend every inner border the same way for both areas beside it, so they still match."""
    cache: dict = {}
    out = {}
    for name, poly in polys.items():
        pts = []
        for p, q in zip(poly, poly[1:] + poly[:1]):
            pts.append(p)
            if on_sheet_edge(p, q):
                continue
            key = (p, q) if p <= q else (q, p)
            if key not in cache:
                cache[key] = _bend(key[0], key[1], 3)
            mids = cache[key]
            pts.extend(mids if key[0] == p else mids[::-1])
        out[name] = pts
    return out


def shared_chain(polys: dict, a: str, b: str) -> list:
    """The points of the border areas a and b have in common, in order along a's outline."""
    pb = set(polys[b])
    ring = polys[a]
    n = len(ring)
    flags = [p in pb for p in ring]
    if all(flags):
        raise ValueError(f"{a} lies inside {b}")
    start = next(i for i in range(n) if not flags[i - 1] and flags[i]) if any(flags) else None
    if start is None:
        raise ValueError(f"areas {a} and {b} share no border")
    chain = []
    i = start
    while flags[i % n] and len(chain) < n:
        chain.append(ring[i % n])
        i += 1
    if len(chain) < 2:
        raise ValueError(f"areas {a} and {b} only touch at a corner")
    return chain


def label_points(polys: dict) -> dict:
    """Where each area's name and pieces go: between its seed and its centroid."""
    out = {}
    for name, _k, _r, x, y, _p in D.AREAS:
        cx, cy = centroid(polys[name])
        dx, dy = D.LABEL_SHIFT.get(name, (0, 0))
        ly = max(TOP_ROOM, y + 0.5 * (cy - y) + dy)     # room above the stack for the name
        out[name] = (round(x + 0.5 * (cx - x) + dx, 1), round(ly, 1))
    return out


def build() -> tuple[dict, dict, list]:
    """Area polygons, label points and river borders (kind, name, a, b, points)."""
    polys = wiggle(cells())
    labels = label_points(polys)
    rivers = []
    for river, pairs in D.RIVERS.items():
        for a, b in pairs:
            rivers.append(("river", river, a, b, shared_chain(polys, a, b)))
    return polys, labels, rivers


def check_rivers(rivers: list) -> None:
    """Each river's stretches must join end to end, so it reads as one line on the board."""
    by_river: dict = {}
    for _kind, river, a, b, pts in rivers:
        by_river.setdefault(river, []).append((a, b, pts))
    for river, parts in by_river.items():
        for (a1, b1, p), (a2, b2, q) in zip(parts, parts[1:]):
            if not {p[0], p[-1]} & {q[0], q[-1]}:
                raise ValueError(f"the {river} breaks between {a1}/{b1} and {a2}/{b2}")


# ---------------------------------------------------------------- off-map boxes
def track_markers() -> list:
    """The build point, turn and production tracks and the Ready box, as (type, x, y, props)."""
    import json
    build = json.loads((ROOT / "game" / "rules" / "armageddon" / "build.json").read_text())
    top = D.LAND_H
    out = []
    for i in D.BUILD_TRACK:
        out.append(("build_point_box", 776 + i * 76, top + 62, {"index": i, "size": 60}))
    for i in D.TURN_TRACK:
        out.append(("turn_box", 776 + (i - 1) * 76, top + 186, {"index": i, "size": 60}))
    spaces = sorted(build["production_track"]["spaces"], key=lambda s: -s["space"])
    for k, s in enumerate(spaces):
        out.append(("production_box", 1500 + k * 172, top + 188,
                    {"space": s["space"], "label": s["label"], "types": ",".join(s["types"]),
                     "size": 136}))
    out.append(("ready_box", 1500 + len(spaces) * 172, top + 188,
                {"label": build["production_track"]["ready"], "size": 136}))
    return out


# ---------------------------------------------------------------- writing the .tmx
def area_objects(polys: dict, labels: dict, start: int) -> list:
    """The <object> elements of the areas layer."""
    out = []
    for k, (name, kind, region, _x, _y, extra) in enumerate(D.AREAS):
        x, y = polys[name][0]
        props = [prop("label_x", labels[name][0]), prop("label_y", labels[name][1])]
        if region:
            props.insert(0, prop("region", region))
        for key, value in extra.items():
            if isinstance(value, bool):
                props.append(prop(key, "true" if value else "false", "bool"))
            else:
                props.append(prop(key, value))
        out.append(obj_xml(start + k, name, kind, polys[name], x, y, props, "polygon"))
    return out


def tmx_text(polys: dict, labels: dict, rivers: list, markers: list) -> str:
    """The whole map file."""
    areas = area_objects(polys, labels, 1)
    oid = len(areas) + 1
    borders, marks = [], []
    for kind, river, a, b, pts in rivers:
        borders.append(obj_xml(oid, river, kind, pts, pts[0][0], pts[0][1],
                               [prop("from", a), prop("to", b)], "polyline"))
        oid += 1
    for kind, x, y, props in markers:
        name = str(props.get("label", props.get("index", props.get("space", ""))))
        marks.append(obj_xml(oid, name, kind, None, x, y, [prop(k, v) for k, v in props.items()], "point"))
        oid += 1
    mprops = [prop("game", "armageddon"), prop("board", "area"),
              prop("counter_size", "72", "float"),          # the edge of a unit counter on this sheet (docs/maps.md)
              prop("title", "Armageddon Secundus"),
              prop(f"region_colour_{D.ORK}", "#ff6f8a3a", "color")]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{WIDTH // TILE}" height="{HEIGHT // TILE}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'infinite="0" nextlayerid="5" nextobjectid="{oid}">',
        " <properties>", *mprops, " </properties>",
        ' <imagelayer id="1" name="background">',
        f'  <image source="{OUT_PNG.name}" width="{WIDTH}" height="{HEIGHT}"/>',
        " </imagelayer>",
        ' <objectgroup id="2" name="areas">', *areas, " </objectgroup>",
        ' <objectgroup id="3" name="borders">', *borders, " </objectgroup>",
        ' <objectgroup id="4" name="markers">', *marks, " </objectgroup>",
        "</map>", "",
    ]
    return "\n".join(lines)


def write_all() -> None:
    """Build the geometry, paint the background and write both files."""
    polys, labels, rivers = build()
    check_rivers(rivers)
    markers = track_markers()
    from bfa_paint import paint  # noqa: E402  (pygame only when painting)
    paint(OUT_PNG, polys, labels, rivers, markers)
    OUT_TMX.write_text(tmx_text(polys, labels, rivers, markers), encoding="utf-8")
    print(f"wrote {OUT_TMX.relative_to(ROOT)} ({len(polys)} areas, {len(rivers)} river borders) "
          f"and {OUT_PNG.relative_to(ROOT)} ({WIDTH}x{HEIGHT})")


if __name__ == "__main__":
    write_all()
