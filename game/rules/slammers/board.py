"""The battlefield a state is played on: the joined HexGrid, terrain as it stands, LOS and range.

A state names its board in ``state["map"]``: "scenario:NAME" is the scenario's panels
joined with ``join_boards`` (HS-MAP-1..4), "test:NAME" a grid registered in memory by a
test. Rubble and destroyed bridges live in the state (``state["rubble"]``), never in the
grid, so the terrain a rule sees is ``terrain(state, h)``.
"""
from __future__ import annotations

from game.core.boardcache import memo, new_serial
from game.boards.hexes import HexGrid

from . import tables

_BOARDS: dict = {}
BRIDGE = "bridge"


def register(key: str, grid: HexGrid) -> HexGrid:
    """Play states naming ``key`` on this grid (tests, and a scenario's joined panels)."""
    grid.serial = new_serial()
    _BOARDS[key] = grid
    return grid


def grid_of(state: dict) -> HexGrid:
    """The HexGrid a state is played on, joined from its scenario's panels on first use."""
    key = state["map"]
    grid = _BOARDS.get(key)
    if grid is None:
        if not key.startswith("scenario:"):
            raise KeyError(f"no board named {key!r}")
        from .scenarios import build_board
        grid = register(key, build_board(key.split(":", 1)[1]))
    return grid


def key(h) -> str:
    """A hex as a JSON key, 'q,r'."""
    return f"{h[0]},{h[1]}"


def unkey(k: str) -> tuple:
    """The hex of a 'q,r' key."""
    q, r = k.split(",")
    return (int(q), int(r))


def rubbled(state: dict, h) -> bool:
    """Whether a rubble counter lies in the hex (HS-RUB-1)."""
    return key(h) in state["rubble"]


def terrain(state: dict, h) -> str:
    """The dominant terrain of a hex now: a rubbled bridge is what it becomes, a river (HS-RUB-8)."""
    name = grid_of(state).terrain[h]
    if key(h) in state["rubble"]:
        row = tables.of(state).terrain[name]
        if row.rubble == "destroyed" and row.becomes:
            return row.becomes
    return name


def rubble_counts(state: dict, h) -> bool:
    """Whether rubble in a hex has its movement and defence effects (not on a destroyed bridge, HS-RUB-8)."""
    return rubbled(state, h) and tables.of(state).terrain[grid_of(state).terrain[h]].rubble == "rubble"


def df_modifier(state: dict, h) -> int:
    """The Direct Fire terrain modifier of a hex, rubble included (HS-TER-1, HS-RUB-6)."""
    t = tables.of(state)
    mod = t.terrain[terrain(state, h)].df
    return mod + (t.rubble_df if rubble_counts(state, h) else 0)


def distance(a, b) -> int:
    """Hexes from a to b, counting b and not a (HS-RNG-3)."""
    return HexGrid.distance(a, b)


def los(state: dict, a, b) -> bool:
    """Line of sight from a firer in a to a target in b (HS-LOS-1..8); rubble never matters (HS-RUB-10)."""
    grid = grid_of(state)
    return grid.los(a, b, tables.of(state).los_values, _los_terrain(state, grid))


def _los_terrain(state: dict, grid: HexGrid) -> dict | None:
    """The grid's terrain with destroyed bridges as rivers (same LOS values, kept for truth)."""
    gone = [unkey(k) for k in state["rubble"] if terrain(state, unkey(k)) != grid.terrain[unkey(k)]]
    if not gone:
        return None
    ter = dict(grid.terrain)
    ter.update({h: terrain(state, h) for h in gone})
    return ter


def los_matrix(state: dict):
    """Whole-map LOS as an n x n bool matrix over grid.hex_list (numpy, HS-LOS-7), kept per board."""
    grid = grid_of(state)
    ter = _los_terrain(state, grid)
    changed = tuple(sorted((h, v) for h, v in ter.items() if grid.terrain[h] != v)) if ter else ()
    return memo(grid, ("los", state.get("tables", "standard"), changed),
                lambda: grid.los_all(tables.of(state).los_values, ter))


def sees(state: dict):
    """see(a, b) -> bool from the whole-map matrix: the fast LOS the rules' inner loops ask."""
    grid = grid_of(state)
    m, index = los_matrix(state), grid.hex_index
    return lambda a, b: bool(m[index[a], index[b]])


def los_trace(state: dict, a, b) -> dict:
    """The LOS line for the window: each hex crossed with its value, and the blocking hexes and why."""
    grid = grid_of(state)
    vals = tables.of(state).los_values
    line = grid.line(a, b)
    fire, target = vals[terrain(state, a)][0], vals[terrain(state, b)][2]
    limit = max(fire, target)
    crossed, blocks = [], []
    for h in line[1:-1]:
        name = terrain(state, h) if h in grid.terrain else None
        value = vals[name][1] if name else 0
        crossed.append({"hex": list(h), "terrain": name, "value": value})
        if value > limit and grid.distance(a, b) > 1:
            blocks.append({"hex": list(h), "terrain": name, "value": value})
    return {"from": list(a), "to": list(b), "firer_value": fire, "target_value": target,
            "crossed": crossed, "blocked_by": blocks, "clear": not blocks}


def hexes_within(state: dict, h, n: int) -> set:
    """On-board hexes within n of h (memoised per board)."""
    grid = grid_of(state)
    return memo(grid, ("within", h, n), lambda: frozenset(grid.within(h, n)))


# How the log names a hex's ground: the preposition and the words players use for it.
GROUND = {"clear": ("on", "open ground"), "road": ("on", "the road"), "forest": ("in", "the forest"),
          "city": ("in", "the town"), "slope": ("on", "the slope"), "hilltop": ("on", "the hilltop"),
          "swamp": ("in", "the swamp"), "lake": ("in", "the lake"), "river": ("in", "the river"),
          "bridge": ("on", "the bridge")}
NEAR = 4            # a named place this close is named in the log's words for a hex


def label(state: dict, h) -> str:
    """A hex as printed on the map: '1207'."""
    return grid_of(state).label(tuple(h))


_PLACES: dict = {}       # (grid, hex) -> (its label, the place it is, the named place near it): the grid never changes


def _placed(grid, h) -> tuple:
    key = (id(grid), h)
    found = _PLACES.get(key)
    if found is None or found[0] is not grid:
        named = [p for p in grid.places if p.hex in grid.terrain]
        here = next((p.name for p in named if p.hex == h), None)
        near = min(named, key=lambda p: (distance(p.hex, h), p.name), default=None)
        near = near.name if near is not None and distance(near.hex, h) <= NEAR else None
        if len(_PLACES) > 20000:
            _PLACES.clear()
        found = _PLACES[key] = (grid, grid.label(h), here, near)
    return found[1:]


def ground(state: dict, h) -> tuple:
    """(preposition, a hex in the log's words): ('in', 'the forest at 1207 near Marrow'), ('in', 'Marrow (1007)')."""
    h = tuple(h)
    label, here, near = _placed(grid_of(state), h)
    if here is not None:
        return "in", f"{here} ({label})"
    name = terrain(state, h)
    prep, words = GROUND.get(name, ("in", f"the {name}"))
    return prep, f"{words} at {label}" + (f" near {near}" if near else "")


def where(state: dict, h) -> str:
    """A hex in the log's words with its preposition: 'in the forest at 1207 near Marrow'."""
    return " ".join(ground(state, h))
