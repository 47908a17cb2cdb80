"""The review of a finished game: a golden replay opened from its save, stepped to the end, the graph drawn."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.core import session as sessions

from .conftest import key, pump_until

pytestmark = pytest.mark.ui
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "judean_hammer" / "game-11.json"


@pytest.fixture
def finished_game(monkeypatch):
    """The window over a finished golden game of Judean Hammer, at its game-over card."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    monkeypatch.chdir(Path(__file__).resolve().parents[2])          # the golden's map path is the repo's
    session = sessions.load(GOLDEN, GAMES)
    assert session.result() is not None
    app = App(size=(1280, 720), games=[GAMES["judean_hammer"]], settings=dict(settings.DEFAULTS, animation="off"))
    app.start_session(session)
    pump_until(app, lambda: type(app.stack.top).__name__ == "GameOverScene", seconds=20)
    yield app
    pygame.event.clear()
    pygame.display.quit()


def test_the_review_steps_through_the_whole_game_and_draws_the_chances(finished_game):
    from .conftest import button
    app = finished_game
    button(app.stack.top, "Review").click()
    review = app.stack.top
    assert type(review).__name__ == "ReviewScene"
    pump_until(app, review.ready, seconds=60)
    total = len(review.actions)
    assert review.index == total and total > 100
    key(app, pygame.K_HOME)
    assert review.index == 0
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert review.index == 3
    key(app, pygame.K_END)
    assert review.index == total
    winner = review.session.result().winner
    assert review.points[-1].chances[winner] == 1.0
    assert len(review.top) == 3 and all(s.words(review.spec) for s in review.top)
    assert set(review.luck) == set(review.spec.sides)
    app.pump()
    g = review.graph
    colour = review.spec.side_colours[winner]
    drawn = [app.screen.get_at((x, y))[:3] for x in range(g.left, g.right, 3) for y in range(g.top, g.bottom)]
    assert tuple(colour) in drawn, "no chance line drawn in the winner's colour"
    if os.environ.get("WARGAMES_SHOTS"):
        key(app, pygame.K_HOME)
        for _ in range(total // 20):
            key(app, pygame.K_PAGEDOWN)
        pygame.image.save(app.screen, os.environ["WARGAMES_SHOTS"] + "/review.png")
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "GameOverScene"
