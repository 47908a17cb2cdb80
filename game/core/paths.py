"""Where the program's files are: the shipped maps and art, and the player's saves, settings and maps.

The shipped files are found in one of three places, always with the same layout below it
(maps/, assets/, packaging/): the source checkout, the installed package (the wheel puts
them in game/data/), or the unpack folder of the frozen PyInstaller binary.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

APP_DIR_NAME = "wargames-table"
APP_ID = "io.github.wargamestable.WargamesTable"   # desktop entry, AppStream id and window class
_PACKAGE = Path(__file__).resolve().parents[1]     # the `game` package


def data_root() -> Path:
    """The folder holding maps/, assets/ and packaging/ for this way of running the program."""
    if getattr(sys, "frozen", False) and getattr(sys, "_MEIPASS", None):
        return Path(sys._MEIPASS)
    installed = _PACKAGE / "data"
    if (installed / "maps").is_dir():
        return installed
    return _PACKAGE.parent


# Relative map paths kept in a game's state (saves) are read against this folder.
PROJECT_ROOT = data_root()


def data_dir() -> Path:
    """The user's data folder (XDG on Linux); WARGAMES_DATA_DIR overrides it, for tests."""
    override = os.environ.get("WARGAMES_DATA_DIR")
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home())) / APP_DIR_NAME
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        base = Path(xdg) / APP_DIR_NAME
    return base


def saves_dir() -> Path:
    """Folder of saved games."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The one autosave file, rewritten after every action."""
    return data_dir() / "autosave.json"


def config_dir() -> Path:
    """The user's configuration folder (XDG_CONFIG_HOME on Linux); WARGAMES_DATA_DIR overrides it."""
    override = os.environ.get("WARGAMES_DATA_DIR")
    if override or sys.platform in ("win32", "darwin"):
        return data_dir()
    xdg = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(xdg) / APP_DIR_NAME


def settings_path() -> Path:
    """The settings file; one left in the data folder by an older version is moved here first."""
    path = config_dir() / "settings.json"
    old = data_dir() / "settings.json"
    if old != path and old.is_file() and not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(old, path)
        except OSError:
            return old          # cannot move it (read-only folder, say): keep reading the old one
    return path


def user_maps_dir() -> Path:
    """The folder where a player keeps maps of their own, offered beside the shipped ones."""
    return data_dir() / "maps"


def maps_dir() -> Path:
    """The shipped maps."""
    return data_root() / "maps"


def assets_dir() -> Path:
    """The shipped art, fonts and tilesets."""
    return data_root() / "assets"


def icon_path() -> Path:
    """The program's icon (the window's and the desktop entry's)."""
    return data_root() / "packaging" / "wargames.png"


def write_atomically(path: Path, text: str) -> None:
    """Write a file so that a killed process leaves either the old or the new file whole.

    A write that fails (a full disk, a read-only folder) removes its temporary file and raises."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
