"""Screenshots of Judean Hammer at the table for docs/screenshots (run under Xvfb or the dummy driver).

Usage: xvfb-run -a .venv/bin/python tools/jh_screenshots.py [--size 1280x720] [--out DIR] [--review]
(writes jh-*.png, by default at 1600x900 into docs/screenshots; with --review only review.png, at 1280x720)
"""
from __future__ import annotations

import argparse
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


def fighting_session(seed: int, want_more: bool = True) -> Session | None:
    """A session played by a simple policy (move toward the enemy) until a battle has just been
    fought; with ``want_more``, only one where another battle of the same card is still to fight."""
    s = Session(SPEC, seed)
    for i in range(300):
        acts = [tuple(a) for a in s.legal_actions()]
        if not acts:
            return None
        pref = [a for a in acts if a[0] in ("move", "ops")] or acts
        view = s.view(s.active())
        enemy = {p["at"] for p in view["pieces"] if p["side"] != s.active()}
        hits = [a for a in pref if a[0] == "area" and a[1] in enemy]
        before = s.state.get("last_battle")
        s.apply(hits[0] if hits else pref[(i * 5) % len(pref)])
        battle = s.state.get("last_battle")
        fresh = battle is not before and battle and battle.get("kind") == "battle"
        frame = s.state["stack"][-1] if s.state["stack"] else {}
        if fresh and (frame.get("step") == "battles" or not want_more):
            return s
    return None


def move_session(seed: int) -> Session:
    """A Maccabean card played for movement, one stack picked and moved one step (the range tags show)."""
    s = Session(SPEC, seed)
    s.apply(("card", s.state["hands"]["maccabean"][0]))
    s.apply(("ops",))
    s.apply(("move",))
    s.apply(("area", "Gophna Hills"))
    s.apply(("area", "Gophna Hills"))
    s.apply(("area", "Hills of Ephraim"))
    return s


def sacrifice_session(seed: int = 2) -> Session:
    """A sacrifice card played for OPs and its event taken by the other side: the card shows at 200 px
    beside the map while the event is carried out, and already lies on the Removed pile."""
    from game.rules.judean_hammer.cards import CARDS
    s = Session(SPEC, seed)
    cid = next(c for c in s.state["hands"][s.active()] if CARDS[c]["banner"] == "orange")
    s.apply(("card", cid))
    while ("event",) not in [tuple(a) for a in s.legal_actions()]:
        s.apply(s.legal_actions()[0])
    s.apply(("event",))
    return s


def stacks_session(seed: int = 4) -> Session:
    """The opening with Maccabean stacks of 1, 3 and 6 units (Mizpah, Gophna, Modein) and 3 Greeks in Jerusalem."""
    s = Session(SPEC, seed)
    units = s.state["units"]["maccabean"]
    units.update({"Modein": 6, "Gophna": 3, "Mizpah": 1})
    s.state["stock"]["maccabean"] -= 6
    return s


def handover_shots(app: App) -> None:
    """A battle that ends a card, as its attacker sees it before he ends his turn; then the curtain."""
    from game.ui.interludes import CurtainScene
    s = Session(SPEC, 11)
    app.start_session(s)
    app.pump()
    while isinstance(app.stack.top, CurtainScene):
        app.stack.pop()
        app.pump()
    play = app.stack.top
    for action in (("card", 2), ("ops",), ("move",), ("area", "Mizpah"), ("area", "Jerusalem"),
                   ("area", "Modein"), ("area", "Lydda"), ("area", "Gazara"), ("done",), ("area", "Jerusalem")):
        play.act(action)
    for later in (0, 3000):
        app.draw(pygame.time.get_ticks() + later)
    pygame.image.save(app.screen, str(OUT / "jh-battle-handover.png"))
    print("wrote", OUT / "jh-battle-handover.png")
    play.end_turn()
    app.draw()
    pygame.image.save(app.screen, str(OUT / "curtain.png"))
    print("wrote", OUT / "curtain.png")


def shoot(app: App, session: Session, name: str, hover: bool = False, zoom_on=None, point=None) -> None:
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
    if point and play.board_view is not None:       # the pointer over an area: its hover text shows
        pos = play.board_view.screen_pos(point)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.pump()
    for later in (0, 3000):            # let the battle panel finish its step-by-step reveal
        app.draw(pygame.time.get_ticks() + later)
    pygame.image.save(app.screen, str(OUT / name))
    print("wrote", OUT / name)


def review_shot(app: App, seed: int = 11) -> None:
    """A game the basic players finish on the shipped map, reviewed at its middle once the search
    has estimated every turn (review.png): the review as a player sees it, painted map and all."""
    from game.ai import BOTS
    s = Session(SPEC, seed)
    bots = {side: BOTS["basic"].make(SPEC, seed * 31 + i) for i, side in enumerate(SPEC.sides)}
    while s.result() is None:
        s.apply(bots[s.active()].choose(s.state, s.active()))
    app.start_session(s)
    while type(app.stack.top).__name__ != "GameOverScene":
        app.pump()
    next(b for b in app.stack.top.buttons if b.label == "Review").click()
    review = app.stack.top
    while not review.estimated():
        if review.failed:
            raise SystemExit(review.failed)
        app.pump()
        pygame.time.wait(50)
    review.go(len(review.actions) // 2)
    app.dirty = True
    app.pump()
    pygame.image.save(app.screen, str(OUT / "review.png"))
    print("wrote", OUT / "review.png")


def main() -> None:
    """Write jh-board.png, jh-stacks.png, jh-battle-handover.png, curtain.png, jh-hand.png, jh-sacrifice.png
    and jh-battle.png."""
    global OUT
    ask = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ask.add_argument("--size", default="", help="window size, WxH (1600x900; the review 1280x720)")
    ask.add_argument("--out", default=str(OUT), help="folder to write into")
    ask.add_argument("--review", action="store_true", help="write only review.png (at 1280x720 unless --size)")
    args = ask.parse_args()
    OUT = Path(args.out)
    OUT.mkdir(parents=True, exist_ok=True)
    size = tuple(int(n) for n in (args.size or ("1280x720" if args.review else "1600x900")).lower().split("x"))
    app = App(size=size, games=[SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    if args.review:
        return review_shot(app)
    shoot(app, move_session(4), "jh-board.png")
    shoot(app, stacks_session(), "jh-stacks.png", point="Modein")
    handover_shots(app)
    shoot(app, Session(SPEC, 7), "jh-hand.png", hover=True)
    shoot(app, sacrifice_session(), "jh-sacrifice.png")
    fight = next((s for s in map(fighting_session, range(1, 200)) if s is not None), None) or \
        next(s for s in (fighting_session(seed, False) for seed in range(1, 200)) if s is not None)
    shoot(app, fight, "jh-battle.png", zoom_on=fight.state["last_battle"]["area"])


if __name__ == "__main__":
    main()
