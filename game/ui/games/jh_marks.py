"""Judean Hammer's marks over the map (region control, the VP track's markers, the moved groups'
arrows) and the enlarged card, each drawn once per view and camera and replayed as blits.

A frame after an input where nothing changed only blits what was drawn before (issue 9: the
busiest frame within three times a bare one); the pictures are made again when the view, the
camera or the card shown changes."""
from __future__ import annotations

import pygame

from game.ui import style
from game.ui.board_pieces import BlitList

from .jh_cards import FACTION_COLOURS, draw_card, faction_mark

REGION_PAPER = (246, 238, 216)    # the disc under a region's control mark
TRACK_PAPER = (252, 246, 230)     # covers the printed start marks of the VP track
NOBODY = (110, 100, 86)           # a region nobody controls: a ring and a dash
SPRITES_KEPT = 128                # a few sizes of a few marks; past this the oldest zoom's are dropped


class MapMarks:
    """The marks the adapter draws over the map, recorded once per view and camera."""

    def __init__(self, adapter):
        self.adapter = adapter
        self._view = None         # the view the blits were recorded for (compared by identity)
        self._key = None          # the camera they were recorded at
        self._blits: list = []
        self._sprites: dict = {}
        self._card = (None, None)   # ((card, w, h), its picture with its shadow)

    def draw(self, surface, board_view, view: dict) -> None:
        """Region control, the marches and the VP track over the map (JH-MAP-9, JH-AMB-6)."""
        cam = board_view.camera
        marches = self.adapter.marches(view)
        key = (cam.x, cam.y, cam.zoom, tuple(cam.viewport), cam.gliding(), marches)
        if self._view is not view or self._key != key:
            recorder = BlitList()
            self._record_regions(recorder, board_view, view)
            self._record_marches(recorder, board_view, marches)
            self._record_vp_track(recorder, board_view, view)
            self._view, self._key, self._blits = view, key, recorder.items
        surface.blits(self._blits, doreturn=False)

    def card_picture(self, card: dict, w: int, h: int) -> pygame.Surface:
        """The enlarged card with its shadow (4 px down and right), drawn once while it stays shown."""
        key = (card, w, h)
        kept = self._card[0]
        if kept is None or kept[0] is not card or kept[1:] != (w, h):
            picture = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
            picture.fill((0, 0, 0, 0))
            picture.fill((0, 0, 0, 90), pygame.Rect(4, 4, w + 8, h + 8))
            draw_card(picture, pygame.Rect(0, 0, w, h), card, detail=True)
            self._card = (key, picture)
        return self._card[1]

    # -- the sprites ------------------------------------------------------------------------
    def _sprite(self, key: tuple, r: int, paint) -> tuple:
        """(picture, half its size): a mark ``paint(surface, centre)`` drew once, kept by ``key``."""
        kept = self._sprites.get(key)
        if kept is None:
            half = r + 4
            picture = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
            picture.fill((0, 0, 0, 0))
            paint(picture, (half, half))
            if len(self._sprites) > SPRITES_KEPT:
                self._sprites.clear()
            kept = self._sprites[key] = (picture, half)
        return kept

    def _region_sprite(self, who, r: int) -> tuple:
        def paint(surface, centre):
            pygame.draw.circle(surface, REGION_PAPER, centre, r + 3)
            if who:
                faction_mark(surface, who, centre, r)
                return
            pygame.draw.circle(surface, NOBODY, centre, r, 2)
            dash = style.font_px(r * 1.3, bold=True).render("-", True, NOBODY)
            surface.blit(dash, dash.get_rect(center=centre))
        return self._sprite(("region", who, r), r, paint)

    def _faction_sprite(self, side: str, r: int) -> tuple:
        return self._sprite(("faction", side, r), r, lambda surface, centre: faction_mark(surface, side, centre, r))

    def _paper_sprite(self, r: int) -> tuple:
        return self._sprite(("paper", r), r, lambda surface, centre: pygame.draw.circle(surface, TRACK_PAPER,
                                                                                       centre, r + 1))

    @staticmethod
    def _at(recorder, kept: tuple, x: float, y: float) -> None:
        picture, half = kept
        recorder.blit(picture, (round(x) - half, round(y) - half))

    # -- what is recorded ---------------------------------------------------------------------
    def _record_regions(self, recorder, board_view, view: dict) -> None:
        """Who controls each region, under its printed name."""
        control = view.get("control") or {}
        r = max(8, round(13 * board_view.camera.zoom))
        for region, x, y in self.adapter.region_marks():
            sx, sy = board_view.camera.to_screen(x, y + 30)
            self._at(recorder, self._region_sprite(control.get(region), r), sx, sy)

    def _record_vp_track(self, recorder, board_view, view: dict) -> None:
        """Each side's marker in the map's VP track box of its score (the printed start marks are covered)."""
        markers = [m for m in getattr(board_view.board, "markers", []) if m.kind == "vp_box"]
        boxes = {m.props.get("index"): (m.x, m.y) for m in markers if "faction" not in m.props}
        if not boxes:
            return
        cam, scores = board_view.camera, view.get("scores") or {}
        r = max(5, round(10 * cam.zoom))
        starts = [m for m in markers if "faction" in m.props and m.props.get("index") in boxes]
        for m in starts:
            self._at(recorder, self._paper_sprite(r), *cam.to_screen(m.x, m.y))
        for m in starts:
            side = m.props["faction"]
            score = min(max(int(scores.get(side, 0)), 0), max(boxes))
            bx, by = boxes[0]
            dx, dy = m.x - bx, m.y - by                      # where in its box this side's marker sits
            if score in boxes:
                self._at(recorder, self._faction_sprite(side, r), *cam.to_screen(boxes[score][0] + dx,
                                                                                  boxes[score][1] + dy))

    def _record_marches(self, recorder, board_view, marches: list) -> None:
        """Each moved group's road path as an arrow in its side's colour, with its unit count; the
        arrows pass under the names printed on the map (issue 10), the counts over everything."""
        lines = []
        for side, path, n in marches:
            pts = [board_view.screen_pos(a) for a in path]
            pts = [(round(p[0]), round(p[1])) for p in pts if p is not None]
            if len(pts) >= 2:
                lines.append((FACTION_COLOURS.get(side, (200, 200, 200)), pts, n))
        if not lines:
            return
        vp = board_view.camera.viewport
        pad = 16                                   # the white edge and the arrow head round the points
        xs = [x for _, pts, _ in lines for x, _ in pts]
        ys = [y for _, pts, _ in lines for _, y in pts]
        box = pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                          max(ys) - min(ys) + 2 * pad).clip(vp)
        if box.w <= 0 or box.h <= 0:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        for colour, pts, _ in lines:
            self._arrow(layer, colour, [(x - box.x, y - box.y) for x, y in pts])
        if hasattr(board_view, "under_names"):
            board_view.under_names(layer, (box.x - vp.x, box.y - vp.y))
        recorder.blit(layer, box.topleft)
        for colour, pts, n in lines:
            i = (len(pts) - 2) // 2
            mid = ((pts[i][0] + pts[i + 1][0]) // 2, (pts[i][1] + pts[i + 1][1]) // 2)
            badge = self._badge(colour, n)
            recorder.blit(badge, badge.get_rect(center=mid))

    @staticmethod
    def _arrow(layer, colour, pts: list) -> None:
        pygame.draw.lines(layer, (250, 246, 232), False, pts, 7)
        pygame.draw.lines(layer, colour, False, pts, 3)
        end, before = pygame.math.Vector2(pts[-1]), pygame.math.Vector2(pts[-2])
        if end != before:
            d = (end - before).normalize() * 14
            left, right = d.rotate(150), d.rotate(-150)
            pygame.draw.polygon(layer, colour, [end, end + left, end + right])

    def _badge(self, colour, n: int) -> pygame.Surface:
        """A march's unit count on a rounded tag of its side's colour."""
        key = ("badge", tuple(colour), n)
        kept = self._sprites.get(key)
        if kept is None:
            text = style.font_px(13, bold=True).render(str(n), True, (255, 255, 255))
            box = text.get_rect().inflate(8, 2)
            kept = pygame.Surface(box.size, pygame.SRCALPHA)
            kept.fill((0, 0, 0, 0))
            pygame.draw.rect(kept, colour, kept.get_rect(), border_radius=6)
            kept.blit(text, text.get_rect(center=kept.get_rect().center))
            self._sprites[key] = kept
        return kept
