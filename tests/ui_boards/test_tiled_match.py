"""The hex view draws each tile where Tiled draws it (checked against tmxrasterizer)."""
from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np
import pygame
import pytest

from game.boards import HexGrid, HexLayout
from game.ui import theme
from tests.ui_boards.conftest import TERRAINS, make_view

RASTERIZER = shutil.which("tmxrasterizer")
pytestmark = [pytest.mark.tiled,
              pytest.mark.skipif(RASTERIZER is None, reason="Tiled's tmxrasterizer is not installed")]


def test_view_tiles_sit_where_tiled_puts_them(tmp_path):
    cols, rows = 6, 4
    lay = HexLayout(width=cols, height=rows)
    gids = [[1 + (c * 5 + r * 3) % len(TERRAINS) for c in range(cols)] for r in range(rows)]
    tsx = theme.asset("tilesets", "hex_terrain.tsx")
    csv = ",\n".join(",".join(str(g) for g in row) for row in gids)
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" '
        'staggeraxis="x" staggerindex="odd" nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{tsx}"/>\n'
        f' <layer id="1" name="terrain" width="{cols}" height="{rows}"><data encoding="csv">\n{csv}\n</data></layer>\n'
        '</map>\n')
    out = tmp_path / "m.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([RASTERIZER, str(tmp_path / "m.tmx"), str(out)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and out.exists(), done.stderr
    tiled = pygame.surfarray.array3d(pygame.image.load(str(out))).astype(int)
    terrain = {lay.to_axial(c, r): TERRAINS[gids[r][c] - 1] for c in range(cols) for r in range(rows)}
    grid = HexGrid(lay, terrain, {}, (), (), (), {}, "t", "test")
    ours = pygame.surfarray.array3d(make_view(grid).render_base(1.0)).astype(int)
    assert ours.shape == tiled.shape
    for h in grid.hexes:
        x, y = (round(v) for v in grid.hex_to_pixel(h))
        a, b = ours[x - 12:x + 12, y - 10:y + 10], tiled[x - 12:x + 12, y - 10:y + 10]
        assert np.abs(a - b).mean() < 4, f"hex {grid.label(h)} ({terrain[h]}) differs from Tiled"
