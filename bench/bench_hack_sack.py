"""Hack & Sack New Jersey: random play speed on the New Jersey map (actions per second, whole games)."""
from __future__ import annotations

import statistics
import time

from bench.timing import median_seconds, report


def _games(policy_bias: int | None, seeds) -> tuple[list, int]:
    """Play whole games; bias None = the generic uniform random player of game.core.fuzz."""
    from game.core.fuzz import play_random_game
    from game.rules.hack_sack import SPEC
    from tests.hack_sack import randomplay
    times, actions = [], 0
    for seed in seeds:
        start = time.perf_counter()
        if policy_bias is None:
            rep = play_random_game(SPEC, seed)
            assert rep.ok and rep.finished, rep.problems
            actions += rep.steps
        else:
            randomplay.DONE_BIAS = policy_bias
            _, problems, steps = randomplay.play(seed, {})
            assert not problems, problems
            actions += steps
        times.append(time.perf_counter() - start)
    return times, actions


def _random_game(seed: int) -> tuple[int, dict]:
    """One game of uniformly random legal actions, picked as the Judean Hammer bench picks them."""
    from game.rules.hack_sack import SPEC
    state = SPEC.setup(seed)
    x = seed * 2654435761 + 99
    n = 0
    while SPEC.active(state) is not None:
        actions = SPEC.legal_actions(state)
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        state = SPEC.apply(state, actions[(x >> 33) % len(actions)])
        n += 1
    return n, state


def _rules_speed() -> None:
    """Random steps a second (legal_actions + apply, CPU time) beside Judean Hammer's in the same
    run, five rounds each, and the size of a finished game's state without its log."""
    import json

    from bench.bench_judean_hammer import _random_game as jh_game
    from game.rules.hack_sack import SPEC
    from game.rules.judean_hammer import SPEC as JH
    JH.setup(0)
    SPEC.setup(0)
    hs_rates, jh_rates, sizes = [], [], []
    for rep in range(5):
        start = time.process_time()
        steps = sum(jh_game(seed) for seed in range(rep * 20, rep * 20 + 20))
        jh_rates.append(steps / (time.process_time() - start))
        start, steps, ends = time.process_time(), 0, []
        for seed in range(rep * 3, rep * 3 + 3):
            n, state = _random_game(seed)
            steps += n
            ends.append({k: v for k, v in state.items() if k != "log"})
        hs_rates.append(steps / (time.process_time() - start))
        sizes += [len(json.dumps(end)) for end in ends]
    hs, jh = statistics.median(hs_rates), statistics.median(jh_rates)
    report("random play, legal_actions + apply (CPU time)", hs, "steps/s", ">= 20000")
    report("  Judean Hammer the same way, same run", jh, "steps/s")
    report("  Hack & Sack / Judean Hammer", hs / jh, "")
    # The state as the rules hold it is what a save writes too (SPEC.snapshot is the state itself).
    report("state without the log, end of game (JSON, as held)", statistics.median(sizes) / 1024, "KB", "<= 5")
    report("  the largest of those games", max(sizes) / 1024, "KB", "<= 5")


def run() -> None:
    """Print the medians."""
    _rules_speed()
    from game.boards import load_map
    from game.rules.hack_sack import SPEC, board
    path = str(board.resolve(board.DEFAULT_MAP))
    report("read the .tmx (first game on a map only)", median_seconds(lambda: load_map(path), repeat=3) * 1000, "ms")
    grid = board.get(board.DEFAULT_MAP).grid           # the map is read once per path
    report("rules' tables from the loaded map (once)", median_seconds(lambda: board.Board(grid), repeat=3) * 1000,
           "ms")
    for label, bias, seeds in (("uniform random player", None, range(5)),
                               ("fuzz player (done 50%)", 50, range(20)),
                               ("fuzz player (done 10%)", 10, range(10))):
        times, actions = _games(bias, seeds)
        report(f"{label}: whole game, median", statistics.median(times), "s", "well under 1 s")
        report(f"{label}: actions per second", actions / sum(times), "act/s")
    state = SPEC.setup(1, None, {"deploy": "standard"})
    while not any(a[0] == "unit" and a[1].startswith("star_frigate") for a in SPEC.legal_actions(state)):
        state = SPEC.apply(state, ("done",))
    chosen = SPEC.apply(state, ("unit", "star_frigate1"))
    from game.rules.hack_sack import movement

    def first_ask():
        movement.clear_kept()                          # as on a new position: the search runs
        return SPEC.legal_actions(chosen)
    report("legal actions, Frigate on a pad (whole map), new position", median_seconds(first_ask, number=20) * 1000,
           "ms")
    report("legal actions, same position asked again (kept)", median_seconds(lambda: SPEC.legal_actions(chosen),
                                                                            number=20) * 1000, "ms")
    _frigate_frame()


def _frigate_frame() -> None:
    """A whole window frame at 1280x720 with a Star Frigate chosen (its reach is the whole map)."""
    import os
    import tempfile

    import pygame

    from game.core.session import Session
    from game.rules.hack_sack import SPEC
    from game.ui import settings
    from game.ui.window import App
    os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="wargames-bench-")   # never the real autosave
    app = App(size=(1280, 720), games=[SPEC], settings=dict(settings.DEFAULTS, animation="off"))
    app.open_menu()
    app.start_session(Session(SPEC, 3, None, {"deploy": "standard"}))
    app.pump()
    play = app.stack.top
    play.act(("done",))
    play.act(("unit", "star_frigate1"))

    def frame():
        app.dirty = True
        app.pump()
    frame()
    report("window frame, Frigate chosen (1,268 targets)", median_seconds(frame, repeat=9, number=3) * 1000, "ms",
           "under 16 ms")
    board = play.board_view
    report("  of which the map view", median_seconds(lambda: board.draw(app.screen, 0), repeat=9, number=3) * 1000,
           "ms")
    pygame.display.quit()
