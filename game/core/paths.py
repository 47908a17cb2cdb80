"""Where the program keeps its files: saves, autosave, settings and the user's own maps."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "wargames-table"
PROJECT_ROOT = Path(__file__).resolve().parents[2]


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


def settings_path() -> Path:
    """The settings file."""
    return data_dir() / "settings.json"


def user_maps_dir() -> Path:
    """The folder where a player keeps maps of their own, offered beside the shipped ones."""
    return data_dir() / "maps"


def maps_dir() -> Path:
    """The shipped maps."""
    return PROJECT_ROOT / "maps"


def assets_dir() -> Path:
    """The shipped art, fonts and tilesets."""
    return PROJECT_ROOT / "assets"


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
