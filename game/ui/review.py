"""The review of a finished game: step through it on the map, the chances graph, the largest swings.

Opened from the game-over screen. The game is replayed from its seed and logged actions in a
thread of its own (a bar counts it), each position scored by the game's evaluation
(game/ai/review.py); the window never waits. Left/Right step one action, Page Up/Down ten,
Home/End to either end, and a click on the graph jumps there.
"""
from __future__ import annotations

import threading

import pygame

from game.ai.review import dice_luck, swings, timeline

from . import style
from .adapter import adapter_for
from .scene import Scene
from .widgets import Button

PANEL_W = 420
STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


class ReviewScene(Scene):
    """A finished game, position by position, with each side's chance of winning."""

    def __init__(self, session):
        super().__init__()
        self.session, self.spec = session, session.spec
        self.actions = list(session.actions)
        self.adapter = adapter_for(self.spec, session)
        self.states: list = []
        self.points: list = []
        self.top: list = []
        self.luck: dict = {}
        self.index = len(self.actions)
        self.failed = ""
        self.board_view = self._board_view()
        self.buttons = [Button("|<", lambda: self.go(0)), Button("<", lambda: self.step(-1)),
                        Button(">", lambda: self.step(1)), Button(">|", lambda: self.go(len(self.actions))),
                        Button("Close", self.back, primary=True)]
        self.graph = pygame.Rect(0, 0, 0, 0)
        self._shown = None
        self._worker = threading.Thread(target=self._replay, name="review", daemon=True)
        self._worker.start()

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
            self.top = swings(points, movers, self.actions)
            self.luck = dice_luck(self.spec, first, self.actions)
            self.points = points
        except Exception as exc:  # a replay that fails is reported on the screen, never raised in it
            self.failed = f"The game could not be replayed for review: {exc}"

    def ready(self) -> bool:
        """True once every position is replayed and scored."""
        return bool(self.points)

    def progress(self) -> float:
        """How far the replay is, 0..1."""
        return 1.0 if self.points else len(self.states) / max(1, len(self.actions) + 1)

    # -- stepping ----------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show the position after ``index`` actions."""
        self.index = max(0, min(len(self.actions), index))

    def step(self, by: int) -> None:
        """Step ``by`` actions back or forth."""
        self.go(self.index + by)

    def back(self) -> None:
        """Esc or Close: back to the game-over screen."""
        self.app.stack.pop()

    def handle_event(self, event) -> bool:
        """Arrow keys, Page Up/Down, Home/End, Esc; a click on the graph jumps there."""
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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.graph.collidepoint(event.pos):
            share = (event.pos[0] - self.graph.left) / max(1, self.graph.width)
            self.go(round(share * len(self.actions)))
            return True
        if self.board_view is not None and self.board_view.handle_event(event):
            return True
        return super().handle_event(event)

    def update(self, now_ms: int) -> bool:
        """Redraw while the replay runs."""
        return not self.ready()

    def animating(self, now_ms: int) -> bool:
        """Frames while the replay runs or the map moves."""
        return not self.ready() or (self.board_view is not None and self.board_view.animating(now_ms))

    # -- layout and drawing ------------------------------------------------------------------
    def layout(self, rect) -> None:
        """The map on the left, the graph, swings and controls in a column on the right."""
        super().layout(rect)
        side = pygame.Rect(rect.right - style.px(PANEL_W), rect.top, style.px(PANEL_W), rect.height)
        self.side = side
        if self.board_view is not None:
            self.board_view.set_viewport(pygame.Rect(rect.left, rect.top, side.left - rect.left, rect.height))
        inner = style.panel_inner(side, "Review")
        self.graph = pygame.Rect(inner.left + style.px(8), inner.top + style.px(70), inner.width - style.px(16),
                                 style.px(170))
        bw, gap = style.px(56), style.px(8)
        y = inner.bottom - style.px(52)
        for i, button in enumerate(self.buttons[:4]):
            button.rect = pygame.Rect(inner.left + style.px(8) + i * (bw + gap), y, bw, style.px(40))
        self.buttons[4].rect = pygame.Rect(inner.right - style.px(120), y, style.px(112), style.px(40))

    def draw(self, surface, now_ms) -> None:
        """The position shown, then the column."""
        style.backdrop(surface)
        if self.board_view is not None and self.states:
            state = self.states[min(self.index, len(self.states) - 1)]
            if self._shown is not state:
                self._shown = state
                self.board_view.set_pieces(self.adapter.shown_pieces(self.spec.view(state, None)))
                self.board_view.set_highlights()
            self.board_view.draw(surface, now_ms)
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
            self._draw_swings(surface, x, self.graph.bottom + style.px(40), self.graph.width)
        super().draw(surface, now_ms)

    def _draw_bar(self, surface, bar) -> None:
        pygame.draw.rect(surface, style.SLATE_DARK, bar)
        pygame.draw.rect(surface, style.BRASS, (bar.left, bar.top, round(bar.width * self.progress()), bar.height))
        style.text(surface, "Replaying the game…", (bar.left, bar.bottom + style.px(6)), 13, style.INK_DIM)

    def _draw_graph(self, surface) -> None:
        """Each side's chance of winning after every action; the position shown is marked."""
        g = self.graph
        pygame.draw.rect(surface, style.SLATE_DARK, g)
        pygame.draw.line(surface, style.INK_DIM, (g.left, g.centery), (g.right, g.centery))
        n = max(1, len(self.points) - 1)
        for side in self.spec.sides[:2]:
            colour = self.spec.side_colours.get(side, style.INK)
            pts = [(g.left + g.width * p.index / n, g.bottom - g.height * p.chances.get(side, 0.5))
                   for p in self.points]
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, 2)
        for swing in self.top:
            sx = g.left + g.width * swing.index / n
            pygame.draw.line(surface, style.WARN, (sx, g.top), (sx, g.bottom), 1)
        mx = g.left + g.width * self.index / n
        pygame.draw.line(surface, style.TARGET, (mx, g.top), (mx, g.bottom), 2)
        shown = self.points[self.index].chances
        words = ", ".join(f"{self.spec.display_name(s)} {round(100 * shown.get(s, 0))}%" for s in self.spec.sides)
        style.text(surface, "Chance of winning: " + words, (g.left, g.top - style.px(22)), 13, style.INK)

    def _draw_swings(self, surface, x, y, width) -> None:
        style.text(surface, "The largest swings", (x, y), 15, style.BRASS, bold=True)
        y += style.px(26)
        small = style.font(13)
        for swing in self.top:
            sign = "gained" if swing.change >= 0 else "lost"
            words = (f"Turn {swing.turn}, {self.spec.display_name(swing.side)}: {self.adapter.label(swing.action)} "
                     f"({sign} {abs(round(100 * swing.change))} points of winning chance)")
            for line in style.wrap(words, small, width):
                surface.blit(small.render(line, True, style.INK), (x, y))
                y += small.get_linesize()
            y += style.px(6)
        if self.luck:
            y += style.px(8)
            style.text(surface, "Dice luck (against the odds)", (x, y), 15, style.BRASS, bold=True)
            y += style.px(24)
            for side in self.spec.sides:
                style.text(surface, f"{self.spec.display_name(side)}: {self.luck.get(side, 0):+.1f}",
                           (x, y), 13, style.INK)
                y += small.get_linesize()
        if 0 < self.index <= len(self.actions):
            last = self.adapter.label(self.actions[self.index - 1])
            style.text(surface, f"Last action: {last}", (x, y + style.px(8)), 13, style.INK_DIM)
