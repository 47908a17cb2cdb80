"""Battle for Armageddon at the table, played with posted mouse events: set-up, both strategy choices
behind the curtain, an Ork move and attack with its odds, a card offered, a retreat chosen on the map
by the defender, and an Imperial build, in the first turn."""
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


DECK = {"ork": ["ork_x_grots", "ork_x_meks", "ork_x_kunnin", "ork_x_waaagh", "ork_x_speed", "ork_x_rok"],
        "imperial": ["im_x_airlift", "im_x_production", "im_x_hold", "im_x_orbital", "im_x_angels",
                     "im_x_strike_force"]}


def _first_turn_to_the_ork_move(app, spec, dice=(6,)):
    """Set-up and both strategy choices by mouse; returns the table at the Orks' first movement phase."""
    from game.core.session import Session
    # the combat die is scripted; the Orks hold no card that opens a window at the start of their phases
    app.start_session(Session(spec, 5, None, {"dice": list(dice), "deck": DECK}))
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


def test_an_attack_with_its_odds_the_card_offer_and_a_build_by_mouse(bfa_app):
    app, spec = bfa_app
    play = _first_turn_to_the_ork_move(app, spec)
    _move_by_mouse(app, play)
    # -- an Ork attack: the target, the stacks that attack, the odds read, then the roll
    targets = [a[1] for a in play.view["actions"] if a[0] == "attack"]
    assert targets
    click(app, _at(play, targets[0]))
    joins = [a[1] for a in play.view["actions"] if a[0] == "area"]
    for area in joins:
        click(app, _at(play, area))
    battle = play.adapter.combat.battle(play.view)
    assert battle["odds"] and battle["chances"] and play.adapter.combat.height(340, play.view) > 0
    click(app, button(play, "Roll"))
    assert play.session.actions[-1] == ("roll",)
    offered = False
    for _ in range(12):                                       # results: accept, losses, advance, supply...
        if play.viewer == "imperial" and any(a[0] == "buy" for a in play.view["actions"]):
            break
        if play.handover is not None or type(app.stack.top).__name__ == "CurtainScene":
            lift_curtain(app)
            continue
        offer = play.adapter.reaction.offer(play.view)
        if offer:
            offered = True
            hand = [c["id"] for c in play.view["hand"]]
            assert offer["cards"] and all(c["id"] in hand for c in offer["cards"])   # only cards he holds
            content, inner, _ = play.panel_content[id(play.adapter.reaction)]
            pass_box = play.adapter.reaction._pass_rect(content, play.view)
            assert inner.contains(pass_box), "the offer is cut short"
            click(app, pass_box.center)
            assert play.session.actions[-1] == (offer["decline"],)
            continue
        click(app, _button_for(play, ("accept",), ("decline",), ("done",)))

    assert offered, "no card was ever offered"
    # -- the Imperial build: a lit cost row buys, the counter lands on its production space
    build = play.adapter.build
    play.adapter.inspector.open(next(p["at"] for p in play.view["pieces"] if p["side"] == "imperial"))
    play.refresh(animate=False)                   # a stack left open from before: the purchases need the room
    assert play.adapter.inspector.place is None
    content = play.panel_content[id(build)][0]
    row = next(i for i, r in enumerate(build.build(play.view)["costs"]) if build.legal_buy(r, play.view))
    buy = build.legal_buy(build.build(play.view)["costs"][row], play.view)
    play.hinter.show(play, buy)                   # a hint to buy tags the cost row
    assert build.hinted_in(play.view) == buy and build.title in play.status
    click(app, build._cost_rect(content, row, play.view).center)
    assert play.session.actions[-1][0] == "buy" and build.hinted_in(play.view) is None
    assert any(p for box in build.build(play.view)["track"] for p in box["pieces"])


def _retreat_die(spec, deck):
    """A first-turn Ork attack whose die makes the defender retreat: (target, attacking areas, die)."""
    from game.core.session import Session
    from game.rules import armageddon as bfa
    session = Session(spec, 5, None, {"deck": deck})
    for action in [("standard",), ("standard",), ("card", "im_s_mobilise"), ("card", "im_s_advance"),
                   ("card", "ork_s_waaagh"), ("card", "ork_s_get_movin"), ("done",)]:
        session.apply(action)
    for target in [a[1] for a in session.legal_actions() if a[0] == "attack"]:
        session.apply(("attack", target))
        areas = [a[1] for a in session.legal_actions() if a[0] == "area"]
        rows = bfa.battle_preview(session.state, target, areas[:1])["rows"]
        session.undo()
        die = next((roll for roll, result in sorted(rows.items()) if result == "DR"), None)
        if die is not None:
            return target, areas[:1], die
    raise AssertionError("no attack can make the defender retreat")


def test_a_retreat_is_chosen_on_the_map_by_the_defender(bfa_app):
    app, spec = bfa_app
    target, areas, die = _retreat_die(spec, DECK)
    play = _first_turn_to_the_ork_move(app, spec, dice=[die])
    click(app, _done(play))                                   # no move this time
    click(app, _at(play, target))
    for area in areas:
        click(app, _at(play, area))
    click(app, _button_for(play, ("roll",)))
    for _ in range(6):                                        # Ghazghkull's reroll, a card offer, the curtain
        if any(a[0] == "retreat" for a in play.view["actions"]):
            break
        if play.handover is not None or type(app.stack.top).__name__ == "CurtainScene":
            lift_curtain(app)
            continue
        click(app, _button_for(play, ("accept",), ("decline",)))
    assert play.viewer == "imperial"
    moves = play.adapter.picker.moves(play.view)
    click(app, _at(play, target))                             # the retreating stack: its counter is picked
    picked = play.adapter.picker.current(play.view)
    assert picked in moves and set(play.adapter.place_actions(play.view)) == set(moves[picked])
    dest = sorted(moves[picked])[0]
    click(app, _at(play, dest))
    assert play.session.actions[-1] == ("retreat", picked, dest)


PRELUDE = [("standard",), ("standard",), ("card", "im_s_mobilise"), ("card", "im_s_advance"),
           ("card", "ork_s_waaagh"), ("card", "ork_s_get_movin"), ("done",)]


def _through_the_roll(session, target):
    """The Orks attack ``target`` with every stack offered at first, roll, and pass the questions after."""
    session.apply(("attack", target))
    for area in [a[1] for a in session.legal_actions() if a[0] == "area"]:
        session.apply(("area", area))
    session.apply(("roll",))
    while any(a[0] in ("accept", "decline") for a in session.legal_actions()):
        session.apply(next(a for a in session.legal_actions() if a[0] in ("accept", "decline")))


def _first_attack_where(spec, want):
    """(target, die) of a first-turn Ork attack after which ``want(session)`` holds, found by trying."""
    from game.core.session import Session
    first = Session(spec, 5, None, {"deck": DECK})
    for action in PRELUDE:
        first.apply(action)
    for target in [a[1] for a in first.legal_actions() if a[0] == "attack"]:
        for die in range(1, 7):
            session = Session(spec, 5, None, {"deck": DECK, "dice": [die]})
            for action in PRELUDE:
                session.apply(action)
            _through_the_roll(session, target)
            if want(session):
                return target, die
    raise AssertionError("no first-turn attack gives that")


def _attack_by_mouse(app, play, target):
    """The same attack as ``_through_the_roll``, by mouse: the target, the stacks offered, Roll, the questions."""
    click(app, _at(play, target))
    for area in [a[1] for a in play.view["actions"] if a[0] == "area"]:
        click(app, _at(play, area))
    click(app, _button_for(play, ("roll",)))
    for _ in range(6):
        if play.handover is not None or type(app.stack.top).__name__ == "CurtainScene":
            lift_curtain(app)
        elif any(a[0] in ("accept", "decline") for a in play.view["actions"]):
            click(app, _button_for(play, ("accept",), ("decline",)))
        else:
            break


def _row_of(app, play, cid):
    """The screen point of a counter's row in the stack inspector (None when it is scrolled out of view)."""
    inspector = play.adapter.inspector
    row = [p["id"] for p in inspector.pieces(play.view)].index(cid)
    content, inner, _ = play.panel_content[id(inspector)]
    centre = inspector._row(content, row).center
    return centre if inner.collidepoint(centre) else None


def _shown(app, play, ids):
    """Those of ``ids`` whose rows the inspector shows without scrolling, in its order."""
    return [p["id"] for p in play.adapter.inspector.pieces(play.view)
            if p["id"] in ids and _row_of(app, play, p["id"]) is not None]


def test_the_defender_picks_his_loss_in_the_stack_inspector(bfa_app):
    """DL: the defender, behind his curtain, takes the loss from a row of the stack inspector."""
    app, spec = bfa_app
    losses = lambda s: sum(a[0] == "lose" for a in s.legal_actions()) >= 2 and s.active() == "imperial"
    target, die = _first_attack_where(spec, losses)
    play = _first_turn_to_the_ork_move(app, spec, dice=[die])
    click(app, _done(play))                                   # no move this time
    _attack_by_mouse(app, play, target)
    assert play.viewer == "imperial" and play.adapter.inspector.place == target
    offered = {a[1] for a in play.view["actions"] if a[0] == "lose"}
    loss = _shown(app, play, offered)[0]
    click(app, _row_of(app, play, loss))
    assert play.session.actions[-1] == ("lose", loss)
    assert play.session.state["at"][loss] in ("Eliminated", "Out of play")


def test_the_attacker_advances_after_combat_by_mouse(bfa_app):
    """DE with attackers that move 2: one advances by its button (the inspector lists the same), then Done."""
    app, spec = bfa_app
    target, die = _first_attack_where(spec, lambda s: any(a[0] == "advance" for a in s.legal_actions()))
    play = _first_turn_to_the_ork_move(app, spec, dice=[die])
    click(app, _done(play))
    _attack_by_mouse(app, play, target)
    assert play.viewer == "ork" and play.adapter.combat.battle(play.view)["result"] == "DE"
    offered = sorted(a[1] for a in play.view["actions"] if a[0] == "advance")
    # the inspector opens on the attackers' stack, the counters that may advance marked
    assert set(offered) <= set(play.adapter.inspector.picks(play.view))
    click(app, _button_for(play, ("advance", offered[0])))
    assert play.session.actions[-1] == ("advance", offered[0]) and play.session.state["at"][offered[0]] == target
    if ("done",) in [tuple(a) for a in play.view["actions"]]:
        click(app, _done(play))
        assert play.session.actions[-1] == ("done",)
    assert not any(a[0] == "advance" for a in play.view["actions"])


def test_a_counter_row_with_nothing_to_do_says_why(bfa_app):
    """A row of the inspector no action names: the status line gives the clause (BFA-MOV-10)."""
    app, spec = bfa_app
    play = _first_turn_to_the_ork_move(app, spec)
    cid, source, dest = _empty_move(play)
    click(app, _at(play, source))
    if play.adapter.picker.current(play.view) != cid:
        click(app, _row_of(app, play, cid))
    click(app, _at(play, dest))
    assert play.session.actions[-1] == ("move", cid, dest)
    click(app, _at(play, dest))                               # its stack: the inspector lists it
    assert play.adapter.inspector.place == dest
    click(app, _row_of(app, play, cid))
    assert "BFA-MOV-10" in play.status and play.session.actions[-1] == ("move", cid, dest)


@pytest.mark.rule("BFA-STR-5")
def test_the_table_panel_keeps_the_turns_initiative_roll_past_the_sessions_kept_events():
    """The initiative roll is named all turn long, though the session keeps only its newest events."""
    from game.core.session import EVENTS_KEPT, Session
    from game.rules import GAMES
    from game.ui.games.armageddon import ArmageddonAdapter
    spec = GAMES["armageddon"]
    session = Session(spec, 3)
    adapter = ArmageddonAdapter(spec, session)
    rolled_at, longest, heads, x = {}, 0, 0, 7
    while spec.active(session.state) is not None and session.state["turn"] < 5:
        for ev in session.state["events"]:
            if ev["kind"] == "initiative":
                rolled_at[ev["turn"]] = ev["serial"]
        view = spec.view(session.state, spec.active(session.state))
        head = adapter.table._rows(view)[0][0]                 # the panel is drawn after every action
        if view["turn"] in rolled_at and view["turn"] > 1:
            assert "(rolled " in head, head
            heads += 1
            longest = max(longest, session.last_event() - rolled_at[view["turn"]])
        actions = spec.legal_actions(session.state)
        # A game that lasts and is busy: counters moved at random (an event each), no attack made,
        # standard set-ups, cards declined, else the first choice.
        moves = [a for a in actions if a[0] == "move"]
        quiet = [a for a in actions if a[0] in ("standard", "done", "decline")]
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        session.apply(moves[(x >> 33) % len(moves)] if moves and x % 40 else quiet[0] if quiet else actions[0])
    assert heads > 0 and longest > EVENTS_KEPT, (heads, longest)


@pytest.mark.rule("BFA-CBT-14")
def test_the_battle_panel_names_the_roll_and_its_result_under_the_odds():
    """After the roll its result comes right under the odds, before the chances (a short panel shows it)."""
    from game.core.session import Session
    from game.rules import GAMES
    from game.ui.games.armageddon import ArmageddonAdapter
    spec = GAMES["armageddon"]
    adapter = ArmageddonAdapter(spec, Session(spec, 3))
    fought = {"target": "Infernus", "from": ["Cinder Gate"], "attack": 12, "defence": 6, "odds": "2-1",
              "modifiers": [{"die": -1, "text": "into a hive", "clause": "BFA-GAP-4"}], "modifier": -1,
              "chances": {"EX": 0.5, "DR": 0.5}, "meaning": {"EX": "Exchange: both lose", "DR": "Defender retreats"},
              "roll": 2, "modified_roll": 1, "result": "EX"}
    adapter.combat.battle = lambda view: fought
    rows = [words for words, *_ in adapter.combat._rows({}, 300)]
    assert rows[2] == "Rolled 2, modified 1: Exchange: both lose"
    assert rows.index(rows[2]) < min(i for i, w in enumerate(rows) if "%" in w)


def test_esc_puts_a_picked_counter_down_and_takes_back_no_move(bfa_app):
    # A counter picked on the map is the table's own pick, not a move: Esc took back the Orks' two
    # moves before it ("Cancelled … back where it was") and left the counter picked, or, after a
    # roll, left the table for the menu.
    import pygame

    from .conftest import key
    app, spec = bfa_app
    play = _first_turn_to_the_ork_move(app, spec)
    for _ in range(2):
        cid, source, dest = _empty_move(play)
        click(app, _at(play, source))
        play.adapter.picker.selected = cid
        click(app, _at(play, dest))
    made = list(play.session.actions)
    assert made[-1][0] == "move" and made[-2][0] == "move"
    where = {p["id"]: p["at"] for p in play.view["pieces"]}
    cid = sorted(play.adapter.picker.moves(play.view))[0]
    click(app, _at(play, where[cid]))
    picked = play.adapter.pick_pending(play.view)
    assert picked and set(play.adapter.place_actions(play.view)) == set(play.adapter.picker.moves(play.view)[cid])
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and play.session.actions == made
    assert play.adapter.pick_pending(play.view) == "" and play.status == f"Put down {picked}. Esc again: main menu."
    assert where[cid] in play.adapter.place_actions(play.view)          # the stacks are lit again, to pick from
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "MenuScene"


def test_the_dice_tray_keeps_off_the_counters_on_the_printed_tracks(bfa_app):
    """The Ready box and the production track are printed in the map's bottom-right corner, where the
    tray went for want of names there: counters standing in them are boxes the tray keeps off."""
    import pygame

    from game.ui.play_parts import tray_corner
    app, spec = bfa_app
    play = _first_turn_to_the_ork_move(app, spec)
    app.pump()
    size = (150, 110)
    waiting = [p["id"] for p in play.view["pieces"] if p["side"] == "imperial"][:3]
    view = dict(play.view, boxes=dict(play.view.get("boxes") or {}, **{"Ready": waiting[:2], "Production 1": waiting[2:]}))
    surface = pygame.Surface(app.screen.get_size())
    play.adapter.draw_overlay(surface, play.board_view, view, 0)
    counters = play.adapter.overlay_rects()
    assert len(counters) >= 2 and all(play.map_rect.contains(r) for r in counters)
    bare = tray_corner(play.map_rect, size, play.board_view)
    assert any(r.colliderect(bare) for r in counters)      # the corner the map alone would give
    tray = tray_corner(play.map_rect, size, play.board_view, counters)
    assert not any(r.colliderect(tray) for r in counters), (tray, counters)
