"""No game lost without a word, no file that stops the window, no screen that traps the player."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame
import pytest

from game.core import paths
from game.ui.play import PlayScene

from .conftest import between_turns, button, click, key, loaded, pump_until
from .test_scenes import lift_curtain, start_toy_game

pytestmark = pytest.mark.ui
HOSTILE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "hostile"
SAVES = json.loads((HOSTILE / "saves" / "expected.json").read_text(encoding="utf-8"))


def kind(app) -> str:
    """The top scene's class name, once any replay in progress has finished (the machine may be slow)."""
    pump_until(app, lambda: type(app.stack.top).__name__ != "LoadingScene", seconds=30)
    return type(app.stack.top).__name__


def play_a_step_and_leave(app):
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    key(app, pygame.K_ESCAPE)
    assert kind(app) == "MenuScene"
    return play


def start_again(app):
    click(app, button(app.stack.top, "Toy race (test only)"))
    click(app, app.stack.top.start_button)


def autosaved_moves() -> int:
    return len(json.loads(paths.autosave_path().read_text())["actions"])


def test_start_with_an_unfinished_game_asks_and_back_keeps_it(app):
    play_a_step_and_leave(app)
    start_again(app)
    ask = app.stack.top
    assert kind(app) == "ChoiceBox" and "Toy race (test only), 1 move" in ask.message
    click(app, button(ask, "Back"))
    assert kind(app) == "NewGameScene" and autosaved_moves() == 1


def test_keep_it_puts_the_unfinished_game_in_the_saves_then_starts(app):
    play_a_step_and_leave(app)
    start_again(app)
    click(app, button(app.stack.top, "Keep it, then go on"))
    kept = list(paths.saves_dir().glob("*.json"))
    assert len(kept) == 1 and len(json.loads(kept[0].read_text())["actions"]) == 1
    assert app.stack.find(PlayScene).session.actions == [] and autosaved_moves() == 0


def test_replace_it_starts_the_new_game(app):
    play_a_step_and_leave(app)
    start_again(app)
    click(app, button(app.stack.top, "Replace it"))
    assert app.stack.find(PlayScene) is not None and autosaved_moves() == 0
    assert not paths.saves_dir().exists()


def test_ctrl_o_on_the_table_asks_before_a_save_replaces_the_game(app):
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    click(app, button(play, "Step"))
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    click(app, button(app.stack.top, "Load"))
    assert kind(app) == "ChoiceBox" and "2 moves" in app.stack.top.message
    click(app, button(app.stack.top, "Back"))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and len(play.session.actions) == 2 and autosaved_moves() == 2


def test_loading_the_save_of_the_game_on_the_table_at_the_same_move_does_not_ask(app):
    """Ctrl+S then Ctrl+O of that very save: nothing would be lost, so no 'Replace the unfinished game?'."""
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    click(app, button(app.stack.top, "Load"))
    loaded(app)
    if between_turns(app):
        lift_curtain(app)
    assert kind(app) == "PlayScene" and app.stack.top is not play
    assert app.stack.top.session.actions == play.session.actions


def test_a_save_that_cannot_open_on_the_table_leaves_the_autosave_alone(app, tmp_path, monkeypatch):
    play_a_step_and_leave(app)
    before = paths.autosave_path().read_bytes()
    bad = tmp_path / "seats.json"                 # the case that once replaced the autosave, then died
    bad.write_text(json.dumps({"format": 1, "game": "toy_race", "seed": 1, "actions": [], "seats": []}))
    app.open_save(bad)
    assert kind(app) == "MessageBox" and "has damaged seats" in app.stack.top.message
    click(app, button(app.stack.top, "OK"))
    good = tmp_path / "good.json"                 # loads and replays, but the table fails to open it
    good.write_text(json.dumps({"format": 1, "game": "toy_race", "seed": 1, "actions": []}))

    def broken(*_a, **_k):
        raise RuntimeError("no table")
    monkeypatch.setattr(PlayScene, "__init__", broken)
    app.open_save(good)
    loaded(app)
    click(app, button(app.stack.top, "Replace it"))
    assert kind(app) == "MessageBox" and "Nothing was replaced" in app.stack.top.message
    assert paths.autosave_path().read_bytes() == before
    click(app, button(app.stack.top, "OK"))
    assert kind(app) == "MenuScene"


def finished_toy_save(path, toy_ui_spec) -> Path:
    """A whole toy race played to its end (each side steps twice, then rolls), saved at ``path``."""
    from game.core.session import Session
    session = Session(toy_ui_spec, 7)
    while session.result() is None:
        legal = toy_ui_spec.legal_actions(session.state)
        session.apply(("step",) if ("step",) in legal else ("roll",))
    session.save(path)
    return path


def test_opening_a_finished_save_leaves_the_unfinished_game_for_resume(app, tmp_path, toy_ui_spec):
    # A finished game is not kept for Resume, so opening one replaces nothing: no question, and the
    # game in progress stays the one Resume continues (it once became "the unfinished game").
    play_a_step_and_leave(app)
    before = paths.autosave_path().read_bytes()
    app.open_save(finished_toy_save(tmp_path / "won.json", toy_ui_spec))
    pump_until(app, lambda: type(app.stack.top).__name__ not in ("LoadingScene", "PlayScene"), seconds=30)
    assert kind(app) == "GameOverScene" and app.stack.find(PlayScene).session.result() is not None
    assert paths.autosave_path().read_bytes() == before
    key(app, pygame.K_ESCAPE)
    pump_until(app, lambda: type(app.stack.top).__name__ == "MenuScene", seconds=10)
    labels = [b.label for b in app.stack.top.buttons]
    assert "Resume: Toy race (test only), 1 move" in labels


def test_resume_of_a_finished_autosave_shows_it_once_and_forgets_it(app, toy_ui_spec):
    # An autosave holding a finished game (an older version kept one) opens at its result, and is
    # then gone, so the menu no longer offers it and a new game asks nothing.
    paths.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    finished_toy_save(paths.autosave_path(), toy_ui_spec)
    app.stack.top.enter()
    resume = next(b for b in app.stack.top.buttons if b.label.startswith("Resume"))
    click(app, resume.rect.center)
    pump_until(app, lambda: type(app.stack.top).__name__ not in ("LoadingScene", "PlayScene"), seconds=30)
    assert kind(app) == "GameOverScene" and not paths.autosave_path().exists()
    key(app, pygame.K_ESCAPE)
    pump_until(app, lambda: type(app.stack.top).__name__ == "MenuScene", seconds=10)
    assert not any(b.label.startswith("Resume") for b in app.stack.top.buttons)
    start_again(app)
    assert kind(app) in ("PlayScene", "CurtainScene")


def break_the_autosave():
    paths.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    paths.autosave_path().mkdir()                  # autosave.json is a folder: every write fails


def test_a_failing_autosave_shows_the_bar_and_the_curtain_does_not_promise(app, monkeypatch):
    from game.ui import interludes
    said = []
    real_text = interludes.style.text
    monkeypatch.setattr(interludes.style, "text", lambda s, words, *a, **k: said.append(words) or
                        real_text(s, words, *a, **k))
    break_the_autosave()
    play = start_toy_game(app)
    app.draw()
    assert any("NOT autosaved" in w for w in said) and not any("(the game is autosaved)" in w for w in said)
    lift_curtain(app)
    click(app, button(play, "Step"))
    assert app.autosave_bar.failing and "could not be autosaved to" in play.session.autosave_problem
    app.draw()
    assert app.autosave_bar.rect.width > 0 and app.autosave_bar.rect.top >= play.top_rect.bottom
    key(app, pygame.K_ESCAPE)                      # leaving would lose the game: asked first
    assert kind(app) == "ChoiceBox" and "This game is not saved" == app.stack.top.title
    click(app, button(app.stack.top, "Back"))
    assert app.stack.top is play


def test_save_elsewhere_keeps_the_game_and_the_bar_says_when_autosave_works_again(app, tmp_path):
    break_the_autosave()
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    app.draw()
    click(app, app.autosave_bar.button)
    box = app.stack.top
    assert kind(app) == "SaveAsScene"
    box.path.value = str(tmp_path / "rescued.json")
    click(app, button(box, "Save"))
    assert json.loads((tmp_path / "rescued.json").read_text())["actions"] == [["step"]]
    assert app.stack.top is play and "rescued.json" in app.toast_text
    paths.autosave_path().rmdir()                  # the folder is fixed: the next move autosaves
    click(app, button(play, "Pass"))
    assert play.session.autosave_problem is None and not app.autosave_bar.failing
    assert "Autosaving works again" in app.toast_text and autosaved_moves() == 2


def test_a_save_elsewhere_that_fails_stays_open_with_its_reason(app, tmp_path):
    break_the_autosave()
    play = start_toy_game(app)
    lift_curtain(app)
    app.draw()
    assert app.autosave_bar.failing               # from the very start: the first autosave failed
    click(app, app.autosave_bar.button)
    box = app.stack.top
    (tmp_path / "file").write_text("x")
    box.path.value = str(tmp_path / "file" / "under-a-file.json")
    click(app, button(box, "Save"))
    assert app.stack.top is box and "Could not save" in box.problem
    click(app, button(box, "Back"))
    assert app.stack.top is play


def test_the_load_list_shows_each_hostile_message_and_leads_back(app):
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    for name in SAVES:
        shutil.copy(HOSTILE / "saves" / name, folder / name)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    loader = app.stack.top
    assert kind(app) == "LoadScene" and len(loader.files.rows) == len(SAVES)
    for index, row in enumerate(loader.files.rows):
        loader.files.selected = index
        click(app, button(loader, "Load"))
        name = row[1].name
        want = SAVES[name].replace("{maps}", str(paths.user_maps_dir())).replace("{path}", str(row[1]))
        assert kind(app) == "MessageBox" and app.stack.top.message == want, name
        click(app, button(app.stack.top, "OK"))
        assert app.stack.top is loader
    key(app, pygame.K_ESCAPE)
    assert kind(app) == "MenuScene"


@pytest.mark.parametrize("name", ["nested_100000_deep.json", "seed_5000_digits.json", "game_is_a_list.json",
                                  "seats_empty_list.json", "map_etc_passwd.json", "not_utf8.json",
                                  "scripted_die_99.json"])
def test_resume_of_a_hostile_autosave_says_why_and_leads_back_to_the_menu(app, name):
    auto = paths.autosave_path()
    auto.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(HOSTILE / "saves" / name, auto)
    app.open_menu()
    resume = next(b for b in app.stack.top.buttons if b.label.startswith("Resume"))
    click(app, resume)
    want = SAVES[name].replace("{maps}", str(paths.user_maps_dir())).replace(name, "autosave.json")
    assert kind(app) == "MessageBox" and app.stack.top.message == want
    click(app, button(app.stack.top, "OK"))
    assert kind(app) == "MenuScene" and auto.exists()      # never deleted: the player decides


def test_the_window_starts_when_every_file_in_the_data_folder_is_garbage(toy_ui_spec):
    from game.ui.window import App
    data = paths.data_dir()
    (data / "saves").mkdir(parents=True)
    (data / "maps").mkdir()
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(HOSTILE / "settings" / "nested_30000_deep.json", paths.settings_path())
    shutil.copy(HOSTILE / "saves" / "nested_100000_deep.json", paths.autosave_path())
    for name in SAVES:
        shutil.copy(HOSTILE / "saves" / name, data / "saves" / name)
    os.mkfifo(data / "saves" / "pipe.json")
    os.mkfifo(data / "maps" / "pipe.tmx")
    (data / "maps" / "entity.tmx").write_text('<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "x">]><map>&a;</map>')
    (data / "crash.log").mkdir()
    app = App(size=(1280, 720))                     # the real games, the real settings file
    try:
        assert "nested too deeply" in app.startup_message
        app.open_menu()
        app.pump()
        menu = app.stack.top
        assert kind(app) == "MenuScene"
        assert any(b.label == "Resume: the autosave is damaged" for b in menu.buttons)
        click(app, button(menu, "Hack & Sack New Jersey"))   # lists the player's maps: a pipe answers
        assert kind(app) == "NewGameScene"
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
        assert kind(app) == "LoadScene" and len(app.stack.top.files.rows) == len(SAVES) + 1
    finally:
        pygame.display.quit()


def test_f11_says_when_it_cannot_remember_full_screen(app):
    folder = paths.settings_path().parent
    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the settings folder should be")
    key(app, pygame.K_F11)
    assert "could not be saved" in app.toast_text and "not remembered" in app.toast_text


def test_closing_the_window_with_a_game_saved_nowhere_asks_and_a_second_close_quits(app):
    break_the_autosave()
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert app.running and kind(app) == "ChoiceBox"
    click(app, button(app.stack.top, "Back"))
    assert app.running and app.stack.top is play
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert not app.running


def test_a_new_game_over_one_with_no_move_yet_does_not_ask(app):
    start_toy_game(app)
    lift_curtain(app)
    key(app, pygame.K_ESCAPE)
    start_again(app)
    assert app.stack.find(PlayScene) is not None and kind(app) != "ChoiceBox"


SETTINGS = json.loads((HOSTILE / "settings" / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("settings_file, autosave_file", [(name, None) for name in sorted(SETTINGS)] +
                         [(None, name) for name in sorted(SAVES)])
def test_the_window_starts_with_each_bad_settings_file_and_each_bad_autosave(toy_ui_spec, settings_file,
                                                                           autosave_file):
    from game.ui.window import App
    if settings_file:
        paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(HOSTILE / "settings" / settings_file, paths.settings_path())
    if autosave_file:
        paths.autosave_path().parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(HOSTILE / "saves" / autosave_file, paths.autosave_path())
    app = App(size=(1280, 720))
    try:
        if settings_file:
            want = SETTINGS[settings_file]
            assert app.startup_message == (want.replace("{path}", str(paths.settings_path())) if want else None)
        app.open_menu()
        app.pump()
        app.draw()
        assert kind(app) == "MenuScene"
        if autosave_file:
            resume = next(b for b in app.stack.top.buttons if b.label.startswith("Resume"))
            click(app, resume)
            assert kind(app) == "MessageBox" and "autosave.json" in app.stack.top.message
            click(app, button(app.stack.top, "OK"))
            assert kind(app) == "MenuScene"
    finally:
        pygame.display.quit()
