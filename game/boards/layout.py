"""Tiled's hexagonal layout: staggered (col, row) offsets <-> axial (q, r), and map pixels.

The pixel formulas follow Tiled's HexagonalRenderer (tileToScreenCoords, mapSize) so a
hex centre computed here is the centre of the tile Tiled draws. Axial coordinates use
the usual six directions for both stagger axes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class HexLayout:
    """Tile size and stagger settings of a hexagonal Tiled map."""
    stagger_axis: str = "x"        # "x": flat-top hexes, columns staggered; "y": pointy-top
    stagger_index: str = "odd"     # which columns (x) / rows (y) are pushed down / right
    tile_width: int = 64
    tile_height: int = 56
    side_length: int = 32
    width: int = 1                 # cells across
    height: int = 1                # cells down

    # --- offsets <-> axial -------------------------------------------------------------
    def to_axial(self, col: int, row: int) -> tuple:
        """Axial (q, r) of a Tiled cell (col, row)."""
        if self.stagger_axis == "x":
            shift = (col + (col & 1)) // 2 if self.stagger_index == "even" else (col - (col & 1)) // 2
            return (col, row - shift)
        shift = (row + (row & 1)) // 2 if self.stagger_index == "even" else (row - (row & 1)) // 2
        return (col - shift, row)

    def to_offset(self, h) -> tuple:
        """Tiled cell (col, row) of an axial hex."""
        q, r = h
        if self.stagger_axis == "x":
            shift = (q + (q & 1)) // 2 if self.stagger_index == "even" else (q - (q & 1)) // 2
            return (q, r + shift)
        shift = (r + (r & 1)) // 2 if self.stagger_index == "even" else (r - (r & 1)) // 2
        return (q + shift, r)

    # --- Tiled's renderer parameters -----------------------------------------------------
    @property
    def _params(self) -> tuple:
        """(tile_w, tile_h, side_x, side_y, side_off_x, side_off_y, col_w, row_h) as Tiled has them."""
        tw, th = self.tile_width & ~1, self.tile_height & ~1
        sx = self.side_length if self.stagger_axis == "x" else 0
        sy = self.side_length if self.stagger_axis == "y" else 0
        ox, oy = (tw - sx) // 2, (th - sy) // 2
        return tw, th, sx, sy, ox, oy, ox + sx, oy + sy

    def _staggered(self, i: int) -> bool:
        return bool((i & 1) ^ (self.stagger_index == "even"))

    def cell_origin(self, col: int, row: int) -> tuple:
        """Top-left pixel of a cell's tile, as Tiled's tileToScreenCoords."""
        tw, th, sx, sy, ox, oy, cw, rh = self._params
        if self.stagger_axis == "x":
            y = row * (th + sy) + (rh if self._staggered(col) else 0)
            return (col * cw, y)
        x = col * (tw + sx) + (cw if self._staggered(row) else 0)
        return (x, row * rh)

    def cell_centre(self, col: int, row: int) -> tuple:
        """Centre pixel of a cell."""
        x, y = self.cell_origin(col, row)
        tw, th = self._params[:2]
        return (x + tw / 2, y + th / 2)

    def pixel_size(self) -> tuple:
        """(width, height) in pixels of the whole map, as Tiled's mapSize."""
        tw, th, sx, sy, ox, oy, cw, rh = self._params
        if self.stagger_axis == "x":
            return (self.width * cw + ox,
                    self.height * (th + sy) + (rh if self.width > 1 else 0))
        return (self.width * (tw + sx) + (cw if self.height > 1 else 0),
                self.height * rh + oy)

    def cell_corners(self, col: int, row: int) -> list:
        """The six corners of a cell's hexagon in map pixels, clockwise from the left/top."""
        x, y = self.cell_origin(col, row)
        tw, th, sx, sy, ox, oy, cw, rh = self._params
        if self.stagger_axis == "x":
            rel = [(0, th / 2), (ox, 0), (ox + sx, 0), (tw, th / 2), (ox + sx, th), (ox, th)]
        else:
            rel = [(tw / 2, 0), (tw, oy), (tw, oy + sy), (tw / 2, th), (0, oy + sy), (0, oy)]
        return [(x + a, y + b) for a, b in rel]

    def cell_at(self, px: float, py: float) -> tuple:
        """The cell whose centre is nearest to a pixel (Tiled's own rule for picking a hex)."""
        tw, th, sx, sy, ox, oy, cw, rh = self._params
        if self.stagger_axis == "x":
            col0, row0 = math.floor(px / cw), math.floor(py / th)
        else:
            col0, row0 = math.floor(px / tw), math.floor(py / rh)
        best, best_d = (col0, row0), math.inf
        for col in (col0 - 1, col0, col0 + 1):
            for row in (row0 - 1, row0, row0 + 1):
                cx, cy = self.cell_centre(col, row)
                d = (cx - px) ** 2 + (cy - py) ** 2
                if d < best_d:
                    best, best_d = (col, row), d
        return best


def distance(a, b) -> int:
    """Hex distance between two axial hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring_neighbours(h) -> list:
    """The six axial neighbours of a hex, on or off the board."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]
