"""The command line: screenshots, self-play, loading, and one-line errors."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args, timeout=60):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def one_line_error(proc):
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode != 0
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


def real_game():
    from game.rules import playable_games
    games = playable_games()
    if not games:
        pytest.skip("no real game is registered yet")
    return games[0]


def test_main_py_is_executable_with_a_shebang():
    main = ROOT / "main.py"
    assert main.read_text().startswith("#!/usr/bin/env python3\n")
    assert os.access(main, os.X_OK)


@pytest.mark.ui
def test_screenshot_of_the_menu(tmp_path):
    out = tmp_path / "menu.png"
    proc = run("--screenshot", str(out), "--size", "1024x600")
    assert proc.returncode == 0, proc.stderr
    import pygame
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 600)


@pytest.mark.ui
def test_screenshot_of_a_real_game_after_random_moves(tmp_path):
    spec = real_game()
    out = tmp_path / "play.png"
    proc = run("--screenshot", str(out), "--game", spec.name, "--seed", "3", "--random-actions", "5")
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 1000


def test_selfplay_of_a_real_game_prints_the_result():
    spec = real_game()
    proc = run("--selfplay", spec.name, "--seed", "1", timeout=240)
    assert proc.returncode == 0, proc.stderr
    assert spec.title in proc.stdout and "seed 1" in proc.stdout


@pytest.mark.parametrize("args, words", [
    (["--no-such-option"], "unrecognized arguments"),
    (["--seed", "many"], "invalid int value"),
    (["--game", "chess"], "no game called 'chess'"),
    (["--selfplay", "chess", "--seed", "1"], "no game called 'chess'"),
    (["--selfplay", "chess"], "--selfplay needs --seed"),
    (["--screenshot", "x.png", "--size", "big"], "--size must look like 1280x720"),
    (["--random-actions", "3"], "only goes with --screenshot"),
])
def test_bad_arguments_give_one_line_and_exit_code_2(args, words):
    proc = run(*args)
    assert words in one_line_error(proc)
    assert proc.returncode == 2


def test_a_bad_save_on_the_command_line_is_one_sentence(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": 1, "game": "nothing"}')
    proc = run("--load", str(bad))
    line = one_line_error(proc)
    assert "unknown game" in line and "broken.json" in line and proc.returncode == 1
    assert "There is no save file" in one_line_error(run("--load", str(tmp_path / "missing.json")))


def test_check_maps_never_shows_a_traceback(tmp_path):
    junk = tmp_path / "junk.tmx"
    junk.write_text("<map>")
    proc = run("--check-maps", str(junk))
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr + proc.stdout
    assert (proc.stderr + proc.stdout).strip()


def test_entry_point_is_game_app_main():
    from game import app
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["gui-scripts"] == {"wargames": "game.app:main"}
    assert app.main(["--random-actions", "1"]) == 2


def test_main_py_switches_to_the_project_venv_when_pygame_is_missing(tmp_path):
    venv_python = ROOT / ".venv" / "bin" / "python"
    if not venv_python.exists():
        pytest.skip("no .venv in this checkout")
    out = tmp_path / "menu.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("WARGAMES_REEXEC", None)
    # -S hides site-packages, so pygame cannot be imported until main.py re-executes itself.
    proc = subprocess.run([str(venv_python), "-S", str(ROOT / "main.py"), "--screenshot", str(out)],
                          capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert out.exists()


def test_version_and_help_name_only_playable_games():
    from game import __version__
    from game.rules import GAMES, playable_games
    proc = run("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"wargames (Wargames Table) {__version__}"
    text = run("--help").stdout
    for spec in GAMES.values():
        assert (spec.title in " ".join(text.split())) == (spec in playable_games()), spec.title
    assert "four" not in text


@pytest.mark.ui
def test_a_screenshot_shows_the_whole_map_not_the_first_slice_of_it(tmp_path):
    """The window draws a new map a slice a frame; a screenshot waits until the map is done."""
    out = tmp_path / "hs.png"
    proc = run("--screenshot", str(out), "--game", "hack_sack", "--seed", "3", "--size", "1280x720")
    assert proc.returncode == 0, proc.stderr
    import pygame
    image = pygame.image.load(str(out))
    band = pygame.Rect(40, 520, 300, 180)          # the map's lower left: Cape May and the sea
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(band.left, band.right, 4)
               for y in range(band.top, band.bottom, 4)}
    assert len(colours) > 12, "the lower map was still blank when the picture was taken"
