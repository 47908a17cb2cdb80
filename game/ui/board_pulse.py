"""The legal targets on a board view: the quiet tint, the pulsing layer composed once per pulse step, the
selection, and the pulse-only frame that redraws just the targets' cells (a mixin of BoardView)."""
from __future__ import annotations

import math

import pygame

PULSE_STEPS = 6        # the pulse is drawn at this many levels, each composed once
LAYER_CELL = 48        # the pulsing targets' layer is blended cell by cell, skipping empty cells
STEADY = 0.8           # the pulse's level once settled (also when pulsing is off)


class TargetLayer:
    """Highlights drawn over the base map: composed once per pulse level, blended cell by cell."""

    def _under(self) -> pygame.Surface:
        """The viewport's map with the quiet targets' tint, kept until the camera or those targets change."""
        cam = self.camera
        key = (cam.x, cam.y, cam.zoom, tuple(cam.viewport), self.quiet)
        if self._under_layer[0] != key:
            vp = cam.viewport
            full = pygame.Surface((vp.right, vp.bottom))
            full.set_clip(vp)
            full.fill(self.theme.TABLE, vp)
            self._blit_base(full)
            if self.quiet:
                self._draw_quiet(full)
            # while the base is still being drawn, this picture is for one frame only
            # the viewport's part of it, not a copy (a copy of the whole viewport is a millisecond at 1080p)
            self._under_layer = (None if self.rendering() else key, full.subsurface(vp))
        return self._under_layer[1]

    def _pulse_step(self, now_ms: int) -> int:
        """The pulse now, as one of PULSE_STEPS levels (the settled level once it holds still)."""
        pulse = self.pulse_level(now_ms)
        if pulse is None:
            pulse = STEADY
            self._settled_drawn = True
        return round(pulse * (PULSE_STEPS - 1))

    def _lit(self, step: int) -> pygame.Surface:
        """The viewport's map with its quiet tint and the pulsing targets at pulse ``step``, kept per step."""
        layer, cells = self._target_layer(min(1.0, self.camera.zoom * 1.6))
        under = self._under()
        key = (self._under_layer[0], self._targets_layer[0])
        if self._lit_steps[0] != key or key[0] is None:     # (no key: the base is still being drawn)
            self._lit_steps = (key, {})
        steps = self._lit_steps[1]
        if step not in steps:
            lit = under.copy()
            if layer is not None:
                layer.set_alpha(round(110 + 145 * step / (PULSE_STEPS - 1)))
                vp = self.camera.viewport
                lit.blits([(layer, (x - vp.x, y - vp.y), area) for (x, y), area in cells], doreturn=False)
                self._names_over_targets(lit, [pygame.Rect((x - vp.x, y - vp.y), area.size) for (x, y), area in cells])
            steps[step] = lit
        return steps[step]

    def _names_over_targets(self, lit, lit_rects: list) -> None:
        """Names printed on the map that a target's highlight falls on, drawn again over it (the hex
        view does; here none). ``lit`` is the viewport's picture, ``lit_rects`` the lit cells in it."""

    def _draw_highlights(self, surface, now_ms: int) -> None:
        pulse = self.pulse_level(now_ms)
        if pulse is None:
            pulse = STEADY
            self._settled_drawn = True
        small = min(1.0, self.camera.zoom * 1.6)   # thinner outlines on a zoomed-out board
        if self.quiet:
            self._draw_quiet(surface)
        layer, cells = self._target_layer(small)
        if layer is not None:       # the pulse fades one cached layer in and out: no drawing per frame
            layer.set_alpha(round(110 + 145 * pulse))
            surface.blits([(layer, dest, area) for dest, area in cells], doreturn=False)
        self._draw_selection(surface, small)

    def _draw_selection(self, surface, small: float) -> None:
        t = self.theme
        for place in self.selected:
            self._draw_outline(surface, place, t.SELECT, max(2, round(4 * small)), edge=t.SELECT_EDGE)
        for place, text in self.labels.items():
            if place not in self.path:
                self._draw_tag(surface, place, text, t.SELECT_EDGE, t.TARGET)

    def draw_pulse(self, surface: pygame.Surface, now_ms: int, draw_over=None) -> list | None:
        """Redraw only the pulsing targets' cells (the map between them is as the last frame left it).

        Returns the screen rects changed, or None when more than the pulse moves (the caller then
        draws everything). ``draw_over(surface)`` draws what the caller puts over the map."""
        # a pan glide (a hint or a move brought into view) advances only in a whole frame's draw
        if self.camera.gliding() or self.camera.panning() or self.sliding(now_ms) or self.rendering() \
                or not self._pulse_ready():
            return None
        step = self._pulse_step(now_ms)
        layer, cells = self._targets_layer[1:]
        if layer is None:
            return []
        if self._pulse_layers is None:
            self._pulse_layers = self._build_over(surface, draw_over)
        if step == self._pulse_layers[1]:
            return []                           # the pulse has not moved a step since the last frame
        over = self._pulse_layers[0]
        self._pulse_layers = (over, step)
        lit, vp = self._lit(step), self.camera.viewport
        rects = [pygame.Rect(dest, area.size) for dest, area in cells]
        surface.blits([(lit, r, r.move(-vp.x, -vp.y)) for r in rects], doreturn=False)
        surface.blits([(over, r, r) for r in rects], doreturn=False)
        return rects

    def _pulse_ready(self) -> bool:
        """True when the cached target layer is the one the last full frame drew."""
        cam = self.camera
        small = min(1.0, cam.zoom * 1.6)
        places = self.targets - self.quiet if self.quiet else self.targets
        return self._targets_layer[0] == (places, cam.x, cam.y, cam.zoom, tuple(cam.viewport), small)

    def _build_over(self, surface, draw_over) -> tuple:
        """(everything over the targets, drawn once on a clear layer; no pulse step shown yet)."""
        size, vp = surface.get_size(), self.camera.viewport
        over = pygame.Surface(size, pygame.SRCALPHA)
        over.fill((0, 0, 0, 0))
        over.set_clip(vp)
        self._draw_selection(over, min(1.0, self.camera.zoom * 1.6))
        self._draw_pieces(over)
        self._draw_slides(over, 0)
        self._draw_path(over)
        self._draw_hover(over)
        over.set_clip(None)
        if draw_over is not None:
            draw_over(over)
        return over, None

    def _target_layer(self, small: float) -> tuple:
        """(layer, [(screen pos, layer area)]) with every pulsing target's tint and outline, drawn once per
        camera; the areas are the layer's cells that hold anything, so a frame blends no empty pixels."""
        cam, t = self.camera, self.theme
        places = self.targets - self.quiet if self.quiet else self.targets
        key = (places, cam.x, cam.y, cam.zoom, tuple(cam.viewport), small)
        if self._targets_layer[0] == key:
            return self._targets_layer[1:]
        polys = self._visible_polys(places)
        layer = box = None
        if polys:
            width = max(1, round(3 * small))
            pad = width + 3
            xs = [x for poly in polys for x, _ in poly]
            ys = [y for poly in polys for _, y in poly]
            box = pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                              math.ceil(max(xs) - min(xs)) + 2 * pad, math.ceil(max(ys) - min(ys)) + 2 * pad)
            box = box.clip(cam.viewport)
        if box is not None and box.w > 0 and box.h > 0:
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            shifted = [[(x - box.x, y - box.y) for x, y in poly] for poly in polys]
            for poly in shifted:
                pygame.draw.polygon(layer, (*t.TARGET, 68), poly)
            for poly in shifted:
                self._draw_poly_outline(layer, poly, t.TARGET_GLOW, width, t.shade(t.TARGET, 0.35))
            used = set()
            for poly in shifted:
                x0, y0 = (max(0, int(min(c)) - pad) // LAYER_CELL for c in zip(*poly))
                x1, y1 = (int(max(c)) + pad for c in zip(*poly))
                used.update((i, j) for i in range(x0, x1 // LAYER_CELL + 1) for j in range(y0, y1 // LAYER_CELL + 1))
            cells = []
            for i, j in sorted(used):
                area = pygame.Rect(i * LAYER_CELL, j * LAYER_CELL, LAYER_CELL, LAYER_CELL).clip(layer.get_rect())
                if area.w > 0 and area.h > 0:
                    cells.append(((box.x + area.x, box.y + area.y), area))
            self._targets_layer = (key, layer, cells)
        else:
            self._targets_layer = (key, None, [])
        return self._targets_layer[1:]

    def _draw_quiet(self, surface) -> None:
        """One translucent layer over every quiet target, redrawn only when the camera moves."""
        cam = self.camera
        vp = cam.viewport
        key = (self.quiet, cam.x, cam.y, cam.zoom, tuple(vp))
        if self._quiet_layer[0] != key:
            layer = pygame.Surface(vp.size, pygame.SRCALPHA)
            self._tint(layer, self.quiet, (*self.theme.TARGET, 80))
            self._quiet_layer = (key, layer)
        surface.blit(self._quiet_layer[1], vp.topleft)

    def _tint(self, layer, places, rgba) -> None:
        """Fill each place's outline on ``layer`` (the viewport's size) with ``rgba``."""
        cam = self.camera
        vp, to = cam.viewport, cam.to_screen
        for place in places:
            pts = self.outline(place)
            if pts:
                pygame.draw.polygon(layer, rgba, [(x - vp.x, y - vp.y) for x, y in (to(px, py) for px, py in pts)])

    def _visible_polys(self, places) -> list:
        """Screen outlines of the places that show in the viewport (the rest cost nothing to draw)."""
        vp = self.camera.viewport
        polys = []
        for place in places:
            pts = self.outline(place)
            if not pts:
                continue
            poly = self._screen_poly(pts)
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            if max(xs) >= vp.left and min(xs) <= vp.right and max(ys) >= vp.top and min(ys) <= vp.bottom:
                polys.append(poly)
        return polys

    def _draw_poly_outline(self, surface, poly, colour, width: int, edge) -> None:
        pygame.draw.polygon(surface, edge, poly, width + (2 if width > 2 else 1))
        pygame.draw.polygon(surface, colour, poly, width)
        if width > 2:   # round the joins of thick outlines (thin ones need no caps)
            for p in poly:
                pygame.draw.circle(surface, colour, p, width / 2)
