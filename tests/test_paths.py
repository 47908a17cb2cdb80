"""Where files are found: the shipped data in each way of running, the player's files under XDG."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.core import paths

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    monkeypatch.delenv("WARGAMES_DATA_DIR", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def test_settings_live_under_xdg_config_home_and_saves_under_xdg_data_home(xdg):
    assert paths.settings_path() == xdg / "config" / "wargames-table" / "settings.json"
    assert paths.autosave_path() == xdg / "data" / "wargames-table" / "autosave.json"
    assert paths.saves_dir() == xdg / "data" / "wargames-table" / "saves"


def test_settings_from_the_old_place_are_moved_once(xdg):
    old = xdg / "data" / "wargames-table" / "settings.json"
    old.parent.mkdir(parents=True)
    old.write_text('{"volume": 12}')
    new = paths.settings_path()
    assert new.read_text() == '{"volume": 12}' and not old.exists()
    old.write_text('{"volume": 99}')              # an old version wrote again: the new file wins
    assert paths.settings_path().read_text() == '{"volume": 12}'


def test_without_xdg_variables_the_home_folders_are_used(tmp_path, monkeypatch):
    monkeypatch.delenv("WARGAMES_DATA_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.settings_path() == tmp_path / ".config" / "wargames-table" / "settings.json"
    assert paths.data_dir() == tmp_path / ".local" / "share" / "wargames-table"


def test_the_source_tree_is_the_data_root_when_run_from_a_checkout():
    assert paths.data_root() == ROOT
    assert (paths.maps_dir() / "judean_hammer.tmx").is_file() and paths.icon_path().is_file()


def test_the_frozen_binary_reads_its_unpack_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.data_root() == tmp_path and paths.maps_dir() == tmp_path / "maps"
