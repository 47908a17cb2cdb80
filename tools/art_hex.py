"""Hex terrain tiles drawn from code: flat-top 64x56 hexes in a muted printed-map palette."""
from __future__ import annotations

import math

import numpy as np
import pygame

TILE_W, TILE_H, SIDE = 64, 56, 32
SS = 8  # supersampling factor: motifs are drawn at 8x and scaled down for clean edges

# Tile order is the contract in the boards API: ids 0..11 never change.
TERRAINS = ["clear", "forest", "slope", "hilltop", "swamp", "lake", "river",
            "city", "water", "rubble", "bridge", "fortress"]
# Appended after the terrains (ids 12..): transparent overlay tiles with a `feature` property.
FEATURES = ["city", "bridge", "rubble", "fortress"]

# Mean colour of each terrain (the view fills hexes with it under the tile).
BASE = {
    "clear": (224, 228, 190),
    "forest": (170, 196, 138),
    "slope": (218, 210, 168),
    "hilltop": (204, 186, 140),
    "swamp": (192, 208, 178),
    "lake": (150, 192, 214),
    "river": (126, 174, 208),
    "city": (214, 206, 188),
    "water": (112, 156, 196),
    "rubble": (200, 192, 172),
    "bridge": (126, 174, 208),
    "fortress": (220, 220, 188),
}
BROWN = (148, 108, 70)
DARK_GREEN = (84, 122, 72)
TREE = (112, 152, 92)
WAVE = (214, 232, 240)


def hex_points(w: float = TILE_W, h: float = TILE_H, inset: float = 0.0) -> list:
    """Corners of the flat-top hex filling a w x h tile, shrunk by `inset` pixels."""
    cx, cy = w / 2, h / 2
    rx, ry = w / 2 - inset, h / 2 - inset
    return [(cx - rx, cy), (cx - rx / 2, cy - ry), (cx + rx / 2, cy - ry),
            (cx + rx, cy), (cx + rx / 2, cy + ry), (cx - rx / 2, cy + ry)]


def hex_mask(w: int, h: int, grow: float) -> np.ndarray:
    """Bool (w, h) array: pixel centres inside the hex grown by `grow` pixels (no seams)."""
    xs = np.arange(w)[:, None] + 0.5
    ys = np.arange(h)[None, :] + 0.5
    cx, cy = w / 2, h / 2
    dx, dy = np.abs(xs - cx), np.abs(ys - cy)
    half_h = h / 2 + grow
    slope_ok = dy * (w / 4) + (dx - w / 4) * (h / 2) <= (w / 4) * (h / 2) + grow * w / 2
    return (dy <= half_h) & (dx <= w / 2 + grow) & slope_ok


def _inside(x: float, y: float, inset: float) -> bool:
    """True when tile point (x, y) lies inside the hex shrunk by `inset` pixels."""
    dx, dy = abs(x - TILE_W / 2), abs(y - TILE_H / 2)
    ry = TILE_H / 2 - inset
    rx = TILE_W / 2 - inset
    return dy <= ry and dx <= rx and dy * (rx / 2) + (dx - rx / 2) * ry <= (rx / 2) * ry


def _scatter(rng, n: int, inset: float, min_gap: float) -> list:
    """Up to n jittered points inside the inset hex, at least min_gap apart."""
    pts: list = []
    tries = 0
    while len(pts) < n and tries < n * 60:
        tries += 1
        x, y = rng.uniform(0, TILE_W), rng.uniform(0, TILE_H)
        if _inside(x, y, inset) and all(math.hypot(x - a, y - b) >= min_gap for a, b in pts):
            pts.append((x, y))
    return pts


class Pen:
    """Draws in tile coordinates on the supersampled surface."""

    def __init__(self, surf: pygame.Surface):
        self.s = surf

    def circle(self, colour, x, y, r, width=0):
        pygame.draw.circle(self.s, colour, (x * SS, y * SS), r * SS, int(width * SS))

    def line(self, colour, a, b, width):
        pygame.draw.line(self.s, colour, (a[0] * SS, a[1] * SS), (b[0] * SS, b[1] * SS),
                         max(1, int(width * SS)))

    def lines(self, colour, pts, width, closed=False):
        scaled = [(x * SS, y * SS) for x, y in pts]
        pygame.draw.lines(self.s, colour, closed, scaled, max(1, int(width * SS)))
        for p in scaled:  # round joints so thick curves have no notches
            pygame.draw.circle(self.s, colour, p, width * SS / 2)

    def polygon(self, colour, pts, width=0):
        pygame.draw.polygon(self.s, colour, [(x * SS, y * SS) for x, y in pts], int(width * SS))

    def rect(self, colour, x, y, w, h, width=0):
        pygame.draw.rect(self.s, colour, pygame.Rect(round(x * SS), round(y * SS),
                                                     round(w * SS), round(h * SS)), int(width * SS))


def _shade(colour, k: float):
    """colour scaled by k (k < 1 darker, > 1 lighter), clamped."""
    return tuple(max(0, min(255, round(c * k))) for c in colour)


def _wavy(y0: float, x0: float, x1: float, amp: float, period: float, phase: float) -> list:
    """Points of a gentle sine stroke from x0 to x1 around height y0."""
    n = 12
    return [(x0 + (x1 - x0) * i / n,
             y0 + amp * math.sin(phase + 2 * math.pi * (x0 + (x1 - x0) * i / n) / period))
            for i in range(n + 1)]


def draw_clear(pen, rng):
    """Open ground: a few faint grass ticks."""
    for x, y in _scatter(rng, 7, 9, 9):
        c = _shade(BASE["clear"], 0.88)
        pen.line(c, (x - 1.2, y + 1), (x, y - 1.2), 0.5)
        pen.line(c, (x, y - 1.2), (x + 1.2, y + 1), 0.5)


def draw_forest(pen, rng):
    """Woods: stippled canopy of round tree crowns with a darker rim."""
    for x, y in _scatter(rng, 60, 3, 1.6):
        pen.circle(_shade(DARK_GREEN, 1.25), x, y, 0.45)
    for x, y in _scatter(rng, 16, 6, 7.4):
        r = rng.uniform(3.3, 4.2)
        pen.circle(DARK_GREEN, x + 0.6, y + 0.7, r)
        pen.circle(TREE, x, y, r - 0.5)
        pen.circle(_shade(TREE, 1.18), x - r * 0.3, y - r * 0.3, r * 0.35)


def _contours(pen, rng, rings, colour, width):
    """Concentric wobbly contour rings around the hex centre."""
    for k, (rx, ry) in enumerate(rings):
        ph = rng.uniform(0, 6.28)
        pts = []
        for i in range(40):
            a = 2 * math.pi * i / 40
            wob = 1 + 0.07 * math.sin(3 * a + ph) + 0.04 * math.sin(5 * a + ph * 2)
            pts.append((TILE_W / 2 + rx * wob * math.cos(a), TILE_H / 2 + ry * wob * math.sin(a)))
        pen.lines(colour, pts, width, closed=True)


def draw_slope(pen, rng):
    """Slope: two brown contour arcs with downhill hachures."""
    for k, y0 in enumerate((20.0, 34.0)):
        pts = _wavy(y0, 8 + k * 2, 56 - k * 2, 2.2, 40, rng.uniform(0, 6.28))
        pen.lines(BROWN, pts, 1.1)
        for x, y in pts[1:-1:2]:
            pen.line(_shade(BROWN, 1.15), (x, y), (x, y + 3.2), 0.7)


def draw_hilltop(pen, rng):
    """Hilltop: closed contour rings and a crest mark."""
    _contours(pen, rng, [(23, 19), (15, 12), (7, 5.5)], BROWN, 1.0)
    pen.circle(_shade(BROWN, 0.9), TILE_W / 2, TILE_H / 2, 1.3)


def draw_swamp(pen, rng):
    """Swamp: short blue water dashes with grass tufts above them."""
    for x, y in _scatter(rng, 10, 7, 8.5):
        pen.line((118, 160, 172), (x - 3.5, y + 1.6), (x + 3.5, y + 1.6), 0.8)
        for dx, tilt in ((-1.6, -1.0), (0, 0), (1.6, 1.0)):
            pen.line(DARK_GREEN, (x + dx, y + 1.2), (x + dx + tilt, y - 2.2), 0.6)


def _waves(pen, rng, colour, n, gap, width):
    """Small light wave marks (two joined arcs) scattered over water."""
    for x, y in _scatter(rng, n, 6, gap):
        pts = [(x - 3 + i * 0.5, y - 0.9 * math.sin(math.pi * (i % 6) / 6)) for i in range(13)]
        pen.lines(colour, pts, width)


def draw_lake(pen, rng):
    """Lake: calm light blue with a few ripples."""
    _waves(pen, rng, WAVE, 6, 11, 0.6)


def draw_river(pen, rng):
    """River: flowing blue with long light streaks."""
    for y0 in (16.0, 28.0, 40.0):
        pts = _wavy(y0 + rng.uniform(-2, 2), 12 + rng.uniform(0, 6), 46 + rng.uniform(0, 6),
                    1.2, 22, rng.uniform(0, 6.28))
        pen.lines((176, 208, 230), pts, 0.7)


def draw_water(pen, rng):
    """Sea: deeper blue with regular wave marks."""
    _waves(pen, rng, (178, 206, 228), 11, 8.5, 0.7)


def draw_city(pen, rng):
    """Town: grey-brown blocks on a street grid."""
    block = (150, 134, 118)
    for gx in range(5):
        for gy in range(4):
            x, y = 8 + gx * 10.4, 6 + gy * 11.5
            w, h = rng.uniform(6.0, 8.6), rng.uniform(6.5, 9.0)
            if all(_inside(px, py, 3) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))):
                pen.rect(_shade(block, 0.75), x + 0.5, y + 0.5, w, h)
                pen.rect(block, x, y, w, h)


def draw_rubble(pen, rng):
    """Rubble: broken shards of masonry."""
    for x, y in _scatter(rng, 26, 5, 3.6):
        r = rng.uniform(1.0, 2.3)
        pts = [(x + r * math.cos(a), y + r * 0.8 * math.sin(a))
               for a in sorted(rng.uniform(0, 6.28, 5))]
        pen.polygon((128, 116, 100), pts)


def draw_bridge(pen, rng):
    """Bridge: a plank deck with rails across a river."""
    draw_river(pen, rng)
    draw_bridge_deck(pen, rng)


def draw_bridge_deck(pen, rng):
    """The bridge deck alone (the overlay tile)."""
    pen.rect((150, 120, 86), 6, 23, 52, 10)
    pen.line((96, 74, 54), (6, 23), (58, 23), 1.3)
    pen.line((96, 74, 54), (6, 33), (58, 33), 1.3)
    for x in range(10, 56, 5):
        pen.line((128, 100, 72), (x, 24), (x, 32), 0.5)


def draw_fortress(pen, rng):
    """Fortress: a star fort outline with bastions."""
    pts = []
    for i in range(10):
        a = -math.pi / 2 + math.pi * i / 5
        r = 20 if i % 2 == 0 else 13
        pts.append((TILE_W / 2 + r * math.cos(a), TILE_H / 2 + 1 + r * 0.92 * math.sin(a)))
    pen.polygon((178, 168, 146), pts)
    pen.lines((96, 84, 74), pts, 1.6, closed=True)
    pen.rect((120, 106, 94), TILE_W / 2 - 4, TILE_H / 2 - 3, 8, 8)


DRAW = {
    "clear": draw_clear, "forest": draw_forest, "slope": draw_slope, "hilltop": draw_hilltop,
    "swamp": draw_swamp, "lake": draw_lake, "river": draw_river, "city": draw_city,
    "water": draw_water, "rubble": draw_rubble, "bridge": draw_bridge, "fortress": draw_fortress,
}


def _speckle(surf: pygame.Surface, rng, amount: float) -> None:
    """Fine print-grain noise, small-scale only so neighbouring hexes meet without seams."""
    px = pygame.surfarray.pixels3d(surf)
    grain = rng.normal(0.0, amount, px.shape[:2])[:, :, None]
    px[:] = np.clip(px.astype(np.float32) + grain, 0, 255).astype(np.uint8)
    del px


OVERLAY_DRAW = {"city": draw_city, "bridge": draw_bridge_deck, "rubble": draw_rubble,
                "fortress": draw_fortress}


def render_overlay(feature: str, scale: int, seed: int) -> pygame.Surface:
    """A transparent feature tile (only the symbol) for overlay layers."""
    rng = np.random.default_rng(seed)
    hi = pygame.Surface((TILE_W * SS, TILE_H * SS), pygame.SRCALPHA)
    hi.fill((*BASE["clear"], 0))
    OVERLAY_DRAW[feature](Pen(hi), rng)
    return pygame.transform.smoothscale(hi, (TILE_W * scale, TILE_H * scale))


def render_tile(terrain: str, scale: int, seed: int) -> pygame.Surface:
    """One terrain tile at `scale` (1 -> 64x56, 2 -> 128x112), hex-masked, with alpha."""
    rng = np.random.default_rng(seed)
    hi = pygame.Surface((TILE_W * SS, TILE_H * SS))
    hi.fill(BASE[terrain])
    DRAW[terrain](Pen(hi), rng)
    w, h = TILE_W * scale, TILE_H * scale
    out = pygame.transform.smoothscale(hi, (w, h))
    _speckle(out, np.random.default_rng(seed + 1), 3.0)
    tile = pygame.Surface((w, h), pygame.SRCALPHA)
    tile.blit(out, (0, 0))
    alpha = pygame.surfarray.pixels_alpha(tile)
    alpha[:] = np.where(hex_mask(w, h, 0.6 * scale), 255, 0).astype(np.uint8)
    del alpha
    return tile
