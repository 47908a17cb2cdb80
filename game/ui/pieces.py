"""Counter and cube sprites: printed-looking unit counters and shaded isometric cubes."""
from __future__ import annotations

import math

import pygame

from game.ui import theme

FLAG_MARKS = {"confused": "C", "disrupted": "D", "disorganized": "D", "suppressed": "S",
              "spent": "X", "moved": "M", "fired": "F", "routed": "R", "eliminated": "E"}


class SpriteCache:
    """Rendered sprites keyed by what they show and their size, so frames only blit."""

    def __init__(self, side_colours: dict, limit: int = 2000) -> None:
        self.side_colours = dict(side_colours or {})
        self.limit = limit
        self._cache: dict = {}

    def _get(self, key, make):
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            surf = self._cache[key] = make()
        return surf

    def counter(self, piece: dict, size: int) -> pygame.Surface:
        """The counter sprite for a piece dict at `size` pixels square."""
        key = ("counter", piece.get("side"), piece.get("label"), piece.get("values"),
               piece.get("symbol"), tuple(piece.get("flags") or ()), size)
        return self._get(key, lambda: draw_counter(piece, size, self.side_colours))

    def cube(self, side: str, size: int) -> pygame.Surface:
        """A cube sprite of the side's colour, `size` pixels across."""
        return self._get(("cube", side, size), lambda: draw_cube(side, size, self.side_colours))

    def badge(self, text: str, size: int) -> pygame.Surface:
        """A round count badge."""
        return self._get(("badge", text, size), lambda: draw_badge(text, size))


def draw_side_shape(surf: pygame.Surface, shape: str, centre, r: float, colour, width=0) -> None:
    """Draw a side's marker shape (circle, square, triangle, ...) centred at `centre`."""
    cx, cy = centre
    if shape == "circle":
        pygame.draw.circle(surf, colour, (cx, cy), r, width)
        return
    corners = {"square": 4, "triangle": 3, "diamond": 4, "hexagon": 6, "star": 10}[shape]
    rot = {"square": math.pi / 4, "triangle": -math.pi / 2, "diamond": 0.0,
           "hexagon": 0.0, "star": -math.pi / 2}[shape]
    pts = []
    for i in range(corners):
        rr = r if shape != "star" or i % 2 == 0 else r * 0.45
        a = rot + 2 * math.pi * i / corners
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts, width)


def _symbol(surf: pygame.Surface, symbol: str, box: pygame.Rect, ink) -> None:
    """A NATO-style unit symbol (or pictogram) inside `box`."""
    w = max(1, box.h // 9)
    if symbol in ("leader", "hq", "general"):
        pygame.draw.rect(surf, ink, box, w)
        flag = pygame.Rect(box.x, box.y, box.w // 2, box.h // 2)
        pygame.draw.rect(surf, ink, flag)
        return
    if symbol in ("ship", "naval", "fleet"):
        hull = [(box.x, box.centery), (box.right, box.centery),
                (box.right - box.w // 5, box.bottom), (box.x + box.w // 5, box.bottom)]
        pygame.draw.polygon(surf, ink, hull)
        pygame.draw.line(surf, ink, (box.centerx, box.centery), (box.centerx, box.y), w)
        pygame.draw.polygon(surf, ink, [(box.centerx + w, box.y + w), (box.centerx + w, box.centery - w),
                                        (box.right - box.w // 6, box.centery - w)])
        return
    if symbol in ("space", "air", "grav", "hover"):
        pygame.draw.rect(surf, ink, box, w)
        arc = pygame.Rect(box.x + box.w // 5, box.y + box.h // 4, box.w * 3 // 5, box.h)
        pygame.draw.arc(surf, ink, arc, 0, math.pi, w)
        return
    pygame.draw.rect(surf, ink, box, w)
    if symbol in ("infantry", "foot", "mech", "mechanized"):
        pygame.draw.line(surf, ink, box.topleft, (box.right - 1, box.bottom - 1), w)
        pygame.draw.line(surf, ink, (box.x, box.bottom - 1), (box.right - 1, box.y), w)
    if symbol in ("armor", "armour", "tank", "mech", "mechanized"):
        oval = box.inflate(-box.w // 3, -box.h // 2)
        pygame.draw.ellipse(surf, ink, oval, w)
    elif symbol in ("cavalry", "recon", "scout"):
        pygame.draw.line(surf, ink, (box.x, box.bottom - 1), (box.right - 1, box.y), w)
    elif symbol in ("artillery", "guns", "howitzer"):
        pygame.draw.circle(surf, ink, box.center, max(2, box.h // 5))
    elif symbol in ("militia", "irregular", "mob", "raider"):
        for i in range(3):
            x = box.x + box.w * (i + 1) // 4
            pygame.draw.line(surf, ink, (x, box.y + box.h // 4), (x, box.bottom - box.h // 4), w)
    elif symbol not in ("infantry", "foot"):
        pass  # a plain box reads as "unit" when the type has no symbol of its own


def _text(surf, text, size, colour, centre, bold=True, max_w=None) -> None:
    """Centred text, shrunk until it fits max_w."""
    if not text or size < 6:
        return
    f = theme.font(size, bold=bold, condensed=True)
    img = f.render(str(text), True, colour)
    while max_w and img.get_width() > max_w and size > 6:
        size -= 1
        img = theme.font(size, bold=bold, condensed=True).render(str(text), True, colour)
    if max_w and img.get_width() > max_w:      # still too long: its start, within its room (never over a mark)
        img = img.subsurface((0, 0, int(max_w), img.get_height()))
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_counter(piece: dict, size: int, side_colours: dict) -> pygame.Surface:
    """A printed-style counter: side colour, symbol, short name on top, values along the bottom."""
    size = max(10, int(size))
    side = piece.get("side", "")
    colour = theme.side_colour(side_colours, side)
    ink = theme.ink_on(colour)
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surf, (0, 0, 0, 110), body.move(2, 2), border_radius=max(1, size // 10))
    pygame.draw.rect(surf, colour, body, border_radius=max(1, size // 10))
    pygame.draw.rect(surf, theme.shade(colour, 1.25), body.inflate(-2, -2), 1,
                     border_radius=max(1, size // 10))
    pygame.draw.rect(surf, theme.shade(colour, 0.5), body, max(1, size // 28),
                     border_radius=max(1, size // 10))
    box = pygame.Rect(0, 0, round(size * 0.5), round(size * 0.32))
    box.center = (size // 2, round(size * 0.5))
    _symbol(surf, piece.get("symbol") or "", box, ink)
    if size >= 26:
        _text(surf, piece.get("label", ""), round(size * 0.2), ink, (size * 0.57, size * 0.17),
              max_w=size * 0.68)   # right of the side's shape in the corner
        _text(surf, piece.get("values", ""), round(size * 0.24), ink, (size / 2, size * 0.84),
              max_w=size * 0.92)
    # The side's shape in the top-left corner: colour-blind safe (UI.md); never under 5 px across,
    # so it still reads on the small counters of a zoomed-out map.
    r = max(2.5, size * 0.08)
    draw_side_shape(surf, theme.side_shape(side_colours, side), (max(size * 0.13, r + 2), max(size * 0.14, r + 2)),
                    r, ink)
    _flags(surf, piece.get("flags") or (), size)
    return surf


def _flags(surf: pygame.Surface, flags, size: int) -> None:
    """Status markers that read without colour: a black-and-white striped band and a letter tag."""
    marks = [FLAG_MARKS.get(f, str(f)[:1].upper()) for f in flags]
    if not marks:
        return
    band = pygame.Surface((size, size), pygame.SRCALPHA)
    step = max(4, size // 6)
    for i in range(-size, size, step):
        pygame.draw.line(band, (255, 255, 255, 120), (i, size), (i + size, 0), max(1, step // 3))
    surf.blit(band, (0, 0))
    tag = max(8, round(size * 0.22))
    for k, mark in enumerate(marks[:2]):
        # On the right edge beside the symbol, clear of the name and the values.
        r = pygame.Rect(size - tag - max(1, size // 20), round(size * 0.5 - tag / 2) + k * (tag + 1) - (tag // 2 if len(marks) > 1 else 0), tag, tag)
        pygame.draw.rect(surf, (16, 16, 16), r)
        pygame.draw.rect(surf, (250, 250, 250), r, 1)
        _text(surf, mark, round(tag * 0.8), (250, 250, 250), r.center)


def draw_cube(side: str, size: int, side_colours: dict) -> pygame.Surface:
    """An isometric-looking cube in the side's colour with the side's letter on top."""
    size = max(6, int(size))
    colour = theme.side_colour(side_colours, side)
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    w, h = size, size
    q = h * 0.27  # depth of the top face
    top = [(w / 2, 0), (w, q), (w / 2, 2 * q), (0, q)]
    left = [(0, q), (w / 2, 2 * q), (w / 2, h), (0, h - q)]
    right = [(w / 2, 2 * q), (w, q), (w, h - q), (w / 2, h)]
    pygame.draw.polygon(surf, theme.shade(colour, 1.3), top)
    pygame.draw.polygon(surf, colour, left)
    pygame.draw.polygon(surf, theme.shade(colour, 0.68), right)
    edge = theme.shade(colour, 0.4)
    for face in (top, left, right):
        pygame.draw.aalines(surf, edge, True, face)
    if size >= 14:
        _text(surf, theme.side_letter(side), round(size * 0.42), theme.ink_on(colour),
              (w * 0.27, h * 0.62))
    return surf


def draw_badge(text: str, size: int) -> pygame.Surface:
    """A dark round badge with a white count."""
    size = max(10, int(size))
    f = theme.font(round(size * 0.62), bold=True)
    img = f.render(text, True, (255, 255, 255))
    w = max(size, img.get_width() + size // 2)
    surf = pygame.Surface((w, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (24, 24, 28), surf.get_rect(), border_radius=size // 2)
    pygame.draw.rect(surf, (240, 240, 240), surf.get_rect(), 1, border_radius=size // 2)
    surf.blit(img, img.get_rect(center=(w / 2, size / 2)))
    return surf


def group_pieces(pieces: list) -> dict:
    """Pieces grouped by where they are (lists [q, r] become tuples), in the given order."""
    groups: dict = {}
    for p in pieces:
        at = p.get("at")
        if isinstance(at, list):
            at = tuple(at)
        groups.setdefault(at, []).append(p)
    return groups
