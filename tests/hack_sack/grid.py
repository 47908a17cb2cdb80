"""A small hand-made hex board with the HexGrid API, for scenario tests that need exact terrain."""
from __future__ import annotations

from collections import namedtuple

from game.rules.hack_sack import board as boards

Place = namedtuple("Place", "name kind hex props")
Zone = namedtuple("Zone", "name kind hexes props")
DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

# Rows r = 0..7, columns q = 0..9 (axial parallelogram). Letters: . clear, f forest,
# w water, C city, R road (clear with a road).
ROWS = [
    ".....f..ww",
    "..C.....ww",
    "RRRRRRRRCw",
    "........ww",
    ".f...C..ww",
    ".........w",
    "....f....w",
    "..........",
]
TERRAIN = {".": "clear", "f": "forest", "w": "water", "C": "city", "R": "clear"}


class MiniGrid:
    """Just enough of game.boards.HexGrid for the rules."""

    def __init__(self, rows=ROWS):
        self.terrain, roads = {}, set()
        for r, line in enumerate(rows):
            for q, ch in enumerate(line):
                self.terrain[(q, r)] = TERRAIN[ch]
                if ch == "R":
                    roads.add((q, r))
        self.hexes = frozenset(self.terrain)
        self.road_hexes = frozenset(roads)
        self.road_links = frozenset()
        self.features = {}
        self.places = [Place(f"Town {q}{r}", "city", (q, r), {})
                       for (q, r), t in sorted(self.terrain.items()) if t == "city"]
        self.zones = [Zone(f"Landing Pad {i}", "offmap_box", frozenset(), {}) for i in range(1, 5)]
        self.properties = {}

    def neighbours(self, h):
        """On-board neighbours."""
        return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS if (h[0] + dq, h[1] + dr) in self.terrain]

    def distance(self, a, b):
        """Axial distance."""
        return boards.distance(a, b)

    def label(self, h):
        """Column-row name."""
        return f"{h[0]:02d}{h[1]:02d}"


MINI = "test:mini"
boards.register(MINI, MiniGrid())
