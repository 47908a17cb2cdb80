"""Paint the Judean Hammer board background (sea, rift, hill shading, region tints, roads, glyphs).

Place and region names are not painted: the window draws them from the map's data
(game/ui/map_names.py), so a rename in Tiled shows on the board.

Used by tools/make_jh_map.py; deterministic (no random numbers: the texture is a hash of x, y).
"""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import numpy as np  # noqa: E402
import pygame  # noqa: E402

import make_jh_map as M  # noqa: E402

FONTS = M.ROOT / "assets" / "fonts"
PARCHMENT = np.array([236, 222, 184], float)
SEA_DEEP = np.array([92, 140, 168], float)
SEA_SHALLOW = np.array([150, 192, 205], float)
FOREIGN = np.array([205, 196, 170], float)
INK = (62, 44, 28)
ROAD = (128, 86, 44)
PURPLE = (112, 48, 150)
GREEN = (30, 120, 60)
# the watershed ridge that gives Judea and Samaria their hills (real places)
RIDGE = ["Hebron", "Beth Zur", "Bethlehem", "Jerusalem", "Mizpah", "Bethel", "Lebonah",
         "Tephon", "Shechem", "Samaria"]


def font(size: int, bold: bool = True, serif: bool = True) -> pygame.font.Font:
    """A DejaVu font from assets/fonts, or pygame's default when absent."""
    name = ("DejaVuSerif" if serif else "DejaVuSans") + ("-Bold" if bold else "") + ".ttf"
    path = FONTS / name
    return pygame.font.Font(str(path) if path.exists() else None, size)


def hashed_noise(w: int, h: int, cell: int, salt: float) -> np.ndarray:
    """Smooth value noise in [0, 1] from a hash of the grid corners (no random numbers)."""
    gx, gy = np.meshgrid(np.arange(w // cell + 2), np.arange(h // cell + 2))
    grid = np.modf(np.sin(gx * 127.1 + gy * 311.7 + salt) * 43758.5453)[0]
    grid = np.abs(grid)
    ys, xs = np.mgrid[0:h, 0:w]
    fx, fy = xs / cell, ys / cell
    ix, iy = fx.astype(int), fy.astype(int)
    tx, ty = fx - ix, fy - iy
    tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
    a, b = grid[iy, ix], grid[iy, ix + 1]
    c, d = grid[iy + 1, ix], grid[iy + 1, ix + 1]
    return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty


def mask_of(polys: list, w: int, h: int) -> np.ndarray:
    """Boolean mask (h, w) of the union of polygons."""
    surf = pygame.Surface((w, h))
    surf.fill((0, 0, 0))
    for poly in polys:
        if len(poly) >= 3:
            pygame.draw.polygon(surf, (255, 255, 255), poly)
    return pygame.surfarray.array_red(surf).T > 0


def blur(a: np.ndarray, r: int) -> np.ndarray:
    """Box blur of radius r (separable, via cumulative sums)."""
    out = a.astype(float)
    for axis in (0, 1):
        c = np.cumsum(np.pad(out, [(r + 1, r) if i == axis else (0, 0) for i in range(2)],
                             mode="edge"), axis=axis)
        n = out.shape[axis]
        hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
        lo = np.take(c, np.arange(0, n), axis=axis)
        out = (hi - lo) / (2 * r + 1)
    return out


def ridge_distance(w: int, h: int) -> np.ndarray:
    """Distance in pixels from every pixel to the watershed polyline."""
    pts = M.place_points()
    chain = [pts[p] for p in RIDGE]
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    best = np.full((h, w), 1e9)
    for (x1, y1), (x2, y2) in zip(chain, chain[1:]):
        dx, dy = x2 - x1, y2 - y1
        t = np.clip(((xs - x1) * dx + (ys - y1) * dy) / (dx * dx + dy * dy), 0, 1)
        best = np.minimum(best, np.hypot(xs - x1 - t * dx, ys - y1 - t * dy))
    return best


def terrain(w: int, h: int, land: np.ndarray, east: np.ndarray) -> np.ndarray:
    """RGB float image: sea, parchment land with hill shading, the land beyond the Jordan."""
    n1, n2 = hashed_noise(w, h, 150, 1.0), hashed_noise(w, h, 41, 7.0)
    height = np.clip(1 - ridge_distance(w, h) / 520.0, 0, 1) ** 1.6
    height = blur(height, 40) * (0.85 + 0.25 * n1) + 0.03 * n2 * height
    gy, gx = np.gradient(blur(height, 6))
    shade = np.clip(1.0 + (gx * -1 + gy * -1) * 90.0, 0.90, 1.07)
    grain = 0.96 + 0.05 * hashed_noise(w, h, 4, 3.0)
    img = PARCHMENT[None, None, :] * (shade * grain)[..., None]
    img = img * (1 - 0.10 * height[..., None]) + np.array([150, 120, 80]) * 0.10 * height[..., None]
    ys, xs = np.mgrid[0:h, 0:w]
    hatch = np.where(((xs - ys) // 6) % 3 == 0, 0.93, 1.0)
    img[east] = FOREIGN[None, :] * (grain * hatch)[east][:, None]
    near = blur(land | east, 14)
    sea = ~(land | east)
    t = np.clip(near * 2.0, 0, 1)[..., None]
    water = SEA_DEEP * (1 - t) + SEA_SHALLOW * t
    water = water * (0.97 + 0.04 * n2[..., None])
    img[sea] = water[sea]
    return img


def tint_regions(img: np.ndarray, polys: dict, w: int, h: int) -> None:
    """Wash each region's areas in its colour; supply centres get a purple stripe."""
    ys, xs = np.mgrid[0:h, 0:w]
    stripes = ((xs + ys) // 10) % 2 == 0
    for name, kind, region, _lat, _lon in M.AREAS:
        m = mask_of([polys[name]], w, h)
        if region:
            col = np.array(pygame.Color(M.REGION_COLOURS[region])[:3], float)
            a = 0.34 if region == "Jerusalem" else 0.26
            img[m] = img[m] * (1 - a) + col * a
        else:
            sm = m & stripes
            img[sm] = img[sm] * 0.82 + np.array(PURPLE, float) * 0.18


def dashed(surf, colour, pts, width=2, dash=9, gap=6):
    """A dashed polyline (area outlines are dashed on the printed board)."""
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        length = max(1e-6, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
        pos = 0.0
        while pos < length:
            end = min(length, pos + dash)
            a = (x1 + (x2 - x1) * pos / length, y1 + (y2 - y1) * pos / length)
            b = (x1 + (x2 - x1) * end / length, y1 + (y2 - y1) * end / length)
            pygame.draw.line(surf, colour, a, b, width)
            pos += dash + gap


def draw_borders(surf, polys: dict) -> None:
    """Dashed area outlines; solid darker lines where two regions meet."""
    region = {a[0]: a[2] for a in M.AREAS}
    edges: dict = {}
    for name, poly in polys.items():
        for p, q in zip(poly, poly[1:] + poly[:1]):
            edges.setdefault(frozenset((p, q)), []).append(name)
    for key, owners in edges.items():
        p, q = tuple(key) if len(key) == 2 else (next(iter(key)),) * 2
        if len(owners) == 2 and region[owners[0]] != region[owners[1]]:
            pygame.draw.line(surf, (96, 70, 48), p, q, 4)
        elif len(owners) == 2:
            dashed(surf, (96, 72, 50), [p, q], width=3, dash=11, gap=7)
    # Jerusalem is a region by itself (JH-MAP-3): a gilded frontier
    pygame.draw.polygon(surf, (96, 70, 48), polys["Jerusalem"], 8)
    pygame.draw.polygon(surf, (214, 170, 60), polys["Jerusalem"], 4)


def draw_roads(surf, links: list) -> None:
    """Roads as brown tracks with a light casing; purple roads into the supply centres."""
    for kind, _a, _b, pts in links:
        col = PURPLE if kind == "purple_road" else ROAD
        pygame.draw.lines(surf, (246, 236, 210), False, pts, 9)
        pygame.draw.lines(surf, col, False, pts, 5)
        for p in pts[1:-1]:
            pygame.draw.circle(surf, col, p, 2)


def text(surf, s: str, f: pygame.font.Font, centre, colour=INK, halo=(246, 238, 214)):
    """Text with a soft halo so it reads over any tint."""
    img = f.render(s, True, colour)
    ring = f.render(s, True, halo)
    r = img.get_rect(center=(int(centre[0]), int(centre[1])))
    for dx in (-2, -1, 0, 1, 2):
        for dy in (-2, -1, 0, 1, 2):
            if dx or dy:
                surf.blit(ring, r.move(dx, dy))
    surf.blit(img, r)


def hill_marks(surf, polys: dict, seeds: dict) -> None:
    """Little hill strokes scattered over the wilderness areas, clear of names and roads."""
    col = (132, 100, 66)
    for name, kind, _region, _lat, _lon in M.AREAS:
        if kind != "wilderness":
            continue
        poly = polys[name]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        sx, sy = seeds[name]
        for gx in range(int(min(xs)) // 48 * 48, int(max(xs)) + 48, 48):
            for gy in range(int(min(ys)) // 40 * 40, int(max(ys)) + 40, 40):
                j = abs(np.sin(gx * 12.9898 + gy * 78.233) * 43758.5453) % 1.0
                x, y = gx + 24 * j + (gy // 40 % 2) * 20, gy + 14 * ((j * 7) % 1.0)
                if abs(x - sx) < 110 and abs(y - sy) < 26 or j < 0.35:
                    continue
                if all(M.inside((x + dx, y + dy), poly) for dx, dy in ((-16, 0), (16, 0), (0, -12), (0, 12))):
                    pygame.draw.arc(surf, col, (x - 9, y - 6, 18, 14), 0.3, 2.85, 2)


def draw_sites(surf, seeds: dict) -> None:
    """City glyphs (walled town) and supply-centre forts; the names are drawn by the window."""
    for name, kind, region, _lat, _lon in M.AREAS:
        x, y = seeds[name]
        if kind == "city":
            size = 20 if name == "Jerusalem" else 13
            r = pygame.Rect(0, 0, size * 2, size * 2)
            r.center = (int(x), int(y))
            pygame.draw.rect(surf, (250, 244, 226), r, border_radius=3)
            pygame.draw.rect(surf, INK, r, 3, border_radius=3)
            for cx in (r.left, r.right):
                pygame.draw.rect(surf, INK, (cx - 4, r.top - 4, 8, 8))
        elif kind == "supply_centre":
            pts = [(x - 20, y + 14), (x - 20, y - 6), (x, y - 20), (x + 20, y - 6), (x + 20, y + 14)]
            pygame.draw.polygon(surf, PURPLE, pts)
            pygame.draw.polygon(surf, (255, 255, 255), pts, 2)


def faction_icon(surf, faction: str, centre, r: int = 11) -> None:
    """Maccabean: green disc with M; Greek: purple diamond with G (shape differs too)."""
    x, y = centre
    small = font(14, serif=False)
    if faction == "maccabean":
        pygame.draw.circle(surf, GREEN, (x, y), r)
        pygame.draw.circle(surf, (255, 255, 255), (x, y), r, 2)
        letter = "M"
    else:
        pts = [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
        pygame.draw.polygon(surf, PURPLE, pts)
        pygame.draw.polygon(surf, (255, 255, 255), pts, 2)
        letter = "G"
    img = small.render(letter, True, (255, 255, 255))
    surf.blit(img, img.get_rect(center=(int(x), int(y))))


def draw_track(surf, markers: list) -> None:
    """The VP track boxes (with both factions' start icons) and the legend, in the sea."""
    f, title = font(20), font(40)
    x0, y0 = M.vp_box_xy(0)
    panel = pygame.Rect(M.legend_box())
    pygame.draw.rect(surf, (244, 234, 206), panel, border_radius=10)
    pygame.draw.rect(surf, INK, panel, 3, border_radius=10)
    text(surf, "Judean Hammer", title, (panel.centerx, panel.top + 36))
    text(surf, "Judea 167-160 BCE", font(20, bold=False), (panel.centerx, panel.top + 74))
    ly = panel.top + 104
    for i, (region, colour) in enumerate(M.REGION_COLOURS.items()):
        rx = panel.left + 24 + (i % 2) * 250
        ry = ly + (i // 2) * 34
        pygame.draw.rect(surf, pygame.Color(colour), (rx, ry, 30, 22), border_radius=3)
        pygame.draw.rect(surf, INK, (rx, ry, 30, 22), 2, border_radius=3)
        surf.blit(f.render(region, True, INK), (rx + 40, ry))
    text(surf, "Victory points", f, (panel.centerx, y0 - 52))
    for kind, x, y, props in markers:
        if kind != "vp_box" or "faction" in props:
            continue
        r = pygame.Rect(0, 0, 54, 54)
        r.center = (int(x), int(y))
        gold = props["index"] == 12
        pygame.draw.rect(surf, (252, 246, 230), r)
        pygame.draw.rect(surf, (170, 120, 20) if gold else INK, r, 4 if gold else 2)
        surf.blit(f.render(str(props["index"]), True, INK), (r.left + 4, r.top + 2))
    for kind, x, y, props in markers:
        if kind == "vp_box" and "faction" in props:
            faction_icon(surf, props["faction"], (int(x), int(y)), 8)


def compass(surf, centre, r: int = 46) -> None:
    """A simple compass star pointing north (the map is drawn north up)."""
    x, y = centre
    for ang, length in ((0, r), (90, r * 0.7), (180, r * 0.7), (270, r * 0.7)):
        v = pygame.math.Vector2(0, -length).rotate(ang)
        side = pygame.math.Vector2(0, -r * 0.16).rotate(ang + 90)
        tip = (x + v.x, y + v.y)
        pygame.draw.polygon(surf, INK, [tip, (x + side.x, y + side.y), (x, y)])
        pygame.draw.polygon(surf, (236, 226, 196), [tip, (x - side.x, y - side.y), (x, y)])
        pygame.draw.polygon(surf, INK, [tip, (x - side.x, y - side.y), (x, y)], 1)
    pygame.draw.circle(surf, INK, (x, y), int(r * 0.55), 2)
    text(surf, "N", font(22), (x, y - r - 16), INK, (150, 192, 205))


def waves(surf, land_m: np.ndarray) -> None:
    """Short wave strokes scattered over the open sea."""
    h, w = land_m.shape
    col = (78, 124, 152)
    for gy in range(30, h, 70):
        for gx in range(20, w, 90):
            j = abs(np.sin(gx * 3.17 + gy * 1.91) * 9631.7) % 1.0
            x, y = int(gx + 40 * j), int(gy + 20 * ((j * 5) % 1.0))
            if x + 30 < w and y + 8 < h and not land_m[max(0, y - 30):y + 30, max(0, x - 40):x + 60].any():
                pygame.draw.arc(surf, col, (x, y, 16, 10), 0.2, 2.9, 2)
                pygame.draw.arc(surf, col, (x + 14, y, 16, 10), 0.2, 2.9, 2)


def paint(out: Path, polys: dict, seeds: dict, land: list, links: list, markers: list) -> None:
    """Paint and save the background PNG."""
    pygame.font.init()
    w, h = M.WIDTH, M.HEIGHT
    water = M.read_csv("judea-water.csv")
    jordan = M.extend(M.water_line(water, "Jordan River", 5, 11) + M.water_line(water, "Dead Sea", 2, 5))
    east_poly = jordan + [(w, h), (w, 0)]
    land_m = mask_of([land], w, h)
    east_m = mask_of([east_poly], w, h) & ~land_m
    img = terrain(w, h, land_m, east_m)
    tint_regions(img, polys, w, h)
    surf = pygame.surfarray.make_surface(np.clip(img, 0, 255).astype(np.uint8).transpose(1, 0, 2))
    dead = M.water_line(water, "Dead Sea", 1, 10)
    pygame.draw.polygon(surf, (112, 160, 182), dead)
    pygame.draw.polygon(surf, (70, 110, 140), dead, 2)
    river = M.water_line(water, "Jordan River", 1, 11)
    pygame.draw.lines(surf, (70, 120, 170), False, river, 6)
    pygame.draw.lines(surf, (60, 90, 120), False, M.extend(M.water_line(water, "Mediterranean", 1, 18)), 2)
    waves(surf, land_m | east_m)
    compass(surf, (120, 830))
    hill_marks(surf, polys, seeds)
    draw_borders(surf, polys)
    draw_roads(surf, links)
    draw_sites(surf, seeds)
    for kind, x, y, props in markers:
        if kind == "faction_icon":
            faction_icon(surf, props["faction"], (int(x), int(y)))
    draw_track(surf, markers)
    sea_f = font(30, bold=False)
    sea = sea_f.render("M A R E   I N T E R N U M", True, (48, 82, 112))
    sea = pygame.transform.rotozoom(sea, 64, 1.0)
    surf.blit(sea, sea.get_rect(center=(175, 1180)))
    text(surf, "Dead Sea", font(20, bold=False), (1660, 1600), (40, 70, 100), (112, 160, 182))
    text(surf, "Jordan", font(20, bold=False), (1700, 900), (40, 70, 100), (205, 196, 170))
    text(surf, "PEREA", font(26, bold=False), (1730, 1250), (120, 100, 70), (205, 196, 170))
    pygame.image.save(surf, str(out))
