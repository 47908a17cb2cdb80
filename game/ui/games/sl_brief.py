"""Hammer's Slammers on the new-game screen: each scenario's title, size, briefing and a map preview.

The new-game form asks a game's UI module for ``scenario_brief(spec)``; this one lists the shipped
scenarios and the player's own (read again each time the form opens, so a copied and changed
file shows up), words each as "Roadblock at Marrow · 30 min", seats only the armies that play it,
and draws its briefing beside the form with the joined panels in miniature: terrain, roads, the
places named in the briefing and every unit where it sets up, in its army's colour.
"""
from __future__ import annotations

import pygame

from game.rules import slammers as sl
from game.ui import style, theme

ROAD = (120, 84, 48)
EDGE = (60, 56, 50)


class ScenarioBrief:
    """Titles, sides, briefing and a map preview of the Slammers scenarios (kept per scenario)."""

    def __init__(self, spec):
        self.spec = spec
        self._facts: dict = {}
        self._previews: dict = {}

    def names(self) -> list:
        """Every scenario a player may pick: the shipped ones, shortest first, then the player's own."""
        return list(sl.scenario_names())

    def facts(self, name: str) -> dict:
        """The scenario's summary, or {"problem": one line} for a file that cannot be played."""
        found = self._facts.get(name)
        if found is None:
            try:
                found = sl.scenario_summary(name)
            except Exception as exc:          # a player's broken file: the picker says why
                found = {"problem": str(exc), "title": name.replace("_", " ").capitalize()}
            self._facts[name] = found
        return found

    def label(self, name: str) -> str:
        """The picker's words for a scenario: its title and how long it plays."""
        f = self.facts(name)
        if "problem" in f:
            return f"{f['title']} (cannot be played)"
        return f"{f['title']} · {f['minutes']} min"

    def sides(self, name: str) -> list:
        """The armies that play the scenario, in movement order (HS-SEQ-1)."""
        return list(self.facts(name).get("sides") or ())

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface, rect: pygame.Rect, name: str) -> None:
        """The briefing and the map preview inside ``rect``."""
        f = self.facts(name)
        x, y, w = rect.left, rect.top, rect.width
        y = _lines(surface, f["title"], x, y, w, 18, style.BRASS, bold=True, serif=True)
        if "problem" in f:
            _lines(surface, f["problem"], x, y + style.px(6), w, 14, style.WARN)
            return
        teams = f.get("teams") or [[s] for s in f["sides"]]
        armies = " against ".join(" and ".join(f"{self.spec.display_name(s)} ({f['points'][s]} points, "
                                               f"morale {f['morale'][s]})" for s in team) for team in teams)
        facts = f"{f['minutes']} minutes · {f['turns']} turns · {panel_words(f['panels'])}"
        y = _lines(surface, facts, x, y + style.px(2), w, 13, style.INK_DIM)
        y = _lines(surface, armies, x, y, w, 13, style.INK_DIM)
        room = rect.bottom - y - style.px(8)
        preview_h = max(style.px(120), min(style.px(230), room // 2))
        text_rect = pygame.Rect(x, y + style.px(6), w, rect.bottom - preview_h - y - style.px(14))
        _paragraphs(surface, f["briefing"], text_rect, 13)
        box = pygame.Rect(x, rect.bottom - preview_h, w, preview_h)
        img = self.preview(name, box.size)
        if img is not None:
            surface.blit(img, img.get_rect(center=box.center))

    def preview(self, name: str, size: tuple):
        """The scenario's map in miniature with its units where they set up (kept per name and size)."""
        key = (name, size)
        if key not in self._previews:
            if len(self._previews) > 24:
                self._previews.clear()
            self._previews[key] = _draw_preview(self.spec, self.facts(name), name, size)
        return self._previews[key]


def panel_words(panels: list) -> str:
    """The map a scenario is played on, as its briefing says it: 'one panel (4)', 'two panels (1, 4)',
    'panel 3 and edge pieces C, B'."""
    nums = [p.replace("panel", "") for p in panels if not p.startswith("edge")]
    edges = [p[-1].upper() for p in panels if p.startswith("edge")]
    count = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    words = f"{count.get(len(nums), len(nums))} panel{'s' if len(nums) != 1 else ''} ({', '.join(nums)})" if nums else ""
    if edges:
        words += f"{' and ' if words else ''}edge piece{'s' if len(edges) != 1 else ''} {', '.join(edges)}"
    return "map: " + words


def _lines(surface, words: str, x, y, width, size, colour, bold=False, serif=False) -> int:
    fnt = style.font(size, bold=bold, serif=serif)
    for line in style.wrap(words, fnt, width):
        surface.blit(fnt.render(line, True, colour), (x, y))
        y += fnt.get_linesize()
    return y


def _paragraphs(surface, text: str, rect: pygame.Rect, size: int) -> None:
    """Wrapped paragraphs, cut with an ellipsis where the room ends."""
    fnt = style.font(size)
    y = rect.top
    for para in text.split("\n"):
        lines = style.wrap(para, fnt, rect.width) if para.strip() else []
        for line in lines:
            if y + fnt.get_linesize() * 2 > rect.bottom and line is not lines[-1]:
                surface.blit(fnt.render(line.rstrip() + " …", True, style.INK), (rect.left, y))
                return
            surface.blit(fnt.render(line, True, style.INK), (rect.left, y))
            y += fnt.get_linesize()
        y += fnt.get_linesize() // 2
        if y >= rect.bottom - fnt.get_linesize():
            return


def _draw_preview(spec, facts: dict, name: str, size: tuple):
    """Every hex in its terrain's colour, roads, place names and the units' set-up hexes."""
    board = facts.get("board")
    if board is None:
        return None
    from game.ui.hex_view import TileArt
    colours = _terrain_colours(TileArt)
    mw, mh = board.pixel_size
    k = min(size[0] / mw, size[1] / mh)
    img = pygame.Surface((max(1, round(mw * k)), max(1, round(mh * k))), pygame.SRCALPHA)
    img.fill((232, 226, 204))
    for h in board.hex_list:
        pts = [(px * k, py * k) for px, py in board.corners(h)]
        pygame.draw.polygon(img, colours.get(board.terrain[h], (200, 200, 180)), pts)
    for h in board.hex_list:
        a = board.hex_to_pixel(h)
        for n in board.road_neighbours(h):
            if n > h:
                b = board.hex_to_pixel(n)
                pygame.draw.line(img, ROAD, (a[0] * k, a[1] * k), (b[0] * k, b[1] * k), max(1, round(k * 4)))
    from .sl_map import SEAM, panel_seams
    for a, b in panel_seams(board):                 # where one panel meets the next
        pygame.draw.line(img, SEAM, (a[0] * k, a[1] * k), (b[0] * k, b[1] * k), max(1, round(k * 3)))
    _units(img, spec, name, board, k)
    _names(img, board, k)
    pygame.draw.rect(img, EDGE, img.get_rect(), 1)
    return img


def _terrain_colours(tile_art) -> dict:
    """Each terrain's average tile colour (the map's own art, read once)."""
    global _COLOURS
    if _COLOURS is None:
        _COLOURS = dict(tile_art().mean)
    return _COLOURS


_COLOURS = None


def _units(img, spec, name: str, board, k: float) -> None:
    """A small square in its army's colour on every hex where a unit sets up."""
    try:
        state = spec.setup(0, name)
        pieces = spec.view(state, None)["pieces"]
    except Exception:           # nothing to place: the map alone
        return
    r = max(4, round(k * 18))
    for p in pieces:
        cx, cy = board.hex_to_pixel(tuple(p["at"]))
        box = pygame.Rect(0, 0, r * 2, r * 2)
        box.center = (round(cx * k), round(cy * k))
        pygame.draw.rect(img, theme.side_colour(spec.side_colours, p["side"]), box)
        pygame.draw.rect(img, (20, 20, 20), box, 1)


def _names(img, board, k: float) -> None:
    """The named places, small, where they lie."""
    fnt = style.font(10, bold=True)
    taken: list = []
    for place in getattr(board, "places", ()):
        if place.hex not in board.terrain:
            continue
        cx, cy = board.hex_to_pixel(place.hex)
        words = fnt.render(place.name, True, (30, 28, 24))
        rect = words.get_rect(midbottom=(round(cx * k), round(cy * k) - 3)).clamp(img.get_rect())
        if rect.collidelist(taken) < 0:          # a crowded small map names fewer places
            taken.append(rect.inflate(4, 0))
            img.blit(words, rect)
