"""Check supply (JH-SUP-*), score regions (JH-SCO-*) and the end of the game (JH-END-*)."""
from __future__ import annotations

from game.core.words import agreeing, counted

from .board import SIDES
from .common import board_of, event, in_supply, log, region_control, remove_units

STACK_LIMIT = 3
WIN_VP = 12
MIN_DECK = 12


def check_supply(state: dict) -> None:
    """Reduce stacks over 3, then each Greek area out of supply loses 1 unit."""
    board = board_of(state)
    for side in SIDES:
        for area, n in sorted(state["units"][side].items()):
            if n > STACK_LIMIT:                                    # JH-SUP-2, JH-SUP-3
                remove_units(state, side, area, n - STACK_LIMIT)
                log(state, f"{side}: {counted(n - STACK_LIMIT, 'unit')} in {area} {agreeing(n - STACK_LIMIT, 'goes', 'go')} back to the stockpile (limit 3).")
                event(state, "supply", side=side, area=area, n=n - STACK_LIMIT, why="stack limit",
                      round=state["round"])
    supplied = in_supply(state, board)
    for area in sorted(state["units"]["greek"]):
        if area not in supplied:                                   # JH-SUP-8
            remove_units(state, "greek", area, 1)
            log(state, f"greek: {area} is out of supply and loses 1 unit.")
            event(state, "supply", side="greek", area=area, n=1, why="out of supply", round=state["round"])


def score_regions(state: dict) -> None:
    """Each controlled region gives its controller 1 VP (JH-SCO-1..5)."""
    control = region_control(state, board_of(state))
    award = {s: sum(1 for c in control.values() if c == s) for s in SIDES}
    for side in SIDES:
        state["vp"][side] += award[side]
    state["awards"].append([award["maccabean"], award["greek"]])
    event(state, "scored", what="regions", round=state["round"], vp=award, control=dict(control),
          total=dict(state["vp"]))
    log(state, f"Score: maccabean +{award['maccabean']} ({state['vp']['maccabean']} VP), "
               f"greek +{award['greek']} ({state['vp']['greek']} VP).")


def game_ends(state: dict) -> bool:
    """Gather both discard piles; the game ends at 12 VP or with 12 or fewer cards (JH-SCO-6..9)."""
    state["draw"] += state["discard"] + state["combat"]
    state["discard"], state["combat"] = [], []
    vp = state["vp"]
    cards = len(state["draw"])
    if max(vp.values()) >= WIN_VP:
        reason = f"a player reached {WIN_VP} VP"                  # JH-END-1
    elif cards <= MIN_DECK:
        reason = f"only {cards} cards remain to draw"             # JH-END-2
    else:
        return False
    winner = "maccabean" if vp["maccabean"] >= vp["greek"] else "greek"   # JH-END-4, JH-END-5
    state["result"] = {"winner": winner, "reason": reason}
    event(state, "game_over", winner=winner, reason=reason, vp=dict(vp))
    log(state, f"The game ends: {reason}. {winner} wins, {vp['maccabean']} to {vp['greek']}.")
    return True
