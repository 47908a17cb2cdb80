"""The scene stack (push, pop, replace with enter/leave hooks) and the scene base class."""
from __future__ import annotations

import time

import pygame

from . import style
from .widgets import Button


_START = time.monotonic()


def now_ms() -> int:
    """Milliseconds since the program started: the clock of every animation.

    (pygame.time.get_ticks() reads 0 until SDL's timer is started, which the window never needs.)"""
    return int((time.monotonic() - _START) * 1000)


class Scene:
    """One screen. ``opaque`` scenes hide what lies below them; others are drawn over it."""

    opaque = True

    def __init__(self):
        self.app = None
        self.buttons: list = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    # hooks ---------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""

    def leave(self) -> None:
        """Called when the scene stops being the top (popped, replaced, or covered)."""

    def layout(self, rect: pygame.Rect) -> None:
        """Place widgets for a window of this size."""
        self.rect = pygame.Rect(rect)

    # per frame -----------------------------------------------------------
    def handle_event(self, event) -> bool:
        """React to an event; True when something must be redrawn."""
        changed = False
        for w in list(self.widgets()):
            changed = w.handle_event(event) or changed
        return changed

    def widgets(self) -> list:
        """The widgets that receive events, in order."""
        return self.buttons

    def update(self, now_ms: int) -> bool:
        """Advance timers and background work; True when something must be redrawn."""
        return False

    def animating(self, now_ms: int) -> bool:
        """True while the scene needs frames without input (animations, a thinking computer)."""
        return False

    def drawing(self) -> bool:
        """True while the scene still draws something a slice a frame (it needs frames even when covered)."""
        return False

    def frame_rate(self, now_ms: int) -> int:
        """Frames per second while ``animating``."""
        return 30

    def draw(self, surface, now_ms: int) -> None:
        """Draw the scene."""
        for w in self.widgets():
            w.draw(surface)

    def back(self) -> None:
        """What Esc does: leave this scene."""
        if self.app and len(self.app.stack) > 1:
            self.app.stack.pop()


class SceneStack:
    """A stack of scenes; only the top gets events; hooks run on every change."""

    def __init__(self, app=None):
        self.app = app
        self.scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def top(self) -> Scene | None:
        """The scene that has the input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put a scene on top."""
        if self.top:
            self.top.leave()
        self._attach(scene)
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene and uncover the one below."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.top:
            self.top.enter()
        return scene

    def drop(self) -> Scene | None:
        """Remove the top scene without uncovering the one below (something replaces it at once)."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another."""
        if self.scenes:
            self.scenes.pop().leave()
        self._attach(scene)
        self.scenes.append(scene)
        scene.enter()
        return scene

    def reset(self, *scenes: Scene) -> None:
        """Clear the stack and push these scenes (the last one gets the input)."""
        while self.scenes:
            self.scenes.pop().leave()
        for scene in scenes:
            self._attach(scene)
            self.scenes.append(scene)
        if self.top:
            self.top.enter()

    def find(self, kind) -> Scene | None:
        """The topmost scene of a class."""
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque scene up."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]

    def _attach(self, scene: Scene) -> None:
        scene.app = self.app
        if self.app is not None and getattr(self.app, "screen", None) is not None:
            scene.layout(self.app.screen.get_rect())


class MessageBox(Scene):
    """A modal message over the current scene, closed with OK (or Esc/Enter)."""

    opaque = False

    def __init__(self, title: str, message: str, on_close=None):
        super().__init__()
        self.title = title
        self.message = message
        self.on_close = on_close
        self.ok = Button("OK", self.close, primary=True)
        self.buttons = [self.ok]
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect) -> None:
        """Centre the box."""
        super().layout(rect)
        w = min(rect.width - style.px(40), style.px(560))
        lines = style.wrap(self.message, style.font(16), w - style.px(40))
        h = style.px(134) + len(lines) * style.font(16).get_linesize()
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = rect.center
        self.ok.rect = pygame.Rect(0, 0, style.px(120), style.px(36))
        self.ok.rect.midbottom = (self.box.centerx, self.box.bottom - style.px(14))

    def close(self) -> None:
        """Dismiss the message."""
        if self.app and self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_close:
            self.on_close()

    def handle_event(self, event) -> bool:
        """OK, Enter or Esc closes."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.close()
            return True
        return super().handle_event(event)

    def back(self) -> None:
        """Esc closes the message."""
        self.close()

    def draw(self, surface, now_ms) -> None:
        """Dim what is behind and draw the box."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        inner = style.panel(surface, self.box, self.title)
        fnt = style.font(16)
        y = inner.top + style.px(14)
        for line in style.wrap(self.message, fnt, inner.width - style.px(32)):
            surface.blit(fnt.render(line, True, style.INK), (inner.left + style.px(16), y))
            y += fnt.get_linesize()
        super().draw(surface, now_ms)
