"""The generated art: tileset ids and names as the boards API says, hexes that tile without gaps."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pygame

from game.ui import theme

CONTRACT = ["clear", "forest", "slope", "hilltop", "swamp", "lake", "river", "city", "water",
            "rubble", "bridge", "fortress"]


def test_tileset_ids_match_the_boards_contract():
    from game.ui.hex_view import read_tileset
    terrains, features, columns, tw, th = read_tileset(theme.asset("tilesets", "hex_terrain.tsx"))
    assert (tw, th) == (64, 56)
    assert [name for name, _ in sorted(terrains.items(), key=lambda kv: kv[1])] == CONTRACT
    assert [terrains[n] for n in CONTRACT] == list(range(12))
    assert all(i >= 12 for i in features.values())
    sheet = pygame.image.load(str(theme.asset("tilesets", "hex_terrain.png")))
    assert sheet.get_width() == columns * tw
    assert sheet.get_height() >= -(-(len(terrains) + len(features)) // columns) * th


def test_tsx_uses_type_not_class():
    text = theme.asset("tilesets", "hex_terrain.tsx").read_text()
    assert "class=" not in text and 'tiledversion="1.8.2"' in text


def test_tiles_cover_a_hex_grid_without_gaps():
    """Blit every terrain tile the way Tiled staggers them; no background pixel may show."""
    from game.boards import HexLayout
    sheet = pygame.image.load(str(theme.asset("tilesets", "hex_terrain.png")))
    lay = HexLayout(width=8, height=6)
    w, h = lay.pixel_size()
    for tid in range(12):
        tile = sheet.subsurface(pygame.Rect((tid % 4) * 64, (tid // 4) * 56, 64, 56))
        surf = pygame.Surface((w, h))
        surf.fill((255, 0, 255))
        for col in range(8):
            for row in range(6):
                surf.blit(tile, lay.cell_origin(col, row))
        px = pygame.surfarray.array3d(surf)[64:w - 64, 56:h - 56]
        magenta = (px[:, :, 0] == 255) & (px[:, :, 1] == 0) & (px[:, :, 2] == 255)
        assert not magenta.any(), f"gap in tile {tid}"


def test_committed_tiles_are_what_make_art_draws():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import make_art
    fresh = pygame.surfarray.array3d(make_art.tile_sheet(1))
    committed = pygame.surfarray.array3d(pygame.image.load(str(theme.asset("tilesets", "hex_terrain.png"))))
    assert np.array_equal(fresh, committed)


def test_textures_tile_seamlessly():
    for name in ("parchment", "land", "sea", "desert", "wilderness", "hills"):
        px = pygame.surfarray.array3d(pygame.image.load(str(theme.asset("textures", f"{name}.png")))).astype(int)
        inner = np.abs(np.diff(px, axis=0)).mean()
        wrap = np.abs(px[0] - px[-1]).mean()
        assert wrap < inner * 2 + 2, name
