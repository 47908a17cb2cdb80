"""The playthrough driver's side of a game against the computer: seating it, and keys pressed while it thinks.

The driver (tools/playthrough.py) takes one seat and the computer every other. While the computer
thinks, Ctrl+Z, Esc, H and F each must take effect within a frame or two, and no turn of the
window's loop may take long (issue 14: the thinking never blocks the window and stops at once).
"""
from __future__ import annotations

import time


class AgainstTheComputer:
    """A mixin for the Driver: needs its app, rng, mischief, versus, seat, mine, interruptions,
    play(), step(), send_keys(), click(), shot() and note()."""

    def computer_to_act(self, play) -> bool:
        """True when a computer seat must act on the table now."""
        if play is None or type(self.app.stack.top).__name__ != "PlayScene":
            return False
        active = play.session.active()
        return active is not None and not play.is_human(active) and not play.bot_error

    def seat_the_computer(self, form) -> None:
        """Click each other seat's right arrow until it reads the computer player asked for."""
        sides = list(form.seats)
        seats = [self.seed] if self.seat is None else [int(n) for n in str(self.seat).split(",")]
        mine = tuple(sides[n % len(sides)] for n in seats)
        for side, cycler in form.seats.items():
            if side in mine:
                continue
            for _ in range(len(cycler.options)):
                if cycler.value == self.versus:
                    break
                self.click(cycler.arrows()[1].center, f"seat {side}")
            if cycler.value != self.versus:
                raise SystemExit(f"playthrough: the {side} seat offers no {self.versus!r} player")
        self.mine = mine
        print(f"seated: {', '.join(mine)} by the driver, the computer ({self.versus}) elsewhere", flush=True)

    @staticmethod
    def track(session) -> None:
        """Note which side made each move the session applies (the driver's or the computer's)."""
        if getattr(session, "driver_movers", None) is not None:
            return
        movers, apply = {}, session.apply

        def apply_noting_the_mover(action):
            index, side = len(session.actions), session.active()
            phase = session.view(side).get("phase") if side is not None else None
            out = apply(action)
            movers[index] = (side, phase)
            return out
        session.apply, session.driver_movers = apply_noting_the_mover, movers

    def doubled(self, play, before: int, side, phase) -> int:
        """How many moves one double key press made, when it played more than one and left the phase
        (at a hot seat: any moves; against the computer: the driver's own, by the phase each was
        made in), else 0."""
        actions = play.session.actions
        if not self.versus:
            played = len(actions) - before
            left = play.session.active() != side or play.view.get("phase") != phase
            return played if played > 1 and left else 0
        movers = play.session.driver_movers
        mine = [movers[i][1] for i in range(before, len(actions)) if movers.get(i, (None,))[0] in self.mine]
        return len(mine) if len(mine) > 1 and len(set(map(str, mine))) > 1 else 0

    # -- the computer's turn -----------------------------------------------------------------
    def watch_the_computer(self, play) -> None:
        """Let the computer play for a moment; now and then press a key at it while it thinks (an
        Undo most often just after the driver's own move passed play, when it is owed)."""
        began = time.monotonic()
        while time.monotonic() - began < 1.0 and self.app.stack.top is play and self.computer_to_act(play):
            self.step()
            if not play.worker.busy:
                continue
            made = len(play.session.actions)
            if made != self.undo_tried and play._answer_owed() and play.session.can_undo(passing=True):
                self.undo_tried = made
                if self.rng.random() < self.mischief:
                    self.interrupt(play, "undo")
                    return
            if self.rng.random() < self.mischief / 4:
                self.interrupt(play)
                return
            if play.worker.elapsed() > 60 and made != self.slow_noted:
                self.slow_noted = made
                self.note("the computer thought for more than a minute over one decision")

    def interrupt(self, play, what: str | None = None) -> None:
        """One of Ctrl+Z, Esc, H or F while the computer thinks (``what``, else one at random), and
        what each must do."""
        what = what or self.rng.choice(["undo", "escape", "hint", "fast", "save"])
        self.interruptions[what] = self.interruptions.get(what, 0) + 1
        session = play.session
        before, owed = len(session.actions), play._answer_owed() and session.can_undo(passing=True)
        self.shot(f"thinking-{what}")
        keys = {"undo": "ctrl+z", "escape": "Escape", "hint": "h", "fast": "f", "save": "ctrl+s"}[what]
        saved = set(self.saves())
        self.send_keys(keys)
        pressed = time.monotonic()
        answered = self.wait_for(lambda: self.answered(what, play, before, owed, saved), 1.0)
        took = time.monotonic() - pressed
        if not answered:
            self.shot(f"unanswered-{what}")
            self.note(f"{keys} while the computer thought had not taken effect after {took:.2f} s "
                      f"(status {play.status!r})")
        elif took > 0.25:
            self.note(f"{keys} while the computer thought took {took:.2f} s to take effect")
        if what == "undo" and owed and answered:
            self.interruptions["undo took a move back"] = self.interruptions.get("undo took a move back", 0) + 1
            self.shot("undone")
        if what == "escape" and type(self.app.stack.top).__name__ == "MenuScene":
            self.resume_where_left(before)
        if what == "save" and answered:
            self.check_save([f for f, _ in sorted(set(self.saves()) - saved, key=lambda fm: fm[1])], before)

    @staticmethod
    def saves() -> list:
        """The save files in the program's saves folder, each with when it was written (a save
        within the same second as the last has its name, and replaces it)."""
        from game.core.paths import saves_dir
        return [(f, f.stat().st_mtime_ns) for f in saves_dir().glob("*.json")] if saves_dir().exists() else []

    def check_save(self, made: list, moves: int) -> None:
        """A save written while the computer thought must load, with every move made before the key."""
        from game.core.session import SaveError, load
        from game.rules import GAMES
        try:
            session = load(made[-1], GAMES)
        except SaveError as exc:
            self.note(f"the save written while the computer thought does not load: {exc}")
            return
        if len(session.actions) < moves:
            self.note(f"the save written while the computer thought holds {len(session.actions)} moves of {moves}")

    def answered(self, what: str, play, before: int, owed: bool, saved: set = frozenset()) -> bool:
        """Whether the key's effect shows yet."""
        if what == "save":
            return bool(set(self.saves()) - saved)
        if what == "escape":
            return type(self.app.stack.top).__name__ == "MenuScene"
        if what == "undo":
            if not owed:
                return True                   # refused (in words) or the turn goes on: nothing to check
            return len(play.session.actions) < before and play.my_turn() and not play.worker.busy
        return True

    def wait_for(self, done, most_s: float) -> bool:
        """Turn the loop until ``done()`` or ``most_s`` seconds; whether it came."""
        start = time.monotonic()
        while time.monotonic() - start < most_s:
            self.step()
            if done():
                return True
        return done()

    def resume_where_left(self, made: int) -> None:
        """From the menu, Resume: the table must come back with no move lost."""
        self.shot("menu-while-thinking")
        resume = next((b for b in self.app.stack.top.extra_buttons if b.label.startswith("Resume")), None)
        if resume is None:
            self.note("Esc while the computer thought left a menu with no Resume")
            self.app.running = False
            return
        self.click(resume.rect.center)
        play = self.play()
        if play is None:
            self.note("Resume after Esc while the computer thought did not reopen the table")
            return
        if len(play.session.actions) < made:
            self.note(f"Resume came back {made - len(play.session.actions)} moves short")
