"""The search player's speed: decisions and iterations per second on a mid-game position of each game.

The baseline in the same run is a playout of 100 random actions from the same position (the
game's own speed), so the ratio holds on a busy machine where the seconds do not.
"""
from __future__ import annotations

from bench.timing import median_seconds, report

MID_GAME = 120          # actions of two basic bots before the position is measured


def mid_game(spec, seed: int = 4):
    """A position after MID_GAME actions of two basic bots, moved on to the next real choice (in
    a game named in SEARCHED, to the next choice Hard searches rather than makes at once)."""
    from game.ai import BOTS
    state = spec.setup(seed)
    bots = {s: BOTS["basic"].make(spec, seed + i) for i, s in enumerate(spec.sides)}
    count = 0
    while spec.active(state) is not None and (count < MID_GAME or len(spec.legal_actions(state)) < 3
                                              or not _searched(spec, state)):
        side = spec.active(state)
        state = spec.apply(state, bots[side].choose(state, side))
        count += 1
    return state, spec.active(state)


# Games whose Hard makes most choices at once (Knowledge.obvious): the position measured is one it
# searches. Hack & Sack's Hard searches only the Krylons' battles and retreats; Hammer's Slammers'
# searches only loops, so its bench measures its whole budget on an ordinary choice.
SEARCHED = {"hack_sack"}


def _searched(spec, state) -> bool:
    """Whether Hard would search this position (always, for a game not in SEARCHED)."""
    if spec.name not in SEARCHED:
        return True
    from game.ai.knowledge import knowledge_of
    know = knowledge_of(spec).at_strength("hard")
    side = spec.active(state)
    ordered = know.root_order(spec, state, spec.legal_actions(state), side)
    return know.obvious(spec, state, side, ordered, set(), {}) is None


def run() -> None:
    """Print per game: hard decisions/s, iterations/s, and the ratio to the game's own speed."""
    from game.ai import BOTS, plays
    from game.ai.search import SearchBot
    from game.rules import GAMES
    for name, spec in GAMES.items():
        if spec.test_only or not plays("hard", name):
            continue
        state, side = mid_game(spec)
        # Hard's whole budget, without the wall-clock cap: the time the budget takes here.
        budget = SearchBot(spec, 1, strength="hard").budget
        bots: list = []
        took = median_seconds(lambda: _decide(spec, budget, state, side, bots), repeat=3)
        ran = sorted(b.stats["iterations"] for b in bots)[1]       # a settled search stops early
        base = median_seconds(lambda: _random_actions(spec, state, 100), repeat=3)
        report(f"{spec.title}: hard decisions (whole budget)", 1 / took, "per s", "median ≤ 1 s a decision")
        report(f"{spec.title}: search iterations", ran / took, "per s")
        report(f"{spec.title}: hard decision / 100 random actions", took / base, "x")
        if name in STRETCH:
            cpu, decided = _stretch(spec, state, side, budget, STRETCH[name])
            report(f"{spec.title}: hard over its next {decided} decisions", 1000 * cpu / decided, "ms CPU each")


STRETCH = {"hack_sack": 60, "slammers": 60}   # games whose many small decisions are measured over a stretch of play


def _decide(spec, budget, state, side, bots) -> None:
    from game.ai.search import SearchBot
    bots.append(SearchBot(spec, 1, budget=budget))
    bots[-1].choose(state, side)


def _stretch(spec, state, side, budget: int, count: int) -> tuple:
    """(CPU seconds, decisions): the searcher's whole budget for ``side``'s next ``count`` decisions
    with a choice, the basic player answering for the other sides: what a game costs, obvious
    choices and all."""
    import time

    from game.ai import BOTS
    from game.ai.search import SearchBot
    hard, basic = SearchBot(spec, 1, budget=budget), BOTS["basic"].make(spec, 2)
    cpu, decided = 0.0, 0
    while decided < count and spec.active(state) is not None:
        mover = spec.active(state)
        if mover != side:
            state = spec.apply(state, basic.choose(state, mover))
            continue
        started = time.thread_time()
        action = hard.choose(state, mover)
        if len(spec.legal_actions(state)) > 1:
            cpu += time.thread_time() - started
            decided += 1
        state = spec.apply(state, action)
    return cpu, decided


def _random_actions(spec, state, count: int) -> None:
    from game.ai.random_bot import RandomBot
    bot = RandomBot(spec, 3)
    for _ in range(count):
        side = spec.active(state)
        if side is None:
            return
        state = spec.apply(state, bot.choose(state, side))
