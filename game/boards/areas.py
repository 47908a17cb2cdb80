"""Area maps (Judean Hammer, Battle for Armageddon): areas, links, borders and the AreaMap queries.

An AreaMap is immutable after loading: adjacency tables are built once so that the rules
can ask neighbours() in hot loops.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable

from game.boards import geometry

BORDER = "border"   # the pseudo link kind meaning "polygons share an edge"


@dataclass(frozen=True)
class Area:
    """One area: its unique name, kind (city, wilderness...), region, terrain and outline."""
    name: str
    kind: str
    region: str
    terrain: str
    polygon: tuple
    label: tuple
    props: dict = field(default_factory=dict, compare=False, hash=False)
    obj_id: int = field(default=0, compare=False)      # the Tiled object id, for messages


@dataclass(frozen=True)
class Link:
    """A road (or other connection: purple_road, sea...) between areas a and b."""
    a: str
    b: str
    kind: str
    points: tuple
    props: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Border(Link):
    """A feature along the border of two areas, such as a river (kind "river")."""


@dataclass(frozen=True)
class Marker:
    """A point on the map: faction icon, VP box, label...; area is the area it lies in."""
    kind: str
    x: float
    y: float
    area: str | None
    props: dict = field(default_factory=dict, compare=False, hash=False)


class AreaMap:
    """An area map with precomputed adjacency (by shared border and by declared links)."""

    kind = "area"

    def __init__(self, title: str, game: str, width: float, height: float, areas: dict,
                 links: Iterable[Link] = (), borders: Iterable[Border] = (),
                 markers: Iterable[Marker] = (), properties: dict | None = None,
                 path: str | None = None, border_pairs: Iterable[tuple] | None = None):
        self.title = title
        self.game = game
        self.width = width
        self.height = height
        self.areas = dict(areas)
        self.links = tuple(links)
        self.borders = tuple(borders)
        self.markers = tuple(markers)
        self.properties = dict(properties or {})
        self.path = path
        if border_pairs is None:
            border_pairs = shared_border_pairs(self.areas)
        self._by_kind = self._adjacency(border_pairs)
        self._all = {n: frozenset().union(*(k.get(n, ()) for k in self._by_kind.values()))
                     for n in self.areas}
        self._cache: dict = {}
        self._links_between: dict = {}
        for link in self.links:
            self._links_between.setdefault(frozenset((link.a, link.b)), []).append(link)
        self._boxes = {n: geometry.bbox(a.polygon) for n, a in self.areas.items()}

    def _adjacency(self, border_pairs) -> dict:
        """kind -> area -> frozenset of neighbours, built once."""
        table: dict = {BORDER: {n: set() for n in self.areas}}
        for a, b in border_pairs:
            table[BORDER][a].add(b)
            table[BORDER][b].add(a)
        for link in self.links:
            kind = table.setdefault(link.kind, {n: set() for n in self.areas})
            kind[link.a].add(link.b)
            kind[link.b].add(link.a)
        return {k: {n: frozenset(s) for n, s in t.items()} for k, t in table.items()}

    @property
    def link_kinds(self) -> frozenset:
        """Every link kind on the map, plus "border"."""
        return frozenset(self._by_kind)

    def neighbours(self, name: str, kinds=None) -> frozenset:
        """Areas one step away: by shared border or any link, or only via the given kinds.

        kinds is a collection of link kinds; include "border" to count shared borders.
        """
        return self._table(kinds)[name]

    def _table(self, kinds=None) -> dict:
        """Area -> neighbours, by every kind of step or only the given kinds (built once per kinds)."""
        if kinds is None:
            return self._all
        key = kinds if isinstance(kinds, frozenset) else frozenset(kinds)
        table = self._cache.get(key)
        if table is None:
            parts = [self._by_kind[k] for k in key if k in self._by_kind]
            table = {n: frozenset().union(*(p[n] for p in parts)) for n in self.areas}
            self._cache[key] = table
        return table

    def spread(self, starts, kinds=None, blocked=frozenset()) -> frozenset:
        """Every area a chain of steps from any of ``starts`` reaches without entering ``blocked``.

        The starts themselves are always in (a supply source is never cut off from itself).
        """
        table = self._table(kinds)
        seen = set(starts)
        todo = list(seen)
        while todo:
            for nxt in table[todo.pop()]:
                if nxt not in seen and nxt not in blocked:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    def border_adjacent(self, name: str) -> frozenset:
        """Areas whose outline shares an edge with this one."""
        return self._by_kind[BORDER][name]

    def links_between(self, a: str, b: str) -> list:
        """Every link joining a and b."""
        return list(self._links_between.get(frozenset((a, b)), ()))

    def borders_between(self, a: str, b: str) -> list:
        """Border features (rivers...) between a and b."""
        pair = {a, b}
        return [br for br in self.borders if {br.a, br.b} == pair]

    def reachable(self, start: str, max_steps: int, kinds=None,
                  can_enter: Callable[[str], bool] | None = None,
                  must_stop: Callable[[str], bool] | None = None,
                  blocked=frozenset(), stops=frozenset()) -> dict:
        """Areas reachable within max_steps -> fewest steps (start is 0).

        An area in ``blocked``, or of which can_enter(area) is false, cannot be entered; a move
        entering one in ``stops``, or of which must_stop(area) is true, ends there. (The sets
        are the quicker way for a search asked many times a turn.)
        """
        table = self._table(kinds)
        seen = {start: 0}
        frontier = [start]
        for steps in range(1, max_steps + 1):       # one ring of areas a step, breadth first
            ring = []
            for here in frontier:
                if here != start and (here in stops or (must_stop is not None and must_stop(here))):
                    continue
                for nxt in table[here]:
                    if nxt not in seen and nxt not in blocked and (can_enter is None or can_enter(nxt)):
                        seen[nxt] = steps
                        ring.append(nxt)
            if not ring:
                break
            frontier = ring
        return seen

    def path_exists(self, start: str, goal, kinds=None,
                    avoid: Callable[[str], bool] | None = None) -> bool:
        """Whether a chain of steps leads from start to goal (a name or a predicate).

        No area on the way, the goal included, may be one that avoid() is true of.
        """
        is_goal = goal if callable(goal) else (lambda name: name == goal)
        if is_goal(start):
            return True
        seen = {start}
        queue = deque([start])
        while queue:
            for nxt in self.neighbours(queue.popleft(), kinds):
                if nxt in seen or (avoid and avoid(nxt)):
                    continue
                if is_goal(nxt):
                    return True
                seen.add(nxt)
                queue.append(nxt)
        return False

    def area_at(self, x: float, y: float) -> str | None:
        """The area under a map pixel, or None."""
        for name, (x0, y0, x1, y1) in self._boxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1 and \
                    geometry.point_in_polygon(x, y, self.areas[name].polygon):
                return name
        return None

    def regions(self) -> dict:
        """region -> sorted area names."""
        out: dict = {}
        for name in sorted(self.areas):
            out.setdefault(self.areas[name].region, []).append(name)
        return out

    @property
    def places(self) -> frozenset:
        """Every place a game can name on this map (its area names)."""
        return frozenset(self.areas)

    def __repr__(self) -> str:
        return f"AreaMap({self.title!r}, {len(self.areas)} areas, {len(self.links)} links)"


def shared_border_pairs(areas: dict) -> list:
    """Pairs of area names whose polygons share an edge (bounding boxes filter first)."""
    names = sorted(areas)
    boxes = {n: geometry.bbox(areas[n].polygon) for n in names}
    tol = geometry.TOLERANCE
    pairs = []
    for i, a in enumerate(names):
        ax0, ay0, ax1, ay1 = boxes[a]
        for b in names[i + 1:]:
            bx0, by0, bx1, by1 = boxes[b]
            if ax0 > bx1 + tol or bx0 > ax1 + tol or ay0 > by1 + tol or by0 > ay1 + tol:
                continue
            if geometry.share_edge(areas[a].polygon, areas[b].polygon):
                pairs.append((a, b))
    return pairs
