"""Paint the Battle for Armageddon board background: terrain, borders, rivers, sites, names, tracks.

Used by tools/make_bfa_map.py; deterministic (textures are hashes of x and y, no random numbers).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pygame

import bfa_map_data as D
import make_bfa_map as M
from jh_paint import blur, dashed, font, hashed_noise, mask_of, text

INK = (44, 34, 28)
PAPER = (232, 220, 188)
BASE = {"open": (196, 172, 124), "ash_waste": (166, 160, 150), "hive": (118, 104, 110),
        "factory": (156, 118, 90), "mountain": (132, 106, 80)}
SEA_DEEP, SEA_SHALLOW = np.array([46, 84, 120.0]), np.array([98, 146, 168.0])
ORK_TINT = np.array([104, 124, 52.0])
RIVER_DARK, RIVER = (34, 62, 104), (86, 144, 200)
FRONTIER = (128, 30, 22)
IMPERIAL_BLUE, ORK_GREEN = (36, 70, 150), (58, 104, 30)
KIND = {a[0]: a[1] for a in D.AREAS}
REGION = {a[0]: a[2] for a in D.AREAS}
EXTRA = {a[0]: a[5] for a in D.AREAS}


def area_masks(polys: dict, w: int, h: int) -> dict:
    """Boolean mask of every area."""
    return {name: mask_of([poly], w, h) for name, poly in polys.items()}


def land_texture(w: int, h: int, masks: dict) -> np.ndarray:
    """RGB float image of every area's ground: tinted by kind, shaded by a hashed relief."""
    n1, n2, n3 = hashed_noise(w, h, 140, 1.0), hashed_noise(w, h, 36, 5.0), hashed_noise(w, h, 5, 9.0)
    relief = blur(n1 * 0.5 + n2 * 0.5, 6)
    gy, gx = np.gradient(relief)
    shade = np.clip(1.0 - (gx + gy) * 14.0, 0.96, 1.04)
    img = np.zeros((h, w, 3))
    ys, xs = np.mgrid[0:h, 0:w]
    for name, m in masks.items():
        kind = KIND[name]
        if kind == "sea":
            continue
        col = np.array(BASE[kind], float)
        tone = (0.96 + 0.05 * n1 + 0.03 * n2 + 0.04 * n3)[m][:, None]
        img[m] = col * tone * shade[m][:, None]
        if kind == "ash_waste":
            _ash(img, m, xs, ys, n3)
        elif kind in ("hive", "factory"):
            _blocks(img, m, xs, ys, 15 if kind == "hive" else 11)
        elif kind == "mountain":
            img[m] *= np.clip(1.0 - (gx + gy)[m] * 90.0, 0.75, 1.2)[:, None]
        if REGION[name] == D.ORK:
            hatch = np.where(((xs + ys) // 7) % 3 == 0, 0.92, 1.0)
            img[m] = (img[m] * 0.7 + ORK_TINT * 0.3) * hatch[m][:, None]
    return img


def _ash(img, m, xs, ys, n3) -> None:
    """Ash wastes: wind streaks and a dark stipple."""
    streak = 0.96 + 0.05 * np.sin((xs + ys * 0.35) / 7.0)
    dots = np.abs(np.sin(xs * 12.9898 + ys * 78.233) * 43758.5453) % 1.0 > 0.975
    img[m] *= streak[m][:, None]
    img[m & dots] *= 0.72


def _blocks(img, m, xs, ys, step: int) -> None:
    """Industrial areas: a grid of streets between city blocks."""
    street = ((xs % step) < 2) | ((ys % step) < 2)
    img[m & street] *= 0.78
    lit = np.abs(np.sin((xs // step) * 3.1 + (ys // step) * 7.7) * 97.0) % 1.0 > 0.86
    img[m & lit & ~street] = img[m & lit & ~street] * 0.6 + np.array([214, 168, 84.0]) * 0.4


def sea_texture(img: np.ndarray, masks: dict, w: int, h: int) -> np.ndarray:
    """Fill the sea: deep away from the coast, shallow near it; return the sea mask."""
    sea = np.zeros((h, w), bool)
    for name, m in masks.items():
        if KIND[name] == "sea":
            sea |= m
    near = blur(~sea, 22)
    t = np.clip(near * 2.2, 0, 1)[..., None]
    water = SEA_DEEP * (1 - t) + SEA_SHALLOW * t
    water *= (0.96 + 0.06 * hashed_noise(w, h, 48, 3.0))[..., None]
    img[sea] = water[sea]
    return sea


def border_edges(polys: dict) -> dict:
    """Each area edge (as a frozenset of its two points) -> the areas beside it."""
    edges: dict = {}
    for name, poly in polys.items():
        for p, q in zip(poly, poly[1:] + poly[:1]):
            edges.setdefault(frozenset((p, q)), []).append(name)
    return edges


def draw_borders(surf, polys: dict) -> None:
    """Coasts, solid Imperial borders, dashed Ork territory borders and the frontier."""
    for key, owners in border_edges(polys).items():
        if len(owners) != 2 or len(key) != 2:
            continue
        p, q = tuple(key)
        a, b = owners
        seas = [KIND[a] == "sea", KIND[b] == "sea"]
        orks = [REGION[a] == D.ORK, REGION[b] == D.ORK]
        if all(seas):
            continue
        if any(seas):
            pygame.draw.line(surf, (226, 232, 220), p, q, 7)
            pygame.draw.line(surf, (30, 46, 62), p, q, 3)
        elif all(orks):
            dashed(surf, (52, 46, 24), [p, q], width=3, dash=10, gap=7)
        elif any(orks):
            dashed(surf, FRONTIER, [p, q], width=6, dash=14, gap=8)
        else:
            pygame.draw.line(surf, (58, 44, 34), p, q, 3)


def draw_rivers(surf, rivers: list) -> None:
    """Rivers along area borders, with their names written along them."""
    for _kind, _river, _a, _b, pts in rivers:
        pygame.draw.lines(surf, RIVER_DARK, False, pts, 12)
        for p in pts:
            pygame.draw.circle(surf, RIVER_DARK, p, 6)
    for _kind, _river, _a, _b, pts in rivers:
        pygame.draw.lines(surf, RIVER, False, pts, 7)
        for p in pts:
            pygame.draw.circle(surf, RIVER, p, 3)
    for river, (index, shift) in D.RIVER_LABELS.items():
        pts = [r[4] for r in rivers if r[1] == river][index]
        p, q = pts[0], pts[-1]
        angle = -math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
        if angle > 90 or angle < -90:
            angle += 180
        label = font(19, bold=True).render(f"River {river}", True, (24, 50, 96))
        label = pygame.transform.rotozoom(label, angle, 1.0)
        mid = ((p[0] + q[0]) / 2 + shift[0], (p[1] + q[1]) / 2 + shift[1])
        surf.blit(label, label.get_rect(center=(int(mid[0]), int(mid[1]))))


def hive_glyph(surf, x: float, y: float) -> None:
    """A cluster of hive spires, widest in the middle."""
    for dx, height, width in ((-24, 44, 14), (-10, 62, 16), (6, 76, 18), (22, 52, 14), (34, 34, 12)):
        base = y + 22
        pts = [(x + dx - width / 2, base), (x + dx - width / 4, base - height),
               (x + dx + width / 4, base - height), (x + dx + width / 2, base)]
        pygame.draw.polygon(surf, (72, 62, 70), pts)
        pygame.draw.polygon(surf, (20, 16, 20), pts, 2)
        pygame.draw.line(surf, (222, 176, 86), (x + dx, base - height - 8), (x + dx, base - height), 2)
    pygame.draw.rect(surf, (20, 16, 20), (x - 40, y + 20, 84, 6))


def factory_glyph(surf, x: float, y: float) -> None:
    """A sawtooth-roofed works with two chimneys."""
    body = pygame.Rect(0, 0, 54, 22)
    body.midbottom = (int(x), int(y + 18))
    for cx in (body.left + 8, body.left + 20):
        pygame.draw.rect(surf, (40, 30, 26), (cx, body.top - 22, 7, 24))
    pygame.draw.rect(surf, (92, 66, 52), body)
    teeth = [(body.left, body.top)]
    for k in range(4):
        teeth += [(body.left + k * 13.5, body.top - 10), (body.left + (k + 1) * 13.5, body.top)]
    pygame.draw.polygon(surf, (92, 66, 52), teeth)
    pygame.draw.polygon(surf, (30, 22, 18), teeth, 2)
    pygame.draw.rect(surf, (30, 22, 18), body, 2)


def mountain_marks(surf, polys: dict, masks: dict) -> None:
    """Peaks scattered over the mountain areas, clear of their names."""
    for name, poly in polys.items():
        if KIND[name] != "mountain":
            continue
        m = masks[name]
        x0, y0, x1, y1 = (int(v) for v in (*np.min(poly, axis=0), *np.max(poly, axis=0)))
        for gx in range(x0, x1, 44):
            for gy in range(y0, y1, 38):
                j = abs(math.sin(gx * 12.99 + gy * 78.23) * 43758.5) % 1.0
                x, y = int(gx + 18 * j + (gy // 38 % 2) * 20), int(gy + 10 * j)
                if not all(0 <= yy < m.shape[0] and 0 <= xx < m.shape[1] and m[yy, xx]
                           for xx, yy in ((x - 20, y + 12), (x + 20, y + 12), (x, y - 16))):
                    continue
                pygame.draw.polygon(surf, (98, 76, 56), [(x - 18, y + 12), (x, y - 14), (x + 18, y + 12)])
                pygame.draw.polygon(surf, (176, 158, 136), [(x, y - 14), (x + 18, y + 12), (x + 4, y + 12)])
                pygame.draw.lines(surf, (48, 36, 26), False, [(x - 18, y + 12), (x, y - 14), (x + 18, y + 12)], 2)


def waves(surf, sea: np.ndarray) -> None:
    """Short wave strokes over open water."""
    h, w = sea.shape
    for gy in range(20, h, 64):
        for gx in range(10, w, 80):
            j = abs(math.sin(gx * 3.17 + gy * 1.91) * 9631.7) % 1.0
            x, y = int(gx + 36 * j), int(gy + 18 * ((j * 5) % 1.0))
            if y + 40 < h and x + 50 < w and sea[max(0, y - 20):y + 30, max(0, x - 20):x + 50].all():
                pygame.draw.arc(surf, (150, 190, 210), (x, y, 16, 10), 0.2, 2.9, 2)
                pygame.draw.arc(surf, (150, 190, 210), (x + 14, y, 16, 10), 0.2, 2.9, 2)


def supply_mark(surf, x: float, y: float, side: str) -> None:
    """A roundel with a crate: blue for Imperial supply, green for Ork supply."""
    colour = IMPERIAL_BLUE if side == "imperial" else ORK_GREEN
    pygame.draw.circle(surf, (246, 238, 214), (x, y), 17)
    pygame.draw.circle(surf, colour, (x, y), 15)
    box = pygame.Rect(0, 0, 16, 14)
    box.center = (int(x), int(y))
    pygame.draw.rect(surf, (246, 238, 214), box, 2)
    pygame.draw.line(surf, (246, 238, 214), box.topleft, box.bottomright, 2)
    pygame.draw.line(surf, (246, 238, 214), box.topright, box.bottomleft, 2)


def anchor(surf, x: float, y: float) -> None:
    """The port's anchor."""
    c = (24, 40, 70)
    pygame.draw.circle(surf, (246, 238, 214), (x, y), 19)
    pygame.draw.circle(surf, c, (x, y - 9), 4, 2)
    pygame.draw.line(surf, c, (x, y - 5), (x, y + 11), 3)
    pygame.draw.line(surf, c, (x - 7, y - 1), (x + 7, y - 1), 3)
    pygame.draw.arc(surf, c, (x - 12, y - 6, 24, 20), math.pi, 2 * math.pi, 3)


def draw_sites(surf, labels: dict) -> None:
    """Hive and factory glyphs at their stack points, names above, supply and port marks."""
    big, normal, italic = font(30), font(19), font(20, bold=False)
    for name, kind, region, *_rest in D.AREAS:
        x, y = labels[name]
        extra = EXTRA[name]
        if kind == "hive":
            hive_glyph(surf, x, y)
            text(surf, name.upper(), big, (x, y - 78), (40, 20, 20), (240, 226, 190))
        elif kind == "factory":
            factory_glyph(surf, x, y)
            text(surf, name, normal, (x, y - 50))
        elif kind == "sea":
            text(surf, name, italic, (x, y), (226, 238, 246), (40, 76, 110))
        elif kind == "mountain":
            text(surf, name, italic, (x, y), (250, 240, 220), (70, 52, 36))
        else:
            ink = (40, 46, 14) if region == D.ORK else INK
            text(surf, name, normal, (x, y - 44), ink)
        if "supply" in extra:
            sx = x + (70 if kind == "hive" else 0)
            sy = y + (34 if kind == "hive" else 40)
            supply_mark(surf, sx, sy, extra["supply"])
        if extra.get("port"):
            anchor(surf, x + 70, y - 8)


def compass(surf, x: int, y: int, r: int = 44) -> None:
    """A compass star pointing north."""
    for ang, length in ((0, r), (90, r * 0.65), (180, r * 0.65), (270, r * 0.65)):
        v = pygame.math.Vector2(0, -length).rotate(ang)
        side = pygame.math.Vector2(0, -r * 0.16).rotate(ang + 90)
        tip = (x + v.x, y + v.y)
        pygame.draw.polygon(surf, (30, 40, 56), [tip, (x + side.x, y + side.y), (x, y)])
        pygame.draw.polygon(surf, (226, 230, 220), [tip, (x - side.x, y - side.y), (x, y)])
    pygame.draw.circle(surf, (226, 230, 220), (x, y), int(r * 0.5), 2)
    text(surf, "N", font(22), (x, y - r - 16), (226, 238, 246), (40, 76, 110))


def box(surf, centre, size: int, label: str, fill=(248, 240, 220), edge=INK, width: int = 2):
    """One square track box with a label in its top-left corner."""
    r = pygame.Rect(0, 0, size, size)
    r.center = (int(centre[0]), int(centre[1]))
    pygame.draw.rect(surf, fill, r, border_radius=4)
    pygame.draw.rect(surf, edge, r, width, border_radius=4)
    surf.blit(font(18).render(label, True, edge), (r.left + 5, r.top + 3))
    return r


def key_swatches(surf, x: int, y: int) -> None:
    """The terrain key: one swatch for every kind of area and border."""
    f = font(16, bold=False)
    items = [("Open ground", BASE["open"]), ("Ash waste: stop", BASE["ash_waste"]),
             ("Hive: attack -2", BASE["hive"]), ("Factory: attack -2", BASE["factory"]),
             ("Mountain: impassable", BASE["mountain"]), ("Sea: impassable", (70, 116, 148))]
    for i, (label, colour) in enumerate(items):
        cx, cy = x + (i % 2) * 250, y + (i // 2) * 30
        pygame.draw.rect(surf, colour, (cx, cy, 30, 20))
        pygame.draw.rect(surf, INK, (cx, cy, 30, 20), 1)
        surf.blit(f.render(label, True, INK), (cx + 38, cy + 1))
    ry = y + 92
    pygame.draw.line(surf, RIVER_DARK, (x, ry + 10), (x + 30, ry + 10), 9)
    pygame.draw.line(surf, RIVER, (x, ry + 10), (x + 30, ry + 10), 5)
    surf.blit(f.render("River: attack -1", True, INK), (x + 38, ry + 1))
    dashed(surf, FRONTIER, [(x + 250, ry + 10), (x + 280, ry + 10)], width=5, dash=9, gap=5)
    surf.blit(f.render("Ork territory", True, INK), (x + 288, ry + 1))
    supply_mark(surf, x + 15, ry + 46, "imperial")
    surf.blit(f.render("Imperial supply", True, INK), (x + 38, ry + 37))
    supply_mark(surf, x + 265, ry + 46, "ork")
    surf.blit(f.render("Ork supply", True, INK), (x + 288, ry + 37))


def draw_panel(surf, markers: list) -> None:
    """The strip under the land: title, terrain key and the three tracks with the Ready box."""
    top = D.LAND_H
    panel = pygame.Rect(0, top, M.WIDTH, D.PANEL_H)
    pygame.draw.rect(surf, PAPER, panel)
    pygame.draw.line(surf, INK, (0, top), (M.WIDTH, top), 5)
    text(surf, "ARMAGEDDON SECUNDUS", font(34), (300, top + 34), (60, 24, 20))
    key_swatches(surf, 40, top + 70)
    f = font(20)
    surf.blit(f.render("Imperial build points", True, INK), (744, top + 6))
    surf.blit(f.render("Turn", True, INK), (744, top + 116))
    surf.blit(f.render("Production track  \u2192  Ready", True, INK), (1426, top + 94))
    for kind, x, y, props in markers:
        size = props.get("size", 60)
        if kind == "build_point_box":
            start = props["index"] == 20
            box(surf, (x, y), size, str(props["index"]), edge=(150, 40, 30) if start else INK,
                width=4 if start else 2)
        elif kind == "turn_box":
            box(surf, (x, y), size, str(props["index"]), edge=(150, 40, 30) if props["index"] == 1 else INK)
        elif kind in ("production_box", "ready_box"):
            ready = kind == "ready_box"
            r = box(surf, (x, y), size, "" if ready else str(props["space"]),
                    fill=(214, 230, 214) if ready else (248, 240, 220))
            words = props["label"].replace(", ", ",\n").split("\n")
            for k, line in enumerate(words):
                img = font(22 if ready else 15).render(line.strip(), True, INK)
                surf.blit(img, img.get_rect(center=(r.centerx, r.bottom - 16 - 18 * (len(words) - 1 - k))))
            if not ready:
                pygame.draw.polygon(surf, INK, [(r.right + 4, r.centery - 8), (r.right + 16, r.centery),
                                                (r.right + 4, r.centery + 8)])


def paint(out: Path, polys: dict, labels: dict, rivers: list, markers: list) -> None:
    """Paint and save the background PNG."""
    pygame.font.init()
    w, h = M.WIDTH, D.LAND_H
    masks = area_masks(polys, w, h)
    img = land_texture(w, h, masks)
    sea = sea_texture(img, masks, w, h)
    land = pygame.surfarray.make_surface(np.clip(img, 0, 255).astype(np.uint8).transpose(1, 0, 2))
    surf = pygame.Surface((M.WIDTH, M.HEIGHT))
    surf.blit(land, (0, 0))
    waves(surf, sea)
    mountain_marks(surf, polys, masks)
    draw_borders(surf, polys)
    draw_rivers(surf, rivers)
    draw_sites(surf, labels)
    compass(surf, 2310, 690)
    pygame.draw.rect(surf, INK, (0, 0, M.WIDTH, D.LAND_H), 4)
    draw_panel(surf, markers)
    pygame.image.save(surf, str(out))
