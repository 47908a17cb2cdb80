"""AreaBoardView: an area map drawn as a printed board (textures, region tints, roads, names)."""
from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pygame

from game.ui import theme as default_theme
from game.ui import map_names
from game.ui.board_view import BoardView

TINT_ALPHA = 78
FALLBACK_REGION_COLOURS = [(196, 120, 90), (110, 150, 190), (150, 170, 100), (190, 160, 80),
                           (160, 120, 170), (120, 170, 160)]


def load_texture(name: str) -> pygame.Surface | None:
    """A texture from assets/textures (None when missing)."""
    path = default_theme.asset("textures", f"{name}.png")
    return pygame.image.load(str(path)) if path.exists() else None


def tiled(texture: pygame.Surface, size, zoom: float, flags: int = 0, target=None) -> pygame.Surface:
    """A surface of `size` covered by `texture` scaled by zoom (or blit onto target with flags)."""
    tw = max(8, round(texture.get_width() * max(zoom, 0.5)))
    tex = pygame.transform.smoothscale(texture, (tw, tw))
    out = target if target is not None else pygame.Surface(size)
    for x in range(0, size[0], tw):
        for y in range(0, size[1], tw):
            out.blit(tex, (x, y), special_flags=flags)
    return out


def read_background(path) -> pygame.Surface | None:
    """The map's `background` layer (image layer or tile layer) drawn at 1x, or None."""
    if not path:
        return None
    try:
        import pytmx
        from pytmx.util_pygame import handle_transformation
    except ImportError:
        return None

    def loader(filename, colorkey, **kwargs):
        image = pygame.image.load(filename)

        def load(rect=None, flags=None):
            tile = image.subsurface(rect).copy() if rect else image.copy()
            return handle_transformation(tile, flags) if flags else tile
        return load
    try:
        tmx = pytmx.TiledMap(str(path), image_loader=loader)
        layer = tmx.get_layer_by_name("background")
    except Exception:   # noqa: BLE001 — no usable background layer: the view paints its own
        return None
    size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    if isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
        surf.blit(layer.image, (int(getattr(layer, "offsetx", 0) or 0),
                                int(getattr(layer, "offsety", 0) or 0)))
        return surf
    if isinstance(layer, pytmx.TiledTileLayer):
        for x, y, image in layer.tiles():
            surf.blit(image, (x * tmx.tilewidth, (y + 1) * tmx.tileheight - image.get_height()))
        return surf
    return None


def _image_background(path) -> bool:
    """True when the map's `background` layer is an image layer."""
    if not path:
        return False
    try:
        import xml.etree.ElementTree as ET
        root = ET.parse(str(path)).getroot()
    except Exception:   # noqa: BLE001 — unreadable: treated as no image
        return False
    return any(el.get("name") == "background" for el in root.iter("imagelayer"))


def read_background_2x(path) -> pygame.Surface | None:
    """A double-resolution copy of an image background ('name@2x.png' beside it), or None.

    Tiled draws an image layer at its own size, so a sharper picture for close zoom is
    found by name instead: judean_hammer_background.png -> judean_hammer_background@2x.png.
    """
    if not path:
        return None
    try:
        import xml.etree.ElementTree as ET
        root = ET.parse(str(path)).getroot()
        layer = next(el for el in root.iter("imagelayer") if el.get("name") == "background")
        source = Path(path).parent / layer.find("image").get("source")
        if layer.get("offsetx") or layer.get("offsety"):
            return None
    except Exception:   # noqa: BLE001 — no image background: nothing to sharpen
        return None
    big = source.with_name(source.stem + "@2x" + source.suffix)
    return pygame.image.load(str(big)) if big.is_file() else None


def dashed(surface, colour, a, b, width: int, dash: float, gap: float) -> None:
    """A dashed straight line from a to b."""
    length = math.dist(a, b)
    if length < 1e-6:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        pygame.draw.line(surface, colour, (a[0] + ux * pos, a[1] + uy * pos),
                         (a[0] + ux * end, a[1] + uy * end), width)
        pos = end + gap


def _flag(value) -> bool:
    """A Tiled bool property (True, or the text 'true')."""
    return value is True or str(value).lower() == "true"


def halo_text(surface, font, text: str, ink, halo, centre) -> pygame.Rect:
    """Text centred at `centre` with a light halo, as names are printed on maps."""
    img = font.render(text, True, ink)
    back = font.render(text, True, halo)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        surface.blit(back, r.move(dx, dy))
    surface.blit(img, r)
    return r


TEXTURES = ("land", "sea", "parchment", "desert", "wilderness", "hills", "wash")
_ART: dict = {}       # (map path, its mtime) -> MapArt: the last maps read, shared by their views


@dataclasses.dataclass(frozen=True)
class MapArt:
    """What an area map's view reads from disk: its background at 1x and 2x, the textures."""
    background: pygame.Surface | None
    background_2x: pygame.Surface | None
    painted: bool           # an image background: a painted board (names, roads, regions on it)
    textures: dict


def map_art(path) -> MapArt:
    """The map's pictures, read once per version of its file (a long save's replay reads them in its
    thread, so the table it opens never waits on the disk); the views only blit them."""
    try:
        key = (str(path), Path(path).stat().st_mtime_ns) if path else None
    except OSError:
        key = None
    art = _ART.get(key) if key else None
    if art is None:
        background = read_background(path)
        art = MapArt(background, read_background_2x(path) if background else None,
                     background is not None and _image_background(path),
                     {n: load_texture(n) for n in TEXTURES})
        if key:
            while len(_ART) >= 2:           # the map in play and one other: never a pile of old boards
                _ART.pop(next(iter(_ART)))
            _ART[key] = art
    return art


class AreaBoardView(BoardView):
    """The view of an AreaMap (Judean Hammer, Battle for Armageddon)."""

    def __init__(self, board, side_colours: dict, theme=None) -> None:
        super().__init__(board, side_colours, theme)
        art = map_art(getattr(board, "path", None))
        self.background, self.background_2x = art.background, art.background_2x
        # An image background is a painted board (names, roads, regions already on it); a tile
        # layer is bare land from texture tiles. The map property `view_overlays` overrides.
        self.overlays = bool(board.properties.get("view_overlays", not art.painted))
        self.textures = dict(art.textures)
        self.region_colours = self._region_colours()
        self._edges = self._edge_table()

    # -- geometry -------------------------------------------------------------------------
    def map_size(self) -> tuple:
        return (self.board.width, self.board.height)

    def place_at_map(self, mx, my):
        return self.board.area_at(mx, my)

    def centre(self, place):
        area = self.board.areas.get(place) if isinstance(place, str) else None
        return tuple(area.label) if area else None

    def outline(self, place):
        area = self.board.areas.get(place) if isinstance(place, str) else None
        return area.polygon if area else None

    def piece_drop(self) -> float:
        return max(17.0, 24 * self.camera.zoom)

    def counter_size(self) -> float:
        """A counter's edge in map pixels: the map's `counter_size` property (docs/maps.md), else 38."""
        try:
            return float(self.board.properties.get("counter_size", 38.0))
        except (TypeError, ValueError):
            return 38.0

    def tag_pos(self, place):
        """Right of the area's town mark (its name is above, its units below), so a tag hides neither."""
        pos = self.screen_pos(place)
        return None if pos is None else (pos[0] + max(34, round(52 * self.camera.zoom)), pos[1])

    def _names_layer(self, zoom: float) -> pygame.Surface:
        """The map's printed names (and town marks) alone, on a clear layer at ``zoom``."""
        w, h = self.map_size()
        layer = pygame.Surface((max(1, round(w * zoom)), max(1, round(h * zoom))), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        if self.overlays:
            self._draw_names(layer, zoom)
        elif _flag(self.board.properties.get("view_names")):
            map_names.draw_names(layer, self.board, self.region_colours, zoom, self.theme)
        return layer

    def _names_over(self, zoom: float) -> pygame.Surface:
        """The names drawn alone at ``zoom`` (kept for the last zoom asked)."""
        kept = getattr(self, "_names_kept", None)
        if kept is None or kept[0] != zoom:
            kept = self._names_kept = (zoom, self._names_layer(zoom))
        return kept[1]

    def under_names(self, layer, at=(0, 0)) -> None:
        """Cut the map's names out of ``layer`` (with alpha, its top-left ``at`` in the viewport): what
        is drawn on it then passes under the names (a march's arrows), so a line through a town never
        hides its name."""
        cam = self.camera
        if cam.gliding():
            return
        names = self._names_over(cam.zoom)
        ox, oy = round(cam.x * cam.zoom) + at[0], round(cam.y * cam.zoom) + at[1]
        src = pygame.Rect(ox, oy, *layer.get_size()).clip(names.get_rect())
        if src.w <= 0 or src.h <= 0:
            return
        cut = names.subsurface(src).copy()
        cut.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)     # the names' alpha alone
        layer.blit(cut, (src.x - ox, src.y - oy), special_flags=pygame.BLEND_RGBA_SUB)

    def covers_legend(self, rect) -> bool:
        """True when a screen rectangle would hide part of the legend painted on the map's picture
        (a ``legend`` rectangle in the map file's markers: its title, key and track)."""
        cam = self.camera
        for m in self.board.markers:
            if m.kind == "legend" and m.props.get("width") and m.props.get("height"):
                x, y = cam.to_screen(m.x, m.y)
                box = pygame.Rect(round(x), round(y), round(m.props["width"] * cam.zoom),
                                  round(m.props["height"] * cam.zoom))
                if box.colliderect(rect):
                    return True
        return False

    def covers_name(self, rect) -> bool:
        """True when a screen rectangle would hide a printed name: read from the names drawn alone
        at this zoom, pixel by pixel (a name's halo counts), so tags find the gaps between names."""
        cam = self.camera
        if cam.gliding():
            return False
        memo = getattr(self, "_names_mask", None)
        if memo is None or memo[0] != cam.zoom:
            memo = self._names_mask = (cam.zoom, pygame.mask.from_surface(self._names_over(cam.zoom), 4))
        rect = rect.inflate(2, 2)                  # a pixel's clearance round the tag
        x = rect.x - cam.viewport.x + round(cam.x * cam.zoom)
        y = rect.y - cam.viewport.y + round(cam.y * cam.zoom)
        return memo[1].overlap(pygame.mask.Mask(rect.size, fill=True), (x, y)) is not None

    def hover_text(self) -> str:
        area = self.board.areas.get(self.hover) if isinstance(self.hover, str) else None
        if area is None:
            return ""
        bits = [area.kind.replace("_", " ")] if area.kind else []
        if area.region:
            bits.append(area.region)
        units = self.units_text(area.name)
        if units:
            bits.append(units)
        return f"{area.name} — {', '.join(bits)}" if bits else area.name

    def _region_colours(self) -> dict:
        props = self.board.properties
        out = {}
        for i, region in enumerate(sorted({a.region for a in self.board.areas.values() if a.region})):
            value = props.get(f"region_colour_{region}")
            out[region] = (self.theme.parse_colour(value) if value
                           else FALLBACK_REGION_COLOURS[i % len(FALLBACK_REGION_COLOURS)])
        return out

    def _edge_table(self) -> dict:
        """Every polygon edge once: key -> (a, b, {areas}) so shared borders draw once."""
        edges: dict = {}
        for area in self.board.areas.values():
            poly = list(area.polygon)
            for a, b in zip(poly, poly[1:] + poly[:1]):
                key = frozenset(((round(a[0]), round(a[1])), (round(b[0]), round(b[1]))))
                edges.setdefault(key, [a, b, set()])[2].add(area.name)
        return edges

    # -- rendering ------------------------------------------------------------------------------
    def render_base(self, zoom: float) -> pygame.Surface:
        steps = self.warm_steps(zoom)
        surf = next(steps)
        for _ in steps:
            pass
        return surf

    def warm_steps(self, zoom: float):
        """The land first, then each layer over it a step at a time (drawn ahead, off screen, for a
        table opened from a long save; a zoom level in play is drawn whole, never shown half done)."""
        w, h = self.map_size()
        size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
        surf = self._land(size, zoom)
        yield surf
        if not self.overlays:
            # The painted board shows land, regions and roads; names come from the map's data
            # when it asks (`view_names`), so a rename in Tiled shows on the board (issue 10).
            if _flag(self.board.properties.get("view_names")):
                map_names.draw_names(surf, self.board, self.region_colours, zoom, self.theme)
            return
        for layer in (self._tint_regions, self._draw_edges, self._draw_borders, self._draw_links,
                      self._draw_markers, self._draw_names):
            layer(surf, zoom)
            yield surf

    def _scaled(self, pts, zoom):
        return [(x * zoom, y * zoom) for x, y in pts]

    def _land(self, size, zoom: float) -> pygame.Surface:
        """The painted land: the map's own background layer, or textures by area terrain."""
        if self.background is not None:
            surf = pygame.Surface(size)
            surf.fill(self.theme.TABLE)
            bw, bh = self.background.get_size()
            source = self.background_2x if zoom > 1 and self.background_2x is not None else self.background
            img = pygame.transform.smoothscale(source, (max(1, round(bw * zoom)), max(1, round(bh * zoom))))
            surf.blit(img, (0, 0))
            return surf
        sea = self.textures.get("sea")
        surf = tiled(sea, size, zoom) if sea else pygame.Surface(size)
        if not sea:
            surf.fill((156, 188, 204))
        fills: dict = {}
        for area in self.board.areas.values():
            name = self.theme.TEXTURE_FOR.get(area.terrain) or self.theme.TEXTURE_FOR.get(area.kind) or "land"
            fills.setdefault(name, []).append(area)
        for name, areas in fills.items():
            self._fill_polygons(surf, areas, self.textures.get(name), zoom)
        return surf

    def _fill_polygons(self, surf, areas, texture, zoom: float) -> None:
        """Fill the areas' polygons with a texture through one alpha mask."""
        mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        for area in areas:
            pygame.draw.polygon(mask, (255, 255, 255, 255), self._scaled(area.polygon, zoom))
        if texture is None:
            mask.fill((224, 222, 186, 0), special_flags=pygame.BLEND_RGBA_MIN)
        else:
            tiled(texture, surf.get_size(), zoom, pygame.BLEND_RGB_MULT, target=mask)
        surf.blit(mask, (0, 0))

    def _tint_regions(self, surf, zoom: float) -> None:
        """A light wash of each region's colour, mottled like hand colouring."""
        if not self.region_colours:
            return
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        for area in self.board.areas.values():
            colour = self.region_colours.get(area.region)
            if colour:
                pygame.draw.polygon(layer, (*colour, TINT_ALPHA), self._scaled(area.polygon, zoom))
        wash = self.textures.get("wash")
        if wash is not None:
            tiled(wash, surf.get_size(), zoom, pygame.BLEND_RGB_MULT, target=layer)
        surf.blit(layer, (0, 0))

    def _draw_edges(self, surf, zoom: float) -> None:
        """Coasts solid, frontiers between regions solid and darker, other borders dashed."""
        t = self.theme
        regions = {n: a.region for n, a in self.board.areas.items()}
        width = max(1, round(1.4 * zoom))
        for a, b, names in self._edges.values():
            pa, pb = (a[0] * zoom, a[1] * zoom), (b[0] * zoom, b[1] * zoom)
            if len(names) == 1:
                pygame.draw.line(surf, t.shade(t.BORDER, 0.8), pa, pb, width + 1)
            elif len({regions[n] for n in names}) > 1:
                pygame.draw.line(surf, t.shade(t.BORDER, 0.7), pa, pb, width + 1)
            else:
                dashed(surf, t.BORDER, pa, pb, width, 6 * zoom, 4 * zoom)

    def _draw_borders(self, surf, zoom: float) -> None:
        for border in self.board.borders:
            style = self.theme.LINK_STYLE.get(border.kind, self.theme.LINK_STYLE["river"])
            pts = self._scaled(border.points, zoom)
            if len(pts) >= 2:
                pygame.draw.lines(surf, style["colour"], False, pts, max(2, round(style["width"] * zoom)))

    def _draw_links(self, surf, zoom: float) -> None:
        t = self.theme
        for link in self.board.links:
            style = t.LINK_STYLE.get(link.kind, t.LINK_DEFAULT)
            pts = self._scaled(link.points, zoom)
            if len(pts) < 2:
                continue
            width = max(2, round(style["width"] * zoom))
            if style["dash"]:
                for a, b in zip(pts, pts[1:]):
                    dashed(surf, style["colour"], a, b, width, style["dash"] * zoom, style["dash"] * zoom * 0.7)
                continue
            if style["edge"]:
                pygame.draw.lines(surf, style["edge"], False, pts, width + 2)
                for p in pts:
                    pygame.draw.circle(surf, style["edge"], p, (width + 2) / 2)
            pygame.draw.lines(surf, style["colour"], False, pts, width)
            for p in pts:
                pygame.draw.circle(surf, style["colour"], p, width / 2)

    def _draw_markers(self, surf, zoom: float) -> None:
        t = self.theme
        size = max(10, round(18 * zoom))
        for m in self.board.markers:
            x, y = m.x * zoom, m.y * zoom
            if m.kind == "faction_icon":
                faction = str(m.props.get("faction", "?"))
                colour = t.side_colour(self.side_colours, faction)
                pygame.draw.circle(surf, t.shade(colour, 0.5), (x, y), size / 2 + 1)
                pygame.draw.circle(surf, colour, (x, y), size / 2)
                halo_text(surf, t.font(round(size * 0.6), bold=True), t.side_letter(faction),
                          t.ink_on(colour), colour, (x, y))
            elif m.kind == "vp_box":
                r = pygame.Rect(0, 0, size * 1.6, size * 1.6)
                r.center = (x, y)
                pygame.draw.rect(surf, t.HALO, r)
                pygame.draw.rect(surf, t.INK, r, max(1, round(zoom)))
                halo_text(surf, t.font(round(size * 0.7), bold=True), str(m.props.get("index", "")),
                          t.INK, t.HALO, r.center)
            elif m.kind == "label":
                text = str(m.props.get("text") or m.props.get("name") or "")
                if text:
                    halo_text(surf, t.font(max(8, round(15 * zoom)), serif=True), text,
                              t.INK_SOFT, t.HALO, (x, y))

    def _draw_names(self, surf, zoom: float) -> None:
        """Area names at their label points; cities get a town mark above the name."""
        t = self.theme
        for area in self.board.areas.values():
            x, y = area.label[0] * zoom, area.label[1] * zoom
            major = area.kind in ("city", "supply_centre", "capital", "fortress")
            font = t.font(max(8, round((13 if major else 12) * zoom)), bold=major, serif=True)
            if major:
                r = max(3, round(5 * zoom))
                mark_y = y - font.get_height() * 0.55 - r
                if area.kind == "supply_centre":
                    box = pygame.Rect(0, 0, 2 * r, 2 * r)
                    box.center = (x, mark_y)
                    pygame.draw.rect(surf, t.INK, box)
                    pygame.draw.rect(surf, t.HALO, box.inflate(-max(2, r), -max(2, r)))
                else:
                    pygame.draw.circle(surf, t.HALO, (x, mark_y), r + 1)
                    pygame.draw.circle(surf, t.INK, (x, mark_y), r)
                    pygame.draw.circle(surf, t.HALO, (x, mark_y), max(1, r // 2))
            halo_text(surf, font, area.name, t.INK, t.HALO, (x, y))
