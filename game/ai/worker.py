"""Runs a bot's choice in a worker thread so the window never waits on it (no pygame here)."""
from __future__ import annotations

import threading
import time

from game.core.steps import copy_state


class BotWorker:
    """One computer decision at a time; results of cancelled requests are dropped."""

    def __init__(self):
        self._lock = threading.Lock()
        self._generation = 0
        self._result = None
        self._started = 0.0
        self._busy = False
        self._cancel = threading.Event()
        self._done = threading.Event()          # set when a result is waiting
        self._progress = None                   # 0..1 reported by an interruptible bot, else None

    @property
    def busy(self) -> bool:
        """True while a decision is being worked out."""
        return self._busy

    def ready(self) -> bool:
        """True when a decision waits to be collected with poll()."""
        return self._result is not None

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the decision in flight; True when one is ready."""
        return self._done.wait(timeout) and self.ready()

    def progress(self) -> float | None:
        """How far the bot in flight is through its decision (0..1), or None when it cannot tell."""
        return self._progress if self._busy else None

    def elapsed(self) -> float:
        """Seconds since the current request started (0 when idle)."""
        return time.monotonic() - self._started if self._busy else 0.0

    def request(self, bot, state: dict, player: str, delay: float = 0.0) -> None:
        """Start choosing ``player``'s action; it takes at least ``delay`` seconds so moves can be followed."""
        with self._lock:
            self._generation += 1
            generation = self._generation
            self._result = None
            self._done.clear()
            self._busy = True
            self._started = time.monotonic()
            self._cancel = threading.Event()
            cancel = self._cancel
            self._progress = None
        snapshot = copy_state(state)
        thread = threading.Thread(target=self._work, args=(bot, snapshot, player, delay, generation, cancel),
                                  name=f"bot-{player}", daemon=True)
        thread.start()

    def _work(self, bot, state, player, delay, generation, cancel) -> None:
        start = time.monotonic()
        try:
            if getattr(bot, "interruptible", False):
                # A search stops at once when the request is cancelled (Undo, Menu) and tells how far it got.
                def report(share, generation=generation):
                    if generation == self._generation:
                        self._progress = share
                outcome = ("action", bot.choose(state, player, stop=cancel, progress=report))
            else:
                outcome = ("action", bot.choose(state, player))
        except Exception as exc:  # a bot failure is reported to the window, never raised in it
            outcome = ("error", f"The computer player for {player} failed: {exc}")
        rest = delay - (time.monotonic() - start)
        if rest > 0:
            cancel.wait(rest)
        with self._lock:
            if generation == self._generation and not cancel.is_set():
                self._result = outcome
                self._busy = False
                self._done.set()

    def poll(self):
        """("action", a) or ("error", message) once ready, else None; each result is handed out once."""
        with self._lock:
            result, self._result = self._result, None
            self._done.clear()
            return result

    def cancel(self) -> None:
        """Forget the request in flight (after an undo, a load, or leaving the game)."""
        with self._lock:
            self._generation += 1
            self._cancel.set()
            self._result = None
            self._busy = False
