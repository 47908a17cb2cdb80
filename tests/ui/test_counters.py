"""Wargame counters (game/ui/counters.py) and the build panel, drawn headless and read back."""
from __future__ import annotations

import pygame
import pytest

from game.ui import counters
from game.ui.pieces import SpriteCache

SIDES = {"imperial": (52, 92, 170), "ork": (70, 140, 60)}
BOYZ = {"side": "ork", "label": "Boyz 1", "values": [5, 3, 1], "symbol": "infantry", "band": "yellow"}


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def _colour_rows(surf, colour, tol=30) -> set:
    """The rows of a sprite holding a run of ``colour`` across the middle."""
    rows = set()
    for y in range(surf.get_height()):
        c = surf.get_at((surf.get_width() // 2, y))
        if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
            rows.add(y)
    return rows


def test_a_tribe_band_is_drawn_under_the_name_and_only_when_given():
    banded = counters.draw_counter(BOYZ, 60, SIDES)
    plain = counters.draw_counter(dict(BOYZ, band=None), 60, SIDES)
    rows = _colour_rows(banded, counters.BAND_COLOURS["yellow"])
    assert rows and all(14 <= y <= 26 for y in rows)          # across the counter under the name
    assert not _colour_rows(plain, counters.BAND_COLOURS["yellow"])


def test_values_may_be_a_list_with_range_and_read_as_printed():
    assert counters.values_text([6, 3, 2, 4]) == "6-3-2-4" and counters.values_text("4-5-1") == "4-5-1"
    assert counters.values_text(None) == ""
    as_list = counters.draw_counter(dict(BOYZ, values=[5, 3, 1]), 60, SIDES)
    as_text = counters.draw_counter(dict(BOYZ, values="5-3-1"), 60, SIDES)
    assert pygame.image.tobytes(as_list, "RGBA") == pygame.image.tobytes(as_text, "RGBA")


def test_the_back_of_a_counter_and_its_markers_look_different_from_its_face():
    face = counters.draw_counter(BOYZ, 60, SIDES)
    faces = {name: pygame.image.tobytes(counters.draw_counter(dict(BOYZ, flags=[name]), 60, SIDES), "RGBA")
             for name in ("flipped", "disrupted", "retreated")}
    assert len(set(faces.values()) | {pygame.image.tobytes(face, "RGBA")}) == 4
    paler = counters.draw_counter(dict(BOYZ, flags=["flipped"]), 60, SIDES).get_at((8, 45))
    assert sum(paler[:3]) > sum(face.get_at((8, 45))[:3]) + 60      # a paler back, not a tag only


def test_every_symbol_draws_at_every_size():
    for symbol in ("infantry", "armour", "cavalry", "artillery", "walker", "elite", "marines", "airborne",
                   "bikes", "hive", "factory", "fort", "ruin", "hero", "leader", "ship", "space", "militia", ""):
        for size in (12, 26, 44, 110):
            assert counters.draw_counter(dict(BOYZ, symbol=symbol), size, SIDES).get_width() == size + 2


def test_counters_are_drawn_once_per_look_and_size():
    cache = SpriteCache(SIDES)
    a = cache.counter(dict(BOYZ), 40)
    assert cache.counter(dict(BOYZ), 40) is a
    assert cache.counter(dict(BOYZ, band="red"), 40) is not a
    assert cache.counter(dict(BOYZ), 41) is not a


class _Adapter:
    """Just what the build panel asks of an adapter."""

    def __init__(self, view):
        self.spec = type("Spec", (), {"side_colours": SIDES, "display_name": staticmethod(str)})()
        self._legal = {tuple(a) for a in view["actions"]}

    def legal(self, view):
        return self._legal

    def piece_actions(self, view):
        return {"g1": [("deploy", "g1")]} if ("deploy", "g1") in self._legal else {}


def _build_view():
    guard = {"id": "g1", "side": "imperial", "label": "1st Guard", "values": [4, 5, 1], "symbol": "infantry"}
    return {"actions": [("buy", "guard_army"), ("deploy", "g1")],
            "build": {"points": 10, "left": 6, "note": "Turn 2",
                      "costs": [{"name": "Guard Army", "cost": 4, "piece": guard, "action": ["buy", "guard_army"]},
                                {"name": "Titan Battlegroup", "cost": 8, "piece": guard, "action": ["buy", "titan"]}],
                      "track": [{"label": "4", "name": "Titans", "pieces": []},
                                {"label": "1", "name": "Hive Gangs", "pieces": [guard]}],
                      "ready": {"label": "Ready", "pieces": [guard]}}}


def test_the_build_panel_buys_from_a_lit_cost_row_and_places_from_the_ready_box():
    from game.ui.build_panel import BuildPanel
    view = _build_view()
    panel = BuildPanel(_Adapter(view))
    rect = pygame.Rect(0, 0, 340, panel.height(340, view))
    surf = pygame.Surface(rect.size)
    panel.draw(surf, rect, view, 0)
    assert panel.legal_buy(view["build"]["costs"][0], view) == ("buy", "guard_army")
    assert panel.legal_buy(view["build"]["costs"][1], view) is None      # 8 points, 6 left: not lit
    assert panel.click(panel._cost_rect(rect, 0, view).center, rect, view) == ("buy", "guard_army")
    # a row that cannot be bought still names its action, so the rules say why
    assert panel.click(panel._cost_rect(rect, 1, view).center, rect, view) == ("buy", "titan")
    ready = panel._boxes(rect, view)[-1]
    assert ready[0].get("ready") and panel.click(ready[1].center, rect, view) == ("deploy", "g1")
    assert panel.click(panel._boxes(rect, view)[0][1].center, rect, view) is None    # an empty box
