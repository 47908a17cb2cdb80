"""The review of a finished game: step through it on the map, the chances graph, the largest swings.

Opened from the game-over screen or from the Load screen for any save. The game is replayed
from its seed and logged actions in a thread of its own (a bar counts it), each position
scored by the game's evaluation (game/ai/review.py); then, turn by turn, the search player
estimates each side's chance from the position (a second bar counts it) and the graph
follows its estimate. The largest swings are the evaluation's first, then the search's once it
has measured them. The window never waits. Left/Right step one action, Page Up/Down ten,
Home/End to either end; a click on the graph jumps there, a click on a swing to the position it
left, and the slider under it drags through the turns.
"""
from __future__ import annotations

import threading

import pygame

from game.ai.knowledge import knowledge_of
from game.ai.review import CLOSER, checks, dice_luck, searched_chances, settled, swings, timeline, turn_marks

from . import style
from .adapter import adapter_for
from .pacing import moves_between, seen_places
from .play_parts import draw_die, rich_rows, table_words
from .scene import Scene
from .widgets import Button

PANEL_W = 420
SEARCH_BUDGET = 60      # iterations of the background estimate at each turn's start
STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


def added(before: list, after: list) -> list:
    """The lines ``after`` adds to the log ``before``; a view may keep only its log's last lines,
    so the longest end of ``before`` that ``after`` begins with is the part they share."""
    for shared in range(min(len(before), len(after)), 0, -1):
        if after[:shared] == before[len(before) - shared:]:
            return list(after[shared:])
    return list(after)


def dimmed(colour) -> tuple:
    """A side's colour faded toward the graph's ground: the evaluation's line under the search's."""
    return tuple((c + 2 * b) // 3 for c, b in zip(colour[:3], style.SLATE_DARK[:3]))


class ReviewScene(Scene):
    """A finished game, position by position, with each side's chance of winning."""

    def __init__(self, session):
        super().__init__()
        self.session, self.spec = session, session.spec
        self.actions = list(session.actions)
        self.adapter = adapter_for(self.spec, session)
        self.states: list = []
        self.points: list = []
        self.movers: list = []             # who made each action (``timeline``)
        self.top: list = []
        self.luck: dict = {}
        self.index = len(self.actions)
        self.searched: dict = {}           # point index -> the search's chances there
        self.marks: list = []              # point indexes where a turn begins (drawn from the search)
        self.wanted: list = []             # point indexes the search estimates: the swings', then the marks
        self.checked = False               # the swings are measured by the search (``settled``)
        self.failed = ""
        self.board_view = self._board_view()
        self.buttons = [Button("|<", lambda: self.go(0)), Button("<", lambda: self.step(-1)),
                        Button(">", lambda: self.step(1)), Button(">|", lambda: self.go(len(self.actions))),
                        Button("Close", self.back, primary=True)]
        self.graph = pygame.Rect(0, 0, 0, 0)
        self.slider = pygame.Rect(0, 0, 0, 0)
        self._dragging = False
        self._said: dict = {}              # point index -> the log lines its action added (``said``)
        self.swing_rects: list = []        # (rect, point index) of each swing as last drawn: a click goes there
        self._closed = False
        self._shown = None
        self._shown_index = None           # the action count of the position drawn last
        self._shown_view = None            # its view, for the game's marks over the map
        self._drawn: tuple = ()            # the worker's progress the last frame showed
        self._worker = threading.Thread(target=self._replay, name="review", daemon=True)
        self._worker.start()

    def _follow(self, before: list, after: list, acted: int, now_ms: int) -> None:
        """A step of one action: the map follows what it moved, else the place it names."""
        moves = moves_between(before, after)
        focus = None
        if not moves and acted < len(self.actions):
            focus = self.adapter.action_place(self.actions[acted], self.spec.view(self.states[acted], None))
        self.board_view.follow(seen_places(moves, focus), now_ms)

    def _board_view(self):
        board = self.adapter.board()
        if board is None:
            return None
        from .board_view import make_board_view
        view = make_board_view(board, self.spec.side_colours)
        view.side_names = dict(self.spec.side_names)
        return view

    def _replay(self) -> None:
        """Replay and score every position (the worker thread)."""
        try:
            s = self.session
            first = self.spec.setup(s.seed, s.scenario, s.options)
            state, states = first, [first]
            for action in self.actions:
                state = self.spec.apply(state, action)
                states.append(state)
                self.states = states               # the bar counts these
            points, movers = timeline(self.spec, first, self.actions)
            candidates = swings(points, movers, self.actions, CLOSER)
            self.top = candidates[:3]          # the evaluation's, until the search has measured them
            self.checked = not candidates
            self.luck = dice_luck(self.spec, first, self.actions)
            self.marks = turn_marks(points)
            swung = checks(candidates)
            self.wanted = swung + [i for i in self.marks if i not in swung]
            self.movers = movers
            self.points = points
            for index in self.wanted:          # the swings first, then the graph turn by turn
                if self._closed:
                    return
                self.searched[index] = searched_chances(self.spec, states[index], SEARCH_BUDGET, s.seed)
                if len(self.searched) == len(swung):      # the swings' positions come first
                    self.top, self.checked = settled(candidates, self.searched), True
        except Exception as exc:  # a replay that fails is reported on the screen, never raised in it
            self.failed = f"The game could not be replayed for review: {exc}"

    def estimated(self) -> bool:
        """True once the search has measured the swings and estimated every turn's start."""
        return bool(self.wanted) and len(self.searched) == len(self.wanted)

    def estimate_progress(self) -> float:
        """How far the background search is through the positions it estimates, 0..1."""
        return len(self.searched) / max(1, len(self.wanted))

    def ready(self) -> bool:
        """True once every position is replayed and scored."""
        return bool(self.points)

    def progress(self) -> float:
        """How far the replay is, 0..1."""
        return 1.0 if self.points else len(self.states) / max(1, len(self.actions) + 1)

    def luck_lines(self) -> list:
        """Each seated side's dice luck in words, in seating order (the luck holds those sides only)."""
        # round first: a luck of -0.04 reads +0.0, not -0.0
        return [f"{self.spec.display_name(side)}: {round(value, 1) + 0.0:+.1f}" for side, value in self.luck.items()]

    # -- stepping ----------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show the position after ``index`` actions."""
        self.index = max(0, min(len(self.actions), index))

    def step(self, by: int) -> None:
        """Step ``by`` actions back or forth."""
        self.go(self.index + by)

    def back(self) -> None:
        """Esc or Close: back to the screen it was opened from (the estimate stops)."""
        self._closed = True
        self.app.stack.pop()

    def _slide(self, x: int) -> None:
        share = (x - self.slider.left) / max(1, self.slider.width)
        self.go(round(max(0.0, min(1.0, share)) * len(self.actions)))

    def handle_event(self, event) -> bool:
        """Arrow keys, Page Up/Down, Home/End, Esc; a click on a swing or the graph jumps there."""
        if event.type == pygame.KEYDOWN:
            if event.key in STEPS:
                self.step(STEPS[event.key])
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.go(0 if event.key == pygame.K_HOME else len(self.actions))
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((index for rect, index in self.swing_rects if rect.collidepoint(event.pos)), None)
            if hit is not None:
                self.go(hit)                   # the position the swing's action left
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.graph.collidepoint(event.pos):
            share = (event.pos[0] - self.graph.left) / max(1, self.graph.width)
            self.go(round(share * len(self.actions)))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.slider.inflate(0, 16).collidepoint(event.pos):
            self._dragging = True
            self._slide(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._slide(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._dragging:
            self._dragging = False
            return True
        if self.board_view is not None and self.board_view.handle_event(event):
            return True
        return super().handle_event(event)

    def update(self, now_ms: int) -> bool:
        """Redraw while the replay or the estimate runs, and once more for its last step."""
        return (not self.estimated() and not self.failed) or self._drawn != self._progress_mark()

    def animating(self, now_ms: int) -> bool:
        """Frames while the replay or the estimate runs (until its end is drawn), or the map moves."""
        busy = self.update(now_ms)
        return busy or (self.board_view is not None and self.board_view.animating(now_ms))

    def _progress_mark(self) -> tuple:
        """How far the worker is: a frame that showed less is out of date (the worker finishing
        between two frames would otherwise leave its last estimate undrawn)."""
        return len(self.states), bool(self.points), len(self.searched), self.failed

    # -- layout and drawing ------------------------------------------------------------------
    def layout(self, rect) -> None:
        """The map on the left, the graph, swings and controls in a column on the right."""
        super().layout(rect)
        side = pygame.Rect(rect.right - style.px(PANEL_W), rect.top, style.px(PANEL_W), rect.height)
        self.side = side
        if self.board_view is not None:
            # inset as the table's map is, so a tall map stops short of the window's edges
            whole = pygame.Rect(rect.left, rect.top, side.left - rect.left, rect.height)
            self.board_view.set_viewport(whole.inflate(-style.px(16), -style.px(16)))
        inner = style.panel_inner(side, "Review")
        self.graph = pygame.Rect(inner.left + style.px(8), inner.top + style.px(70), inner.width - style.px(16),
                                 style.px(170))
        self.slider = pygame.Rect(self.graph.left, self.graph.bottom + style.px(14), self.graph.width, style.px(6))
        bw, gap = style.px(56), style.px(8)
        y = inner.bottom - style.px(52)
        for i, button in enumerate(self.buttons[:4]):
            button.rect = pygame.Rect(inner.left + style.px(8) + i * (bw + gap), y, bw, style.px(40))
        self.buttons[4].rect = pygame.Rect(inner.right - style.px(120), y, style.px(112), style.px(40))

    def draw(self, surface, now_ms) -> None:
        """The position shown, then the column."""
        self._drawn = self._progress_mark()
        style.backdrop(surface)
        if self.board_view is not None and self.states:
            index = min(self.index, len(self.states) - 1)
            state = self.states[index]
            if self._shown is not state:
                before, last = self.board_view.pieces, self._shown_index
                self._shown, self._shown_index = state, index
                self._shown_view = self.spec.view(state, None)
                after = self.adapter.shown_pieces(self._shown_view)
                self.board_view.set_pieces(after)
                self.board_view.set_highlights()
                if last is not None and abs(index - last) == 1 and self.app.settings.get("follow", True):
                    self._follow(before, after, min(index, last), now_ms)
            self.board_view.draw(surface, now_ms)
            # the position's own marks (tracks, who holds what, rubble), as the table shows them
            clip = surface.get_clip()
            surface.set_clip(self.board_view.camera.viewport)
            self.adapter.draw_position_marks(surface, self.board_view, self._shown_view)
            surface.set_clip(clip)
        inner = style.panel(surface, self.side, "Review")
        x = inner.left + style.px(8)
        style.text(surface, f"{self.spec.title}: after {self.index} of {len(self.actions)} actions",
                   (x, inner.top + style.px(8)), 15, style.INK)
        if self.failed:
            style.text(surface, self.failed[:60], (x, inner.top + style.px(34)), 13, style.WARN)
        elif not self.ready():
            self._draw_bar(surface, pygame.Rect(x, inner.top + style.px(40), self.graph.width, style.px(6)))
        else:
            self._draw_graph(surface)
            self._draw_slider(surface)
            self._draw_swings(surface, x, self.slider.bottom + style.px(50), self.graph.width)
        super().draw(surface, now_ms)

    def _draw_bar(self, surface, bar) -> None:
        pygame.draw.rect(surface, style.SLATE_DARK, bar)
        pygame.draw.rect(surface, style.BRASS, (bar.left, bar.top, round(bar.width * self.progress()), bar.height))
        style.text(surface, "Replaying the game…", (bar.left, bar.bottom + style.px(6)), 13, style.INK_DIM)

    def _draw_slider(self, surface) -> None:
        """A track with a tick at each turn's start and a knob at the position shown; with the
        search's progress under it while it estimates."""
        s = self.slider
        pygame.draw.rect(surface, style.SLATE_DARK, s, border_radius=3)
        n = max(1, len(self.actions))
        for index in self.marks:
            tx = s.left + s.width * index / n
            pygame.draw.line(surface, style.INK_DIM, (tx, s.top - style.px(3)), (tx, s.bottom + style.px(3)))
        kx = s.left + s.width * self.index / n
        pygame.draw.circle(surface, style.BRASS, (round(kx), s.centery), style.px(8))
        y = s.bottom + style.px(12)
        if not self.estimated():
            bar = pygame.Rect(s.left, y, s.width, style.px(4))
            pygame.draw.rect(surface, style.SLATE_DARK, bar)
            pygame.draw.rect(surface, style.BRASS, (bar.left, bar.top, round(bar.width * self.estimate_progress()),
                                                    bar.height))
            style.text(surface, f"The search is estimating the chances: {len(self.searched)} of "
                       f"{len(self.wanted)} positions", (s.left, bar.bottom + style.px(4)), 12, style.INK_DIM)
        else:
            style.text(surface, "Chances as the search estimates them at each turn's start",
                       (s.left, y), 12, style.INK_DIM)

    def chances_at(self, index: int) -> dict:
        """The chances after ``index`` actions: the search's where it has estimated, else the evaluation."""
        return self.searched.get(index) or self.points[index].chances

    def _draw_graph(self, surface) -> None:
        """Each side's chance of winning: the evaluation after every action (thin), the search's
        estimate at each turn's start (thick, as it comes in); the position shown is marked."""
        g = self.graph
        pygame.draw.rect(surface, style.SLATE_DARK, g)
        pygame.draw.line(surface, style.INK_DIM, (g.left, g.centery), (g.right, g.centery))
        n = max(1, len(self.points) - 1)
        for team, _ in self.team_chances(self.index):
            side = team[0]                      # allies share one chance: one line, the first's colour
            colour = self.spec.side_colours.get(side, style.INK)
            dim = dimmed(colour)
            pts = [(g.left + g.width * p.index / n, g.bottom - g.height * p.chances.get(side, 0.5))
                   for p in self.points]
            if len(pts) > 1:
                pygame.draw.lines(surface, dim, False, pts, 1)
            found = [(g.left + g.width * i / n, g.bottom - g.height * self.searched[i].get(side, 0.5))
                     for i in self.marks if i in self.searched]
            if len(found) > 1:
                pygame.draw.lines(surface, colour, False, found, 3)
        for swing in self.top:
            sx = g.left + g.width * swing.index / n
            pygame.draw.line(surface, style.WARN, (sx, g.top), (sx, g.bottom), 1)
        mx = g.left + g.width * self.index / n
        pygame.draw.line(surface, style.TARGET, (mx, g.top), (mx, g.bottom), 2)
        words, size = self.chance_words(self.index, g.width)
        style.text(surface, words, (g.left, g.top - style.px(22)), size, style.INK)

    def team_chances(self, index: int) -> list:
        """[(a team's sides, its chance of winning)] after ``index`` actions, each team once (the
        seating's teams; a side alone is a team of one): allies win together, so they share one
        chance (and one line of the graph)."""
        teams = self.spec.seated(self.states[-1]).teams if self.states else tuple((s,) for s in self.spec.sides)
        shown = self.chances_at(index)
        return [(team, shown.get(team[0], 0.0)) for team in teams]

    def chance_words(self, index: int, width: int) -> tuple:
        """(the graph's caption, its size) after ``index`` actions: each team and its chance, in
        as few words and as small a size as it takes to fit ``width`` pixels (four armies do not
        fit in one line at full length)."""
        teams = self.team_chances(index)
        each = ", ".join(f"{' & '.join(self.spec.display_name(s) for s in team)} {round(100 * chance)}%"
                         for team, chance in teams)
        short = ", ".join(f"{self.spec.display_name(team[0])}{' & allies' if len(team) > 1 else ''} "
                          f"{round(100 * chance)}%" for team, chance in teams)
        tries = [("Chance of winning: " + each, 13), (each, 13), (each, 11), (each, 10), (short, 10)]
        return next((t for t in tries if style.font(t[1]).size(t[0])[0] <= width), tries[-1])

    def said(self, index: int) -> list:
        """The lines the action that led to point ``index`` added to the game's log, as the log
        shows them: what the action brought about, for the swings."""
        if index not in self._said:
            log = [list(self.spec.view(self.states[i], None).get("log", ())) for i in (index - 1, index)]
            self._said[index] = added(*log)
        return self._said[index]

    def action_words(self, index: int) -> str:
        """The action that led to point ``index`` as its button read when it was taken (its step's
        words: "Move to", "End fire"), not as it would read at the position now shown."""
        action = self.actions[index - 1]
        if index - 1 < len(self.states):
            return self.adapter.label_in(self.states[index - 1], action)
        return self.adapter.label(action)

    def _draw_said(self, surface, line: str, x: int, y: int, width: int) -> int:
        """One log line, dimmed, in at most two rows as the log shows it (side names, dice as
        glyphs); returns the y below it."""
        fnt = style.font(12)
        glyph, space = fnt.get_height(), fnt.size(" ")[0]
        rows = rich_rows(table_words(self.adapter.log_words(line), self.spec), fnt, width - style.px(12), glyph)
        for row in rows[:2]:
            rx = x
            for kind, value in row:
                if kind == "die":
                    draw_die(surface, (rx, y, glyph, glyph), value[1], value[0])
                    rx += glyph + space
                else:
                    surface.blit(fnt.render(value, True, style.INK_DIM), (rx, y))
                    rx += fnt.size(value)[0] + space
            y += fnt.get_linesize()
        if len(rows) > 2:
            surface.blit(fnt.render("…", True, style.INK_DIM), (rx, y - fnt.get_linesize()))
        return y

    def _draw_swings(self, surface, x, y, width) -> None:
        """The largest swings in points of the mover's chance of winning, each with the first
        thing it brought about in the log's words (its dice as glyphs); marked as the
        evaluation's until the search has measured them."""
        style.text(surface, "The largest swings", (x, y), 15, style.BRASS, bold=True)
        note = "points of winning chance" if self.checked else "(the search is checking them)"
        style.text(surface, note, (x + style.px(170), y + style.px(2)), 12, style.INK_DIM)
        y += style.px(26)
        small = style.font(13)
        self.swing_rects = []
        for swing in self.top:
            top = y
            words = (f"{round(100 * swing.change):+d}  Turn {swing.turn}, {self.spec.display_name(swing.side)}: "
                     f"{self.action_words(swing.index)}")
            for line in style.wrap(words, small, width)[:2]:
                surface.blit(small.render(line, True, style.INK), (x, y))
                y += small.get_linesize()
            said = self.said(swing.index)
            if said:
                y = self._draw_said(surface, said[0], x + style.px(12), y, width - style.px(12))
            self.swing_rects.append((pygame.Rect(x, top, width, y - top), swing.index))
            if swing.index == self.index:
                pygame.draw.rect(surface, style.TARGET, (x - style.px(6), top, style.px(2), y - top))
            y += style.px(6)
        if self.luck:
            y += style.px(8)
            style.text(surface, "Dice luck (against the odds)", (x, y), 15, style.BRASS, bold=True)
            y += style.px(22)
            unit = knowledge_of(self.spec).luck_unit
            for line in style.wrap(unit, style.font(12), width)[:2] if unit else ():
                style.text(surface, line, (x, y), 12, style.INK_DIM)
                y += style.font(12).get_linesize()
            y += style.px(2)
            for line in self.luck_lines():
                style.text(surface, line, (x, y), 13, style.INK)
                y += small.get_linesize()
        if 0 < self.index <= len(self.actions):
            self._draw_last(surface, x, y + style.px(8), width)

    def _draw_last(self, surface, x, y, width) -> None:
        """The action that led to the position shown: its turn, who took it, its words, and the
        first line it added to the log, as a swing is shown."""
        words = self.action_words(self.index)
        if self.points and self.index <= len(self.movers):
            side = self.spec.display_name(self.movers[self.index - 1])
            words = f"Turn {self.points[self.index].turn}, {side}: {words}"
        small = style.font(13)
        for line in style.wrap(f"Last action: {words}", small, width)[:2]:
            surface.blit(small.render(line, True, style.INK_DIM), (x, y))
            y += small.get_linesize()
        if self.index < len(self.states):           # the replay has reached it
            for line in self.said(self.index)[:1]:
                y = self._draw_said(surface, line, x + style.px(12), y, width - style.px(12))
