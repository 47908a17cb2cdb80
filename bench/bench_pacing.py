"""Computer turns as a person watches them: wall time per turn in the play scene (dummy driver).

Both seats are the basic computer player, animation at normal speed, 1280x720. A decision's time
is the wall time from the decision before it being applied to it being applied (so it holds the
slide, the dice and the thinking it waited for). A turn is a side's decisions within one game
turn for Hack & Sack (a Jerseyite retreat inside the Krylon turn counts for the Jerseyites), and
a run of one side's decisions for Judean Hammer (each card played)."""
from __future__ import annotations

import statistics
import time

from bench.timing import report

BY_GAME_TURN = {"hack_sack"}
TARGETS = {("hack_sack", "krylon"): "<= 6 s median", ("judean_hammer", None): "<= 4 s median"}


def watch(game, seconds: float, fast: bool = False) -> list:
    """[(turn key, side, seconds)] for each decision applied in ``seconds`` of a computer game."""
    import pygame
    from game.core.session import Session
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), settings=dict(settings.DEFAULTS, volume=0, animation="normal"))
    app.start_session(Session(game, 11, seats={side: "basic" for side in game.sides}))
    scene = app.stack.top
    scene.pacer.fast = fast
    clock, out, run = pygame.time.Clock(), [], 0
    session = scene.session
    last, count, side = time.perf_counter(), 0, session.active()
    end = last + seconds
    while time.perf_counter() < end and session.active() is not None:
        app.step(clock)
        if len(session.actions) != count:
            now = time.perf_counter()
            turn = session.view(None).get("turn")
            if out and out[-1][1] != side:
                run += 1
            out.append(((turn if game.name in BY_GAME_TURN else run), side, now - last))
            last, count, side = now, len(session.actions), session.active()
    pygame.display.quit()
    return out


def turns(decisions: list) -> dict:
    """side -> [seconds of each whole turn], the last (maybe cut off) turn left out."""
    totals: dict = {}
    for key, side, seconds in decisions:
        totals[(key, side)] = totals.get((key, side), 0.0) + seconds
    if decisions:
        totals.pop((decisions[-1][0], decisions[-1][1]), None)
    out: dict = {}
    for (_, side), seconds in totals.items():
        out.setdefault(side, []).append(seconds)
    return out


def run(seconds: float = 45.0) -> None:
    """Print the median turn of each side of each game, and with fast forward."""
    from game.rules import playable_games
    for game in playable_games():
        for fast in (False, True):
            decisions = watch(game, seconds / (3 if fast else 1), fast)
            label = "fast forward" if fast else "normal"
            for side, times in sorted(turns(decisions).items()):
                target = "" if fast else TARGETS.get((game.name, side), TARGETS.get((game.name, None), ""))
                report(f"computer turn, {game.name}, {side}, {label} ({len(times)} turns)",
                       statistics.median(times), "s", target)
                if not fast:
                    report(f"computer turn, {game.name}, {side}, longest", max(times), "s")
            shown = sum(1 for *_, s in decisions)
            report(f"decisions shown, {game.name}, {label}", shown / sum(s for *_, s in decisions), "per s")
