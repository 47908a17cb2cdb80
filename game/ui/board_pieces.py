"""The pieces on a board view: stacks of counters, fanned stacks, cube clusters and slides (a mixin of BoardView)."""
from __future__ import annotations

import math

import pygame

# where a place's cubes may go, in cube sizes from their spot, when that spot hides a name
CUBE_NUDGES = ((0, 0), (0.8, 0), (-0.8, 0), (0, 0.5), (1.2, 0.3), (-1.2, 0.3), (0, -0.4), (1.6, 0), (-1.6, 0),
               (0, 0.9), (2.2, 0), (-2.2, 0))
CUBES_SHOWN = 5            # as many cubes as the eye counts at a glance; more get a count badge
CUBE_SPOTS = [(-0.5, 0.15), (0.5, 0.15), (0.0, -0.35), (-0.5, -0.55), (0.5, -0.55)]
WARM_COUNTERS = 8          # counters drawn ahead a step while a loaded table is prepared


class BlitList:
    """Stands in for the screen while pieces are drawn: keeps the blits to replay in one call."""

    def __init__(self):
        self.items: list = []

    def blit(self, source, dest, area=None):
        """Note one blit."""
        self.items.append((source, dest) if area is None else (source, dest, area))


def along(points: list, t: float) -> tuple:
    """The point a fraction t of the way along a line through points (by length)."""
    if len(points) == 2:
        (ax, ay), (bx, by) = points
        return ax + (bx - ax) * t, ay + (by - ay) * t
    legs = [math.dist(a, b) for a, b in zip(points, points[1:])]
    left = t * sum(legs)
    for (a, b), leg in zip(zip(points, points[1:]), legs):
        if left <= leg and leg > 0:
            f = left / leg
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        left -= leg
    return points[-1]


def unit_count(piece: dict) -> int:
    """How many units one piece stands for (the view's ``count``; 1 when it has none)."""
    try:
        return max(1, int(piece.get("count", 1)))
    except (TypeError, ValueError):
        return 1


class PieceLayer:
    """Draws the view's pieces where their places anchor them, recorded once as a list of blits."""

    def warm(self) -> None:
        """Record the pieces' blits (their counters drawn) before the first frame needs them."""
        self._piece_blits(frozenset())

    def warm_pieces(self):
        """Draw the counters' pictures ahead a few a step (a hundred counters take a while), then
        record the pieces' blits (warm)."""
        size = self._counter_px()
        for n, piece in enumerate((p for p in self.pieces if p.get("style") != "cube"), 1):
            self.sprites.counter(piece, size)
            if n % WARM_COUNTERS == 0:
                yield
        self.warm()

    def _piece_blits(self, hidden) -> list:
        """The blits that draw every piece (no fanned stack), recorded once per position and camera."""
        cam = self.camera
        key = (self._pieces_version, hidden, cam.x, cam.y, cam.zoom, tuple(cam.viewport))
        if self._pieces_blits[0] != key:
            recorder = BlitList()
            self._draw_pieces(recorder, hidden)
            self._pieces_blits = (key, recorder.items)
        return self._pieces_blits[1]

    def _draw_slides(self, surface, now_ms: int) -> None:
        """Each sliding piece between its two places, eased in and out."""
        if not self._slides:
            return
        t = min(1.0, (now_ms - self._slide_at[0]) / self._slide_at[1])
        t = t * t * (3 - 2 * t)
        for piece, points, n in self._slides:
            x, y = self.camera.to_screen(*along(points, t))
            y += self.piece_drop()
            if piece.get("style") == "cube":
                self._draw_cube_cluster(surface, piece.get("side", ""), n, x, y,
                                        int(max(12, min(40, 21 * self.camera.zoom))))
            else:
                self._draw_stack(surface, [piece], x, y)

    def _draw_pieces(self, surface, hidden=()) -> None:
        fanned = None
        for place, group in self._groups.items():
            anchor = self.piece_anchor(place)
            if anchor is None:
                continue
            if hidden:
                group = [p for p in group if p.get("id") not in hidden]
            x, y = self.camera.to_screen(*anchor)
            y += self.piece_drop()
            cubes = [p for p in group if p.get("style") == "cube"]
            counters = [p for p in group if p.get("style") != "cube"]
            if cubes:
                sides = len({p.get("side") for p in cubes})
                below = y + (self._counter_px() * 0.7 if counters else 0)
                cx, cy = self._cubes_in_view(x, below, y - self.piece_drop(), sides)
                self._draw_cubes(surface, cubes, *self._cubes_clear_of_names(place, cubes, cx, cy, cy != below))
            if counters:
                if place == self.hover and len(counters) > 1:
                    fanned = (counters, x, y)
                else:
                    self._draw_stacks(surface, counters, x, y)
        if fanned:
            self._draw_fan(surface, *fanned)

    def _cubes_in_view(self, x: float, y: float, anchor_y: float, sides: int) -> tuple:
        """Cubes that would fall below the viewport under a mark at its foot go up beside the mark,
        so every one shows (issue 10: Idumea's stack was cut off at 1280x720)."""
        vp = self.camera.viewport
        size = self._cube_px()
        over = y + 0.65 * size + 2 - vp.bottom
        if over <= 0 or not vp.top <= anchor_y <= vp.bottom:
            return x, y
        return x + 1.3 * size * sides, y - over       # every side's cluster right of the mark

    def _cubes_clear_of_names(self, place, cubes: list, x: float, y: float, lifted: bool) -> tuple:
        """The cubes' spot, moved a little aside when it would hide a printed name (Beth Zur's
        cubes sat on "Hebron", issue 10); where none is clear, it stays. Names and cubes keep their
        places on the map as it pans, so the move is found once per place, stack and zoom."""
        size = self._cube_px()
        counts = tuple(sorted((p.get("side", ""), unit_count(p)) for p in cubes))
        key = (place, counts, self.camera.zoom, lifted)
        kept = self.__dict__.setdefault("_cube_nudges", {})
        nudge = kept.get(key)
        if nudge is None:
            if self.camera.gliding():      # names are not read while the camera glides
                return x, y
            nudge = next((n for n in CUBE_NUDGES if self._cubes_clear(cubes, x + n[0] * size, y + n[1] * size)),
                         (0, 0))
            if len(kept) > 2000:
                kept.clear()
            kept[key] = nudge
        return x + nudge[0] * size, y + nudge[1] * size

    def _cubes_clear(self, cubes: list, x: float, y: float) -> bool:
        drawn = BlitList()
        self._draw_cubes(drawn, cubes, x, y)
        return not any(self.covers_name(pygame.Rect(item[1], item[0].get_size()).inflate(-4, -4))
                       for item in drawn.items)

    def _cube_px(self) -> int:
        return int(max(15, min(40, 21 * self.camera.zoom)))

    def _counter_px(self) -> int:
        return int(max(14, min(110, self.counter_size() * self.camera.zoom)))

    def _draw_stacks(self, surface, counters: list, x: float, y: float) -> None:
        """One stack per side, side by side, so opposing units in one place both show."""
        by_side: dict = {}
        for p in counters:
            by_side.setdefault(p.get("side", ""), []).append(p)
        gap = self._counter_px() * 1.15
        left = x - gap * (len(by_side) - 1) / 2
        for i, stack in enumerate(by_side.values()):
            self._draw_stack(surface, stack, left + i * gap, y)

    def _draw_stack(self, surface, stack: list, x: float, y: float) -> None:
        size = self._counter_px()
        step = max(2, round(size * 0.09))
        n = len(stack)
        spread = step * (n - 1)
        top_x = x - size / 2 - spread / 2
        top_y = y - size / 2 - spread / 2
        if n > 1 and self.covers_name(pygame.Rect(round(top_x), round(top_y), size + spread, size + spread)):
            top_y = y - size / 2        # a name just above (a Landing Pad's title): the stack grows down only
            if self.covers_name(pygame.Rect(round(top_x), round(top_y), size + spread, size + spread)):
                step = spread = 0       # no room below either (a small pad): one counter, the badge counts
                top_x = x - size / 2
        vp = self.camera.viewport
        if vp.top <= y <= vp.bottom:     # a stack at the map's foot (Landing Pad 4) stays in view, badge and all
            top_y = min(top_y, vp.bottom - size - spread - 1)
        for i, piece in enumerate(stack):
            k = n - 1 - i  # the first piece is at the bottom of the stack
            surface.blit(self.sprites.counter(piece, size), (round(top_x + k * step), round(top_y + k * step)))
        if n > 1:
            badge = self.sprites.badge(str(n), max(16, round(size * 0.38)))   # readable at 1280x720
            surface.blit(badge, self._badge_spot(badge.get_size(), top_x, top_y, size + spread).topleft)

    def _badge_spot(self, badge: tuple, left: float, top: float, span: float) -> pygame.Rect:
        """A stack's count badge: on its top-right corner, else its bottom-right corner, else beside
        it, wherever it hides no printed name (the title of a small Landing Pad, issue 10)."""
        bw, bh = badge
        middle = top + (span - bh) / 2
        spots = [(left + span - bw / 2, top - bh / 2), (left + span - bw / 2, top + span - bh / 2),
                 (left + span + 1, middle), (left + span + 1 + bw / 2, middle), (left - bw - 1, middle),
                 (left + span + 1 + bw, middle)]
        rects = [pygame.Rect(round(a), round(b), bw, bh) for a, b in spots]
        seen = [r for r in rects if self.camera.viewport.contains(r)] or rects
        return next((r for r in seen if not self.covers_name(r)), seen[0])

    def _draw_fan(self, surface, stack: list, x: float, y: float) -> None:
        size = self._counter_px()
        gap = size + max(3, size // 10)
        left = x - gap * (len(stack) - 1) / 2 - size / 2
        back = pygame.Rect(round(left - 6), round(y - size / 2 - 6), round(gap * (len(stack) - 1) + size + 12), size + 12)
        pygame.draw.rect(surface, self.theme.TABLE, back, border_radius=6)
        for i, piece in enumerate(stack):
            surface.blit(self.sprites.counter(piece, size), (round(left + i * gap), round(y - size / 2)))

    def _draw_cubes(self, surface, cubes: list, x: float, y: float) -> None:
        """Every unit in a place: each side's cubes side by side (a piece may stand for several, its ``count``)."""
        by_side: dict = {}
        for p in cubes:
            by_side[p.get("side", "")] = by_side.get(p.get("side", ""), 0) + unit_count(p)
        size = self._cube_px()
        width = size * 2.6
        left = x - width * (len(by_side) - 1) / 2
        for i, (side, count) in enumerate(by_side.items()):
            self._draw_cube_cluster(surface, side, count, left + i * width, y, size)

    def _draw_cube_cluster(self, surface, side, count: int, cx: float, cy: float, size: int) -> None:
        """Up to CUBES_SHOWN cubes, one per unit; a bigger stack shows a few cubes and its count on a badge."""
        sprite = self.sprites.cube(side, size)
        shown = count if count <= CUBES_SHOWN else 3
        for dx, dy in CUBE_SPOTS[:shown]:
            surface.blit(sprite, (round(cx + dx * size * 0.9 - size / 2), round(cy + dy * size - size / 2)))
        if count > CUBES_SHOWN:
            badge = self.sprites.badge(str(count), max(14, int(size * 0.9)))
            surface.blit(badge, (round(cx + size * 0.55), round(cy - size * 0.2)))

    def units_at(self, place) -> dict:
        """Side -> how many units stand in ``place`` (a piece's ``count``, else 1 a piece)."""
        out: dict = {}
        for p in self._groups.get(place, ()):
            out[p.get("side", "")] = out.get(p.get("side", ""), 0) + unit_count(p)
        return out

    def units_text(self, place) -> str:
        """'3 Maccabean units, 1 Greek unit' for the hover text."""
        parts = []
        for side, n in self.units_at(place).items():
            name = self.side_names.get(side, str(side).replace("_", " ").title())
            adjective = name[:-1] if name.endswith("s") and not name.endswith("ss") else name
            parts.append(f"{n} {adjective} unit{'s' if n != 1 else ''}")
        return ", ".join(parts)
