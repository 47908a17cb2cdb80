"""Generate maps/slammers/panel1..6.tmx and edge_a..d.tmx, the Hammer's Slammers geomorphic panels.

Run `python tools/make_slammers_panels.py` (options: --out, --tileset). The layouts are drawn
as text in tools/slammers_panel_data.py; this script turns each into a Tiled 1.8 hex map:
flat-top hexes (64 x 56, side 32, stagger axis x, odd), the terrain layer from the shared
hex tileset, roads as polylines through hex centres (a road over a river becomes a bridge),
named places, and a north arrow with the panel's number (HS-MAP-2). Every edge is a line of
half hexes (HS-MAP-4). The output is deterministic.
"""
from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.boards.layout import HexLayout  # noqa: E402
from slammers_panel_data import CODES, EDGES, PANELS  # noqa: E402

TILE_W, TILE_H, SIDE = 64, 56, 32
TILESET = "../../assets/tilesets/hex_terrain.tsx"
NO_ROAD = ("lake", "swamp")


def layout(cols: int, rows: int) -> HexLayout:
    """The shared grid of every panel: flat-top, stagger axis x, odd."""
    return HexLayout("x", "odd", TILE_W, TILE_H, SIDE, cols, rows)


def cube_line(lay: HexLayout, a: tuple, b: tuple) -> list:
    """Cells from a to b along the straight hex line (cube lerp, nudged off ties)."""
    (q0, r0), (q1, r1) = lay.to_axial(*a), lay.to_axial(*b)
    n = max(abs(q1 - q0), abs(r1 - r0), abs((q1 + r1) - (q0 + r0)))
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q = q0 + (q1 - q0) * t + 1e-6
        r = r0 + (r1 - r0) * t + 2e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        out.append(lay.to_offset((rq, rr)))
    return out


def road_cells(lay: HexLayout, waypoints: list) -> list:
    """Every cell of a road through its waypoints, each next to the one before."""
    cells = [waypoints[0]]
    for a, b in zip(waypoints, waypoints[1:]):
        cells += cube_line(lay, a, b)[1:]
    return cells


def build(spec: dict) -> tuple:
    """(terrain by cell, roads as (kind, name, cells), places) for one panel's text."""
    rows = spec["rows"]
    cols = len(rows[0])
    if any(len(r) != cols for r in rows):
        raise SystemExit(f"make_slammers_panels: {spec['title']}: rows differ in length")
    lay = layout(cols, len(rows))
    terrain = {(c, r): CODES[ch] for r, line in enumerate(rows) for c, ch in enumerate(line)}
    roads = []
    for kind, name, points in spec["roads"]:
        cells = road_cells(lay, points)
        for cell in cells:
            if terrain[cell] in NO_ROAD:
                raise SystemExit(f"make_slammers_panels: {spec['title']}: road {name} crosses "
                                 f"{terrain[cell]} at {cell}")
            if terrain[cell] == "river":
                terrain[cell] = "bridge"
        roads.append((kind, name, cells))
    return lay, terrain, roads


def tile_ids(tsx: Path) -> dict:
    """terrain name -> local tile id, from the tileset's `terrain` tile properties."""
    root = ET.parse(tsx).getroot()
    return {p.get("value"): int(t.get("id")) for t in root.iter("tile") for p in t.iter("property")
            if p.get("name") == "terrain"}


def props(parent: ET.Element, values: dict) -> None:
    """Append a <properties> block (bool typed where the value is a bool)."""
    block = ET.SubElement(parent, "properties")
    for name, value in values.items():
        attrs = {"name": name, "value": str(value)}
        if isinstance(value, bool):
            attrs.update(type="bool", value="true" if value else "false")
        ET.SubElement(block, "property", attrs)


def obj(group: ET.Element, ids: list, **attrs) -> ET.Element:
    """A new object with the next free id."""
    ids[0] += 1
    return ET.SubElement(group, "object", {"id": str(ids[0]), **{k: str(v) for k, v in attrs.items()}})


def write(key: str, spec: dict, out: Path, ids_by_terrain: dict) -> str:
    """Write one panel or edge piece; returns a one-line summary."""
    lay, terrain, roads = build(spec)
    cols, rows = lay.width, lay.height
    root = ET.Element("map", {
        "version": "1.8", "tiledversion": "1.8.2", "orientation": "hexagonal", "renderorder": "right-down",
        "width": str(cols), "height": str(rows), "tilewidth": str(TILE_W), "tileheight": str(TILE_H),
        "infinite": "0", "hexsidelength": str(SIDE), "staggeraxis": "x", "staggerindex": "odd",
        "backgroundcolor": "#e8e4d8", "nextlayerid": "5", "nextobjectid": "1"})
    props(root, {"game": "slammers", "board": "hex", "title": spec["title"], "panel": key,
                 "half_hexes": "left,right,top,bottom", "geomorphic": True, "north": "up"})
    ET.SubElement(root, "tileset", {"firstgid": "1", "source": TILESET})
    layer = ET.SubElement(root, "layer", {"id": "1", "name": "terrain", "width": str(cols), "height": str(rows)})
    lines = [",".join(str(ids_by_terrain[terrain[(c, r)]] + 1) for c in range(cols)) for r in range(rows)]
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(lines) + "\n"
    ids = [0]
    group = ET.SubElement(root, "objectgroup", {"id": "2", "name": "roads", "color": "#7a4a1e"})
    for kind, name, cells in roads:
        x0, y0 = lay.cell_centre(*cells[0])
        o = obj(group, ids, name=name, type=kind, x=f"{x0:g}", y=f"{y0:g}")
        pts = " ".join(f"{lay.cell_centre(*c)[0] - x0:g},{lay.cell_centre(*c)[1] - y0:g}" for c in cells)
        ET.SubElement(o, "polyline", {"points": pts})
    group = ET.SubElement(root, "objectgroup", {"id": "3", "name": "places", "color": "#202020"})
    for name, (kind, cell) in spec["places"].items():
        x, y = lay.cell_centre(*cell)
        ET.SubElement(obj(group, ids, name=name, type=kind, x=f"{x:g}", y=f"{y:g}"), "point")
    _north_arrow(root, lay, key, ids)
    root.set("nextobjectid", str(ids[0] + 1))
    ET.indent(root, space=" ")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n",
                   encoding="utf-8")
    bridges = sum(1 for t in terrain.values() if t == "bridge")
    return f"{out.name}: {cols}x{rows}, {len(roads)} roads, {bridges} bridges, {len(spec['places'])} places"


def _north_arrow(root: ET.Element, lay: HexLayout, key: str, ids: list) -> None:
    """The panel's number under an arrow pointing north, in the top-left whole hex (HS-MAP-2)."""
    group = ET.SubElement(root, "objectgroup", {"id": "4", "name": "compass", "color": "#000000"})
    x, y = lay.cell_centre(1, 1)
    arrow = obj(group, ids, name="North", type="north_arrow", x=f"{x:g}", y=f"{y - 24:g}")
    props(arrow, {"panel": key})
    ET.SubElement(arrow, "polygon", {"points": "0,0 9,18 0,13 -9,18"})
    label = obj(group, ids, name=f"Panel {key}", type="label", x=f"{x - 20:g}", y=f"{y - 4:g}",
                width="40", height="22")
    ET.SubElement(label, "text", {"fontfamily": "DejaVu Sans", "pixelsize": "16", "bold": "1",
                                  "halign": "center", "valign": "center"}).text = f"N {key}"


def main(argv: list | None = None) -> int:
    """Write every panel and edge piece; print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "maps" / "slammers")
    ap.add_argument("--tileset", type=Path, default=ROOT / "assets" / "tilesets" / "hex_terrain.tsx")
    args = ap.parse_args(argv)
    ids = tile_ids(args.tileset)
    for key, spec in PANELS.items():
        print(write(key, spec, args.out / f"panel{key}.tmx", ids))
    for key, spec in EDGES.items():
        print(write(key, spec, args.out / f"edge_{key.lower()}.tmx", ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
