"""Board views: median frame time at 1920x1080 (cached base map + pieces + pulsing targets)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import pygame  # noqa: E402

from bench.timing import median_seconds, report  # noqa: E402

SIZE = (1920, 1080)
ZOOM_HALF = 80   # ms into a zoom glide


def _view(kind: str):
    import art_boards
    from game.ui.board_view import make_board_view
    board = art_boards.find_board(kind, busiest=True)
    if board is None:
        return None, None
    sides = art_boards.SIDES[kind]
    view = make_board_view(board, sides)
    view.set_viewport(pygame.Rect(0, 0, *SIZE))
    pieces = art_boards.sample_pieces(board, sides)
    view.set_pieces(pieces)
    places = sorted({p["at"] if isinstance(p["at"], str) else tuple(p["at"]) for p in pieces})
    view.set_highlights(targets=places[:12], selected=places[:1])
    return board, view


def _measure(kind: str) -> None:
    board, view = _view(kind)
    if view is None:
        print(f"  no {kind} map could be loaded; skipped")
        return
    surf = pygame.Surface(SIZE)
    clock = {"now": 0}

    def frame():
        clock["now"] += 16
        view.draw(surf, clock["now"])

    first = median_seconds(lambda: (view._cache.clear(), frame()), repeat=3)
    print(f"  {kind} map: {board!r}")
    report(f"{kind}: render base map once (zoom {view.camera.zoom})", first * 1000, "ms")
    report(f"{kind}: frame at 1920x1080, fit zoom", median_seconds(frame, repeat=7, number=20) * 1000,
           "ms", "a few ms")
    def glide_frame():
        view.camera.zoom_about(view.camera.viewport.center, 1)
        view.camera.update(0)
        view.camera.update(ZOOM_HALF)      # halfway: the cached level is stretched
        view.draw(surf, ZOOM_HALF)
        view.camera.zoom_about(view.camera.viewport.center, -1)
        view.camera.settle()

    report(f"{kind}: frame during a zoom glide", median_seconds(glide_frame, repeat=7, number=5) * 1000,
           "ms", "under 16 ms")
    view.camera.zoom_about(view.camera.viewport.center, 3)
    view.camera.settle()
    frame()
    report(f"{kind}: frame at 1920x1080, zoom {view.camera.zoom}",
           median_seconds(frame, repeat=7, number=20) * 1000, "ms", "a few ms")
    many = _many_places(board, 400)
    view.set_highlights(targets=many)
    view.camera.fit()
    frame()
    report(f"{kind}: frame with {len(many)} pulsing targets, fit zoom",
           median_seconds(frame, repeat=7, number=10) * 1000, "ms", "under 16 ms (a long reach)")


def _many_places(board, n: int) -> list:
    """Up to n places of the board (hexes or areas) to light at once."""
    hexes = getattr(board, "terrain", None)
    places = list(hexes) if hexes else list(getattr(board, "areas", {}))
    return places[:n]


def run() -> None:
    """Print median frame times for an area map and a hex map."""
    pygame.init()
    for kind in ("area", "hex"):
        _measure(kind)


if __name__ == "__main__":
    run()
