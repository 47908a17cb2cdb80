"""Draw the program's icon from code: a brass-rimmed hex on walnut with a red and a blue counter and a die.

Run `python packaging/make_icon.py` to rewrite packaging/wargames.png (256x256).
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
    for r in (34,):
        for q in range(-2, 3):
            for k in range(-3, 4):
                x = c + q * 1.5 * r
                y = c + (k + (q % 2) / 2) * math.sqrt(3) * r
                if math.dist((x, y), (c, c)) < 80:
                    pygame.draw.polygon(surface, (92, 128, 86), hexagon(x, y, r), 1)
    font_file = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
    font = pygame.font.Font(str(font_file) if font_file.exists() else None, 20)
    counter(surface, pygame.Rect(50, 70, 78, 78), (176, 48, 40), "R", font)
    counter(surface, pygame.Rect(118, 112, 78, 78), (52, 92, 160), "B", font)
    die(surface, pygame.Rect(150, 50, 50, 50))
    return surface


def main() -> int:
    """Write the icon file."""
    pygame.image.save(draw_icon(), str(OUT))
    print(OUT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
