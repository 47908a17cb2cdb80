"""Hammer's Slammers in the window: a whole player-turn played with posted mouse events.

The Slammers patrol of the learning scenario moves its hover tank onto a firing position,
plans a Direct Fire attack (the plan panel shows the odds column and each result's chance
before the roll), fires, and the Tan army answers; the line-of-sight card and the counters
are read on the way. SL_SCREENSHOTS=folder also saves the pictures docs/screenshots holds.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.core.contract import as_action
from game.core.session import Session
from game.rules import slammers as sl

from .conftest import button, click

pytestmark = pytest.mark.ui
SEED = 5
SHOTS = os.environ.get("SL_SCREENSHOTS")
SIZE = tuple(int(n) for n in os.environ.get("SL_SIZE", "1280x720").split("x"))


def open_table(scenario: str, seed: int = SEED, size=SIZE):
    """A window on the dummy driver playing a Slammers scenario hot-seat, animations off."""
    from game.ui import settings
    from game.ui.window import App
    app = App(size=size, games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    sides = sl.scenario_summary(scenario)["sides"]
    app.start_session(Session(sl.SPEC, seed, scenario, {}, seats={s: "human" for s in sides}))
    app.pump()
    return app


@pytest.fixture
def sl_app():
    """The learning scenario at 1280x720 (or SL_SIZE)."""
    app = open_table("learning")
    yield app
    pygame.event.clear()
    pygame.display.quit()


def shot(app, name: str) -> None:
    """Save the window as slammers-<name>.png in SL_SCREENSHOTS, when asked (the map drawn whole first)."""
    if not SHOTS:
        return
    play = app.stack.top
    for _ in range(400):
        if getattr(play, "board_view", None) is None or not play.board_view.rendering():
            break
        app.dirty = True
        app.pump()
    app.dirty = True
    app.pump()
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(Path(SHOTS) / f"slammers-{name}.png"))


def hex_pos(play, h):
    """A screen point the play scene reads as hex ``h``."""
    pos = play.board_view.screen_pos(tuple(h))
    assert play.map_rect.collidepoint(pos) and play.board_view.place_at(pos) == tuple(h), h
    return tuple(round(c) for c in pos)


def hover(app, pos) -> None:
    """Move the pointer to ``pos`` and run the loop."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()


def perform(app, action) -> None:
    """Do ``action`` as a player would: click its counter or hex (then the choice it needs), or its button."""
    play = app.stack.top
    action = as_action(action)
    done = len(play.session.actions)
    place = play.adapter.action_place(action, play.view)
    if place is not None:
        click(app, hex_pos(play, place))
        if play.choices:                       # several things can be done there: the prompt asks which
            click(app, button(play, play.adapter.label(action)))
    else:
        click(app, button(play, play.adapter.label(action)))
    assert [as_action(a) for a in play.session.actions[done:]] == [action], play.status


def firing_spot(state) -> tuple:
    """A hex the hover tank can reach this turn from which it sees and reaches a Tan unit."""
    tank = "blue-tank-1"
    reach = sl.reach(state, tank)
    for h in sorted(reach, key=lambda h: (reach[h], h)):
        trial = dict(state, units={**state["units"], tank: dict(state["units"][tank], at=list(h))})
        for foe in ("tan-tank-2", "tan-tank-1", "tan-armored_car-1"):
            there = sl.hex_of(state, foe)
            if sl.attack_at(trial, tank, there) >= 12 and sl.los(trial, h, there):
                return h, there
    raise AssertionError("no firing position in reach")


def a_blocked_hex(state, here, far: int = 5):
    """A hex that ``here`` cannot see, as near to ``far`` hexes away as there is one."""
    board = sl.grid(state)
    return next(h for h in sorted(board.hex_list, key=lambda h: (abs(board.distance(here, h) - far), h))
                if board.distance(here, h) > 1 and not sl.los(state, here, h))


@pytest.mark.rule("HS-SEQ-2")
@pytest.mark.rule("HS-DIR-7")
@pytest.mark.rule("HS-CA-6")
def test_a_whole_player_turn_through_the_window(sl_app):
    app = sl_app
    play = app.stack.top
    assert play.session.state["mover"] == "blue" and play.adapter.step() == "movement"
    # The counters: NATO symbols with the hover skirt, attack-defence-range-move, the skimmer side.
    faces = {p["id"]: p for p in play.adapter.shown_pieces(play.view)}
    assert faces["blue-tank-1"]["symbol"] == "hover_armour" and faces["blue-tank-1"]["values"] == [12, 9, 8, 10]
    assert faces["blue-infantry-1"]["symbol"] == "skimmer" and faces["tan-tank-1"]["symbol"] == "armour"

    # Movement: the hover tank to a firing position, a combat car into Tan's tank (a Close Assault).
    perform(app, ("unit", "blue-tank-1"))
    assert play.view.get("reach"), "the reachable hexes and their costs are in the view"
    spot, target = firing_spot(play.session.state)
    perform(app, ("hex", list(spot)))
    perform(app, ("unit", "blue-combat_car-2"))
    tank2 = sl.hex_of(play.session.state, "tan-tank-2")
    perform(app, ("hex", list(tank2)))
    assert tuple(tank2) in map(tuple, play.view["assaults"])
    perform(app, ("done",))
    for _ in range(4):                        # Indirect Fire (Tan's small gun may strike): declined
        if play.adapter.step() == "direct":
            break
        assert play.adapter.step() == "indirect"
        perform(app, ("done",))
    assert play.adapter.step() == "direct" and play.session.state["acting"] == "blue"

    # Direct Fire: the firer (its range tinted), the line-of-sight card over a blocked hex and over the
    # target with the odds it would get, then the target hex and the plan before the roll.
    perform(app, ("unit", "blue-tank-1"))
    assert len(play.adapter.range_rings(play.view)) == 2, "the firer's range and extended range are drawn"
    hover(app, hex_pos(play, a_blocked_hex(play.session.state, spot)))
    shot(app, "los-blocked")
    hover(app, hex_pos(play, target))
    trace, sources = play.adapter.trace(play.view, tuple(target))
    assert trace["clear"] and sources == [tuple(spot)]
    lines = [w for w, _, _ in play.adapter.los_lines(play.view, trace, sources)]
    assert lines[0].startswith("Line of sight") and any("Fire at all here" in w for w in lines), lines
    perform(app, ("hex", list(target)))
    plan = play.view["plan"]
    assert plan["legal"] and abs(sum(plan["chances"].values()) - 1) < 1e-9
    words = [p for k, p in play.adapter.plan.items(play.view) if k in ("head", "text")]
    assert any(f"= {plan['defence']}" in w for w in words) and any(plan["column"] in w for w in words), words
    shot(app, "fire-planning")
    perform(app, ("fire",))
    fired = [e for e in play.view["events"] if e["kind"] == "fire"]
    assert fired and fired[0]["firers"] == ["blue-tank-1"]
    assert any(k == "good" and "Rolled" in p for k, p in play.adapter.plan.items(play.view))

    # The other side's fire is declined; then the Close Assault: Blue's combat car attacks Tan's tank
    # with the column shift shown before the roll, and Tan's tank answers.
    for _ in range(6):
        if play.adapter.step() == "assault":
            break
        perform(app, ("done",))
    assert play.adapter.step() == "assault" and play.session.state["acting"] == "blue"
    perform(app, ("unit", "blue-combat_car-2"))
    items = play.adapter.plan.items(play.view)
    assert any(k == "bar" for k, _ in items) and any("shift one column" in p for k, p in items if k == "dim")
    hover(app, hex_pos(play, tank2))
    shot(app, "close-assault")
    perform(app, ("assault",))
    for _ in range(6):
        if play.session.state["mover"] == "tan":
            break
        acts = [as_action(a) for a in play.view["actions"]]
        perform(app, next((a for a in acts if a[0] == "assault"), None) or
                (("done",) if ("done",) in acts else acts[0]))
    assert play.session.state["mover"] == "tan" and play.session.state["turn"] == 1
    assert [e for e in play.session.events_since(0) if e["kind"] == "fire" and e["kind_of"] == "assault"]
    # What the round did is tagged on the map from the events: here Tank 2, hit at 1207, turned over.
    done = [e for e in play.session.events_since(0) if e["kind"] in ("disrupted", "eliminated")]
    assert done and all(any(play.adapter.name(e["unit"]) in w for w in play.adapter.tags.values()) for e in done)
    flipped = [p for p in play.adapter.shown_pieces(play.view) if "disrupted" in p["flags"]]
    assert all("flipped" in p["flags"] for p in flipped)


def test_the_skimmer_side_has_a_symbol_of_its_own():
    from game.ui import nato
    box = pygame.Rect(4, 4, 40, 26)
    drawn = {}
    for symbol in ("skimmer", "hover_infantry", "infantry"):
        surf = pygame.Surface((48, 34))
        surf.fill((0, 0, 0))
        assert nato.draw(surf, symbol, box, (255, 255, 255), 2)
        drawn[symbol] = pygame.image.tobytes(surf, "RGB")
    assert nato.known("skimmer") and len(set(drawn.values())) == 3


@pytest.mark.rule("HS-MAP-1")
def test_a_joined_map_of_several_panels():
    app = open_table("sava_crossing", seed=2, size=(2560, 1440) if SHOTS else SIZE)
    try:
        play = app.stack.top
        summary = sl.scenario_summary("sava_crossing")
        assert len(summary["panels"]) > 1
        assert play.board_view.board is sl.grid(play.session.state)
        faces = play.adapter.shown_pieces(play.view)
        assert faces and all(p["symbol"] and len(p["values"]) == 4 for p in faces)
        shot(app, "joined-map")
    finally:
        pygame.event.clear()
        pygame.display.quit()


@pytest.mark.rule("HS-LOS-7")
def test_the_line_of_sight_tool_names_the_blocking_hex(sl_app):
    app = sl_app
    play = app.stack.top
    state = play.session.state
    board = sl.grid(state)
    here = sl.hex_of(state, "blue-tank-1")
    blocked = a_blocked_hex(state, here, 2)
    click(app, hex_pos(play, here))                       # a clicked stack: lines are traced from it
    hover(app, hex_pos(play, blocked))
    trace, _ = play.adapter.trace(play.view, blocked)
    assert not trace["clear"]
    lines = [w for w, _, _ in play.adapter.los_lines(play.view, trace, [here])]
    blocker = board.label(tuple(trace["blocked_by"][0]["hex"]))
    assert any(w.startswith(f"Blocked by {blocker}") and "HS-LOS-7" in w for w in lines), lines


@pytest.mark.rule("HS-SET-2")
def test_the_scenario_picker_briefs_previews_and_lists_the_players_own(private_data_dir):
    import json

    from game.ui import settings
    from game.ui.play import PlayScene
    from game.ui.window import App
    own = private_data_dir / "scenarios" / "slammers"
    own.mkdir(parents=True)
    mine = json.loads((Path(sl.__file__).parent / "scenarios" / "learning.json").read_text())
    mine.update(name="my_roadblock", title="My own roadblock", minutes=45)
    (own / "my_roadblock.json").write_text(json.dumps(mine))
    (own / "half_done.json").write_text(json.dumps(dict(mine, name="half_done", morale={"blue": 9}, minutes=50)))
    app = App(size=SIZE, games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    try:
        click(app, button(app.stack.top, sl.SPEC.title))
        form = app.stack.top
        assert type(form).__name__ == "NewGameScene" and form.brief is not None
        labels = [label for label, _ in form.scenario.options]
        assert labels[0] == "Roadblock at Marrow · 30 min" and "My own roadblock · 45 min" in labels
        broken = form.brief.facts("half_done")                  # a player's file that cannot be played
        assert "Half done (cannot be played)" in labels and "morale" in broken["problem"]
        form.brief.draw(app.screen, form.brief_rect, "half_done")          # says why instead of a briefing
        assert list(form.seats) == ["blue", "tan"]              # only the armies of the scenario
        assert form.brief.preview("learning", (400, 200)) is not None
        shot(app, "scenario-picker")
        while form.scenario.value != "sava_crossing":
            click(app, form.scenario.arrows()[1].center)
        assert list(form.seats) == sl.scenario_summary("sava_crossing")["sides"]
        while form.scenario.value != "my_roadblock":
            click(app, form.scenario.arrows()[1].center)
        click(app, form.start_button)
        play = app.stack.find(PlayScene)
        assert play is not None and play.session.scenario == "my_roadblock"
    finally:
        pygame.event.clear()
        pygame.display.quit()


@pytest.mark.rule("HS-GAP-7")
def test_against_the_computer_the_table_shows_the_person_s_own_army_from_the_first_move():
    """The Slammers (the computer) move first in the learning battle; the Tan player watching sees
    the battle as the Tan army, not as an army the game knows but this battle does not seat (the
    table showed green's view until the Tan army's first move)."""
    from game.ui import settings
    from game.ui.play import PlayScene
    from game.ui.window import App
    app = App(size=SIZE, games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    try:
        app.start_session(Session(sl.SPEC, SEED, "learning", {}, seats={"blue": "basic", "tan": "human"}))
        app.pump()
        play = app.stack.find(PlayScene)
        assert play.session.active() == "blue" and not play.is_human("blue")
        assert play.humans() == ["tan"]
        assert play.viewer == "tan"
    finally:
        pygame.event.clear()
        pygame.display.quit()


def test_the_way_a_unit_has_come_this_move_is_marked_on_the_map(sl_app):
    # a dot on each hex it left, joined in order, in the move costs' gold; gone once it stops
    from game.ui.games import sl_map
    app, play = sl_app, sl_app.stack.top
    perform(app, ("unit", "blue-combat_car-2"))
    start = sl.hex_of(play.session.state, "blue-combat_car-2")
    for there in ((17, -1), (17, 0)):
        perform(app, ("hex", list(there)))
    assert play.view["trail"] == [list(start), [17, -1], [17, 0]]
    shot(app, "trail")
    app.dirty = True
    app.pump()
    for h in (start, (17, -1)):
        assert tuple(app.screen.get_at(hex_pos(play, h)))[:3] == sl_map.TRAIL, h
    perform(app, ("stop",))
    app.dirty = True
    app.pump()
    assert "trail" not in play.view and tuple(app.screen.get_at(hex_pos(play, start)))[:3] != sl_map.TRAIL


def test_with_nobody_aimed_at_the_plan_shows_no_odds_and_says_how_to_aim(sl_app):
    # a target hex's units are all aimed at first; taking the last one off leaves no attack to
    # give odds for, and no Fire (HS-DIR-4)
    app, play = sl_app, sl_app.stack.top
    perform(app, ("unit", "blue-tank-1"))
    spot, target = firing_spot(play.session.state)
    perform(app, ("hex", list(spot)))
    perform(app, ("done",))
    while play.adapter.step() == "indirect":
        perform(app, ("done",))
    perform(app, ("unit", "blue-tank-1"))
    perform(app, ("hex", list(target)))
    aimed = list(play.view["plan"]["targets"])
    assert aimed and any(k == "bar" for k, _ in play.adapter.plan.items(play.view))
    for uid in aimed:
        perform(app, ("unit", uid))
    items = play.adapter.plan.items(play.view)
    assert not play.view["plan"]["targets"] and ("fire",) not in [tuple(a) for a in play.view["actions"]]
    assert not [k for k, _ in items if k in ("bar", "rolls")]
    assert any("Aim at one or more" in p for k, p in items if k == "text")
    shot(app, "nobody-aimed")
