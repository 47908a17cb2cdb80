"""Sample boards and pieces for the board-view screenshots and benchmark.

Prefers the fixture maps (tests/fixtures/maps), then the shipped maps; falls back to a
generated board so the screenshots and the benchmark always run.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIDES = {"area": {"Greek": (176, 48, 40), "Jewish": (46, 110, 60), "Hasmonean": (52, 92, 160)},
         "hex": {"American": (52, 92, 160), "British": (176, 48, 40)}}


def find_board(kind: str, busiest: bool = False):
    """A loadable board of `kind` ("area" or "hex"): the first (or busiest) fixture or shipped map."""
    from game.boards import load_map
    found = []
    for folder in (ROOT / "tests" / "fixtures" / "maps", ROOT / "maps"):
        for path in sorted(folder.glob("*.tmx")):
            try:
                board = load_map(path)
            except Exception:   # noqa: BLE001 — broken or unfinished maps are skipped
                continue
            if board.kind == kind:
                found.append(board)
        if found and not busiest:
            return found[0]
    if found:
        return max(found, key=lambda b: len(getattr(b, "areas", None) or getattr(b, "hexes", ())))
    return generated_hex_grid() if kind == "hex" else None


def generated_hex_grid(width: int = 30, height: int = 22):
    """A hex board using every terrain, a road and two places (when no hex map loads)."""
    from game.boards import HexGrid, HexLayout, Place
    names = ["clear"] * 8 + ["forest"] * 3 + ["slope", "hilltop", "swamp", "lake", "city", "rubble"]
    lay = HexLayout(width=width, height=height)
    terrain = {lay.to_axial(c, r): names[(c * 7 + r * 11 + (c * r) % 7) % len(names)]
               for c in range(width) for r in range(height)}
    road = [lay.to_axial(c, height // 2) for c in range(width)]
    return HexGrid(lay, terrain, {}, list(zip(road, road[1:])),
                   [Place("Millbrook", "city", road[4]), Place("Pine Hill", "landmark", road[12])],
                   [], {}, "Generated", "hack_sack")


def sample_pieces(board, sides: dict) -> list:
    """A spread of counters (area maps: cubes) over the board for screenshots and timing."""
    side_names = list(sides)
    pieces = []
    if board.kind == "area":
        for i, name in enumerate(sorted(board.areas)):
            counts = {side_names[i % len(side_names)]: (i * 5) % 7,
                      side_names[(i + 1) % len(side_names)]: (i % 3) if i % 2 else 0}
            for side, n in counts.items():
                for k in range(n):
                    pieces.append({"id": f"c{i}-{side}-{k}", "side": side, "kind": "cube", "at": name,
                                   "style": "cube", "label": "", "values": "", "symbol": "",
                                   "flags": []})
        return pieces
    symbols = ["infantry", "armor", "artillery", "cavalry", "leader", "mech", "militia"]
    hexes = sorted(board.hexes)
    middle = hexes[len(hexes) // 2]
    near = sorted(h for h in board.within(middle, 6) if h in board.hexes)
    for i, h in enumerate(near[::5][:24]):
        for k in range(1 + i % 3):
            side = side_names[0] if h[0] < middle[0] else side_names[1]
            pieces.append({"id": f"u{i}-{k}", "side": side, "kind": "unit", "at": list(h),
                           "style": "counter", "label": f"{i + 1}{'st' if i == 0 else 'th'} {side[:3]}",
                           "values": f"{2 + (i + k) % 5}-{3 + k}-{1 + i % 4}",
                           "symbol": symbols[(i + k) % len(symbols)],
                           "flags": ["disrupted"] if (i + k) % 7 == 3 else []})
    return pieces
