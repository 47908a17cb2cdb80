"""The main menu, the settings screen and the list of saved games."""
from __future__ import annotations

import math
import os
import time
from pathlib import Path

import pygame

from game.core import paths

from . import settings as settings_mod
from . import style
from .scene import Scene
from .widgets import Button, Cycler, ListBox, TextField


def menu_games(games=None) -> list:
    """The games the menu offers: an injected list (tests) or the registry's playable games."""
    if games is not None:
        return list(games)
    from game.rules import playable_games
    return playable_games()


def autosave_summary() -> str | None:
    """A short description of the autosave, or None when there is none."""
    path = paths.autosave_path()
    try:
        if not os.path.lexists(path):
            return None
    except (OSError, ValueError):
        return None
    return save_summary(path)


MAX_LISTED = 200


_SUMMARIES: dict = {}       # (path, modified ns, size) -> summary: a long save is read once, not per menu


def save_summary(path: Path) -> str:
    """'Judean Hammer, 41 moves' for a save file; a plain note when it cannot be read.

    The careful reader bounds the work: a huge file, a pipe or a deep nest costs nothing here;
    the full check (and its one-sentence reason) comes when the save is opened. A file not
    changed since it was last summed up (same time and size) is not read again."""
    try:
        st = os.stat(path)
        key = (str(path), st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):
        key = None
    if key is not None and key in _SUMMARIES:
        return _SUMMARIES[key]
    text = _summary(path)
    if key is not None:
        if len(_SUMMARIES) > 256:
            _SUMMARIES.clear()
        _SUMMARIES[key] = text
    return text


def _summary(path: Path) -> str:
    from game.core.savefile import SaveError, read_save
    try:
        data = read_save(path)
    except SaveError:
        return "unreadable save"
    from game.rules import GAMES
    game, actions = data.get("game"), data.get("actions")
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None or not isinstance(actions, list):
        return "unreadable save"
    moves = len(actions)
    return f"{spec.title}, {moves} move{'' if moves == 1 else 's'}"


def listed_saves(folder: Path) -> list:
    """(modified time, path) of the newest .json files in a folder; files that vanish or fail are skipped."""
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not entry.name.endswith(".json"):
            continue
        try:
            found.append((entry.stat().st_mtime, Path(entry.path)))
        except OSError:
            continue
    found.sort(key=lambda item: item[0], reverse=True)
    return found[:MAX_LISTED]


def draw_hex_motif(surface) -> None:
    """A faint hex grid behind the title: the board-wargame look."""
    rect = surface.get_rect()
    r = style.px(34)
    w, h = 1.5 * r, math.sqrt(3) * r
    colour = (40, 46, 50)
    col = 0
    x = rect.left - r
    while x < rect.right + r:
        y0 = rect.top - h + (h / 2 if col % 2 else 0)
        y = y0
        while y < rect.bottom + h:
            pts = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
            pygame.draw.polygon(surface, colour, pts, 1)
            y += h
        x += w
        col += 1


class MenuScene(Scene):
    """Title, one button per game, then Resume, Load, Settings, Quit."""

    def __init__(self, games=None):
        super().__init__()
        self.injected = games
        self.games = menu_games(games)
        self.resume_text = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self._build()

    def _build(self) -> None:
        self.resume_text = autosave_summary()
        self.game_buttons = [Button(g.title, (lambda g=g: self.new_game(g.name)), primary=True, size=17)
                             for g in self.games]
        self.extra_buttons = []
        if self.resume_text:
            label = ("Resume: the autosave is damaged" if self.resume_text.startswith("unreadable")
                     else f"Resume: {self.resume_text}")
            self.extra_buttons.append(Button(label, self.resume))
        self.extra_buttons += [Button("Load a saved game…", self.load), Button("Settings", self.settings),
                               Button("Quit", self.quit)]
        self.buttons = self.game_buttons + self.extra_buttons

    def enter(self) -> None:
        """Rebuild (Resume may have appeared or gone) and lay out."""
        self._build()
        pygame.display.set_caption("Wargames Table")
        if self.app:
            self.layout(self.app.screen.get_rect())

    def layout(self, rect) -> None:
        """A column of buttons in a framed panel under the title."""
        super().layout(rect)
        bw, bh, gap = style.px(420), style.px(42), style.px(10)
        n_games = max(1, len(self.game_buttons))
        height = style.px(60) + n_games * (bh + gap) + style.px(20) + len(self.extra_buttons) * (bh + gap)
        self.box = pygame.Rect(0, 0, bw + style.px(60), height + style.px(20))
        self.box.midtop = (rect.centerx, rect.top + max(style.px(170), (rect.height - height) // 2 + style.px(40)))
        y = self.box.top + style.px(56)
        for button in self.game_buttons:
            button.rect = pygame.Rect(self.box.centerx - bw // 2, y, bw, bh)
            y += bh + gap
        if not self.game_buttons:
            y += bh + gap
        y += style.px(20)
        for button in self.extra_buttons:
            button.rect = pygame.Rect(self.box.centerx - bw // 2, y, bw, bh)
            y += bh + gap

    def new_game(self, name: str) -> None:
        """Set up a game of ``name``."""
        from .newgame import NewGameScene
        self.app.stack.push(NewGameScene(self.injected, preselect=name))

    def resume(self) -> None:
        """Continue the autosaved game."""
        self.app.load_game(paths.autosave_path())

    def load(self) -> None:
        """The list of saved games."""
        self.app.open_load()

    def settings(self) -> None:
        """The settings screen."""
        self.app.stack.push(SettingsScene())

    def quit(self) -> None:
        """Close the program."""
        self.app.running = False

    def back(self) -> None:
        """Esc on the menu does nothing: Quit is a button."""

    def draw(self, surface, now_ms) -> None:
        """Title, games and choices."""
        style.backdrop(surface, draw_hex_motif)
        cx = self.rect.centerx
        title_y = self.box.top - style.px(92)
        style.text(surface, "WARGAMES TABLE", (cx + style.px(3), title_y + style.px(3)), 54, style.INK_DARK,
                   bold=True, serif=True, anchor="center")
        style.text(surface, "WARGAMES TABLE", (cx, title_y), 54, style.BRASS, bold=True, serif=True, anchor="center")
        style.text(surface, "Classic board wargames · every rule enforced · hot-seat or against the computer",
                   (cx, title_y + style.px(48)), 16, style.INK_DIM, anchor="center")
        inner = style.panel(surface, self.box, "Choose a game")
        if not self.game_buttons:
            style.text(surface, "No games are installed yet.", (cx, inner.top + style.px(40)), 16, style.INK_DIM,
                       anchor="center")
        sep = self.extra_buttons[0].rect.top - style.px(15)
        pygame.draw.line(surface, style.WOOD, (inner.left + style.px(20), sep), (inner.right - style.px(20), sep))
        style.text(surface, "F11 full screen · Ctrl+O load · Esc back", (self.rect.left + style.px(12),
                   self.rect.bottom - style.px(10)), 12, style.INK_DIM, anchor="bottomleft")
        from game import __version__
        style.text(surface, f"version {__version__}", (self.rect.right - style.px(12), self.rect.bottom - style.px(10)),
                   12, style.INK_DIM, anchor="bottomright")
        super().draw(surface, now_ms)


class SettingsScene(Scene):
    """Window size, full screen, animation speed, volume, hints and following the computer; saved on Apply."""

    def __init__(self):
        super().__init__()
        self.rows: list = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        """Read the current settings into the controls."""
        s = self.app.settings
        sizes = [(f"{w} × {h}", [w, h]) for w, h in settings_mod.WINDOW_SIZES]
        if s["window"] not in [v for _, v in sizes]:
            sizes.insert(0, (f"{s['window'][0]} × {s['window'][1]}", list(s["window"])))
        self.size = Cycler(sizes)
        self.size.select(list(s["window"]))
        self.full = Cycler([("Off", False), ("On", True)])
        self.full.select(s["fullscreen"])
        self.anim = Cycler([(k.capitalize(), k) for k in settings_mod.ANIMATION_SPEEDS])
        self.anim.select(s["animation"])
        self.volume = Cycler([(f"{v} %", v) for v in range(0, 101, 10)])
        self.volume.select(s["volume"] - s["volume"] % 10)
        self.hints = Cycler([("Off", False), ("On", True)])
        self.hints.select(s.get("hints", False))
        self.follow = Cycler([("Off", False), ("On", True)])
        self.follow.select(s.get("follow", True))
        self.rows = [("Window size", self.size), ("Full screen", self.full), ("Animations", self.anim),
                     ("Volume", self.volume), ("Hints vs computer", self.hints),
                     ("Follow computer moves", self.follow)]
        self.apply_button = Button("Apply", self.apply, primary=True)
        self.cancel_button = Button("Back", self.back)
        self.buttons = [c for _, c in self.rows] + [self.apply_button, self.cancel_button]
        self.layout(self.app.screen.get_rect())

    def layout(self, rect) -> None:
        """A centred form."""
        super().layout(rect)
        self.box = pygame.Rect(0, 0, style.px(560), style.px(140 + 50 * max(5, len(self.rows))))
        self.box.center = rect.center
        y = self.box.top + style.px(60)
        for _, control in self.rows:
            control.rect = pygame.Rect(self.box.left + style.px(240), y, style.px(280), style.px(36))
            y += style.px(50)
        if self.rows:
            self.apply_button.rect = pygame.Rect(self.box.right - style.px(290), self.box.bottom - style.px(60),
                                                 style.px(130), style.px(40))
            self.cancel_button.rect = pygame.Rect(self.box.right - style.px(150), self.box.bottom - style.px(60),
                                                  style.px(130), style.px(40))

    def apply(self) -> None:
        """Save the settings and use them now."""
        app = self.app
        new = dict(app.settings, window=self.size.value, fullscreen=self.full.value,
                   animation=self.anim.value, volume=self.volume.value, hints=self.hints.value,
                   follow=self.follow.value)
        problem = settings_mod.save(new)
        app.settings = new
        if new["fullscreen"] != app.fullscreen:
            app.toggle_fullscreen()
        elif not app.fullscreen and tuple(new["window"]) != tuple(app.screen.get_size()):
            app.resize(new["window"])
        app.stack.pop()
        if problem:
            app.message("Settings", problem)
        else:
            app.toast(f"Settings saved to {paths.settings_path()}")

    def draw(self, surface, now_ms) -> None:
        """The form."""
        style.backdrop(surface)
        inner = style.panel(surface, self.box, "Settings")
        for label, control in self.rows:
            style.text(surface, label, (inner.left + style.px(24), control.rect.centery), 17, style.INK,
                       anchor="midleft")
        super().draw(surface, now_ms)


class LoadScene(Scene):
    """Saved games, newest first, plus a field for any other path."""

    def __init__(self):
        super().__init__()
        self.files = ListBox(on_activate=self.open)
        self.path = TextField(placeholder="…or type the path of a save file")
        self.open_button = Button("Load", self.load_selected, primary=True)
        self.review_button = Button("Review", self.review_selected,
                                    tip="Step through the saved game with each side's chances, without playing it")
        self.cancel_button = Button("Back", self.back)
        self.buttons = [self.files, self.path, self.review_button, self.open_button, self.cancel_button]
        self.box = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        """List the saves folder."""
        rows = []
        for stamp, p in listed_saves(paths.saves_dir()):
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))
            rows.append((f"{when}   {save_summary(p)}", p, p.name))
        self.files.rows = rows
        self.files.selected = 0 if rows else None
        pygame.key.start_text_input()
        if self.app:
            self.layout(self.app.screen.get_rect())

    def leave(self) -> None:
        """Stop text input."""
        pygame.key.stop_text_input()

    def layout(self, rect) -> None:
        """A centred list with a path field and buttons under it."""
        super().layout(rect)
        self.box = pygame.Rect(0, 0, min(rect.width - style.px(40), style.px(720)),
                               min(rect.height - style.px(40), style.px(520)))
        self.box.center = rect.center
        inner_top = self.box.top + style.px(64)
        left, width = self.box.left + style.px(24), self.box.width - style.px(48)
        self.files.rect = pygame.Rect(left, inner_top, width, self.box.height - style.px(200))
        self.path.rect = pygame.Rect(left, self.files.rect.bottom + style.px(14), width, style.px(36))
        self.open_button.rect = pygame.Rect(self.box.right - style.px(300), self.box.bottom - style.px(60),
                                            style.px(130), style.px(40))
        self.cancel_button.rect = pygame.Rect(self.box.right - style.px(154), self.box.bottom - style.px(60),
                                              style.px(130), style.px(40))
        self.review_button.rect = pygame.Rect(self.box.right - style.px(446), self.box.bottom - style.px(60),
                                              style.px(130), style.px(40))

    def handle_event(self, event) -> bool:
        """Enter loads."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.load_selected()
            return True
        return super().handle_event(event)

    def _target(self):
        """The typed path if any, else the selected file (None, with a message, when there is neither)."""
        target = Path(self.path.value.strip()).expanduser() if self.path.value.strip() else self.files.value
        if target is None:
            self.app.message("Load", f"There are no saved games in {paths.saves_dir()} yet.")
        return target

    def load_selected(self) -> None:
        """Load the typed path if any, else the selected file."""
        target = self._target()
        if target is not None:
            self.open(target)

    def review_selected(self) -> None:
        """Review the typed or selected save (finished or not) without replacing the game in play."""
        target = self._target()
        if target is not None:
            self.app.review_save(target)

    def open(self, path) -> None:
        """Load one file (asking first if it would replace an unfinished game); a bad one shows why."""
        self.app.open_save(path)

    def draw(self, surface, now_ms) -> None:
        """The list."""
        style.backdrop(surface)
        inner = style.panel(surface, self.box, "Load a saved game")
        style.text(surface, f"Saved games in {paths.saves_dir()}", (inner.left + style.px(12), inner.top + style.px(10)),
                   13, style.INK_DIM)
        super().draw(surface, now_ms)
