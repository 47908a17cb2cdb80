"""The menu entry: it validates, names the playable games, installs and uninstalls, matches the window."""
from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import desktop
from game.core import paths

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_BIN_HOME", str(tmp_path / "bin"))
    return tmp_path


def _tool(name, package):
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian package {package})")
    return found


def test_the_installed_entry_passes_desktop_file_validate(xdg):
    tool = _tool("desktop-file-validate", "desktop-file-utils")
    desktop.install(source_tree=ROOT)
    entry = xdg / "share" / "applications" / f"{paths.APP_ID}.desktop"
    proc = subprocess.run([tool, str(entry)], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def test_the_metainfo_passes_appstreamcli_validate(xdg):
    tool = _tool("appstreamcli", "appstream")
    desktop.install(source_tree=ROOT)
    info = xdg / "share" / "metainfo" / f"{paths.APP_ID}.metainfo.xml"
    proc = subprocess.run([tool, "validate", "--no-net", str(info)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_install_writes_every_icon_size_and_uninstall_removes_all(xdg):
    import pygame
    written = desktop.install(source_tree=ROOT)
    icons = xdg / "share" / "icons" / "hicolor"
    for size in desktop.ICON_SIZES:
        png = icons / f"{size}x{size}" / "apps" / f"{paths.APP_ID}.png"
        assert pygame.image.load(str(png)).get_size() == (size, size)
    assert (icons / "scalable" / "apps" / f"{paths.APP_ID}.svg").read_text().startswith("<svg")
    text = (xdg / "share" / "applications" / f"{paths.APP_ID}.desktop").read_text()
    assert f"Icon={paths.APP_ID}\n" in text and f"StartupWMClass={paths.APP_ID}\n" in text
    assert f"Exec={xdg / 'bin' / 'wargames'}\n" in text
    removed = desktop.uninstall()
    assert sorted(removed) == sorted(written)
    assert not [p for p in (xdg / "share").rglob("*") if p.is_file() and paths.APP_ID in p.name]


def test_uninstall_leaves_a_wargames_command_it_did_not_write(xdg):
    other = xdg / "bin" / "wargames"
    other.parent.mkdir(parents=True)
    other.write_text("#!/bin/sh\n# pipx's own\n")
    desktop.uninstall()
    assert other.exists()


def test_the_launcher_starts_the_checkout(xdg):
    desktop.install(source_tree=ROOT)
    proc = subprocess.run([str(xdg / "bin" / "wargames"), "--version"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and "Wargames Table" in proc.stdout, proc.stderr


def test_an_entry_for_a_path_with_spaces_is_quoted(xdg):
    text = desktop.desktop_entry("/opt/my games/wargames")
    assert 'Exec="/opt/my games/wargames"\n' in text


def test_the_comment_and_metainfo_follow_the_registry_of_playable_games(monkeypatch):
    from game.rules import GAMES, playable_games
    real = playable_games()
    for spec in GAMES.values():
        assert (spec.title in desktop.desktop_entry("/x")) == (spec in real)
    newcomer = dataclasses.replace(real[0], name="next_game", title="The Next Game")
    monkeypatch.setitem(GAMES, "next_game", newcomer)
    assert "The Next Game" in desktop.desktop_entry("/x") and "<li>The Next Game</li>" in desktop.metainfo()


def test_the_window_class_is_the_entry_id_before_sdl_starts(monkeypatch):
    import pygame
    from game.ui.window import open_display
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))   # what `import pygame` sets
    open_display()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == paths.APP_ID
    pygame.display.quit()


@pytest.mark.ui
def test_a_real_window_carries_the_class_of_its_menu_entry(tmp_path):
    xvfb, xwininfo = _tool("Xvfb", "xvfb"), _tool("xwininfo", "x11-utils")
    read_end, write_end = os.pipe()            # Xvfb picks a free display and writes its number here
    server = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x800x24"],
                              pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as fh:
        display = ":" + fh.readline().strip()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", WARGAMES_DATA_DIR=str(tmp_path))
    game = None
    try:
        game = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        tree = ""
        end = time.monotonic() + 60            # a loaded machine may take long to open the window
        while time.monotonic() < end:
            tree = subprocess.run([xwininfo, "-root", "-tree"], env=env, capture_output=True, text=True).stdout
            if "Wargames Table" in tree:
                break
            time.sleep(0.25)
        line = next(line for line in tree.splitlines() if '"Wargames Table"' in line)
        assert f'("{paths.APP_ID}" "{paths.APP_ID}")' in line, line
    finally:
        for proc in (game, server):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=10)
