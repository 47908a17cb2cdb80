"""Keyboard at the table: 1-9 press the prompt's buttons, Enter the main one, Tab pages, ? helps, Esc cancels."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.session import Session
from game.ui.adapter import GameAdapter
from game.ui.play import primary_index

from .conftest import key

pytestmark = pytest.mark.ui


class OneButtonAdapter(GameAdapter):
    """Only 'pass' is offered: the single button Enter presses."""

    def buttons(self, view):
        return [("Pass", ("pass",))] if view.get("actions") else []


def open_game(app, spec, ui=None):
    spec = dataclasses.replace(spec, hidden_information=False, **({"ui": ui} if ui else {}))
    app.start_session(Session(spec, 2))
    app.pump()
    return app.stack.top


def shown(play):
    return [b for b in play.prompt_buttons if b.visible]


def test_number_keys_press_the_buttons_in_order_and_show_their_key(app, toy_ui_spec):
    play = open_game(app, toy_ui_spec)
    labels = [b.label for b in shown(play)]
    assert [b.key for b in shown(play)] == [str(n) for n in range(1, len(labels) + 1)]
    step = labels.index("Step") + 1
    play.keys_from = 0                                    # just uncovered: the keys wait a moment first
    key(app, getattr(pygame, f"K_{step}"))
    assert play.session.actions == [("step",)]
    step = [b.label for b in shown(play)].index("Step") + 1
    play.key_acted_at -= 1000                             # a moment later: not the same key bouncing
    key(app, getattr(pygame, f"K_KP{step}"))             # the keypad too
    assert play.session.actions == [("step",), ("step",)]
    key(app, pygame.K_9)                                  # no ninth button: nothing happens
    assert len(play.session.actions) == 2


def test_enter_and_space_press_only_a_main_button(app, toy_ui_spec):
    play = open_game(app, toy_ui_spec)
    key(app, pygame.K_RETURN)                             # Roll, Pass, Step...: none is the main one
    assert play.session.actions == []
    play = open_game(app, toy_ui_spec, ui="tests.ui.test_shell_keys:OneButtonAdapter")
    assert shown(play)[0].primary and shown(play)[0].key == "↵"
    key(app, pygame.K_SPACE)                              # just uncovered: a double-press is not a choice
    assert play.session.actions == []
    play.keys_from = 0
    key(app, pygame.K_SPACE)
    assert play.session.actions == [("pass",)]


def test_the_main_button_is_the_only_one_or_the_single_done():
    assert primary_index([("Pass", ("pass",))]) == 0
    assert primary_index([("Move", ("move", 1)), ("Done", ("done",))]) == 1
    assert primary_index([("Roll", ("roll",)), ("Pass", ("pass",))]) is None
    assert primary_index([("Cancel", None)]) is None       # Cancel is never pressed by Enter


def test_tab_pages_and_question_mark_opens_the_keys(app, toy_ui_spec):
    play = open_game(app, toy_ui_spec, ui="tests.ui.toy_adapter:ManyChoicesAdapter")
    first = shown(play)[0]
    assert play.more_button.key == "Tab"
    key(app, pygame.K_TAB)
    assert shown(play)[0] is not first and shown(play)[0].key == "1"
    key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
    box = app.stack.top
    assert type(box).__name__ == "MessageBox" and "1-9" in box.message and "Enter" in box.message
    key(app, pygame.K_RETURN)
    assert app.stack.top is play
    key(app, pygame.K_F1)
    assert type(app.stack.top).__name__ == "MessageBox"


def test_esc_drops_an_offered_choice_before_leaving_the_game(app, toy_ui_spec):
    play = open_game(app, toy_ui_spec)
    play.choices = [("step",), ("roll",)]
    play.refresh(animate=False)
    assert [b.label for b in shown(play)][-1] == "Cancel"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and not play.choices
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "MenuScene"
