"""The first hour at the table: unit counts on the map, the curtain, battles seen before the hand-over, keys, undo."""
from __future__ import annotations

import pygame
import pytest

from game.core.session import Session
from game.rules import GAMES

from .conftest import click, key, loaded, pump_until

pytestmark = pytest.mark.ui


@pytest.fixture
def jh_app():
    """Judean Hammer hot-seat on the dummy driver, animations off."""
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), games=[GAMES["judean_hammer"]], settings=dict(settings.DEFAULTS, animation="off"))
    app.start_session(Session(GAMES["judean_hammer"], 11))
    app.pump()
    yield app
    pygame.event.clear()
    pygame.display.quit()


def _cube_pixels(play, area: str) -> int:
    """Pixels in the Maccabean cube colour near the area's piece anchor."""
    from game.ui import theme
    surface = pygame.Surface(play.app.screen.get_size())
    play.board_view.draw(surface, 0)
    x, y = play.board_view.screen_pos(area)
    box = pygame.Rect(0, 0, 90, 90)
    box.center = (round(x), round(y + play.board_view.piece_drop()))
    colour = theme.side_colour(play.spec.side_colours, "maccabean")
    sub = surface.subsurface(box.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (4, 4, 4, 255)).count()


def test_the_map_shows_every_unit_of_a_stack_and_the_hover_counts_them(jh_app):
    play = jh_app.stack.top.__class__ and _uncovered(jh_app)
    view = play.board_view
    one = [{"id": "m", "side": "maccabean", "at": "Modein", "style": "cube", "count": 1}]
    three = [dict(one[0], count=3)]
    view.set_pieces(one)
    single = _cube_pixels(play, "Modein")
    view.set_pieces(three)
    assert _cube_pixels(play, "Modein") > 2 * single          # three cubes, not one
    view.hover, view._mouse = "Modein", (10, 10)
    assert "3 Maccabean units" in view.hover_text()
    view.set_pieces(three + [{"id": "g", "side": "greek", "at": "Modein", "style": "cube", "count": 1}])
    assert "3 Maccabean units, 1 Greek unit" in view.hover_text()


def _uncovered(app):
    """The play scene once any curtain is lifted by its own button."""
    from game.ui.interludes import CurtainScene
    from game.ui.play import PlayScene
    for _ in range(6):
        top = app.stack.top
        if isinstance(top, PlayScene):
            return top
        if isinstance(top, CurtainScene):
            pump_until(app, top.ready)
            click(app, top.ready_button)
        else:
            app.pump()
    raise AssertionError(f"no play scene, top is {app.stack.top!r}")


def _wait_keys(play):
    """Wait out the play scene's guards on Enter (as a player would, between two turns)."""
    from game.ui.play_parts import ENTER_AGAIN_MIN_MS
    from game.ui.scene import now_ms
    pump_until(play.app, lambda: now_ms() >= play.keys_from and
               now_ms() - (getattr(play, "key_acted_at", None) or -ENTER_AGAIN_MIN_MS) >= ENTER_AGAIN_MIN_MS)


def _to_the_last_done_of_a_battle_card(app):
    """The Maccabeans at Mizpah march on Jerusalem: one more Done fights the battle and ends the card."""
    play = _uncovered(app)
    session = play.session
    session.apply(("card", session.state["hands"]["maccabean"][0]))
    for action in (("ops",), ("move",), ("area", "Mizpah"), ("area", "Jerusalem")):
        session.apply(action)
    play.after_change()
    app.pump()
    _wait_keys(play)
    return play


def test_enter_pressed_twice_to_end_a_card_never_uncovers_the_next_hand(jh_app, monkeypatch):
    from game.ui.interludes import CurtainScene
    from game.ui import play_input
    monkeypatch.setattr(CurtainScene, "GUARD_MS", 900)
    # Enter's double-tap window is read from a held clock: a loaded machine cannot spread two
    # presses of one test past it.
    from game.ui.scene import now_ms
    held = [None]
    monkeypatch.setattr(play_input, "now_ms", lambda: now_ms() if held[0] is None else held[0])
    play = _to_the_last_done_of_a_battle_card(jh_app)
    assert play.session.active() == "maccabean"
    held[0] = now_ms()
    key(jh_app, pygame.K_RETURN)                   # Done, while other units could still march...
    key(jh_app, pygame.K_RETURN)                   # ...asks for a deliberate second press: a double tap is not one
    assert play.session.active() == "maccabean" and "Enter again" in play.status
    held[0] = max(now_ms(), held[0] + 300)         # a moment later (never before the real clock: the
    play.enter_armed = (play.enter_armed[0], held[0] - 500)     # table's own guards read that one)
    key(jh_app, pygame.K_RETURN)                   # Done: the battle is fought, the card ends
    key(jh_app, pygame.K_RETURN)                   # pressed twice (at once, on the held clock)
    assert play.session.active() == "greek"
    assert play.viewer == "maccabean"              # still the Maccabean table: no Greek hand shown
    held[0] = None
    _wait_keys(play)
    key(jh_app, pygame.K_RETURN)                   # End turn: the curtain comes up
    assert isinstance(jh_app.stack.top, CurtainScene) and jh_app.stack.top.side == "greek"
    for _ in range(3):                             # Enter, Space and a click: none lifts it
        key(jh_app, pygame.K_RETURN)
        key(jh_app, pygame.K_SPACE)
        click(jh_app, jh_app.screen.get_rect().center)
    assert isinstance(jh_app.stack.top, CurtainScene)
    jh_app.stack.top.shown_at -= 1000              # the guard time has passed: only its own key lifts it
    key(jh_app, pygame.K_RETURN)
    assert isinstance(jh_app.stack.top, CurtainScene)
    key(jh_app, jh_app.stack.top.lift_key)
    assert jh_app.stack.top is play and play.viewer == "greek"


def test_the_attacker_sees_his_battle_before_the_hand_over_and_the_next_player_still_sees_it(jh_app):
    play = _to_the_last_done_of_a_battle_card(jh_app)
    click(jh_app, next(b for b in play.prompt_buttons if b.label.startswith("Done") or b.label.startswith("End")))
    assert play.session.active() == "greek"
    assert jh_app.stack.top is play and play.viewer == "maccabean" and play.handover == "greek"
    battle = play.adapter.fresh_battle(play.view)
    assert battle and battle["area"] == "Jerusalem" and play.view["dice"]["values"]
    assert [b.label for b in play.prompt_buttons] == ["End turn: pass to the Greeks"]
    click(jh_app, play.end_turn_button)
    _uncovered(jh_app)
    assert play.viewer == "greek"
    assert play.adapter.fresh_battle(play.view)["area"] == "Jerusalem"     # still readable for the next player
    assert any("Battle at Jerusalem" in line for line in play.view["log"])


def test_escape_cancels_a_picked_card_before_it_leaves_for_the_menu(jh_app):
    play = _uncovered(jh_app)
    card = play.session.state["hands"]["maccabean"][0]
    play.act(("card", card))
    assert play.session.actions == [("card", card)]
    key(jh_app, pygame.K_ESCAPE)
    assert jh_app.stack.top is play and play.session.actions == []        # the pick is cancelled
    assert card in play.session.state["hands"]["maccabean"]
    key(jh_app, pygame.K_ESCAPE)                                          # nothing picked: the menu
    assert type(jh_app.stack.top).__name__ == "MenuScene"


def test_question_mark_opens_the_help_with_text_input_off(jh_app):
    from game.ui.scene import MessageBox
    play = _uncovered(jh_app)
    pygame.key.stop_text_input()
    # With text input off the key has no character: only the key and Shift say it is "?".
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                         unicode="", scancode=0))
    jh_app.pump()
    assert isinstance(jh_app.stack.top, MessageBox) and jh_app.stack.top.title == "How to play"
    key(jh_app, pygame.K_ESCAPE)
    assert jh_app.stack.top is play


def test_every_battle_of_the_last_card_stays_readable_for_the_next_player(jh_app):
    play = _uncovered(jh_app)
    for action in (("card", 2), ("ops",), ("move",), ("area", "Mizpah"), ("area", "Jerusalem"),
                   ("area", "Modein"), ("area", "Lydda"), ("area", "Gazara"), ("done",)):
        assert play.act(action), play.status
    assert play.act(("area", "Jerusalem"))           # fights Jerusalem, then Gazara on its own
    assert play.handover == "greek" and play.viewer == "maccabean"
    record = play.adapter.card_battle_log(play.view)
    assert any("Battle at Jerusalem" in line for line in record) and any("Battle at Gazara" in line for line in record)
    panel = play.adapter.battle
    assert panel._record_height(300, play.view) > 0
    click(jh_app, play.end_turn_button)
    _uncovered(jh_app)
    assert play.viewer == "greek"
    record = play.adapter.card_battle_log(play.view)
    assert any("Battle at Jerusalem" in line for line in record) and any("Battle at Gazara" in line for line in record)


def test_the_maps_vp_track_follows_the_score(jh_app):
    from game.ui.games.jh_cards import FACTION_COLOURS
    play = _uncovered(jh_app)
    board = play.board_view.board
    box3 = next(m for m in board.markers if m.kind == "vp_box" and m.props.get("index") == 3
                and "faction" not in m.props)
    start = next(m for m in board.markers if m.kind == "vp_box" and m.props.get("faction") == "maccabean")
    box0 = next(m for m in board.markers if m.kind == "vp_box" and m.props.get("index") == 0
                and "faction" not in m.props)
    spot = (box3.x + start.x - box0.x, box3.y + start.y - box0.y)

    def green_near():
        surface = pygame.Surface(jh_app.screen.get_size())
        play.board_view.draw(surface, 0)
        play.adapter.draw_overlay(surface, play.board_view, play.view, 0)
        x, y = play.board_view.camera.to_screen(*spot)
        box = pygame.Rect(round(x) - 6, round(y) - 6, 12, 12)
        return pygame.mask.from_threshold(surface.subsurface(box), FACTION_COLOURS["maccabean"],
                                          (6, 6, 6, 255)).count()
    assert green_near() == 0
    play.view = dict(play.view, scores={"maccabean": 3, "greek": 3})
    assert green_near() > 10


def test_at_1280_by_720_the_hand_shows_whole_cards_and_the_log_has_room(jh_app):
    play = _uncovered(jh_app)
    hand = next((p, r) for p, r in play.panel_rects if type(p).__name__ == "HandPanel")
    assert play.panel_content[id(hand[0])][2] == 0                 # nothing of the cards scrolled away
    font_line = 20
    assert play.log_rect.height >= 12 * font_line                  # a dozen log lines, not two or three


def test_the_curtain_and_the_wait_note_name_a_player_in_the_singular():
    """'I am the Maccabean player', not 'the Maccabeans player' (issue 10); plural names stay whole."""
    from game.ui import style
    from game.ui.interludes import CurtainScene
    pygame.init()
    jh = GAMES["judean_hammer"]
    assert CurtainScene(jh, "maccabean").ready_button.label == "I am the Maccabean player: show my hand"
    assert CurtainScene(jh, "greek").ready_button.label == "I am the Greek player: show my hand"
    assert style.player_of(GAMES["hack_sack"], "krylon") == "the Krylon player"
    if "slammers" in GAMES:
        assert style.player_of(GAMES["slammers"], "blue") == "the Hammer's Slammers player"


def test_done_with_a_group_takes_one_enter_and_the_end_of_a_movement_asks_in_plain_words(monkeypatch):
    """A 'Done' that only puts a group down (the movement goes on) needs no second press; the one
    that would end the movement asks for it, naming the button: 'press Enter again for “…”'."""
    from game.ui import play_input, settings
    from game.ui.scene import now_ms
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda")):
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        play.keys_from = 0
        held = [now_ms()]
        monkeypatch.setattr(play_input, "now_ms", lambda: held[0])
        main = next(b for b in play.prompt_buttons if b.primary)
        assert main.label == "Done with this group"
        key(app, pygame.K_RETURN)                          # one press: the group is down
        assert "Enter again" not in play.status
        assert [tuple(a) for a in session.actions][-1] == ("done",)
        assert play.view["phase"] == "Play cards: movement" and session.active() == "maccabean"
        main = next(b for b in play.prompt_buttons if b.primary)
        held[0] += 1000
        key(app, pygame.K_RETURN)                          # this one would end the movement: it asks
        assert play.view["phase"] == "Play cards: movement"
        assert play.status == f"Pieces on the map can still act: press Enter again for “{main.label}”."
    finally:
        pygame.display.quit()


def test_the_hover_label_goes_when_the_pointer_leaves_the_map_for_the_side_column(jh_app):
    """A hover label must not stay on the map once the pointer is over the side panels (issue 10):
    the frame is drawn again when the view forgets the place under the pointer."""
    from game.ui.scene import now_ms

    from .test_judean_hammer_ui import area_point, play_scene
    play = play_scene(jh_app)
    pump_until(jh_app, lambda: not jh_app.animating(now_ms()))      # the map drawn, nothing moving
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=area_point(play, "Modein"), rel=(0, 0), buttons=(0, 0, 0)))
    fa = jh_app.frames
    jh_app.pump()
    assert play.board_view.hover == "Modein"
    outside = (play.map_rect.right + 160, jh_app.screen.get_height() - 20)   # below the panels, beside the log
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=outside, rel=(0, 0), buttons=(0, 0, 0)))
    jh_app.pump()
    assert play.board_view.hover is None
    corner = pygame.Rect(play.map_rect.left, play.map_rect.bottom - 60, 400, 60)
    shown = pygame.image.tobytes(jh_app.screen.subsurface(corner), "RGB")
    jh_app.dirty = True                    # a whole frame drawn afresh, to compare
    jh_app.draw()
    assert shown == pygame.image.tobytes(jh_app.screen.subsurface(corner), "RGB"), "the hover label is still drawn"


def test_the_table_names_what_keeps_it_animating(jh_app):
    """The table names each part that keeps frames coming (the playthrough tool reports them when
    the table never settles); with the map drawn and nothing moving, none."""
    from game.ui.scene import now_ms

    from .test_judean_hammer_ui import play_scene
    play = play_scene(jh_app)
    pump_until(jh_app, lambda: not jh_app.animating(now_ms()))
    assert list(play.animating_parts(now_ms())) == [] and not play.animating(now_ms())
    play.finished = True
    try:
        assert list(play.animating_parts(now_ms())) == ["the game over"] and play.animating(now_ms())
    finally:
        play.finished = False


def test_resume_says_resumed_and_its_toast_leaves_the_curtains_hint_readable():
    """Resume showed 'Loaded autosave.json' over the curtain's last line ('Click the button or
    press G when ready · Esc: main menu'); it now says what was resumed, above that line."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda"), ("done",),
                       ("done",)):
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        click(app, next(b for b in play.top_buttons if b.label == "Menu"))    # the game is autosaved
        resume = next(b for b in app.stack.top.buttons if b.label.startswith("Resume"))
        click(app, resume)
        loaded(app)
        assert app.toast_text == "Resumed Judean Hammer, 7 moves"
        app.dirty = True
        app.draw()
        hint_row = pygame.Rect(0, app.screen.get_height() - 34, app.screen.get_width(), 20)
        assert not app.toast_rect.colliderect(hint_row)
        play = play_scene(app)
        click(app, next(b for b in play.top_buttons if b.label == "Menu"))   # back to the menu at once
        app.pump()
        assert app.toast_text == ""                # the note about that table does not stay over the menu
    finally:
        pygame.display.quit()


def test_escape_after_a_units_step_cancels_the_whole_pick():
    """In Hammer's Slammers Esc on a unit that has moved took back one hex at a time; it now cancels
    the pick: the unit goes back where it was, put down, and the status says so."""
    if "slammers" not in GAMES:
        pytest.skip("Hammer's Slammers is not registered")
    from game.core.contract import as_action
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["slammers"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 1, "learning")
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        unit = next(as_action(a) for a in session.legal_actions() if as_action(a)[0] == "unit")
        assert play.act(unit)
        from game.rules import slammers as sl
        steps = [as_action(a) for a in session.legal_actions() if as_action(a)[0] == "hex"]
        near = next(a for a in steps if sl.frame(spec.apply(session.state, a)).get("unit"))   # MP left after it
        assert play.act(near) and play.adapter.pick_pending(play.view) and len(session.actions) == 2
        key(app, pygame.K_ESCAPE)
        assert not session.actions and not play.adapter.pick_pending(play.view)
        assert play.status.startswith("Cancelled: ") and "back where it was" in play.status
    finally:
        pygame.display.quit()


def test_a_one_ops_card_offers_no_recruiting_that_would_place_nothing():
    """'Recruit 0 in 1 city of a Greek region' wasted the card (issue 10): the buttons leave out every
    option the rules mark idle, and what stays places at least one unit or moves."""
    from game.core.contract import as_action
    from game.ui.games.judean_hammer import JudeanHammerAdapter
    spec = GAMES["judean_hammer"]
    for seed in range(1, 60):
        session = Session(spec, seed)
        side = session.active()
        one = [c for c in session.view(side)["hand"] if c["ops"] == 1]
        if not one:
            continue
        session.apply(("card", one[0]["id"]))
        if ("ops",) not in [as_action(a) for a in session.legal_actions()]:
            continue
        session.apply(("ops",))
        view = session.view(side)
        idle = {as_action(a) for a in view.get("idle") or ()}
        if not idle:
            continue
        adapter = JudeanHammerAdapter(spec, session)
        adapter.viewer = side
        offered = {as_action(a) for _, a in adapter.buttons(view) if a is not None}
        assert offered and not offered & idle, (seed, offered & idle)
        assert not any(label.startswith("Recruit 0") for label, _ in adapter.buttons(view))
        return
    pytest.fail("no 1-OPs card with an idle recruiting option in 60 seeds")


def test_undo_before_end_turn_takes_the_last_placement_back():
    """The last placement of an event passes play on, but until 'End turn' Ctrl+Z takes it back
    (no die was rolled, no card drawn): the same player places again, no curtain comes up."""
    from game.ui import settings
    from game.ui.interludes import CurtainScene
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda"), ("done",),
                       ("done",), ("card", 12), ("event",), ("area", "Scythopolis"), ("area", "Scythopolis")):
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        assert play.act(("area", "Ascalon"))
        assert session.active() == "maccabean" and play.handover == "maccabean"
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert session.active() == "greek" and play.handover is None and play.viewer == "greek"
        assert not isinstance(app.stack.top, CurtainScene)
        assert ("area", "Ascalon") in [tuple(a) for a in session.legal_actions()]
    finally:
        pygame.display.quit()


def test_no_empty_dice_tray_and_no_own_card_promised_from_an_empty_hand():
    """Two small things of issue 10, checked: an ambush that threw no die opens no empty tray, and
    the offer of the opponent's event promises 'you still play your own card' only with one in hand."""
    from game.rules.judean_hammer.sequence import _reaction_prompt
    from game.ui.play_parts import DiceTray
    tray = DiceTray(GAMES["judean_hammer"])
    assert not tray.sync({"serial": 4, "values": [], "text": "Ambush at Bethel"}, 0, 1.0) and not tray.visible
    assert tray.sync({"serial": 5, "values": [3], "text": "Ambush at Bethel"}, 0, 1.0) and tray.visible
    frame = {"side": "maccabean", "card": 24}
    assert "still play your own card" in _reaction_prompt({"hands": {"maccabean": [3]}}, frame)
    offer = _reaction_prompt({"hands": {"maccabean": [3]}}, frame)
    assert offer.endswith(" or Pass (it is discarded). Either way you still play your own card (JH-CRD-8..12).")
    assert _reaction_prompt({"hands": {"maccabean": []}}, frame).endswith("(it is discarded). (JH-CRD-8..12)")


@pytest.mark.rule("HSNJ-SEQ-1")
def still_clock(monkeypatch) -> list:
    """The keys' clock, standing still unless a test moves it: a busy machine must not part two presses."""
    from game.ui import play, play_input
    clock = [100_000]
    for module in (play, play_input):
        monkeypatch.setattr(module, "now_ms", lambda: clock[0])
    return clock


def test_a_number_key_pressed_twice_never_presses_the_button_of_the_next_prompt(monkeypatch):
    """Hack & Sack hot-seat: '1' pressed twice took the Jerseyites' standard set-up and then pressed
    the 'Done' that had just appeared in its place, starting turn 1 unseen (the playthrough of issue
    10). The second press of a key that has just made a move is taken as the key bouncing."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    clock = still_clock(monkeypatch)
    spec = GAMES["hack_sack"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 7)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        play.keys_from = 0
        assert play.prompt_buttons[0].label == "Standard set-up"
        key(app, pygame.K_1)
        assert len(session.actions) == 1
        assert [b.label for b in play.prompt_buttons] == ["Done"]     # a new prompt, with a button 1
        key(app, pygame.K_1)                                         # the same key, at once
        assert len(session.actions) == 1, "a double press made the next player's move"
        clock[0] += 1000                                             # a deliberate press, a moment later
        key(app, pygame.K_1)
        assert len(session.actions) == 2
    finally:
        pygame.display.quit()


@pytest.mark.rule("HSNJ-SEQ-1")
def test_the_last_players_enter_never_ends_the_next_players_phase_in_open_hot_seat(monkeypatch):
    """Hack & Sack passes the table openly (no hand to hide): the Jerseyites' 'Done' gave the Krylons
    a prompt whose main button was 'Done' too, and the Jerseyite's Enter pressed again a moment later
    ended the Krylons' landing unseen. After the table passes, Enter and the number keys wait a moment."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    still_clock(monkeypatch)
    spec = GAMES["hack_sack"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 7)
        session.apply(next(a for a in session.legal_actions() if a[0] != "unit"))     # the standard set-up
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        play.keys_from = 0
        assert [b.label for b in play.prompt_buttons] == ["Done"] and session.active() == "jerseyite"
        key(app, pygame.K_RETURN)                                    # Done: turn 1, the Krylons land
        assert session.active() == "krylon" and len(session.actions) == 2
        play.key_acted_at -= 300                                     # not the key bouncing: pressed again
        for k in (pygame.K_RETURN, pygame.K_1):
            key(app, k)
            assert len(session.actions) == 2, "the Jerseyite's key made the Krylons' move"
        play.keys_from = play.key_acted_at = 0                       # the Krylon player, a moment later
        key(app, pygame.K_1)
        assert len(session.actions) == 3
    finally:
        pygame.display.quit()


def test_resume_opens_the_map_where_the_player_left_it():
    # Esc at an odd moment, then Resume: the table opened at its opening view, the zoom and the
    # place the player had chosen lost.
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda"), ("done",),
                       ("done",)):                               # no pick pending: Menu leaves at once
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        view = play.board_view
        for _ in range(3):
            view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0))
        view.camera.settle()
        view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
        left = (view.camera.zoom,) + tuple(round(v) for v in view.camera.to_map(*view.camera.viewport.center))
        click(app, next(b for b in play.top_buttons if b.label == "Menu"))
        click(app, next(b for b in app.stack.top.buttons if b.label.startswith("Resume")))
        loaded(app)
        again = play_scene(app)
        assert again is not play
        cam = again.board_view.camera
        assert (cam.zoom,) + tuple(round(v) for v in cam.to_map(*cam.viewport.center)) == left
    finally:
        pygame.display.quit()
