"""The installed package: build the wheel, install it in a fresh venv outside the tree, run it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                    "*.pyc", ".pytest_cache", ".hypothesis", "fuzz-failures", "docs")


def _run(cmd, cwd, env=None, timeout=120):
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert proc.returncode == 0, f"{cmd}: {proc.stdout}{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the tree so the checkout gets no build/ or egg-info."""
    pytest.importorskip("setuptools", minversion="77", reason="setuptools>=77 (requirements-dev.txt)")
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
          "-w", tmp / "out", src], cwd=tmp)
    (found,) = (tmp / "out").glob("wargames_table-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv holding the wheel; the pinned pygame-ce, pytmx and numpy come from this one."""
    venv = tmp_path_factory.mktemp("venv") / "v"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=venv.parent)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index",
          wheel], cwd=venv.parent)
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     cwd=venv.parent).stdout.strip())
    (site / "_reuse_pinned.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return venv


def _user_env(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "WARGAMES"))}
    env.update(HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "home" / "data"), XDG_CONFIG_HOME=str(tmp_path / "home" / "config"))
    return env


def test_the_wheel_holds_the_data_and_no_tests(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("game/data/maps/judean_hammer.tmx", "game/data/maps/hack_sack_nj.tmx",
                   "game/data/maps/judean_hammer_background.png", "game/data/assets/tilesets/hex_terrain.tsx",
                   "game/data/assets/fonts/DejaVuSans.ttf", "game/data/packaging/wargames.png",
                   "game/data/packaging/icons/wargames.svg", "game/rules/judean_hammer/cards.json",
                   "game/rules/hack_sack/crt.json"):
        assert needed in names, needed
    tops = {name.split("/")[0] for name in names}
    assert tops == {"game", wheel.name.split("-")[0] + "-" + wheel.name.split("-")[1] + ".dist-info"}, tops
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/entry_points.txt"))).decode()
    assert "[gui_scripts]" in meta and "wargames = game.app:main" in meta


def test_the_summary_names_only_the_playable_games(wheel):
    from game.rules import GAMES, playable_games
    meta = zipfile.ZipFile(wheel).read(next(n for n in zipfile.ZipFile(wheel).namelist()
                                            if n.endswith("/METADATA"))).decode()
    summary = next(line for line in meta.splitlines() if line.startswith("Summary:"))
    for spec in GAMES.values():
        assert (spec.title in summary) == (spec in playable_games()), spec.title
    assert "four" not in summary


@pytest.mark.ui
def test_the_installed_command_runs_from_another_folder(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = _user_env(tmp_path)
    python, command = installed / "bin" / "python", installed / "bin" / "wargames"
    where = _run([python, "-c", "import game; print(game.__file__)"], elsewhere, env).stdout.strip()
    assert Path(where).is_relative_to(installed), where
    checked = _run([command, "--check-maps"], elsewhere, env).stdout
    shipped = len(list((ROOT / "maps").rglob("*.tmx")))
    assert checked.strip().splitlines()[-1] == f"{shipped} maps checked, all valid"
    _run([command, "--screenshot", "menu.png", "--size", "1280x720"], elsewhere, env)
    assert (elsewhere / "menu.png").stat().st_size > 10_000
    _run([command, "--screenshot", "play.png", "--game", "hack_sack", "--seed", "2", "--random-actions", "3"],
         elsewhere, env)
    assert (elsewhere / "play.png").stat().st_size > 10_000
    assert "0." in _run([command, "--version"], elsewhere, env).stdout
