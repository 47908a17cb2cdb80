"""The ladder: seeded matches between the computer's strengths, with 95% intervals.

Run `make ladder` (GAMES=n games a pairing, default 200; LADDER_ONLY=judean_hammer to run
one game; LADDER_JOBS=n games at once, one per core by default: every game is seeded by its
number, so the figures are the same however many run at once; LADDER_FIRST=k to start at the
k-th game, so that shards of one ladder can run in separate processes; LADDER_SCENARIO=name to
play a scenario other than a game's first (only the games that have it); LADDER_RAW=file to
append each shard's tallies and Hard's decision times to a file, and
`python -m tests.ai.ladder --add-up file` to add the shards up). For each game it plays, with sides swapped half the time, Hard vs Basic,
Hard vs Random, Basic vs Random, and Basic vs Basic (the baseline for Hard's uplift on
each side), and prints each pairing's win rate with a Wilson 95% interval, per side, and
the median and slowest Hard decision among those with a choice. Not a test: it measures.
"""
from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

PAIRINGS = (("hard", "basic"), ("hard", "random"), ("basic", "random"), ("basic", "basic"))
CAP = 1000 * 3.0       # the slowest decision Hard may take, in ms (issue 14)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A player that records how long each decision with a choice took."""

    def __init__(self, bot, spec, times: list):
        self.bot, self.spec, self.times = bot, spec, times

    def choose(self, state, side):
        """The bot's choice, timed when there was one to make."""
        started = time.thread_time()        # CPU time on one core, as the search's cap counts it
        action = self.bot.choose(state, side)
        if len(self.spec.legal_actions(state)) > 1:
            self.times.append(time.thread_time() - started)
        return action


def one_game(job: tuple) -> dict:
    """Game ``n`` of a pairing (``first`` seated on side n % sides): who won, Hard's times and stats.

    Each game is seeded by its number alone, so the games may run in any order and in any
    process and give the same ladder."""
    from game.ai import BOTS
    from game.ai.match import play_match
    from game.rules import GAMES
    name, first, second, n, *rest = job
    scenario = rest[0] if rest else None               # None: the game's first scenario
    spec = GAMES[name]
    seated = spec.seated(spec.setup(1000, scenario)).sides     # the sides at the table (a scenario may seat fewer)
    side = seated[n % len(seated)]
    seed = 1000 + n // len(seated)
    players, times, searcher = {}, [], None
    for i, s in enumerate(seated):
        who = first if s == side else second
        bot = BOTS[who].make(spec, seed * 7919 + 31 * i + (0 if s == side else 17))
        players[s] = Timed(bot, spec, times) if (s == side and who == "hard") else bot
        if s == side and who == "hard":
            searcher = bot
    match = play_match(spec, seed, players, scenario=scenario)
    stats = dict(searcher.stats, budget=searcher.budget) if searcher is not None else None
    winner = match.winner(spec)
    won = winner is not None and winner in spec.seated(match.state).team(side)    # allies win together
    return {"side": side, "won": won, "drawn": winner is None, "times": times, "stats": stats}


def jobs_wanted() -> int:
    """How many games play at once: LADDER_JOBS, else one per core."""
    return max(1, int(os.environ.get("LADDER_JOBS") or os.cpu_count() or 1))


def pairing(spec, first: str, second: str, games: int, times: list, searchers: list | None = None,
            jobs: int = 1) -> dict:
    """{side: [wins of ``first`` from that side, games, draws]} over ``games`` seeded games, ``jobs`` at once."""
    start = int(os.environ.get("LADDER_FIRST", 0))      # a shard of a longer ladder starts here
    scenario = os.environ.get("LADDER_SCENARIO") or None
    todo = [(spec.name, first, second, n, scenario) for n in range(start, start + games)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(one_game, todo))
    else:
        results = [one_game(job) for job in todo]
    tally = {side: [0, 0, 0] for side in spec.seated(spec.setup(1000, scenario)).sides}
    for r in results:
        tally[r["side"]][0] += r["won"]
        tally[r["side"]][1] += 1
        tally[r["side"]][2] += r["drawn"]       # a game that ends undecided (BFA-VIC-7) is no win
        times += r["times"]
        if r["stats"] is not None and searchers is not None:
            searchers.append(r["stats"])
    return tally


def report(spec, games: int, pairings=PAIRINGS, jobs: int = 1) -> None:
    """Print one game's ladder (of LADDER_SCENARIO's scenario when it is set)."""
    scenario = os.environ.get("LADDER_SCENARIO") or None
    title = f"{spec.title} ({scenario})" if scenario else spec.title
    times: list = []
    searchers: list = []
    per_side, own_times = {}, {}
    for first, second in pairings:
        started = time.perf_counter()
        mine: list = []
        tally = pairing(spec, first, second, games, mine, searchers, jobs)
        per_side[(first, second)] = tally
        if first == "hard":
            times += mine
            own_times[f"{first}-{second}"] = [round(1000 * t, 1) for t in mine]
        sides = "; ".join(f"as {spec.display_name(s)} {_counts(*t)}" for s, t in tally.items())
        print(f"{title}: {first} vs {second}: {_counts(*_total(tally.values()))}; {sides}; "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    if os.environ.get("LADDER_RAW"):                      # shards run side by side are added up from here
        import json
        with open(os.environ["LADDER_RAW"], "a", encoding="utf-8") as out:
            game = f"{spec.name}:{scenario}" if scenario else spec.name
            out.write(json.dumps({"game": game, "first": int(os.environ.get("LADDER_FIRST", 0)), "games": games,
                                  "tally": {f"{a}-{b}": t for (a, b), t in per_side.items()},
                                  "hard_ms": own_times}) + "\n")
    hard, base = per_side.get(("hard", "basic")), per_side.get(("basic", "basic"))
    for s in (hard or {}) if base else ():
        print(f"{title}: uplift as {spec.display_name(s)}: {_uplift(hard[s], base[s])}", flush=True)
    if times:
        times.sort()
        over = sum(1 for t in times if 1000 * t > CAP)
        print(f"{title}: hard decisions with a choice: {len(times)}, median {1000 * times[len(times) // 2]:.0f} ms, "
              f"slowest {1000 * times[-1]:.0f} ms, over 3 s {over}", flush=True)
    searched = sum(s["decisions"] for s in searchers)
    if searched:
        clocked = sum(s["clocked"] for s in searchers)
        print(f"{title}: hard searches {searched}, {sum(s['iterations'] for s in searchers) / searched:.0f} "
              f"iterations each on average (budget {searchers[0]['budget']}), {clocked} stopped by the clock, "
              f"{sum(s['loops'] for s in searchers)} loops handed to the basic player, "
              f"{sum(s.get('settled', 0) for s in searchers)} settled early; "
              f"{sum(s.get('obvious', 0) for s in searchers)} obvious decisions made without a search", flush=True)


def _total(tallies) -> tuple:
    """Wins, games and draws added up over sides (a shard's old two-number tally has no draws)."""
    tallies = [tuple(t) + (0,) * (3 - len(t)) for t in tallies]
    return tuple(sum(t[i] for t in tallies) for i in range(3))


def _counts(wins: int, games: int, draws: int = 0) -> str:
    """'w/g = p% [95% interval]', and the draws and the score with a draw as half a win when there were any."""
    lo, hi = wilson(wins, games)
    text = f"{wins}/{games} = {_pct(wins, games)} [{100 * lo:.0f}-{100 * hi:.0f}%]"
    if draws:
        slo, shi = wilson(wins + draws / 2, games)
        text += (f", {draws} drawn, score (a draw half a win) {_pct(wins + draws / 2, games)} "
                 f"[{100 * slo:.0f}-{100 * shi:.0f}%]")
    return text


def _uplift(hard, base) -> str:
    """Hard's win rate from a side against Basic minus Basic's own from that side, in points."""
    (hw, hg, hd), (bw, bg, bd) = _total([hard]), _total([base])
    if not (hg and bg):
        return "-"
    text = f"hard {_pct(hw, hg)} - basic {_pct(bw, bg)} = {100 * (hw / hg - bw / bg):+.0f} points"
    if hd or bd:
        text += f" (score, a draw half a win: {100 * ((hw + hd / 2) / hg - (bw + bd / 2) / bg):+.0f})"
    return text


def _pct(wins: int, games: int) -> str:
    return f"{100 * wins / games:.0f}%" if games else "-"


def chosen_pairings(text: str | None) -> tuple:
    """The pairings named in LADDER_PAIRINGS ("hard-basic,basic-basic"), or all of them."""
    if not text:
        return PAIRINGS
    return tuple(tuple(p.strip().split("-", 1)) for p in text.split(",") if p.strip())


def add_up(path: str) -> None:
    """Print the tallies and Hard's decision times of shards run side by side (LADDER_RAW)."""
    import json
    tally: dict = {}
    times: dict = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        shard = json.loads(line)
        for pair, sides in shard["tally"].items():
            into = tally.setdefault((shard["game"], pair), {})
            for side, counts in sides.items():
                into[side] = list(_total([into.get(side, (0, 0, 0)), counts]))
            ms = shard["hard_ms"]          # per pairing; an older shard kept one list for all of them
            if pair.startswith("hard-"):
                times.setdefault((shard["game"], pair), []).extend(ms.get(pair, ()) if isinstance(ms, dict) else ms)
    for (game, pair), sides in sorted(tally.items()):
        per = "; ".join(f"as {s} {_counts(*t)}" for s, t in sides.items())
        ms = sorted(times.get((game, pair), ()))
        slow = f"; Hard's decisions {len(ms)}, median {ms[len(ms) // 2]:.0f} ms, slowest {ms[-1]:.0f} ms" if ms else ""
        print(f"{game}: {pair}: {_counts(*_total(sides.values()))}; {per}{slow}")
    for (game, pair), sides in sorted(tally.items()):
        base = tally.get((game, "basic-basic"))
        if pair == "hard-basic" and base:
            for s in sides:
                print(f"{game}: uplift as {s}: {_uplift(sides[s], base.get(s, (0, 0, 0)))}")


def main(games: int, only: str | None = None, pairings=PAIRINGS, jobs: int = 1) -> int:
    """The ladder of every game the search player plays (or only one)."""
    from game.ai import plays
    from game.rules import GAMES
    for name, spec in GAMES.items():
        if spec.test_only or not plays("hard", name) or (only and name not in only.split(",")):
            continue
        if os.environ.get("LADDER_SCENARIO") and os.environ["LADDER_SCENARIO"] not in (spec.scenarios or ()):
            continue
        report(spec, games, pairings, jobs)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    if sys.argv[1:2] == ["--add-up"]:                    # python -m tests.ai.ladder --add-up raw.jsonl
        add_up(sys.argv[2])
        raise SystemExit(0)
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, os.environ.get("LADDER_ONLY") or None,
                          chosen_pairings(os.environ.get("LADDER_PAIRINGS")), jobs_wanted()))
