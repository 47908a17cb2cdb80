"""The play scene's computer seats: their decisions in a worker thread, paced by what there is to see."""
from __future__ import annotations

import time

from game.core.contract import IllegalAction

from .play_parts import engine_failure

BOT_BATCH_S = 0.012        # a frame applies computer decisions that show nothing for up to this long


class ComputerSeats:
    """Running computer seats each frame (a mixin: PlayScene keeps the state it reads and writes)."""

    def update(self, now_ms: int) -> bool:
        """Run computer seats, hide the dice tray, and end the game once the dice settle."""
        changed = self.dice.update(now_ms)
        changed = self._watch_map() or changed
        changed = self.hinter.update(self) or changed
        if self.handover is not None and self.end_turn_button.enabled == self.dice.tumbling(now_ms):
            self.end_turn_button.enabled = not self.end_turn_button.enabled   # lit once the dice have settled
            changed = True
        if self.finished:
            if not self.dice.tumbling(now_ms) and not self.drawing():   # the result over the whole map
                from .interludes import GameOverScene
                self.finished = False          # shown once; the final position stays beneath the result
                self.app.stack.push(GameOverScene(self.session, self.app.games))
                return True
            return changed
        active = self.session.active()
        if active is None or self.is_human(active) or self.bot_error:
            self.computer_since = None
            return changed
        if self.computer_since is None:
            self.computer_since = now_ms
        # Decisions that show nothing (a selection, "done") follow one another within a frame,
        # and the batch is autosaved once (a save per decision would cost more than the frame).
        deadline = time.perf_counter() + BOT_BATCH_S
        saving, applied = self.session.autosave_enabled, 0
        self.session.autosave_enabled = False
        try:
            while not self.bot_error and not self.is_human(active) and active is not None:
                if not self.worker.busy and not self.worker.ready():
                    self.worker.request(self.bots[active], self.session.state, active)   # thinks while a move shows
                if self.pacer.waiting(now_ms):
                    break
                left = deadline - time.perf_counter()
                if left <= 0 or not (self.worker.ready() or self.worker.wait(left)):
                    break
                self._apply_bot(self.worker.poll(), now_ms)
                applied += 1
                active = self.session.active()
        finally:
            self.session.autosave_enabled = saving
            if saving and applied:
                self.session.autosave()
        return True  # the progress line moves

    def _apply_bot(self, result, now_ms: int) -> None:
        """Apply a computer decision and show it: moves slide, dice tumble and are read, the rest at once."""
        kind, value = result
        if kind == "error":
            self.bot_error, self.status = True, value
            self.after_change()
            return
        before = self.adapter.shown_pieces(self.view)
        serial = (self.view.get("dice") or {}).get("serial")
        way = self.adapter.route(value)
        focus = self.adapter.action_place(value, self.view) if isinstance(value, (list, tuple)) else None
        try:
            self.session.apply(value)
        except IllegalAction as exc:
            self.bot_error = True
            self.status = f"The computer chose an illegal move: {exc}"
        except Exception as exc:  # as in act(): report, keep the window and the game
            self.bot_error = True
            self.status = engine_failure(value, exc)
        self.after_change()
        rolled = (self.view.get("dice") or {}).get("serial") != serial and self.dice.tumbling(now_ms)
        self.pacer.show(before, self.adapter.shown_pieces(self.view), self.board_view, rolled, self.dice.tumble_ms,
                        now_ms, self.app.animation_factor() if self.app else 1.0, way, focus,
                        follow=self.app.settings.get("follow", True) if self.app else True)

    def fast_forward(self) -> None:
        """F: computer turns at a fraction of their pace, or back to normal."""
        self.pacer.fast = not self.pacer.fast
        self.pacer.until = 0
        if self.app is not None:
            self.app.toast("Fast forward: computer moves shown quickly (F again for normal)" if self.pacer.fast
                           else "Computer moves at normal pace", owner=self)

    def animating(self, now_ms: int) -> bool:
        """True while dice tumble, the computer thinks, the map or a panel moves, or the game ends."""
        return next(self.animating_parts(now_ms), None) is not None

    def animating_parts(self, now_ms: int):
        """The parts of the table that keep it animating, named in a word or two, as found (a
        generator: ``animating`` stops at the first, every frame; a test tool names them all)."""
        if self.finished:
            yield "the game over"
        if self.dice.tumbling(now_ms):
            yield "dice"
        if self.worker.busy:
            yield "the worker"
        if self.pacer.waiting(now_ms):
            yield "the pacer"
        if self.hinter.busy():
            yield "a hint"
        side = self.session.active()
        if not self.bot_error and side is not None and not self.is_human(side):
            yield "the computer to act"
        if self.board_view is not None and self.board_view.animating(now_ms):
            yield "the board view"
        if self.adapter.animating(now_ms):
            yield "the adapter"
        if any(p.animating(now_ms) for p in self.panels):
            yield "a panel"

    def drawing(self) -> bool:
        """True while the map's base is still being drawn a slice a frame."""
        return self.board_view is not None and self.board_view.rendering()

    def frame_rate(self, now_ms: int) -> int:
        """60 fps for tumbling dice and sliding pieces; 24 is plenty for slowly pulsing targets and the thinking bar."""
        view = self.board_view
        sliding = view is not None and (view.sliding(now_ms) or view.rendering() or view.camera.panning())
        return 60 if sliding or self.dice.tumbling(now_ms) else 24
