"""Long work and idle time: a settled table draws nothing; a long load shows progress and stays live;
a game killed mid-play resumes exactly where it was."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from game.core import paths
from game.core.session import Session
from game.rules import GAMES

from .conftest import button, click, lift_curtain, pump_until

pytestmark = pytest.mark.ui
ROOT = paths.PROJECT_ROOT


def test_a_settled_table_draws_no_frames_until_input(monkeypatch, app, toy_spec):
    import dataclasses

    from game.ui import board_view
    map_file = paths.maps_dir() / "judean_hammer.tmx"
    if not map_file.exists():
        pytest.skip("maps/judean_hammer.tmx is not there")
    from game.boards import load_map
    board = load_map(map_file)
    monkeypatch.setattr(board_view, "PULSE_SETTLE_MS", 150)
    spec = dataclasses.replace(toy_spec, board=lambda state: board, hidden_information=False,
                               ui="tests.ui.toy_adapter:BoardToyAdapter")
    app.start_session(Session(spec, 5))
    app.pump()
    play = app.stack.top
    assert play.board_view.targets                          # Tephon pulses: a step is legal there

    def frames_in(seconds):
        before, end = app.frames, time.monotonic() + seconds
        while time.monotonic() < end:
            app.pump()
            time.sleep(0.01)
        return app.frames - before

    def frames_within(limit, at_least=2):
        # A loaded machine pumps slowly: wait up to `limit` for the frames, not a fixed slice.
        before, end = app.frames, time.monotonic() + limit
        while time.monotonic() < end and app.frames - before < at_least:
            app.pump()
            time.sleep(0.01)
        return app.frames - before

    def settles(limit=10.0):
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if frames_in(0.3) == 0:
                return True
        return False
    assert frames_within(3.0) > 1                           # pulsing
    assert settles()                                        # idle: a quiet 0.3 s, nothing redrawn
    assert frames_in(0.3) == 0                              # and it stays quiet
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0), buttons=(0, 0, 0)))
    assert frames_within(3.0) > 1                           # any input wakes the pulse


def _long_save(tmp_path, name="hack_sack", seed=3, moves=5000):
    from game.ai.random_bot import RandomBot
    spec = GAMES[name]
    session, bot = Session(spec, seed), RandomBot(spec, seed + 1)
    while session.active() is not None and len(session.actions) < moves:
        session.apply(bot.choose(session.state, session.active()))
    path = tmp_path / "long.json"
    session.save(path)
    return path, session


def test_a_long_save_loads_in_the_background_with_progress(app, tmp_path, monkeypatch):
    if "hack_sack" not in GAMES:
        pytest.skip("Hack & Sack is not installed")
    from game.ui import loading
    path, session = _long_save(tmp_path)
    monkeypatch.setattr(loading, "QUICK_S", 0.0)            # as if the replay were slow
    app.load_game(path)
    scene = app.stack.top
    assert type(scene).__name__ == "LoadingScene"
    texts = set()
    pump_until(app, lambda: texts.add(scene.replay.progress_text().split(" · ")[0]) or
               type(app.stack.top).__name__ in ("PlayScene", "CurtainScene"), seconds=20)
    assert f"of {len(session.actions)}" in " ".join(texts)
    from game.ui.play import PlayScene
    play = app.stack.find(PlayScene)
    assert play.session.actions == session.actions and play.session.spec is GAMES["hack_sack"]


def test_a_long_load_hands_over_in_turns_of_its_own(app, tmp_path, monkeypatch):
    # The table is built in one turn of the loop, its side column and counters drawn ahead in the
    # next two, its map a slice a turn behind the box, then shown whole; its autosave is written in
    # a turn of its own.
    if "hack_sack" not in GAMES:
        pytest.skip("Hack & Sack is not installed")
    from game.ui import loading
    from game.ui.play import PlayScene
    path, session = _long_save(tmp_path, moves=400)               # a game still going on
    monkeypatch.setattr(loading, "QUICK_S", 0.0)
    # On a loaded machine the replay thread may finish before load_game asks; the hand-over
    # below is what is checked, so the first question is answered "not yet" whatever the thread did.
    asked = []
    monkeypatch.setattr(loading.Replay, "finished", lambda self, __f=loading.Replay.finished: (
        asked.append(1), len(asked) > 1 and __f(self))[1])
    app.load_game(path)
    scene = app.stack.top
    scene.replay.thread.join(30)
    built = []
    monkeypatch.setattr(PlayScene, "__init__", lambda self, *a, __init=PlayScene.__init__: (
        built.append(len(app.stack.scenes)), __init(self, *a))[1])
    monkeypatch.setattr(loading, "HANDOVER_S", 0.0)             # one piece a turn
    app.pump()
    assert built and app.stack.top is scene                     # built behind the box, not shown yet
    app.pump()
    assert app.stack.top is scene and app._prepared[1]._chrome[0] is not None   # its side column drawn ahead
    app.pump()
    assert app.stack.top is scene                               # its counters drawn ahead
    written = []
    monkeypatch.setattr(Session, "autosave", lambda self: written.append(len(self.actions)))
    turns = 0
    while not isinstance(app.stack.top, PlayScene):
        app.pump()
        turns += 1
    play = app.stack.top
    assert 2 < turns < 200 and len(built) == 1 and not written  # shown: the scene built ahead...
    assert not play.board_view.rendering()                      # ...with its map drawn whole
    app.pump()
    assert not written
    app.pump()
    assert written == [len(session.actions)]                     # the autosave, once the map is whole


def test_cancel_stops_a_long_load_and_keeps_the_menu(app, tmp_path, monkeypatch):
    if "hack_sack" not in GAMES:
        pytest.skip("Hack & Sack is not installed")
    from game.ui import loading
    path, _ = _long_save(tmp_path)
    monkeypatch.setattr(loading, "QUICK_S", 0.0)
    app.load_game(path)
    scene = app.stack.top
    click(app, button(scene, "Cancel"))
    scene.replay.thread.join(5)
    for _ in range(3):
        app.pump()
    assert type(app.stack.top).__name__ == "MenuScene"


KILLED = r"""
import os, signal, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, sys.argv[1])
from game.ai.random_bot import RandomBot
from game.core.session import Session
from game.rules import GAMES
from game.ui import settings
from game.ui.window import App
from game.ui.play import PlayScene
spec = GAMES[sys.argv[2]]
app = App(size=(1280, 720), settings=dict(settings.DEFAULTS, animation="off", volume=0))
app.start_session(Session(spec, 17))
bot = RandomBot(spec, 18)
for _ in range(int(sys.argv[3])):
    app.pump()
    play = app.stack.find(PlayScene)
    if play.handover is not None:
        play.end_turn()
    while type(app.stack.top).__name__ == "CurtainScene":
        app.stack.pop()
    play.act(bot.choose(play.session.state, play.session.active()))
app.pump()
os.kill(os.getpid(), signal.SIGKILL)        # no clean exit: the autosave is all that is left
"""


@pytest.mark.parametrize("name", ["judean_hammer", "hack_sack"])
def test_a_game_killed_mid_play_resumes_exactly(app, tmp_path, name):
    if name not in GAMES:
        pytest.skip(f"{name} is not installed")
    moves = 40
    env = dict(os.environ, WARGAMES_DATA_DIR=str(paths.data_dir()))
    run = subprocess.run([sys.executable, "-c", KILLED, str(ROOT), name, str(moves)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == -signal.SIGKILL, run.stderr[-2000:]
    saved = json.loads(paths.autosave_path().read_text())
    assert saved["game"] == name and len(saved["actions"]) == moves
    app.open_menu()
    app.pump()
    menu = app.stack.top
    click(app, next(b for b in menu.buttons if b.label.startswith("Resume")))
    from game.ui.play import PlayScene
    pump_until(app, lambda: app.stack.find(PlayScene) is not None)
    play = app.stack.find(PlayScene)
    assert json.loads(json.dumps(play.session.actions)) == saved["actions"]
    assert GAMES[name].snapshot(json.loads(json.dumps(play.session.state))) == saved["snapshot"]   # so who acts too
    if type(app.stack.top).__name__ == "CurtainScene":         # hidden hands: the curtain comes first
        assert app.stack.top.side == play.session.active()
        lift_curtain(app)
    assert app.stack.top is play and play.viewer == play.session.active()
