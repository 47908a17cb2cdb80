"""The application window: the event loop, redraw-on-change, full screen and global keys."""
from __future__ import annotations

import math
import os
import sys
import time

import pygame

from game.core import paths

from . import settings as settings_mod
from . import style
from .scene import MessageBox, SceneStack, now_ms

TITLE = "Wargames Table"
# pygame's event.wait(timeout) polls SDL every millisecond (about 2 % CPU when idle); sleeping
# 20 ms between polls costs about 0.2 % and keeps input latency under a frame at 50 Hz.
IDLE_POLL_S = 0.02
SETTLED_POLL_S = 0.03       # once nothing has happened for SETTLED_AFTER_MS: a third fewer wake-ups
SETTLED_AFTER_MS = 2000
PACE_SLICE_MS = 25          # between two frames of an animation the loop reads input at least this often
MIN_SIZE = (960, 540)       # below this the side panel and the map cannot both be read
TOAST_LIFT = 44             # px between the window's bottom and a toast (the bottom line has hints)


def loaded_words(replay) -> str:
    """The toast after a game opens: 'Resumed Judean Hammer, 17 moves' for the autosave, else the file."""
    from .safety import is_autosave
    session = replay.session
    if is_autosave(replay.path):
        n = len(session.actions)
        return f"Resumed {session.spec.title}, {n} move{'s' if n != 1 else ''}"
    return f"Loaded {os.path.basename(str(replay.path))}"


def _set_minimum_size(size) -> None:
    """Stop the window being dragged smaller than ``size`` (pygame-ce's Window API, when present)."""
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass


class NoDisplay(Exception):
    """SDL found no screen to open a window on; the message says so in plain words."""


def open_display() -> None:
    """Start SDL's video with the desktop entry's window class; NoDisplay when there is no screen.

    The class (X11 WM_CLASS, Wayland app id) must be set before SDL starts so the desktop matches
    the window to its menu entry (StartupWMClass). With no display SDL falls back to its
    invisible offscreen driver, which would leave a program running that nobody can see.
    """
    # `import pygame` sets the X11 class to the script's file name ("main.py") unless it was set.
    if os.environ.get("SDL_VIDEO_X11_WMCLASS") in (None, os.path.basename(sys.argv[0])):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = paths.APP_ID
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", paths.APP_ID)
    if (sys.platform.startswith(("linux", "freebsd", "openbsd")) and not os.environ.get("SDL_VIDEODRIVER")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay("no window can be opened: there is no graphical display (DISPLAY and "
                        "WAYLAND_DISPLAY are not set)")
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplay(f"no window can be opened ({exc})") from None
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        shown = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY") or "any display"
        raise NoDisplay(f"no window can be opened: {shown} cannot be reached")


class App:
    """Owns the window and the scene stack; redraws only on events and animations."""

    def __init__(self, size=None, games=None, settings: dict | None = None, fullscreen=None):
        open_display()
        pygame.font.init()
        if settings is None:
            settings, problem = settings_mod.load()
        else:
            problem = None
        self.settings = settings
        self.games = games                    # None: the registry's playable games
        self._prepared = None                 # (session, play scene) built ahead by prepare_table
        self._warming = None                  # its drawing ahead (a generator), a piece a turn
        self.windowed_size = tuple(size or settings["window"])
        self.fullscreen = settings["fullscreen"] if fullscreen is None else fullscreen
        self.screen = None
        self._open_window()
        self.stack = SceneStack(self)
        self.running = True
        self.dirty = True
        self.toast_text = ""
        self.toast_until = 0
        self.toast_owner = None
        self.table_view = None            # (game key, camera snapshot) of the last table the player left
        self.frames = 0
        self.drawn_at = 0                     # ms of the last frame (an animation's next is due 1/rate later)
        self.frame_owed = False               # a scene changed between frames: drawn when the next is due
        self.busy_at = 0                      # ms of the last input, change or frame (then idle polls slow down)
        self.startup_message = problem
        from .safety import AutosaveBar
        self.autosave_bar = AutosaveBar(self)

    # -- window --------------------------------------------------------------
    def _open_window(self) -> None:
        pygame.display.set_caption(TITLE, TITLE)
        icon = paths.icon_path()
        if icon.exists():
            try:
                pygame.display.set_icon(pygame.image.load(str(icon)))
            except pygame.error:
                pass
        if self.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            _set_minimum_size(MIN_SIZE)
        style.set_scale(*self.screen.get_size())

    def relayout(self) -> None:
        """Lay every scene out again for the current window size."""
        style.set_scale(*self.screen.get_size())
        for scene in self.stack.scenes:
            scene.layout(self.screen.get_rect())
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        """F11: full screen on or off (remembered in the settings)."""
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.fullscreen = not self.fullscreen
        self._open_window()
        self.settings["fullscreen"] = self.fullscreen
        problem = settings_mod.save(self.settings)
        self.relayout()
        if problem:                       # the switch works for now; say it will not be remembered
            self.toast(problem + " Full screen is not remembered.", 8000)

    def resize(self, size) -> None:
        """Use a new window size (from the settings)."""
        self.windowed_size = tuple(size)
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.relayout()

    # -- messages ------------------------------------------------------------
    def message(self, title: str, text: str) -> None:
        """Show a modal message over the current scene."""
        self.stack.push(MessageBox(title, text))
        self.dirty = True

    def toast(self, text: str, ms: int = 4000, owner=None) -> None:
        """Show a short note at the bottom of the window; one with an ``owner`` scene (a note about
        the table, such as fast forward) goes as soon as that scene leaves the stack (a curtain or
        a box over it keeps it)."""
        self.toast_text = text
        self.toast_until = now_ms() + ms
        self.toast_owner = owner
        self.dirty = True

    def animation_factor(self) -> float:
        """Animation length relative to normal, from the settings."""
        return settings_mod.animation_factor(self.settings)

    # -- scenes --------------------------------------------------------------
    def open_menu(self, force: bool = False) -> None:
        """Clear everything and show the main menu; asks first when that would drop an unsaved game."""
        from .menu import MenuScene
        from .safety import ask_before_dropping
        if not force:
            ask_before_dropping(self, "Leaving the table", lambda: self.open_menu(force=True),
                                "Leave without saving")
            return
        self.stack.reset(MenuScene(self.games))
        self.dirty = True

    def prepare_table(self, session) -> None:
        """Build the play scene for a session now, to be shown by start_session (a loaded save's
        table is built in one turn of the loop and shown in the next). A failure waits for it."""
        from .play import PlayScene
        try:
            scene = PlayScene(session)
            scene.app = self
            if self.screen is not None:
                scene.layout(self.screen.get_rect())
                scene.refresh(animate=False)          # as enter() would: it need not, when shown at once
                scene.prepared_for = (tuple(self.screen.get_rect()), len(session.actions))
            self._prepared, self._warming = (session, scene), None
        except Exception as exc:  # start_session builds it again and reports the failure
            self._prepared, self._warming = (session, exc), None

    def warm_table(self) -> bool:
        """Draw ahead, off screen, a piece of what the prepared table's first frame reuses;
        False once there is nothing left to draw ahead."""
        from .play import PlayScene
        scene = self._prepared[1] if self._prepared else None
        if not isinstance(scene, PlayScene) or self.screen is None:
            return False
        if self._warming is None:
            self._warming = scene.warm(self.screen.get_size(), now_ms())
        try:
            next(self._warming)
            return True
        except StopIteration:
            self._warming = None
            return False
        except Exception as exc:  # shown by start_session, which builds the table again
            self._prepared, self._warming = (self._prepared[0], exc), None
            return False

    def start_session(self, session) -> bool:
        """Play a session: the menu stays below the play scene for Esc.

        The autosave is replaced only once the game is open on the table: a game that cannot be
        shown leaves the scenes and the autosave as they were and says why. A table built by
        prepare_table writes it a frame after its first (the loop never does all three at once)."""
        from .menu import MenuScene
        from .play import PlayScene
        before = list(self.stack.scenes)
        prepared, self._prepared, self._warming = self._prepared, None, None
        ready = prepared[1] if prepared and prepared[0] is session and isinstance(prepared[1], PlayScene) else None
        try:
            menu = next((s for s in before if isinstance(s, MenuScene)), None) or MenuScene(self.games)
            self.stack.reset(menu, ready or PlayScene(session))
        except Exception as exc:  # a save that loads but cannot be shown: the old game stays
            self.stack.reset(*(before or [MenuScene(self.games)]))
            self.message("Cannot open the game", f"{session.spec.title} could not be opened on the table "
                                                 f"({exc.__class__.__name__}: {exc}). Nothing was replaced.")
            return False
        session.autosave_enabled = True
        if session.result() is None:       # a finished game is not kept for Resume: the autosave stays
            if ready is not None:
                ready.autosave_after = "when drawn"
            else:
                session.autosave()
        self.dirty = True
        return True

    def new_game(self, session) -> None:
        """Start a fresh game, asking first when it would replace an unfinished one."""
        from .safety import ask_before_replacing
        ask_before_replacing(self, "A new game", lambda: self.start_session(session))

    def open_save(self, path) -> bool:
        """Load a save chosen by the player; once it has replayed, ask before it replaces an unfinished game."""
        return self.load_game(path, ask=True)

    def load_game(self, path, ask: bool = False) -> bool:
        """Load a save and play it; a bad file shows its one-sentence reason and changes nothing.

        The replay runs in a thread: a short one is waited for, a long one shows its progress.
        Returns False when the file was refused at once."""
        from .loading import QUICK_S, LoadingScene, Replay
        replay = Replay(path, self._games_by_name())
        replay.thread.join(QUICK_S)
        done = (lambda r: self._loaded(r, ask))
        if replay.finished():
            return done(replay)
        self.stack.push(LoadingScene(replay, done))
        self.dirty = True
        return True

    def review_save(self, path) -> bool:
        """Open a save's review (game/ui/review.py) without playing it; a bad file shows why."""
        from .loading import QUICK_S, LoadingScene, Replay
        replay = Replay(path, self._games_by_name())
        replay.thread.join(QUICK_S)

        def done(r) -> bool:
            if r.session is None:
                self.message("Cannot review", r.error or "The save file could not be loaded.")
                return False
            from .review import ReviewScene
            self.stack.push(ReviewScene(r.session))
            self.dirty = True
            return True
        if replay.finished():
            return done(replay)
        self.stack.push(LoadingScene(replay, done))
        self.dirty = True
        return True

    def _loaded(self, replay, ask: bool = False) -> bool:
        if replay.session is None:
            self.message("Cannot load", replay.error or "The save file could not be loaded.")
            return False

        def open_it():
            if self.start_session(replay.session):
                from .play import PlayScene
                table = next((s for s in self.stack.scenes if isinstance(s, PlayScene)), None)
                self.toast(loaded_words(replay), owner=table)      # about this table: gone with it
                from .safety import forget_autosave, is_autosave
                if replay.session.result() is not None and is_autosave(replay.path):
                    forget_autosave()        # a finished game left for Resume (an older version did)
        if ask:
            from .safety import ask_before_replacing
            ask_before_replacing(self, "Loading this save", open_it, replay.session)
        else:
            open_it()
        return True

    def _games_by_name(self) -> dict:
        from game.rules import GAMES
        games = dict(GAMES)
        for spec in self.games or ():
            games[spec.name] = spec
        return games

    # -- loop ----------------------------------------------------------------
    def animating(self, now: int) -> bool:
        """True while any frame must be drawn without input (a toast is still: pump clears it on time)."""
        top = self.stack.top
        if any(scene.drawing() for scene in self.stack.visible()):
            return True                  # a map still being drawn a slice a frame, under a box or not
        return bool(top and top.animating(now))

    def handle_event(self, event) -> bool:
        """Global keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = (event.w, event.h)
            self.screen = pygame.display.get_surface()
            self.relayout()
            return True
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return True
            if event.key == pygame.K_ESCAPE and self.stack.top:
                self.stack.top.back()
                return True
            if event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
                self.open_load()
                return True
        if self.autosave_bar.handle_event(event):
            return True
        top = self.stack.top
        return bool(top and top.handle_event(event))

    def quit(self) -> None:
        """Close the window; asks first when the game on the table is saved nowhere (a second close quits)."""
        from .safety import ChoiceBox, ask_before_dropping
        top = self.stack.top
        if isinstance(top, ChoiceBox) and top.title == "This game is not saved":
            self.running = False
            return
        work = next(filter(None, (getattr(s, "unsaved_work", lambda: None)() for s in self.stack.scenes)), None)
        if work and not (isinstance(top, ChoiceBox) and top.title == "Quit and lose it?"):
            self.stack.push(ChoiceBox("Quit and lose it?", f"{work} Quitting now loses it.", [
                ("Back", None, True),
                ("Quit anyway", lambda: ask_before_dropping(self, "Quitting", self._stop, "Quit without saving"), False)]))
            self.dirty = True          # a screen's own unsaved work (a battle being designed); a second close goes on
            return
        ask_before_dropping(self, "Quitting", self._stop, "Quit without saving")

    def _stop(self) -> None:
        self.running = False

    def open_load(self) -> None:
        """Ctrl+O: the list of saved games."""
        from .menu import LoadScene
        if not isinstance(self.stack.top, LoadScene):
            self.stack.push(LoadScene())
        self.dirty = True

    def pump(self, block: bool = False) -> None:
        """Handle waiting events, advance the top scene and redraw if anything changed."""
        now = now_ms()
        if block and not self.dirty and not self.frame_owed and not self.animating(now):
            time.sleep(SETTLED_POLL_S if now - self.busy_at >= SETTLED_AFTER_MS else IDLE_POLL_S)
        events = pygame.event.get()
        for event in events:
            if self.handle_event(event):
                self.dirty = True
        now = now_ms()
        if events:
            self.busy_at = now
        top = self.stack.top
        if top and top.update(now):
            self.frame_owed = True            # kept until drawn (a hint found while nothing moves)
        if self.autosave_bar.update():
            self.dirty = True
        if self.toast_text and (now >= self.toast_until or (
                self.toast_owner is not None and self.toast_owner not in self.stack.scenes)):
            self.toast_text, self.toast_owner = "", None
            self.dirty = True
        # Input draws at once; a scene's own change or animation waits for its next frame (step
        # paces the loop in short slices, so no turn of it waits a whole slow frame for input).
        if self.dirty or ((self.frame_owed or self.animating(now)) and now >= self.frame_due(now)):
            self.draw(now)
        written = [scene.after_frame() for scene in self.stack.scenes if hasattr(scene, "after_frame")]
        if any(written) and self.autosave_bar.update():     # a move's autosave, written once it is shown
            self.draw(now)

    def draw(self, now: int | None = None) -> None:
        """Draw the visible scenes and the toast, then show the frame."""
        now = now_ms() if now is None else now
        # The table's module is not imported for the menu's first frame: until it is, no scene is a table.
        play = sys.modules.get("game.ui.play")
        visible = self.stack.visible()
        for scene in visible:
            scene.draw(self.screen, now)
            if play is not None and isinstance(scene, play.PlayScene):   # the autosave warning sits on the table, under any box
                self.autosave_bar.draw(self.screen, scene)
        if self.toast_text:
            self._draw_toast()
        rects = getattr(visible[-1], "drawn_rects", None) if len(visible) == 1 and not self.toast_text else None
        if rects is not None:         # the scene changed only these (the pulse of the legal targets)
            pygame.display.update(rects)
        else:
            pygame.display.flip()
        self.dirty = self.frame_owed = False
        self.frames += 1
        self.drawn_at = self.busy_at = now

    def frame_due(self, now: int) -> float:
        """When the top scene's animation wants its next frame (ms): 1/frame rate after the last."""
        top = self.stack.top
        return self.drawn_at + 1000 / (top.frame_rate(now) if top else 60)

    def _draw_toast(self) -> None:
        fnt = style.font(15)
        img = fnt.render(self.toast_text, True, style.INK)
        box = img.get_rect().inflate(style.px(28), style.px(14))
        # above the bottom line, where the curtain and the menu print their own hints
        box.midbottom = (self.screen.get_width() // 2, self.screen.get_height() - style.px(TOAST_LIFT))
        self.toast_rect = box
        pygame.draw.rect(self.screen, style.WOOD_DARK, box, border_radius=style.px(6))
        pygame.draw.rect(self.screen, style.BRASS, box, width=1, border_radius=style.px(6))
        self.screen.blit(img, img.get_rect(center=box.center))

    def step(self, clock=None) -> None:
        """One turn of the main loop: sleep or pace the frame, handle events, redraw if needed (``clock``:
        no longer used; the loop paces itself)."""
        try:
            self.pump(block=True)
        except Exception as exc:  # a bug must not lose the table: report it, keep the autosave
            self._fault(exc)
        now = now_ms()
        if self.animating(now):         # wait for the next frame in even slices (input is read between)
            left = self.frame_due(now) - now
            if left > 0:
                time.sleep(left / math.ceil(left / PACE_SLICE_MS) / 1000)

    def _fault(self, exc: Exception) -> None:
        """Write the details to crash.log and say so; a fault while saying so ends the program."""
        import traceback
        log = paths.data_dir() / "crash.log"
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            with open(log, "a", encoding="utf-8") as fh:
                fh.write("".join(traceback.format_exception(exc)) + "\n")
        except OSError:
            pass
        top = self.stack.top
        if isinstance(top, MessageBox) and top.title == "Internal error":
            print(f"wargames: stopped after an internal error ({exc.__class__.__name__}: {exc}); "
                  f"details in {log}.", file=sys.stderr)
            self.running = False
            return
        from .safety import FaultBox, unsaved_game
        kept = ("Your game is NOT autosaved: save it elsewhere from the table" if unsaved_game(self)
                else "Your game is autosaved")
        self.stack.push(FaultBox("Internal error", f"Something went wrong ({exc.__class__.__name__}: {exc}). "
                                                   f"{kept}; details are in {log}.", top))
        self.dirty = True

    def run(self) -> None:
        """The main loop: sleep until something happens, redraw only when needed."""
        if self.startup_message:
            self.message("Settings", self.startup_message)
        while self.running and self.stack.top is not None:
            self.step()
        pygame.quit()
