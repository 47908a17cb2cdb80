"""The generic play scene: map (or plain table), top bar, prompt, game panels, log, dice tray."""
from __future__ import annotations

import time

import pygame

from game.ai import BOTS, plays
from game.ai.worker import BotWorker
from game.core import paths
from game.core.contract import IllegalAction, as_action

from . import style
from .adapter import adapter_for
from .map_watch import MapWatcher, describe_refusal, file_name
from .pacing import Pacer
from .play_parts import (HELP, DiceTray, LogPanel, draw_plain_board, engine_failure,  # noqa: F401
                         ENTER_AGAIN_MAX_MS, ENTER_AGAIN_MIN_MS, ends_with_pieces_left, primary_index,
                         side_chip)
from .play_layout import SideColumnLayout
from .side_column import PANEL_WHEEL, draw_headline, draw_scroll_bar
from .scene import Scene, now_ms
from .widgets import Button

BOT_BATCH_S = 0.012        # a frame applies computer decisions that show nothing for up to this long
ENTER_GUARD_MS = 400       # after the table is uncovered, Enter/Space wait this long (no double-press ends a turn)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | \
    {getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
CLICK_SLOP = 5             # pointer travel (design px) under which a press-release is a click, not a drag


def is_help_key(event) -> bool:
    """F1 or "?": read from the key and Shift too, as text input is off during play (no character)."""
    if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?" or event.key == pygame.K_QUESTION:
        return True
    return event.key == pygame.K_SLASH and bool(event.mod & pygame.KMOD_SHIFT)


class PlayScene(SideColumnLayout, Scene):
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
        self.top_buttons = [Button("?", self.help, tip="Keys and help"), self.undo_button,
                            Button("Save", self.save, tip="Ctrl+S"), Button("Menu", self.back, tip="Esc")]
        self.map_rect = self.side_rect = self.top_rect = pygame.Rect(0, 0, 0, 0)
        self.log_column = None            # the log's own column when the map leaves room for it
        self.prompt_rect = self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rects: list = []       # (panel, frame rect) in the side column
        self.panel_content: dict = {}     # id(panel) -> (content rect, visible inner rect, px hidden)
        self.panel_scroll: dict = {}      # id(panel) -> px scrolled down
        self.pending_curtain = None       # a curtain owed from before the scene was on the stack
        self.handover = None              # the side the table passes to once the player who acted ends his turn
        self.end_turn_button = Button("End turn", self.end_turn, primary=True, size=15)
        self.keys_from = 0                # Enter/Space press the main button from this time (ms) on
        self.enter_armed = None           # (button label, ms) of an Enter that asked to be pressed again
        self.main_action = None           # the action of the button Enter presses
        self.map_watch = MapWatcher(self.spec)
        self._make_board_view()
        self.finished = session.result() is not None      # a finished game loaded from a save
        self._choose_viewer()
        self.refresh(animate=False)

    # -- seats and the curtain -------------------------------------------------
    def humans(self) -> list[str]:
        """The sides played at this computer by people."""
        return [s for s in self.spec.sides if self.session.seats.get(s, "human") == "human"]

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
        hand_over = self.spec.hidden_information and len(self.humans()) > 1
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
        if pending:
            self.pending_curtain = None
            from .interludes import CurtainScene
            self.app.stack.push(CurtainScene(self.spec, pending))
            return
        pygame.display.set_caption(f"{self.spec.title} — Wargames Table")
        self.layout(self.app.screen.get_rect())
        self.refresh(animate=False)
        self.keys_from = now_ms() + ENTER_GUARD_MS

    def after_frame(self) -> bool:
        """Once a frame is on the screen: write the autosave a move owes; True when one was written."""
        if self.autosave_after is None:
            return False
        self.autosave_after = None
        self.session.autosave()
        return True

    def leave(self) -> None:
        """Stop the computer thinking while this scene is covered or gone; write an autosave still owed."""
        self.worker.cancel()
        self.after_frame()

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
            self.app.toast(f"Map reloaded: {name}")
        else:
            self.app.message("Map change refused", describe_refusal(name, value))
        return True

    def _build_prompt_buttons(self) -> None:
        if self.handover is not None:
            self.end_turn_button.label = self.adapter.handover_label(self.handover)
            self.prompt_buttons = [self.end_turn_button]
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
        self.main_action = pairs[main][1] if main is not None else None
        self.button_page = 0
        self.undo_button.enabled = self.session.can_undo() and self.is_human(self.session.active())

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
                           f"Wait: it is the {self.spec.display_name(active)} player's turn.")
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

    def click_place(self, place) -> None:
        """A click on the map or on a panel that names a place."""
        self.adapter.clicked(place, self.view)
        options = self.adapter.place_actions(self.view).get(place, []) if self.my_turn() else []
        if len(options) == 1 and not self.adapter.always_ask(place, options):
            self.act(options[0])
        elif options:
            self.choices = options
            self.status = "Choose what to do there."
            self.refresh(animate=False)
        else:
            self.status = self.adapter.why_not(self.view, place)
            self.refresh(animate=False)

    def after_change(self) -> None:
        """After any move: pick the viewer (maybe behind a curtain), note a finished game."""
        if self.session.result() is not None:
            self.finished = True
            self.autosave_after = None         # a finished game is not kept for Resume
            try:
                paths.autosave_path().unlink()
            except OSError:
                pass
        self._choose_viewer()
        self.refresh()

    def undo(self) -> None:
        """Ctrl+Z: take back the last decision when the undo policy allows.

        Before the hand-over the player may still take back a move that only passed play on
        (nothing rolled, drawn or revealed, and the next player has seen nothing)."""
        passing = self.handover is not None
        if (not passing and not self.is_human(self.session.active())) or not self.session.can_undo(passing):
            self.status = ("Nothing to undo: the last move rolled dice, drew or revealed a card, "
                           "or passed play to another side.") if self.session.actions else "Nothing to undo yet."
            self.refresh(animate=False)
            return
        self.worker.cancel()
        self.session.undo(passing)
        self.handover = None
        self.choices = []
        self.status = "Took back the last move."
        self._choose_viewer()
        self.refresh(animate=False)

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

    def help(self) -> None:
        """The ? button: how the table works and its keys."""
        self.app.message("How to play", HELP)

    def back(self) -> None:
        """Esc: drop an offered choice, else take back a pick not yet used (a card, a unit), else
        back to the main menu (the autosave keeps the game for Resume)."""
        if self.choices:
            self.status = ""
            self.cancel_choice()
            return
        picked = self.adapter.pick_pending(self.view) if self.my_turn() else ""
        if picked and ("deselect",) in [as_action(a) for a in self.view.get("actions", [])]:
            self.act(("deselect",))
            self.status = f"Put down {picked}. Esc again: main menu."
            return
        if picked and self.session.can_undo():
            self.worker.cancel()
            self.session.undo()
            self.status = f"Cancelled: {picked}. Esc again: main menu."
            self.refresh(animate=False)
            return
        self.app.open_menu()

    def press_key(self, event) -> bool:
        """Prompt shortcuts: 1-9 the visible buttons, Enter/Space the main one, Tab more, ? or F1 help."""
        if event.key in NUMBER_KEYS:
            shown = [b for b in self.prompt_buttons if b.visible]
            n = NUMBER_KEYS[event.key]
            return n <= len(shown) and shown[n - 1].click()
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if now_ms() < self.keys_from:      # the Enter that lifted a curtain or closed a box, pressed twice
                return True
            main = next((b for b in self.prompt_buttons if b.primary and b.visible), None)
            if main is None:
                return False
            if self._enter_is_early(main):
                return True
            return main.click()
        if event.key == pygame.K_TAB:
            return self.more_button.visible and self.more_button.click()
        if event.key == pygame.K_f and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.fast_forward()
            return True
        if is_help_key(event):
            self.help()
            return True
        return False

    def _enter_is_early(self, main) -> bool:
        """True when Enter would end a phase while pieces can still act: it then asks for a second,
        deliberate press (a stray Enter never gives away a movement phase, issue 10)."""
        if self.choices or not ends_with_pieces_left(self.main_action, self.view, self.adapter):
            return False
        now = now_ms()
        armed = self.enter_armed
        if armed and armed[0] == main.label and ENTER_AGAIN_MIN_MS <= now - armed[1] <= ENTER_AGAIN_MAX_MS:
            self.enter_armed = None
            return False
        if not (armed and armed[0] == main.label and now - armed[1] < ENTER_AGAIN_MIN_MS):
            self.enter_armed = (main.label, now)      # a double tap keeps the first press's time
        self.status = f"Press Enter again to {main.label.lower()}: pieces on the map can still act."
        return True

    # -- per frame -------------------------------------------------------------
    def update(self, now_ms: int) -> bool:
        """Run computer seats, hide the dice tray, and end the game once the dice settle."""
        changed = self.dice.update(now_ms)
        changed = self._watch_map() or changed
        if self.handover is not None and self.end_turn_button.enabled == self.dice.tumbling(now_ms):
            self.end_turn_button.enabled = not self.end_turn_button.enabled   # lit once the dice have settled
            changed = True
        if self.finished:
            if not self.dice.tumbling(now_ms):
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
                        now_ms, self.app.animation_factor() if self.app else 1.0)

    def fast_forward(self) -> None:
        """F: computer turns at a fraction of their pace, or back to normal."""
        self.pacer.fast = not self.pacer.fast
        self.pacer.until = 0
        if self.app is not None:
            self.app.toast("Fast forward: computer moves shown quickly (F again for normal)" if self.pacer.fast
                           else "Computer moves at normal pace")

    def animating(self, now_ms: int) -> bool:
        """True while dice tumble, the computer thinks, the map or a panel moves, or the game ends."""
        if self.finished or self.dice.tumbling(now_ms) or self.worker.busy or self.pacer.waiting(now_ms):
            return True
        if not self.bot_error and self.session.active() is not None and not self.is_human(self.session.active()):
            return True
        if self.board_view is not None and self.board_view.animating(now_ms):
            return True
        return self.adapter.animating(now_ms) or any(p.animating(now_ms) for p in self.panels)

    def drawing(self) -> bool:
        """True while the map's base is still being drawn a slice a frame."""
        return self.board_view is not None and self.board_view.rendering()

    def frame_rate(self, now_ms: int) -> int:
        """60 fps for tumbling dice and sliding pieces; 24 is plenty for slowly pulsing targets and the thinking bar."""
        sliding = self.board_view is not None and (self.board_view.sliding(now_ms) or self.board_view.rendering())
        return 60 if sliding or self.dice.tumbling(now_ms) else 24

    # -- events ------------------------------------------------------------------
    def widgets(self) -> list:
        """Top bar and prompt buttons."""
        return self.top_buttons + self.prompt_buttons + [self.more_button]

    def handle_event(self, event) -> bool:
        """Keys, buttons, panels, the log and the map, in that order."""
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return True
            if event.key == pygame.K_s:
                self.save()
                return True
        elif event.type == pygame.KEYDOWN and self.press_key(event):
            return True
        if hasattr(event, "pos"):
            self.hover_pos = event.pos
            self.adapter.pointer = event.pos          # a game's overlays close when the pointer leaves
            if self.board_view is not None and not self.map_rect.collidepoint(event.pos) \
                    and self.board_view.hover is not None:
                self.board_view.hover = None          # no hover label left on the map over the units
        if self.board_view is not None and event.type in INPUT_EVENTS:
            self.board_view.stir()           # any input wakes the settled pulse of the legal targets
        if super().handle_event(event):
            return True
        if self.log.handle_event(event, self.hover_pos):
            return True
        pos = getattr(event, "pos", None) or (self.hover_pos if event.type == pygame.MOUSEWHEEL else None)
        if pos is not None:
            for panel, rect in self.panel_rects:
                if rect.collidepoint(pos):
                    return self._panel_event(panel, rect, event)
        return self._map_event(event)

    def _panel_event(self, panel, rect, event) -> bool:
        content, inner, over = self.panel_content[id(panel)]
        if event.type == pygame.MOUSEWHEEL:
            if not over:
                return False
            self.panel_scroll[id(panel)] = self.panel_scroll.get(id(panel), 0) - event.y * style.px(PANEL_WHEEL)
            self._layout_side()
            return True
        if not inner.collidepoint(event.pos):       # the title bar and frame name nothing
            return False
        if event.type == pygame.MOUSEMOTION:
            return panel.hover(event.pos, content, self.view)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            named = panel.click(event.pos, content, self.view)
            # An action is a tuple starting with its verb; anything else names a place.
            if isinstance(named, tuple) and named and isinstance(named[0], str):
                self.act(named)
            elif named is not None:
                self.click_place(named)
            return True
        return False

    def _map_event(self, event) -> bool:
        used = bool(self.board_view.handle_event(event)) if self.board_view is not None else False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.map_rect.collidepoint(event.pos):
            self.press_pos = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_pos:
            dx, dy = event.pos[0] - self.press_pos[0], event.pos[1] - self.press_pos[1]
            self.press_pos = None
            dragged = used or dx * dx + dy * dy > style.px(CLICK_SLOP) ** 2
            if not dragged and self.board_view is not None:
                place = self.board_view.place_at(event.pos)
                if place is not None:
                    self.click_place(place)
                    return True
        return used

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface, now_ms: int) -> None:
        """Draw the whole play screen; a frame that only moves the targets' pulse redraws just that."""
        self.drawn_rects = None
        if self._pulse_only(now_ms):
            self.drawn_rects = self.board_view.draw_pulse(surface, now_ms, self._draw_over_map)
            if self.drawn_rects is not None:
                return
        key = self._chrome_key(now_ms)
        if key is None:                      # the prompt or a panel moves: draw it all, top bar last for its tips
            self._layout_side()
            style.backdrop(surface)
            self._draw_map(surface, now_ms)
            self._draw_side(surface, now_ms)
            self.dice.draw(surface, self.map_rect, now_ms)
            self._draw_top_bar(surface)
            return
        if key != self._chrome[0] or self._chrome[1].get_size() != surface.get_size():
            self._layout_side()
            chrome = self._chrome[1] if self._chrome[1].get_size() == surface.get_size() else \
                pygame.Surface(surface.get_size())
            style.backdrop(chrome)
            self._draw_side(chrome, now_ms)
            self._draw_top_bar(chrome)
            self._chrome = (self._chrome_key(now_ms), chrome)
        chrome = self._chrome[1]
        surface.blits([(chrome, r, r) for r in self._chrome_rects()], doreturn=False)
        self._draw_map(surface, now_ms)
        self.dice.draw(surface, self.map_rect, now_ms)

    def _draw_side(self, surface, now_ms) -> None:
        """The prompt, the game's panels and the log."""
        self._draw_prompt(surface, now_ms)
        for panel, rect in self.panel_rects:
            style.panel(surface, rect, panel.title)
            content, inner, over = self.panel_content[id(panel)]
            clip = surface.get_clip()
            surface.set_clip(inner)
            panel.draw(surface, content, self.view, now_ms)
            surface.set_clip(clip)
            if over:
                draw_scroll_bar(surface, inner, inner.top - content.top, content.height)
        self.log.draw(surface, style.panel(surface, self.log_rect, "Log"))

    def _chrome_key(self, now_ms: int):
        """What the top bar and side column show, or None when they move by themselves (not cached then)."""
        active = self.session.active()
        if self.worker.busy or (active is not None and not self.is_human(active)):
            return None                     # the prompt counts the computer's seconds
        if self.adapter.animating(now_ms) or any(p.animating(now_ms) for p in self.panels):
            return None
        if any(b.hover and b.tip for b in self.top_buttons):
            return None                     # the tip hangs over the map
        buttons = tuple((b.label, b.hover, b.pressed, b.enabled, b.visible, b.key, tuple(b.rect))
                        for b in self.widgets())
        pointer = self.hover_pos if self.hover_pos and self.side_rect.collidepoint(self.hover_pos) else None
        return (self.view, self.status, buttons, tuple(self.panel_scroll.items()), self.log.scroll,
                len(self.log.lines), pointer, tuple(self.rect), style.scale(), self.pacer.fast, self.viewer,
                self.handover)

    def _chrome_rects(self) -> list:
        """The screen outside the map's viewport: top bar, side column and the map's frame."""
        vp = self.board_view.camera.viewport if self.board_view is not None else self.map_rect
        m = self.map_rect
        side = [self.side_rect] + ([self.log_column] if self.log_column else [])
        return [self.top_rect, *side, pygame.Rect(m.left, m.top, m.width, vp.top - m.top),
                pygame.Rect(m.left, vp.bottom, m.width, m.bottom - vp.bottom),
                pygame.Rect(m.left, vp.top, vp.left - m.left, vp.height),
                pygame.Rect(vp.right, vp.top, m.right - vp.right, vp.height)]

    def _pulse_only(self, now_ms: int) -> bool:
        """True when nothing but the legal targets' pulse has changed since the last frame."""
        if self.board_view is None or self.app is None or self.app.dirty or self.app.stack.top is not self:
            return False
        if self.dice.tumbling(now_ms) or self.worker.busy or not self.is_human(self.session.active()):
            return False
        return not self.adapter.animating(now_ms) and not any(p.animating(now_ms) for p in self.panels)

    def _draw_over_map(self, surface) -> None:
        """What the scene draws over the board view: the game's marks and the dice tray."""
        now = now_ms()
        self.adapter.draw_overlay(surface, self.board_view, self.view, now)
        self.dice.draw(surface, self.map_rect, now)

    def _draw_map(self, surface, now_ms) -> None:
        area = self.map_rect.inflate(-style.px(8), -style.px(8))
        if self.board_view is None:
            draw_plain_board(surface, area, self.spec, self.view, self.board_note)
            return
        self.board_view.draw(surface, now_ms)
        self.adapter.draw_overlay(surface, self.board_view, self.view, now_ms)   # a game's marks over the map

    def _draw_top_bar(self, surface) -> None:
        bar = self.top_rect
        pygame.draw.rect(surface, style.WOOD_DARK, bar)
        pygame.draw.line(surface, style.BRASS_DIM, bar.bottomleft, (bar.right, bar.bottom - 1))
        right = self.top_buttons[0].rect.left - style.px(14)
        active = self.session.active()
        if active is not None:
            label = f"{self.spec.display_name(active)} to act" + ("" if self.is_human(active) else " (computer)")
            r = style.text(surface, label, (right, bar.centery), 15, style.TARGET, bold=True, anchor="midright")
            side_chip(surface, self.spec, active, (r.left - style.px(16), bar.centery), style.px(22))
            right = r.left - style.px(34)
        self._draw_headline(surface, bar, right)
        for button in self.top_buttons:
            button.draw(surface)
            if button.hover and button.tip:
                style.text(surface, button.tip, (button.rect.centerx, button.rect.bottom + style.px(6)), 12,
                           style.BRASS, anchor="midtop")

    def _draw_headline(self, surface, bar, right: int) -> None:
        v = self.view
        turn = [f"Round {v['round']}"] if v.get("round") else [f"Turn {v['turn']}"] if v.get("turn") else []
        parts = [self.spec.title] + turn + \
            ([str(v["phase"]).replace("_", " ").capitalize()] if v.get("phase") else [])
        scores = v.get("scores") or {}
        draw_headline(surface, self.spec, bar, right, parts, [(s, scores[s]) for s in self.spec.sides if s in scores])

    def _draw_prompt(self, surface, now_ms) -> None:
        who = self.viewer if self.my_turn() or self.handover else self.session.active()
        title = "Prompt" if who is None else f"Prompt — {self.spec.display_name(who)}"
        inner = style.panel(surface, self.prompt_rect, title)
        fnt = style.font(16)
        y = inner.top + style.px(8)
        width = inner.width - style.px(16)
        for line in self._prompt_text_lines(width):
            surface.blit(fnt.render(line, True, style.INK), (inner.left + style.px(8), y))
            y += fnt.get_linesize()
        if not self.my_turn() and self.worker.busy:
            bar = pygame.Rect(inner.left + style.px(8), y + style.px(4), width, style.px(6))
            pygame.draw.rect(surface, style.SLATE_DARK, bar)
            sweep = (now_ms // 8) % max(1, bar.width)
            pygame.draw.rect(surface, style.BRASS, (bar.left + sweep * 3 // 4, bar.top, bar.width // 4, bar.height))
        for button in self.prompt_buttons + [self.more_button]:
            button.draw(surface)
        if self.status:
            small = style.font(13)
            lines = style.wrap(self.status, small, width)
            y = inner.bottom - style.px(6) - len(lines) * small.get_linesize()
            for line in lines:
                surface.blit(small.render(line, True, style.WARN), (inner.left + style.px(8), y))
                y += small.get_linesize()
