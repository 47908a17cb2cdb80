"""HexBoardView: a hex map drawn from the terrain tileset, with roads, names, zones and grid."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pygame

from game.boards import geometry
from game.ui import theme as default_theme
from game.ui.area_view import dashed, halo_text
from game.ui.board_view import BoardView

PAPER = (232, 226, 204)   # the map's printed margin around the hexes
GRID_ALPHA = 70
STEP_HEXES = 100          # render_steps yields after this many tiles (twice as many grid lines)


def read_tileset(tsx_path) -> tuple:
    """(terrain -> tile id, feature -> tile id, columns, tile w, tile h) from the .tsx file."""
    root = ET.parse(str(tsx_path)).getroot()
    terrains, features = {}, {}
    for tile in root.findall("tile"):
        for prop in tile.iter("property"):
            table = terrains if prop.get("name") == "terrain" else features if prop.get("name") == "feature" else None
            if table is not None:
                table.setdefault(prop.get("value"), int(tile.get("id")))
    return (terrains, features, int(root.get("columns")), int(root.get("tilewidth")),
            int(root.get("tileheight")))


class TileArt:
    """The hex terrain tiles, cut from the 1x and 2x sheets and scaled once per size."""

    def __init__(self) -> None:
        tsx = default_theme.asset("tilesets", "hex_terrain.tsx")
        self.terrains, self.features, self.columns, self.tw, self.th = read_tileset(tsx)
        self.sheets = {1: pygame.image.load(str(tsx.with_suffix(".png")))}
        big = tsx.with_name("hex_terrain@2x.png")
        if big.exists():
            self.sheets[2] = pygame.image.load(str(big))
        self.mean = {name: self._mean(tid) for name, tid in self.terrains.items()}
        self._scaled: dict = {}

    def _cut(self, tid: int, scale: int) -> pygame.Surface:
        w, h = self.tw * scale, self.th * scale
        rect = pygame.Rect((tid % self.columns) * w, (tid // self.columns) * h, w, h)
        return self.sheets[scale].subsurface(rect)

    def _mean(self, tid: int) -> tuple:
        """The average colour of a tile's opaque pixels (filled under tiles, so no seam shows)."""
        tile = self._cut(tid, 1)
        return tuple(int(c) for c in pygame.transform.average_color(
            tile, pygame.Rect(self.tw // 4, self.th // 4, self.tw // 2, self.th // 2))[:3])

    def tile(self, tid: int, size: tuple, rotate: bool) -> pygame.Surface:
        """Tile `tid` scaled to `size` (rotated a quarter turn for pointy-top maps)."""
        key = (tid, size, rotate)
        if key not in self._scaled:
            scale = 2 if 2 in self.sheets and max(size) > max(self.tw, self.th) * 1.05 else 1
            img = self._cut(tid, scale)
            if rotate:
                img = pygame.transform.rotate(img, 90)
            self._scaled[key] = pygame.transform.smoothscale(img, size)
        return self._scaled[key]


_ART: list = []


def tile_art() -> TileArt:
    """The terrain tiles, read from disk once for the whole program (every hex view shares them)."""
    if not _ART:
        _ART.append(TileArt())
    return _ART[0]


class HexBoardView(BoardView):
    """The view of a HexGrid (Hack & Sack New Jersey, Hammer's Slammers)."""

    def __init__(self, board, side_colours: dict, theme=None) -> None:
        super().__init__(board, side_colours, theme)
        self.art = tile_art()
        self.rotate = getattr(getattr(board, "layout", None), "stagger_axis", "x") == "y"
        any_hex = next(iter(board.hexes), None)
        xs, ys = zip(*board.corners(any_hex)) if any_hex is not None else ((0, 64), (0, 56))
        self.hex_w, self.hex_h = max(xs) - min(xs), max(ys) - min(ys)
        self.boxes = [z for z in board.zones if z.kind == "offmap_box" and z.polygon]
        self.places_by_name = {p.name: p for p in board.places}
        self._centres: dict = {}      # place -> map-pixel centre (asked for every piece and tag each frame)
        self._stamp = (None, None)    # (zoom, a hex-shaped tint) for _tint

    # -- geometry -------------------------------------------------------------------------
    def map_size(self) -> tuple:
        return tuple(self.board.pixel_size)

    def place_at_map(self, mx, my):
        for box in self.boxes:
            if geometry.point_in_polygon(mx, my, box.polygon):
                return box.name
        return self.board.pixel_to_hex(mx, my)

    def _zone(self, name):
        return next((z for z in self.boxes if z.name == name), None)

    def centre(self, place):
        try:
            return self._centres[place]
        except KeyError:
            pass
        except TypeError:           # an unhashable place
            return self._centre(place)
        found = self._centres[place] = self._centre(place)
        return found

    def _centre(self, place):
        if isinstance(place, tuple):
            return self.board.hex_to_pixel(place) if place in self.board.hexes else None
        box = self._zone(place)
        if box is not None:
            xs, ys = zip(*box.polygon)
            return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        named = self.places_by_name.get(place)
        return self.board.hex_to_pixel(named.hex) if named else None

    def outline(self, place):
        if isinstance(place, tuple):
            return self.board.corners(place) if place in self.board.hexes else None
        box = self._zone(place)
        if box is not None:
            return list(box.polygon)
        named = self.places_by_name.get(place)
        return self.board.corners(named.hex) if named else None

    def counter_size(self) -> float:
        return min(self.hex_w, self.hex_h) * 0.78

    def piece_anchor(self, place):
        """Hexes: the centre. Off-map boxes: the middle of the room below the box's title, so a
        counter standing in a Landing Pad never covers the pad's name (issue 10)."""
        box = self._zone(place) if not isinstance(place, tuple) else None
        if box is None:
            return self.centre(place)
        xs, ys = zip(*box.polygon)
        zoom = max(0.05, self.camera.zoom)
        title = 2 * max(8, 12 * zoom) / zoom              # the title's band, as _draw_zones prints it
        top = min(min(ys) + title, max(ys))
        return ((min(xs) + max(xs)) / 2, (top + max(ys)) / 2)

    def _tint(self, layer, places, rgba) -> None:
        """Hexes are stamped with one hex-shaped tint in a single call (a Frigate's reach is the whole map)."""
        cam = self.camera
        z, vp = cam.zoom, cam.viewport
        any_hex = next(iter(self.board.hexes), None)
        if any_hex is None:
            return super()._tint(layer, places, rgba)
        xs, ys = zip(*self.board.corners(any_hex))
        left, top = min(xs), min(ys)
        if self._stamp[0] != (z, rgba):
            stamp = pygame.Surface((int(self.hex_w * z) + 2, int(self.hex_h * z) + 2), pygame.SRCALPHA)
            stamp.fill((0, 0, 0, 0))
            pygame.draw.polygon(stamp, rgba, [((x - left) * z, (y - top) * z) for x, y in zip(xs, ys)])
            self._stamp = ((z, rgba), stamp)
        stamp, hexes, rest = self._stamp[1], [], []
        for place in places:
            (hexes if isinstance(place, tuple) and place in self.board.hexes else rest).append(place)
        cx, cy = self.centre(any_hex)
        dx, dy = left - cx, top - cy          # from a hex's centre to its stamp's corner
        ox, oy = cam.x, cam.y
        layer.blits([(stamp, (round((c[0] + dx - ox) * z), round((c[1] + dy - oy) * z)), None, pygame.BLEND_RGBA_MAX)
                     for c in map(self.centre, hexes)], doreturn=False)
        super()._tint(layer, rest, rgba)

    def hover_text(self) -> str:
        h = self.hover
        if h is None:
            return ""
        if not isinstance(h, tuple):
            return str(h)
        bits = [self.board.label(h), self.board.terrain.get(h, "").replace("_", " ")]
        bits += sorted(f.replace("_", " ") for f in self.board.features.get(h, ()))
        if h in self.board.road_hexes:
            bits.append("road")
        bits += [p.name for p in self.board.places if p.hex == h]
        n = len(self._groups.get(h, ()))
        if n:
            bits.append(f"{n} unit{'s' if n > 1 else ''}")
        return " · ".join(b for b in bits if b)

    # -- rendering ------------------------------------------------------------------------------
    def render_base(self, zoom: float) -> pygame.Surface:
        steps = self.render_steps(zoom)
        surf = next(steps)
        for _ in steps:
            pass
        return surf

    def render_steps(self, zoom: float):
        """Yield the surface first, then render into it a slice at a time (the window stays live)."""
        w, h = self.map_size()
        surf = pygame.Surface((max(1, round(w * zoom)), max(1, round(h * zoom))))
        surf.fill(PAPER)
        yield surf
        yield from self._draw_tiles(surf, zoom)
        yield from self._draw_roads(surf, zoom)
        yield surf
        yield from self._draw_grid(surf, zoom)
        self._draw_zones(surf, zoom)
        yield surf
        self._draw_names(surf, zoom)
        if zoom >= 1.25:
            self._draw_hex_labels(surf, zoom)

    def _tile_rect(self, h, zoom: float) -> pygame.Rect:
        xs, ys = zip(*self.board.corners(h))
        left, top = round(min(xs) * zoom), round(min(ys) * zoom)
        return pygame.Rect(left, top, round(max(xs) * zoom) - left, round(max(ys) * zoom) - top)

    def _draw_tiles(self, surf, zoom: float) -> None:
        art, board = self.art, self.board
        clear = art.terrains.get("clear", 0)
        cells = [(h, t, False) for h, t in board.terrain.items()]
        cells += [(h, t, True) for h, t in getattr(board, "partial_terrain", {}).items()]
        for n, (h, terrain, partial) in enumerate(cells, 1):
            if n % STEP_HEXES == 0:
                yield surf
            rect = self._tile_rect(h, zoom)
            poly = [(x * zoom, y * zoom) for x, y in board.corners(h)]
            pygame.draw.polygon(surf, art.mean.get(terrain, art.mean.get("clear", PAPER)), poly)
            surf.blit(art.tile(art.terrains.get(terrain, clear), rect.size, self.rotate), rect)
            for feature in sorted(board.features.get(h, ())):
                if feature != terrain and feature in art.features:
                    surf.blit(art.tile(art.features[feature], rect.size, self.rotate), rect)
            if partial:  # edge half-hexes are printed but not playable: wash them out
                fade = pygame.Surface(rect.size, pygame.SRCALPHA)
                fade.fill((0, 0, 0, 0))
                pygame.draw.polygon(fade, (*PAPER, 150), [(x - rect.x, y - rect.y) for x, y in poly])
                surf.blit(fade, rect)

    def _draw_roads(self, surf, zoom: float):
        """Roads as printed maps draw them: through a hex they bend in a smooth curve from edge to edge
        (the centres of a road along a row of hexes zigzag; the curve through the edges' midpoints does
        not). Yields every STEP_HEXES curves: a map with many roads is drawn over several frames."""
        style = self.theme.LINK_STYLE["road"]
        width = max(2, round(style["width"] * zoom))
        curves = [[(x * zoom, y * zoom) for x, y in points] for points in road_curves(self.board)]
        n = 0
        for colour, w in ((style["edge"], width + 2), (style["colour"], width)):   # every edge, then every road
            for points in curves:
                n += 1
                if n % STEP_HEXES == 0:
                    yield surf
                pygame.draw.lines(surf, colour, False, points, w)
                for p in points:
                    pygame.draw.circle(surf, colour, p, w / 2)

    def _draw_grid(self, surf, zoom: float) -> None:
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        colour = (*self.theme.GRID, GRID_ALPHA)
        width = 1 if zoom < 1.5 else 2
        for n, h in enumerate(self.board.hexes, 1):
            pygame.draw.polygon(layer, colour, [(x * zoom, y * zoom) for x, y in self.board.corners(h)], width)
            if n % (2 * STEP_HEXES) == 0:
                yield surf
        surf.blit(layer, (0, 0))

    def _zone_edges(self, hexes) -> list:
        """Outer edges of a set of hexes (edges not shared by two hexes of the set)."""
        count: dict = {}
        for h in hexes:
            pts = self.board.corners(h)
            for a, b in zip(pts, pts[1:] + pts[:1]):
                key = frozenset(((round(a[0]), round(a[1])), (round(b[0]), round(b[1]))))
                count.setdefault(key, [a, b, 0])[2] += 1
        return [(a, b) for a, b, n in count.values() if n == 1]

    def _draw_zones(self, surf, zoom: float) -> None:
        t = self.theme
        for zone in self.board.zones:
            side = zone.props.get("side")
            colour = t.side_colour(self.side_colours, side) if side else t.INK_SOFT
            if zone.kind == "offmap_box" and zone.polygon:
                poly = [(x * zoom, y * zoom) for x, y in zone.polygon]
                pygame.draw.polygon(surf, t.HALO, poly)
                pygame.draw.polygon(surf, colour, poly, max(2, round(2 * zoom)))
                font, name, centre = self._box_title_spot(zone, zoom)
                halo_text(surf, font, name, t.INK, t.HALO, centre)
                continue
            for a, b in self._zone_edges(zone.hexes):
                dashed(surf, colour, (a[0] * zoom, a[1] * zoom), (b[0] * zoom, b[1] * zoom),
                       max(2, round(2.5 * zoom)), 7 * zoom, 4 * zoom)

    def _box_title(self, name: str, size: int, room: float) -> tuple:
        """An off-map box's name and text size inside ``room`` px: zoomed out, the text shrinks to 6 px,
        then leading words go ('Landing Pad 1' -> 'Pad 1')."""
        words = name.split(" ")
        for k in range(len(words)):
            short, s = " ".join(words[k:]), size
            while s > 6 and self.theme.font(s, bold=True, serif=True).size(short)[0] > room:
                s -= 1
            if self.theme.font(s, bold=True, serif=True).size(short)[0] <= room:
                return short, s
        return words[-1], 6

    def _place_name_spots(self, zoom: float) -> list:
        """(font, text, centre in base pixels) of every place's name at ``zoom``."""
        t, spots = self.theme, []
        for place in self.board.places:
            if place.hex not in self.board.hexes and place.hex not in getattr(self.board, "partial_terrain", {}):
                continue
            x, y = self.board.hex_to_pixel(place.hex)
            major = place.kind in ("city", "town", "capital")
            font = t.font(max(9 if major else 8, round((11 if major else 10) * zoom)), bold=major, serif=True)
            # just above the counter's top edge, so a unit standing in the place never hides its name;
            # zoomed out, counters keep a floor size larger than the hex (see _counter_px)
            counter_half = max(14, min(110, self.counter_size() * zoom)) / 2
            top = y * zoom - max(self.hex_h * 0.4 * zoom, counter_half + 2)
            spots.append((font, place.name, (x * zoom, top - font.get_height() / 2)))
        return spots

    def _box_title_spot(self, box, zoom: float) -> tuple:
        """(font, text, centre in base pixels) of an off-map box's title at ``zoom``."""
        xs, ys = zip(*[(x * zoom, y * zoom) for x, y in box.polygon])
        name, size = self._box_title(box.name, max(8, round(12 * zoom)), max(xs) - min(xs) - 4)
        return (self.theme.font(size, bold=True, serif=True), name,
                ((min(xs) + max(xs)) / 2, min(ys) + max(size, 12 * zoom)))

    def name_rects_at(self, zoom: float) -> list:
        """The rectangles of the printed names (place names, box titles) on the map drawn at ``zoom``."""
        memo = getattr(self, "_name_memo", None)
        if memo is None or memo[0] != zoom:
            rects = []
            spots = self._place_name_spots(zoom) + [self._box_title_spot(b, zoom) for b in self.boxes]
            for font, text, (cx, cy) in spots:
                w, h = font.size(text)          # halo_text centres the text there, with a 1-px halo
                rects.append(pygame.Rect(round(cx) - w // 2 - 2, round(cy) - h // 2 - 2, w + 4, h + 4))
            memo = self._name_memo = (zoom, rects)
        return memo[1]

    def name_rects(self) -> list:
        cam = self.camera
        dx, dy = cam.viewport.x - round(cam.x * cam.zoom), cam.viewport.y - round(cam.y * cam.zoom)
        shown = (r.move(dx, dy) for r in self.name_rects_at(cam.zoom))
        return [r for r in shown if r.colliderect(cam.viewport)]

    def _names_over_targets(self, lit, lit_rects: list) -> None:
        """The place names a target's highlight falls on, printed again over it, so that the place
        to take (Marrow) stays readable while a unit beside it moves; the rest are left as drawn."""
        cam, t = self.camera, self.theme
        dx, dy = -round(cam.x * cam.zoom), -round(cam.y * cam.zoom)
        spots = self._place_name_spots(cam.zoom)          # name_rects_at lists these first, in order
        for (font, text, (cx, cy)), rect in zip(spots, self.name_rects_at(cam.zoom)):
            if rect.move(dx, dy).collidelist(lit_rects) >= 0:
                halo_text(lit, font, text, t.INK, t.HALO, (cx + dx, cy + dy))

    def _draw_names(self, surf, zoom: float) -> None:
        t = self.theme
        for font, text, centre in self._place_name_spots(zoom):
            halo_text(surf, font, text, t.INK, t.HALO, centre)

    def _draw_hex_labels(self, surf, zoom: float) -> None:
        font = self.theme.font(max(7, round(6.5 * zoom)))
        named = {p.hex for p in self.board.places}   # the place name sits where the number would
        for h in self.board.hexes - named:
            x, y = self.board.hex_to_pixel(h)
            img = font.render(self.board.label(h), True, self.theme.INK_SOFT)
            surf.blit(img, img.get_rect(midtop=(x * zoom, (y - self.hex_h / 2) * zoom + 2)))


_CURVES: list = []        # [(board, its road curves)]: the boards last drawn, their roads worked out once


def road_curves(board) -> list:
    """Point lists in map pixels: for each road hex, a curve from each road edge to the next (or to its
    centre); worked out once a board (a long save's replay does it in its thread)."""
    for known, curves in _CURVES:
        if known is board:
            return curves
    centre = board.hex_to_pixel
    ways: dict = {}
    for link in board.road_links:
        if len(link) == 2:
            a, b = tuple(link)
            ways.setdefault(a, []).append(b)
            ways.setdefault(b, []).append(a)
    out = []
    for h, nbrs in ways.items():
        c = centre(h)
        mids = [((c[0] + centre(n)[0]) / 2, (c[1] + centre(n)[1]) / 2) for n in sorted(nbrs)]
        if len(mids) == 2:
            out.append(_curve(mids[0], c, mids[1], 1.0))
        else:                     # an end or a junction: each way to the centre
            out += [[c, m] for m in mids]
    _CURVES[:] = _CURVES[-1:] + [(board, out)]
    return out


def _curve(a, control, b, zoom: float, steps: int = 8) -> list:
    """A quadratic Bezier from a to b pulled toward ``control``, as screen points at ``zoom``."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(((u * u * a[0] + 2 * u * t * control[0] + t * t * b[0]) * zoom,
                    (u * u * a[1] + 2 * u * t * control[1] + t * t * b[1]) * zoom))
    return out
