"""Battle for Armageddon at the table, played with posted mouse events: set-up, both strategy choices
behind the curtain, an Ork move and attack, and an Imperial build, in the first turn."""
from __future__ import annotations

import pytest

from tests.ui.conftest import button, click, lift_curtain

pytestmark = pytest.mark.ui


@pytest.fixture
def bfa_app():
    import pygame

    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["armageddon"]
    application = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    application.open_menu()
    application.pump()
    yield application, spec
    pygame.event.clear()
    pygame.display.quit()


def _tile(play, panel, card_id):
    """The screen point of a card's tile in a card panel."""
    content = play.panel_content[id(panel)][0]
    for card, rect in panel._tiles(content, play.view, panel._top(content, play.view)):
        if card["id"] == card_id:
            assert play.panel_content[id(panel)][1].collidepoint(rect.center), "the card is scrolled out of view"
            return rect.center
    raise AssertionError(f"no card {card_id}")


def _choose(app, play, first, second):
    click(app, _tile(play, play.adapter.secret, first))
    assert play.view["strategy"]["mine"] == [first]               # the first pick is marked 1st
    click(app, _tile(play, play.adapter.secret, second))


def _button_for(play, *actions):
    """The prompt's button of the first of ``actions`` offered now."""
    offered = [a for _, a in play.adapter.buttons(play.view)]
    for action in actions:
        if action in offered:
            return play.prompt_buttons[offered.index(action)]
    raise AssertionError(f"none of {actions} among {offered}")


def _done(play):
    """The prompt's button that ends the phase (the ("done",) action)."""
    return _button_for(play, ("done",))


def _at(play, place):
    return play.board_view.screen_pos(place)


def _empty_move(play):
    """(counter, its stack, a place it may go where no counter stands): no stacking check to answer."""
    taken = {p["at"] for p in play.view["pieces"]}
    where = {p["id"]: p["at"] for p in play.view["pieces"]}
    for cid, places in sorted(play.adapter.picker.moves(play.view).items()):
        free = [p for p in sorted(places) if p not in taken]
        if free:
            return cid, where[cid], free[0]
    raise AssertionError("no counter can move to an empty area")


def _first_turn_to_the_ork_move(app, spec):
    """Set-up and both strategy choices by mouse; returns the table at the Orks' first movement phase."""
    from game.core.session import Session
    # the combat die is a 6; the Orks hold no card that opens a window at the start of their phases
    deck = {"ork": ["ork_x_grots", "ork_x_meks", "ork_x_kunnin", "ork_x_waaagh", "ork_x_speed", "ork_x_rok"],
            "imperial": ["im_x_airlift", "im_x_production", "im_x_hold", "im_x_orbital", "im_x_angels",
                         "im_x_strike_force"]}
    app.start_session(Session(spec, 5, None, {"dice": [6], "deck": deck}))
    app.pump()
    lift_curtain(app)
    play = app.stack.top
    assert play.viewer == "imperial"
    click(app, button(play, "Standard set-up"))
    lift_curtain(app)
    assert play.viewer == "ork"
    click(app, button(play, "Standard set-up"))
    lift_curtain(app)                                            # the strategy segment: the Imperium first
    assert play.viewer == "imperial" and play.adapter.secret.picking(play.view)
    _choose(app, play, "im_s_mobilise", "im_s_advance")         # build first, then movement
    lift_curtain(app)
    secret = play.view["strategy"]
    assert play.viewer == "ork" and secret["sealed"] == ["imperial"] and secret["mine"] == []
    _choose(app, play, "ork_s_waaagh", "ork_s_get_movin")       # Charge!: movement, then combat
    if play.handover is not None or type(app.stack.top).__name__ == "CurtainScene":
        lift_curtain(app)
    assert play.viewer == "ork" and play.view["revealed"]["ork"] == ["ork_s_waaagh"]
    return play


def _move_by_mouse(app, play):
    """An Ork move: a click on a stack picks its top counter, a click on a lit area moves it."""
    cid, source, dest = _empty_move(play)
    click(app, _at(play, source))
    inspector = play.adapter.inspector
    assert play.adapter.picker.current(play.view) and inspector.place == source
    if play.adapter.picker.current(play.view) != cid:        # another counter of the stack: pick it in the list
        row = [p["id"] for p in inspector.pieces(play.view)].index(cid)
        click(app, inspector._row(play.panel_content[id(inspector)][0], row).center)
    assert play.adapter.picker.current(play.view) == cid
    assert set(play.adapter.place_actions(play.view)) == set(play.adapter.picker.moves(play.view)[cid])
    click(app, _at(play, "Devil's Spine"))                 # a mountain: the clause that forbids it is named
    assert "BFA-MOV-" in play.status and play.adapter.picker.current(play.view) == cid
    click(app, _at(play, dest))
    assert play.session.actions[-1] == ("move", cid, dest)
    click(app, _done(play))


def test_set_up_the_secret_strategy_choice_and_a_move_by_mouse(bfa_app):
    app, spec = bfa_app
    play = _first_turn_to_the_ork_move(app, spec)
    _move_by_mouse(app, play)
    assert not any(a[0] == "move" for a in play.view["actions"])      # the movement phase is over
