"""Generate every piece of game art from code (deterministic): `make art`.

Writes assets/tilesets/hex_terrain.{png,tsx} (+ a 2x sheet for close zoom) and the area-map
textures under assets/textures/. Nothing is downloaded; fixed seeds make reruns identical.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

import art_hex  # noqa: E402
import art_textures  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TILESETS = ROOT / "assets" / "tilesets"
TEXTURES = ROOT / "assets" / "textures"
COLUMNS = 4


def tile_sheet(scale: int) -> pygame.Surface:
    """All terrain tiles in id order, COLUMNS per row, at the given scale."""
    w, h = art_hex.TILE_W * scale, art_hex.TILE_H * scale
    tiles = [art_hex.render_tile(t, scale, seed=1000 + i * 17)
             for i, t in enumerate(art_hex.TERRAINS)]
    tiles += [art_hex.render_overlay(f, scale, seed=2000 + i * 17)
              for i, f in enumerate(art_hex.FEATURES)]
    rows = -(-len(tiles) // COLUMNS)
    sheet = pygame.Surface((w * COLUMNS, h * rows), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for tid, tile in enumerate(tiles):
        sheet.blit(tile, ((tid % COLUMNS) * w, (tid // COLUMNS) * h))
    return sheet


def tsx_text(image: str, sheet_size: tuple) -> str:
    """The Tiled 1.8 tileset XML: terrain tiles (`terrain` property), then overlays (`feature`)."""
    n = len(art_hex.TERRAINS) + len(art_hex.FEATURES)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="hex_terrain" tilewidth="{art_hex.TILE_W}"'
        f' tileheight="{art_hex.TILE_H}" tilecount="{n}" columns="{COLUMNS}">',
        f' <image source="{image}" width="{sheet_size[0]}" height="{sheet_size[1]}"/>',
    ]
    for tid, terrain in enumerate(art_hex.TERRAINS):
        lines += [f' <tile id="{tid}" type="terrain">', '  <properties>',
                  f'   <property name="terrain" value="{terrain}"/>', '  </properties>', ' </tile>']
    for k, feature in enumerate(art_hex.FEATURES):
        lines += [f' <tile id="{len(art_hex.TERRAINS) + k}" type="feature">', '  <properties>',
                  f'   <property name="feature" value="{feature}"/>', '  </properties>', ' </tile>']
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def make_tilesets() -> None:
    """Write the hex terrain tileset (1x with .tsx, and the 2x sheet the views use up close)."""
    TILESETS.mkdir(parents=True, exist_ok=True)
    sheet = tile_sheet(1)
    pygame.image.save(sheet, str(TILESETS / "hex_terrain.png"))
    (TILESETS / "hex_terrain.tsx").write_text(tsx_text("hex_terrain.png", sheet.get_size()))
    pygame.image.save(tile_sheet(2), str(TILESETS / "hex_terrain@2x.png"))


def textures_tsx(names: list) -> str:
    """An image-collection tileset of the area textures, for background tile layers."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<tileset version="1.8" tiledversion="1.8.2" name="area_textures" tilewidth="256"'
        f' tileheight="256" tilecount="{len(names)}" columns="0">',
        ' <grid orientation="orthogonal" width="1" height="1"/>',
    ]
    for tid, name in enumerate(names):
        lines += [f' <tile id="{tid}" type="texture">', '  <properties>',
                  f'   <property name="terrain" value="{name}"/>', '  </properties>',
                  f'  <image width="256" height="256" source="../textures/{name}.png"/>', ' </tile>']
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def main() -> int:
    """Regenerate all art."""
    pygame.init()
    make_tilesets()
    art_textures.make_all(TEXTURES)
    names = [n for n in art_textures.TEXTURES if n != "wash"]
    (TILESETS / "area_textures.tsx").write_text(textures_tsx(names))
    print(f"art written under {ROOT / 'assets'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
