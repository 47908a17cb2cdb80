"""The shared board cache: one board per path, a new identity when an edited map replaces it."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.boardcache import BoardCache, MapProblem, memo

MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


class Tables:
    def __init__(self, amap, name):
        self.map, self.name = amap, name


def test_a_board_is_built_once_per_path_and_replaced_with_a_new_identity():
    cache = BoardCache(Tables)
    first = cache.get(str(MAPS / "hex_small.tmx"))
    assert cache.get(str(MAPS / "hex_small.tmx")) is first and first.name == "hex_small.tmx"
    calls = []
    assert memo(first, "hexes", lambda: calls.append(1) or len(first.map.hexes)) > 0
    memo(first, "hexes", lambda: calls.append(1))
    assert calls == [1]                                  # remembered for this board
    second = cache.replace(str(MAPS / "hex_small.tmx"), first.map)
    assert second.serial != first.serial and cache.get(str(MAPS / "hex_small.tmx")) is second
    assert memo(second, "hexes", lambda: "fresh") == "fresh"   # nothing of the old board is used


def test_a_map_the_rules_cannot_use_is_one_plain_line(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("not a map")
    with pytest.raises(MapProblem) as err:
        BoardCache(Tables).get(str(bad))
    assert "\n" not in str(err.value)

    def hex_only(amap, path):
        raise MapProblem(f"{Path(path).name}: wrong kind")
    with pytest.raises(MapProblem, match="hex_small.tmx: wrong kind"):
        BoardCache(Tables, check=hex_only).get(str(MAPS / "hex_small.tmx"))
