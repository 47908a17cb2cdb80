"""The review of a finished game: a golden replay opened from its save, stepped to the end, the graph drawn."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.core import session as sessions

from .conftest import button, click, key, opened_review, pump_until

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
    from game.ui.review import dimmed
    colour = review.spec.side_colours[winner]
    drawn = {app.screen.get_at((x, y))[:3] for x in range(g.left, g.right, 3) for y in range(g.top, g.bottom)}
    assert tuple(colour) in drawn or dimmed(colour) in drawn, "no chance line drawn in the winner's colour"
    if os.environ.get("WARGAMES_SHOTS"):
        key(app, pygame.K_HOME)
        for _ in range(total // 20):
            key(app, pygame.K_PAGEDOWN)
        pygame.image.save(app.screen, os.environ["WARGAMES_SHOTS"] + "/review.png")
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "GameOverScene"


def test_the_search_estimates_each_turn_in_the_background_and_the_slider_drags_through(finished_game):
    app = finished_game
    review = opened_review(app)
    assert len(review.marks) >= 5 and set(review.marks) <= set(review.searched) == set(review.wanted)
    assert review.checked and len(review.top) == 3          # the swings as the search measures them
    for s in review.top:
        assert s.change == review.searched[s.index][s.side] - review.searched[s.index - 1][s.side]
    winner = review.session.result().winner
    assert review.searched[review.marks[-1]][winner] == 1.0          # the end is the result
    middle = [review.searched[m] for m in review.marks[1:-1]]
    assert all(0.0 <= c[winner] <= 1.0 for c in middle) and len({round(c[winner], 3) for c in middle}) > 1
    app.pump()
    g = review.graph
    colour = tuple(review.spec.side_colours[winner])
    # A swing's red mark or the shown position's yellow one may stand on a turn's start and hide
    # the line there (the swings follow the background estimates, which the search's clock varies),
    # so the line must show at most of the turns' starts, not at one chosen start.
    def line_at(mark):
        x = round(g.left + g.width * mark / len(review.actions))
        return colour in {app.screen.get_at((x + dx, y))[:3] for dx in (-1, 0, 1) for y in range(g.top, g.bottom)}
    inner = review.marks[1:-1]
    assert sum(map(line_at, inner)) * 2 >= len(inner), "the search's line is not drawn at the turns' starts"
    s = review.slider
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(s.left + 2, s.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(s.centerx, s.centery), rel=(1, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(s.centerx, s.centery), button=1))
    app.pump()
    assert abs(review.index - len(review.actions) // 2) <= 2
    if os.environ.get("WARGAMES_SHOTS"):
        app.dirty = True
        app.pump()
        pygame.image.save(app.screen, os.environ["WARGAMES_SHOTS"] + "/review.png")
    app.dirty = True
    app.pump()
    assert [index for _, index in review.swing_rects] == [s.index for s in review.top]
    for rect, index in reversed(review.swing_rects):            # a click on a swing goes to it
        click(app, rect.center)
        assert review.index == index


def test_a_save_is_reviewed_from_the_load_screen_without_playing_it(finished_game):
    app = finished_game
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    loader = app.stack.top
    assert type(loader).__name__ == "LoadScene"
    click(app, loader.path)
    for ch in str(GOLDEN):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.pump()
    click(app, button(loader, "Review"))
    pump_until(app, lambda: type(app.stack.top).__name__ == "ReviewScene", seconds=30)
    review = app.stack.top
    pump_until(app, review.ready, seconds=60)
    assert review.index == len(review.actions) and review.points[-1].chances[review.session.result().winner] == 1.0
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is loader


def test_each_action_is_named_as_its_player_read_it_then(finished_game):
    """A past action reads as the rules worded it for the side that took it, at that moment: OPs
    with their number, a Done in the move step as the move's own Done; the review's own view of
    the game is left as it was."""
    review = opened_review(finished_game, estimated=False)
    spec, words = review.spec, {}
    for i, action in enumerate(review.actions, 1):
        state = review.states[i - 1]
        step = ((spec.view(state, spec.active(state)).get("pending") or {}).get("step"))
        words.setdefault((action[0], step), review.action_words(i))
    ops = next(said for (verb, _), said in words.items() if verb == "ops")
    assert ops.startswith("Use for ") and ops.split()[2].isdigit()
    assert words[("done", "move")] in ("Done with this group", "End movement")
    assert review.adapter.viewer is None and review.adapter.view_now == {}


def test_stepping_one_action_brings_what_it_moved_into_view(finished_game):
    from game.ui.pacing import moves_between
    app = finished_game
    button(app.stack.top, "Review").click()
    review = app.stack.top
    pump_until(app, review.ready, seconds=60)
    shown = [review.adapter.shown_pieces(review.spec.view(s, None)) for s in review.states]
    step = next(i for i in range(len(shown) - 1) if moves_between(shown[i], shown[i + 1]))
    _, start, end, _ = moves_between(shown[step], shown[step + 1])[0]
    review.go(step)
    app.pump()
    view = review.board_view
    cam = view.camera
    cam.zoom_about(cam.viewport.center, len(cam.levels))
    cam.settle()
    mid = view.centre(end)
    cam.centre_on(cam.map_w - mid[0], cam.map_h - mid[1])         # looking at the other side of the map
    if cam.viewport.collidepoint(view.screen_pos(end)):
        pytest.skip("the map fits the window at its closest zoom: nothing to follow")
    app.pump()
    review.step(1)
    pump_until(app, lambda: review._shown_index == step + 1, seconds=5)
    assert cam.panning()
    cam.settle()
    assert cam.viewport.collidepoint(view.screen_pos(end))
    far = (cam.x, cam.y)
    review.go(0)                                                   # a jump: the view stays where it is
    pump_until(app, lambda: review._shown_index == 0, seconds=5)
    assert not cam.panning() and (cam.x, cam.y) == far


def test_each_position_shows_its_own_marks_on_the_map(finished_game, monkeypatch):
    """The review draws the game's marks of the position shown (the VP track's markers, region
    control), not the table's: stepping back shows the scores of then."""
    app = finished_game
    button(app.stack.top, "Review").click()
    review = app.stack.top
    pump_until(app, review.ready, seconds=60)
    drawn = []
    monkeypatch.setattr(review.adapter, "draw_position_marks", lambda surface, board_view, view: drawn.append(view))
    middle = len(review.actions) // 2
    for index in (middle, len(review.actions)):
        review.go(index)
        app.dirty = True
        app.pump()
        assert drawn and drawn[-1]["scores"] == review.spec.view(review.states[index], None)["scores"]
    assert drawn[-1]["scores"] != review.spec.view(review.states[middle], None)["scores"]
