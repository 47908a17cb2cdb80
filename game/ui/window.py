"""The application window: the event loop, redraw-on-change, full screen and global keys."""
from __future__ import annotations

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
MIN_SIZE = (960, 540)       # below this the side panel and the map cannot both be read


def _set_minimum_size(size) -> None:
    """Stop the window being dragged smaller than ``size`` (pygame-ce's Window API, when present)."""
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass


class App:
    """Owns the window and the scene stack; redraws only on events and animations."""

    def __init__(self, size=None, games=None, settings: dict | None = None, fullscreen=None):
        pygame.display.init()
        pygame.font.init()
        if settings is None:
            settings, problem = settings_mod.load()
        else:
            problem = None
        self.settings = settings
        self.games = games                    # None: the registry's playable games
        self.windowed_size = tuple(size or settings["window"])
        self.fullscreen = settings["fullscreen"] if fullscreen is None else fullscreen
        self.screen = None
        self._open_window()
        self.stack = SceneStack(self)
        self.running = True
        self.dirty = True
        self.toast_text = ""
        self.toast_until = 0
        self.frames = 0
        self.startup_message = problem

    # -- window --------------------------------------------------------------
    def _open_window(self) -> None:
        pygame.display.set_caption(TITLE)
        icon = paths.PROJECT_ROOT / "packaging" / "wargames.png"
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
        settings_mod.save(self.settings)
        self.relayout()

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

    def toast(self, text: str, ms: int = 4000) -> None:
        """Show a short note at the bottom of the window."""
        self.toast_text = text
        self.toast_until = now_ms() + ms
        self.dirty = True

    def animation_factor(self) -> float:
        """Animation length relative to normal, from the settings."""
        return settings_mod.animation_factor(self.settings)

    # -- scenes --------------------------------------------------------------
    def open_menu(self) -> None:
        """Clear everything and show the main menu."""
        from .menu import MenuScene
        self.stack.reset(MenuScene(self.games))
        self.dirty = True

    def start_session(self, session) -> None:
        """Play a session: the menu stays below the play scene for Esc."""
        from .menu import MenuScene
        from .play import PlayScene
        session.autosave_enabled = True
        session.autosave()
        self.stack.reset(MenuScene(self.games), PlayScene(session))
        self.dirty = True

    def load_game(self, path) -> bool:
        """Load a save and play it; a bad file shows its one-sentence reason and changes nothing.

        The replay runs in a thread: a short one is waited for, a long one shows its progress.
        Returns False when the file was refused at once."""
        from .loading import QUICK_S, LoadingScene, Replay
        replay = Replay(path, self._games_by_name())
        replay.thread.join(QUICK_S)
        if replay.finished():
            return self._loaded(replay)
        self.stack.push(LoadingScene(replay, self._loaded))
        self.dirty = True
        return True

    def _loaded(self, replay) -> bool:
        if replay.session is None:
            self.message("Cannot load", replay.error or "The save file could not be loaded.")
            return False
        self.start_session(replay.session)
        self.toast(f"Loaded {os.path.basename(str(replay.path))}")
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
        return bool(top and top.animating(now))

    def handle_event(self, event) -> bool:
        """Global keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return False
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
        top = self.stack.top
        return bool(top and top.handle_event(event))

    def open_load(self) -> None:
        """Ctrl+O: the list of saved games."""
        from .menu import LoadScene
        if not isinstance(self.stack.top, LoadScene):
            self.stack.push(LoadScene())
        self.dirty = True

    def pump(self, block: bool = False) -> None:
        """Handle waiting events, advance the top scene and redraw if anything changed."""
        now = now_ms()
        if block and not self.dirty and not self.animating(now):
            time.sleep(IDLE_POLL_S)
        events = pygame.event.get()
        for event in events:
            if self.handle_event(event):
                self.dirty = True
        now = now_ms()
        top = self.stack.top
        if top and top.update(now):
            self.dirty = True
        if self.toast_text and now >= self.toast_until:
            self.toast_text = ""
            self.dirty = True
        if self.dirty or self.animating(now):
            self.draw(now)

    def draw(self, now: int | None = None) -> None:
        """Draw the visible scenes and the toast, then show the frame."""
        now = now_ms() if now is None else now
        for scene in self.stack.visible():
            scene.draw(self.screen, now)
        if self.toast_text:
            self._draw_toast()
        pygame.display.flip()
        self.dirty = False
        self.frames += 1

    def _draw_toast(self) -> None:
        fnt = style.font(15)
        img = fnt.render(self.toast_text, True, style.INK)
        box = img.get_rect().inflate(style.px(28), style.px(14))
        box.midbottom = (self.screen.get_width() // 2, self.screen.get_height() - style.px(16))
        pygame.draw.rect(self.screen, style.WOOD_DARK, box, border_radius=style.px(6))
        pygame.draw.rect(self.screen, style.BRASS, box, width=1, border_radius=style.px(6))
        self.screen.blit(img, img.get_rect(center=box.center))

    def step(self, clock) -> None:
        """One turn of the main loop: sleep or pace the frame, handle events, redraw if needed."""
        try:
            self.pump(block=True)
        except Exception as exc:  # a bug must not lose the table: report it, keep the autosave
            self._fault(exc)
        now = now_ms()
        if self.animating(now):
            top = self.stack.top
            clock.tick(top.frame_rate(now) if top else 60)

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
        self.message("Internal error", f"Something went wrong ({exc.__class__.__name__}: {exc}). "
                                       f"Your game is autosaved; details are in {log}.")

    def run(self) -> None:
        """The main loop: sleep until something happens, redraw only when needed."""
        clock = pygame.time.Clock()
        if self.startup_message:
            self.message("Settings", self.startup_message)
        while self.running and self.stack.top is not None:
            self.step(clock)
        pygame.quit()
