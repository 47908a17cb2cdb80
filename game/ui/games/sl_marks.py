"""Hammer's Slammers marks of part 2 over the map: artillery strikes and paradrop scatter.

An Indirect Fire strike is drawn from the rules' own record: the observer each piece fires
through (the strike event's ``observers``, or ``observer_of`` while it is planned) with a solid
line of sight to the target hex, each gun's shells as a dashed arc from its hex, and the target
ringed with what the roll did. A paradrop's scatter comes from the ``scatter`` event: the hex it
was aimed at, an arrow in the die's direction (1 north, then clockwise, HS-PAR-6) as many hexes
as the distance die says, and where it came down (the nearest map hex when it fell off the map).
"""
from __future__ import annotations

import math

import pygame

from . import sl_map

SIGHT = (96, 226, 255)          # an observer's line of sight to the strike
SHELL = (255, 150, 60)          # the shells' path from the gun
AIM = (255, 240, 120)           # where a paratrooper was aimed
LANDED = (120, 230, 140)
LOST = (235, 60, 48)
COMPASS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


def scatter_words(mark: dict) -> str:
    """A scatter in words: 'on target (die 2)' or 'drifts 3 hexes south-east (dice 5, 3, 3)'."""
    dice = mark.get("dice") or []
    if not mark.get("distance"):
        return f"on target (die {dice[0]})" if dice else "on target"
    way = COMPASS[(mark["direction"] - 1) % 6]
    words = f"drifts {mark['distance']} hex{'es' if mark['distance'] != 1 else ''} {way} (dice {', '.join(map(str, dice))})"
    return words + (": off the map, comes down at the edge" if mark.get("off_board") else "")


def _pos(board_view, h):
    p = board_view.screen_pos(tuple(h))
    return None if p is None else (round(p[0]), round(p[1]))


def _arrow(surface, colour, a, b, width: int) -> None:
    """A line from a to b with a head at b."""
    pygame.draw.line(surface, sl_map.LINE_DARK, a, b, width + 3)
    pygame.draw.line(surface, colour, a, b, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    size = 8 + width * 2
    head = [b, (b[0] - size * math.cos(ang - 0.45), b[1] - size * math.sin(ang - 0.45)),
            (b[0] - size * math.cos(ang + 0.45), b[1] - size * math.sin(ang + 0.45))]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.polygon(surface, sl_map.LINE_DARK, head, 1)


def _arc(a, b, lift: float, steps: int = 16) -> list:
    """Points of a shell's arc from a to b, bowed up by ``lift`` pixels."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - lift
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * mx + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * my + t * t * b[1]) for t in (i / steps for i in range(steps + 1))]


def draw_strike(surface, board_view, strike: dict, taken: list) -> None:
    """One strike: the guns' arcs (dashed), each observer's line of sight (solid), the target ringed."""
    end = _pos(board_view, strike["hex"])
    if end is None:
        return
    size = sl_map.text_size(board_view)
    hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
    for gun in strike.get("guns", ()):
        start = _pos(board_view, gun)
        if start is None or start == end:
            continue
        pts = _arc(start, end, max(30.0, math.dist(start, end) * 0.25))
        for i in range(0, len(pts) - 1, 2):
            pygame.draw.line(surface, sl_map.LINE_DARK, pts[i], pts[i + 1], 5)
            pygame.draw.line(surface, SHELL, pts[i], pts[i + 1], 3)
    for obs in strike.get("observers", ()):
        start = _pos(board_view, obs["hex"])
        if start is None:
            continue
        if start != end:
            pygame.draw.line(surface, sl_map.LINE_DARK, start, end, 6)
            pygame.draw.line(surface, SIGHT, start, end, 3)
        pygame.draw.circle(surface, sl_map.LINE_DARK, start, 9)
        pygame.draw.circle(surface, SIGHT, start, 7)
        pygame.draw.circle(surface, sl_map.LINE_DARK, start, 3)          # an eye: the observer
        sl_map.draw_pill(surface, (start[0], start[1] + hex_px * 0.55), f"observer {obs['name']}", "value", size, taken, True)
    sl_map.outline(surface, board_view, tuple(strike["hex"]), SHELL, 3, fill=(255, 150, 60, 60))
    r = max(10, round(hex_px * 0.38))
    pygame.draw.circle(surface, sl_map.LINE_DARK, end, r + 1, 4)
    pygame.draw.circle(surface, SHELL, end, r, 2)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):                  # cross-hairs
        pygame.draw.line(surface, SHELL, (end[0] + dx * r * 0.5, end[1] + dy * r * 0.5),
                         (end[0] + dx * r * 1.3, end[1] + dy * r * 1.3), 2)
    sl_map.draw_pill(surface, (end[0], end[1] - hex_px * 0.62), strike["words"], "effect", size + 1, taken, True)


def draw_scatter(surface, board_view, mark: dict, taken: list) -> None:
    """One paratrooper's drop: the hex aimed at, the arrow of its scatter, where it came down."""
    aim, land = _pos(board_view, mark["zone"]), _pos(board_view, mark["hex"])
    if aim is None or land is None:
        return
    size = sl_map.text_size(board_view)
    hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
    sl_map.outline(surface, board_view, tuple(mark["zone"]), AIM, 3)
    r = max(8, round(hex_px * 0.3))
    pygame.draw.circle(surface, sl_map.LINE_DARK, aim, r + 1, 3)
    pygame.draw.circle(surface, AIM, aim, r, 2)
    colour = LOST if mark.get("lost") else LANDED
    if land != aim:
        _arrow(surface, AIM, aim, land, 3)
        sl_map.outline(surface, board_view, tuple(mark["hex"]), colour, 3)
    mid = ((aim[0] + land[0]) / 2, (aim[1] + land[1]) / 2 - hex_px * 0.3)
    sl_map.draw_pill(surface, (aim[0], aim[1] - hex_px * 0.62), f"{mark['name']} aimed here", "ends", size, taken, True)
    words = scatter_words(mark) + (f": {mark['lost']}" if mark.get("lost") else "")
    sl_map.draw_pill(surface, mid if land != aim else (aim[0], aim[1] + hex_px * 0.55), words,
                     "block" if mark.get("lost") else "cost", size, taken, True)
