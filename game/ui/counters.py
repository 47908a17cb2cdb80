"""Printed-looking wargame counters, drawn once per look and size (pieces.SpriteCache keeps them).

A piece dict (view["pieces"], see docs/architecture.md) may carry, beside ``side``:
``label`` (the short name printed on top), ``values`` (``"4-5-1"`` or a list such as
``[6, 3, 2, 4]`` for attack-defence-range-move), ``symbol`` (a unit type: NATO-style boxes
or a pictogram), ``band`` (a colour band under the name: an Ork tribe; a colour name or
``[r, g, b]``) and ``flags``: ``"flipped"``/``"reduced"`` draw the counter's back (a paler
face with a turned corner), every other flag a black-and-white tag with its letter
(disrupted D, retreated R, ...), so states read without colour (UI.md).
"""
from __future__ import annotations

import math

import pygame

from game.ui import nato, theme

FLAG_MARKS = {"confused": "C", "disrupted": "D", "disorganized": "D", "suppressed": "S",
              "spent": "X", "moved": "M", "fired": "F", "routed": "R", "eliminated": "E",
              "retreated": "R", "attacked": "A", "marked": "!", "out_of_supply": "U", "ruined": "X"}
BACK_FLAGS = ("flipped", "reduced")        # the counter's other face, not a tag
BAND_COLOURS = {"black": (28, 28, 30), "yellow": (240, 200, 40), "red": (200, 36, 30),
                "white": (246, 246, 240), "blue": (40, 90, 200), "green": (50, 140, 60),
                "orange": (232, 130, 30), "purple": (120, 60, 150)}
READABLE = 26     # px from which a counter prints its name and values


def values_text(values) -> str:
    """'4-5-1' from a string or a list of numbers (attack-defence-move, or with range)."""
    if values is None or values == "":
        return ""
    if isinstance(values, (list, tuple)):
        return "-".join(str(v) for v in values)
    return str(values)


def band_colour(band):
    """A band's RGB from a colour name or [r, g, b]; None for no band."""
    if not band:
        return None
    if isinstance(band, (list, tuple)) and len(band) >= 3:
        return tuple(int(c) for c in band[:3])
    return BAND_COLOURS.get(str(band).lower()) or theme.parse_colour(band, None)


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


# -- unit symbols ------------------------------------------------------------------------
def _pictogram(surf, symbol: str, box: pygame.Rect, ink, w: int) -> bool:
    """Symbols that are pictures rather than a NATO box; True when one was drawn."""
    if symbol in ("leader", "hq", "general"):
        pygame.draw.rect(surf, ink, box, w)
        pygame.draw.rect(surf, ink, pygame.Rect(box.x, box.y, box.w // 2, box.h // 2))
    elif symbol in ("hero", "commander"):
        draw_side_shape(surf, "star", box.center, box.h * 0.62, ink)
    elif symbol in ("ship", "naval", "fleet"):
        hull = [(box.x, box.centery), (box.right, box.centery),
                (box.right - box.w // 5, box.bottom), (box.x + box.w // 5, box.bottom)]
        pygame.draw.polygon(surf, ink, hull)
        pygame.draw.line(surf, ink, (box.centerx, box.centery), (box.centerx, box.y), w)
        pygame.draw.polygon(surf, ink, [(box.centerx + w, box.y + w), (box.centerx + w, box.centery - w),
                                        (box.right - box.w // 6, box.centery - w)])
    elif symbol in ("hive", "city"):
        base = box.bottom
        for i, k in enumerate((0.55, 0.9, 1.0, 0.75, 0.5)):
            x = box.x + box.w * i // 5
            top = base - round(box.h * k)
            pygame.draw.rect(surf, ink, (x + 1, top, max(1, box.w // 5 - 1), base - top))
        pygame.draw.line(surf, ink, (box.centerx, base - box.h), (box.centerx, box.y - box.h // 4), w)
    elif symbol in ("factory", "works"):
        h = box.h // 2
        pts = [(box.x, box.bottom), (box.x, box.centery)]
        for i in range(3):
            x0 = box.x + box.w * i // 4
            pts += [(x0 + box.w // 4, box.centery - h // 2), (x0 + box.w // 4, box.centery)]
        pts += [(box.right, box.y), (box.right, box.bottom)]
        pygame.draw.polygon(surf, ink, pts)
    elif symbol in ("fort", "fortification"):
        pygame.draw.rect(surf, ink, box, w)
        step = max(2, box.w // 5)
        for x in range(box.x, box.right - 1, step * 2):
            pygame.draw.rect(surf, ink, (x, box.y - step // 2, step, step // 2 + w))
    elif symbol in ("ruin", "smoking_ruin"):
        for i in range(4):
            x = box.x + box.w * i // 4
            top = box.bottom - round(box.h * (0.3 + 0.5 * ((i * 7) % 3) / 2))
            pygame.draw.rect(surf, ink, (x + 1, top, max(1, box.w // 4 - 2), box.bottom - top))
        pygame.draw.circle(surf, ink, (box.centerx, box.y), max(2, box.h // 5), w)
    else:
        return False
    return True


def _symbol(surf: pygame.Surface, symbol: str, box: pygame.Rect, ink) -> None:
    """A NATO-style unit symbol (or pictogram) inside `box`."""
    w = max(1, box.h // 9)
    if nato.known(symbol):      # the modern armies' symbols (Hammer's Slammers)
        nato.draw(surf, symbol, box, ink, w)
        return
    if _pictogram(surf, symbol, box, ink, w):
        return
    if symbol in ("space", "air", "grav", "hover"):
        pygame.draw.rect(surf, ink, box, w)
        arc = pygame.Rect(box.x + box.w // 5, box.y + box.h // 4, box.w * 3 // 5, box.h)
        pygame.draw.arc(surf, ink, arc, 0, math.pi, w)
        return
    pygame.draw.rect(surf, ink, box, w)
    if symbol in ("elite", "marines"):
        pygame.draw.rect(surf, ink, box.inflate(-2 * w - 2, -2 * w - 2), w)
    if symbol in ("infantry", "foot", "mech", "mechanized", "airborne", "elite", "marines", "militia"):
        pygame.draw.line(surf, ink, box.topleft, (box.right - 1, box.bottom - 1), w)
        pygame.draw.line(surf, ink, (box.x, box.bottom - 1), (box.right - 1, box.y), w)
    if symbol in ("armor", "armour", "tank", "mech", "mechanized"):
        pygame.draw.ellipse(surf, ink, box.inflate(-box.w // 3, -box.h // 2), w)
    elif symbol in ("cavalry", "recon", "scout", "bikes"):
        pygame.draw.line(surf, ink, (box.x, box.bottom - 1), (box.right - 1, box.y), w)
        if symbol == "bikes":
            pygame.draw.ellipse(surf, ink, box.inflate(-box.w // 3, -box.h // 2), w)
    elif symbol in ("artillery", "guns", "howitzer"):
        pygame.draw.circle(surf, ink, box.center, max(2, box.h // 5))
    elif symbol == "airborne":
        arc = pygame.Rect(box.centerx - box.w // 5, box.bottom - box.h // 3, box.w * 2 // 5, box.h // 3)
        pygame.draw.arc(surf, ink, arc, 0, math.pi, w)
    elif symbol in ("walker", "titan", "gargant"):
        top = (box.centerx, box.y + box.h // 5)
        pygame.draw.line(surf, ink, top, (box.x + box.w // 4, box.bottom - 1), w + 1)
        pygame.draw.line(surf, ink, top, (box.right - box.w // 4, box.bottom - 1), w + 1)
        pygame.draw.circle(surf, ink, top, max(2, box.h // 6))
    elif symbol in ("militia", "irregular", "mob", "raider"):
        for i in range(3):
            x = box.x + box.w * (i + 1) // 4
            pygame.draw.line(surf, ink, (x, box.y + box.h // 4), (x, box.bottom - box.h // 4), w)


# -- the counter ---------------------------------------------------------------------------
def _text(surf, text, size, colour, centre, bold=True, max_w=None) -> None:
    """Centred text, shrunk until it fits max_w."""
    if not text or size < 6:
        return
    img = theme.font(size, bold=bold, condensed=True).render(str(text), True, colour)
    while max_w and img.get_width() > max_w and size > 6:
        size -= 1
        img = theme.font(size, bold=bold, condensed=True).render(str(text), True, colour)
    if max_w and img.get_width() > max_w:      # still too long: its start, within its room (never over a mark)
        img = img.subsurface((0, 0, int(max_w), img.get_height()))
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_counter(piece: dict, size: int, side_colours: dict) -> pygame.Surface:
    """A printed-style counter: side colour, band, symbol, short name on top, values along the bottom."""
    size = max(10, int(size))
    side = piece.get("side", "")
    flags = [f for f in (piece.get("flags") or ()) if f]
    colour = theme.side_colour(side_colours, side)
    back = any(f in BACK_FLAGS for f in flags)
    face = theme.mix(colour, (250, 248, 240), 0.5) if back else colour
    ink = theme.ink_on(face)
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, size)
    radius = max(1, size // 10)
    pygame.draw.rect(surf, (0, 0, 0, 110), body.move(2, 2), border_radius=radius)
    pygame.draw.rect(surf, face, body, border_radius=radius)
    pygame.draw.rect(surf, theme.shade(face, 1.25), body.inflate(-2, -2), 1, border_radius=radius)
    band = band_colour(piece.get("band"))
    if band is not None:
        _band(surf, band, size)
    if back:
        _turned_corner(surf, colour, size)
    pygame.draw.rect(surf, theme.shade(colour, 0.5), body, max(1, size // 28), border_radius=radius)
    box = pygame.Rect(0, 0, round(size * 0.5), round(size * 0.3))
    box.center = (size // 2, round(size * (0.55 if band is not None else 0.5)))
    _symbol(surf, piece.get("symbol") or "", box, ink)
    if size >= READABLE:
        _text(surf, piece.get("label", ""), round(size * 0.2), ink, (size * 0.57, size * 0.15),
              max_w=size * 0.7)   # right of the side's shape in the corner
        _text(surf, values_text(piece.get("values")), round(size * 0.26), ink, (size / 2, size * 0.845),
              max_w=size * 0.92)
    # The side's shape in the top-left corner: colour-blind safe (UI.md); never under 5 px across,
    # so it still reads on the small counters of a zoomed-out map.
    r = max(2.5, size * 0.08)
    draw_side_shape(surf, theme.side_shape(side_colours, side), (max(size * 0.13, r + 2), max(size * 0.14, r + 2)),
                    r, ink)
    _flags(surf, [f for f in flags if f not in BACK_FLAGS], size)
    return surf


def _band(surf, band, size: int) -> None:
    """A colour band across the counter under the name (an Ork tribe), edged so black and dark sides part."""
    top, h = round(size * 0.27), max(2, round(size * 0.11))
    rect = pygame.Rect(1, top, size - 2, h)
    pygame.draw.rect(surf, band, rect)
    edge = (250, 250, 245) if sum(band) < 200 else (20, 20, 20)
    pygame.draw.line(surf, edge, rect.topleft, (rect.right - 1, rect.top))
    pygame.draw.line(surf, edge, (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1))


def _turned_corner(surf, colour, size: int) -> None:
    """The back of a counter: its bottom-right corner turned up, in the side's full colour."""
    k = max(4, round(size * 0.24))
    pygame.draw.polygon(surf, theme.shade(colour, 0.8), [(size - k, size - 1), (size - 1, size - k),
                                                          (size - k, size - k)])
    pygame.draw.polygon(surf, (250, 248, 240), [(size - k, size - 1), (size - 1, size - k), (size - 1, size - 1)])


def _flags(surf: pygame.Surface, flags, size: int) -> None:
    """Status markers that read without colour: a black-and-white striped band and a letter tag."""
    marks = [FLAG_MARKS.get(f, str(f)[:1].upper()) for f in flags]
    if not marks:
        return
    if any(f in ("disrupted", "disorganized", "confused", "suppressed", "routed") for f in flags):
        stripes = pygame.Surface((size, size), pygame.SRCALPHA)
        step = max(4, size // 6)
        for i in range(-size, size, step):
            pygame.draw.line(stripes, (255, 255, 255, 120), (i, size), (i + size, 0), max(1, step // 3))
        surf.blit(stripes, (0, 0))
    tag = max(8, round(size * 0.22))
    for k, mark in enumerate(marks[:2]):
        # On the right edge beside the symbol, clear of the name and the values.
        top = round(size * 0.5 - tag / 2) + k * (tag + 1) - (tag // 2 if len(marks) > 1 else 0)
        r = pygame.Rect(size - tag - max(1, size // 20), top, tag, tag)
        pygame.draw.rect(surf, (16, 16, 16), r)
        pygame.draw.rect(surf, (250, 250, 250), r, 1)
        _text(surf, mark, round(tag * 0.8), (250, 250, 250), r.center)
