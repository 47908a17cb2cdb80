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
        app = open_table(scenario, seed)
        opened.append(app)
        return app, app.stack.top
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
    assert any(w in fire for w in (" in the open at ", " in the forest at ", " in the town at ", " on the ",
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
