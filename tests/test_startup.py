"""Failing well when started without a terminal: no display, no pygame, a broken .venv."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NO_DESKTOP = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_VIDEO_X11_WMCLASS", "WARGAMES_REEXEC")


def _env(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in NO_DESKTOP}
    env.update(WARGAMES_DATA_DIR=str(tmp_path / "data"), SDL_AUDIODRIVER="dummy", **extra)
    return env


def _fake_dialog(tmp_path) -> tuple[dict, Path]:
    """A `zenity` first on PATH that records what it was asked to show, and a display to show it on."""
    bin_dir, said = tmp_path / "fakebin", tmp_path / "dialog.txt"
    bin_dir.mkdir()
    script = bin_dir / "zenity"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{said}"\n')
    script.chmod(0o755)
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "DISPLAY": ":4242"}, said


def _run(cmd, env, cwd):
    return subprocess.run([str(c) for c in cmd], env=env, cwd=cwd, capture_output=True, text=True, timeout=60)


def _our_line(proc) -> str:
    lines = [line for line in proc.stderr.splitlines() if line.startswith("wargames: ")]
    assert proc.returncode == 1 and len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


def test_with_no_display_it_says_so_in_one_line_and_stops(tmp_path):
    proc = _run([sys.executable, ROOT / "main.py"], _env(tmp_path), tmp_path)
    line = _our_line(proc)
    assert proc.stderr.strip() == line
    assert "no graphical display" in line and "--screenshot" in line


def test_a_display_that_cannot_be_reached_is_told_in_a_dialog(tmp_path):
    extra, said = _fake_dialog(tmp_path)
    proc = _run([sys.executable, ROOT / "main.py"], _env(tmp_path, **extra), tmp_path)
    assert ":4242 cannot be reached" in _our_line(proc)
    shown = said.read_text()
    assert "--error" in shown and ":4242 cannot be reached" in shown and "Wargames Table cannot start" in shown


def test_without_pygame_a_dialog_says_to_run_make_play(tmp_path):
    extra, said = _fake_dialog(tmp_path)
    env = _env(tmp_path, WARGAMES_REEXEC="1", **extra)      # as if already switched to .venv
    proc = _run([sys.executable, "-S", ROOT / "main.py"], env, tmp_path)   # -S: no site-packages
    assert "make play" in _our_line(proc) and "pygame-ce" in said.read_text()


def test_a_venv_whose_python_is_gone_is_named_with_the_repair(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "game", tree / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "main.py", tree / "main.py")
    (tree / ".venv" / "bin").mkdir(parents=True)
    (tree / ".venv" / "bin" / "python").symlink_to(tmp_path / "removed-python3.11")
    line = _our_line(_run([sys.executable, "-S", tree / "main.py"], _env(tmp_path), tmp_path))
    assert "is gone" in line and f"make play` in {tree}" in line and "rebuilds .venv" in line


def test_an_installed_copy_missing_a_package_says_how_to_reinstall(tmp_path):
    code = "import sys; sys.modules['pygame'] = None; from game.app import main; raise SystemExit(main([]))"
    line = _our_line(_run([sys.executable, "-c", code], _env(tmp_path, PYTHONPATH=str(ROOT)), tmp_path))
    assert "'pygame' is missing" in line and "pipx reinstall wargames-table" in line


def test_make_play_rebuilds_a_venv_whose_python_is_gone(tmp_path):
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy2(ROOT / "Makefile", tree / "Makefile")
    for name in ("requirements.txt", "requirements-dev.txt"):
        (tree / name).write_text("# nothing to install in this test\n")
    (tree / ".venv" / "bin").mkdir(parents=True)
    (tree / ".venv" / "bin" / "python").symlink_to(tmp_path / "removed-python3.11")
    (tree / ".venv" / ".installed").touch()                 # a set-up that once worked
    base = Path(getattr(sys, "_base_executable", sys.executable))
    proc = _run([make, "-C", tree, ".venv/.installed", f"PYTHON={base}"], _env(tmp_path), tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert _run([tree / ".venv" / "bin" / "python", "-c", ""], _env(tmp_path), tmp_path).returncode == 0
