"""Draw the six Hammer's Slammers panels in their standard arrangement as the game draws them.

Run `python tools/slammers_preview.py [--out docs/screenshots/slammers-panels.png] [--zoom 0.5]`;
the picture is the table's own hex view (game/ui/hex_view.py) of scenarios.standard_board().
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv: list | None = None) -> int:
    """Render the board and save it; prints the file and its size."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "slammers-panels.png")
    ap.add_argument("--zoom", type=float, default=0.5)
    args = ap.parse_args(argv)
    import pygame
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.rules.slammers import scenarios
    from game.ui.hex_view import HexBoardView
    image = HexBoardView(scenarios.standard_board(), {}).render_base(args.zoom)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(args.out))
    print(f"{args.out}: {image.get_width()}x{image.get_height()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
