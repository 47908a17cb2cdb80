"""Draw the program's icon from code: a brass-rimmed hex on walnut with a red and a blue counter and a die.

Run `python packaging/make_icon.py` to rewrite packaging/wargames.png (256x256, the window's
icon) and packaging/icons/: the same picture as SVG and as PNG at the usual menu sizes.
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

SIZE = 256
OUT = Path(__file__).with_name("wargames.png")
ICONS = Path(__file__).with_name("icons")
MENU_SIZES = (16, 24, 32, 48, 64, 128, 256)
RED, BLUE, INK, IVORY = (176, 48, 40), (52, 92, 160), (20, 16, 12), (245, 238, 220)
COUNTERS = ((50, 70, RED, "R"), (118, 112, BLUE, "B"))     # left, top, colour, letter (78x78)
DIE = (150, 50, 50)                                          # left, top, side


def hexagon(cx, cy, r):
    """Corners of a flat-top hexagon."""
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def counter(surface, rect, colour, letter, font):
    """A square counter with a NATO infantry box and a letter."""
    pygame.draw.rect(surface, (20, 16, 12), rect.move(4, 5), border_radius=8)
    pygame.draw.rect(surface, colour, rect, border_radius=8)
    pygame.draw.rect(surface, (20, 16, 12), rect, 3, border_radius=8)
    box = pygame.Rect(0, 0, rect.w * 0.56, rect.h * 0.34)
    box.center = (rect.centerx, rect.centery - rect.h * 0.08)
    pygame.draw.rect(surface, (245, 238, 220), box, 3)
    pygame.draw.line(surface, (245, 238, 220), box.topleft, box.bottomright, 3)
    pygame.draw.line(surface, (245, 238, 220), box.bottomleft, box.topright, 3)
    img = font.render(letter, True, (245, 238, 220))
    surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom - 2)))


def die(surface, rect):
    """An ivory die showing five."""
    pygame.draw.rect(surface, (20, 16, 12), rect.move(3, 4), border_radius=9)
    pygame.draw.rect(surface, (238, 230, 208), rect, border_radius=9)
    pygame.draw.rect(surface, (120, 100, 70), rect, 2, border_radius=9)
    s = rect.w * 0.27
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        pygame.draw.circle(surface, (30, 26, 22), (rect.centerx + dx * s, rect.centery + dy * s), rect.w * 0.09)


def draw_icon() -> pygame.Surface:
    """The icon as a 256x256 surface with transparency."""
    pygame.font.init()
    surface = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    c = SIZE / 2
    pygame.draw.polygon(surface, (58, 37, 22), hexagon(c, c + 4, 126))
    pygame.draw.polygon(surface, (205, 164, 82), hexagon(c, c, 124))
    pygame.draw.polygon(surface, (92, 60, 36), hexagon(c, c, 114))
    pygame.draw.polygon(surface, (72, 104, 70), hexagon(c, c, 100))
    for x, y in _grid_centres(c):
        pygame.draw.polygon(surface, (92, 128, 86), hexagon(x, y, 34), 1)
    font_file = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
    font = pygame.font.Font(str(font_file) if font_file.exists() else None, 20)
    for x, y, colour, letter in COUNTERS:
        counter(surface, pygame.Rect(x, y, 78, 78), colour, letter, font)
    die(surface, pygame.Rect(DIE[0], DIE[1], DIE[2], DIE[2]))
    return surface


def _grid_centres(c, r=34):
    """Centres of the faint hex grid inside the board (as draw_icon lays it)."""
    for q in range(-2, 3):
        for k in range(-3, 4):
            x, y = c + q * 1.5 * r, c + (k + (q % 2) / 2) * math.sqrt(3) * r
            if math.dist((x, y), (c, c)) < 80:
                yield x, y


def _svg_poly(points, fill=None, stroke=None, width=1):
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    paint = f'fill="{_rgb(fill)}"' if fill else 'fill="none"'
    if stroke:
        paint += f' stroke="{_rgb(stroke)}" stroke-width="{width}"'
    return f'<polygon points="{pts}" {paint}/>'


def _rgb(colour):
    return "#%02x%02x%02x" % colour


def _svg_counter(x, y, colour, letter):
    s, box_w, box_h = 78, 78 * 0.56, 78 * 0.34
    bx, by = x + (s - box_w) / 2, y + s / 2 - s * 0.08 - box_h / 2
    return "\n".join((
        f'<rect x="{x + 4}" y="{y + 5}" width="{s}" height="{s}" rx="8" fill="{_rgb(INK)}"/>',
        f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="8" fill="{_rgb(colour)}" '
        f'stroke="{_rgb(INK)}" stroke-width="3"/>',
        f'<g fill="none" stroke="{_rgb(IVORY)}" stroke-width="3"><rect x="{bx:.1f}" y="{by:.1f}" '
        f'width="{box_w:.1f}" height="{box_h:.1f}"/><path d="M{bx:.1f},{by:.1f} l{box_w:.1f},{box_h:.1f} '
        f'M{bx:.1f},{by + box_h:.1f} l{box_w:.1f},{-box_h:.1f}"/></g>',
        f'<text x="{x + s / 2}" y="{y + s - 6}" font-family="DejaVu Sans, sans-serif" font-weight="bold" '
        f'font-size="20" text-anchor="middle" fill="{_rgb(IVORY)}">{letter}</text>'))


def _svg_die(x, y, side):
    pip, step, cx, cy = side * 0.09, side * 0.27, x + side / 2, y + side / 2
    pips = "".join(f'<circle cx="{cx + dx * step:.1f}" cy="{cy + dy * step:.1f}" r="{pip:.1f}"/>'
                   for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)))
    return (f'<rect x="{x + 3}" y="{y + 4}" width="{side}" height="{side}" rx="9" fill="{_rgb(INK)}"/>'
            f'<rect x="{x}" y="{y}" width="{side}" height="{side}" rx="9" fill="#eee6d0" '
            f'stroke="#786446" stroke-width="2"/><g fill="#1e1a16">{pips}</g>')


def draw_svg() -> str:
    """The same picture as draw_icon, as an SVG document (for the scalable menu icon)."""
    c = SIZE / 2
    parts = [_svg_poly(hexagon(c, c + 4, 126), (58, 37, 22)), _svg_poly(hexagon(c, c, 124), (205, 164, 82)),
             _svg_poly(hexagon(c, c, 114), (92, 60, 36)), _svg_poly(hexagon(c, c, 100), (72, 104, 70))]
    parts += [_svg_poly(hexagon(x, y, 34), stroke=(92, 128, 86)) for x, y in _grid_centres(c)]
    parts += [_svg_counter(*spec) for spec in COUNTERS] + [_svg_die(*DIE)]
    body = "\n".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
            f'viewBox="0 0 {SIZE} {SIZE}">\n<title>Wargames Table</title>\n{body}\n</svg>\n')


def main() -> int:
    """Write the icon files."""
    icon = draw_icon()
    pygame.image.save(icon, str(OUT))
    ICONS.mkdir(exist_ok=True)
    for size in MENU_SIZES:
        small = icon if size == SIZE else pygame.transform.smoothscale(icon, (size, size))
        pygame.image.save(small, str(ICONS / f"wargames-{size}.png"))
    (ICONS / "wargames.svg").write_text(draw_svg(), encoding="utf-8")
    print(OUT, ICONS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
