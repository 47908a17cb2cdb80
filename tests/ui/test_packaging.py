"""The icon is drawn from code, at every menu size and as SVG (the entry itself: tests/test_desktop.py)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


@pytest.mark.ui
def test_icon_is_drawn_from_code_with_transparent_corners():
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_icon", PACKAGING / "make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    icon = module.draw_icon()
    assert icon.get_size() == (256, 256)
    assert icon.get_at((2, 2)).a == 0 and icon.get_at((128, 128)).a == 255
    shipped = pygame.image.load(str(PACKAGING / "wargames.png"))
    assert shipped.get_size() == (256, 256)


def test_menu_icons_match_the_drawing_at_every_size():
    import xml.etree.ElementTree as ET
    for size in (16, 24, 32, 48, 64, 128, 256):
        assert pygame.image.load(str(PACKAGING / "icons" / f"wargames-{size}.png")).get_size() == (size, size)
    svg = ET.parse(PACKAGING / "icons" / "wargames.svg").getroot()
    assert svg.get("viewBox") == "0 0 256 256" and len(list(svg.iter("{http://www.w3.org/2000/svg}polygon"))) > 5
