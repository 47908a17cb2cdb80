"""Render the board-view screenshots (docs/screenshots/boards-*.png) with pieces and highlights."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

import pygame  # noqa: E402

import art_boards  # noqa: E402

SIZE = (1600, 1000)


def _shot(kind: str, zoom: float, focus_index: int, out: Path) -> None:
    from game.ui.board_view import make_board_view
    board = art_boards.find_board(kind, busiest=True)
    sides = art_boards.SIDES[kind]
    view = make_board_view(board, sides)
    view.set_viewport(pygame.Rect(0, 0, *SIZE))
    pieces = art_boards.sample_pieces(board, sides)
    view.set_pieces(pieces)
    places = [p["at"] if isinstance(p["at"], str) else tuple(p["at"]) for p in pieces]
    focus = places[min(focus_index, len(places) - 1)]
    view.camera.centre_on(*view.centre(focus))
    view.camera.zoom_about(view.screen_pos(focus), view.camera.levels.index(zoom) - view.camera.level)
    view.camera.settle()
    if kind == "hex":
        ring = sorted(board.neighbours(focus))
        targets = [h for h in board.within(focus, 2) if h not in places and h != focus][:14]
        path = [focus, ring[0], sorted(board.neighbours(ring[0]))[0]]
        view.set_highlights(targets=targets, selected=[focus], path=path,
                            labels={path[1]: "1", path[2]: "2½"})
    else:
        targets = sorted(board.neighbours(focus))
        view.set_highlights(targets=targets, selected=[focus])
    hover = next(p for p in places if places.count(p) > 1 and p != focus)
    pos = view.screen_pos(hover)
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    surf = pygame.Surface(SIZE)
    view.draw(surf, 220)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
    print(f"{out}: {board!r} at zoom {view.camera.zoom}")


def main() -> int:
    """Write boards-area.png and boards-hex.png."""
    pygame.init()
    shots = ROOT / "docs" / "screenshots"
    _shot("area", 1.0, 30, shots / "boards-area.png")
    _shot("hex", 1.25, 10, shots / "boards-hex.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
