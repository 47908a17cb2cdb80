"""UI test helpers: an App on the dummy driver with the toy race injected, and real posted clicks."""
from __future__ import annotations

import dataclasses
import time

import pygame
import pytest


@pytest.fixture
def toy_ui_spec(toy_spec):
    """The toy race with the test adapter (hand panel) named through GameSpec.ui."""
    from game.rules import GAMES
    spec = dataclasses.replace(toy_spec, ui="tests.ui.toy_adapter:ToyAdapter",
                               side_colours={"red": (176, 48, 40), "blue": (52, 92, 160)})
    GAMES[spec.name] = spec
    return spec


@pytest.fixture
def app(toy_ui_spec):
    """A window on the dummy driver whose menu lists the toy race; animations off."""
    from game.ui import settings
    from game.ui.window import App
    application = App(size=(1280, 720), games=[toy_ui_spec], settings=dict(settings.DEFAULTS, animation="off"))
    application.open_menu()
    application.pump()
    yield application
    pygame.event.clear()
    pygame.display.quit()


@pytest.fixture(autouse=True)
def quick_curtain(monkeypatch):
    """The curtain's guard time off, so tests lift it at once (the guard has tests of its own)."""
    from game.ui.interludes import CurtainScene
    monkeypatch.setattr(CurtainScene, "GUARD_MS", 0)


def lift_curtain(app):
    """End the turn shown before a hand-over, if any, then lift the curtain with its own button."""
    from game.ui.interludes import CurtainScene
    from game.ui.play import PlayScene
    top = app.stack.top
    if isinstance(top, PlayScene) and top.handover is not None:
        pump_until(app, lambda: top.end_turn_button.enabled)
        click(app, top.end_turn_button)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene), curtain
    pump_until(app, curtain.ready)
    click(app, curtain.ready_button)


def between_turns(app) -> bool:
    """True while a curtain covers the table, or a turn waits to be ended before one."""
    top = app.stack.top
    return type(top).__name__ == "CurtainScene" or getattr(top, "handover", None) is not None


def click(app, target, button=1):
    """Post a real press and release at a widget's rect centre (or a point) and run the loop."""
    pos = target.rect.center if hasattr(target, "rect") else tuple(target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.pump()


def key(app, k, mod=0, text=None):
    """Post a key press (and its text) and run the loop."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text or "", scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.pump()


def pump_until(app, condition, seconds=5.0):
    """Run the loop until ``condition()`` holds; fails the test after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.pump()
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the window never reached the expected state")


def loaded(app) -> None:
    """Run the loop until a save's replay has finished: past 0.1 s (a busy machine) it shows a
    progress scene first, and the scene the test expects comes after it."""
    pump_until(app, lambda: type(app.stack.top).__name__ != "LoadingScene", seconds=30)


def button(scene, label):
    """The scene's button with this label."""
    found = [b for b in scene.widgets() if getattr(b, "label", None) == label]
    assert found, f"no button {label!r} among {[getattr(b, 'label', None) for b in scene.widgets()]}"
    return found[0]


def opened_review(app, estimated: bool = True):
    """Review from the game-over card: the review scene once replayed (and, by default, once the
    search has measured the swings and estimated every turn)."""
    button(app.stack.top, "Review").click()
    review = app.stack.top
    assert type(review).__name__ == "ReviewScene"
    pump_until(app, review.ready, seconds=90)
    if estimated:
        pump_until(app, review.estimated, seconds=300)
    return review
