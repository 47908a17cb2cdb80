"""--copy-map from the frozen binary: the copy works after the binary's unpack folder is gone."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def frozen(tmp_path, monkeypatch):
    """The layout PyInstaller unpacks (maps/, assets/ in sys._MEIPASS), in a folder we can delete."""
    unpack = tmp_path / "_MEI12345"
    for folder in ("maps", "assets"):
        shutil.copytree(ROOT / folder, unpack / folder)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(unpack), raising=False)
    return unpack


@pytest.mark.parametrize("name, game", [("hack_sack_nj", "hack_sack"), ("judean_hammer", "judean_hammer")])
def test_a_map_copied_by_the_frozen_binary_works_after_its_unpack_folder_is_gone(
        frozen, private_data_dir, monkeypatch, capsys, name, game):
    from game.app import main
    from game.boards import check_map, load_map
    assert main(["--copy-map", name]) == 0
    copied = private_data_dir / "maps" / f"{name}.tmx"
    assert copied.exists()
    shutil.rmtree(frozen)
    monkeypatch.setattr(sys, "frozen", False)
    assert str(frozen.name) not in copied.read_text()
    assert check_map(str(copied), game) == []
    assert main(["--check-maps", str(copied)]) == 0
    assert load_map(copied).game == game


def test_the_copied_tileset_keeps_its_images_and_a_players_tileset_is_kept(frozen, private_data_dir):
    from game.app import main
    folder = private_data_dir / "maps"
    mine = folder / "assets" / "tilesets" / "hex_terrain.tsx"
    assert main(["--copy-map", "hack_sack_nj"]) == 0
    assert (mine.parent / "hex_terrain.png").exists() and (mine.parent / "hex_terrain@2x.png").exists()
    assert 'source="assets/tilesets/hex_terrain.tsx"' in (folder / "hack_sack_nj.tmx").read_text()
    mine.write_text(mine.read_text().replace("<tileset ", "<tileset class=\"mine\" ", 1))
    assert main(["--copy-map", "hack_sack_nj"]) == 0
    assert 'class="mine"' in mine.read_text()
