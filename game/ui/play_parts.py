"""The play scene's parts: the top bar, the log with die glyphs, the dice tray, the plain board."""
from __future__ import annotations

import math

import pygame

from game.core import record
from game.core.contract import IllegalAction, as_action, describe_action

from . import style

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}

HELP = ("The prompt on the right says what to decide. Click a pulsing place on the map, a button "
        "in the prompt, or a card or unit in a panel. A click on anything else changes nothing and "
        "says why.\n\n"
        "Map: drag or arrow keys to pan, wheel or +/- to zoom, hover for names.\n"
        "Prompt: 1-9 press the buttons in order (the small number on each); Enter or Space presses "
        "the main one (marked ↵); when a key would end a phase while pieces can still act, press it "
        "twice, a moment apart (a click acts at once); Tab shows more choices; Esc cancels a choice, or puts back a card or "
        "unit you picked and have not used; with nothing to cancel, Esc goes to the menu.\n"
        "Panels and the log: the wheel scrolls them.\n"
        "Computer turns: F fast-forwards them (every move still shows, briefly); F again for the normal pace.\n"
        "Hint: H asks the normal computer player for the move it would make and lights it (not played).\n"
        "Ctrl+Z undo · Ctrl+S save · Ctrl+O load · F11 full screen · ? or F1 this help.\n\n"
        "Hot-seat: when your move passes play on, you first see what it did (dice, result, losses), then "
        "End turn brings up the next player's curtain, which only its own button or key lifts. Until "
        "then Undo can still take the move back, unless it rolled a die, drew or revealed a card.")
PRIMARY_VERBS = ("done", "resolve", "continue", "deselect")   # the one Enter presses when several buttons show


def engine_failure(action, exc) -> str:
    """The message for a rules-engine fault on ``action`` (the game itself is left unchanged)."""
    return (f"The rules engine failed on {describe_action(action)} ({exc.__class__.__name__}: {exc}). "
            f"The game is unchanged and autosaved; please report this with the save file.")


def primary_index(pairs: list) -> int | None:
    """The button Enter presses: the only action offered, or the one Done/Resolve among several."""
    actions = [a for _, a in pairs if a is not None]
    if len(pairs) == 1 and actions:
        return 0
    verbs = [i for i, (_, a) in enumerate(pairs) if a is not None and as_action(a)[0] in PRIMARY_VERBS]
    # "Done with this unit" before "End movement": Enter never ends a whole phase while a unit is chosen.
    lone = [i for i in verbs if as_action(pairs[i][1])[0] == "deselect"]
    return lone[0] if lone else verbs[0] if len(verbs) == 1 else None


ENTER_AGAIN_MIN_MS = 250     # a second Enter sooner than this is the same key bouncing, not a decision
ENTER_AGAIN_MAX_MS = 4000    # later than this, it is a new first press


def ends_with_pieces_left(action, view: dict, adapter) -> bool:
    """True when ``action`` ends a phase or card ("done") while actions on the map are still legal."""
    if action is None or as_action(action)[0] != "done" or not adapter.place_actions(view):
        return False
    return ends_a_phase(action, view, adapter)


def ends_a_phase(action, view: dict, adapter) -> bool:
    """True when ``action`` passes play on or moves the game to another phase: a "Done" that only
    puts down one group or unit (the same phase goes on) does neither."""
    spec, state = adapter.spec, adapter.session.state
    side = spec.active(state)
    try:
        after = spec.apply(state, as_action(action))
    except IllegalAction:           # the rules refuse it: treat it as the weighty kind
        return True
    return spec.active(after) != side or spec.view(after, side).get("phase") != view.get("phase")


def draw_die(surface, rect, value: int, sides: int = 6, angle: float = 0.0) -> None:
    """An ivory die showing ``value``: pips for a d6, the number for other dice."""
    rect = pygame.Rect(rect)
    face = pygame.Surface(rect.size, pygame.SRCALPHA)
    r = face.get_rect()
    pygame.draw.rect(face, (236, 228, 206), r, border_radius=max(2, r.width // 6))
    pygame.draw.rect(face, (120, 100, 70), r, width=max(1, r.width // 14), border_radius=max(2, r.width // 6))
    if sides == 6 and value in PIPS:
        step, dot = r.width * 0.27, max(1, round(r.width * 0.09))
        for dx, dy in PIPS[value]:
            pygame.draw.circle(face, (30, 26, 22), (r.centerx + dx * step, r.centery + dy * step), dot)
    else:
        fnt = style.font_px(r.height * 0.6, bold=True)
        img = fnt.render(str(value), True, (30, 26, 22))
        face.blit(img, img.get_rect(center=r.center))
    if angle:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    surface.blit(face, face.get_rect(center=rect.center))


def rich_rows(line: str, fnt, width: int, glyph: int) -> list[list]:
    """Lay out one log line into rows of ("text", str) and ("die", (sides, value)) pieces."""
    tokens = record.segments(line)      # the log's markup is the rules kit's to read
    rows, row, used = [], [], 0
    space = fnt.size(" ")[0]
    for kind, value in tokens:
        w = glyph if kind == "die" else fnt.size(value)[0]
        if row and used + space + w > width:
            rows.append(row)
            row, used = [], 0
        row.append((kind, value))
        used += (space if used else 0) + w
    rows.append(row)
    return rows


def table_words(line: str, spec) -> str:
    """A log line as players read it: the rules' side keys ("greek:", "blue") as the game names a
    side's player ("Greek:", "Hammer's Slammers"), never the key itself."""
    sides = getattr(spec, "sides", None) or ()
    if not sides:
        return line
    return record.side_words(line, sides, {side: style.side_adjective(spec, side) for side in sides})


def lighten(colour, amount: float = 0.45) -> tuple:
    """A side colour made readable on slate."""
    return tuple(int(c + (255 - c) * amount) for c in colour[:3])


class LogPanel:
    """The game log: newest at the bottom, side-coloured lines, dice as glyphs; the wheel scrolls."""

    def __init__(self, spec, words=None):
        self.spec = spec
        self.words = words or (lambda line: line)     # a game's own touch to a line (places for hex numbers)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.scroll = 0            # rows scrolled back from the newest
        self._cache: dict = {}     # (line, width, glyph size) -> laid-out rows

    def set_lines(self, lines: list) -> None:
        """New log contents; scrolling snaps back to the newest line."""
        if list(lines) != self.lines:
            self.lines = [str(s) for s in lines]
            self.scroll = 0

    def handle_event(self, event, hover_pos) -> bool:
        """Scroll with the wheel while the pointer is over the log."""
        if event.type == pygame.MOUSEWHEEL and hover_pos and self.rect.collidepoint(hover_pos):
            self.scroll = max(0, self.scroll + event.y)
            return True
        return False

    def _side_of(self, line: str):
        return record.side_of(line, self.spec.sides) if self.spec else None

    def _rows_of(self, line: str, fnt, width: int, glyph: int) -> list:
        key = (line, width, glyph)
        rows = self._cache.get(key)
        if rows is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            side = self._side_of(line)
            colour = lighten(style.side_colour(self.spec, side)) if side else style.INK
            rows = [(row, colour, side if i == 0 else None, i > 0)
                    for i, row in enumerate(rich_rows(table_words(self.words(line), self.spec), fnt, width, glyph))]
            self._cache[key] = rows
        return rows

    def draw(self, surface, rect) -> None:
        """Draw the newest rows that fit into ``rect`` (inside a panel), laying out only those."""
        self.rect = pygame.Rect(rect)
        fnt = style.font(14)
        glyph = fnt.get_height()
        line_h = fnt.get_linesize() + style.px(2)
        pad = style.px(8)
        width = rect.width - 2 * pad - style.px(8)
        fit = max(1, (rect.height - pad) // line_h)
        if self.scroll and fit > 1:
            fit -= 1                 # the top row holds the "newer rows below" hint, never over a line
        rows: list = []
        index = len(self.lines)
        while index > 0 and len(rows) < fit + self.scroll:
            index -= 1
            rows[:0] = self._rows_of(self.lines[index], fnt, width, glyph)
        if index == 0:
            self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - fit):end]
        clip = surface.get_clip()
        surface.set_clip(rect)
        y = rect.bottom - pad - len(shown) * line_h
        space = fnt.size(" ")[0]
        for row, colour, side, cont in shown:
            x = rect.left + pad + (style.px(12) if cont else 0)
            if side:
                pygame.draw.rect(surface, style.side_colour(self.spec, side),
                                 (rect.left + style.px(2), y + style.px(2), style.px(3), line_h - style.px(4)))
            for kind, value in row:
                if kind == "die":
                    draw_die(surface, (x, y + (line_h - glyph) // 2, glyph, glyph), value[1], value[0])
                    x += glyph + space
                else:
                    img = fnt.render(value, True, colour)
                    surface.blit(img, (x, y))
                    x += img.get_width() + space
            y += line_h
        if self.scroll:
            style.text(surface, f"{self.scroll} newer rows below · scroll down to return",
                       (rect.right - pad, rect.top + style.px(2)), 11, style.INK_DIM, anchor="topright")
        surface.set_clip(clip)


TRAY_TEXT_PX = 260      # the tray's result text wraps at this width (or the dice row's, if wider)


class DiceTray:
    """Shows a roll the state already holds: a short tumble, then the dice settle with the result text."""

    SHOW_MS = 4500

    def __init__(self, spec=None):
        self.spec = spec
        self.serial = None
        self.dice = None
        self.start = 0
        self.tumble_ms = 500
        self.visible = False
        self.settled = True          # the settled dice and their words have been asked to be drawn

    def sync(self, dice: dict | None, now_ms: int, factor: float, animate: bool = True) -> bool:
        """Start the animation when the view's roll serial changes; True when something changed."""
        serial = dice.get("serial") if dice else None
        if serial == self.serial:
            return False
        self.serial = serial
        if not dice or not animate or not dice.get("values"):
            return False               # no die was thrown (a failed ambush): no empty tray
        self.dice = dice
        self.start = now_ms
        self.tumble_ms = int(500 * factor)
        self.visible = True
        self.settled = False
        return True

    def tumbling(self, now_ms: int) -> bool:
        """True during the tumble."""
        return self.visible and now_ms - self.start < self.tumble_ms

    def update(self, now_ms: int) -> bool:
        """True once when the dice settle (their words are drawn then, even on an idle table), and
        when the tray hides some seconds later."""
        if self.visible and now_ms - self.start > self.tumble_ms + self.SHOW_MS:
            self.settled = True
            self.visible = False
            return True
        if self.visible and not self.settled and now_ms - self.start >= self.tumble_ms:
            self.settled = True
            return True
        return False

    def draw(self, surface, area: pygame.Rect, now_ms: int, board_view=None, avoid=()) -> None:
        """Draw the tray in a corner of the map area (the hover text has the bottom-left): the top-left
        unless another corner hides fewer of the places to click, the panels in ``avoid``, the names."""
        if not self.visible or not self.dice:
            return
        values = list(self.dice.get("values") or [])
        sides = int(self.dice.get("sides") or 6)
        size = style.px(44)
        gap = style.px(10)
        words = table_words(str(self.dice.get("text") or ""), self.spec)
        fnt = style.font(16, bold=True)
        row = len(values) * (size + gap) + gap
        # the result in lines no wider than the dice (or a short line): a narrow tray fits a corner
        lines = style.wrap(words, fnt, max(row, style.px(TRAY_TEXT_PX)) - 2 * gap) if words else []
        width = max(row, max((fnt.size(line)[0] for line in lines), default=0) + 2 * gap, style.px(120))
        high = size + style.px(26) + len(lines) * fnt.get_linesize()
        tray = tray_corner(area, (width + style.px(8), high + style.px(8)), board_view, avoid)
        inner = style.panel(surface, tray, fill=(50, 70, 52))       # green baize
        t = now_ms - self.start
        rolling = t < self.tumble_ms
        for i, value in enumerate(values):
            shown, angle, lift = value, 0.0, 0
            if rolling:
                phase = t / max(1, self.tumble_ms)
                shown = (value + i + int(t / 60)) % sides + 1
                angle = (1 - phase) * 360 * (1 if i % 2 else -1)
                lift = int(abs(math.sin(phase * math.pi * 3)) * (1 - phase) * style.px(10))
            cell = pygame.Rect(inner.left + gap + i * (size + gap), inner.top + style.px(6) - lift, size, size)
            draw_die(surface, cell, shown, sides, angle)
        if not rolling:
            y = inner.bottom - style.px(8) - len(lines) * fnt.get_linesize()
            for line in lines:
                surface.blit(fnt.render(line, True, style.INK), (inner.left + gap, y))
                y += fnt.get_linesize()


def tray_corner(area: pygame.Rect, size: tuple, board_view=None, avoid=()) -> pygame.Rect:
    """Where the dice tray goes on the map: of the top-left, top-right and bottom-right corners (then
    halfway down the right edge, then the top's middle), the first that covers the fewest lit
    places, then other boxes drawn over the map, then printed names, then the map's legend, then
    pieces (issue 10: the tray hid the Ascalon supply centre and place names)."""
    margin = style.px(16)
    w, h = size
    spots = [pygame.Rect(area.left + margin, area.top + margin, w, h),
             pygame.Rect(area.right - margin - w, area.top + margin, w, h),
             pygame.Rect(area.right - margin - w, area.bottom - margin - h, w, h)]
    # then halfway down the right edge and along the top: open sea or sky where every corner hides
    # something (Battle for Armageddon's corners: lit stacks above, the Ready box below)
    spots += [pygame.Rect(area.right - margin - w, area.centery - h // 2, w, h),
              pygame.Rect(area.centerx - w // 2, area.top + margin, w, h)]
    if board_view is None:
        return spots[0]
    lit = [p for p in map(board_view.screen_pos, board_view.targets) if p]
    pieces = board_view.piece_rects()

    def cost(rect):
        return (sum(rect.collidepoint(p) for p in lit), len(rect.collidelistall(list(avoid))),
                board_view.covers_name(rect), board_view.covers_legend(rect), len(rect.collidelistall(pieces)))
    return min(spots, key=cost)


def side_chip(surface, spec, side, center, size) -> pygame.Rect:
    """A side marker: its colour plus its initial, so colour is never the only cue."""
    colour = style.side_colour(spec, side)
    rect = pygame.Rect(0, 0, size, size)
    rect.center = center
    pygame.draw.rect(surface, colour, rect, border_radius=max(2, size // 5))
    pygame.draw.rect(surface, style.INK_DARK, rect, width=1, border_radius=max(2, size // 5))
    letter = spec.display_name(side)[:1].upper() if spec else "?"
    glyph = style.font_px(size * 0.7, bold=True).render(letter, True, style.readable_on(colour))
    surface.blit(glyph, glyph.get_rect(center=rect.center))
    return rect


def draw_plain_board(surface, rect, spec, view: dict, note: str = "") -> None:
    """The table for a game without a map: each side's pieces and where they stand."""
    inner = style.panel(surface, rect, spec.title, fill=(40, 46, 44))
    x, y = inner.left + style.px(16), inner.top + style.px(14)
    if note:
        style.text(surface, note, (x, y), 13, style.INK_DIM)
        y += style.px(22)
    pieces = view.get("pieces", [])
    scores = view.get("scores", {}) or {}
    for side in spec.sides:
        side_chip(surface, spec, side, (x + style.px(12), y + style.px(14)), style.px(24))
        head = spec.display_name(side) + (f"   ·   {scores[side]}" if side in scores else "")
        style.text(surface, head, (x + style.px(34), y + style.px(14)), 18, style.INK, bold=True, anchor="midleft")
        y += style.px(34)
        for p in (p for p in pieces if p.get("side") == side):
            name = p.get("label") or p.get("kind") or p.get("id")
            style.text(surface, f"{name} — at {p.get('at')}", (x + style.px(34), y), 15, style.INK_DIM)
            y += style.px(22)
        y += style.px(12)
        if y > inner.bottom - style.px(30):
            break
