"""The search player thinks in the worker: a progress bar in the prompt, and Undo or Menu stop it at once."""
from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.ai.search import SearchBot
from game.core.session import Session

from .conftest import key, pump_until

pytestmark = pytest.mark.ui


def _jh_table(seats: dict):
    """A window on the dummy driver at a new game of Judean Hammer with these seats."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off", volume=0))
    app.start_session(Session(spec, 1, None, None, seats=seats))
    yield app
    pygame.event.clear()
    pygame.display.quit()


@pytest.fixture
def jh_against_hard():
    """Judean Hammer, the Greeks human and the Maccabeans (who begin) the hard computer."""
    yield from _jh_table({"maccabean": "hard", "greek": "human"})


@pytest.fixture
def jh_hot_seat():
    """Judean Hammer between two people at one computer."""
    yield from _jh_table({"maccabean": "human", "greek": "human"})


def _bot_threads():
    return [t for t in threading.enumerate() if t.name.startswith("bot-")]


def test_the_prompt_shows_how_far_the_search_is_and_menu_stops_it(jh_against_hard, tmp_path):
    app = jh_against_hard
    play = app.stack.top
    assert isinstance(play.bots["maccabean"], SearchBot) and play.bots["maccabean"].label == "hard"
    play.worker.cancel()
    play.bots["maccabean"] = SearchBot(play.spec, 1, budget=4000)     # thinks for as long as we look
    pump_until(app, lambda: (play.worker.progress() or 0) > 0.05, seconds=30)
    app.pump()
    pygame.image.save(app.screen, str(tmp_path / "thinking.png"))
    if __import__("os").environ.get("WARGAMES_SHOTS"):
        pygame.image.save(app.screen, __import__("os").environ["WARGAMES_SHOTS"] + "/thinking.png")
    assert play.worker.busy and 0 < play.worker.progress() < 1
    assert "thinking" in " ".join(play._prompt_text_lines(2000))
    started = time.monotonic()
    play.back()                                                 # Esc: the menu
    assert not app.stack.top is play or not play.worker.busy
    while _bot_threads() and time.monotonic() - started < 2:
        time.sleep(0.01)
    assert not _bot_threads(), "the search went on thinking after Menu"


def test_h_asks_the_normal_player_for_a_hint_and_lights_it_without_playing_it(jh_hot_seat):
    from .conftest import lift_curtain
    app = jh_hot_seat
    lift_curtain(app)
    play = app.stack.top
    before = list(play.session.actions)
    key(app, pygame.K_h)
    pump_until(app, lambda: play.status.startswith("Hint:"), seconds=60)
    action = play.hinter.action
    assert action in play.session.legal_actions()
    assert play.session.actions == before                      # shown, never played
    assert play.adapter.label(action) in play.status
    app.pump()
    if __import__("os").environ.get("WARGAMES_SHOTS"):
        pygame.image.save(app.screen, __import__("os").environ["WARGAMES_SHOTS"] + "/hint.png")


def test_hints_are_off_against_the_computer_unless_turned_on(jh_against_hard):
    app = jh_against_hard
    play = app.stack.top
    play.worker.cancel()
    play.hint()
    assert "off in games against the computer" in play.status and not play.hinter.busy()
    app.settings["hints"] = True
    play.hint()
    assert play.status == "A hint is for your own turn."     # the computer is to act


def test_undo_in_the_computer_s_turn_says_its_moves_stand(jh_against_hard):
    app = jh_against_hard
    play = app.stack.top
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert play.status == "Nothing to undo yet."
    pump_until(app, lambda: play.session.actions and play.session.active() == "maccabean", seconds=60)
    made = list(play.session.actions)
    play.undo()
    assert play.status == "Nothing to undo while the computer plays the Maccabeans: its moves stand."
    assert play.session.actions[:len(made)] == made                  # nothing of the computer's taken back


class _Pondering:
    """A computer player that thinks until it is stopped (as a long search does), then answers."""
    interruptible = True
    label = "hard"

    def __init__(self, spec):
        self.spec, self.stopped = spec, threading.Event()

    def choose(self, state, player, stop=None, progress=None):
        progress(0.5)
        if stop.wait(30):
            self.stopped.set()
        return self.spec.legal_actions(state)[0]


@pytest.fixture
def slammers_against_hard():
    """Hammer's Slammers' learning battle: the Slammers a person, the Tan army the hard computer."""
    from game.rules import slammers as sl
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off", volume=0))
    app.start_session(Session(sl.SPEC, 5, "learning", {}, seats={"blue": "human", "tan": "hard"}))
    app.pump()
    yield app
    pygame.event.clear()
    pygame.display.quit()


def test_undo_while_the_computer_answers_takes_the_move_back_and_stops_the_thinking(slammers_against_hard):
    """The issue's "interrupted by Undo at once": the person's move that only passed play is taken
    back, the search stops within the frame, and its answer is never played."""
    app = slammers_against_hard
    play = app.stack.top
    thinker = play.bots["tan"] = _Pondering(play.spec)
    play.act(("done",))                                   # the Slammers move nothing: the Tan army's turn
    pump_until(app, lambda: play.worker.busy and play.worker.progress() == 0.5, seconds=10)
    assert play.session.active() == "tan" and play.undo_button.enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not play.worker.busy and play.status == "Took back the last move."
    assert play.session.actions == [] and play.session.active() == "blue" and play.my_turn()
    assert thinker.stopped.wait(2), "the search went on thinking after Undo"
    for _ in range(5):
        app.pump()
    assert play.session.actions == []                      # the stopped search's answer is dropped


def test_undo_is_owed_until_the_computer_s_answer_is_played_not_only_while_it_thinks(slammers_against_hard):
    """A quick answer waits while the person's last move is still shown; until it is played, Undo
    (key or button) still takes that move back, and the answer waiting is dropped."""
    from game.ui.scene import now_ms
    app = slammers_against_hard
    play = app.stack.top
    play.act(("done",))
    play.pacer.until = now_ms() + 60_000                        # the last move shown for a minute
    pump_until(app, lambda: play.worker.ready(), seconds=10)    # answered, not yet played
    assert play.session.actions == [("done",)] and not play.worker.busy
    play.refresh(animate=False)
    assert play.undo_button.enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert play.status == "Took back the last move." and play.session.actions == []
    play.pacer.until = 0
    for _ in range(5):
        app.pump()
    assert play.session.actions == [] and play.my_turn()


def test_an_undo_refused_before_the_computer_answers_blames_the_person_s_move(slammers_against_hard):
    # the computer has not moved yet, so "its moves stand" would be wrong: the person's own last move
    # is what cannot be taken back (as when it rolled dice)
    app = slammers_against_hard
    play = app.stack.top
    play.bots["tan"] = _Pondering(play.spec)
    play.act(("done",))
    play.session.can_undo = lambda passing=False: False
    play.undo()
    assert play.status.startswith("Nothing to undo: the last move rolled dice")
    play.worker.cancel()


def test_a_hint_s_words_are_drawn_while_the_targets_pulse(jh_hot_seat):
    # A hint that names a card (nothing lit on the map) changed only the status line; frames that
    # redrew just the pulsing targets left "Looking for a hint…" on screen.
    from game.ui.scene import now_ms

    from .conftest import lift_curtain
    app = jh_hot_seat
    lift_curtain(app)
    play = app.stack.top
    drawn, prompt = [], play._draw_prompt
    play._draw_prompt = lambda surface, now: (drawn.append(play.status), prompt(surface, now))
    key(app, pygame.K_h)
    pump_until(app, lambda: play.status.startswith("Hint:"), seconds=60)
    deadline = time.monotonic() + 2
    while not any(s.startswith("Hint:") for s in drawn) and time.monotonic() < deadline:
        app.drawn_at = now_ms() - 1000                           # the next frame is due
        app.pump()
    assert any(s.startswith("Hint:") for s in drawn), "the hint's words were never drawn"


def _prompt_colours(app, play) -> set:
    from game.ui.scene import now_ms
    app.drawn_at = now_ms() - 1000                               # the next frame is due
    app.pump()
    r = play.prompt_rect
    return {app.screen.get_at((x, y))[:3] for x in range(r.left, r.right, 1) for y in range(r.centery, r.bottom)}


def test_the_status_line_tells_a_refusal_from_a_note_and_a_hint_by_colour(jh_hot_seat):
    from game.ui import style

    from .conftest import lift_curtain
    app = jh_hot_seat
    lift_curtain(app)
    play = app.stack.top
    play.undo()
    assert play.status == "Nothing to undo yet." and play.status_tone == "warn"
    assert style.WARN in _prompt_colours(app, play)
    key(app, pygame.K_h)
    pump_until(app, lambda: play.status.startswith("Hint:"), seconds=60)
    assert play.status_tone == "hint"
    shown = _prompt_colours(app, play)
    assert style.BRASS in shown and style.WARN not in shown
    play.act(play.hinter.action)
    play.undo()
    assert play.status == "Took back the last move." and play.status_tone == "note"
    assert style.WARN not in _prompt_colours(app, play) - set(play.spec.side_colours.values())


def test_a_hint_for_a_card_or_a_button_tags_it_where_it_is(jh_hot_seat):
    from game.core.contract import as_action
    from game.ui import style

    from .conftest import lift_curtain
    app = jh_hot_seat
    lift_curtain(app)
    play = app.stack.top
    card = next(as_action(a) for a in play.session.legal_actions() if as_action(a)[0] == "card")
    play.hinter.show(play, card)
    hand = next(p for p in play.panels if p.light(card, play.view))
    assert hand.hinted_in(play.view) == card and "tagged in" in play.status and hand.title in play.status
    app.drawn_at = 0
    app.pump()
    slot = next(r for c, r in hand.last_slots if c["id"] == card[1])
    near = {app.screen.get_at((x, y))[:3] for x in range(slot.left, slot.right) for y in range(slot.top - 8, slot.top + 8)}
    assert style.BRASS in near                                     # the tag is drawn on the card
    play.act(card)                                                 # the card picked: OPs or event, by button
    buttons = [(b, as_action(a)) for b, a in zip(play.prompt_buttons, play.button_actions) if a is not None]
    assert buttons, "no prompt button to hint at"
    button, action = buttons[-1]
    play.hinter.show(play, action)
    assert button.hinted and button.visible and "the tagged button" in play.status
    assert hand.hinted_in(play.view) is None                       # a new position forgets the card's tag
    play.act(action)
    assert not any(b.hinted for b in play.prompt_buttons)
