"""Screenshots of Judean Hammer at the table for docs/screenshots (run under Xvfb or the dummy driver).

Usage: xvfb-run -a .venv/bin/python tools/jh_screenshots.py   (writes docs/screenshots/jh-*.png)
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("WARGAMES_DATA_DIR", tempfile.mkdtemp())
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.ui import settings  # noqa: E402
from game.ui.window import App  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SPEC = GAMES["judean_hammer"]


def fighting_session(seed: int) -> Session | None:
    """A session played by a simple policy (move toward the enemy) until a battle has been fought."""
    s = Session(SPEC, seed)
    for i in range(300):
        acts = [tuple(a) for a in s.legal_actions()]
        if not acts:
            return None
        pref = [a for a in acts if a[0] in ("move", "ops")] or acts
        view = s.view(s.active())
        enemy = {p["at"] for p in view["pieces"] if p["side"] != s.active()}
        hits = [a for a in pref if a[0] == "area" and a[1] in enemy]
        s.apply(hits[0] if hits else pref[(i * 5) % len(pref)])
        battle = s.state.get("last_battle")
        frame = s.state["stack"][-1] if s.state["stack"] else {}
        fought = battle and battle.get("kind") == "battle"
        if fought and frame.get("step") == "move" and odds_shown(s):
            return s
    return None


def odds_shown(s: Session) -> bool:
    """True when units of both sides share an area during a move (the odds preview is up)."""
    view = s.view(s.active())
    sides = {}
    for p in view["pieces"]:
        sides.setdefault(p["at"], set()).add(p["side"])
    return any(len(v) == 2 for v in sides.values())


def shoot(app: App, session: Session, name: str, hover: bool = False, zoom_on=None) -> None:
    """Start the session in the window, optionally hover the first card, save the screen."""
    from game.ui.interludes import CurtainScene
    app.start_session(session)
    app.pump()
    while isinstance(app.stack.top, CurtainScene):
        app.stack.pop()
        app.pump()
    play = app.stack.top
    if zoom_on and play.board_view is not None:
        cam = play.board_view.camera
        cam.level = min(range(len(cam.levels)), key=lambda i: abs(cam.levels[i] - 0.7))
        cam.zoom = cam.levels[cam.level]
        area = play.board_view.board.areas[zoom_on]
        cam.centre_on(*area.label)
    if hover and play.view.get("hand"):
        play.adapter.hand.hovered = play.view["hand"][1]
        play.adapter.hand.pinned = True
    play.refresh(animate=False)
    for later in (0, 3000):            # let the battle panel finish its step-by-step reveal
        app.draw(pygame.time.get_ticks() + later)
    pygame.image.save(app.screen, str(OUT / name))
    print("wrote", OUT / name)


def main() -> None:
    """Write jh-board.png, jh-hand.png and jh-battle.png."""
    OUT.mkdir(parents=True, exist_ok=True)
    app = App(size=(1600, 900), games=[SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    board = Session(SPEC, 4)
    for _ in range(3):
        board.apply(board.legal_actions()[0])
    shoot(app, board, "jh-board.png")
    shoot(app, Session(SPEC, 7), "jh-hand.png", hover=True)
    fight = next(s for s in map(fighting_session, range(1, 200)) if s is not None)
    shoot(app, fight, "jh-battle.png", zoom_on=fight.state["last_battle"]["area"])


if __name__ == "__main__":
    main()
