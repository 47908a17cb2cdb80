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
from game.ui.area_view import halo_text

CLEAR = (120, 230, 140)
BLOCKED = (235, 60, 48)
LINE_DARK = (16, 16, 16)
TRAIL = (250, 214, 96)          # the way a unit has come this move: the move costs' gold
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


def draw_pill(surface, pos, text: str, kind: str, size: int = 13, taken: list | None = None,
              nudge: bool = False) -> bool:
    """A pill centred on pos; with ``taken`` (rects already drawn) it is left out where it would cover one,
    or with ``nudge`` moved down or up a line or two until it is clear."""
    img = pill(text, kind, size)
    rect = img.get_rect(center=(round(pos[0]), round(pos[1])))
    if taken is not None:
        if nudge:
            h = rect.height + 2
            rect = next((rect.move(0, dy) for dy in (0, h, -h, 2 * h, -2 * h, 3 * h)
                         if rect.move(0, dy).collidelist(taken) < 0), rect)
        elif rect.collidelist(taken) >= 0:
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


def area_edges(board, hexes) -> list:
    """The edges (map pixels) between a set of hexes and the board's hexes outside it (the map's own
    edge is not drawn: a range that runs off the board ends there)."""
    inside = set(hexes)
    out = []
    for h in inside:
        mine = {(round(x, 1), round(y, 1)): (x, y) for x, y in board.corners(h)}
        for n in board.neighbours(h):
            if n in inside or n not in board.terrain:
                continue
            shared = [mine[k] for k in ((round(x, 1), round(y, 1)) for x, y in board.corners(n)) if k in mine]
            if len(shared) == 2:
                out.append((shared[0], shared[1]))
    return out


def draw_ring(surface, board_view, edges, extended: bool) -> None:
    """The edge of a firer's range as one line round it (extended range thinner, HS-RNG-5)."""
    to_screen = board_view.camera.to_screen
    lines = [(to_screen(*a), to_screen(*b)) for a, b in edges]
    for colour, width in ((LINE_DARK, 4 if not extended else 3), (RING, 2 if not extended else 1)):
        for a, b in lines:
            pygame.draw.line(surface, colour, a, b, width)


def draw_trail(surface, board_view, trail: list) -> None:
    """Where the unit being moved has stood in this move: a dot on each hex it left, joined in
    order, the last leg stopping at its counter's edge (so a to-and-fro shows as one)."""
    points = [board_view.screen_pos(tuple(h)) for h in trail]
    if len(points) < 2 or any(p is None for p in points):
        return
    half = board_view.counter_size() * board_view.camera.zoom * 0.55
    (ax, ay), (bx, by) = points[-2], points[-1]
    apart = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    cut = max(0.0, 1 - half / apart)
    legs = list(zip(points[:-2], points[1:-1])) + [((ax, ay), (ax + (bx - ax) * cut, ay + (by - ay) * cut))]
    for colour, width in ((LINE_DARK, 6), (TRAIL, 3)):
        for a, b in legs:
            pygame.draw.line(surface, colour, a, b, width)
    for x, y in points[:-1]:
        pygame.draw.circle(surface, LINE_DARK, (round(x), round(y)), 6)
        pygame.draw.circle(surface, TRAIL, (round(x), round(y)), 4)


def draw_los(surface, board_view, traces: list) -> None:
    """Lines of sight on the map, one per firer's hex: each hex crossed outlined, the blocking ones
    filled red, the values of the hexes that matter tagged; each line green when clear, red when not."""
    if not traces or board_view.screen_pos(tuple(traces[0]["to"])) is None:
        return
    size = text_size(board_view)
    blockers = {tuple(b["hex"]) for t in traces for b in t["blocked_by"]}
    crossed = {tuple(c["hex"]): c["value"] for t in traces for c in t["crossed"]}
    for h in crossed:
        if h in blockers:
            outline(surface, board_view, h, BLOCKED, 3, fill=(220, 40, 30, 90))
        else:
            outline(surface, board_view, h, (250, 250, 240), 1)
    end = board_view.screen_pos(tuple(traces[0]["to"]))
    for t in traces:
        start = board_view.screen_pos(tuple(t["from"]))
        if start is None:
            continue
        colour = CLEAR if t["clear"] else BLOCKED
        pygame.draw.line(surface, LINE_DARK, start, end, 6)
        pygame.draw.line(surface, colour, start, end, 3)
        pygame.draw.circle(surface, colour, (round(start[0]), round(start[1])), 5)
    colour = CLEAR if all(t["clear"] for t in traces) else BLOCKED
    pygame.draw.circle(surface, LINE_DARK, (round(end[0]), round(end[1])), 8)
    pygame.draw.circle(surface, colour, (round(end[0]), round(end[1])), 6)
    taken: list = []
    for h, value in crossed.items():
        pos = board_view.screen_pos(h)
        if pos is not None and (value or h in blockers):
            draw_pill(surface, pos, str(value), "block" if h in blockers else "value", size, taken)


def card_image(lines: list, max_width: int) -> pygame.Surface:
    """A dark card of text lines, (words, colour or None, bold) each: drawn once, blitted each frame."""
    fonts = [theme.font(14 if bold else 13, bold=bold) for _, _, bold in lines]
    width = min(max_width, max(f.size(w)[0] for f, (w, _, _) in zip(fonts, lines)) + 20)
    height = sum(f.get_linesize() for f in fonts) + 14
    img = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(img, CARD_FILL, img.get_rect(), border_radius=6)
    pygame.draw.rect(img, (200, 170, 90), img.get_rect(), 1, border_radius=6)
    y = 7
    for f, (words, colour, _) in zip(fonts, lines):
        text = f.render(words, True, colour or CARD_INK)
        if text.get_width() > width - 20:
            text = text.subsurface((0, 0, width - 20, text.get_height()))
        img.blit(text, (10, y))
        y += f.get_linesize()
    return img


def place_card(surface, rect_within: pygame.Rect, img: pygame.Surface, corner: str) -> pygame.Rect:
    """Blit a card in a corner of ``rect_within``."""
    box = img.get_rect()
    setattr(box, corner, getattr(rect_within.inflate(-16, -16), corner))
    surface.blit(img, box)
    return box


SEAM = (52, 40, 30)
SEAM_CORE = (214, 196, 150)
_SEAMS: dict = {}


def panel_of(board) -> dict:
    """Hex -> the panel (its file's name) it lies on, from the joined board's placements
    ('panel4.tmx@0,0;panel5.tmx@22,0'): the placement furthest right and down that starts at or
    before the hex's column and row."""
    spots = []
    for part in (board.properties.get("boards") or "").split(";"):
        name, _, at = part.rpartition("@")
        if name and "," in at:
            c, r = at.split(",")
            spots.append((int(c), int(r), name.removesuffix(".tmx")))
    out = {}
    for h in board.terrain:
        col, row = board.offset(h)
        fits = [(c, r, n) for c, r, n in spots if c <= col and r <= row]
        if fits:
            out[h] = max(fits)[2]
    return out


def panel_seams(board) -> list:
    """The edges (map pixels) where one panel or edge piece meets another (kept per board)."""
    key = id(board)
    found = _SEAMS.get(key)
    if found is None or found[0] is not board:
        owner = panel_of(board)
        edges = []
        for h, name in owner.items():
            mine = {(round(x, 1), round(y, 1)): (x, y) for x, y in board.corners(h)}
            for n in board.neighbours(h):
                if n > h and owner.get(n, name) != name:
                    shared = [mine[k] for k in ((round(x, 1), round(y, 1)) for x, y in board.corners(n)) if k in mine]
                    if len(shared) == 2:
                        edges.append((shared[0], shared[1]))
        found = _SEAMS[key] = (board, edges, seam_lines(edges))
    return found[1]


def panel_seam_lines(board) -> list:
    """The seams of a board as polylines (kept per board with its edges)."""
    panel_seams(board)
    return _SEAMS[id(board)][2]


def seam_lines(edges) -> list:
    """The seams' edges chained into polylines (map pixels): a few long lines to draw, not many short."""
    ends: dict = {}
    for i, (a, b) in enumerate(edges):
        for p in (a, b):
            ends.setdefault((round(p[0], 1), round(p[1], 1)), []).append(i)
    used, lines = set(), []
    for i, (a, b) in enumerate(edges):
        if i in used:
            continue
        used.add(i)
        line = [a, b]
        for grow in (True, False):                    # extend from the tail, then from the head
            while True:
                tip = line[-1] if grow else line[0]
                nxt = next((j for j in ends[(round(tip[0], 1), round(tip[1], 1))] if j not in used), None)
                if nxt is None:
                    break
                used.add(nxt)
                p, q = edges[nxt]
                far = q if (round(p[0], 1), round(p[1], 1)) == (round(tip[0], 1), round(tip[1], 1)) else p
                line.append(far) if grow else line.insert(0, far)
        lines.append(line)
    return lines


def draw_seams(surface, board_view, lines) -> None:
    """The panels' seams as a dark line with a light core, so a joined map reads as the panels it is
    made of (one polyline per seam: a frame draws a handful of lines, HS-MAP-1)."""
    to_screen = board_view.camera.to_screen
    width = max(2, round(3 * board_view.camera.zoom))
    for line in lines:
        pts = [to_screen(*p) for p in line]
        pygame.draw.lines(surface, SEAM, False, pts, width + 2)
        pygame.draw.lines(surface, SEAM_CORE, False, pts, max(1, width // 2))


_NAME_IMG: dict = {}


def draw_names_over(surface, board_view, covered: list) -> None:
    """Place names a counter stands on, drawn again over the counters with their halo
    (``covered``: the name rectangles on screen that a counter overlaps, with their names)."""
    for rect, name, font in covered:
        key = (name, id(font))
        img = _NAME_IMG.get(key)
        if img is None:
            w, h = font.size(name)
            img = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            halo_text(img, font, name, (40, 32, 24), (246, 238, 214), (img.get_width() / 2, img.get_height() / 2))
            if len(_NAME_IMG) > 200:
                _NAME_IMG.clear()
            _NAME_IMG[key] = img
        surface.blit(img, img.get_rect(center=rect.center))
