"""Where a tag goes on the map (a step number, a path mark): clear of the printed names, the
pieces and the other tags, and inside its own place, so it never hides a name (issue 10)."""
from __future__ import annotations

import pygame

# From the place's own spot outwards: right, left, above, below, then the corners, then further out.
DIRECTIONS = ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1))
REACHES = (0.7, 1.2, 1.8)


def tag_size(font, text: str) -> tuple:
    """A tag's size on screen: its words with a margin, never narrower than tall."""
    w, h = font.size(text)
    return max(w + 10, h + 4), h + 4


def candidates(view, place, size: tuple) -> list:
    """Screen centres to try for a tag of ``size``: the view's own spot first, then round the place."""
    first = view.tag_pos(place)
    centre = view.screen_pos(place)
    if first is None or centre is None:
        return []
    reach = max(28.0, 44 * view.camera.zoom)
    out = [first]
    for r in REACHES:
        for ux, uy in DIRECTIONS:
            out.append((centre[0] + ux * (reach * r + size[0] / 2), centre[1] + uy * (reach * r * 0.6 + size[1] / 2)))
    return out


def place_tags(view, tags: list, font) -> dict:
    """Place -> screen centre for each (place, text) in ``tags``, in order: the first spot that covers
    no printed name, no tag placed before and no piece, inside the place; where a small place has no
    such spot, one just outside it, then one over a piece; else the view's own spot."""
    pieces = view.piece_rects()
    vp = view.camera.viewport
    taken, out = [], {}
    for place, text in tags:
        size = tag_size(font, text)
        spots = candidates(view, place, size)
        if not spots:
            continue
        rects = []
        for spot in spots:
            rect = pygame.Rect(0, 0, *size)
            rect.center = (round(spot[0]), round(spot[1]))
            if vp.contains(rect) and rect.collidelist(taken) < 0 and not view.covers_name(rect):
                rects.append((spot, rect))
        inside = [(s, r) for s, r in rects if view.place_at(r.center) == place]
        clear = [(s, r) for s, r in rects if r.collidelist(pieces) < 0]
        found = next((s for s, r in inside if r.collidelist(pieces) < 0), None) or \
            next((s for s, _ in clear), None) or next((s for s, _ in inside), None) or \
            next((s for s, _ in rects), None) or spots[0]
        rect = pygame.Rect(0, 0, *size)
        rect.center = (round(found[0]), round(found[1]))
        taken.append(rect)
        out[place] = found
    return out
