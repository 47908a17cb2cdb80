"""Hex maps (Hack & Sack New Jersey, Hammer's Slammers): the HexGrid and its queries.

Hexes are axial (q, r) tuples everywhere inside the program; Tiled's staggered
(col, row) cells are converted only at the boundary (HexLayout). A HexGrid is immutable
after loading; neighbour and road tables are built once for the rules' hot loops.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Callable

from game.boards import hexlos
from game.boards.layout import HexLayout, distance as hex_distance, ring_neighbours


@dataclass(frozen=True)
class Place:
    """A named place on a hex map (a city, a landmark...)."""
    name: str
    kind: str
    hex: tuple
    props: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Zone:
    """A set-up zone or off-map box (kind "offmap_box"): its hexes and its outline in pixels."""
    name: str
    kind: str
    hexes: frozenset
    props: dict = field(default_factory=dict, compare=False, hash=False)
    polygon: tuple = ()


class HexGrid:
    """A hex board: playable hexes, terrain, features, roads, places and zones."""

    kind = "hex"

    def __init__(self, layout: HexLayout, terrain: dict, features: dict | None = None,
                 road_links=(), places=(), zones=(), properties: dict | None = None,
                 title: str = "", game: str = "", path: str | None = None,
                 partial: dict | None = None, road_kinds: dict | None = None):
        self.layout = layout
        self.terrain = dict(terrain)
        self.hexes = frozenset(self.terrain)
        self.features = {h: frozenset(f) for h, f in (features or {}).items() if f}
        self.road_links = frozenset(frozenset(pair) for pair in road_links)
        self.road_hexes = frozenset(h for pair in self.road_links for h in pair)
        self.road_kinds = {frozenset(k): v for k, v in (road_kinds or {}).items()
                           if frozenset(k) in self.road_links}
        self.places = list(places)
        self.zones = list(zones)
        self.properties = dict(properties or {})
        self.title = title
        self.game = game
        self.path = path
        self.partial_terrain = dict(partial or {})     # edge half-hexes, not playable (HS-MAP-4)
        self.hex_list = tuple(sorted(self.hexes))
        self.hex_index = {h: i for i, h in enumerate(self.hex_list)}
        self._nbrs = {h: tuple(n for n in ring_neighbours(h) if n in self.hexes) for h in self.hex_list}
        roads: dict = {}
        for pair in self.road_links:
            a, b = tuple(pair)
            roads.setdefault(a, set()).add(b)
            roads.setdefault(b, set()).add(a)
        self._roads = {h: frozenset(s) for h, s in roads.items()}
        self._places = {p.name: p for p in self.places}
        self._zones = {z.name: z for z in self.zones}
        self._los_plan = None
        self._corners: dict = {}       # hex -> its corners, worked out once (drawing asks for them often)

    # --- coordinates -------------------------------------------------------------------
    def offset(self, h) -> tuple:
        """Tiled (col, row) of a hex."""
        return self.layout.to_offset(h)

    def from_offset(self, col: int, row: int) -> tuple:
        """Axial hex of a Tiled (col, row)."""
        return self.layout.to_axial(col, row)

    def label(self, h) -> str:
        """The hex's name for players: column then row, from 01 ("0407")."""
        col, row = self.layout.to_offset(h)
        digits = 3 if max(self.layout.width, self.layout.height) > 99 else 2
        return f"{col + 1:0{digits}d}{row + 1:0{digits}d}"

    def hex_named(self, label: str):
        """The hex a player's label names, or None."""
        half = len(label) // 2
        try:
            h = self.from_offset(int(label[:half]) - 1, int(label[half:]) - 1)
        except ValueError:
            return None
        return h if h in self.hexes else None

    # --- neighbourhood -----------------------------------------------------------------
    def neighbours(self, h) -> tuple:
        """On-board neighbours of a hex (precomputed)."""
        return self._nbrs.get(h, ())

    distance = staticmethod(hex_distance)    # hexes between a and b (game/boards/layout.py)

    def within(self, h, n: int) -> set:
        """On-board hexes at distance 0..n from h."""
        q, r = h
        out = set()
        for dq in range(-n, n + 1):
            for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
                c = (q + dq, r + dr)
                if c in self.hexes:
                    out.add(c)
        return out

    def road_neighbours(self, h) -> frozenset:
        """Hexes joined to h by a road link."""
        return self._roads.get(h, frozenset())

    def is_road_step(self, a, b) -> bool:
        """Whether a road runs directly from a to b."""
        return b in self._roads.get(a, ())

    def road_kind(self, a, b) -> str | None:
        """The `type` of the road from a to b (highway, turnpike...), or None."""
        return self.road_kinds.get(frozenset((a, b)))

    def place(self, name: str) -> Place | None:
        """A named place, or None."""
        return self._places.get(name)

    def zone(self, name: str) -> Zone | None:
        """A named zone or off-map box, or None."""
        return self._zones.get(name)

    def zones_of_kind(self, kind: str) -> list:
        """Every zone of one kind (setup_zone, offmap_box...)."""
        return [z for z in self.zones if z.kind == kind]

    @property
    def all_places(self) -> frozenset:
        """Every place a game can name: hexes, place names and zone names."""
        return frozenset(self.hexes) | frozenset(self._places) | frozenset(self._zones)

    # --- movement ----------------------------------------------------------------------
    def movement_range(self, start, mp: float, cost: Callable, stop: Callable | None = None) -> dict:
        """Hexes a unit can reach with mp movement points -> the fewest MP spent.

        cost(a, b) is the MP to step from a into b, or None when b cannot be entered;
        fractional costs are fine (HSNJ-MOV-13's ½ MP road steps; with ½ MP left only a
        step costing ½ is possible, HSNJ-AMBIG-27). stop(h) true: a unit entering h must
        stop there (HSNJ-MOV-8 ZOC, an enemy hex); the start hex never stops the unit
        (HSNJ-AMBIG-25).
        """
        best = {start: 0.0}
        heap = [(0.0, start)]
        nbrs = self._nbrs
        while heap:
            spent, here = heapq.heappop(heap)
            if spent > best[here] or (here != start and stop is not None and stop(here)):
                continue
            for nxt in nbrs.get(here, ()):
                step = cost(here, nxt)
                if step is None:
                    continue
                total = spent + step
                if total <= mp and total < best.get(nxt, float("inf")):
                    best[nxt] = total
                    heapq.heappush(heap, (total, nxt))
        return best

    # --- lines and line of sight -------------------------------------------------------
    def line(self, a, b) -> list:
        """Hexes the straight line from a's centre to b's centre crosses, in order (HS-LOS-1/2).

        Where the line runs along a hex edge, the hexes on both sides are included.
        """
        return hexlos.line(a, b)

    def los(self, a, b, values: dict, terrain: dict | None = None) -> bool:
        """Line of sight from a firer in a to a target in b (HS-LOS-1..8).

        values: terrain -> (firer, intervening, target) LOS values (HS-LOS-5); terrain
        overrides self.terrain (e.g. hexes rubbled during play). Off-map hexes are clear.
        """
        return hexlos.los(a, b, terrain or self.terrain, values, self.distance(a, b) <= 1)

    def los_all(self, values: dict, terrain: dict | None = None) -> "numpy.ndarray":
        """Bool matrix over hex_list: [i, j] true when hex_list[i] can see hex_list[j]."""
        import numpy as np          # here, not at the top: the menu's first frame needs no numpy
        if self._los_plan is None:
            self._los_plan = hexlos.LosPlan(list(self.hex_list))
        ter = terrain or self.terrain
        cols = np.array([values[ter[h]] for h in self.hex_list], dtype=np.int8).reshape(-1, 3)
        return self._los_plan.visible(cols[:, 1].copy(), cols[:, 0].copy(), cols[:, 2].copy())

    # --- pixels ------------------------------------------------------------------------
    def hex_to_pixel(self, h) -> tuple:
        """Centre of a hex in Tiled map pixels."""
        return self.layout.cell_centre(*self.layout.to_offset(h))

    def pixel_to_hex(self, x: float, y: float):
        """The on-board hex under a map pixel, or None."""
        h = self.layout.to_axial(*self.layout.cell_at(x, y))
        return h if h in self.hexes else None

    def corners(self, h) -> list:
        """The hexagon's six corners in map pixels (shared: do not change the list)."""
        c = self._corners.get(h)
        if c is None:
            c = self._corners[h] = self.layout.cell_corners(*self.layout.to_offset(h))
        return c

    @property
    def pixel_size(self) -> tuple:
        """(width, height) of the whole map in pixels."""
        return self.layout.pixel_size()

    def __repr__(self) -> str:
        return f"HexGrid({self.title!r}, {len(self.hexes)} hexes)"
