"""Nothing lost without a word: the autosave warning bar, saving elsewhere, asking before a game is replaced.

The autosave is the game's only copy while it is played. When it cannot be written the table
says so at once and keeps saying so (``AutosaveBar``), offers to save elsewhere
(``SaveAsScene``), and the window asks before anything would drop a game that exists nowhere
else or replace the unfinished one (``ChoiceBox``).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pygame

from game.core import paths

from . import style
from .scene import MessageBox, Scene
from .widgets import Button, TextField


def play_scene(app):
    """The table on the stack, if any."""
    play = sys.modules.get("game.ui.play")      # not imported yet (the menu's first frame): no table
    return app.stack.find(play.PlayScene) if play and app and app.stack else None


def unsaved_game(app):
    """The session on the table when its moves exist nowhere on disk, else None."""
    play = play_scene(app)
    if play is None:
        return None
    session = play.session
    if session.result() is not None or not session.autosave_problem:
        return None
    if getattr(play, "saved_moves", None) == len(session.actions):
        return None              # saved elsewhere since the last move
    return session


def unfinished_game(app) -> str | None:
    """A short description of the unfinished game a new one would replace, else None."""
    play = play_scene(app)
    if play is not None and play.session.result() is None:
        moves = len(play.session.actions)       # a game with no move yet has nothing to lose
        return f"{play.session.spec.title}, {moves} move{'' if moves == 1 else 's'}" if moves else None
    from .menu import autosave_summary
    summary = autosave_summary()
    if not summary or summary.startswith("unreadable") or summary.endswith(", 0 moves"):
        return None
    return summary


def save_name(spec_name: str) -> str:
    """A fresh file name for a save: game and time."""
    return f"{spec_name}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def keep_unfinished(app) -> str | None:
    """Put the unfinished game into the saves folder; returns a message when that failed."""
    from game.core.reading import FileProblem, read_bytes
    from game.core.savefile import MAX_SAVE_BYTES
    folder = paths.saves_dir()
    play = play_scene(app)
    try:
        if play is not None and play.session.result() is None:
            target = folder / save_name(play.session.spec.name)
            play.session.save(target)
        else:
            data = read_bytes(paths.autosave_path(), "autosave", MAX_SAVE_BYTES)
            target = folder / save_name("autosave")
            paths.write_atomically(target, data.decode("utf-8-sig"))
    except (OSError, ValueError, FileProblem) as exc:
        return f"The unfinished game could not be kept in {folder} ({getattr(exc, 'strerror', None) or exc})."
    app.toast(f"The unfinished game is kept in {target}", 6000)
    return None


def is_autosave(path) -> bool:
    """True when a file is the autosave (the game Resume continues)."""
    return os.path.abspath(str(path)) == os.path.abspath(str(paths.autosave_path()))


def forget_autosave() -> None:
    """Remove the autosave: a finished game is not kept for Resume."""
    try:
        paths.autosave_path().unlink()
    except OSError:
        pass


def same_game(a, b) -> bool:
    """True when two sessions are one game at one point: same game, set-up, dice and moves."""
    return (a.spec.name, a.scenario, a.seed, a.options, [tuple(x) for x in a.actions]) == \
        (b.spec.name, b.scenario, b.seed, b.options, [tuple(x) for x in b.actions])


def ask_before_replacing(app, verb: str, proceed, incoming=None) -> None:
    """Run ``proceed`` at once when no unfinished game exists, when ``incoming`` (a loaded save) is
    that very game at the same move, or when it is a finished game, which is not kept for Resume and
    so replaces nothing (nothing would be lost); else ask first (keep, replace, back)."""
    what = unfinished_game(app)
    play = play_scene(app)
    finished = incoming is not None and incoming.result() is not None
    same = incoming is not None and play is not None and same_game(play.session, incoming)
    if what is None or finished or same:
        proceed()
        return

    def keep():
        problem = keep_unfinished(app)
        if problem:
            app.message("Cannot keep the unfinished game", problem)
        else:
            proceed()

    app.stack.push(ChoiceBox(
        "Replace the unfinished game?",
        f"The unfinished game ({what}) is the one Resume continues. {verb} replaces it. "
        f"Keep it in your saved games first ({paths.saves_dir()}), or let it go?",
        [("Keep it, then go on", keep, True), ("Replace it", proceed, False), ("Back", None, False)]))
    app.dirty = True


def ask_before_dropping(app, verb: str, proceed, go_label: str) -> None:
    """Run ``proceed`` at once unless the game on the table exists nowhere on disk; else ask."""
    session = unsaved_game(app)
    if session is None:
        proceed()
        return
    app.stack.push(ChoiceBox(
        "This game is not saved",
        f"{session.autosave_problem} {verb} now loses the game. Save it somewhere else first?",
        [("Save it elsewhere…", lambda: app.stack.push(SaveAsScene(then=proceed)), True),
         (go_label, proceed, False), ("Back", None, False)]))
    app.dirty = True


class ChoiceBox(MessageBox):
    """A modal question with a row of buttons; each closes the box, then does its thing."""

    def __init__(self, title: str, message: str, choices: list):
        super().__init__(title, message)
        self.choices = choices
        self.buttons = [Button(label, (lambda f=f: self.choose(f)), primary=primary)
                        for label, f, primary in choices]

    def choose(self, then) -> None:
        """Close, then run the choice (None: just close)."""
        if self.app and self.app.stack.top is self:
            self.app.stack.pop()
        if then:
            then()

    def close(self) -> None:
        """Enter picks the primary choice; Esc is Back."""
        primary = next((f for _, f, p in self.choices if p), None)
        self.choose(primary)

    def back(self) -> None:
        """Esc: close and do nothing."""
        self.choose(None)

    def layout(self, rect) -> None:
        """The message box, with its buttons side by side along the foot."""
        super().layout(rect)
        fnt = style.font(16)
        widths = [fnt.size(b.label)[0] + style.px(36) for b in self.buttons]
        gap = style.px(12)
        need = sum(widths) + gap * (len(widths) - 1) + style.px(40)
        if need > self.box.width:
            self.box.width = min(rect.width - style.px(20), need)
            self.box.centerx = rect.centerx
        x = self.box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        for button, w in zip(self.buttons, widths):
            button.rect = pygame.Rect(x, self.box.bottom - style.px(50), w, style.px(36))
            x += w + gap


class AutosaveBar:
    """The warning across the top of the table while the autosave fails; notes when it works again."""

    def __init__(self, app):
        self.app = app
        self.button = Button("Save elsewhere…", self.save_elsewhere, size=14)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.failing = False

    def problem(self) -> str | None:
        """The autosave failure of the game on the table, if any."""
        play = play_scene(self.app)
        return play.session.autosave_problem if play is not None else None

    def update(self) -> bool:
        """Say once when the autosave works again; True when the bar appeared or went."""
        problem = self.problem()
        if self.failing and problem is None and play_scene(self.app) is not None:
            self.app.toast(f"Autosaving works again: the game is saved in {paths.autosave_path()}", 6000)
        changed = self.failing != bool(problem)
        self.failing = bool(problem)
        return changed

    def save_elsewhere(self) -> None:
        """Open the save-as box."""
        self.app.stack.push(SaveAsScene())

    def place(self, play) -> None:
        """Across the top of the map, under the table's own top bar (its buttons stay visible)."""
        area = play.map_rect if play.map_rect.width else play.rect
        top = play.top_rect.bottom if play.top_rect.height else area.top
        self.rect = pygame.Rect(area.left, top, area.width, style.px(40))
        self.button.rect = pygame.Rect(0, 0, style.px(150), style.px(30))
        self.button.rect.midright = (self.rect.right - style.px(8), self.rect.centery)

    def handle_event(self, event) -> bool:
        """The button, while the bar shows and the table has the input."""
        if not self.problem() or self.app.stack.top is not play_scene(self.app):
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            self.button.handle_event(event)
            return True           # a click on the bar never reaches the map below it
        return self.button.handle_event(event) if event.type == pygame.MOUSEMOTION else False

    def draw(self, surface, play) -> None:
        """The bar: what failed, where, why; retrying; the button."""
        problem = play.session.autosave_problem
        if not problem:
            return
        self.place(play)
        pygame.draw.rect(surface, (120, 36, 28), self.rect)
        pygame.draw.line(surface, style.WARN, self.rect.bottomleft, self.rect.bottomright, max(1, style.px(2)))
        text = f"Not autosaved — {problem} Trying again after each move."
        fnt = style.font(14, bold=True)
        room = self.button.rect.left - self.rect.left - style.px(20)
        lines = style.wrap(text, fnt, room)
        if len(lines) > 2:
            lines = lines[:1] + [lines[1][:-1] + "…"]
        y = self.rect.centery - len(lines) * fnt.get_linesize() // 2
        for line in lines[:2]:
            surface.blit(fnt.render(line, True, style.INK), (self.rect.left + style.px(10), y))
            y += fnt.get_linesize()
        self.button.draw(surface)


class SaveAsScene(Scene):
    """Save the game on the table to a path the player types (the autosave folder may be unusable)."""

    opaque = False

    def __init__(self, then=None):
        super().__init__()
        self.then = then
        self.path = TextField(max_len=1000)
        self.save_button = Button("Save", self.save, primary=True)
        self.back_button = Button("Back", self.back)
        self.buttons = [self.path, self.save_button, self.back_button]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.problem = ""

    def enter(self) -> None:
        """Suggest the home folder: it is the one most likely to be writable."""
        play = play_scene(self.app)
        if not self.path.value and play is not None:
            self.path.value = str(Path.home() / save_name(play.session.spec.name))
        self.path.focus = True
        pygame.key.start_text_input()

    def leave(self) -> None:
        """No more typing."""
        pygame.key.stop_text_input()

    def layout(self, rect) -> None:
        """A centred box: the path, the problem if any, the buttons."""
        super().layout(rect)
        self.box = pygame.Rect(0, 0, min(rect.width - style.px(40), style.px(680)), style.px(230))
        self.box.center = rect.center
        inner_left = self.box.left + style.px(24)
        self.path.rect = pygame.Rect(inner_left, self.box.top + style.px(80), self.box.width - style.px(48),
                                     style.px(36))
        self.save_button.rect = pygame.Rect(self.box.right - style.px(290), self.box.bottom - style.px(54),
                                            style.px(130), style.px(38))
        self.back_button.rect = pygame.Rect(self.box.right - style.px(150), self.box.bottom - style.px(54),
                                            style.px(130), style.px(38))

    def handle_event(self, event) -> bool:
        """Enter saves."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
            return True
        return super().handle_event(event)

    def save(self) -> None:
        """Write the game; a failure stays in the box with its reason."""
        play = play_scene(self.app)
        if play is None:
            self.back()
            return
        target = Path(os.path.expanduser(self.path.value.strip() or "."))
        if target.is_dir():
            target = target / save_name(play.session.spec.name)
        try:
            play.session.save(target)
        except (OSError, ValueError) as exc:
            self.problem = f"Could not save to {target} ({getattr(exc, 'strerror', None) or exc})."
            return
        play.saved_moves = len(play.session.actions)
        self.app.stack.pop()
        self.app.toast(f"Saved to {target}", 6000)
        if self.then:
            self.then()

    def draw(self, surface, now_ms) -> None:
        """Dim the table; the box."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        inner = style.panel(surface, self.box, "Save the game elsewhere")
        style.text(surface, "Type where to save it (a folder or a file name), then Save.",
                   (inner.left + style.px(12), inner.top + style.px(12)), 15, style.INK)
        if self.problem:
            fnt = style.font(14)
            y = self.path.rect.bottom + style.px(8)
            for line in style.wrap(self.problem, fnt, self.box.width - style.px(48))[:2]:
                surface.blit(fnt.render(line, True, style.WARN), (self.path.rect.left, y))
                y += fnt.get_linesize()
        super().draw(surface, now_ms)


class FaultBox(MessageBox):
    """'Internal error': OK leads away from the screen that failed (never straight back into it).

    The table itself is kept (its game goes on); any other failing screen is closed with the box,
    and a failing menu is built afresh."""

    def __init__(self, title: str, message: str, culprit):
        super().__init__(title, message)
        self.culprit = culprit

    def close(self) -> None:
        """Close the box and the screen that failed, then uncover what is below."""
        from .menu import MenuScene
        from .play import PlayScene
        stack = self.app.stack
        if self in stack.scenes:
            stack.scenes.remove(self)
        culprit = self.culprit
        if culprit in stack.scenes and not isinstance(culprit, PlayScene):
            stack.scenes.remove(culprit)
            try:
                culprit.leave()
            except Exception:  # the screen is gone either way
                pass
        if not any(isinstance(s, MenuScene) for s in stack.scenes):   # the menu failed: a fresh one
            menu = MenuScene(self.app.games)
            stack._attach(menu)
            stack.scenes.insert(0, menu)
        stack.top.enter()
        self.app.dirty = True
