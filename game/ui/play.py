"""The generic play scene: map (or plain table), top bar, prompt, game panels, log, dice tray."""
from __future__ import annotations

import json
import time

import pygame

from game.ai import BOTS, plays
from game.ai.worker import BotWorker
from game.core import paths
from game.core.contract import IllegalAction, as_action

from .adapter import adapter_for
from .hints import Hinter
from .map_watch import MapWatcher, describe_refusal, file_name
from .pacing import Pacer
from .play_computer import BOT_BATCH_S, ComputerSeats  # noqa: F401
from .play_draw import PlayDrawing
from .play_input import PlayInput, is_help_key  # noqa: F401
from .play_parts import HELP, DiceTray, LogPanel, engine_failure, primary_index  # noqa: F401
from .play_layout import SideColumnLayout
from . import style
from .safety import forget_autosave
from .scene import Scene, now_ms
from .widgets import Button

ENTER_GUARD_MS = 400       # after the table is uncovered, Enter/Space wait this long (no double-press ends a turn)


class PlayScene(PlayInput, PlayDrawing, ComputerSeats, SideColumnLayout, Scene):
    """Drives one Session: humans click, computer seats choose in a worker thread."""

    def __init__(self, session, adapter=None):
        super().__init__()
        self.session = session
        self.spec = session.spec
        self.adapter = adapter or adapter_for(self.spec, session)
        self.panels = self.adapter.panels()
        self.worker = BotWorker()
        self.pacer = Pacer()              # computer decisions wait until the last one has been shown
        self.drawn_rects = None           # the screen rects the last frame changed (None: all of it)
        self.autosave_after = None        # True: a move waits for its autosave until its frame is shown
        self._chrome = (None, pygame.Surface((1, 1)))   # (key, the top bar and side column as last drawn)
        self.computer_since = None        # ms when the computer seat now acting took over
        for side, kind in list(session.seats.items()):
            if kind != "human" and not plays(kind, self.spec.name):   # a save from a version with another bot
                session.seats[side] = "human"
        self.bots = {side: BOTS[kind][1](self.spec, session.seed + 7919 * (i + 1))
                     for i, (side, kind) in enumerate(sorted(session.seats.items())) if kind in BOTS}
        self.viewer = None
        self.view: dict = {}
        self.status = ""                  # why a click did nothing, or a bot's failure
        self.choices: list = []           # actions offered after a click that names several
        self.bot_error = False
        self.finished = False
        self.dice = DiceTray(self.spec)
        self.log = LogPanel(self.spec, self.adapter.log_words)
        self.board_view = None
        self.board_note = ""
        self.hover_pos = None
        self.press_pos = None
        self.prompt_buttons: list[Button] = []
        self.button_page = 0
        self.more_button = Button("More choices", self.next_button_page, size=15)
        self.more_button.visible = False
        self.undo_button = Button("Undo", self.undo, tip="Ctrl+Z")
        self.hinter = Hinter()
        self.top_buttons = [Button("?", self.help, tip="Keys and help"), Button("Hint", self.hint, tip="H"),
                            self.undo_button,
                            Button("Save", self.save, tip="Ctrl+S"), Button("Menu", self.back, tip="Esc")]
        self.map_rect = self.side_rect = self.top_rect = pygame.Rect(0, 0, 0, 0)
        self.log_column = None            # the log's own column when the map leaves room for it
        self.prompt_rect = self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rects: list = []       # (panel, frame rect) in the side column
        self.panel_content: dict = {}     # id(panel) -> (content rect, visible inner rect, px hidden)
        self.panel_scroll: dict = {}      # id(panel) -> px scrolled down
        self.pending_curtain = None       # a curtain owed from before the scene was on the stack
        self.prepared_for = None          # (window rect, moves) a table built ahead was laid out and viewed for
        self.handover = None              # the side the table passes to once the player who acted ends his turn
        self.end_turn_button = Button("End turn", self.end_turn, primary=True, size=15)
        self.keys_from = 0                # Enter/Space press the main button from this time (ms) on
        self.picks = 0                    # picks of the game's own (a counter chosen) since the start
        self.enter_armed = None           # (button label, ms) of an Enter that asked to be pressed again
        self.main_action = None           # the action of the button Enter presses
        self.button_actions: list = []    # the action of each prompt button, in order
        self.map_watch = MapWatcher(self.spec)
        self._make_board_view()
        self.finished = session.result() is not None      # a finished game loaded from a save
        self._choose_viewer()
        self.refresh(animate=False)

    # -- seats and the curtain -------------------------------------------------
    def humans(self) -> list[str]:
        """The sides in this battle played at this computer by people (a scenario may seat fewer
        sides than the game knows: a two-army battle of Hammer's Slammers has no green player)."""
        return [s for s in self.spec.seated(self.session.state).sides if self.is_human(s)]

    def is_human(self, side) -> bool:
        """True when a person plays ``side``."""
        return side is not None and self.session.seats.get(side, "human") == "human"

    def _choose_viewer(self) -> None:
        """Show the active human's view; behind a curtain when hidden information changes hands."""
        active = self.session.active()
        if not self.is_human(active):
            if self.viewer is None and self.humans():
                self.viewer = self.humans()[0]
            return
        if active == self.viewer:
            self.handover = None
            return
        hand_over = (self.spec.hidden_information or self.adapter.curtain_between_seats()) and len(self.humans()) > 1
        if hand_over and self.is_human(self.viewer) and self.session.result() is None and self.handover is None:
            # The player who acted first sees what his move did (dice, result, losses), then ends
            # his turn with a button of its own; only then the curtain (issue: battles behind it).
            self.handover = active
            self.keys_from = now_ms() + ENTER_GUARD_MS
            return
        self.handover = None
        if hand_over:
            self._curtain_for(active)
        else:
            if self.viewer is not None:
                # the table passes openly to the other player (Hack & Sack): the last player's
                # Enter pressed again must not end the new player's phase (issue 10)
                self.keys_from = now_ms() + ENTER_GUARD_MS
            self.viewer = active

    def _curtain_for(self, side) -> None:
        """Show ``side``'s view, behind a curtain that side lifts."""
        self.viewer = side
        if self.app is not None:
            from .interludes import CurtainScene
            self.app.stack.push(CurtainScene(self.spec, side))
        else:
            self.pending_curtain = side

    def enter(self) -> None:
        """Show a curtain owed from construction; refresh the view when uncovered."""
        pending = self.pending_curtain
        prepared, self.prepared_for = self.prepared_for, None
        if pending:
            self.pending_curtain = None
            from .interludes import CurtainScene
            self.app.stack.push(CurtainScene(self.spec, pending))
            return
        pygame.display.set_caption(f"{self.spec.title} — Wargames Table")
        rect = self.app.screen.get_rect()
        if prepared != (tuple(rect), len(self.session.actions)):   # (built ahead for this window: done)
            self.layout(rect)
            self.refresh(animate=False)
        kept = self.app.table_view
        if kept and kept[0] == self._view_key() and self.board_view is not None and not self.board_view.chosen:
            self.board_view.restore_view(kept[1])       # Esc, then Resume: the map as the player left it
        self.keys_from = now_ms() + ENTER_GUARD_MS

    def after_frame(self) -> bool:
        """Once a frame is on the screen: write the autosave a move owes; True when one was written.

        A table just opened from a long save owes it once its map is drawn whole ("when drawn"),
        in the turn after that frame, so no turn of the loop draws and writes the save."""
        if self.autosave_after is None:
            return False
        if self.autosave_after == "when drawn":
            shown = self.app is None or self in self.app.stack.visible()
            if self.board_view is None or not self.board_view.rendering() or not shown:
                self.autosave_after = "next frame"
            return False
        if self.autosave_after == "next frame":
            self.autosave_after = True
            return False
        self.autosave_after = None
        self.session.autosave()
        return True

    def leave(self) -> None:
        """Stop the computer thinking while this scene is covered or gone; write an autosave still owed;
        keep the map's view for this game's table when it opens again (Resume)."""
        self.worker.cancel()
        self.hinter.cancel()
        if self.app is not None and self.board_view is not None and self.board_view.chosen:
            self.app.table_view = (self._view_key(), self.board_view.camera.snapshot())
        if self.autosave_after not in ("when drawn", "next frame"):   # a table just opened: later, on its own
            self.after_frame()

    def _view_key(self) -> str:
        """Which game this table shows (a resumed autosave of it has the same)."""
        s = self.session
        return json.dumps([self.spec.name, s.seed, s.scenario, s.options], sort_keys=True, default=str)

    # -- view ----------------------------------------------------------------
    def refresh(self, animate: bool = True) -> None:
        """Recompute the view for the viewer and rebuild what depends on it."""
        self.adapter.viewer = self.viewer
        self.view = self.session.view(self.viewer)
        self.log.set_lines(self.view.get("log", self.session.log()))
        self.adapter.observe(self.view)
        now = now_ms()
        factor = self.app.animation_factor() if self.app else 1.0
        self.adapter.animation_factor = factor        # a game's own animations follow the setting too
        if self.dice.sync(self.view.get("dice"), now, factor, animate=animate and factor > 0) and self.app:
            from .sound import play_rattle
            play_rattle(int(self.app.settings.get("volume", 0)))
        if self.board_view is not None:
            self.board_view.set_pieces(self.adapter.shown_pieces(self.view))
            self.board_view.set_highlights(targets=list(self.adapter.place_actions(self.view)),
                                           **self.adapter.highlights(self.view))   # a game's selection, path, tags
        self._build_prompt_buttons()
        if self.rect.width:
            self._layout_side()

    def end_turn(self) -> None:
        """The player who acted has seen the outcome: cover the table for the next player."""
        if self.handover is None or self.dice.tumbling(now_ms()):
            return
        target, self.handover = self.handover, None
        self.choices = []
        self.status = ""
        self._curtain_for(target)
        self.refresh(animate=False)

    def my_turn(self) -> bool:
        """True when the viewer is the human who must act now."""
        active = self.session.active()
        return active is not None and active == self.viewer and self.is_human(active)

    def _make_board_view(self) -> None:
        board = self.adapter.board()
        if board is None:
            return
        try:
            from .board_view import make_board_view
        except ImportError:
            self.board_note = "The map view is not available in this build; pieces are listed instead."
            return
        self.board_view = make_board_view(board, self.spec.side_colours)
        self.board_view.progressive = True      # a first frame or a new zoom level never stalls the window
        self.board_view.side_names = dict(self.spec.side_names)    # "3 Maccabean units" under the pointer

    def _watch_map(self) -> bool:
        """Reload the map when its file was edited on disk; refuse a change the game cannot take."""
        board = self.board_view.board if self.board_view is not None else None
        outcome = self.map_watch.poll(self.session.state, board, time.monotonic())
        if outcome is None:
            return False
        kind, value = outcome
        name = file_name(self.spec, self.session.state)
        if kind == "reloaded":
            self._make_board_view()
            if self.rect.width:
                self.layout(self.rect)
            self.refresh(animate=False)
            self.app.toast(f"Map reloaded: {name}", owner=self)
        else:
            self.app.message("Map change refused", describe_refusal(name, value))
        return True

    def _build_prompt_buttons(self) -> None:
        if self.handover is not None:
            self.end_turn_button.label = self.adapter.handover_label(self.handover)
            self.prompt_buttons = [self.end_turn_button]
            self.button_actions = [None]
            self.button_page = 0
            self.undo_button.enabled = self.session.can_undo(passing=True)
            return
        if self.choices:
            pairs = [(self.adapter.label(a), a) for a in self.choices] + [("Cancel", None)]
        elif self.my_turn():
            pairs = self.adapter.buttons(self.view)
        else:
            pairs = []
        main = primary_index(pairs)
        if main and as_action(pairs[main][1])[0] == "deselect":     # putting a unit down: first, never on page 2
            pairs = [pairs[main]] + pairs[:main] + pairs[main + 1:]
            main = 0
        self.prompt_buttons = [Button(label, (lambda a=action: self.act(a)) if action is not None
                                      else self.cancel_choice, primary=i == main, size=15)
                               for i, (label, action) in enumerate(pairs)]
        self.button_actions = [action for _, action in pairs]
        self.main_action = pairs[main][1] if main is not None else None
        self.button_page = 0
        self.undo_button.enabled = (self.session.can_undo() and self.is_human(self.session.active())) or \
            (self._answer_owed() and self.session.can_undo(passing=True))

    # -- acting ----------------------------------------------------------------
    def act(self, action) -> bool:
        """Apply the viewer's action if it is legal now; otherwise say why. Returns whether it was applied."""
        self.choices = []
        if action is None:
            return False
        action = as_action(action)
        if not self.my_turn():
            active = self.session.active()
            self.status = ("The game is over." if active is None else
                           f"Wait: it is {style.player_of(self.spec, active)}'s turn.")
            self.refresh()
            return False
        if action not in self.adapter.legal(self.view):      # the view's actions are the viewer's legal ones
            self.status = self.adapter.why_not_action(action)
            self.refresh()
            return False
        try:
            self._apply_then_save(action)
        except IllegalAction as exc:
            self.status = str(exc)
            self.refresh()
            return False
        except Exception as exc:  # a fault in the rules must not close the window; the game stays as it was
            self.app.message("Rules error", engine_failure(action, exc))
            self.refresh()
            return False
        self.status = ""
        self.after_change()
        return True

    def _apply_then_save(self, action) -> None:
        """Apply a player's move; the autosave waits until its frame is on the screen (a click shows at once)."""
        saving = self.session.autosave_enabled
        self.session.autosave_enabled = False
        try:
            self.session.apply(action)
        finally:
            self.session.autosave_enabled = saving
        if saving:
            self.autosave_after = True

    def cancel_choice(self) -> None:
        """Drop the list of actions offered by an ambiguous click."""
        self.choices = []
        self.refresh(animate=False)

    def _consumed(self, named) -> bool:
        """The game's own pick (a counter, a stack to inspect): redraw what it changes, apply nothing."""
        if not self.adapter.consume(named, self.view):
            return False
        # The game is unchanged: the same view, with the places and panels the pick lights.
        self.adapter.forget()
        self.status = ""
        self.choices = []
        self.picks += 1
        if self.board_view is not None:
            self.board_view.set_highlights(targets=list(self.adapter.place_actions(self.view)),
                                           **self.adapter.highlights(self.view))
        self._build_prompt_buttons()
        if self.rect.width:
            self._layout_side()
        return True

    def click_place(self, place) -> None:
        """A click on the map or on a panel that names a place."""
        if self._consumed(place):
            return
        options = self.adapter.place_actions(self.view).get(place, []) if self.my_turn() else []
        if len(options) == 1 and not self.adapter.always_ask(place, options):
            self.act(options[0])
        elif options:
            self.choices = options
            self.say("Choose what to do there.")
            self.refresh(animate=False)
        else:
            self.status = self.adapter.why_not(self.view, place)
            self.refresh(animate=False)

    def after_change(self) -> None:
        """After any move: pick the viewer (maybe behind a curtain), note a finished game."""
        if self.session.result() is not None:
            self.finished = True
            self.autosave_after = None         # a finished game is not kept for Resume
            forget_autosave()
        self._choose_viewer()
        self.refresh()

    @property
    def status(self) -> str:
        """The line under the prompt: why a click did nothing, a note, or a hint (see ``say``)."""
        return self._status

    @status.setter
    def status(self, text: str) -> None:
        self._status, self.status_tone = text, "warn"      # a plain status is a refusal or a failure

    def say(self, text: str, tone: str = "note") -> None:
        """Put a status line that is not a refusal: a "note" (what was done) or a "hint"."""
        self._status, self.status_tone = text, tone

    def undo(self) -> None:
        """Ctrl+Z: take back the last decision when the undo policy allows.

        Before the hand-over the player may still take back a move that only passed play on
        (nothing rolled, drawn or revealed, and the next player has seen nothing)."""
        passing = self.handover is not None or self._answer_owed()
        if (not passing and not self.is_human(self.session.active())) or not self.session.can_undo(passing):
            self.status = self._why_no_undo()
            self.refresh(animate=False)
            return
        self.worker.cancel()
        self.session.undo(passing)
        self.handover = None
        self.choices = []
        self.say("Took back the last move.")
        self._choose_viewer()
        self.refresh(animate=False)

    def _why_no_undo(self) -> str:
        """The refusal of an Undo, in words: the computer's own turn, or the last move's kind."""
        active = self.session.active()
        if not self.session.actions:
            return "Nothing to undo yet."
        if active is not None and not self.is_human(active) and not self._answer_owed():
            return f"Nothing to undo while the computer plays the {self.spec.display_name(active)}: its moves stand."
        return "Nothing to undo: the last move rolled dice, drew or revealed a card, or passed play to another side."

    def save(self) -> None:
        """Ctrl+S: save under a timestamped name in the saves folder and say where."""
        path = paths.saves_dir() / f"{self.spec.name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            self.session.save(path)
        except OSError as exc:
            self.app.message("Cannot save", f"The game could not be saved to {path} "
                                            f"({exc.strerror or exc.__class__.__name__}).")
            return
        self.last_save = path
        self.app.toast(f"Saved to {path}")

    def hint(self) -> None:
        """H: ask the Normal computer player for the move it would make, and highlight it (game/ui/hints.py)."""
        self.hinter.ask(self)

    def _answer_owed(self) -> bool:
        """The computer has not yet played its answer to a person's move, which may still be taken back
        (whether its search is still running or its answer waits for the last move to be shown)."""
        session = self.session
        if session.active() is None or self.is_human(session.active()) or not session.actions:
            return False
        mover = self.spec.active(session.previous_state())
        return mover is not None and self.is_human(mover)

    def help(self) -> None:
        """The ? button: how the game's table works (when its adapter says), then the table's keys."""
        own = self.adapter.help_text()
        self.app.message("How to play", f"{own}\n\n{HELP}" if own else HELP)

    def back(self) -> None:
        """Esc: drop an offered choice, else take back a pick not yet used (a card, a unit), else
        back to the main menu (the autosave keeps the game for Resume)."""
        if self.choices:
            self.status = ""
            self.cancel_choice()
            return
        picked = self.adapter.pick_pending(self.view) if self.my_turn() else ""
        if picked and self.adapter.put_down(self.view):
            self.say(f"Put down {picked}. Esc again: main menu.")
            self.refresh(animate=False)
            return
        if picked and ("deselect",) in [as_action(a) for a in self.view.get("actions", [])]:
            self.act(("deselect",))
            self.say(f"Put down {picked}. Esc again: main menu.")
            return
        if picked and self.session.can_undo():
            self.worker.cancel()
            # the whole pick goes: every step made with it (each hex of a unit's move) and the pick itself
            first = self.adapter.pick_key(self.view)
            steps, most = 0, len(self.session.actions)
            while steps < most and self.session.can_undo():
                self.session.undo()
                steps += 1
                self.refresh(animate=False)
                if not self.my_turn() or self.adapter.pick_key(self.view) != first:
                    break
            self.say(f"Cancelled: {picked}" + (", back where it was" if steps > 1 else "") +
                     ". Esc again: main menu.")
            return
        self.app.open_menu()

