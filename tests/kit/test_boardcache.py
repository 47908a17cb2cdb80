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


def test_a_map_edited_outside_a_game_is_read_again_when_a_game_is_set_up(tmp_path):
    """Resume or a new game after editing the map at the menu plays on the map as it is now."""
    import os
    import shutil
    path = tmp_path / "hex_small.tmx"
    for tsx in MAPS.glob("*.tsx"):
        shutil.copy(tsx, tmp_path)
    shutil.copy(MAPS / "hex_small.tmx", path)
    cache = BoardCache(Tables)
    first = cache.fresh(str(path))
    assert cache.fresh(str(path)) is first                     # unchanged file: the same board
    path.write_text(path.read_text().replace("</map>", "<!-- edited -->\n</map>"))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 5_000_000_000))
    assert cache.get(str(path)) is first                       # in play the board never changes by itself
    second = cache.fresh(str(path))
    assert second is not first and second.serial != first.serial
    path.write_text("<map>broken")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 9_000_000_000))
    with pytest.raises(MapProblem, match="hex_small"):
        cache.fresh(str(path))


def test_a_judean_hammer_game_set_up_after_a_rename_in_tiled_uses_the_new_name(tmp_path):
    import os
    import shutil

    from game.core.paths import data_root
    from game.core.session import Session
    from game.rules import GAMES
    src = data_root() / "maps" / "judean_hammer.tmx"
    path = tmp_path / "judean_hammer.tmx"
    shutil.copy(src, path)
    shutil.copy(src.with_name("judean_hammer_background.png"), tmp_path)
    spec = GAMES["judean_hammer"]
    before = Session(spec, 1, None, {"map": str(path)})
    assert "Tekoa" in spec.board(before.state).areas
    path.write_text(path.read_text(encoding="utf-8").replace('name="Tekoa"', 'name="Tekoah"').replace('value="Tekoa"', 'value="Tekoah"'), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 5_000_000_000))
    after = Session(spec, 1, None, {"map": str(path)})
    areas = spec.board(after.state).areas
    assert "Tekoah" in areas and "Tekoa" not in areas
