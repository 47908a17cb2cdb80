"""A cheap proxy of Hack & Sack's strength for one side: seeded games against the basic player.

A whole game of Hard costs a minute or more of CPU; the basic player's costs a second. This plays
the ladder's games of one side (``tests/ai/ladder.py``: even game numbers for the Krylons, odd for
the Jerseyites with ``--side jerseyite``; the same seeds) with that side played by ``basic``,
``hard`` or ``leads`` (the basic player led as Hard's root is, without a search: for the Krylons
the look-ahead for a land unit's move, the pad order, the Frigates' ferrying and wary landing;
for the Jerseyites their set-up and where the Guard musters), the other side by the basic
player, to the end of ``--turns`` (15: the whole game), and prints each game's VP and the side's
wins and mean margin:

    python tools/hs_krylons.py leads --games 60                    # the Krylons' leads, 60 games
    python tools/hs_krylons.py hard --games 4 --turns 5            # Hard itself, to the end of turn 5
    python tools/hs_krylons.py leads --side jerseyite --games 200  # the Jerseyites' leads
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import BOTS  # noqa: E402
from game.ai.hack_sack import HackSackBot, HeuristicPlayer  # noqa: E402
from game.ai.hack_sack_jerseyites import deployment, guard_post  # noqa: E402
from game.ai.hack_sack_search import look_ahead, strongest_to_pads  # noqa: E402
from game.ai.hack_sack_ferry import ferry, landing, wants_to_ferry  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.rules.hack_sack import frame, vp  # noqa: E402

SPEC = GAMES["hack_sack"]


class Leads(HackSackBot):
    """The basic player led as Hard's root is: the Krylons by look_ahead, strongest_to_pads, ferry
    and landing, the Jerseyites by deployment and guard_post."""

    def choose(self, state: dict, player: str):
        """The basic player's action, or the lead Hard's root would put first instead."""
        basic = super().choose(state, player)
        step = frame(state)
        if player != "krylon":
            lead = {"guard": guard_post, "deploy": deployment}.get(step.get("step"))
            return lead(state, SPEC.legal_actions(state), basic) if lead else basic
        if step.get("step") == "move":
            fly = self._ferry(state, step.get("sel"))
            if fly is not None:
                return fly
            down = landing(state, step["sel"], SPEC.legal_actions(state), basic) if step.get("sel") else basic
            if down != basic:
                return down
        if step.get("step") == "move" and step.get("sel"):
            stays = ("deselect",) if basic[0] == "unit" else basic
            lead = look_ahead(state, step["sel"], SPEC.legal_actions(state), basic)
            if lead != stays:
                if lead == ("deselect",):
                    self._players[player].finished.add(step["sel"])   # through with it, as the basic player would be
                return lead
        if step.get("step") == "pads" and not step.get("sel"):
            return strongest_to_pads(SPEC.legal_actions(state), basic)
        return basic

    def _ferry(self, state, sel):
        """The ferry's action for a selected Frigate, or an idle Frigate picked before the land units."""
        legal = SPEC.legal_actions(state)
        if sel:
            return ferry(state, sel, legal)
        done = self._players["krylon"].finished
        return next((a for a in legal if a[0] == "unit" and a[1] not in done and wants_to_ferry(state, a[1])), None)


def one(who: str, n: int, turns: int) -> tuple:
    """Ladder game ``n`` to the end of ``turns``, its seated side (the Krylons in an even game, the
    Jerseyites in an odd one) played by ``who``: (VP Krylon, VP Jerseyite, the seated side won)."""
    seed = 1000 + n // 2
    make = Leads if who == "leads" else BOTS[who].make
    basic = BOTS["basic"].make
    if n % 2:
        players = {"krylon": basic(SPEC, seed * 7919 + 17), "jerseyite": make(SPEC, seed * 7919 + 31)}
    else:
        players = {"krylon": make(SPEC, seed * 7919), "jerseyite": basic(SPEC, seed * 7919 + 31 + 17)}
    state = SPEC.setup(seed)
    while SPEC.active(state) is not None and state["turn"] <= turns:
        side = SPEC.active(state)
        state = SPEC.apply(state, players[side].choose(state, side))
    over = SPEC.result(state)
    seated = "jerseyite" if n % 2 else "krylon"
    return vp(state, "krylon"), vp(state, "jerseyite"), over is not None and over.winner == seated


def main() -> int:
    """Play the games and print them and their sum."""
    ask = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ask.add_argument("player", choices=("basic", "hard", "leads"))
    ask.add_argument("--side", choices=("krylon", "jerseyite"), default="krylon")
    ask.add_argument("--games", type=int, default=20)
    ask.add_argument("--turns", type=int, default=15)
    ask.add_argument("--first", type=int, default=0, help="the first of the side's games (0, 1, ...)")
    args = ask.parse_args()
    margins, wins = [], 0
    odd = args.side == "jerseyite"
    for g in range(args.first, args.first + args.games):
        k, j, won = one(args.player, 2 * g + odd, args.turns)
        margins.append(j - k if odd else k - j)
        wins += won
        print(f"game {2 * g + odd}: Krylons {k}, Jerseyites {j}", flush=True)
    spread = statistics.pstdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    print(f"{args.player} {args.side}s: {wins} of {len(margins)} won, mean margin {statistics.mean(margins):+.1f} "
          f"VP (s.e. {spread:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
