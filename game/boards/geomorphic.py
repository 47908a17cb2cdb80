"""join_boards: geomorphic boards (each its own .tmx) placed side by side as one HexGrid.

Boards are shifted by whole cells, never rotated. Half hexes along a board's edge (its
`half_hexes` property) are not playable (HS-MAP-4) unless two boards' half hexes meet in
the same cell, which makes a whole hex, or the scenario allows them (play_half_hexes).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.boards.errors import MapError
from game.boards.hexes import HexGrid, Place, Zone
from game.boards.tmx import half_hex_cells, load_hex_map


def join_boards(placements, play_half_hexes: bool = False) -> HexGrid:
    """One HexGrid from [(tmx_path, col_offset, row_offset), ...]; raises MapError."""
    if not placements:
        raise MapError("scenario", "no boards to join")
    boards = [(load_hex_map(p, keep_half_hexes=True), int(c), int(r), Path(p))
              for p, c, r in placements]
    first = boards[0][0].layout
    for board, col, row, path in boards:
        _check_fit(board, col, row, path, first)
    layout = replace(first, width=max(b.layout.width + c for b, c, _, _ in boards),
                     height=max(b.layout.height + r for b, _, r, _ in boards))
    cells: dict = {}          # combined (col, row) -> [terrain, parts covered, board path, whole on its board]
    features, roads, places, zones = {}, {}, [], []
    for k, (board, col, row, path) in enumerate(boards, start=1):
        cover = _coverage(board)
        move = _mover(board, layout, col, row)
        for h, name in board.terrain.items():
            _merge(cells, move(h, as_cell=True), name, cover.get(board.offset(h), WHOLE), path)
        for h, feats in board.features.items():
            features.setdefault(move(h), set()).update(feats)
        roads.update({frozenset(move(h) for h in pair): board.road_kinds.get(pair, "road")
                      for pair in board.road_links})
        dx, dy = _pixel_shift(layout, col, row)
        for p in board.places:
            places.append(replace(p, name=_unique(p.name, places, k), hex=move(p.hex)))
        for z in board.zones:
            zones.append(replace(z, name=_unique(z.name, zones, k),
                                 hexes=frozenset(move(h) for h in z.hexes),
                                 polygon=tuple((x + dx, y + dy) for x, y in z.polygon)))
    terrain = {layout.to_axial(*c): v[0] for c, v in cells.items() if v[1] == WHOLE or play_half_hexes}
    partial = {layout.to_axial(*c): v[0] for c, v in cells.items() if not (v[1] == WHOLE or play_half_hexes)}
    places = [p for p in places if p.hex in terrain]
    zones = [replace(z, hexes=frozenset(h for h in z.hexes if h in terrain)) for z in zones]
    props = {**boards[0][0].properties,
             "boards": ";".join(f"{p.name}@{c},{r}" for _, c, r, p in boards)}
    title = " + ".join(b.title for b, _, _, _ in boards)
    return HexGrid(layout, terrain, {h: f for h, f in features.items() if h in terrain},
                   [pair for pair in roads if pair <= terrain.keys()], places, zones, props,
                   title, boards[0][0].game, None, partial, roads)


def _check_fit(board: HexGrid, col: int, row: int, path: Path, first) -> None:
    """Boards must share one grid and keep its stagger when shifted."""
    lay = board.layout
    same = (lay.stagger_axis, lay.stagger_index, lay.tile_width, lay.tile_height, lay.side_length)
    if same != (first.stagger_axis, first.stagger_index, first.tile_width, first.tile_height,
                first.side_length):
        raise MapError(path, "its hex grid (tile size or stagger) differs from the first board's")
    if col < 0 or row < 0:
        raise MapError(path, f"placed at column {col}, row {row}; offsets must not be negative")
    shift = col if lay.stagger_axis == "x" else row
    if shift % 2:
        which = "columns" if lay.stagger_axis == "x" else "rows"
        raise MapError(path, f"must be moved by an even number of {which} (stagger axis "
                             f"{lay.stagger_axis}); it is moved by {shift}")


WHOLE = frozenset({"nw", "ne", "sw", "se"})
# the parts of a hex an edge of its board leaves on the board (left edge: the eastern half...)
KEEPS = {"left": {"ne", "se"}, "right": {"nw", "sw"}, "top": {"sw", "se"}, "bottom": {"nw", "ne"}}


def _coverage(board: HexGrid) -> dict:
    """Cells on the board's half-hex edges -> the quarters of the hex the board holds (a corner: one)."""
    out: dict = {}
    for edge in KEEPS:
        for cell in half_hex_cells({"half_hexes": edge}, board.layout):
            if edge in str(board.properties.get("half_hexes", "")):
                out[cell] = out.get(cell, WHOLE) & frozenset(KEEPS[edge])
    return out


def _mover(board: HexGrid, layout, col: int, row: int):
    """A function taking a board hex to the joined grid's hex (or cell)."""
    def move(h, as_cell=False):
        c, r = board.offset(h)
        cell = (c + col, r + row)
        return cell if as_cell else layout.to_axial(*cell)
    return move


def _merge(cells: dict, cell, name: str, parts: frozenset, path: Path) -> None:
    """Put one board cell into the joined grid; halves (and corner quarters) add up to a whole hex."""
    if cell not in cells:
        cells[cell] = [name, parts, path, parts == WHOLE]
        return
    other = cells[cell]
    if parts == WHOLE or other[3]:
        raise MapError(path, f"overlaps board '{other[2].name}' at cell {cell[0] + 1:02d}"
                             f"{cell[1] + 1:02d}; only half hexes may meet")
    other[1] = other[1] | parts


def _pixel_shift(layout, col: int, row: int) -> tuple:
    """Map-pixel shift of a board moved by (col, row) cells (an even stagger shift)."""
    x0, y0 = layout.cell_origin(0, 0)
    x1, y1 = layout.cell_origin(col, row)
    return (x1 - x0, y1 - y0)


def _unique(name: str, taken: list, k: int) -> str:
    """A place or zone name, marked with its board number if another board used it."""
    return f"{name} #{k}" if any(t.name == name for t in taken) else name
