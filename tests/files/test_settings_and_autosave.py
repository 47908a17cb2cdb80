"""Damaged settings files are set aside with one message; a failing autosave says so and loses nothing."""
from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from game.core import paths
from game.core.session import Session, load
from game.ui import settings

HOSTILE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "hostile"
SETTINGS = json.loads((HOSTILE / "settings" / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_each_damaged_settings_file_is_set_aside_and_replaced_with_one_message(name):
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(HOSTILE / "settings" / name, path)
    original = path.read_bytes()
    loaded, message = settings.load()
    want = SETTINGS[name]
    if want is None:                             # the BOM case: accepted as it is
        assert message is None and loaded["animation"] == "fast" and loaded["volume"] == 40
        return
    assert message == want.replace("{path}", str(path))
    assert "\n" not in message
    damaged = path.with_name("settings.json.damaged")
    assert damaged.read_bytes() == original              # kept for the player to look at
    assert settings.load() == (loaded, None)              # the fresh file is good: said once only


def test_unusable_values_keep_the_usable_ones():
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"animation": [], "volume": 30}')
    loaded, message = settings.load()
    assert loaded["volume"] == 30 and loaded["animation"] == "normal" and "animation" in message
    assert json.loads(path.read_text())["volume"] == 30


def test_a_settings_folder_a_fifo_and_a_data_folder_that_is_a_file(tmp_path):
    path = paths.settings_path()
    path.mkdir(parents=True)                     # settings.json is a folder
    loaded, message = settings.load()
    assert loaded == settings.DEFAULTS and "is a folder" in message and path.is_file()
    path.unlink()
    path.with_name("settings.json.damaged").rmdir()
    os.mkfifo(path)
    loaded, message = settings.load()
    assert "not a regular file" in message and path.is_file()
    folder = paths.settings_path().parent
    shutil.rmtree(folder)
    folder.write_text("not a folder")            # nothing can be read or written: defaults, no crash
    assert settings.load() == (settings.DEFAULTS, None)
    assert "could not be saved" in settings.save(dict(settings.DEFAULTS))


# -- the autosave ---------------------------------------------------------------------------------

def full_disk(monkeypatch):
    """Every write fails as on a full disk, after the temporary file was created."""
    def fsync(_fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(paths.os, "fsync", fsync)


def test_a_full_disk_is_reported_and_leaves_no_temporary_file(toy_spec, monkeypatch):
    s = Session(toy_spec, seed=4, autosave=True)
    s.apply(("step",))
    with monkeypatch.context() as patch:
        full_disk(patch)
        s.apply(("pass",))
    auto = paths.autosave_path()
    assert s.autosave_problem == f"The game could not be autosaved to {auto} (No space left on device)."
    assert not auto.with_name("autosave.json.tmp").exists()
    assert json.loads(auto.read_text())["actions"] == [["step"]]      # the last good autosave is whole
    s.apply(("step",))                                                  # retried after the next move
    assert s.autosave_problem is None
    assert len(load(auto).actions) == 3                                 # nothing lost


@pytest.mark.parametrize("break_it, why", [
    (lambda: paths.autosave_path().mkdir(parents=True), "Is a directory"),
    (lambda: paths.data_dir().parent.mkdir(parents=True, exist_ok=True) or paths.data_dir().write_text("x"),
     "Not a directory"),
])
def test_an_autosave_that_cannot_be_written_says_where_and_why(toy_spec, break_it, why):
    break_it()
    s = Session(toy_spec, seed=4, autosave=True)
    s.apply(("step",))
    assert s.autosave_problem.startswith(f"The game could not be autosaved to {paths.autosave_path()} (")
    assert why in s.autosave_problem or "File exists" in s.autosave_problem


def test_a_read_only_folder_is_reported(toy_spec, monkeypatch):
    real_open = open

    def read_only(path, mode="r", *a, **k):
        if "w" in mode:
            raise PermissionError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr("builtins.open", read_only)
    s = Session(toy_spec, seed=4, autosave=True)
    assert s.autosave() == f"The game could not be autosaved to {paths.autosave_path()} (Read-only file system)."
