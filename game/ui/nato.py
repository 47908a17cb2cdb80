"""NATO-style unit symbols for the modern armies (Hammer's Slammers), drawn inside a counter's box.

The frame is the box; inside it the function marks of APP-6 in simplified form:

- ``armour``: a track oval; ``infantry``: a cross; ``artillery``: a dot;
- ``armoured_car``: the recon slash over two wheels; ``armoured_cavalry``: slash and oval;
- ``motorised`` (buses and trucks): a vertical stroke over two wheels;
- ``mechanised``: cross and oval; ``sp_artillery``: dot and oval;
- ``air_defence``: the air-defence dome; ``sp_air_defence``: dome and oval.

A ``hover_`` prefix (``hover_armour``) adds the air-cushion skirt along the bottom of the frame
that marks a hover (ground-effect) vehicle. ``skimmer`` is Mercenary or Slammers infantry
mounted on its skimmers (the counter's back, HS-COM-4): the infantry cross riding the skirt,
with the skimmer's small lift fans at the frame's upper corners, so it reads apart from a
hover personnel carrier at a glance.
``draw`` returns False for a key it does not know, so ``game.ui.counters`` falls back to its own.
"""
from __future__ import annotations

import math

import pygame

SKIMMER = "skimmer"
BASES = ("armour", "armoured_car", "armoured_cavalry", "motorised", "infantry", "mechanised",
         "artillery", "sp_artillery", "air_defence", "sp_air_defence")
HOVER = "hover_"
CLASSIC = ("armour", "infantry", "artillery")      # game.ui.counters draws these itself


def known(symbol: str) -> bool:
    """Whether this module draws the symbol in place of game.ui.counters' own."""
    if symbol == SKIMMER:
        return True
    return symbol.removeprefix(HOVER) in BASES and (symbol.startswith(HOVER) or symbol not in CLASSIC)


def draw(surf: pygame.Surface, symbol: str, box: pygame.Rect, ink, w: int) -> bool:
    """Draw the symbol's frame and marks in ``box``; False (nothing drawn) for an unknown key."""
    if symbol == SKIMMER:
        _skimmer(surf, box, ink, w)
        return True
    base = symbol.removeprefix(HOVER)
    if base not in BASES:
        return False
    pygame.draw.rect(surf, ink, box, w)
    inner = box.inflate(-2 * w, -2 * w)
    if symbol.startswith(HOVER):
        _skirt(surf, inner, ink, w)
        inner = pygame.Rect(inner.x, inner.y, inner.w, inner.h - max(2, inner.h // 4))
    if base in ("armour", "armoured_cavalry", "mechanised", "sp_artillery", "sp_air_defence"):
        pygame.draw.ellipse(surf, ink, inner.inflate(-inner.w // 4, -inner.h // 3), w)
    if base in ("infantry", "mechanised"):
        pygame.draw.line(surf, ink, inner.topleft, inner.bottomright, w)
        pygame.draw.line(surf, ink, inner.bottomleft, inner.topright, w)
    if base in ("armoured_car", "armoured_cavalry"):
        pygame.draw.line(surf, ink, inner.bottomleft, inner.topright, w)
    if base in ("armoured_car", "motorised"):
        _wheels(surf, inner, ink)
    if base == "motorised":
        pygame.draw.line(surf, ink, (inner.centerx, inner.y), (inner.centerx, inner.bottom - inner.h // 3), w)
    if base in ("artillery", "sp_artillery"):
        pygame.draw.circle(surf, ink, inner.center, max(2, inner.h // 5))
    if base in ("air_defence", "sp_air_defence"):
        dome = pygame.Rect(inner.x + inner.w // 6, inner.bottom - inner.h // 2, inner.w * 2 // 3, inner.h)
        pygame.draw.arc(surf, ink, dome, 0, math.pi, w)
    return True


def _wheels(surf, inner: pygame.Rect, ink) -> None:
    """Two wheels along the bottom of the frame: a wheeled vehicle."""
    r = max(1, inner.h // 7)
    y = inner.bottom - r - 1
    for x in (inner.x + inner.w // 3, inner.right - inner.w // 3):
        pygame.draw.circle(surf, ink, (x, y), r)


def _skirt(surf, inner: pygame.Rect, ink, w: int) -> None:
    """The air-cushion skirt: a filled strip with rounded ends along the frame's bottom."""
    h = max(2, inner.h // 4)
    strip = pygame.Rect(inner.x + inner.w // 8, inner.bottom - h, inner.w * 3 // 4, h)
    pygame.draw.rect(surf, ink, strip, border_radius=h // 2)


def _skimmer(surf, box: pygame.Rect, ink, w: int) -> None:
    """Skimmer-mounted infantry: the frame, the skirt, the infantry cross above it, two lift fans."""
    pygame.draw.rect(surf, ink, box, w)
    inner = box.inflate(-2 * w, -2 * w)
    _skirt(surf, inner, ink, w)
    body = pygame.Rect(inner.x, inner.y, inner.w, inner.h - max(2, inner.h // 4))
    cross = body.inflate(-body.w // 3, 0)
    pygame.draw.line(surf, ink, cross.topleft, cross.bottomright, w)
    pygame.draw.line(surf, ink, cross.bottomleft, cross.topright, w)
    r = max(1, min(inner.w // 10, inner.h // 5))
    for x in (inner.x + r + 1, inner.right - r - 1):
        pygame.draw.circle(surf, ink, (x, inner.y + r + 1), r, 1 if r > 2 else 0)
