"""Every map opens in the real Tiled: tmxrasterizer renders it, and our hex geometry matches.

The fixture tilesets paint each terrain as one flat colour in the exact hexagon shape, so
the colour under every computed hex centre, and under sample pixels, must be the colour of
the hex our pixel_to_hex names.
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from game.boards import geometry, load_map
from game.boards.areas import AreaMap
from game.core.paths import maps_dir

from tests.boards.conftest import MAPS, fixture_module

_made = fixture_module("make_fixtures")
COLOURS, TERRAINS = _made.COLOURS, _made.TERRAINS

RASTERIZER = shutil.which("tmxrasterizer")
pytestmark = [pytest.mark.tiled,
              pytest.mark.skipif(RASTERIZER is None, reason="Tiled's tmxrasterizer is not installed")]

ALL_MAPS = sorted(MAPS.glob("*.tmx")) + sorted(maps_dir().rglob("*.tmx"))
OWN_TILESET = sorted(MAPS.glob("hex_*.tmx")) + sorted(MAPS.glob("geo_*.tmx"))


def rasterize(path, tmp_path, *layers):
    """Render a map with Tiled itself; returns a pygame Surface."""
    import pygame
    out = tmp_path / (path.stem + ".png")
    args = [RASTERIZER, *[a for name in layers for a in ("--show-layer", name)], str(path), str(out)]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and out.exists(), f"tmxrasterizer failed on {path.name}: {done.stderr}"
    return pygame.image.load(str(out))


@pytest.mark.parametrize("path", ALL_MAPS, ids=lambda p: p.name)
def test_map_renders_in_tiled_at_our_size(path, tmp_path):
    board = load_map(path)
    image = rasterize(path, tmp_path)
    if isinstance(board, AreaMap):
        assert image.get_size() == (board.width, board.height)
    else:
        assert image.get_size() == tuple(int(v) for v in board.pixel_size)


def colour_of(terrain):
    return COLOURS[TERRAINS.index(terrain)]


@pytest.mark.parametrize("path", OWN_TILESET, ids=lambda p: p.name)
def test_hex_centres_and_picking_match_tiled(path, tmp_path):
    grid = load_map(path)
    image = rasterize(path, tmp_path, "terrain")
    cells = {**grid.terrain, **grid.partial_terrain}
    for h, terrain in cells.items():
        x, y = grid.hex_to_pixel(h)
        assert tuple(image.get_at((int(x), int(y))))[:3] == colour_of(terrain), grid.label(h)
    layout = grid.layout
    width, height = image.get_size()
    checked = 0
    for py in range(1, height, 3):
        for px in range(1, width, 3):
            pixel = tuple(image.get_at((px, py)))
            cell = layout.cell_at(px + 0.5, py + 0.5)
            corners = layout.cell_corners(*cell)
            if pixel[3] == 0 or geometry.boundary_distance(px + 0.5, py + 0.5, corners) < 1.5:
                continue
            h = layout.to_axial(*cell)
            assert h in cells and pixel[:3] == colour_of(cells[h]), (px, py)
            checked += 1
    assert checked > width * height / 20
