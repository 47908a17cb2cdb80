"""The shell's look: slate and dark-wood colours, fonts scaled with the window, panel drawing."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.core import paths

# Slate panels with a walnut frame and brass accents: a wargamer's table, not a web page.
INK = (232, 226, 210)
INK_DIM = (170, 164, 150)
INK_DARK = (28, 26, 24)
BACKDROP = (24, 27, 30)
SLATE = (44, 49, 54)
SLATE_LIGHT = (62, 69, 76)
SLATE_DARK = (33, 37, 41)
WOOD = (92, 60, 36)
WOOD_LIGHT = (134, 92, 56)
WOOD_DARK = (58, 37, 22)
BRASS = (205, 164, 82)
BRASS_DIM = (150, 118, 60)
TARGET = (255, 214, 64)          # legal targets / focus; used for nothing else
WARN = (226, 120, 92)
GOOD = (140, 196, 120)

_SERIF = ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf")
_SANS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
_FONT_DIRS = (paths.assets_dir() / "fonts", Path("/usr/share/fonts/truetype/dejavu"),
              Path("/usr/share/fonts/dejavu"), Path("/Library/Fonts"), Path("C:/Windows/Fonts"))

_scale = 1.0
_fonts: dict = {}
_files: dict = {}


def set_scale(width: int, height: int) -> float:
    """Scale text and panels with the window: 1.0 at 1280x720, 2.0 at 2560x1440."""
    global _scale
    _scale = max(0.8, min(width / 1280, height / 720, 3.0))
    return _scale


def scale() -> float:
    """The current scale factor."""
    return _scale


def px(n: float) -> int:
    """A length in design pixels (at 1280x720) turned into window pixels."""
    return max(1, round(n * _scale))


def _font_file(name: str) -> str | None:
    if name not in _files:
        _files[name] = next((str(d / name) for d in _FONT_DIRS if (d / name).exists()), None)
    return _files[name]


def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """A font of ``size`` design pixels; DejaVu when present, pygame's own font otherwise."""
    return font_px(px(size), bold, serif)


def font_px(real: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """A font of ``real`` window pixels."""
    real = max(6, int(real))
    key = (real, bold, serif)
    if key not in _fonts:
        path = _font_file((_SERIF if serif else _SANS)[1 if bold else 0])
        f = pygame.font.Font(path, real)
        if path is None and bold:
            f.set_bold(True)
        _fonts[key] = f
    return _fonts[key]


_TEXT: dict = {}


def text(surface, words: str, pos, size=16, colour=INK, bold=False, serif=False, anchor="topleft"):
    """Draw one line of text; returns its rect."""
    key = (words, size, tuple(colour), bold, serif, _scale)
    img = _TEXT.get(key)
    if img is None:                  # the same labels are drawn every frame: render each once
        if len(_TEXT) > 2048:
            _TEXT.clear()
        img = _TEXT[key] = font(size, bold, serif).render(words, True, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def hint_tag(surface, rect) -> None:
    """Mark the button or card a hint names: a brass "Hint" tag on its top edge (the hint's words
    under the prompt are brass too; a tag, not a colour alone, since legal cards are outlined)."""
    rect = pygame.Rect(rect)
    img = font(11, bold=True).render("Hint", True, INK_DARK)
    tag = img.get_rect().inflate(px(10), px(2))
    tag.midright = (rect.right - px(4), rect.top)
    pygame.draw.rect(surface, INK_DARK, tag.move(0, px(1)), border_radius=tag.height // 2)
    pygame.draw.rect(surface, BRASS, tag, border_radius=tag.height // 2)
    surface.blit(img, img.get_rect(center=tag.center))


def wrap(words: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines no wider than ``width`` pixels."""
    lines = []
    for para in str(words).split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel_inner(rect, title: str | None = None) -> pygame.Rect:
    """The inner rect ``panel`` returns for ``rect`` (without drawing)."""
    inner = pygame.Rect(rect).inflate(-2 * px(4), -2 * px(4))
    if title:
        top = inner.top + px(24) + px(1)
        inner = pygame.Rect(inner.left, top, inner.width, inner.bottom - top)
    return inner


def panel(surface, rect, title: str | None = None, fill=SLATE) -> pygame.Rect:
    """A slate panel in a walnut frame; returns the inner rect below the title."""
    rect = pygame.Rect(rect)
    frame = px(4)
    pygame.draw.rect(surface, WOOD_DARK, rect, border_radius=px(6))
    pygame.draw.rect(surface, WOOD, rect.inflate(-px(2), -px(2)), border_radius=px(6))
    inner = rect.inflate(-2 * frame, -2 * frame)
    pygame.draw.rect(surface, fill, inner, border_radius=px(3))
    pygame.draw.line(surface, WOOD_LIGHT, (rect.left + px(6), rect.top + px(1)),
                     (rect.right - px(6), rect.top + px(1)))
    if title:
        bar = pygame.Rect(inner.left, inner.top, inner.width, px(24))
        pygame.draw.rect(surface, SLATE_DARK, bar, border_top_left_radius=px(3), border_top_right_radius=px(3))
        pygame.draw.line(surface, BRASS_DIM, bar.bottomleft, (bar.right - 1, bar.bottom))
        text(surface, title.upper(), (bar.left + px(8), bar.centery), 12, BRASS, bold=True, anchor="midleft")
        inner = pygame.Rect(inner.left, bar.bottom + px(1), inner.width, inner.bottom - bar.bottom - px(1))
    return inner


_backdrops: dict = {}


def backdrop(surface, motif=None) -> None:
    """The table: dark slate with a faint grid (or ``motif(surface)``), drawn once per size and cached."""
    key = (surface.get_size(), motif)
    cached = _backdrops.get(key)
    if cached is None:
        if len(_backdrops) > 8:
            _backdrops.clear()
        cached = pygame.Surface(surface.get_size())
        cached.fill(BACKDROP)
        if motif is not None:
            motif(cached)
        else:
            w, h = cached.get_size()
            step, line = px(48), (30, 34, 38)
            for x in range(0, w, step):
                pygame.draw.line(cached, line, (x, 0), (x, h))
            for y in range(0, h, step):
                pygame.draw.line(cached, line, (0, y), (w, y))
        _backdrops[key] = cached
    surface.blit(cached, (0, 0))


def side_colour(spec, side) -> tuple:
    """A side's colour from its GameSpec, the board views' fallback when it gives none."""
    if side is None:
        return (150, 150, 150)
    from . import theme   # the map palette, shared with the board views
    return theme.side_colour(spec.side_colours if spec is not None else {}, side)


def readable_on(colour) -> tuple:
    """Ink that reads on a background of ``colour``."""
    r, g, b = colour[:3]
    return INK_DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else INK


def side_adjective(spec, side) -> str:
    """'Maccabean' for a side the game names 'Maccabeans' (one word in the plural loses its s);
    a name of several words stays whole ("Hammer's Slammers")."""
    name = spec.display_name(side)
    if " " not in name and name.endswith("ies"):
        return name[:-3] + "y"                 # 'Mercenaries' -> 'Mercenary', not 'Mercenarie'
    if " " not in name and name.endswith("s") and not name.endswith("ss"):
        name = name[:-1]
    return name


def player_of(spec, side) -> str:
    """'the Maccabean player' for a side the game names 'Maccabeans'."""
    return f"the {side_adjective(spec, side)} player"
