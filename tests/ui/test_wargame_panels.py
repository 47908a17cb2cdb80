"""The shared wargame panels on the table kit's skirmish, driven with posted mouse events.

The secret choice behind the hot-seat curtain, the reveal, a runner picked from the stack
inspector, and the reaction offer asked only of a side holding a trap."""
from __future__ import annotations

import dataclasses

import pytest

from tests.ui.conftest import click, lift_curtain


@pytest.fixture
def kit_spec():
    from game.rules import GAMES
    from tests.toykit import SPEC
    spec = dataclasses.replace(SPEC, ui="tests.ui.toy_adapter:KitAdapter",
                               side_colours={"red": (176, 48, 40), "blue": (52, 92, 160)})
    GAMES[spec.name] = spec
    yield spec
    GAMES.pop(spec.name, None)


def _panel_point(play, panel, rect_of):
    """The screen point of a rect a panel computes from its content rect."""
    content = play.panel_content[id(panel)][0]
    return rect_of(content).center


def _card_point(play, panel, card_id):
    content = play.panel_content[id(panel)][0]
    for card, r in panel._tiles(content, play.view, panel._top(content, play.view)):
        if card["id"] == card_id:
            return r.center
    raise AssertionError(f"no card {card_id} in {panel.title}")


def _start(app, spec, dice):
    from game.core.session import Session
    app.start_session(Session(spec, 4, "two", {"dice": dice}))
    app.pump()
    lift_curtain(app)
    return app.stack.top


def _choose_speeds(app, play, red, blue):
    secret = play.adapter.secret
    card = next(c for c in secret.cards(play.view) if c["id"] == red)
    play.hinter.show(play, secret.action_for(card, play.view))     # a hint for a secret card tags it
    assert secret.hinted_in(play.view) == secret.action_for(card, play.view)
    click(app, _card_point(play, play.adapter.secret, red))
    assert play.session.state["speeds"] == {}
    lift_curtain(app)                                   # red ends his turn; blue lifts his own curtain
    secret = play.view["secret"]
    assert play.viewer == "blue" and secret["sealed"] == ["red"] and secret["mine"] == []
    assert str(red) not in str({k: v for k, v in secret.items() if k != "cards"})   # red's pick stays hidden
    click(app, _card_point(play, play.adapter.secret, blue))
    assert play.session.state["speeds"] == {"red": red, "blue": blue}


def test_a_secret_choice_is_made_behind_the_curtain_and_revealed_together(app, kit_spec):
    play = _start(app, kit_spec, [6])
    assert play.viewer == "red" and play.adapter.secret.picking(play.view)
    _choose_speeds(app, play, 2, 1)
    lift_curtain(app)                                    # the fastest, red, moves first
    revealed = play.view["secret"]["revealed"]
    assert {s: [c["id"] for c in cards] for s, cards in revealed.items()} == {"red": [2], "blue": [1]}
    assert play.adapter.secret.height(300, play.view) > 0


def test_a_runner_is_picked_from_the_stack_inspector_and_the_trap_is_offered(app, kit_spec):
    play = _start(app, kit_spec, [6])
    _choose_speeds(app, play, 2, 1)
    lift_curtain(app)
    inspector = play.adapter.stack
    assert inspector.place == "s0" and len(inspector.pieces(play.view)) == 3
    content = play.panel_content[id(inspector)][0]
    top = inspector.pieces(play.view)[0]["id"]          # the top of the stack is listed first
    click(app, inspector._row(content, 0).center)
    assert play.session.actions[-1] == ("run", top)
    lift_curtain(app)                                    # blue holds a trap: asked behind his curtain
    offer = play.adapter.reaction
    assert play.viewer == "blue" and offer.offer(play.view)["cards"][0]["id"] == "trap"
    click(app, _card_point(play, offer, "trap"))
    assert play.session.actions[-1] == ("spring", "trap")
    lift_curtain(app)                                    # back to red, who runs another runner
    content = play.panel_content[id(inspector)][0]
    click(app, inspector._row(content, 0).center)
    # blue holds no trap now: no offer, no hand-over, red goes on at once
    assert play.session.actions[-1][0] == "run" and play.session.active() == "red" and play.handover is None


def test_passing_on_the_offer_keeps_the_trap_for_the_next_bump(app, kit_spec):
    play = _start(app, kit_spec, [6, 6])
    _choose_speeds(app, play, 2, 1)
    lift_curtain(app)
    content = play.panel_content[id(play.adapter.stack)][0]
    click(app, play.adapter.stack._row(content, 0).center)
    lift_curtain(app)
    play.hinter.show(play, ("no",))                      # a hint to pass tags the pass box
    assert play.adapter.reaction.hinted_in(play.view) == ("no",) and "tagged" in play.status
    click(app, _panel_point(play, play.adapter.reaction, lambda c: play.adapter.reaction._pass_rect(c, play.view)))
    assert play.session.actions[-1] == ("no",) and play.session.state["traps"]["blue"] == 1
    lift_curtain(app)
    assert play.viewer == "red" and not play.adapter.reaction.offer(play.view)
    content = play.panel_content[id(play.adapter.stack)][0]
    click(app, play.adapter.stack._row(content, 0).center)
    assert play.session.active() == "blue" and play.handover == "blue"      # offered again: he kept it
