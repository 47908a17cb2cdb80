"""Fixture maps for the boards tests."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


def fixture_module(name: str):
    """Import a generator script from tests/fixtures/maps (not a package) by its path."""
    spec = importlib.util.spec_from_file_location(f"fixture_{name}", MAPS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def fixture_dir() -> Path:
    """tests/fixtures/maps."""
    return MAPS


@pytest.fixture(scope="session")
def small_hex():
    """The Hack & Sack style hex fixture (roads, city, places, zones)."""
    from game.boards import load_hex_map
    return load_hex_map(MAPS / "hex_small.tmx")


@pytest.fixture(scope="session")
def small_area():
    """The 3 x 2 area fixture."""
    from game.boards import load_area_map
    return load_area_map(MAPS / "area_small.tmx")
