"""The first hour at the table, what the map and the log show: places never hidden, places named, copied maps marked."""
from __future__ import annotations

import pygame
import pytest

from game.core.session import Session
from game.rules import GAMES

pytestmark = pytest.mark.ui

def test_a_players_copied_map_is_marked_in_the_map_chooser():
    from pathlib import Path

    from game.boards.copying import copy_map_for_editing
    from game.core import paths
    from game.ui.newgame import map_choices
    root = Path(__file__).resolve().parents[2]
    paths.user_maps_dir().mkdir(parents=True, exist_ok=True)
    copy_map_for_editing(root / "maps" / "judean_hammer.tmx", paths.user_maps_dir())
    labels = [label for label, _path in map_choices(GAMES["judean_hammer"])]
    mine = [label for label in labels if label.endswith("(your copy)")]
    assert len(mine) == 1 and mine[0].replace(" (your copy)", "") in labels


def test_the_hack_and_sack_log_names_places_for_hex_numbers():
    from game.ui.games.hack_sack import HackSackAdapter
    spec = GAMES["hack_sack"]
    adapter = HackSackAdapter(spec, Session(spec, 3, None, {"deploy": "standard"}))
    board = adapter.board()
    trenton = next(p for p in board.places if p.name == "Trenton")
    label = board.label(trenton.hex)
    assert adapter.log_words(f"jerseyite: sets up NRA 1 in {label}.") == \
        f"jerseyite: sets up NRA 1 in Trenton ({label})."
    assert adapter.log_words("State of the State 2 = 8") == "State of the State 2 = 8"


def test_the_card_being_carried_out_never_hides_a_place_the_player_may_click():
    """Apollonius Marches from Samaria places Greek units in the supply centres, one of them in the
    map's top-right corner, where the card in play used to be drawn over it (issue 10)."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda"), ("done",),
                       ("done",), ("card", 12), ("event",)):
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        play.adapter.pointer = (5, 5)                    # the pointer is not on the hand
        targets = play.board_view.targets
        assert "Scythopolis" in targets

        def frame():
            surface = pygame.Surface(app.screen.get_size())
            play.board_view.draw(surface, 0)
            play.adapter.draw_overlay(surface, play.board_view, play.view, 0)
            return surface
        with_card = frame()
        assert play.adapter.shown_card(play.view)[0]["id"] == 12
        play.adapter.shown_card = lambda view: (None, False)
        without = frame()
        hidden = []
        for place in targets:
            x, y = play.board_view.screen_pos(place)
            patch = pygame.Rect(x - 3, y - 3, 7, 7)
            if pygame.image.tobytes(with_card.subsurface(patch), "RGB") != \
                    pygame.image.tobytes(without.subsurface(patch), "RGB"):
                hidden.append(place)
        assert not hidden, f"the card hides {hidden}"
    finally:
        pygame.display.quit()


def test_the_dice_tray_hides_no_place_name(monkeypatch):
    """After the battle at Emmaus the tray stays on the map for a few seconds: it goes where it
    covers no printed name (the top-left corner held Ptolemais, issue 10)."""
    import numpy as np

    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    from .test_map_names import name_ink_on_screen
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="fast"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda"), ("done",),
                       ("done",), ("card", 12), ("event",), ("area", "Scythopolis"), ("area", "Scythopolis"),
                       ("area", "Ascalon"), ("card", 9), ("event",), ("area", "Modein"), ("area", "Emmaus")):
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        play.act(("done",))                               # the battle at Emmaus is fought
        for _ in range(3):
            app.pump()
        assert play.dice.visible and play.dice.dice["values"]

        def frame():
            app.dirty = True
            app.draw()
            return pygame.surfarray.array3d(app.screen).astype(np.int32)
        play.dice.start -= play.dice.tumble_ms         # settled: the result written beside the dice
        with_tray = frame()
        play.dice.visible = False
        without = frame()
        tray = np.abs(with_tray - without).sum(axis=2) > 60
        tray[play.map_rect.right:, :] = False              # the side column may change too (the prompt)
        assert tray.sum() > 2000, "the tray was not drawn"
        names = name_ink_on_screen(play.board_view, app.screen.get_size())
        assert not (tray & names).any(), "the dice tray covers a place name"
    finally:
        pygame.display.quit()


def test_the_hack_and_sack_log_names_the_nearest_place_a_few_hexes_off():
    """'Senator moves to 2442' said nothing to a newcomer: two hexes from Atlantic City it is
    '2442 near Atlantic City'; far from every place the number stays alone."""
    from game.rules.hack_sack.board import distance
    from game.ui.games.hack_sack import HackSackAdapter
    spec = GAMES["hack_sack"]
    adapter = HackSackAdapter(spec, Session(spec, 3, None, {"deploy": "standard"}))
    board = adapter.board()
    places = [p for p in board.places if p.hex in board.hexes]
    city = next(p for p in places if p.name == "Atlantic City")
    two = next(h for h in sorted(board.hexes) if distance(h, city.hex) == 2
               and min(distance(h, p.hex) for p in places) == 2
               and min((distance(h, p.hex), p.kind != "city", p.name) for p in places)[2] == "Atlantic City")
    label = board.label(two)
    assert adapter.log_words(f"jerseyite: Senator moves to {label}.") == \
        f"jerseyite: Senator moves to {label} near Atlantic City."
    far = next((h for h in sorted(board.hexes) if min(distance(h, p.hex) for p in places) > 3), None)
    if far is not None:
        assert adapter.log_words(f"moves to {board.label(far)}.") == f"moves to {board.label(far)}."


def test_the_log_names_each_side_as_the_game_does_never_by_its_key():
    """'Blue: Turn 1: Blue moves' in Hammer's Slammers: the log now says the side's own name."""
    from game.ui.play_parts import table_words
    assert table_words("maccabean: plays #8.", GAMES["judean_hammer"]) == "Maccabean: plays #8."
    assert table_words("krylon: Legion 1 lands.", GAMES["hack_sack"]) == "Krylon: Legion 1 lands."
    if "slammers" in GAMES:
        assert table_words("blue: Turn 1: blue moves", GAMES["slammers"]) == \
            "Hammer's Slammers: Turn 1: Hammer's Slammers moves"
    if "armageddon" in GAMES:
        assert table_words("ork: Every Ork counter", GAMES["armageddon"]) == "Ork: Every Ork counter"


def test_a_march_arrow_never_hides_the_names_it_passes():
    """Nicanor's Day marches Modein > Emmaus: the arrow ended on Emmaus's mark, its head over the
    name. The names the arrows pass are printed again over them (all but a few edge pixels)."""
    import numpy as np

    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    from .test_map_names import name_ink_on_screen
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        session = Session(spec, 701174)
        for action in (("card", 8), ("ops",), ("move",), ("area", "Modein"), ("area", "Lydda"), ("done",),
                       ("done",), ("card", 12), ("event",), ("area", "Scythopolis"), ("area", "Scythopolis"),
                       ("area", "Ascalon"), ("card", 9), ("event",), ("area", "Modein"), ("area", "Emmaus")):
            session.apply(action)
        app.start_session(session)
        app.pump()
        play = play_scene(app)
        play.adapter.pointer = (5, 5)
        assert play.adapter.marches(play.view)

        def frame():
            surface = pygame.Surface(app.screen.get_size())
            play.board_view.draw(surface, 0)
            play.adapter.draw_overlay(surface, play.board_view, play.view, 0)
            return pygame.surfarray.array3d(surface).astype(np.int32)
        with_arrows = frame()
        play.adapter.marches = lambda view: []
        without = frame()
        names = name_ink_on_screen(play.board_view, app.screen.get_size())
        arrows = np.abs(with_arrows - without).sum(axis=2) > 60
        assert arrows.sum() > 300, "no arrow was drawn"
        hidden = (arrows & names).sum()
        assert hidden < 20, f"{hidden} pixels of names under the arrows"
    finally:
        pygame.display.quit()


def test_the_table_panels_pile_cards_stay_inside_their_slots_in_a_small_window():
    """At 1000x600 a pile's top card drew its G+3 badge over the count beside it ('G+3 2')."""
    import numpy as np

    from game.rules.judean_hammer.cards import CARDS
    from game.ui import style
    from game.ui.games.jh_panels import TablePanel
    pygame.init()
    style.set_scale(1000, 600)
    try:
        panel = TablePanel(None)
        rect = pygame.Rect(0, 0, 280, 132)
        top = dict(CARDS[24], id=24) if isinstance(CARDS, dict) else next(c for c in CARDS if c["id"] == 24)

        def drawn(card):
            surface = pygame.Surface(rect.size)
            surface.fill((0, 0, 0))
            panel.draw(surface, rect, {"piles": {"discard": 2, "discard_top": card}}, 0)
            return pygame.surfarray.array3d(surface).astype(np.int32)
        changed = np.argwhere(np.abs(drawn(top) - drawn(None)).sum(axis=2) > 0)
        pad, cw = style.px(6), style.px(28)
        step = (rect.w - 2 * pad) // 4
        slot = pygame.Rect(pad + step, pad, cw, round(cw * 1.36))          # the Discard pile's card
        outside = [tuple(p) for p in changed if not slot.collidepoint(p)]
        assert len(changed) and not outside, outside[:5]
    finally:
        style.set_scale(1280, 720)


@pytest.mark.rule("JH-BAT-2")
def test_every_cube_of_a_stack_at_the_maps_foot_shows_at_1280_by_720():
    """A side's strength is its units in the area (JH-BAT-2), so every cube must show. Idumea's mark
    sits at the map's foot: its cubes were drawn below it, off the bottom of the window (issue 10's
    playthrough). Each stack of every area now lies whole inside the map view."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(Session(spec, 11))
        app.pump()
        view = play_scene(app).board_view
        areas = sorted(view.board.areas)
        for count in (1, 3, 6):
            view.set_pieces([{"id": f"g{i}", "side": "greek", "at": area, "style": "cube", "count": count}
                             for i, area in enumerate(areas)])
            outside = [r for r in view.piece_rects() if not view.camera.viewport.contains(r)]
            assert not outside, f"{len(outside)} cubes of stacks of {count} drawn outside the map, e.g. {outside[0]}"
    finally:
        pygame.display.quit()


@pytest.mark.rule("HSNJ-MOV-1")
def test_a_landing_pads_stack_and_its_count_stay_in_view_at_1280_by_720():
    """Landing Pad 4 sits at the map's foot: its counter and its count badge ('8') were cut by the
    window's bottom edge at the end of a whole game played through the window (issue 10)."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["hack_sack"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(Session(spec, 3, None, {"deploy": "standard"}))
        app.pump()
        play = play_scene(app)
        view = play.board_view
        krylon = next(p for p in play.adapter.shown_pieces(play.view) if p.get("side") == "krylon")
        pads = [f"Landing Pad {n}" for n in range(1, 5)]
        for count in (1, 3, 8, 13):
            view.set_pieces([dict(krylon, id=f"{pad}-{i}", at=pad) for pad in pads for i in range(count)])
            outside = [r for r in view.piece_rects() if not view.camera.viewport.contains(r)]
            assert not outside, f"stacks of {count}: {len(outside)} counters or badges cut, e.g. {outside[0]}"
    finally:
        pygame.display.quit()


@pytest.mark.rule("HSNJ-GAP-3")
def test_a_long_pile_on_a_landing_pad_stays_inside_its_cell_with_its_top_counter_whole():
    """A Landing Pad holds any number of units (HSNJ-GAP-3): nineteen on Pad 1 (a whole game played
    through the window, issue 10) ran past the cell into Pad 2's, the top counter cut; the pile now
    shrinks to fit and the count says 19."""
    import numpy as np

    from game.ui import style
    from game.ui.games.hack_sack import HackSackAdapter
    from game.ui.games.hs_panels import UnitPanel
    pygame.init()
    style.set_scale(1280, 720)
    spec = GAMES["hack_sack"]
    adapter = HackSackAdapter(spec, Session(spec, 3, None, {"deploy": "standard"}))
    adapter.viewer = "krylon"
    play = type("Table", (), {"adapter": adapter, "view": adapter.session.view("krylon")})
    panel = next(p for p in play.adapter.panels() if isinstance(p, UnitPanel))
    krylon = next(p for p in play.view["pieces"] if p.get("side") == "krylon")
    rect = pygame.Rect(0, 0, 340, 120)

    def drawn(n):
        view = dict(play.view, selected=None,
                    pieces=[dict(krylon, id=f"k{i}", at="Landing Pad 1", where="box") for i in range(n)])
        surface = pygame.Surface(rect.size)
        surface.fill((0, 0, 0))
        panel.draw(surface, rect, view, 0)
        return pygame.surfarray.array3d(surface).astype(np.int32), view
    full, view = drawn(19)
    empty, _ = drawn(0)
    cell = next(c for pad, c in panel._pad_cells(rect, view) if pad == "Landing Pad 1")
    changed = np.argwhere(np.abs(full - empty).sum(axis=2) > 0)
    outside = [tuple(p) for p in changed if not cell.collidepoint(p)]
    assert len(changed) and not outside, outside[:5]


@pytest.mark.rule("JH-BAT-2")
def test_a_places_cubes_never_hide_a_printed_name_at_1280_by_720():
    """Beth Zur's two Greek cubes sat on the name "Hebron" from the first turn of a game played
    through the window (issue 10); Adasa's, Bethlehem's and Lebonah Pass's hid their neighbours'.
    A cluster whose spot hides a name moves a little aside (a cluster of one side, in every area)."""
    from game.ui import settings
    from game.ui.window import App

    from .test_judean_hammer_ui import play_scene
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(Session(spec, 11))
        app.pump()
        view = play_scene(app).board_view
        hidden = []
        for area in sorted(view.board.areas):
            for count in (1, 3, 6):
                view.set_pieces([{"id": "g", "side": "greek", "at": area, "style": "cube", "count": count}])
                if any(view.covers_name(r.inflate(-4, -4)) for r in view.piece_rects()):
                    hidden.append((area, count))
        assert not hidden, f"cubes hide a name: {hidden}"
    finally:
        pygame.display.quit()
