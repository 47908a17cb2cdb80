"""Hammer's Slammers at the table, the polish of issues 12 and 13: how the computer's moves travel,
the calliope's printed S, the panels' seams and names, the scenario picker's words and the log's."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from game.core.contract import as_action
from game.core.session import Session
from game.rules import slammers as sl

from .test_slammers_ui import open_table

pytestmark = pytest.mark.ui
SCENARIOS = Path(sl.__file__).parent / "scenarios"


@pytest.fixture
def table():
    """Open a scenario hot-seat on the dummy driver; closed after the test."""
    opened = []

    def make(scenario: str, seed: int = 5):
        from game.ui.play import PlayScene
        app = open_table(scenario, seed)
        opened.append(app)
        return app, app.stack.find(PlayScene)          # under the curtain of a four-player game
    yield make
    pygame.event.clear()
    pygame.display.quit()


def play_random(session, n: int, seed: int = 3, until=None):
    """Random legal decisions until ``until(session)`` or n of them."""
    rnd = random.Random(seed)
    for _ in range(n):
        if until is not None and until(session):
            return True
        acts = session.legal_actions()
        if not acts:
            return False
        session.apply(rnd.choice(acts))
    return until is None


@pytest.mark.rule("HS-MOV-15")
def test_a_move_travels_the_rules_cheapest_way_not_a_straight_line(table):
    app, play = table("learning")
    board = sl.grid(play.session.state)
    bent = 0
    for uid in ("blue-tank-1", "blue-combat_car-1", "blue-infantry-1"):
        play.session.apply(("unit", uid))
        play.adapter.forget()
        reach = sl.reach(play.session.state, uid)
        for dest, cost in reach.items():
            way = play.adapter.route(("hex", list(dest)))
            if way is None:                     # one step: nothing to bend
                assert board.distance(sl.hex_of(play.session.state, uid), dest) == 1
                continue
            assert way[0] == sl.hex_of(play.session.state, uid) and way[-1] == dest
            assert all(board.distance(a, b) == 1 for a, b in zip(way, way[1:]))
            steps = [sl.tables_of(play.session.state) and _step_cost(play.session.state, uid, a, b)
                     for a, b in zip(way, way[1:])]
            assert sum(steps) == cost, (uid, dest, way)
            bent += any(board.distance(way[0], h) != i for i, h in enumerate(way))   # not a beeline
        play.session.undo()
    assert bent, "some way leaves the straight line (roads, woods and the town cost differently)"


def _step_cost(state, uid, a, b):
    from game.rules.slammers import movement     # the rules' own step cost, to check the way's sum
    return movement.step_cost(state, uid, a, b)


@pytest.mark.rule("HS-CAF-10")
def test_the_calliope_shows_the_books_S_for_its_attack(table):
    app, play = table("kettle_drop")
    faces = {p["id"]: p for p in play.adapter.shown_pieces(play.view)}
    calliopes = [p for p in faces.values() if "calliope" in p["cats"]]
    assert calliopes and all(p["values"][0] == "S" and p["values"][1:] == sl.counter(play.session.state, p["id"])
                             ["values"][1:] for p in calliopes)
    assert all(p["values"][0] != "S" for p in faces.values() if "calliope" not in p["cats"])


@pytest.mark.rule("HS-MAP-1")
def test_the_seams_between_panels_are_drawn_where_panels_meet(table):
    from game.ui.games import sl_map
    app, play = table("marrow_four")
    board = play.adapter.board()
    owner = sl_map.panel_of(board)
    assert set(owner.values()) == {"panel4", "panel5"}
    seams = sl_map.panel_seams(board)
    assert len(seams) >= 15                               # the whole height of the seam
    xs = {round(x) for a, b in seams for x in (a[0], b[0])}
    assert max(xs) - min(xs) < board.pixel_size[0] / 20    # one north-south line, not scattered edges
    single = sl.grid(Session(sl.SPEC, 1, "learning").state)
    assert sl_map.panel_seams(single) == []


def test_a_place_name_a_counter_covers_is_drawn_again_over_it(table):
    app, play = table("learning")
    app.dirty = True
    app.pump()
    covered = [name for _, name, _ in play.adapter._covered_names(play.board_view)]
    assert "Marrow" in covered                     # Tan's roadblock stands round the town's name
    assert "Barrow" not in covered                 # an empty hill keeps its name as printed


def test_the_picker_says_how_many_panels_as_the_briefing_does():
    from game.ui.games.sl_brief import panel_words
    assert panel_words(["panel4"]) == "map: one panel (4)"
    assert panel_words(["panel4", "panel5"]) == "map: two panels (4, 5)"
    assert panel_words(["edge_c", "panel3", "edge_b"]) == "map: one panel (3) and edge pieces C, B"
    brief = json.loads((SCENARIOS / "learning.json").read_text())["briefing"]
    assert "one panel" in brief


@pytest.mark.rule("HS-GAP-6")
def test_briefings_say_the_battle_is_judged_at_the_end_as_the_rules_do():
    for path in SCENARIOS.glob("*.json"):
        brief = json.loads(path.read_text())["briefing"]
        assert "at once" not in brief, path.name
    # the rules: a side that has destroyed its share of points mid-game has not won yet
    session = Session(sl.SPEC, 4, "kettle_drop")
    assert play_random(session, 4000, until=lambda s: s.state["turn"] >= 2)
    assert session.result() is None


def test_the_log_names_units_and_ground_in_the_games_words():
    session = Session(sl.SPEC, 3, "kettle_drop")
    assert play_random(session, 3000, seed=4, until=lambda s: any(" fires at " in line for line in s.state["log"]))
    fire = next(line for line in session.state["log"] if " fires at " in line)
    assert "-" not in fire.split(":")[1] and "," not in fire.split(" at ")[2].split(":")[0], fire
    assert any(w in fire for w in (" on open ground at ", " in the forest at ", " in the town at ", " on the ",
                                   " in the swamp at ", " in ")), fire
    board = sl.grid(session.state)
    ev = next(e for e in session.events_since(0) if e["kind"] == "fire" and e.get("kind_of") == "direct")
    assert board.label(tuple(ev["hex"])) in fire and sl.unit_label(session.state, ev["firers"][0]) in fire


def test_esc_takes_back_a_whole_move_not_a_hex_of_it(table):
    from .conftest import key
    app, play = table("learning")
    tank = "blue-tank-1"
    start = sl.hex_of(play.session.state, tank)
    assert play.act(("unit", tank))
    near = min(sl.reach(play.session.state, tank).items(), key=lambda kv: kv[1])[0]
    assert play.act(("hex", list(near)))
    if sl.frame(play.session.state).get("unit") == tank:
        further = [h for h in sl.reach(play.session.state, tank) if h != start]
        if further:
            assert play.act(("hex", list(further[0])))
    key(app, pygame.K_ESCAPE)
    assert not play.session.actions and sl.hex_of(play.session.state, tank) == start
    assert play.status.startswith(f"Cancelled: {play.adapter.name(tank)}")
    assert as_action(("unit", tank)) in [as_action(a) for a in play.view["actions"]]


# -- issue 13 at the table: strikes, scatter and the answers of the player who is not moving -------


def _to_strikes(play):
    """Kettle: the Green army's player-turn 1 up to its Indirect Fire step (paratroopers held back)."""
    for _ in range(30):
        if play.adapter.step() == "indirect" and play.session.active() == "green":
            return
        assert play.act(("done",))
    raise AssertionError("no Indirect Fire step")


def _strike_at(play, gun, answered: bool):
    """A hex the gun may strike through an observer, with Mercenary units there, that the Mercenaries can
    (answered) or cannot answer with Counter Artillery Fire or ECM."""
    from game.rules.slammers import respond
    state = play.session.state
    for a in map(as_action, play.session.legal_actions()):
        if a[0] != "hex":
            continue
        h = tuple(a[1])
        obs = sl.observer_of(state, "green", gun, h)
        if not obs or obs == gun or not any(sl.counter(state, u)["side"] == "red" for u in _units_in(state, h)):
            continue
        if bool(respond.caf_shooters(state, "red", h)) == answered:
            return h
    return None


def _units_in(state, h):
    return [p["id"] for p in sl.SPEC.view(state, None)["pieces"] if tuple(p["at"]) == tuple(h)]


def _screen_colour_along(app, a, b, colour, tol=40) -> float:
    """The share of points along a..b (away from its ends) whose pixel on screen is near ``colour``."""
    hits = 0
    for i in range(3, 18):
        t = i / 20
        x, y = round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)
        px = app.screen.get_at((x, y))
        hits += all(abs(px[k] - colour[k]) <= tol for k in range(3))
    return hits / 15


@pytest.mark.rule("HS-IND-4")
@pytest.mark.rule("HS-CAF-3")
def test_a_strike_shows_its_observers_line_of_sight_from_the_event_and_asks_for_caf(table):
    from game.ui.games import sl_marks
    app, play = table("kettle_drop")
    _to_strikes(play)
    gun = "green-howitzer-1"
    assert play.act(("unit", gun))
    h = _strike_at(play, gun, answered=True)
    assert h is not None
    assert play.act(("hex", list(h)))
    planned = play.adapter.strike_shown()
    assert planned["observers"] and planned["observers"][0]["unit"] == sl.observer_of(play.session.state, "green", gun, h)
    assert play.act(("fire",))
    # The Mercenaries have a calliope or hover tank that sees the hex: they are asked, in words.
    assert play.session.active() == "red" and play.adapter.step() == "respond"
    words = " ".join(p for k, p in play.adapter.plan.items(play.view) if k in ("head", "text"))
    assert "Counter Artillery Fire" in words and "Mercenaries" in words
    assert any(as_action(a)[0] == "caf" for a in play.view["actions"])
    assert play.act(("done",))                           # let it come: the strike is rolled
    fire = [e for e in play.session.events_since(0) if e["kind"] == "fire" and e.get("kind_of") == "indirect"][-1]
    mark = play.adapter.marks["strike"]
    assert [o["unit"] for o in mark["observers"]] == list(dict.fromkeys(fire["observers"].values()))
    assert mark["hex"] == tuple(fire["hex"]) and str(fire["roll"]) in mark["words"]
    app.dirty = True
    app.pump()
    start = play.board_view.screen_pos(mark["observers"][0]["hex"])
    end = play.board_view.screen_pos(mark["hex"])
    assert _screen_colour_along(app, start, end, sl_marks.SIGHT) >= 0.6      # the line is on the screen


@pytest.mark.rule("HS-CAF-3")
def test_a_strike_nobody_can_answer_goes_on_without_a_stop(table):
    app, play = table("kettle_drop")
    _to_strikes(play)
    gun = "green-howitzer-1"
    assert play.act(("unit", gun))
    h = _strike_at(play, gun, answered=False)
    if h is None:                                  # every hex within the Mercenaries' answer: quiet them
        state = play.session.state
        state["pt"]["fired"].extend(u for u in sl.unit_ids(state) if sl.counter(state, u)["side"] == "red")
        h = _strike_at(play, gun, answered=False)
    assert h is not None
    assert play.act(("hex", list(h))) and play.act(("fire",))
    assert play.session.active() == "green" and play.adapter.step() != "respond"
    assert [e for e in play.session.events_since(0) if e["kind"] == "fire" and e.get("kind_of") == "indirect"]


def _jump(play, seed_zones=(1, 3, 5)):
    """Kettle: the Green army's paratroopers given drop zones spread along the allowed hexes, and dropped."""
    for _ in range(20):
        if play.adapter.step() == "paradrops":
            break
        assert play.act(("done",))
    due = [as_action(a)[1] for a in play.session.legal_actions() if as_action(a)[0] == "unit"]
    for i, u in enumerate(due):
        assert play.act(("unit", u))
        zones = sorted(as_action(a)[1] for a in play.session.legal_actions() if as_action(a)[0] == "hex")
        assert play.act(("hex", list(zones[len(zones) * seed_zones[i % 3] // 6])))
    assert play.act(("drop",))


@pytest.mark.rule("HS-PAR-6")
@pytest.mark.rule("HS-CPF-1")
def test_a_paradrops_scatter_is_shown_and_cpf_is_offered_to_who_can_fire(table):
    from game.ui.games import sl_marks
    app, play = table("kettle_drop", seed=7)
    _jump(play)
    scatters = [e for e in play.session.events_since(0) if e["kind"] == "scatter"]
    marks = play.adapter.marks["scatter"]
    assert [m["unit"] for m in marks] == [e["unit"] for e in scatters]
    moved = [m for m in marks if m["distance"]]
    assert moved, "seed 7 scatters at least one paratrooper"
    for m in moved:
        words = sl_marks.scatter_words(m)
        assert f"{m['distance']} hex" in words and sl_marks.COMPASS[m["direction"] - 1] in words
    # The Mercenaries' hover tanks can reach a paratrooper: the CPF offer, with what it means.
    assert play.session.active() == "red" and play.adapter.step() == "cpf"
    assert play.adapter.buttons(play.view)[0] == ("Hold fire", ("done",))    # first: never on a second page
    words = " ".join(p for k, p in play.adapter.plan.items(play.view) if k in ("head", "text"))
    assert "Counter Paradrop Fire" in words
    app.dirty = True
    app.pump()
    far = max(moved, key=lambda m: m["distance"])
    a, b = play.board_view.screen_pos(tuple(far["zone"])), play.board_view.screen_pos(tuple(far["hex"]))
    assert _screen_colour_along(app, a, b, sl_marks.AIM) >= 0.4          # the scatter's arrow is drawn
    # the dice tray (the scatter's roll) takes the corner that hides the fewest of the marks' words
    from game.ui.play_parts import tray_corner
    words = play.adapter.overlay_rects()
    assert words and all(play.board_view.camera.viewport.colliderect(r) for r in words)
    tray = tray_corner(play.map_rect, (180, 150), play.board_view, words)
    corners = [tray_corner(play.map_rect, (180, 150), None)]              # the top-left, where it went before
    assert len(tray.collidelistall(words)) <= min(len(c.collidelistall(words)) for c in corners)


@pytest.mark.rule("HS-CPF-1")
def test_no_cpf_stop_when_no_unit_can_fire_at_the_paratroopers(table):
    app, play = table("kettle_drop", seed=7)
    state = play.session.state
    state["pt"]["fired"].extend(u for u in sl.unit_ids(state) if sl.counter(state, u)["side"] == "red")
    _jump(play)
    assert play.adapter.marks["scatter"]
    assert play.session.active() == "green" and play.adapter.step() != "cpf"
    assert [e for e in play.session.events_since(0) if e["kind"] == "landed"]


def test_three_or_four_players_draw_the_curtain_between_seats(table):
    from game.ui.interludes import CurtainScene
    from game.ui.play import PlayScene

    from .conftest import lift_curtain, pump_until
    two, _ = table("learning")
    assert isinstance(two.stack.top, PlayScene)           # two players: open table, no curtain
    app, _ = table("marrow_four")
    assert isinstance(app.stack.top, CurtainScene)        # four: the first seat lifts its curtain
    lift_curtain(app)
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.viewer == "green"
    for _ in range(40):                                   # Green ends its steps: Tan's seat is next
        if play.handover is not None or play.session.active() != "green":
            break
        assert play.act(("done",))
    assert play.handover is not None and play.session.active() != "green"
    lift_curtain(app)                                     # the pass button, then the next seat's curtain
    assert app.stack.top is play and play.viewer == play.session.active()
    pump_until(app, lambda: True)


def test_the_curtain_of_an_open_game_speaks_of_the_table_not_a_hand():
    from game.ui.interludes import CurtainScene
    pygame.init()
    assert CurtainScene(sl.SPEC, "red").ready_button.label == "I am the Mercenary player: take the table"


@pytest.mark.rule("HS-ECM-3")
@pytest.mark.rule("HS-ECM-1")
def test_the_ecm_offer_is_worded_only_when_a_tank_with_ecm_can_jam():
    from types import SimpleNamespace

    from game.ui.games.sl_panels import answer_words
    from tests.slammers.test_ecm import combined
    s = combined("ui-e1")                                  # blue's hover tank carries ECM: blue is asked
    view = sl.SPEC.view(s, "blue")
    assert view["step"] == "respond" and sl.SPEC.active(s) == "blue"
    words = " ".join(p for _, p in answer_words(SimpleNamespace(state=s, spec=sl.SPEC), view))
    assert "ECM" in words and "jams one conventional unit" in words and "Counter Artillery" not in words
    quiet = combined("ui-e2", ecm={})                      # no ECM: the attack is rolled, no stop
    assert sl.SPEC.view(quiet, "green")["step"] == "direct" and sl.SPEC.active(quiet) == "green"


def test_a_game_resumed_in_the_air_still_shows_the_scatter(table):
    from game.core.session import from_text
    app, play = table("kettle_drop", seed=7)
    _jump(play)
    assert play.adapter.step() == "cpf" and play.adapter.marks["scatter"]
    again = from_text(json.dumps(play.session.to_json()), "resumed")
    app.start_session(again)
    app.pump()
    from game.ui.play import PlayScene
    resumed = app.stack.find(PlayScene)
    assert resumed.session is again and resumed.adapter.step() == "cpf"
    assert [m["unit"] for m in resumed.adapter.marks["scatter"]] == [m["unit"] for m in play.adapter.marks["scatter"]]
