"""Mutation testing of one game's rules: `make mutate GAME=judean_hammer`.

mutmut changes game/rules/<game>/ one small edit at a time (a `<` for a `<=`, a 2 for a 3,
a removed call...) and runs the tests that reach the changed function; a mutant that no
test notices ("survived") marks a rule no test really checks. The run happens in a scratch
copy under build/mutate/<game>/, so the working tree is never touched and two games can
be mutated side by side. Only the game's own tests run (tests/<game>, and tests/<game>_data and
tests/<game>_map where they exist; no window tests), without the long fuzz
runs, which keeps a whole run practical on two cores. Lines that only write the log
(`log(state, ...)`, words for people) are not mutated: their wording is no rule.

A whole run of a large game takes hours on two shared cores; ``--sample N`` tests N mutants
drawn at random (seeded, so the same run can be repeated) and gives the score with its 95%
interval.

Usage: python tools/mutate.py GAME [--max-children N] [--only GLOB ...] [--rule-tests]
       [--sample N [--seed S]] [--results]
"""
from __future__ import annotations

import argparse
import json
import math
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPY = ("game", "maps", "assets", "docs", "tests", "tools", "setup.cfg")     # tools: the map tests run its generators


# The whole-game tests --rule-tests leaves out, by file: a -k "not bot" also dropped every rule
# test with "both" in its name (test_one_roll_for_both_classes...), twenty of them in four games.
WHOLE_GAMES = ("test_golden.py", "test_bot.py")


def _config(game: str, only: list, skip: tuple = ()) -> str:
    """The setup.cfg of the scratch copy: the project's pytest settings and a [mutmut] section."""
    base = (ROOT / "setup.cfg").read_text(encoding="utf-8")
    base = re.sub(r"\n\[mutmut\].*?(?=\n\[|\Z)", "", base, flags=re.S)
    lines = ["", "[mutmut]", f"source_paths = game/rules/{game}/",
             "also_copy =", "    game/", "    maps/", "    assets/", "    docs/", "    tools/",
             "pytest_add_cli_args =", "    -m", "    not fuzz and not ui", "    -p", "    no:randomly",
             *[f"    --ignore-glob=*/{name}" for name in skip],
             "pytest_add_cli_args_test_selection =", *[f"    {d}/" for d in test_dirs(game)],
             "use_git_change_detection = false",
             "do_not_mutate_patterns =", r"    ^\s*log\(state, "]
    if only:
        lines += ["only_mutate ="] + [f"    {glob}" for glob in only]
    return base.rstrip() + "\n" + "\n".join(lines) + "\n"


def test_dirs(game: str) -> list:
    """The folders of the game's own tests: its rules, and its data files and map where they have
    folders of their own (tests/<game>_data, tests/<game>_map), which check the rules' load-time
    refusals and the board the rules read."""
    return [f"tests/{game}"] + [f"tests/{game}{tail}" for tail in ("_data", "_map")
                                if (ROOT / "tests" / f"{game}{tail}").is_dir()]


def scratch(game: str, only: list, skip: tuple = ()) -> Path:
    """A fresh copy of what the game's tests need, with the mutmut settings for ``game``."""
    work = ROOT / "build" / "mutate" / game
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "screenshots")
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, work / name)
    (work / "setup.cfg").write_text(_config(game, only, skip), encoding="utf-8")
    return work


def mutant_names(work: Path) -> list:
    """Every mutant of the scratch copy, generated without testing any (a filter that matches none)."""
    subprocess.run([sys.executable, "-m", "mutmut", "run", "no-such-mutant"], cwd=work,
                   capture_output=True, text=True)
    names = []
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        names += json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return sorted(names)


def interval(killed: int, total: int) -> tuple[float, float]:
    """The 95% Wilson interval of the share killed, in percent."""
    if not total:
        return 0.0, 100.0
    z, p = 1.96, killed / total
    mid, half = p + z * z / (2 * total), z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return 100 * (mid - half) / (1 + z * z / total), 100 * (mid + half) / (1 + z * z / total)


def score(work: Path) -> tuple[int, int, str]:
    """(killed, tested, the survivors' listing) from `mutmut results --all true` (untested ones left out)."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=work,
                         capture_output=True, text=True).stdout
    states = [s for s in re.findall(r"^\s*\S+: (\w[\w ]*)$", out, re.M) if s != "not checked"]
    killed = sum(1 for s in states if s == "killed")
    survivors = "\n".join(line for line in out.splitlines() if line.rstrip().endswith(": survived"))
    return killed, len(states), survivors


def main(argv: list[str] | None = None) -> int:
    """Run mutmut over one game's rules and print its mutation score."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--max-children", type=int, default=2)
    ap.add_argument("--only", action="append", default=[],
                    help="mutate only files matching this glob (repeatable), e.g. game/rules/judean_hammer/battle.py")
    ap.add_argument("--sample", type=int, default=0, help="test only this many mutants, drawn at random")
    ap.add_argument("--seed", type=int, default=1, help="the draw of --sample")
    ap.add_argument("--results", action="store_true", help="only print the score of the last run")
    ap.add_argument("--rule-tests", action="store_true",
                    help="leave out the whole-game tests (golden replays, the bots' games): the rule tests "
                         "alone judge each mutant, several times faster on a busy machine")
    args = ap.parse_args(argv)
    if not (ROOT / "game" / "rules" / args.game).is_dir():
        print(f"There is no game called {args.game!r} in game/rules.", file=sys.stderr)
        return 2
    work = ROOT / "build" / "mutate" / args.game
    if not args.results:
        work = scratch(args.game, args.only, WHOLE_GAMES if args.rule_tests else ())
        chosen = []
        if args.sample:
            names = mutant_names(work)
            chosen = sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
            print(f"{len(chosen)} of {len(names)} mutants drawn (seed {args.seed})")
        run = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children)]
                             + chosen, cwd=work)
        if run.returncode not in (0, 1):
            return run.returncode
    killed, total, survivors = score(work)
    if survivors:
        print(survivors)
    share = 100 * killed / total if total else 0.0
    low, high = interval(killed, total)
    print(f"{args.game}: {killed} of {total} mutants killed ({share:.1f}%, 95% interval {low:.1f}-{high:.1f}%); "
          f"details: cd {work.relative_to(ROOT)} && ../../../.venv/bin/mutmut results")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
