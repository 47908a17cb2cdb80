"""Every Slammers counter type has a NATO symbol the shared counter renderer draws, each one distinct."""
from __future__ import annotations

import pygame
import pytest

from game.rules.slammers import data
from game.ui import counters, nato


def picture(symbol: str) -> bytes:
    surf = pygame.Surface((60, 36), pygame.SRCALPHA)
    counters._symbol(surf, symbol, pygame.Rect(6, 4, 48, 28), (0, 0, 0))
    return pygame.image.tobytes(surf, "RGBA")


def used_symbols() -> set:
    found = set()
    for army in data.ARMIES:
        for t in data.unit_types(army).values():
            found.add(t["symbol"])
            if "skimmer" in t:
                found.add(t["skimmer"]["symbol"])
    return found


def test_every_symbol_the_data_uses_is_drawn_and_differs_from_the_others():
    symbols = sorted(used_symbols())
    assert len(symbols) >= 12
    pictures = {s: picture(s) for s in symbols}
    blank = picture("no such symbol")
    for s, pic in pictures.items():
        assert pic != blank, s
    assert len(set(pictures.values())) == len(symbols)


@pytest.mark.parametrize("base", nato.BASES)
def test_hover_adds_the_skirt_to_every_base(base):
    assert picture("hover_" + base) != picture(base)
    assert nato.known("hover_" + base)


def test_the_classic_symbols_stay_with_the_counter_module():
    assert not nato.known("armour") and not nato.known("infantry")
    assert nato.known("mechanised") and not nato.draw(pygame.Surface((4, 4)), "zeppelin", pygame.Rect(0, 0, 4, 4), (0, 0, 0), 1)
