"""The session over a whole game: the memory it holds, undo and a headless load of a long save."""
from __future__ import annotations

import gc
import json
import tracemalloc

from bench.timing import median_seconds, report


def long_game(game, seed: int = 3, bot_seed: int = 4, cap: int = 5000):
    """A whole random game (seed 3, bot 4: 673 moves of Hack & Sack), as a session."""
    from game.ai.random_bot import RandomBot
    from game.core.session import Session
    session, bot = Session(game, seed), RandomBot(game, bot_seed)
    while session.active() is not None and len(session.actions) < cap:
        session.apply(bot.choose(session.state, session.active()))
    return session


def _held(make) -> tuple[float, object]:
    """(MiB held by the object ``make()`` returns, a small summary of it), measured by dropping it."""
    gc.collect()
    thing = make()
    gc.collect()
    with_it = tracemalloc.get_traced_memory()[0]
    summary = len(getattr(thing, "actions", ()))
    del thing
    gc.collect()
    return (with_it - tracemalloc.get_traced_memory()[0]) / 2 ** 20, summary


def held_growth(game) -> tuple[float, int]:
    """(MiB the session holds after a whole game beyond what it held at set-up, moves played)."""
    from game.core.session import Session
    long_game(game, cap=50)            # maps and tables read once, outside the measure
    tracemalloc.start()
    at_start, _ = _held(lambda: Session(game, 3))
    at_end, moves = _held(lambda: long_game(game))
    tracemalloc.stop()
    return at_end - at_start, moves


def undo_ms(game) -> float:
    """Median ms of one undo, at every undoable point of a whole game (each redone after)."""
    import statistics
    import time
    from game.ai.random_bot import RandomBot
    from game.core.session import Session
    session, bot, times = Session(game, 3), RandomBot(game, 4), []
    while session.active() is not None:
        if session.can_undo():
            action = session.actions[-1]
            start = time.perf_counter()
            session.undo()
            times.append(time.perf_counter() - start)
            session.apply(action)
        session.apply(bot.choose(session.state, session.active()))
    return statistics.median(times) * 1000 if times else 0.0


def run() -> None:
    """Print the figures for each playable game."""
    from game.core.session import from_text
    from game.rules import playable_games
    for game in playable_games():
        grown, moves = held_growth(game)
        report(f"session memory over a whole game, {game.name} ({moves} moves)", grown, "MiB", "<= 3 MiB")
        session = long_game(game)
        text = json.dumps(session.to_json())
        report(f"replay a save of {moves} moves, {game.name}, headless",
               median_seconds(lambda: from_text(text, "bench", {game.name: game}), 3) * 1000, "ms")
        report(f"undo one move, {game.name} (median)", undo_ms(game), "ms")
