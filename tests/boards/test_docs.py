"""The worked examples in docs/maps.md load, and say what the text says about them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.boards import check_map, load_map

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = re.findall(r"```xml\n(.*?)```", (ROOT / "docs" / "maps.md").read_text(encoding="utf-8"),
                      re.S)


def write(tmp_path, text: str) -> Path:
    """Put an example where its relative tileset path (../assets/...) finds the real tileset."""
    (tmp_path / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    (tmp_path / "maps").mkdir()
    path = tmp_path / "maps" / "example.tmx"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + text, encoding="utf-8")
    return path


def test_two_examples():
    assert len(EXAMPLES) == 2


def test_area_example(tmp_path):
    board = load_map(write(tmp_path, EXAMPLES[0]))
    assert board.border_adjacent("Jaffa") == {"Lydda"}
    assert board.neighbours("Jaffa", {"road"}) == {"Lydda"}
    assert check_map(tmp_path / "maps" / "example.tmx") == []


def test_hex_example(tmp_path):
    if not (ROOT / "assets" / "tilesets" / "hex_terrain.tsx").exists():
        pytest.skip("the hex tileset assets/tilesets/hex_terrain.tsx is not drawn yet")
    board = load_map(write(tmp_path, EXAMPLES[1]))
    newark = board.place("Newark").hex
    assert board.label(newark) == "0201" and board.terrain[newark] == "city"
    assert board.road_kind(board.hex_named("0101"), newark) == "highway"
    assert board.terrain[board.hex_named("0202")] == "water"
    assert board.zone("Landing Pad 1").kind == "offmap_box"
