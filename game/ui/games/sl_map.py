"""Hammer's Slammers marks over the map: the line-of-sight tool, move costs, results of the round.

The line of sight is the rules' own trace (``los_trace``: each hex crossed with its LOS value
and the hexes that block, HS-LOS-1..8); this module only draws it: the line from the firer's
hex centre to the hovered hex, each crossed hex outlined with its value, the blocking ones
filled red, and a card in the map's corner that says why in the table's numbers, with the
range and, when firers are picked, the odds the attack would get.
"""
from __future__ import annotations

import pygame

from game.ui import theme

CLEAR = (120, 230, 140)
BLOCKED = (235, 60, 48)
LINE_DARK = (16, 16, 16)
CARD_FILL = (24, 26, 28, 232)
CARD_INK = (238, 236, 228)
CARD_DIM = (176, 180, 176)
PILLS = {"effect": ((150, 30, 24), (255, 255, 255)), "cost": ((34, 30, 26), (250, 214, 96)),
         "value": ((20, 20, 20), (255, 255, 255)), "block": ((200, 40, 32), (255, 255, 255)),
         "ends": ((240, 236, 220), (20, 20, 20)), "assault": ((226, 84, 40), (255, 255, 255))}
_PILL_CACHE: dict = {}


def pill(text: str, kind: str, size: int = 13) -> pygame.Surface:
    """A rounded tag with a few words (rendered once per text, kind and size)."""
    key = (text, kind, size)
    img = _PILL_CACHE.get(key)
    if img is None:
        fill, ink = PILLS.get(kind, PILLS["effect"])
        words = theme.font(size, bold=True).render(text, True, ink)
        r = words.get_rect().inflate(max(4, size - 2), 4)
        r.w = max(r.w, r.h)
        img = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(img, fill, r, border_radius=r.h // 2)
        pygame.draw.rect(img, LINE_DARK, r, 1, border_radius=r.h // 2)
        img.blit(words, words.get_rect(center=r.center))
        if len(_PILL_CACHE) > 600:
            _PILL_CACHE.clear()
        _PILL_CACHE[key] = img
    return img


def draw_pill(surface, pos, text: str, kind: str, size: int = 13, taken: list | None = None) -> bool:
    """A pill centred on pos; with ``taken`` (rects already drawn) it is left out where it would cover one."""
    img = pill(text, kind, size)
    rect = img.get_rect(center=(round(pos[0]), round(pos[1])))
    if taken is not None:
        if rect.collidelist(taken) >= 0:
            return False
        taken.append(rect)
    surface.blit(img, rect)
    return True


def text_size(board_view) -> int:
    """Pill text size for the hexes' size on screen: 13 px on big hexes, down to 9."""
    hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
    return max(9, min(13, round(13 * hex_px / 44)))


def outline(surface, board_view, place, colour, width: int, fill=None) -> None:
    """A hex's outline on screen (filled translucent when ``fill`` is an RGBA)."""
    pts = board_view.outline(place)
    if not pts:
        return
    pts = [board_view.camera.to_screen(x, y) for x, y in pts]
    if fill is not None:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, fill, [(x - box.x, y - box.y) for x, y in pts])
        surface.blit(layer, box)
    pygame.draw.polygon(surface, colour, pts, width)


RING = (120, 200, 255)
RUBBLE = (236, 196, 40)          # the yellow markers (HS-COM-3)
ASSAULT = (226, 84, 40)


def draw_markers(surface, board_view, rubble, assaults) -> None:
    """Rubble markers in their hexes' lower left and a ring with crossed swords on every Close Assault."""
    vp = board_view.camera.viewport
    hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
    side = max(9, round(hex_px * 0.3))
    for h in rubble:
        pos = board_view.screen_pos(tuple(h))
        if pos is None or not vp.inflate(side * 4, side * 4).collidepoint(pos):
            continue
        box = pygame.Rect(0, 0, side, side)
        box.center = (round(pos[0] - hex_px * 0.3), round(pos[1] + hex_px * 0.22))
        pygame.draw.rect(surface, RUBBLE, box, border_radius=max(1, side // 6))
        pygame.draw.rect(surface, LINE_DARK, box, 1, border_radius=max(1, side // 6))
        img = theme.font(max(7, side - 3), bold=True).render("R", True, LINE_DARK)
        surface.blit(img, img.get_rect(center=box.center))
    for h in assaults:
        pos = board_view.screen_pos(tuple(h))
        if pos is None or not vp.inflate(hex_px * 2, hex_px * 2).collidepoint(pos):
            continue
        outline(surface, board_view, tuple(h), LINE_DARK, 4)
        outline(surface, board_view, tuple(h), ASSAULT, 2)
        words = "⚔ Close Assault" if hex_px >= 40 else "⚔"
        draw_pill(surface, (pos[0], pos[1] + hex_px * 0.5), words, "assault", text_size(board_view))


def draw_ring(surface, board_view, hexes, extended: bool) -> None:
    """The edge of a firer's range: each hex at that distance outlined (extended range thinner, HS-RNG-5)."""
    vp = board_view.camera.viewport
    for h in hexes:
        pos = board_view.screen_pos(h)
        if pos is None or not vp.inflate(80, 80).collidepoint(pos):
            continue
        outline(surface, board_view, h, LINE_DARK, 3 if not extended else 2)
        outline(surface, board_view, h, RING, 2 if not extended else 1)


def draw_los(surface, board_view, trace: dict, sources: list) -> None:
    """The line of sight on the map: line(s) from each firer's hex, crossed hexes with their values."""
    target = tuple(trace["to"])
    end = board_view.screen_pos(target)
    if end is None:
        return
    clear = trace["clear"]
    colour = CLEAR if clear else BLOCKED
    blockers = {tuple(b["hex"]) for b in trace["blocked_by"]}
    size = text_size(board_view)
    for c in trace["crossed"]:
        h = tuple(c["hex"])
        if h in blockers:
            outline(surface, board_view, h, BLOCKED, 3, fill=(220, 40, 30, 90))
        else:
            outline(surface, board_view, h, (250, 250, 240), 1)
    for src in sources:
        start = board_view.screen_pos(tuple(src))
        if start is None:
            continue
        pygame.draw.line(surface, LINE_DARK, start, end, 6)
        pygame.draw.line(surface, colour, start, end, 3)
        pygame.draw.circle(surface, colour, (round(start[0]), round(start[1])), 5)
    pygame.draw.circle(surface, LINE_DARK, (round(end[0]), round(end[1])), 8)
    pygame.draw.circle(surface, colour, (round(end[0]), round(end[1])), 6)
    taken: list = []
    for c in trace["crossed"]:
        h = tuple(c["hex"])
        pos = board_view.screen_pos(h)
        if pos is not None and (c["value"] or h in blockers):
            draw_pill(surface, pos, str(c["value"]), "block" if h in blockers else "value", size, taken)


def card(surface, rect_within: pygame.Rect, lines: list, corner: str = "bottomleft") -> pygame.Rect:
    """A dark card of text lines in a corner of the map: (words, colour or None, bold)."""
    fonts = [theme.font(14 if bold else 13, bold=bold) for _, _, bold in lines]
    width = min(rect_within.width - 16, max(f.size(w)[0] for f, (w, _, _) in zip(fonts, lines)) + 20)
    height = sum(f.get_linesize() for f in fonts) + 14
    box = pygame.Rect(0, 0, width, height)
    setattr(box, corner, getattr(rect_within.inflate(-16, -16), corner))
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, CARD_FILL, layer.get_rect(), border_radius=6)
    surface.blit(layer, box)
    pygame.draw.rect(surface, (200, 170, 90), box, 1, border_radius=6)
    y = box.top + 7
    for f, (words, colour, _) in zip(fonts, lines):
        img = f.render(words, True, colour or CARD_INK)
        if img.get_width() > box.width - 20:
            img = img.subsurface((0, 0, box.width - 20, img.get_height()))
        surface.blit(img, (box.left + 10, y))
        y += f.get_linesize()
    return box
