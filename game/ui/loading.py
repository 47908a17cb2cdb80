"""Loading a save replays every move: the replay runs in a thread and a scene shows its progress.

UI.md: "Long work (a replay) shows progress and never freezes the window." A short save loads at
once (within QUICK_S, no scene); a long one shows "Replaying move k of n" until it is done.
"""
from __future__ import annotations

import dataclasses
import os
import threading
import time

import pygame

from . import style
from .scene import Scene
from .widgets import Button

QUICK_S = 0.1          # a load done within this is finished at once, without the progress scene
HANDOVER_S = 0.016     # a turn of the loop builds and draws ahead the loaded table (and its map) for about this long


def _table_art(session) -> None:
    """Read an area map's pictures, or work out a hex map's corners, here, off the window's thread
    (the table's first drawing needs them all; read there, they stalled its first turn)."""
    try:
        board = session.spec.board(session.state)
    except Exception:  # the table reports a board it cannot show
        return
    if hasattr(board, "areas"):
        from .area_view import map_art
        map_art(getattr(board, "path", None))
        return
    corners = getattr(board, "corners", None)
    if corners is not None and getattr(board, "hexes", None):
        for h in board.hexes:
            corners(h)
        for h in getattr(board, "partial_terrain", {}):
            corners(h)
        from .hex_view import road_curves
        road_curves(board)


class Cancelled(Exception):
    """The player gave up waiting for a replay."""


def _import_table(spec) -> None:
    """Import the play scene and the game's own table here, off the window's thread (the first import
    of a game's UI reads its modules from disk: it would stall the first frame)."""
    import importlib
    importlib.import_module("game.ui.play")
    if spec.board_kind == "hex":
        from .hex_view import tile_art
        tile_art()                # the terrain tiles, read once
    if spec.ui:
        try:
            importlib.import_module(spec.ui.partition(":")[0])
        except ImportError:
            pass                  # the play scene says so, with the generic table


class Replay:
    """One save being loaded in a thread; counts the moves replayed so far."""

    def __init__(self, path, games: dict):
        self.path = path
        self.done = 0
        self.total = None
        self.session = None
        self.error = None
        self.started = time.monotonic()
        self._cancel = threading.Event()
        self._games = games
        self.thread = threading.Thread(target=self._run, name="load-save", daemon=True)
        self.thread.start()

    def _counting(self, spec):
        def apply(state, action):
            if self._cancel.is_set():
                raise Cancelled
            new = spec.apply(state, action)
            self.done += 1
            return new
        return dataclasses.replace(spec, apply=apply)

    def _run(self) -> None:
        from game.core.session import SaveError, from_data, read_save
        try:
            data = read_save(self.path)             # the careful reader: bounded, checked, one sentence
            actions = data.get("actions")
            self.total = len(actions) if isinstance(actions, list) else None
            games = {name: self._counting(spec) for name, spec in self._games.items()}
            session = from_data(data, os.path.basename(str(self.path)), games)
            session.spec = self._games[session.spec.name]   # play on with the real rules object
            _import_table(session.spec)
            _table_art(session)
            self.session = session
        except SaveError as exc:
            self.error = str(exc)
        except Exception as exc:  # reported in the window, never raised in it
            self.error = f"The save file {os.path.basename(str(self.path))} could not be loaded ({exc})."

    def finished(self) -> bool:
        """True once the thread has stopped (check ``session``/``error``)."""
        return not self.thread.is_alive()

    def cancel(self) -> None:
        """Stop replaying at the next move."""
        self._cancel.set()

    def cancelled(self) -> bool:
        """True after ``cancel``."""
        return self._cancel.is_set()

    def progress_text(self) -> str:
        """'Replaying move 312 of 673 · 1.2 s'."""
        of = f" of {self.total}" if self.total else ""
        return f"Replaying move {self.done}{of} · {time.monotonic() - self.started:.1f} s"


class LoadingScene(Scene):
    """A box over the current scene while a long save replays; Esc or Cancel gives up.

    It counts as opaque: the scenes below are drawn once, dimmed and kept, so a frame of progress
    costs the box alone and leaves the replay thread the time."""

    opaque = True

    def __init__(self, replay: Replay, on_done):
        super().__init__()
        self.replay = replay
        self.on_done = on_done                  # called with the Replay once it has finished
        self.cancel_button = Button("Cancel", self.back, size=15)
        self.buttons = [self.cancel_button]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.built = False                      # the table is built; then drawn ahead a piece at a time
        self.ready = False                      # all drawn ahead: the next turn shows the table
        self.behind = None                      # what is behind the box, dimmed once
        self.drawn_rects = None                 # the screen rects the last frame changed (None: all)

    def layout(self, rect) -> None:
        """Centre the box."""
        super().layout(rect)
        self.box = pygame.Rect(0, 0, min(rect.width - style.px(40), style.px(520)), style.px(170))
        self.box.center = rect.center
        self.cancel_button.rect = pygame.Rect(0, 0, style.px(120), style.px(34))
        self.cancel_button.rect.midbottom = (self.box.centerx, self.box.bottom - style.px(14))

    def back(self) -> None:
        """Esc or Cancel: stop the replay and return to what was there."""
        self.replay.cancel()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, now_ms: int) -> bool:
        """Hand the loaded game (or its error) over once the thread is done: the table is built and
        its side column and counters drawn ahead, a piece at a time for about HANDOVER_S a turn of
        the loop, and it is shown in a turn of its own, so no turn stalls the window."""
        if self.replay.finished() and not self.replay.cancelled():
            if self.replay.session is not None and hasattr(self.app, "prepare_table"):
                if not self.ready:
                    end = time.perf_counter() + HANDOVER_S
                    while True:                 # at least one piece a turn
                        if not self.built:
                            self.built = True
                            self.app.prepare_table(self.replay.session)
                        elif not self.app.warm_table():
                            self.ready = True
                        if self.ready or time.perf_counter() >= end:
                            return True
                if self.app.stack.top is self:
                    self.app.stack.drop()       # the table takes its place: what is below is not shown again
            if self.app.stack.top is self:
                self.app.stack.pop()
            self.on_done(self.replay)
        return True                              # the progress moves

    def animating(self, now_ms: int) -> bool:
        """Frames keep coming while the replay runs."""
        return True

    def frame_rate(self, now_ms: int) -> int:
        """Often enough that the loop never waits long for Esc; each frame costs little (see draw).
        Once the table is drawn ahead, a turn is all drawing: no pause between them."""
        return 60 if self.built else 50

    def draw(self, surface, now_ms) -> None:
        """Dim what is behind (once: the dimmed picture is kept); the file, the move count and a bar."""
        if self.behind is None or self.behind.get_size() != surface.get_size():
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 140))
            self.behind = surface.copy()         # the scenes below, as the last frame left them
            self.behind.blit(shade, (0, 0))
            surface.blit(self.behind, (0, 0))
            self.drawn_rects = None
        else:
            surface.blit(self.behind, self.box, self.box)
            self.drawn_rects = [self.box]        # only the box changes from frame to frame
        inner = style.panel(surface, self.box, f"Loading {os.path.basename(str(self.replay.path))}")
        x, width = inner.left + style.px(16), inner.width - style.px(32)
        style.text(surface, self.replay.progress_text(), (x, inner.top + style.px(14)), 16, style.INK)
        bar = pygame.Rect(x, inner.top + style.px(46), width, style.px(10))
        pygame.draw.rect(surface, style.SLATE_DARK, bar, border_radius=style.px(3))
        if self.replay.total:
            done = bar.width * min(self.replay.done, self.replay.total) // self.replay.total
            pygame.draw.rect(surface, style.BRASS, (bar.left, bar.top, done, bar.height), border_radius=style.px(3))
        else:   # the count is not known: a sweep shows the window is alive
            sweep = (now_ms // 8) % max(1, bar.width)
            pygame.draw.rect(surface, style.BRASS, (bar.left + sweep * 3 // 4, bar.top, bar.width // 4, bar.height))
        super().draw(surface, now_ms)
