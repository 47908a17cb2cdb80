"""The desktop entry validates and the icon is drawn from code."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def test_desktop_file_passes_desktop_file_validate():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed (Debian package desktop-file-utils)")
    proc = subprocess.run([tool, str(PACKAGING / "wargames.desktop")], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def test_desktop_file_starts_the_entry_point_with_the_shipped_icon():
    text = (PACKAGING / "wargames.desktop").read_text()
    assert "Exec=wargames\n" in text and "Icon=wargames\n" in text
    assert (PACKAGING / "wargames.png").exists()


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
