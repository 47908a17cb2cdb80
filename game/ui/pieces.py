"""Counter and cube sprites: printed-looking unit counters and shaded isometric cubes."""
from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.counters import FLAG_MARKS, _text, draw_counter, draw_side_shape  # noqa: F401  (their old home)


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
        values, band = piece.get("values"), piece.get("band")
        key = ("counter", piece.get("side"), piece.get("label"),
               tuple(values) if isinstance(values, list) else values, piece.get("symbol"),
               tuple(band) if isinstance(band, list) else band, tuple(piece.get("flags") or ()), size)
        return self._get(key, lambda: draw_counter(piece, size, self.side_colours))

    def cube(self, side: str, size: int) -> pygame.Surface:
        """A cube sprite of the side's colour, `size` pixels across."""
        return self._get(("cube", side, size), lambda: draw_cube(side, size, self.side_colours))

    def badge(self, text: str, size: int) -> pygame.Surface:
        """A round count badge."""
        return self._get(("badge", text, size), lambda: draw_badge(text, size))


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
