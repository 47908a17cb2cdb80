"""The board camera: map <-> screen transform, pan, stepped smooth zoom that keeps the map on screen."""
from __future__ import annotations

import math

import pygame

ZOOM_LEVELS = (0.375, 0.5, 0.625, 0.75, 0.875, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5)
ZOOM_MS = 160          # length of the zoom glide
PAN_MS = 260           # length of a pan glide (the view following the computer's moves)
MAX_PIXELS = 26_000_000  # largest cached map surface (about 100 MB); caps the top zoom
MARGIN = 48            # how far past the map's edge the view may be panned, in screen pixels
SHOW_MARGIN = 40       # a place this near the viewport's edge is brought in too (show_points)


class Camera:
    """Which part of the map shows in the viewport, and at what zoom."""

    def __init__(self, map_size, viewport) -> None:
        self.map_w, self.map_h = max(1.0, float(map_size[0])), max(1.0, float(map_size[1]))
        self.levels = tuple(z for z in ZOOM_LEVELS
                            if self.map_w * self.map_h * z * z <= MAX_PIXELS) or (ZOOM_LEVELS[0],)
        self.viewport = pygame.Rect(viewport)
        self.level = self.levels.index(1.0) if 1.0 in self.levels else len(self.levels) - 1
        self.zoom = self.levels[self.level]
        self.x = 0.0   # map pixel at the viewport's top-left corner
        self.y = 0.0
        self._glide = None  # pending or running zoom glide
        self._pan = None    # pending or running pan glide: {"start", "from", "to"} (map pixels at top-left)
        self.fit()

    # -- transforms ---------------------------------------------------------------------
    def to_screen(self, mx: float, my: float) -> tuple:
        """Screen position of map pixel (mx, my)."""
        return (self.viewport.x + (mx - self.x) * self.zoom,
                self.viewport.y + (my - self.y) * self.zoom)

    def to_map(self, sx: float, sy: float) -> tuple:
        """Map pixel under screen position (sx, sy)."""
        return (self.x + (sx - self.viewport.x) / self.zoom,
                self.y + (sy - self.viewport.y) / self.zoom)

    def visible_map_rect(self) -> tuple:
        """(x, y, w, h) of the map region the viewport shows, in map pixels."""
        return (self.x, self.y, self.viewport.w / self.zoom, self.viewport.h / self.zoom)

    # -- moves --------------------------------------------------------------------------
    def fit(self) -> None:
        """Zoom so the whole map just fits the viewport (an extra level), centred."""
        exact = min(self.viewport.w / self.map_w, self.viewport.h / self.map_h)
        exact = math.floor(max(0.1, min(exact, max(self.levels))) * 1000) / 1000
        base = [z for z in self.levels if z in ZOOM_LEVELS and abs(z / exact - 1) > 0.08]
        self.levels = tuple(sorted(set(base) | {exact}))
        self.level = self.levels.index(exact)
        self.zoom = exact
        self._glide = None
        self.centre_on(self.map_w / 2, self.map_h / 2)

    def start_at(self, zoom: float, then: float | None = None) -> None:
        """Zoom to ``zoom`` exactly (an extra level beside the fit one), centred on the map; with
        ``then``, that zoom is the very next level in (one step from the start)."""
        exact = math.floor(max(0.1, min(zoom, max(self.levels))) * 1000) / 1000
        keep = [z for z in self.levels if abs(z / exact - 1) > 0.08]
        extra = {exact}
        if then is not None and then > exact:
            step = math.ceil(min(then, max(self.levels)) * 1000) / 1000
            keep = [z for z in keep if not exact < z < step and abs(z / step - 1) > 0.04]
            extra.add(step)
        self.levels = tuple(sorted(set(keep) | extra))
        self.level = self.levels.index(exact)
        self.zoom = exact
        self._glide = None
        self.centre_on(self.map_w / 2, self.map_h / 2)

    def centre_on(self, mx: float, my: float) -> None:
        """Put map pixel (mx, my) at the viewport's centre (as far as the edges allow)."""
        self._pan = None
        self.x = mx - self.viewport.w / 2 / self.zoom
        self.y = my - self.viewport.h / 2 / self.zoom
        self.clamp()

    def set_viewport(self, rect) -> None:
        """Move/resize the viewport, keeping the same map point at its centre."""
        self._settle_pan()
        cx, cy = self.to_map(*self.viewport.center)
        self.viewport = pygame.Rect(rect)
        self.centre_on(cx, cy)

    def glide_to(self, mx: float, my: float) -> bool:
        """Start a pan glide that brings map pixel (mx, my) to the viewport's centre as far as the
        map's own edges allow (never past them, as a hand may pan), at this zoom; False when the
        view is there already."""
        self.settle()                       # a zoom under way ends where it was going first
        to = (_within(mx - self.viewport.w / 2 / self.zoom, self.map_w, self.viewport.w / self.zoom),
              _within(my - self.viewport.h / 2 / self.zoom, self.map_h, self.viewport.h / self.zoom))
        if abs(to[0] - self.x) * self.zoom < 1 and abs(to[1] - self.y) * self.zoom < 1:
            return False
        self._pan = {"start": None, "from": (self.x, self.y), "to": to}
        return True

    def show_points(self, points: list) -> bool:
        """Glide so the map points show, when any lies outside the viewport (or within SHOW_MARGIN of
        its edge): to their middle when they fit in together, else to the last (where a move ends)."""
        margin = min(SHOW_MARGIN, self.viewport.w // 4, self.viewport.h // 4)
        inner = self.viewport.inflate(-2 * margin, -2 * margin)
        if not points or all(inner.collidepoint(self.to_screen(*p)) for p in points):
            return False
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if (max(xs) - min(xs)) * self.zoom <= inner.w and (max(ys) - min(ys)) * self.zoom <= inner.h:
            return self.glide_to((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        return self.glide_to(*points[-1])

    def snapshot(self) -> tuple:
        """The zoom and the map point at the viewport's centre: enough to show the same place again."""
        self.settle()
        return (self.zoom,) + tuple(self.to_map(*self.viewport.center))

    def restore(self, snap) -> None:
        """Show a snapshot again: its zoom (when this map and window have that level), centred on its point."""
        zoom, cx, cy = snap
        if zoom in self.levels:
            self.level, self.zoom = self.levels.index(zoom), zoom
        self.centre_on(cx, cy)

    def panning(self) -> bool:
        """True while a pan glide is pending or running."""
        return self._pan is not None

    def pan(self, dx: float, dy: float) -> bool:
        """Drag the map by (dx, dy) screen pixels; True when it moved."""
        self._pan = None                    # the player's hand wins over a glide
        old = (self.x, self.y)
        self.x -= dx / self.zoom
        self.y -= dy / self.zoom
        self.clamp()
        return (self.x, self.y) != old

    def clamp(self) -> None:
        """Keep the map on screen: centred when it fits, else no more than MARGIN past an edge."""
        self.x = self._clamp_axis(self.x, self.map_w, self.viewport.w)
        self.y = self._clamp_axis(self.y, self.map_h, self.viewport.h)

    def _clamp_axis(self, pos: float, size: float, view: float) -> float:
        span = view / self.zoom
        margin = MARGIN / self.zoom
        if size + 2 * margin <= span:
            return (size - span) / 2
        return min(max(pos, -margin), size + margin - span)

    def zoom_about(self, screen_pos, steps: int) -> bool:
        """Start a glide `steps` zoom levels in (+) or out (-) keeping screen_pos's map point still."""
        target = min(max(self.level + steps, 0), len(self.levels) - 1)
        if target == self.level:
            return False
        self._pan = None
        anchor_screen = tuple(screen_pos)
        self._glide = {"start": None, "from": self.zoom, "to": self.levels[target],
                       "screen": anchor_screen, "map": self.to_map(*anchor_screen)}
        self.level = target
        return True

    def update(self, now_ms: int) -> None:
        """Advance the zoom glide and the pan glide to time now_ms."""
        self._update_pan(now_ms)
        g = self._glide
        if g is None:
            return
        t = _eased(g, now_ms, ZOOM_MS)
        self.zoom = math.exp(math.log(g["from"]) + (math.log(g["to"]) - math.log(g["from"])) * t)
        if t >= 1.0:
            self.zoom = g["to"]
            self._glide = None
        (sx, sy), (mx, my) = g["screen"], g["map"]
        self.x = mx - (sx - self.viewport.x) / self.zoom
        self.y = my - (sy - self.viewport.y) / self.zoom
        self.clamp()

    def _update_pan(self, now_ms: int) -> None:
        p = self._pan
        if p is None:
            return
        e = _eased(p, now_ms, PAN_MS)
        (x0, y0), (x1, y1) = p["from"], p["to"]
        self.x, self.y = x0 + (x1 - x0) * e, y0 + (y1 - y0) * e
        if e >= 1.0:
            self._pan = None

    def gliding(self) -> bool:
        """True while a zoom glide is pending or running (a pan glide keeps the zoom: see panning)."""
        return self._glide is not None

    def settle(self) -> None:
        """Jump to the end of any zoom or pan glide (tests, screenshots)."""
        self._settle_pan()
        if self._glide is not None:
            if self._glide["start"] is None:
                self._glide["start"] = 0
            self.update(self._glide["start"] + ZOOM_MS)

    def _settle_pan(self) -> None:
        if self._pan is not None:
            self.x, self.y = self._pan["to"]
            self._pan = None


def _eased(glide: dict, now_ms: int, length_ms: int) -> float:
    """0..1 along a glide that starts at its first frame, eased out (1 at its end)."""
    if glide["start"] is None:
        glide["start"] = now_ms
    t = min(1.0, (now_ms - glide["start"]) / length_ms)
    return 1 - (1 - t) ** 3


def _within(pos: float, size: float, span: float) -> float:
    """A view's corner on one axis kept inside the map: centred when the map fits the span."""
    return (size - span) / 2 if size <= span else min(max(pos, 0.0), size - span)
