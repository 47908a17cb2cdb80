"""A map edited on disk while its game is on screen: reloaded in place, or refused and kept."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from game.core.session import Session
from game.rules import GAMES
from game.ui.map_watch import MapWatcher

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]


def copy_map(tmp_path, name):
    """A player's copy of a shipped map (with what it names) in a folder of their own."""
    from game.boards.copying import copy_map_for_editing
    return copy_map_for_editing(ROOT / "maps" / name, tmp_path)


def edit(path: Path, change) -> None:
    """Rewrite the map file as an editor would, and make sure its time stamp moves on."""
    before = path.stat().st_mtime_ns
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))


def retitle(text: str) -> str:
    return re.sub(r'(<property name="title" value=")[^"]*', r"\1Judea, edited", text, count=1)


def poll_until_settled(watcher, state, board):
    """The watcher acts only once the file has held still for one poll."""
    outcomes = [watcher.poll(state, board, t) for t in (0.0, 2.0, 4.0, 6.0)]
    return [o for o in outcomes if o is not None]


@pytest.fixture
def jh_session(tmp_path):
    path = copy_map(tmp_path, "judean_hammer.tmx")
    spec = GAMES["judean_hammer"]
    return spec, Session(spec, 5, options={"map": str(path)}), path


def test_an_edit_that_keeps_every_place_reloads_in_place(jh_session):
    spec, session, path = jh_session
    watcher = MapWatcher(spec)
    old = spec.board(session.state)
    watcher.poll(session.state, old, 0.0)
    edit(path, retitle)
    outcomes = poll_until_settled(watcher, session.state, old)
    assert [o[0] for o in outcomes] == ["reloaded"]
    assert spec.board(session.state).title == "Judea, edited"
    assert session.legal_actions()                       # the game goes on on the new map


def test_an_edit_that_removes_an_area_in_use_is_refused_and_the_old_map_stays(jh_session):
    spec, session, path = jh_session
    watcher = MapWatcher(spec)
    old = spec.board(session.state)
    state_before = session.state
    watcher.poll(session.state, old, 0.0)
    # Rename Modein, where Maccabean cubes stand at setup, and every road that names it.
    edit(path, lambda t: t.replace('"Modein"', '"Modiin"'))
    outcomes = poll_until_settled(watcher, session.state, old)
    assert outcomes[0][0] == "refused"
    assert any("Modein" in line for line in outcomes[0][1]), outcomes
    assert spec.board(session.state) is old and session.state is state_before


def test_a_broken_file_is_refused_with_the_validators_message(jh_session):
    spec, session, path = jh_session
    watcher = MapWatcher(spec)
    old = spec.board(session.state)
    watcher.poll(session.state, old, 0.0)
    edit(path, lambda t: t[: len(t) // 2])
    outcomes = poll_until_settled(watcher, session.state, old)
    assert outcomes[0][0] == "refused"
    assert "judean_hammer.tmx" in outcomes[0][1][0]
    assert spec.board(session.state) is old


def test_a_hex_map_edit_of_an_empty_corner_reloads(tmp_path):
    spec = GAMES["hack_sack"]
    path = copy_map(tmp_path, "hack_sack_nj.tmx")
    session = Session(spec, 3, options={"map": str(path), "deploy": "standard"})
    watcher = MapWatcher(spec)
    old = spec.board(session.state)
    watcher.poll(session.state, old, 0.0)
    edit(path, lambda t: re.sub(r'(<property name="title" value=")[^"]*', r"\1New Jersey, edited", t, count=1))
    outcomes = poll_until_settled(watcher, session.state, old)
    assert [o[0] for o in outcomes] == ["reloaded"]
    assert spec.board(session.state) is not old


def test_the_play_scene_reloads_the_map_and_tells_the_player(jh_session):
    from game.ui import settings
    from game.ui.scene import MessageBox
    from game.ui.window import App
    spec, session, path = jh_session
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(session)
        app.pump()
        play = next(s for s in app.stack.scenes if hasattr(s, "map_watch"))
        play.map_watch.interval = 0.0
        play.update(0)                                     # the watcher notes the file as it is
        old_view = play.board_view
        edit(path, retitle)
        play.update(0)
        play.update(0)
        assert play.board_view is not old_view and play.board_view.board.title == "Judea, edited"
        assert "Map reloaded" in app.toast_text
        edit(path, lambda t: t[: len(t) // 3])
        play.update(0)
        play.update(0)
        assert isinstance(app.stack.top, MessageBox)
        assert play.board_view.board.title == "Judea, edited"
    finally:
        pygame.event.clear()
        pygame.display.quit()


def test_copy_map_makes_a_copy_that_validates_and_never_overwrites(private_data_dir, capsys):
    from game.app import main
    from game.boards import check_map, maps_for_game
    assert main(["--copy-map", "hack_sack_nj"]) == 0
    assert main(["--copy-map", "judean_hammer"]) == 0
    assert main(["--copy-map", "hack_sack_nj"]) == 0
    folder = private_data_dir / "maps"
    names = sorted(p.name for p in folder.glob("*.tmx"))
    assert names == ["hack_sack_nj-2.tmx", "hack_sack_nj.tmx", "judean_hammer.tmx"]
    assert (folder / "judean_hammer_background.png").exists()
    for path in folder.glob("*.tmx"):
        assert check_map(str(path)) == [], path
    assert len(maps_for_game("hack_sack", [folder])) == 2
    assert main(["--copy-map", "no_such_map"]) == 1
    assert "no map 'no_such_map'" in capsys.readouterr().err


@pytest.mark.tiled
def test_a_copied_hex_map_opens_in_tiled(tmp_path):
    if not shutil.which("tmxrasterizer"):
        pytest.skip("Tiled's tmxrasterizer is not installed")
    path = copy_map(tmp_path / "mine", "hack_sack_nj.tmx")
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(["tmxrasterizer", str(path), str(tmp_path / "nj.png")], env=env,
                          timeout=60, capture_output=True, text=True)
    assert done.returncode == 0 and (tmp_path / "nj.png").stat().st_size > 100_000, done.stderr


def test_a_broken_map_of_the_player_is_listed_and_start_shows_the_validators_lines(private_data_dir):
    from game.ui import settings
    from game.ui.newgame import NewGameScene
    from game.ui.scene import MessageBox
    from game.ui.window import App
    path = copy_map(private_data_dir / "maps", "judean_hammer.tmx")
    edit(path, lambda t: t.replace('orientation="orthogonal"', 'orientation="hexagonal"'))
    spec = GAMES["judean_hammer"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        scene = NewGameScene([spec], "judean_hammer")
        app.stack.push(scene)
        labels = [label for label, _ in scene.map.options]
        assert "judean_hammer (cannot be played)" in labels
        scene.map.index = labels.index("judean_hammer (cannot be played)")
        scene.start()
        assert isinstance(app.stack.top, MessageBox)
        assert "judean_hammer.tmx" in app.stack.top.message and "orientation" in app.stack.top.message
    finally:
        pygame.event.clear()
        pygame.display.quit()


def test_a_board_of_panels_is_watched_file_by_file(tmp_path):
    # A scenario's board joined from two geomorphic panels: an edit to either is followed.
    from dataclasses import replace

    from game.boards import join_boards
    from tests.toykit import SPEC as TOY
    fixtures = ROOT / "tests" / "fixtures" / "maps"
    for name in ("geo_a.tmx", "geo_b.tmx", "hex_flat.tsx", "hex_flat.png"):
        shutil.copy(fixtures / name, tmp_path / name)
    panels = [tmp_path / "geo_a.tmx", tmp_path / "geo_b.tmx"]
    boards = {"in play": join_boards([(panels[0], 0, 0), (panels[1], 8, 0)])}

    def build(state):
        return join_boards([(panels[0], 0, 0), (panels[1], 8, 0)])

    spec = replace(TOY, name="slammers", map_file=None, map_files=lambda state: panels, build_board=build,
                   replace_board=lambda state, board: boards.update({"in play": board}))
    state = spec.setup(1)
    watcher = MapWatcher(spec)
    assert watcher.enabled()
    old = boards["in play"]
    watcher.poll(state, old, 0.0)
    edit(panels[1], lambda t: t.replace('value="Panel B"', 'value="Panel B, edited"'))
    outcomes = poll_until_settled(watcher, state, old)
    assert [o[0] for o in outcomes] == ["reloaded"] and boards["in play"] is not old
    assert "Panel B, edited" in boards["in play"].title
    edit(panels[0], lambda t: t.replace("<layer", "<layer broken"))
    outcomes = [o for o in (watcher.poll(state, boards["in play"], t) for t in (10.0, 12.0, 14.0)) if o]
    assert outcomes[0][0] == "refused" and all("geo_a.tmx" in line for line in outcomes[0][1])
    from game.ui.map_watch import file_name
    assert file_name(spec, state) == "geo_a.tmx + geo_b.tmx"
