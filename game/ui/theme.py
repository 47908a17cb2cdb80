"""The shared map palette and fonts: colours every board view, counter and highlight uses."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.core import paths

# Highlights. TARGET is the legal-target colour and is used for nothing else (UI.md).
TARGET = (255, 214, 64)
TARGET_GLOW = (255, 240, 170)
SELECT = (255, 255, 255)
SELECT_EDGE = (20, 20, 24)
PATH = (200, 48, 40)
PATH_INK = (255, 255, 255)

# The table around the map, and map ink.
TABLE = (36, 40, 44)
INK = (52, 40, 30)
INK_SOFT = (98, 82, 64)
HALO = (246, 238, 216)
GRID = (70, 64, 50)
BORDER = (96, 72, 52)

# Link kinds: road = tan, purple_road = purple (Judean Hammer), sea = dashed blue.
LINK_STYLE = {
    "road": {"colour": (186, 146, 96), "edge": (110, 80, 52), "width": 4.0, "dash": 0},
    "purple_road": {"colour": (134, 72, 170), "edge": (70, 34, 92), "width": 4.0, "dash": 0},
    "sea": {"colour": (60, 100, 160), "edge": None, "width": 2.0, "dash": 10},
    "river": {"colour": (84, 136, 196), "edge": None, "width": 3.0, "dash": 0},
}
LINK_DEFAULT = {"colour": (120, 100, 80), "edge": None, "width": 2.5, "dash": 6}

# Land textures by area terrain/kind; anything else gets "land".
TEXTURE_FOR = {"wilderness": "wilderness", "desert": "desert", "hills": "hills",
               "mountain": "hills", "sea": "sea", "water": "sea", "city": "parchment",
               "supply_centre": "parchment"}

# Sides: colour-blind safety needs a shape as well as a colour (UI.md quality bar).
SIDE_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
FALLBACK_SIDE_COLOURS = [(176, 48, 40), (52, 92, 160), (70, 130, 60), (200, 150, 40),
                         (120, 70, 150), (90, 90, 90)]

_FONT_DIRS = (paths.assets_dir() / "fonts", Path("/usr/share/fonts/truetype/dejavu"))
_fonts: dict = {}


def font(size: int, bold: bool = False, serif: bool = False,
         condensed: bool = False) -> pygame.font.Font:
    """A DejaVu font of `size` pixels (cached); pygame's default font if none is found."""
    size = max(6, int(size))
    key = (size, bold, serif, condensed)
    if not pygame.font.get_init():   # fonts made before a pygame.quit() are dead
        _fonts.clear()
        pygame.font.init()
    if key not in _fonts:
        name = "DejaVuSerif" if serif else "DejaVuSans"
        if condensed:
            name += "Condensed"
        name += "-Bold.ttf" if (bold or condensed) else ".ttf"
        file = next((d / name for d in _FONT_DIRS if (d / name).exists()), None)
        _fonts[key] = pygame.font.Font(str(file) if file else None, size)
    return _fonts[key]


def asset(*parts: str) -> Path:
    """Path of a shipped asset file."""
    return paths.assets_dir().joinpath(*parts)


def parse_colour(value, default=(200, 200, 200)) -> tuple:
    """A Tiled colour property ('#aarrggbb' or '#rrggbb') or a tuple as an RGB tuple."""
    if isinstance(value, (tuple, list)) and len(value) >= 3:
        return tuple(int(v) for v in value[:3])
    if isinstance(value, str):
        s = value.strip().lstrip("#")
        try:
            if len(s) == 8:
                s = s[2:]
            if len(s) == 6:
                return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            return default
    return default


def side_colour(side_colours: dict, side: str) -> tuple:
    """The colour of a side: from the game's side_colours, else a stable fallback."""
    if side in side_colours:
        return parse_colour(side_colours[side])
    return FALLBACK_SIDE_COLOURS[sum(map(ord, str(side))) % len(FALLBACK_SIDE_COLOURS)]


def side_shape(side_colours: dict, side: str) -> str:
    """The shape that marks a side besides its colour (order of the sides in side_colours)."""
    order = list(side_colours)
    index = order.index(side) if side in order else sum(map(ord, str(side)))
    return SIDE_SHAPES[index % len(SIDE_SHAPES)]


def side_letter(side: str) -> str:
    """The letter that marks a side on counters and cubes."""
    return (str(side)[:1] or "?").upper()


def ink_on(colour) -> tuple:
    """Black or white text, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 250)


def shade(colour, k: float) -> tuple:
    """colour scaled by k (darker below 1, lighter above), clamped to 0..255."""
    return tuple(max(0, min(255, round(c * k))) for c in colour[:3])


def mix(a, b, t: float) -> tuple:
    """Blend of colours a and b (t = 0 gives a, 1 gives b)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))
