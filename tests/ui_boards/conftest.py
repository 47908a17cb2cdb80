"""Board-view test helpers: small hand-built boards and a view on the dummy video driver."""
from __future__ import annotations

import pygame
import pytest

from game.boards import Area, AreaMap, HexGrid, HexLayout, Link, Place, Zone

SIDES = {"Greek": (176, 48, 40), "Jewish": (52, 92, 160), "Union": (52, 92, 160),
         "British": (176, 48, 40)}
TERRAINS = ["clear", "forest", "slope", "hilltop", "swamp", "lake", "river", "city", "water",
            "rubble", "bridge", "fortress"]


@pytest.fixture(autouse=True, scope="session")
def _pygame():
    pygame.init()
    yield


def square_area_map(cols: int = 6, rows: int = 4, cell: int = 150) -> AreaMap:
    """A cols x rows grid of square areas in two regions, joined by roads along rows."""
    areas = {}
    for c in range(cols):
        for r in range(rows):
            x, y = 40 + c * cell, 40 + r * cell
            name = f"A{c}{r}"
            areas[name] = Area(name, "city" if (c + r) % 3 == 0 else "wilderness",
                               "North" if r < rows // 2 else "South", "",
                               ((x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)),
                               (x + cell / 2, y + cell / 2), {})
    links = []
    for c in range(cols - 1):
        for r in range(rows):
            a, b = areas[f"A{c}{r}"], areas[f"A{c + 1}{r}"]
            links.append(Link(a.name, b.name, "road" if r % 2 else "purple_road", (a.label, b.label), {}))
    return AreaMap("Squares", "judean_hammer", 80 + cols * cell, 80 + rows * cell, areas, links,
                   properties={"region_colour_North": "#ff56b4e9"})


def small_hex_grid(width: int = 14, height: int = 10) -> HexGrid:
    """A width x height flat-top hex map using every terrain, with a road, places and zones."""
    lay = HexLayout(width=width, height=height)
    terrain = {}
    for col in range(width):
        for row in range(height):
            terrain[lay.to_axial(col, row)] = TERRAINS[(col * 7 + row * 3) % len(TERRAINS)]
    road = [lay.to_axial(c, 4) for c in range(0, width, 1)]
    links = list(zip(road, road[1:]))
    zone = Zone("Union setup", "setup_zone",
                frozenset(lay.to_axial(c, r) for c in range(3) for r in range(height - 3, height)),
                {"side": "Union"})
    return HexGrid(lay, terrain, {lay.to_axial(3, 3): {"rubble"}}, links,
                   [Place("Trenton", "city", lay.to_axial(3, 3))], [zone], {}, "Test", "hack_sack")


def make_view(board, size=(1000, 700)):
    """A view of `board` on a viewport at (20, 30) of the given size."""
    from game.ui.board_view import make_board_view
    view = make_board_view(board, SIDES)
    view.set_viewport(pygame.Rect(20, 30, *size))
    return view


def wheel(view, pos, steps: int) -> None:
    """Zoom with the mouse wheel at pos and finish the glide."""
    for _ in range(abs(steps)):
        view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if steps > 0 else -1, pos=pos))
        view.camera.settle()


def drag(view, start, end) -> bool:
    """Drag the map with the left button from start to end; the result of the button release."""
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(mid[0] - start[0], mid[1] - start[1]), buttons=(1, 0, 0)))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(end[0] - mid[0], end[1] - mid[1]), buttons=(1, 0, 0)))
    return view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))


@pytest.fixture
def area_map():
    return square_area_map()


@pytest.fixture
def hex_grid():
    return small_hex_grid()
