"""Judean Hammer at the table: a whole round played with posted mouse clicks, panels and messages."""
from __future__ import annotations

import pygame
import pytest

from game.core.session import Session
from game.rules import GAMES

from .conftest import click, lift_curtain

pytestmark = pytest.mark.ui

BUTTON_ORDER = ("Done", "Pass", "Use for", "Recruit", "Move", "Maccabeans start", "Play the event")


@pytest.fixture
def jh_app():
    """A window on the dummy driver playing Judean Hammer hot-seat, animations off."""
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    app.start_session(Session(spec, 11))
    app.pump()
    yield app
    pygame.event.clear()
    pygame.display.quit()


def play_scene(app):
    """The play scene, clicking away any pass-the-device curtain first."""
    from game.ui.play import PlayScene
    for _ in range(4):
        top = app.stack.top
        if isinstance(top, PlayScene) and top.handover is None:
            return top
        lift_curtain(app)
    raise AssertionError(f"no play scene, top is {app.stack.top!r}")


def hand_slots(play):
    """(card id, screen rect) of the cards in the hand panel."""
    adapter = play.adapter
    rect = next(r for p, r in play.panel_rects if p is adapter.hand)
    inner = pygame.Rect(rect.left + 4, rect.top + 4 + 25, rect.width - 8, rect.height - 8 - 25)
    return [(card["id"], r) for card, r in adapter.hand.slots(inner, play.view)]


def area_point(play, name):
    """A screen point inside area `name` (its label point, checked with the hit test)."""
    pos = play.board_view.screen_pos(name)
    assert pos and play.board_view.place_at(pos) == name, name
    return (round(pos[0]), round(pos[1]))


def take_a_turn(app, play):
    """Make one decision with a real click: a card, an area or a prompt button."""
    actions = [tuple(a) for a in play.session.legal_actions()]
    before = len(play.session.actions)
    cards = [a for a in actions if a[0] == "card"]
    areas = [a for a in actions if a[0] == "area"]
    if cards:
        slot = dict(hand_slots(play))[cards[0][1]]
        click(app, slot.center)
    elif areas and not (len(play.session.actions) % 3 == 0 and any(a[0] == "done" for a in actions)):
        click(app, area_point(play, areas[len(play.session.actions) % len(areas)][1]))
    else:
        labels = [b.label for b in play.prompt_buttons]
        order = ("Move",) + BUTTON_ORDER if sum(1 for a in play.session.actions if a[0] == "card") % 2 \
            else BUTTON_ORDER
        pick = next((b for key in order for b in play.prompt_buttons if b.label.startswith(key)),
                    play.prompt_buttons[0] if play.prompt_buttons else None)
        assert pick is not None, f"no way forward: {play.view.get('prompt')} {labels}"
        click(app, pick)
    assert len(play.session.actions) == before + 1, (play.status, play.view.get("prompt"))


@pytest.mark.rule("JH-SEQ-7")
def test_a_whole_round_is_played_with_clicks(jh_app):
    play = play_scene(jh_app)
    assert play.board_view is not None and [type(p).__name__ for p in play.panels] == \
        ["HandPanel", "BattlePanel", "TablePanel"]
    for _ in range(400):
        play = play_scene(jh_app)
        if play.session.state["round"] > 1:
            break
        take_a_turn(jh_app, play)
    assert play.session.state["round"] == 2
    verbs = [a[0] for a in play.session.actions]
    assert verbs.count("card") == 8 and "move" in verbs
    assert len(play.session.state["awards"]) == 1           # Score Regions ran once (JH-SCO-1)


@pytest.mark.rule("JH-SEQ-5")
def test_a_click_on_the_map_before_playing_a_card_cites_the_rule(jh_app):
    play = play_scene(jh_app)
    click(jh_app, area_point(play, "Jerusalem"))
    assert play.session.actions == []
    assert "JH-SEQ-5" in play.status and "Jerusalem" in play.status


@pytest.mark.rule("JH-CRD-6")
def test_playing_a_card_from_the_hand_offers_ops_and_only_legal_events(jh_app):
    play = play_scene(jh_app)
    cid, rect = hand_slots(play)[0]
    click(jh_app, rect.center)
    assert play.session.actions == [("card", cid)]
    labels = [b.label for b in play.prompt_buttons]
    assert any(label.startswith("Use for") for label in labels)
    own = play.view["pending"]["card"]["faction"] == "maccabean"
    assert ("Play the event" in labels) == (own and ("event",) in play.session.legal_actions())
    click(jh_app, area_point(play, "Jerusalem"))
    assert "JH-CRD-3" in play.status and len(play.session.actions) == 1


@pytest.mark.rule("JH-MOV-3")
def test_movement_highlights_the_reachable_areas_and_refuses_others(jh_app):
    play = play_scene(jh_app)
    click(jh_app, hand_slots(play)[0][1].center)
    click(jh_app, next(b for b in play.prompt_buttons if b.label.startswith("Use for")))
    click(jh_app, next(b for b in play.prompt_buttons if b.label == "Move"))
    assert play.board_view.targets == {"Modein", "Gophna", "Gophna Hills", "Mizpah"}
    click(jh_app, area_point(play, "Modein"))
    targets = play.board_view.targets
    assert "Beth Horon" in targets and "Hebron" not in targets
    assert play.board_view.selected == {"Modein"}
    click(jh_app, area_point(play, "Hebron"))
    assert "Hebron" in play.status and "JH-" in play.status


def test_the_hand_shows_only_the_viewers_cards_and_the_table_counts_the_deck(jh_app):
    play = play_scene(jh_app)
    view = play.view
    assert len(view["hand"]) == 4 and view["hands"] == {"maccabean": 4, "greek": 4}
    assert view["piles"]["draw"] == 26 - 8
    hover = hand_slots(play)[1][1].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(0, 0), buttons=(0, 0, 0)))
    jh_app.pump()
    assert play.adapter.hand.hovered["id"] == view["hand"][1]["id"]


@pytest.mark.rule("JH-MAP-7")
def test_region_control_marks_follow_the_view(jh_app):
    play = play_scene(jh_app)
    marks = {region for region, _x, _y in play.adapter.region_marks()}
    assert marks == set(play.view["control"])
    assert play.view["control"]["Jerusalem"] == "greek" and play.view["control"]["Benjamin"] == "maccabean"


@pytest.mark.rule("JH-MOV-2")
def test_a_moved_group_is_drawn_as_a_march_on_the_map(jh_app):
    play = play_scene(jh_app)
    click(jh_app, hand_slots(play)[0][1].center)
    click(jh_app, next(b for b in play.prompt_buttons if b.label.startswith("Use for")))
    click(jh_app, next(b for b in play.prompt_buttons if b.label == "Move"))
    click(jh_app, area_point(play, "Modein"))
    click(jh_app, area_point(play, "Beth Horon"))
    assert play.adapter.marches(play.view) == [("maccabean", ["Modein", "Beth Horon"], 1)]
    assert play.board_view.path == ("Modein", "Beth Horon")


def move_pointer(app, pos):
    """Post a pointer move and run the loop."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()


def test_the_enlarged_card_closes_when_the_pointer_leaves_the_hand(jh_app):
    play = play_scene(jh_app)
    adapter = play.adapter
    move_pointer(jh_app, hand_slots(play)[1][1].center)
    assert adapter.shown_card(play.view) == (play.view["hand"][1], True)
    move_pointer(jh_app, play.prompt_rect.center)          # neither the map nor a game panel
    assert adapter.shown_card(play.view) == (None, False) and adapter.hand.hovered is None


@pytest.mark.rule("JH-CRD-8")
def test_the_picked_card_stays_in_view_while_the_player_decides(jh_app):
    play = play_scene(jh_app)
    cid, rect = hand_slots(play)[0]
    click(jh_app, rect.center)
    move_pointer(jh_app, play.prompt_buttons[0].rect.center)
    card, pointed = play.adapter.shown_card(play.view)
    assert card["id"] == cid and not pointed
    click(jh_app, next(b for b in play.prompt_buttons if b.label.startswith("Use for")))
    assert play.adapter.shown_card(play.view) == (None, False)      # played: no stale enlarged card


def test_the_battle_reveal_follows_the_animation_speed(jh_app):
    play = play_scene(jh_app)
    panel = play.adapter.battle
    assert play.adapter.animation_factor == 0                 # the fixture turns animations off
    panel.seen, panel.started = 1, 1000
    assert not panel.animating(1000)
    play.adapter.animation_factor = 2.0                       # slow: the three steps take twice as long
    assert panel.animating(1000 + 1500) and not panel.animating(1000 + 2000)


def _battle_on_the_shipped_map(app):
    """The Maccabeans at Mizpah attack Jerusalem with their first card (a battle is fought)."""
    play = play_scene(app)
    session = play.session
    session.apply(("card", session.state["hands"]["maccabean"][0]))
    for action in (("ops",), ("move",), ("area", "Mizpah"), ("area", "Jerusalem"), ("done",)):
        session.apply(action)
    play.after_change()
    app.pump()
    return play_scene(app)


@pytest.mark.rule("JH-BAT-3")
def test_battle_and_table_panels_fit_at_1280_by_720(jh_app):
    play = _battle_on_the_shipped_map(jh_app)
    adapter = play.adapter
    assert adapter.fresh_battle(play.view)["area"] == "Jerusalem"
    shown = {type(p).__name__: p for p, _r in play.panel_rects}
    assert {"HandPanel", "BattlePanel", "TablePanel"} <= set(shown)
    hidden = {type(p).__name__: play.panel_content[id(p)][2] for p, _r in play.panel_rects}
    assert hidden["TablePanel"] == 0 and hidden["BattlePanel"] == 0
    lines = adapter.battle_lines(play.view["battle"], play.view)
    dice = next(line for line in lines if isinstance(line, list))
    assert sum(len(v) for _side, v in dice) == len(play.view["dice"]["values"])


def test_marches_are_read_from_the_view(jh_app):
    play = play_scene(jh_app)
    view = {"active": "maccabean", "pending": {"step": "battles", "attacker": "greek",
                                               "groups": [{"path": ["Gazara", "Lydda"], "n": 2}]}}
    assert play.adapter.marches(view) == [("greek", ["Gazara", "Lydda"], 2)]


@pytest.mark.rule("JH-AMB-9")
@pytest.mark.parametrize("width", [300, 220])
def test_the_battle_result_wraps_inside_the_panel(jh_app, width):
    play = _battle_on_the_shipped_map(jh_app)
    panel = play.adapter.battle
    view = dict(play.view, battle=dict(play.view["battle"], kind="ambush", won=False, area="Wilderness of Bethaven"))
    assert play.adapter.fresh_battle(view)
    height = panel.height(width, view)
    surface = pygame.Surface((width + 200, height + 200))
    surface.fill((255, 0, 255))
    rect = pygame.Rect(0, 0, width, height)
    panel.draw(surface, rect, view, pygame.time.get_ticks() + 5000)
    outside = pygame.mask.from_threshold(surface, (255, 0, 255), (1, 1, 1, 255))
    outside.invert()                                   # drawn pixels
    drawn = outside.get_bounding_rects()
    assert drawn and all(rect.contains(r) for r in drawn), [r for r in drawn if not rect.contains(r)]


def test_the_dice_tray_keeps_off_the_legend_painted_on_the_map(jh_app):
    """The map file marks its painted legend (a ``legend`` rectangle); a corner over it comes after
    every corner that hides no lit place, name or box, so the tray leaves the title readable."""
    from game.ui.play_parts import tray_corner
    play = _battle_on_the_shipped_map(jh_app)
    view, cam, size = play.board_view, play.board_view.camera, (170, 110)
    legend = [m for m in view.board.markers if m.kind == "legend"]
    assert len(legend) == 1 and (legend[0].props["width"], legend[0].props["height"]) == (536, 460)
    cam.zoom, cam.x, cam.y = 0.334, 0, 400          # the south, the legend under the top-left corner
    top_left = tray_corner(play.map_rect, size, None)
    assert view.covers_legend(top_left) and not view.covers_legend(pygame.Rect(play.map_rect.right - 20, 60, 10, 10))
    tray = tray_corner(play.map_rect, size, view)
    assert not view.covers_legend(tray) and not view.covers_name(tray)
