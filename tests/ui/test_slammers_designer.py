"""The Hammer's Slammers scenario designer in the window, driven with posted mouse events.

A small battle is built the way a player builds one (a panel dragged off the grid, an army's
morale lowered, units bought with the + buttons, set up by clicking hexes, a title typed), saved,
found in New game's list and played to the end by the random player. Every figure the forces page
shows is the book's (HS-PTS-1..5, -10), and a broken scenario file is refused in one line with the
game on the table untouched. SL_SCREENSHOTS=folder saves slammers-designer.png.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame
import pytest

from game.ai.random_bot import RandomBot
from game.core.session import Session
from game.rules import slammers as sl

from .conftest import click, key

pytestmark = pytest.mark.ui
rule = pytest.mark.rule
SHOTS = os.environ.get("SL_SCREENSHOTS")
CORPUS = Path(__file__).resolve().parents[1] / "files" / "slammers_scenarios_broken"

# The book's point costs, HS-PTS-1 to HS-PTS-3: type -> (cost, cost with gas or ECM or None).
BOOK = {
    "red": {"tank": (31, 35), "combat_car": (19, None), "infantry": (11, None), "large_gun": (20, 22),
            "small_gun": (14, 16), "howitzer": (24, 26), "sp_artillery": (20, 22), "sp_calliope": (13, None),
            "fortress": (24, None)},
    "blue": {"tank": (31, 35), "combat_car": (19, None), "infantry": (11, None), "sp_artillery": (22, 24),
             "fortress": (24, None)},
    "tan": {"tank": (17, None), "armored_car": (12, None), "infantry": (8, None), "militia": (3, None),
            "apc": (9, None), "bus": (7, None), "large_gun": (20, 22), "small_gun": (14, 16), "howitzer": (24, 26),
            "calliope": (10, None), "sp_artillery": (20, 22), "sp_calliope": (12, None)},
}
BOOK["green"] = BOOK["tan"]
MORALE = {9: 0, 8: 1, 7: 2, 6: 3}                  # HS-PTS-10
JUMP = 2                                           # HS-PTS-5


@pytest.fixture
def designer(private_data_dir):
    """New game with Hammer's Slammers chosen, then its "Design a battle…" button pressed."""
    from game.ui import settings
    from game.ui.newgame import NewGameScene
    from game.ui.window import App
    app = App(size=(1280, 720), games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    form = NewGameScene([sl.SPEC])
    app.stack.push(form)
    app.pump()
    click(app, form.design_button)
    yield app, form, app.stack.top
    pygame.event.clear()
    pygame.display.quit()


def drag(app, start, end) -> None:
    """Press at ``start``, move to ``end`` and let go there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.pump()


def open_hexes(board, columns, n: int) -> list:
    """Labels of ``n`` clear hexes within a range of columns (numbered from 1)."""
    out = [board.label(h) for h in board.hex_list
           if board.terrain[h] == "clear" and columns[0] <= board.offset(h)[0] + 1 <= columns[1]]
    return out[:n]


def buy(app, page, unit: str, n: int = 1, jumping: bool = False) -> None:
    """Press a row's + (or its jumpers' +) ``n`` times."""
    row = next(r for r in page.rows if r[0]["unit"] == unit)
    for _ in range(n):
        click(app, (row[2] if jumping else row[1]).more)


@rule("HS-SET-5")
@rule("HS-PTS-10")
def test_a_small_battle_is_designed_with_the_mouse_saved_listed_and_played_to_the_end(designer):
    app, form, scene = designer
    from game.ui.games.sl_design import DesignerScene
    assert isinstance(scene, DesignerScene)
    # Map: panel 5 dragged off the grid leaves panel 4 alone; the preview follows.
    maps = scene.pages[0]
    slot5 = next(s for s, f in scene.draft.slots.items() if f == "panel5.tmx")
    drag(app, maps.cells[slot5].center, (maps.area.right - 5, maps.area.bottom - 5))
    assert list(scene.draft.slots.values()) == ["panel4.tmx"] and len(scene.draft.board().hex_list) == 315
    drag(app, maps.tiles["panel6.tmx"].center, maps.cells[(0, 1)].center)     # laid below, then taken back
    assert scene.draft.slots[(0, 1)] == "panel6.tmx"
    drag(app, maps.cells[(0, 1)].center, maps.tiles["panel1.tmx"].center)
    assert list(scene.draft.slots.values()) == ["panel4.tmx"]
    # Armies: the Tan army's morale lowered to 8 (1 point a unit more).
    click(app, scene.next_button)
    tan_morale = scene.pages[1].rows[1][2]
    click(app, (tan_morale.rect.right - 5, tan_morale.rect.centery))
    assert scene.draft.sides == ["blue", "tan"] and scene.draft.morale["tan"] == 8
    # Forces: a hover tank and jumping infantry for the Slammers; two tanks and infantry for Tan.
    click(app, scene.next_button)
    forces = scene.pages[2]
    buy(app, forces, "tank")
    buy(app, forces, "infantry", jumping=True)
    click(app, forces.army_buttons[1])
    buy(app, forces, "tank", 2)
    buy(app, forces, "infantry")
    assert scene.summary()[0] == {"blue": 31 + 11 + JUMP, "tan": 2 * (17 + 1) + (8 + 1)}
    # Set-up: each unit clicked onto a clear hex, the Slammers east, Tan west.
    click(app, scene.next_button)
    setup = scene.pages[3]
    board = scene.draft.board()
    for army, columns, n in (("blue", (18, 22), 2), ("tan", (2, 6), 3)):
        click(app, next(b for b in setup.army_buttons if b.label == sl.army_name(army)))
        for label in open_hexes(board, columns, n):
            click(app, setup.picture().centre(label))
    assert not [u for u in scene.draft.units if u["at"] is None]
    # Battle: three turns, most points wins, a title typed.
    click(app, scene.next_button)
    battle = scene.pages[4]
    for _ in range(5):
        click(app, battle.turns.arrows()[0].center)
    click(app, battle.victory.arrows()[1].center)
    click(app, battle.title_field)
    key(app, pygame.K_a, text="Mouse made")
    assert scene.draft.turns == 3 and scene.draft.victory == "most"
    shot(app, "designer")
    click(app, scene.save_button)
    box = app.stack.top
    assert box.title == "Battle saved" and "mouse_made.json" in box.message
    click(app, box.ok)
    assert app.stack.top is form and form.scenario.value == "mouse_made"
    saved = json.loads((sl.design_folder() and Path(sl.design_folder()) / "mouse_made.json").read_text())
    assert saved["seating"]["sides"] == ["blue", "tan"] and saved["length"] == {"turns": 3}
    assert form.brief.facts("mouse_made")["points"] == {"blue": 44, "tan": 45}
    state = sl.SPEC.setup(3, "mouse_made")
    bots = {s: RandomBot(sl.SPEC, i) for i, s in enumerate(state["order"])}
    for _ in range(5000):
        who = sl.SPEC.active(state)
        if who is None:
            break
        state = sl.SPEC.apply(state, bots[who].choose(state, who))
    assert sl.SPEC.result(state) is not None and state["turn"] <= 3


def shot(app, name: str) -> None:
    """Save the window as slammers-<name>.png in SL_SCREENSHOTS, when asked."""
    if SHOTS:
        app.dirty = True
        app.pump()
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(SHOTS) / f"slammers-{name}.png"))


def test_esc_backs_out_one_level_and_asks_before_an_unsaved_design_is_lost(designer):
    app, form, scene = designer
    maps = scene.pages[0]
    click(app, maps.tiles["panel1.tmx"].center)             # a click picks a panel ...
    assert maps.picked == "panel1.tmx"
    key(app, pygame.K_ESCAPE)                          # ... and Esc lets go of it, nothing else
    assert maps.picked is None and app.stack.top is scene
    key(app, pygame.K_ESCAPE)                          # nothing changed yet: Esc leaves at once
    assert app.stack.top is form
    click(app, form.design_button)
    scene = app.stack.top
    scene.show(2)
    buy(app, scene.pages[2], "tank")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.title == "Leave the designer?"
    key(app, pygame.K_ESCAPE)                          # Esc on the question is "Keep designing"
    assert app.stack.top is scene and scene.draft.counts("blue") == {"tank": 1}
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Leave without saving"))
    assert app.stack.top is form


def test_a_refused_click_says_why_in_one_line(designer):
    app, _, scene = designer
    scene.show(2)
    forces = scene.pages[2]
    buy(app, forces, "tank", 10)
    buy(app, forces, "tank")                           # the box holds ten hover tanks
    assert scene.draft.counts("blue") == {"tank": 10} and "tank counters" in scene.said[0]
    scene.show(3)
    setup = scene.pages[3]
    board = scene.draft.board()
    label = open_hexes(board, (18, 22), 1)[0]
    for _ in range(4):
        click(app, setup.picture().centre(label))
    assert "3 at most (HS-STK-1)" in scene.said[0]
    assert sum(1 for u in scene.draft.units if u["at"] == label) == 3
    click(app, scene.save_button)
    assert app.stack.top.title == "Not ready to save" and app.stack.top.message == "Tan army has no units yet (Forces)."


@rule("HS-PTS-1")
@rule("HS-PTS-2")
@rule("HS-PTS-3")
@rule("HS-PTS-4")
@rule("HS-PTS-5")
@rule("HS-PTS-10")
@pytest.mark.parametrize("army", ["red", "blue", "tan"])
def test_every_cost_the_forces_page_shows_is_the_books(designer, army):
    app, _, scene = designer
    scene.draft.set_army(0, army)
    scene.draft.morale[army] = 7
    scene.show(2)
    forces = scene.pages[2]
    click(app, next(b for b in forces.army_buttons if b.label == sl.army_name(army)))
    book = BOOK[army]
    rows = forces.shown_rows()
    assert sorted(r["unit"] for r in rows) == sorted(book)
    for (p, count, jump, option), row in zip(forces.rows, rows):
        cost, extra = book[row["unit"]]
        assert row["cost"] == str(cost), row
        assert (option is not None) == (extra is not None or row["option"] in ("skimmers", "loaded"))
        if extra:
            assert option.words.endswith(f": {extra}") and row["option"] == option.words
    # One of each bought (and one of each that may jump, jumping), options on: each line is priced the book's way.
    # Militia and buses take the infantry's and armored cars' counters, so an army fields one or the other.
    _buy_one_of_each(app, forces, skip=("militia", "bus"))
    assert _priced_the_books_way(forces, book, skipped=("militia", "bus")) == scene.summary()[0][army]
    if army == "tan":
        click(app, next(r for r in forces.rows if r[0]["unit"] == "militia")[1].more)
        assert "mixes infantry and militia" in scene.said[0] and scene.draft.count("tan", "militia") == 0
        scene.draft.set_army(1, "green")
        scene.draft.morale["green"] = 7
        scene.show(2)
        click(app, next(b for b in forces.army_buttons if b.label == sl.army_name("green")))
        _buy_one_of_each(app, forces, skip=("infantry", "armored_car"))
        spent = _priced_the_books_way(forces, BOOK["green"], skipped=("infantry", "armored_car"))
        assert spent == scene.summary()[0]["green"] and scene.draft.count("green", "militia") == 2
    morale = scene.pages[1].rows[0][2]
    assert [v for _, v in morale.options] == [9, 8, 7, 6]
    assert all(f"+{MORALE[m]} a unit" in words for words, m in morale.options if MORALE[m])


def test_a_broken_scenario_is_refused_in_one_line_and_the_game_on_the_table_is_untouched(private_data_dir):
    from game.ui import settings
    from game.ui.newgame import NewGameScene
    from game.ui.window import App
    folder = Path(sl.design_folder())
    folder.mkdir(parents=True)
    broken = sorted(CORPUS.glob("*.json"))
    for path in broken:
        shutil.copy(path, folder / path.name)
    app = App(size=(1280, 720), games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    app.start_session(Session(sl.SPEC, 5, "learning", {}, seats={"blue": "human", "tan": "human"}))
    app.pump()
    play = app.stack.top
    before = json.dumps(play.session.state, sort_keys=True, default=str)
    form = NewGameScene([sl.SPEC])
    app.stack.push(form)
    app.pump()
    expected = {line.partition(": ")[0]: line for line in
                (CORPUS / "expected.txt").read_text(encoding="utf-8").splitlines()}
    seen = set()
    for path in broken:
        form.scenario.select(path.stem)
        form._scenario_changed(path.stem)
        assert form.scenario.value == path.stem and "cannot be played" in form.scenario.label
        click(app, form.start_button)
        box = app.stack.top
        assert box.title == "Cannot start" and box.message.endswith(expected[path.name]), box.message
        assert "\n" not in box.message and "Traceback" not in box.message
        seen.add(box.message)
        click(app, box.ok)
        assert app.stack.top is form
    assert len(seen) == len(broken)
    assert app.stack.scenes[1] is play and json.dumps(play.session.state, sort_keys=True, default=str) == before
    pygame.event.clear()
    pygame.display.quit()


def _buy_one_of_each(app, forces, skip=()) -> None:
    """Press each row's + once (and its jumpers' + once), and tick each option."""
    for p, count, jump, option in forces.rows:
        if p["unit"] in skip:
            continue
        click(app, count.more)
        if jump:
            click(app, jump.more)
        if option and option.words != "loaded":
            click(app, option.button)


def _priced_the_books_way(forces, book, skipped=()) -> int:
    """Check each row's points against the book's arithmetic at morale 7; the army's total."""
    spent = 0
    for row in forces.shown_rows():
        cost, extra = book[row["unit"]]
        each = (extra or cost) + (0 if row["unit"] == "fortress" else MORALE[7])
        jumpers = row["jumping"] or 0
        assert row["bought"] == (0 if row["unit"] in skipped else 1 + jumpers), row
        assert row["points"] == str(each * row["bought"] + JUMP * jumpers), row
        spent += each * row["bought"] + JUMP * jumpers
    return spent


@rule("HS-STK-1")
def test_the_whole_line_is_set_up_around_a_hex_three_counters_a_hex_at_most(designer):
    app, _, scene = designer
    scene.show(2)
    buy(app, scene.pages[2], "combat_car", 7)
    scene.show(3)
    setup = scene.pages[3]
    click(app, setup.whole.button)
    label = open_hexes(scene.draft.board(), (18, 22), 1)[0]
    click(app, setup.picture().centre(label))
    placed = [u["at"] for u in scene.draft.units if u["unit"] == "combat_car"]
    assert None not in placed and placed.count(label) == 3
    assert max(placed.count(h) for h in placed) == 3 and len(set(placed)) == 3
    board = scene.draft.board()
    assert all(board.distance(board.hex_named(label), board.hex_named(h)) <= 1 for h in placed)


def test_fewer_players_or_another_army_asks_before_bought_units_are_dropped(designer):
    app, _, scene = designer
    armies = scene.pages[1]
    scene.show(1)
    click(app, armies.players.arrows()[1].center)                  # 3 players: nothing bought, no question
    assert scene.draft.sides == ["blue", "tan", "red"]
    scene.draft.buy("red", "combat_car")
    scene.draft.buy("blue", "combat_car")
    click(app, armies.players.arrows()[0].center)                  # back to 2: the Mercenaries' car would go
    box = app.stack.top
    assert box.title == "Drop bought units?" and "1 unit" in box.message
    key(app, pygame.K_ESCAPE)                                      # Back: nothing changes
    assert scene.draft.sides == ["blue", "tan", "red"] and armies.players.value == 3
    click(app, armies.players.arrows()[0].center)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Drop them"))
    assert scene.draft.sides == ["blue", "tan"] and scene.draft.counts("blue") == {"combat_car": 1}
    pick = armies.rows[0][1]                                       # Slammers -> Mercenaries keeps the car
    click(app, pick.arrows()[1].center)
    assert scene.draft.sides[0] == "red" and scene.draft.counts("red") == {"combat_car": 1}
    click(app, pick.arrows()[1].center)                            # -> Tan army, which has no combat cars
    assert app.stack.top.title == "Drop bought units?"
    click(app, next(b for b in app.stack.top.buttons if b.label == "Drop them"))
    assert scene.draft.sides == ["tan", "red"] and scene.draft.units == []


def test_closing_the_window_asks_before_an_unsaved_design_is_lost(designer):
    app, _, scene = designer
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert app.running is False                                   # nothing designed yet: the window closes
    app.running = True
    scene.draft.buy("blue", "tank")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert app.running and app.stack.top.title == "Quit and lose it?"
    key(app, pygame.K_ESCAPE)                                     # Back
    assert app.running and app.stack.top is scene
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    pygame.event.post(pygame.event.Event(pygame.QUIT))            # a second close goes on and quits
    app.pump()
    assert app.running is False


@rule("HS-SKM-2")
def test_infantry_bought_on_skimmers_sets_up_riding_them_at_no_cost(designer):
    app, _, scene = designer
    scene.show(2)
    forces = scene.pages[2]
    row = next(r for r in forces.rows if r[0]["unit"] == "infantry")
    click(app, row[1].more)
    before = scene.summary()[0]["blue"]
    click(app, row[3].button)
    assert row[3].on and scene.summary()[0]["blue"] == before == 11
    assert [line.get("skimmers") for line in scene.draft.raw()["forces"]["blue"]] == [True]
    click(app, forces.army_buttons[1])                             # the Tan army's infantry has no skimmers
    assert next(r for r in forces.rows if r[0]["unit"] == "infantry")[3] is None


def test_a_broken_panel_in_the_players_maps_folder_is_named_not_a_crash(private_data_dir):
    from game.core.paths import user_maps_dir
    folder = user_maps_dir() / "slammers"
    folder.mkdir(parents=True)
    (folder / "panel5.tmx").write_text("<map>half a panel", encoding="utf-8")
    from game.ui import settings
    from game.ui.games.sl_design import open_designer
    from game.ui.window import App
    app = App(size=(1280, 720), games=[sl.SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.pump()
    scene = open_designer(app)
    app.pump()
    problem = scene.summary()[2]
    assert "panel5.tmx" in problem and "\n" not in problem and scene.draft.board() is None
    for i in range(5):                                     # every page draws without the map
        scene.show(i)
        app.dirty = True
        app.pump()
    maps = scene.pages[0]
    scene.show(0)
    drag(app, maps.cells[(1, 0)].center, (maps.area.right - 5, maps.area.bottom - 5))   # the broken panel off
    assert scene.draft.board() is not None and scene.summary()[2] == "Hammer's Slammers has no units yet (Forces)."
    pygame.event.clear()
    pygame.display.quit()


@rule("HS-SET-5")
def test_a_saved_battle_opens_again_in_the_designer_just_as_it_was_saved(designer):
    app, _, scene = designer
    d = scene.draft
    d.set_players(3)
    d.alliance, d.morale["red"], d.victory, d.attacker, d.place = 1, 7, "hold", "red", "Marrow"
    for side, unit, jump in (("blue", "tank", False), ("tan", "tank", False), ("red", "infantry", True),
                             ("red", "fortress", False), ("red", "howitzer", False), ("tan", "apc", False)):
        assert d.buy(side, unit, jump) is None
    assert d.toggle_loaded("tan") is None
    d.toggle_gas("red", "howitzer")
    d.toggle_ecm("blue")
    board = d.board()
    for u, label in zip(d.units, open_hexes(board, (2, 40), 60)[::7]):
        assert d.place_unit(u, label) is None
    d.title, d.briefing, d.name = "Round trip", "Out and back.", "round_trip"
    saved = dict(d.raw())
    assert d.problem() is None and sl.design_save(saved, "round_trip") == "round_trip"
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Leave without saving"))
    form = app.stack.top
    click(app, form.design_button)
    scene = app.stack.top
    scene.show(4)
    battle = scene.pages[4]
    assert battle.saved.value == "round_trip"
    click(app, battle.open_button)
    assert scene.draft.name == "round_trip" and scene.page == 0 and not scene.draft.changed
    assert scene.draft.raw() == saved and scene.pages[4].title_field.value == "Round trip"
    state = sl.SPEC.setup(2, "round_trip")
    assert any(u.get("cargo") for u in state["units"].values())


def test_a_battle_made_by_hand_with_zones_is_refused_by_the_designer_in_one_line(designer, private_data_dir):
    app, _, scene = designer
    raw = json.loads((Path(sl.__file__).parent / "scenarios" / "learning.json").read_text(encoding="utf-8"))
    folder = Path(sl.design_folder())
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "by_hand.json").write_text(json.dumps(dict(raw, name="by_hand")), encoding="utf-8")
    scene.open_saved("by_hand")
    box = app.stack.top
    assert box.title == "Cannot open the battle" and box.message.startswith("by_hand: a line of blue uses a set-up zone")
    assert "\n" not in box.message


def test_saving_under_a_shipped_scenarios_name_is_refused_without_a_question_first(designer):
    app, _, scene = designer
    d = scene.draft
    d.slots = {(0, 0): "panel4.tmx"}
    for side in ("blue", "tan"):
        d.buy(side, "tank")
    for u, label in zip(d.units, open_hexes(d.board(), (2, 20), 40)[::9]):
        assert d.place_unit(u, label) is None
    scene.show(4)
    battle = scene.pages[4]
    click(app, battle.name_field)
    key(app, pygame.K_l, text="learning")
    click(app, scene.save_button)
    box = app.stack.top
    assert box.title == "Cannot save the battle" and "a shipped scenario's" in box.message



@rule("HS-APC-2")
@rule("HS-STK-3")
@rule("HS-PTS-9")
def test_apcs_bought_loaded_carry_infantry_priced_and_stacked_as_two(designer):
    app, _, scene = designer
    d = scene.draft
    scene.show(2)
    forces = scene.pages[2]
    click(app, forces.army_buttons[1])                                 # the Tan army
    apc = next(r for r in forces.rows if r[0]["unit"] == "apc")
    buy(app, forces, "apc", 2)
    click(app, apc[3].button)
    assert apc[3].on and scene.summary()[0]["tan"] == 2 * (9 + 8)      # each APC with its infantry
    assert next(r for r in forces.shown_rows() if r["unit"] == "apc")["points"] == "34"
    label = open_hexes(d.board(), (2, 20), 1)[0]
    assert d.place_unit(d.units[0], label) is None
    assert "3 at most (HS-STK-1)" in d.place_unit(d.units[1], label)   # 2 + 2 counters would be 4
    assert [line.get("carrying") for line in d.raw()["forces"]["tan"]] == ["infantry", "infantry"]
    buy(app, forces, "militia")                  # an army with militia fields all its infantry as militia
    assert [line.get("carrying") for line in d.raw()["forces"]["tan"] if line["unit"] == "apc"] == ["militia"] * 2
    assert scene.summary()[0]["tan"] == 2 * (9 + 3) + 3
    buy(app, forces, "infantry")                 # and then no infantry
    assert "mixes infantry and militia" in scene.said[0] and d.count("tan", "infantry") == 0
