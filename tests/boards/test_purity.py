"""The boards layer stays pure: importing and using it loads neither pygame nor random."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_boards_import_neither_pygame_nor_random():
    code = ("import sys, game.boards as b; "
            "b.load_map('tests/fixtures/maps/hex_small.tmx'); b.load_map('tests/fixtures/maps/area_small.tmx'); "
            "print(sorted(m for m in ('pygame', 'random') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_board_records_are_frozen(small_hex, small_area):
    import dataclasses
    import pytest
    place = small_hex.places[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        place.name = "Elsewhere"
    assert isinstance(small_hex.hexes, frozenset) and isinstance(small_area.neighbours("Dan"), frozenset)
