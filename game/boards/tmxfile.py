"""Reads a Tiled .tmx file (and its .tsx tilesets) into plain data, with xml.etree: no pygame.

Everything the map loaders need is here: map attributes, typed properties, tile
properties by gid, tile layers decoded to gid grids, and object layers with absolute
(rotated) point lists. Problems are recorded on a Problems list with file/layer/object.
"""
from __future__ import annotations

import base64
import gzip
import math
import struct
import xml.etree.ElementTree as ET
import zlib
from xml.parsers import expat
from dataclasses import dataclass, field
from pathlib import Path

from game.boards.errors import Problems

GID_MASK = 0x0FFFFFFF   # the top four bits of a gid are Tiled's flip/rotate flags


@dataclass
class TmxObject:
    """One object of an object layer, with its points in map pixels."""
    id: int
    name: str
    type: str
    shape: str                       # rect, point, polygon, polyline, ellipse, tile, text
    x: float
    y: float
    width: float
    height: float
    points: list                     # absolute (x, y) points; rect/ellipse: the 4 corners
    props: dict


@dataclass
class TileLayer:
    """A tile layer: gids row by row (0 is an empty cell)."""
    name: str
    width: int
    height: int
    gids: list
    props: dict = field(default_factory=dict)


@dataclass
class ObjectLayer:
    """An object layer."""
    name: str
    objects: list
    props: dict = field(default_factory=dict)


@dataclass
class TmxDoc:
    """A whole .tmx file as plain data."""
    path: Path
    attrs: dict
    properties: dict
    tiles: dict            # gid -> (type, props) for every tile that has a type or properties
    tilesets: list         # (firstgid, name, tilecount)
    layers: list           # TileLayer | ObjectLayer, in drawing order, groups flattened

    def layer(self, name: str):
        """The first layer with this name, or None."""
        return next((lay for lay in self.layers if lay.name == name), None)

    def tile_layers(self) -> list:
        """Every tile layer."""
        return [lay for lay in self.layers if isinstance(lay, TileLayer)]

    def tile_known(self, gid: int) -> bool:
        """Whether a gid falls inside one of the map's tilesets."""
        return any(first <= gid < first + count for first, _, count in self.tilesets)

    def tile_from_missing_tileset(self, gid: int) -> bool:
        """Whether a gid belongs to a tileset that could not be read (already reported)."""
        owner = max((t for t in self.tilesets if t[0] <= gid), default=None, key=lambda t: t[0])
        return owner is not None and owner[2] < 0


def read_tmx(path, problems: Problems) -> TmxDoc:
    """Parse one .tmx file; raises the MapError of `problems` when it cannot be read at all."""
    path = Path(path)
    root = _parse_xml(path, problems, "map")
    attrs = {k: root.get(k) for k in ("orientation", "width", "height", "tilewidth", "tileheight",
                                       "hexsidelength", "staggeraxis", "staggerindex",
                                       "infinite", "renderorder", "version", "tiledversion")}
    for key in ("width", "height", "tilewidth", "tileheight"):
        attrs[key] = _int_attr(root, key, problems, None)
    attrs["hexsidelength"] = _int_attr(root, "hexsidelength", problems, None, default=0)
    if attrs["infinite"] == "1":
        raise problems.fatal("the map is infinite; uncheck Map ▸ Map Properties ▸ Infinite")
    properties = read_properties(root, problems, None)
    tiles, tilesets = {}, []
    for ts in root.findall("tileset"):
        _read_tileset(path, ts, problems, tiles, tilesets)
    layers: list = []
    _read_layers(root, problems, layers, "")
    return TmxDoc(path, attrs, properties, tiles, tilesets, layers)


def _parse_xml(path: Path, problems: Problems, root_tag: str) -> ET.Element:
    """The root element of an XML file, or a fatal problem saying why it is unreadable.

    Read with the careful reader (a regular file of bounded size: a FIFO answers at once), and
    refused outright when it declares a DTD or entities, which a Tiled file never does."""
    from game.core.reading import FileProblem, read_bytes
    kind = "map" if root_tag == "map" else "tileset"
    try:
        data = read_bytes(path, f"{kind} file", MAX_XML_BYTES)
    except FileProblem as exc:
        raise problems.fatal(exc.reason if Path(path).exists() else "the file does not exist") from None
    try:
        _refuse_declarations(data)
        root = ET.fromstring(data)
    except _Declared as exc:
        raise problems.fatal(f"it declares {exc}, which a Tiled {kind} never does; it is not read") from None
    except (ET.ParseError, expat.ExpatError) as exc:
        line = exc.position[0] if getattr(exc, "position", None) else getattr(exc, "lineno", "?")
        raise problems.fatal(f"not readable as a Tiled {kind} (XML broken near line {line})") from None
    if root.tag != root_tag:
        raise problems.fatal(f"not a Tiled {'map' if root_tag == 'map' else 'tileset'} "
                             f"(its top element is <{root.tag}>, expected <{root_tag}>)")
    return root


MAX_XML_BYTES = 32 * 1024 * 1024      # the largest shipped map is under 100 KB


class _Declared(Exception):
    """The XML declares a DTD or an entity."""


def _refuse_declarations(data: bytes) -> None:
    """Raise _Declared for a DOCTYPE or ENTITY declaration: no DTD is read, no entity expanded.

    A first pass with expat's declaration handlers (the same check defusedxml makes, without
    the dependency); it stops at the first declaration, before any entity could be expanded."""
    parser = expat.ParserCreate()

    def doctype(name, *_):
        raise _Declared(f"a document type (<!DOCTYPE {name}>)")

    def entity(name, *_):
        raise _Declared(f"an entity ({name})")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = lambda *_: (_ for _ in ()).throw(_Declared("an external entity"))
    parser.Parse(data, True)


def _int_attr(el, key, problems, layer, default=None):
    """An integer attribute, recording a problem when it is not a number."""
    raw = el.get(key)
    if raw is None:
        if default is None:
            problems.add(f"the <{el.tag}> element has no '{key}' attribute", layer)
            return 0
        return default
    try:
        return int(float(raw))
    except ValueError:
        problems.add(f"'{key}' is '{raw}', not a number", layer)
        return default or 0


def read_properties(el, problems: Problems, layer, obj_id=None, obj_name=None) -> dict:
    """The <properties> of an element as a dict of typed values (class-typed ones refused)."""
    out = {}
    props = el.find("properties")
    if props is None:
        return out
    for prop in props.findall("property"):
        name = prop.get("name", "")
        kind = prop.get("type", "string")
        raw = prop.get("value")
        if raw is None:
            raw = prop.text or ""
        if kind == "class":
            problems.add(f"property '{name}' is class-typed; use plain properties", layer,
                         obj_id, obj_name)
            continue
        try:
            out[name] = _typed(kind, raw)
        except ValueError:
            problems.add(f"property '{name}' is '{raw}', not a valid {kind}", layer, obj_id,
                         obj_name)
    return out


def _typed(kind: str, raw: str):
    """Convert one property value by its Tiled type."""
    if kind == "int" or kind == "object":
        return int(raw)
    if kind == "float":
        return float(raw)
    if kind == "bool":
        if raw not in ("true", "false"):
            raise ValueError(raw)
        return raw == "true"
    return raw      # string, color ("#aarrggbb"), file


def _read_tileset(map_path: Path, ts, problems: Problems, tiles: dict, tilesets: list) -> None:
    """Read one tileset (embedded or external .tsx) into the gid -> (type, props) table."""
    first = _int_attr(ts, "firstgid", problems, None, default=1)
    source = ts.get("source")
    where = f"tileset '{source or ts.get('name', '?')}'"
    if source:
        tsx_path = (map_path.parent / source)
        if not tsx_path.is_file():
            problems.add(f"missing tileset: '{source}' does not exist next to the map")
            tilesets.append((first, source, -1))
            return
        sub = Problems(tsx_path)
        try:
            ts = _parse_xml(tsx_path, sub, "tileset")
        except Exception:   # noqa: BLE001 — reported below as one plain line
            problems.add(f"{where}: {sub.found[0].what}")
            tilesets.append((first, source, -1))
            return
    count = _int_attr(ts, "tilecount", problems, None, default=0)
    if count == 0:
        count = max([int(t.get("id", 0)) + 1 for t in ts.findall("tile")] or [0])
    tilesets.append((first, source or ts.get("name", ""), count))
    for tile in ts.findall("tile"):
        tid = int(tile.get("id", 0))
        props = read_properties(tile, problems, where)
        kind = tile.get("type") or tile.get("class") or ""
        tiles[first + tid] = (kind, props)


def _read_layers(parent, problems: Problems, out: list, prefix: str) -> None:
    """Read tile and object layers in drawing order, flattening groups."""
    for el in parent:
        if el.tag == "layer":
            out.append(_read_tile_layer(el, problems))
        elif el.tag == "objectgroup":
            name = el.get("name", "")
            objs = [_read_object(o, problems, name) for o in el.findall("object")]
            out.append(ObjectLayer(name, [o for o in objs if o is not None],
                                   read_properties(el, problems, name)))
        elif el.tag == "group":
            _read_layers(el, problems, out, prefix)


def _read_tile_layer(el, problems: Problems) -> TileLayer:
    """Decode one tile layer's data (csv, or base64 with zlib/gzip) into gids."""
    name = el.get("name", "")
    width = _int_attr(el, "width", problems, name, default=0)
    height = _int_attr(el, "height", problems, name, default=0)
    data = el.find("data")
    gids: list = []
    if data is None or data.find("chunk") is not None:
        problems.add("the layer has no tile data (infinite-map chunks are not supported)", name)
    else:
        gids = _decode(data, problems, name)
    if gids and len(gids) != width * height:
        problems.add(f"the layer holds {len(gids)} tiles, expected {width} x {height}", name)
        gids = []
    return TileLayer(name, width, height, [g & GID_MASK for g in gids],
                     read_properties(el, problems, name))


def _decode(data, problems: Problems, layer: str) -> list:
    """Tile gids from a <data> element."""
    encoding = data.get("encoding")
    compression = data.get("compression")
    text = (data.text or "").strip()
    try:
        if encoding == "csv":
            return [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
        if encoding == "base64":
            raw = base64.b64decode(text)
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
            elif compression:
                problems.add(f"tile data compression '{compression}' is not supported; "
                             "save with CSV", layer)
                return []
            return list(struct.unpack(f"<{len(raw) // 4}I", raw[: len(raw) // 4 * 4]))
        if encoding is None:
            return [int(t.get("gid", 0)) for t in data.findall("tile")]
    except (ValueError, zlib.error, OSError, struct.error):
        problems.add("the tile data is damaged and cannot be decoded", layer)
        return []
    problems.add(f"tile data encoding '{encoding}' is not supported; save with CSV", layer)
    return []


def _read_object(o, problems: Problems, layer: str) -> TmxObject | None:
    """One object with absolute points; rotation is applied about the object's origin."""
    oid = int(o.get("id", 0))
    name = o.get("name", "")
    if o.get("template"):
        problems.add("templates are not supported; detach the object from its template",
                     layer, oid, name)
        return None
    x, y = float(o.get("x", 0)), float(o.get("y", 0))
    w, h = float(o.get("width", 0)), float(o.get("height", 0))
    kind = o.get("type") or o.get("class") or ""
    props = read_properties(o, problems, layer, oid, name)
    shape, rel = "rect", [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    for tag in ("polygon", "polyline"):
        el = o.find(tag)
        if el is not None:
            shape = tag
            try:
                rel = [tuple(float(c) for c in p.split(",")) for p in el.get("points", "").split()]
            except ValueError:
                problems.add(f"the {tag}'s points cannot be read", layer, oid, name)
                rel = []
    if o.find("point") is not None:
        shape, rel = "point", [(0.0, 0.0)]
    elif o.find("ellipse") is not None:
        shape = "ellipse"
    elif o.find("text") is not None:
        shape = "text"
    elif o.get("gid"):
        shape = "tile"
        rel = [(0.0, -h), (w, -h), (w, 0.0), (0.0, 0.0)]   # tile objects hang from bottom-left
    angle = math.radians(float(o.get("rotation", 0) or 0))
    cos, sin = math.cos(angle), math.sin(angle)
    pts = [(x + px * cos - py * sin, y + px * sin + py * cos) for px, py in rel]
    return TmxObject(oid, name, kind, shape, x, y, w, h, pts, props)
