"""check_map over the broken-map corpus, the --check-maps entry point and the catalog."""
from __future__ import annotations

import json
import shutil

import pytest

from game.boards import MapError, check_map, load_map, maps_for_game
from game.boards.validate import main

from tests.boards.conftest import MAPS

BROKEN = MAPS / "broken"
EXPECTED = json.loads((BROKEN / "expected.json").read_text(encoding="utf-8"))
VALID = sorted(p.name for p in MAPS.glob("*.tmx"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_message(name):
    assert check_map(BROKEN / name) == EXPECTED[name]


def test_corpus_is_complete():
    assert sorted(p.name for p in BROKEN.glob("*.tmx")) == sorted(EXPECTED)


# Found by check_map only: the loader can still build a usable board from these.
CHECK_ONLY = {"overlapping_areas.tmx", "unreachable_area.tmx", "zone_without_side.tmx"}


@pytest.mark.parametrize("name", sorted(set(EXPECTED) - CHECK_ONLY))
def test_loader_raises_the_first_message(name):
    with pytest.raises(MapError) as err:
        load_map(BROKEN / name)
    assert str(err.value) == EXPECTED[name][0]
    assert [p.line() for p in err.value.problems][: len(EXPECTED[name])] == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(CHECK_ONLY))
def test_check_only_faults_still_load(name):
    assert load_map(BROKEN / name) is not None


@pytest.mark.parametrize("name", VALID)
def test_fixture_maps_are_valid(name):
    assert check_map(MAPS / name) == []


def test_game_mismatch_reported():
    assert check_map(MAPS / "area_small.tmx", game="armageddon") == [
        "area_small.tmx: the map is for judean_hammer, not armageddon"]


def test_main_exit_codes_and_lines(capsys):
    assert main([str(MAPS / "area_small.tmx"), str(MAPS / "hex_small.tmx")]) == 0
    assert "all valid" in capsys.readouterr().out
    assert main([str(MAPS / "area_small.tmx"), str(BROKEN / "duplicate_area.tmx")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == EXPECTED["duplicate_area.tmx"][0]
    assert out[-1] == "2 maps checked, 1 with problems"


def test_main_with_no_files_checks_shipped_maps(capsys):
    code = main([])
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith("all valid") == (code == 0) == (len(lines) == 1)
    assert int(lines[-1].split()[0]) >= 2          # both playable games ship a map


def test_no_shipped_maps_is_a_failure_not_all_valid(tmp_path, monkeypatch, capsys):
    from game.core import paths
    monkeypatch.setattr(paths, "maps_dir", lambda: tmp_path)
    assert main([]) == 1
    err = capsys.readouterr().err
    assert "No maps to check" in err and str(tmp_path) in err


def test_catalog_lists_valid_maps_of_the_game(tmp_path, private_data_dir):
    user = private_data_dir / "maps"
    user.mkdir(parents=True)
    for name in ("area_small.tmx", "hex_small.tmx", "hex_flat.tsx", "hex_flat.png"):
        shutil.copy(MAPS / name, user / name)
    shutil.copy(BROKEN / "duplicate_area.tmx", user / "duplicate_area.tmx")
    found = maps_for_game("judean_hammer")
    assert (user / "area_small.tmx", "Little Judea") in found
    assert all(p.name != "duplicate_area.tmx" for p, _ in found)
    assert [t for p, t in maps_for_game("hack_sack") if p.parent == user] == ["Little New Jersey"]
    assert maps_for_game("armageddon", folders=[user]) == []
