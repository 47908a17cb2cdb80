"""The review of a finished game of Hammer's Slammers: a golden replay opened from its save, stepped
through, the chances drawn, and each seated side's dice luck named beside them."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.core import session as sessions

from .conftest import button, key, opened_review, pump_until

pytestmark = pytest.mark.ui
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "slammers" / "learning_basic.json"
FOUR = GOLDEN.with_name("marrow_four_basic.json")        # four armies in two teams


@pytest.fixture
def finished_game(monkeypatch, request):
    """The window over a finished golden game of Hammer's Slammers (``GOLDEN``, or the save a test
    names by parametrizing this fixture), at its game-over card."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    session = sessions.load(getattr(request, "param", GOLDEN), GAMES)
    assert session.result() is not None
    app = App(size=(1280, 720), games=[GAMES["slammers"]], settings=dict(settings.DEFAULTS, animation="off"))
    app.start_session(session)
    pump_until(app, lambda: type(app.stack.top).__name__ == "GameOverScene", seconds=20)
    yield app
    pygame.event.clear()
    pygame.display.quit()


def test_the_slammers_review_names_each_seated_side_s_dice_luck(finished_game):
    from game.ai.review import dice_luck
    app = finished_game
    button(app.stack.top, "Review").click()
    review = app.stack.top
    assert type(review).__name__ == "ReviewScene"
    pump_until(app, review.ready, seconds=90)
    total = len(review.actions)
    assert review.index == total and total > 50
    seated = list(review.spec.seated(review.states[-1]).sides)
    assert list(review.luck) == seated                       # the two armies in play, not all four
    first = review.spec.setup(review.session.seed, review.session.scenario, review.session.options)
    assert review.luck == dice_luck(review.spec, first, review.actions)
    assert abs(review.luck[seated[0]]) > 0.1 and abs(sum(review.luck.values())) < 1e-9
    lines = review.luck_lines()
    assert lines == [f"{review.spec.display_name(s)}: {review.luck[s]:+.1f}" for s in seated]
    review.luck = {seated[0]: 0.04, seated[1]: -0.04}          # near even: no "-0.0"
    assert review.luck_lines() == [f"{review.spec.display_name(s)}: +0.0" for s in seated]
    review.luck = dice_luck(review.spec, first, review.actions)
    key(app, pygame.K_HOME)
    assert review.index == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert review.index == 2
    key(app, pygame.K_END)
    app.pump()
    winner = review.session.result().winner
    assert review.points[-1].chances[winner] == 1.0
    g = review.graph
    from game.ui.review import dimmed
    colour = review.spec.side_colours[winner]
    drawn = {app.screen.get_at((x, y))[:3] for x in range(g.left, g.right, 3) for y in range(g.top, g.bottom)}
    assert tuple(colour[:3]) in drawn or dimmed(colour) in drawn, "no chance line drawn in the winner's colour"
    # The search's estimates grow in the background with no input: the last of them (its line
    # between the last two turns' starts) must be drawn without waiting for a key or the mouse.
    pump_until(app, review.estimated, seconds=300)
    x = round(g.left + g.width * (review.marks[-2] + review.marks[-1]) / 2 / total)

    def last_leg_drawn():
        return tuple(colour[:3]) in {app.screen.get_at((x, y))[:3] for y in range(g.top, g.bottom)}
    pump_until(app, last_leg_drawn, seconds=10)
    if os.environ.get("WARGAMES_SHOTS"):
        key(app, pygame.K_HOME)
        for _ in range(total // 20):
            key(app, pygame.K_PAGEDOWN)
        pygame.image.save(app.screen, os.environ["WARGAMES_SHOTS"] + "/review-slammers.png")
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "GameOverScene"


def test_each_swing_says_what_its_action_brought_about_in_the_log_s_words(finished_game):
    from game.ui.review import added
    review = opened_review(finished_game)
    assert review.checked and len(review.top) == 3
    for s in review.top:
        before, after = (review.spec.view(review.states[i], None)["log"] for i in (s.index - 1, s.index))
        assert review.said(s.index) == added(before, after)
    said = [review.said(s.index) for s in review.top]
    # the golden's largest swings are rolls (Direct Fire and Close Assaults): their dice are named
    assert any(lines and (" assault" in lines[0] or " fire at " in lines[0]) and "[d6:" in lines[0] for lines in said)


def test_each_action_is_named_in_the_words_of_the_step_it_was_taken_in(finished_game, monkeypatch):
    """The swings and the last action read as their buttons did when they were played: a hex is
    "Move to" in a movement and "Target" in the fire, Done "End movement" or "End fire"; not the
    words the game's last position would give them (every hex a target, every Done plain)."""
    from game.rules import slammers as sl
    from game.ui import review as review_screen
    app = finished_game
    review = opened_review(app)
    words = {}
    for i, action in enumerate(review.actions, 1):
        words.setdefault((action[0], sl.frame(review.states[i - 1]).get("step")), review.action_words(i))
    assert words[("hex", "movement")].startswith("Move to ")
    assert words[("unit", "movement")].startswith("Move ")
    assert words[("unit", "direct")].startswith("Fire with ")
    assert (words[("done", "movement")], words[("done", "direct")]) == ("End movement", "End fire")
    drawn = []
    monkeypatch.setattr(review_screen.style, "text", lambda surface, said, *a, **k: drawn.append(said))
    monkeypatch.setattr(review_screen.style, "wrap", lambda said, *a: drawn.append(said) or [said])
    moved = next(i for i, a in enumerate(review.actions, 1)
                 if a[0] == "hex" and sl.frame(review.states[i - 1]).get("step") == "movement")
    review.go(moved)
    told = []
    monkeypatch.setattr(review, "_draw_said", lambda surface, line, x, y, w: told.append(line) or y)
    review.draw(app.screen, 0)
    mover = review.spec.display_name(review.movers[moved - 1])
    assert f"Last action: Turn {review.points[moved].turn}, {mover}: {review.action_words(moved)}" in drawn
    fired = next(i for i in range(1, len(review.actions)) if review.said(i) and review.actions[i - 1] == ("fire",)
                 and sl.frame(review.states[i - 1]).get("step") == "direct")
    review.go(fired)
    review.draw(app.screen, 0)
    assert told[-1] == review.said(fired)[0]          # what the shot brought about, under its words
    for swing in review.top:
        assert any(said.endswith(": " + review.action_words(swing.index)) for said in drawn)


def test_the_lines_an_action_adds_are_found_when_the_view_keeps_only_the_log_s_end():
    from game.ui.review import added
    assert added(["a", "b", "c"], ["a", "b", "c", "d", "e"]) == ["d", "e"]
    assert added(["a", "b", "c"], ["c", "d", "e"]) == ["d", "e"]        # the view kept the last three
    assert added(["a", "b", "c"], ["a", "b", "c"]) == []
    assert added(["x", "a", "a"], ["a", "a", "a"]) == ["a"]
    assert added([], ["d"]) == ["d"] and added(["a"], []) == []


@pytest.mark.parametrize("finished_game", [FOUR], indirect=True)
def test_allies_share_one_chance_and_the_caption_fits_over_the_graph(finished_game):
    # The four-player Marrow: green and the Mercenaries against the Tan army and the Slammers. Allies
    # win together (HS-GAP-8), so each team is named once with its chance, and the four names fit.
    review = opened_review(finished_game, estimated=False)
    teams = review.team_chances(review.index)
    assert [team for team, _ in teams] == [("green", "red"), ("tan", "blue")]
    assert sum(chance for _, chance in teams) == pytest.approx(1.0)
    words, size = review.chance_words(review.index, review.graph.width)
    assert words.count("%") == 2 and "Mercenaries" in words and "Hammer's Slammers" in words
    from game.ui import style
    assert style.font(size).size(words)[0] <= review.graph.width
    assert review.chance_words(review.index, 10_000)[0].startswith("Chance of winning: ")


@pytest.mark.parametrize("finished_game", [FOUR, GOLDEN], indirect=True)
def test_the_game_over_card_names_the_winner_s_allies_who_win_with_it(finished_game):
    # allies win together (HS-GAP-8): green's holding out is the Mercenaries' victory too
    over = finished_game.stack.top
    expected = {"marrow_four": "Victory: Green army and Mercenaries", "learning": "Victory: Hammer's Slammers"}
    assert over.headline() == expected[over.session.scenario or "learning"]


@pytest.mark.parametrize("finished_game", [FOUR], indirect=True)
def test_the_game_over_card_keeps_each_army_s_name_clear_of_its_score(finished_game, monkeypatch):
    # "Hammer's Slammers" ran into its score of three figures on the four-player card
    from game.ui import interludes, style
    over = finished_game.stack.top
    drawn, text = [], style.text
    monkeypatch.setattr(interludes.style, "text", lambda *a, **k: drawn.append((a[1], text(*a, **k))) or drawn[-1][1])
    over.draw(finished_game.screen, 0)
    rows = {}
    for words, rect in drawn:
        rows.setdefault(rect.centery, []).append((words, rect))
    for side, score in over.result.scores.items():
        name = over.spec.display_name(side)
        row = next(r for r in rows.values() if any(w == name for w, _ in r))
        name_rect = next(rect for w, rect in row if w == name)
        score_rect = next(rect for w, rect in row if w == str(score))
        assert name_rect.right + style.px(12) <= score_rect.left, (name, score)
        assert over.box.contains(name_rect) and over.box.contains(score_rect)


OLD = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "slammers_learning_2026-12-03.json"


@pytest.mark.parametrize("finished_game", [OLD], indirect=True)
def test_a_save_of_the_learning_game_s_first_edition_is_reviewed_on_that_edition(finished_game):
    # the save was played with two combat cars; the review replays it on the edition it names
    over = finished_game.stack.top
    assert over.session.options == {"edition": 1}
    review = opened_review(finished_game, estimated=False)
    assert review.states[-1]["units"] == over.session.state["units"]
    assert sum(u["type"] == "slammers:combat_car" for u in review.states[0]["units"].values()) == 2
