"""Victory (section II): VP for cities each turn, sudden death, and the result after 15 turns."""
from __future__ import annotations

from game.core.contract import Result

from . import board as boards
from . import pieces


def city_holders(state: dict) -> dict:
    """City hex -> 'krylon' when a Krylon land unit holds it, else 'jerseyite' (HSNJ-VIC-3, VIC-4, AMBIG-3)."""
    b = boards.of(state)
    occ = pieces.occupancy(state)
    out = {}
    for c in b.cities:
        u = pieces.unit(state, occ[c]) if c in occ else None
        out[c] = "krylon" if u and u["side"] == "krylon" and pieces.cls(u) == "L" else "jerseyite"
    return out


CITY_VP = 1          # what holding one city scores each turn (HSNJ-VIC-3, VIC-4)


def score_cities(state: dict) -> None:
    """Phase 8: one VP per city to whoever holds it (HSNJ-SEQ-2, AMBIG-1)."""
    held = city_holders(state)
    holders = list(held.values())
    pieces.event(state, "scored", what="cities", turn=state["turn"],
                 holders=[[list(h), side, CITY_VP] for h, side in held.items()],
                 vp={side: holders.count(side) * CITY_VP for side in ("krylon", "jerseyite")})
    for side in ("krylon", "jerseyite"):
        n = holders.count(side)
        if n:
            pieces.add_vp(state, side, n * CITY_VP, f"turn {state['turn']}: {n} cities")
        pieces.log(state, side, f"{n} cities: +{n * CITY_VP} VP (total {state['vp'][side]}).")


def sudden_death(state: dict) -> bool:
    """The Krylons hold every city (HSNJ-VIC-8, AMBIG-2)."""
    holders = city_holders(state).values()
    return bool(holders) and all(h == "krylon" for h in holders)


def result(state: dict) -> Result | None:
    """The winner once the game is over (HSNJ-VIC-6, VIC-7, VIC-8)."""
    over = state.get("result")
    if not over:
        return None
    return Result(over["winner"], dict(state["vp"]), over["reason"])
