"""Hack & Sack New Jersey in the window: a whole Krylon turn played with posted mouse events."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.core.contract import as_action
from game.core.session import Session
from game.rules.hack_sack import board as boards
from game.rules.hack_sack import pieces as hs_pieces
from game.rules.hack_sack.board import distance

from .conftest import button, click, pump_until

pytestmark = pytest.mark.ui
SEED = 3
SHOTS = os.environ.get("HS_SCREENSHOTS")   # a folder: the test also saves hs-*.png there
SIZE = tuple(int(n) for n in os.environ.get("HS_SIZE", "1280x720").split("x"))   # the window, for screenshots


@pytest.fixture
def hs_app():
    """A 1280x720 window (or HS_SIZE) playing Hack & Sack from the standard set-up, animations off."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES.get("hack_sack")
    if spec is None:
        pytest.skip("the Hack & Sack rules are not there yet")
    app = App(size=SIZE, games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    app.start_session(Session(spec, SEED, None, {"deploy": "standard"}))
    app.pump()
    yield app
    pygame.event.clear()
    pygame.display.quit()


def shot(app, name, focus=None, zoom=1.0):
    """Save the window as hs-<name>.png in the HS_SCREENSHOTS folder, zoomed on `focus`; then refit."""
    if not SHOTS:
        return
    view = app.stack.top.board_view
    if focus is not None:
        camera = view.camera
        nearest = min(range(len(camera.levels)), key=lambda i: abs(camera.levels[i] - zoom))
        camera.zoom_about(view.screen_pos(focus), nearest - camera.level)
        camera.settle()
        camera.centre_on(*view.centre(focus))
        camera.settle()
    view.hover = None                                 # no hover tooltip in the picture
    app.dirty = True
    app.pump()
    pump_until(app, lambda: not view.rendering(), 60)     # the map at the new zoom drawn in full
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(Path(SHOTS) / f"hs-{name}.png"))
    view.camera.fit()
    app.dirty = True
    app.pump()


def place_pos(play, place):
    """A screen point that the play scene reads as `place` (a hex, or a Landing Pad in the side panel)."""
    if isinstance(place, str):
        panel, _ = next((p, r) for p, r in play.panel_rects if hasattr(p, "_pad_cells"))
        return next(cell.center for pad, cell in panel._pad_cells(panel.drawn, play.view) if pad == place)
    pos = play.board_view.screen_pos(place)
    assert play.map_rect.collidepoint(pos) and play.board_view.place_at(pos) == place
    return pos


def perform(app, action):
    """Do `action` the way a player would: click its counter, hex or pad, then a choice or a button."""
    play = app.stack.top
    action = as_action(action)
    done = len(play.session.actions)
    place = play.adapter.action_place(action, play.view)
    if place is not None:
        click(app, place_pos(play, place))
        if play.choices:                     # several things can be done there: the prompt asks which
            click(app, button(play, play.adapter.label(action)))
    else:
        click(app, button(play, play.adapter.label(action)))
    assert [as_action(a) for a in play.session.actions[done:]] == [action], play.status


def choose(state, legal, plan):
    """The next Krylon decision of a simple plan: land troops, fly them in, fight what must be fought."""
    acts = [as_action(a) for a in legal]
    units = {u["id"]: u for u in hs_pieces.units(state)}
    frame_step = state["stack"][-1]["step"] if state.get("stack") else None
    if frame_step == "pads":
        pick = [a for a in acts if a[0] == "box" and a[1] == "Landing Pad 1"]
        if pick:
            return pick[0]
        if plan["landed"] < 3 and [a for a in acts if a[0] == "unit"]:
            plan["landed"] += 1
            return next(a for a in acts if a[0] == "unit")
        return ("done",)
    if frame_step == "move":
        for a in acts:
            if a[0] == "load" and not plan["flown"]:
                return a
        sel = state["stack"][-1].get("sel")
        foes = [u["hex"] for u in units.values() if u["side"] == "jerseyite" and u["where"] == "map"
                and u["type"] not in ("cruiser", "escort", "uss_nj", "cow")]
        near = lambda a: min(distance(a[1], f) for f in foes)          # noqa: E731
        if sel == "star_frigate1" and not plan["flown"]:
            plan["flown"] = True                    # land where a rider can step next to a Jerseyite
            board = boards.of(state)
            taken = {tuple(u["hex"]) for u in units.values() if u["where"] == "map"}
            def drop(a):
                spots = [n for n in board.nbrs[tuple(a[1])] if board.is_land(n) and n not in taken]
                return min([distance(n, f) for n in spots for f in foes] or [99])
            return min((a for a in acts if a[0] == "hex" and board.is_land(tuple(a[1]))),
                       key=lambda a: (drop(a) != 1, abs(near(a) - 2), a[1]))
        if sel and units[sel]["where"] == "ship" and not plan["unloaded"]:
            plan["unloaded"] = True                 # and unload next to it: a battle must follow
            return min((a for a in acts if a[0] == "hex"), key=lambda a: (near(a), a[1]))
        if ("unit", "star_frigate1") in acts and not plan["flown"]:
            return ("unit", "star_frigate1")
        riders = [a for a in acts if a[0] == "unit" and units[a[1]]["where"] == "ship"]
        if riders and not plan["unloaded"]:
            return riders[0]
        return ("done",)
    if frame_step == "combat":
        frame = state["stack"][-1]
        order = ("resolve",) + (("defender",) if frame["attackers"] else ("attacker",)) + ("done",)
    else:
        order = ("hex", "done")
    for verb in order:
        pick = [a for a in acts if a[0] == verb]
        if pick:
            return pick[0]
    return acts[0]


@pytest.mark.rule("HSNJ-SEQ-1")
def test_a_whole_krylon_turn_with_the_mouse(hs_app):
    app = hs_app
    play = app.stack.top
    session = play.session
    assert type(play.adapter).__name__ == "HackSackAdapter"
    board = play.adapter.board()
    shot(app, "board", next(p.hex for p in board.places if p.name == "New Brunswick"), 0.625)
    shot(app, "pads-far", "Landing Pad 1", 0.1)
    plan = {"landed": 0, "flown": False, "unloaded": False}
    phases = set()
    for _ in range(80):
        if session.active() != "krylon":
            break
        phases.add(play.view.get("phase"))
        perform(app, choose(session.state, session.legal_actions(), plan))
        sel = play.view.get("selected")
        if sel and hs_pieces.unit(session.state, sel)["where"] == "ship" and "landing" not in plan:
            plan["landing"] = True              # a rider chosen: its unload hexes show their cost
            shot(app, "landing", play.adapter.unit_place(play.view, sel), 1.25)
    assert session.active() == "jerseyite"
    assert {"Reinforcement Phase", "Krylon Movement Phase", "Krylon Combat Phase"} <= phases
    units = {u["id"]: u for u in hs_pieces.units(session.state)}
    assert plan["flown"] and plan["unloaded"]
    assert any(u["side"] == "krylon" and u["where"] == "map" and u["type"] != "star_frigate"
               for u in units.values())


@pytest.mark.rule("HSNJ-MOV-3")
def test_a_click_on_water_for_a_land_unit_cites_the_rule(hs_app):
    app = hs_app
    play = app.stack.top
    session = play.session
    perform(app, ("unit", "legion1"))
    perform(app, ("box", "Landing Pad 1"))         # clicked in the Landing Pads panel
    perform(app, ("done",))
    perform(app, ("unit", "star_frigate1"))
    for a in [as_action(a) for a in session.legal_actions() if as_action(a)[0] == "load"]:
        perform(app, a)
    board = play.adapter.board()
    trenton = next(p.hex for p in board.places if p.name == "Trenton")
    land = next(h for h in board.neighbours(trenton) if board.terrain[h] != "water"
                and ("hex", h) in [as_action(a) for a in session.legal_actions()])
    perform(app, ("hex", land))
    rider = next(as_action(a) for a in session.legal_actions()
                 if as_action(a)[0] == "unit" and hs_pieces.unit(session.state, as_action(a)[1])["where"] == "ship")
    perform(app, rider)
    tags = play.adapter.cost_tags
    assert tags and all(t.split(" ")[0] == "1" for t in tags.values())     # unloading costs 1 MP
    water = next(h for h in board.neighbours(land) if board.terrain[h] == "water")
    click(app, place_pos(play, water))
    assert "HSNJ-MOV-3" in play.status or "HSNJ-LOD-6" in play.status


@pytest.mark.rule("HSNJ-CBT-17")
def test_the_battle_panel_shows_each_result_before_the_roll(hs_app):
    from game.ui.games.hs_panels import BattlePanel
    app = hs_app
    play = app.stack.top
    session = play.session
    plan = {"landed": 0, "flown": False, "unloaded": False}
    while session.active() == "krylon" and not any(as_action(a)[0] == "attacker" for a in session.legal_actions()):
        perform(app, choose(session.state, session.legal_actions(), plan))
    if session.active() != "krylon":
        pytest.skip("no battle came up with this seed")
    perform(app, next(as_action(a) for a in session.legal_actions() if as_action(a)[0] == "attacker"))
    perform(app, next(as_action(a) for a in session.legal_actions() if as_action(a)[0] == "defender"))
    battle = play.view["battle"]
    assert abs(sum(battle["odds"]["results"].values()) - 1.0) < 1e-9
    panel = next(p for p, _ in play.panel_rects if isinstance(p, BattlePanel))
    assert panel.height(300, play.view) > 100
    assert set(play.adapter.marks.values()) >= {("attacks", "attackers"), ("target", "defenders")}
    shot(app, "battle", play.adapter.unit_place(play.view, battle["defenders"][0]), 1.25)
    shot(app, "battle-far", play.adapter.unit_place(play.view, battle["defenders"][0]), 0.1)
    shot(app, "battle-mid", play.adapter.unit_place(play.view, battle["defenders"][0]), 0.625)
    if SHOTS:                                   # and the result, as the panel shows it after the roll
        perform(app, ("resolve",))
        shot(app, "battle-result", play.adapter.unit_place(play.view, battle["attackers"][0]), 1.25)


class _Seen:
    """Just enough of the adapter for the map marks: where a piece is, the step, the decisions."""

    def __init__(self, step):
        from game.ui.games.hack_sack import HackSackAdapter
        self.unit_place = lambda view, uid: HackSackAdapter.unit_place(self, view, uid)
        self.step = lambda: step
        self.session = _Record()


class _Record:
    """Just enough of the session: the decisions and the record of events."""

    def __init__(self):
        self.actions, self.events = [("resolve",)], []

    def events_since(self, serial):
        return [e for e in self.events if e["serial"] > serial]

    def last_event(self):
        return self.events[-1]["serial"] if self.events else 0


def _look(marks, seen, view):
    """The map marks for a view, the session's record holding the view's events."""
    seen.session.events = list(view.get("events", []))
    return marks.update(view, seen)


def _piece(uid, at, where="map", flags=()):
    return {"id": uid, "at": at, "where": where, "flags": list(flags), "label": uid.upper()}


def _ev(serial, kind, **fields):
    return {"serial": serial, "kind": kind, **fields}


@pytest.mark.rule("HSNJ-RES-2")
def test_the_map_marks_what_a_battle_did():
    from game.ui.games.hs_effects import Effects
    marks, seen = Effects(), _Seen("combat")
    before = {"log": ["x"], "events": [_ev(4, "moved", unit="legion1", path=[[2, 4], [3, 4]])],
              "pieces": [_piece("legion1", [3, 4]), _piece("nra1", [4, 4]), _piece("bikers1", [5, 4])]}
    assert _look(marks, seen, before) == {}
    after = {"log": ["x", "some words"],
             "events": before["events"] + [
                 _ev(5, "battle", attackers=["legion1"], defenders=["nra1"], result="Dx"),
                 _ev(6, "eliminated", unit="nra1", at=[4, 4], side="jerseyite", by="krylon", vp=2),
                 _ev(7, "confused", unit="legion1", at=[3, 4]),
                 _ev(8, "landed", unit="samurai1", at="Landing Pad 2")],
             "pieces": [_piece("legion1", [3, 4], flags=["confused"]), _piece("bikers1", [5, 4]),
                        _piece("samurai1", "Landing Pad 2", "pad")]}
    tags = _look(marks, seen, after)
    assert tags == {(4, 4): "✕ destroyed · Krylons +2 VP", (3, 4): "Confused", "Landing Pad 2": "+1 landed"}
    assert _look(marks, seen, dict(after)) == tags          # unchanged until the game moves on
    seen.session.actions.append(("done",))
    assert _look(marks, seen, dict(after)) == {}            # the next decision clears them


def test_the_map_marks_come_from_the_events_never_the_log():
    from game.ui.games.hs_effects import Effects
    views = [{"log": ["a"], "events": [], "pieces": [_piece("bikers1", [5, 4])]},
             {"log": ["a", "jerseyite: BIKERS1 melts back into the citizenry."],
              "events": [_ev(1, "retreat", unit="bikers1", path=[[5, 4], [6, 4], [7, 4]])],
              "pieces": [_piece("bikers1", [7, 4])]}]
    shown = []
    for log in (True, False):
        marks, seen = Effects(), _Seen("retreat")
        for view in views:
            tags = _look(marks, seen, view if log else dict(view, log=[]))
        shown.append(tags)
    assert shown[0] == shown[1] == {(7, 4): "retreated"}


@pytest.mark.rule("HSNJ-JER-4")
def test_hopat_cong_going_home_is_not_marked_as_destroyed_nor_given_the_city_vp():
    from game.ui.games.hs_effects import Effects
    marks, seen = Effects(), _Seen("combat")
    _look(marks, seen, {"events": [], "pieces": [_piece("hopat_cong1", [3, 4]), _piece("nra1", [6, 4])]})
    tags = _look(marks, seen, {"events": [_ev(1, "withdrawn", unit="hopat_cong1", at=[3, 4]),
                                    _ev(2, "scored", what="cities", holders=[], vp={"krylon": 0, "jerseyite": 0})],
                         "pieces": [_piece("nra1", [6, 4])]})
    assert tags == {(3, 4): "gone home"}


@pytest.mark.rule("HSNJ-GAP-9")
def test_a_frigate_tints_its_reach_and_pulses_only_the_places_that_matter(hs_app):
    app = hs_app
    play = app.stack.top
    perform(app, ("done",))                             # no reinforcements: straight to movement
    perform(app, ("unit", "star_frigate1"))
    view = play.board_view
    assert len(view.quiet) > 500                         # the whole state, as one light tint
    loud = view.targets - view.quiet
    assert {"Landing Pad 2", "Landing Pad 3"} <= loud and len(loud) < 60
    assert all(place in play.adapter.cost_tags for place in view.quiet)
    assert not view.labels                               # tags are drawn by the adapter, zoom-aware


@pytest.mark.rule("HSNJ-REI-2")
def test_a_click_on_the_frigates_pad_offers_only_to_load(hs_app):
    app = hs_app
    play = app.stack.top
    for uid in ("legion1", "legion2"):
        perform(app, ("unit", uid))
        perform(app, ("box", "Landing Pad 1"))
    perform(app, ("done",))
    perform(app, ("unit", "star_frigate1"))
    offered = play.adapter.place_actions(play.view)["Landing Pad 1"]
    assert sorted(offered) == [("load", "star_frigate1", "legion1"), ("load", "star_frigate1", "legion2")]


@pytest.mark.rule("HSNJ-REI-2")
def test_the_main_choice_stays_on_the_first_page_while_landing(hs_app):
    app = hs_app
    play = app.stack.top
    trenton = next(p.hex for p in play.adapter.board().places if p.name == "Trenton")
    units = sorted((as_action(a) for a in play.session.legal_actions() if as_action(a)[0] == "unit"),
                   key=lambda a: -len(play.adapter.unit_name(a[1])))
    for pick in [None] + units[:1]:           # nothing chosen (every unit a button), then the longest name
        if pick:
            perform(app, pick)
        click(app, place_pos(play, trenton))
        assert play.status                   # a refused click: its reason takes a line under the prompt
        done = button(play, play.adapter.label(("done",)))
        main = button(play, play.adapter.label(("deselect",) if pick else ("done",)))
        assert main.primary and main.visible, [b.label for b in play.prompt_buttons if b.visible]
        assert done.visible or pick


def test_the_last_battle_stays_on_screen_until_the_next_decision():
    from game.ui.games.hs_effects import BattleMemory
    memory, seen = BattleMemory(), _Seen("combat")
    odds = {"column": "2", "city": False, "results": {"Dx": 1.0}, "description": {"Dx": "Defenders destroyed"}}
    fought = {"attackers": ["legion1"], "defenders": ["nra1"], "odds": odds, "result": "Dx", "roll": 6, "number": 3}
    after = {"battle": None, "last_battle": fought, "log": ["a"]}    # the phase ended with the battle
    memory.update(after, seen)
    assert memory.shown(after, seen) == fought
    seen.session.actions.append(("done",))
    memory.update(after, seen)
    assert memory.shown(after, seen) is None                # the next decision clears it
    again = dict(fought, number=4)                          # the same units fight again later
    memory.update(dict(after, last_battle=again), seen)
    assert memory.shown(after, seen) == again


def test_random_clicks_through_set_up_and_two_turns_never_break_the_table(hs_app):
    import random
    app = hs_app
    play = app.stack.top
    app.start_session(Session(play.spec, 11, None, {}))     # the Jerseyites set up by hand
    app.pump()
    play, pick = app.stack.top, random.Random(11)
    board = play.adapter.board()
    for n in range(300):
        session = play.session
        if session.active() is None or session.state["turn"] > 2:
            break
        action = pick.choice([as_action(a) for a in session.legal_actions()])
        place = play.adapter.action_place(action, play.view)
        if place is None or len(play.adapter.place_actions(play.view)[place]) > 1:
            assert play.act(action), play.status
        else:
            play.click_place(place)
        if n % 20 == 0:                                  # a click anywhere never raises
            play.click_place(pick.choice(sorted(board.hexes)))
        app.dirty = True
        app.pump()
    assert play.session.state["turn"] >= 2


@pytest.mark.rule("HSNJ-VIC-3")
def test_the_turn_end_tally_marks_who_scored_each_city():
    from game.ui.games.hs_effects import Effects
    marks, seen = Effects(), _Seen("pads")
    legion = dict(_piece("legion1", [1, 1]), side="krylon", **{"class": "L"})
    frigate = dict(_piece("star_frigate1", [5, 5]), side="krylon", **{"class": "S"})
    _look(marks, seen, {"events": [], "pieces": [legion, frigate]})
    # The rules say who scored each city (a Frigate holds none, HSNJ-AMBIG-3); the map shows it.
    tags = _look(marks, seen, {"events": [_ev(1, "scored", what="cities", turn=1, holders=[[[1, 1], "krylon", 1], [[5, 5], "jerseyite", 1]],
                                        vp={"krylon": 1, "jerseyite": 1})],
                         "pieces": [legion, frigate]})
    assert tags == {(1, 1): "+1 K", (5, 5): "+1 J"}


def _boxed_retreat_position(spec):
    """A Catapult next to Bikers 1, with Bikers 2 behind it, on open land of the real map (HSNJ-RES-4)."""
    state = spec.setup(5, None, {"dice": [5]})
    board = boards.of(state)
    plain = {h for h, c in board.cls.items() if c == "land" and h not in board.roads}
    middle = (sum(h[0] for h in plain) / len(plain), sum(h[1] for h in plain) / len(plain))
    for a in sorted(plain, key=lambda h: abs(h[0] - middle[0]) + abs(h[1] - middle[1])):
        for b1 in board.nbrs[a]:
            for b2 in board.nbrs[b1]:
                if b2 in plain and b1 in plain and distance(a, b2) == 2 and \
                        all(n in plain for n in board.nbrs[b1] + board.nbrs[b2]):
                    return state, a, b1, b2
    raise AssertionError("no open ground on the map")


@pytest.mark.rule("HSNJ-RES-4")
def test_the_loser_picks_which_unit_retreats_first_in_the_window_without_a_curtain(hs_app):
    from game.ui.interludes import CurtainScene
    app = hs_app
    spec = app.stack.top.spec
    state, a, b1, b2 = _boxed_retreat_position(spec)
    for u in hs_pieces.units(state):
        u.update(where="pool", hex=None, pad=None, ship=None, confused=False, mp=0)
    for uid, h in (("catapult1", a), ("bikers1", b1), ("bikers2", b2)):
        hs_pieces.place(hs_pieces.unit(state, uid), h)
    state.update(turn=2, phase="krylon_combat")
    state["stack"] = [{"step": "turn", "then": "combat"},
                      {"step": "combat", "side": "krylon", "attackers": [], "defenders": [], "cow_done": True}]
    session = Session(spec, 5, None, {"dice": [5]})
    session._kept[0] = state                           # start from the position built above
    app.start_session(session)
    app.pump()
    for action in (("attacker", "catapult1"), ("defender", "bikers1"), ("defender", "bikers2"), ("resolve",)):
        perform(app, action)
    play = app.stack.top
    assert play.session.state["last_battle"]["result"] == "D-1"
    assert play.session.active() == "jerseyite" and not isinstance(app.stack.top, CurtainScene)
    assert ("unit", "bikers2") in [as_action(x) for x in play.view["actions"]]
    perform(app, ("unit", "bikers2"))                  # the Jerseyite player clicks the unit behind
    assert play.session.state["stack"][-1]["queue"][0] == "bikers2"
    assert play.adapter.marks.get(b2, ("",))[0] == "retreats" and play.adapter.retreat_to
    shot(app, "retreat-choice", focus=b2, zoom=2.0)
    end = next(as_action(x) for x in play.view["actions"] if as_action(x)[0] == "hex")
    perform(app, end)
    assert tuple(hs_pieces.unit(play.session.state, "bikers2")["hex"]) == tuple(end[1])
    assert app.stack.top is play                       # no hidden hand in this game: no curtain ever


def _frigate_chosen_over_one_pad_unit(app):
    """Legion 1 landed on Landing Pad 1, and the Star Frigate chosen to move (it may load the legion)."""
    play = app.stack.top
    perform(app, ("unit", "legion1"))
    perform(app, ("box", "Landing Pad 1"))
    perform(app, ("done",))
    perform(app, ("unit", "star_frigate1"))
    return play


@pytest.mark.rule("HSNJ-LOD-2")
def test_a_landing_pad_click_always_asks_even_for_one_unit(hs_app):
    play = _frigate_chosen_over_one_pad_unit(hs_app)
    loads = [as_action(a) for a in play.session.legal_actions() if as_action(a)[0] == "load"]
    assert len(loads) == 1
    before = len(play.session.actions)
    place = play.adapter.action_place(loads[0], play.view)
    assert isinstance(place, str)                       # a Landing Pad
    click(hs_app, place_pos(play, place))
    assert len(play.session.actions) == before and play.choices == loads    # asked, not loaded at once
    click(hs_app, button(play, "Cancel"))
    assert len(play.session.actions) == before and not play.choices


@pytest.mark.rule("HSNJ-MOV-1")
def test_enter_and_escape_put_the_chosen_unit_down_without_ending_the_movement(hs_app):
    from .conftest import key
    play = _frigate_chosen_over_one_pad_unit(hs_app)
    labels = [b.label for b in play.prompt_buttons]
    assert "Done with this unit" in labels and "End movement" in labels
    main = next(b for b in play.prompt_buttons if b.primary)
    assert main.label == "Done with this unit"
    play.keys_from = 0
    key(hs_app, pygame.K_RETURN)
    assert play.view["selected"] is None and play.session.active() == "krylon"
    assert play.view["phase"] == "Krylon Movement Phase"
    perform(hs_app, ("unit", "star_frigate1"))
    key(hs_app, pygame.K_ESCAPE)                       # Esc puts the unit down, it does not leave the game
    assert hs_app.stack.top is play and play.view["selected"] is None
    key(hs_app, pygame.K_ESCAPE)                       # nothing chosen now: the menu
    assert type(hs_app.stack.top).__name__ == "MenuScene"


@pytest.mark.rule("HSNJ-MOV-1")
def test_a_stray_enter_with_nothing_chosen_does_not_end_the_movement(hs_app, monkeypatch):
    from game.ui import play_input
    from game.ui.play_parts import ENTER_AGAIN_MIN_MS
    from game.ui.scene import now_ms

    from .conftest import key
    # The double tap is read from a held clock: a loaded machine cannot spread two presses past it.
    clock = [now_ms()]
    monkeypatch.setattr(play_input, "now_ms", lambda: clock[0])
    play = hs_app.stack.top
    perform(hs_app, ("unit", "legion1"))
    perform(hs_app, ("box", "Landing Pad 1"))
    perform(hs_app, ("done",))                          # legion 1 is down: nothing is chosen now
    assert play.view["selected"] is None and play.view["phase"] == "Krylon Movement Phase"
    main = next(b for b in play.prompt_buttons if b.primary)
    play.keys_from = 0
    key(hs_app, pygame.K_RETURN)
    key(hs_app, pygame.K_RETURN)                        # the same key bouncing, or a double tap
    assert play.view["phase"] == "Krylon Movement Phase", "a stray Enter ended the movement"
    assert "Enter again" in play.status and f"“{main.label}”" in play.status
    clock[0] += ENTER_AGAIN_MIN_MS + 50                 # a moment later
    key(hs_app, pygame.K_RETURN)                        # a deliberate second press ends it
    assert play.view["phase"] != "Krylon Movement Phase" or play.session.active() != "krylon"


def test_a_counter_on_a_landing_pad_stands_below_the_pads_name(hs_app):
    play = hs_app.stack.top
    view = play.board_view
    for level in range(len(view.camera.levels)):
        view.camera.level = level
        view.camera.zoom = zoom = view.camera.levels[level]
        for box in view.boxes:
            top_y = min(y for _, y in box.polygon) * zoom
            title_bottom = top_y + 2 * max(8, 12 * zoom) * 0.85      # the name's glyphs end above this
            anchor_y = view.piece_anchor(box.name)[1] * zoom
            assert anchor_y - view._counter_px() / 2 >= title_bottom - 1, (box.name, zoom)


def _printed_names(view, zoom):
    """A mask (base pixels, True where ink of a place name or box title is) of the map drawn at ``zoom``:
    the difference between the map drawn with its names and without them."""
    import numpy as np

    from game.ui import hex_view
    with_names = pygame.surfarray.array3d(view.render_base(zoom)).astype(int)
    keep = hex_view.halo_text
    hex_view.halo_text = lambda *a, **k: None
    try:
        bare = pygame.surfarray.array3d(view.render_base(zoom)).astype(int)
    finally:
        hex_view.halo_text = keep
    return np.abs(with_names - bare).sum(axis=2) > 40


@pytest.mark.rule("HSNJ-VIC-3")
def test_result_tags_never_cover_a_place_name(hs_app, monkeypatch):
    """'+1 J' on every named place and '✕ destroyed' beside each: no tag lands on a printed name."""
    from game.ui.games import hack_sack as ui
    play = hs_app.stack.top
    view, adapter = play.board_view, play.adapter
    board = view.board
    named = {p.hex for p in board.places if p.hex in board.hexes}
    marks = {h: ("+1 J", "effect") for h in named}
    for h in named:
        below = min((n for n in board.neighbours(h) if n in board.hexes and n not in named),
                    key=lambda n: (-view.centre(n)[1], n), default=None)
        if below is not None:
            marks[below] = ("✕ destroyed · Krylons +2 VP", "effect")
    marks["Landing Pad 2"] = ("+2 landed", "effect")
    cam = view.camera
    start = cam.level
    for level in (start, min(start + 1, len(cam.levels) - 1)):
        cam.level, cam.zoom = level, cam.levels[level]
        cam.centre_on(*view.centre(sorted(named)[len(named) // 2]))
        ink = _printed_names(view, cam.zoom)
        drawn = []
        monkeypatch.setattr(ui, "draw_mark", lambda s, pos, text, kind, size=13: drawn.append(
            (text, ui.mark_rect(pos, text, kind, size))))
        adapter.marks = dict(marks)
        size = max(14, round(view.counter_size() * cam.zoom))
        adapter._draw_marks(hs_app.screen, view, size)
        ox, oy = cam.viewport.x - round(cam.x * cam.zoom), cam.viewport.y - round(cam.y * cam.zoom)
        for text, rect in drawn:
            r = rect.move(-ox, -oy).clip(pygame.Rect((0, 0), ink.shape))
            assert not ink[r.left:r.right, r.top:r.bottom].any(), f"{text!r} covers a name at zoom {cam.zoom}"
        shown = [p for p in named if cam.viewport.collidepoint(view.screen_pos(p))]
        assert sum(t == "+1 J" for t, _ in drawn) >= len(shown) * 0.8, (cam.zoom, len(drawn), len(shown))


def test_the_set_up_opens_on_the_whole_state():
    """Before any unit stands on the map (the Jerseyites' set-up) every place of the state is in view,
    so the player sees where he may set up: only the Landing Pads held counters, and the opening
    view used to close in on them, the northern cities off screen (issue 10)."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["hack_sack"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(Session(spec, SEED))
        app.pump()
        play = app.stack.top
        assert not [p for p in play.view["pieces"] if p.get("where") == "map"]     # nothing set up yet
        view = play.board_view
        hidden = [p.name for p in view.board.places if p.hex in view.board.hexes
                  and not view.camera.viewport.collidepoint(view.screen_pos(p.hex))]
        assert not hidden, f"not in view at the set-up: {hidden}"
    finally:
        pygame.display.quit()


def test_a_stack_on_a_landing_pad_never_covers_the_pads_name(hs_app):
    """Four legions landed on Landing Pad 1 with its Star Frigate: the stack's count badge used to
    sit on the pad's title ('Pa⑤'); no pixel of the pieces may fall on a printed name."""
    import numpy as np
    play = hs_app.stack.top
    for n in range(1, 5):
        play.session.apply(("unit", f"legion{n}"))
        play.session.apply(("box", "Landing Pad 1"))
    play.refresh()
    view = play.board_view
    pump_until(hs_app, lambda: not view.rendering())         # the whole map drawn, titles and all
    size = hs_app.screen.get_size()

    def frame():
        surf = pygame.Surface(size)
        view.draw(surf, 0)
        return pygame.surfarray.array3d(surf).astype(np.int32)
    view._placed = True                      # the camera holds still while the pieces are taken away
    with_pieces = frame()
    kept = view.pieces
    view.set_pieces([])
    bare = frame()
    view.set_pieces(kept)
    pieces = np.abs(with_pieces - bare).sum(axis=2) > 60
    cam = view.camera
    ink = _printed_names(view, cam.zoom)
    ox, oy = round(cam.x * cam.zoom) - cam.viewport.x, round(cam.y * cam.zoom) - cam.viewport.y
    pad = view.screen_pos("Landing Pad 1")
    box = pygame.Rect(0, 0, 120, 120)
    box.center = pad
    hits = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
            if 0 <= x < size[0] and 0 <= y < size[1] and pieces[x, y]
            and 0 <= x + ox < ink.shape[0] and 0 <= y + oy < ink.shape[1] and ink[x + ox, y + oy]]
    assert not hits, f"the pieces cover the pad's name at {hits[:4]}"


@pytest.mark.rule("HSNJ-MOV-1")
def test_a_number_key_on_end_movement_asks_again_like_enter(hs_app, monkeypatch):
    """'1' meant for a dialog that did not open pressed 'End movement' and gave the whole Krylon
    movement away (issue 10): a number key that would end a phase with pieces left asks again."""
    from game.ui import play_input
    from game.ui.play_parts import ENTER_AGAIN_MIN_MS
    from game.ui.scene import now_ms

    from .conftest import key
    clock = [now_ms()]
    monkeypatch.setattr(play_input, "now_ms", lambda: clock[0])
    play = _frigate_chosen_over_one_pad_unit(hs_app)
    shown = [b.label for b in play.prompt_buttons if b.visible]
    number = shown.index("End movement") + 1
    play.keys_from = 0
    digit = getattr(pygame, f"K_{number}")
    key(hs_app, digit)
    assert play.view["phase"] == "Krylon Movement Phase", "a stray number key ended the movement"
    assert play.status == f"Pieces on the map can still act: press {number} again for “End movement”."
    clock[0] += ENTER_AGAIN_MIN_MS + 50
    key(hs_app, digit)                                  # a deliberate second press ends it
    assert play.view["phase"] != "Krylon Movement Phase" or play.session.active() != "krylon"


@pytest.mark.rule("HSNJ-GAP-9")
def test_a_frigate_shows_move_costs_only_where_they_matter_when_zoomed_in(hs_app):
    """Zoomed in with a Star Frigate chosen, every hex wore a '1' pill; past MAX_COST_TAGS destinations
    only the hexes where an enemy zone of control stops it (and the one under the pointer) are tagged."""
    from game.ui.board_view import BlitList
    from game.ui.games.hack_sack import MAX_COST_TAGS
    app = hs_app
    play = app.stack.top
    perform(app, ("done",))
    perform(app, ("unit", "star_frigate1"))
    adapter, view = play.adapter, play.board_view
    assert len(adapter.cost_tags) > MAX_COST_TAGS
    cam = view.camera
    while view.counter_size() * cam.zoom / 0.78 < 30:       # hexes big enough for every tag
        cam.zoom_about(cam.viewport.center, 1)
        cam.settle()
    view.hover = None
    recorder = BlitList()
    adapter._place_cost_tags(recorder, view)
    stops = [p for p, text in adapter.cost_tags.items() if not isinstance(p, str) and text.endswith("stop")]
    assert len(recorder.items) <= len(stops)


def test_a_hint_lit_off_the_screen_brings_its_hex_into_view(hs_app):
    # "Hint: Set up at 3016 Elizabeth (lit on the map)" was lit where the map was scrolled away from
    app = hs_app
    app.start_session(Session(app.stack.top.spec, 11, None, {}))     # the Jerseyites set up by hand
    app.pump()
    play = app.stack.top
    play.act(("unit", "nra1"))                                      # a unit picked: its set-up hexes are lit
    view = play.board_view
    actions = [as_action(a) for a in play.session.legal_actions()]
    placed = [(a, play.adapter.action_place(a, play.view)) for a in actions]
    placed = [(a, p) for a, p in placed if p is not None]
    assert placed
    view.camera.zoom_about(play.map_rect.center, 4)                 # a player zoomed in on one corner
    view.camera.settle()
    view.centre_on(placed[0][1])
    app.pump()
    off = [(a, p) for a, p in placed if not play.map_rect.collidepoint(view.screen_pos(p))]
    assert off, "every place fits on the screen at this zoom: the test cannot tell"
    action, place = off[0]
    play.hinter.show(play, action)
    assert play.status.startswith("Hint:") and "lit on the map" in play.status
    assert view.camera.panning()                                     # it glides there
    # by the window's own frames, with no input: the targets' pulse-only frames once took over and
    # never moved the glide on, so the view stayed where it was and the window never went idle
    import time
    deadline = time.monotonic() + 5
    while view.camera.panning() and time.monotonic() < deadline:
        app.pump()
        time.sleep(0.01)
    assert not view.camera.panning()
    assert play.map_rect.collidepoint(view.screen_pos(place)) and view.selected == {place}
