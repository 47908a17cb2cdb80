"""Combat odds (section VIII steps 1-4): totals, the odds rule, the column and its shifts."""
from __future__ import annotations

from fractions import Fraction

from . import board as boards
from . import conditions, data, pieces
from .board import distance

COLUMNS = data.COLUMNS


def odds_number(attack: int, defend: int) -> int | None:
    """Larger total over smaller, remainder dropped, negative when Defend is larger (HSNJ-CBT-10, CBT-11).

    None means a Defend total of 0, which uses the Better column (HSNJ-GAP-14)."""
    if defend == 0:
        return None
    if attack >= defend:
        return attack // defend
    return -(defend // attack) if attack else None


def column_index(odds: int | None) -> int:
    """The CRT column of some odds, with Worse below -3 and Better above 5 (HSNJ-CBT-12, CBT-13)."""
    if odds is None or odds > 5:
        return len(COLUMNS) - 1
    if odds < -3:
        return 0
    return COLUMNS.index(str(odds))


def shift_column(index: int, shift: int) -> int:
    """Move along Worse..Better, never past either end (HSNJ-AMBIG-33)."""
    return max(0, min(len(COLUMNS) - 1, index + shift))


def _participants(state, ids):
    return [pieces.unit(state, i) for i in ids]


def _leader_near(state, kind, side, fighters) -> bool:
    """A leader (or Accountant) of `kind` influencing this battle (HSNJ-AMBIG-18)."""
    land = [u for u in fighters if u["side"] == side and pieces.cls(u) == "L" and u["where"] == "map"
            and not pieces.t(u).get("cow")]                      # the cow gets no help (HSNJ-JER-17)
    ships = {u["id"] for u in fighters if u["side"] == side and pieces.cls(u) == "S"}
    for x in pieces.units(state):
        if not pieces.t(x).get(kind) or x["side"] != side:
            continue
        if kind == "leader" and x["confused"]:
            continue                                             # HSNJ-KRY-7, JER-14
        if x["where"] == "ship" and x["ship"] in ships and kind == "leader":
            return True                                          # HSNJ-KRY-5, JER-13
        if x["where"] == "map" and any(u["id"] != x["id"] and distance(u["hex"], x["hex"]) == 1 for u in land):
            return True                                          # never helps himself (HSNJ-AMBIG-10)
    return False


def _accountant_near(state, fighters) -> bool:
    """An Accountant next to a Krylon land unit in the battle, Confused or not (HSNJ-JER-8, AMBIG-16)."""
    krylon_land = [u for u in fighters if u["side"] == "krylon" and pieces.cls(u) == "L" and u["where"] == "map"]
    return any(x["where"] == "map" and pieces.t(x).get("accountant")
               and any(distance(u["hex"], x["hex"]) == 1 for u in krylon_land)
               for x in pieces.units(state))


def shifts(state: dict, attackers: list, defenders: list) -> dict:
    """Column shifts: +1 Krylon for a Centurion, +1 Jerseyite each for Bruce and an Accountant (HSNJ-AMBIG-17)."""
    fighters = _participants(state, attackers) + _participants(state, defenders)
    off = conditions.no_leaders(state)
    centurion = not off and _leader_near(state, "leader", "krylon", fighters)
    bruce = not off and _leader_near(state, "leader", "jerseyite", fighters)
    accountant = _accountant_near(state, fighters)
    toward_krylon = int(centurion) - int(bruce) - int(accountant)
    att_side = pieces.unit(state, attackers[0])["side"]
    reasons = [r for r, on in (("Centurion +1 Krylon", centurion), ("Bruce +1 Jerseyite", bruce),
                               ("Accountant +1 Jerseyite", accountant)) if on]
    return {"centurion": centurion, "bruce": bruce, "accountant": accountant,
            "attacker": toward_krylon if att_side == "krylon" else -toward_krylon, "reasons": reasons}


def ranged(state: dict, attackers: list, defenders: list) -> list:
    """Attackers firing from beyond 1 hex (not next to any defender) (HSNJ-CBT-8, AMBIG-37)."""
    dh = [pieces.unit(state, d)["hex"] for d in defenders]
    return [a for a in attackers if all(distance(pieces.unit(state, a)["hex"], h) > 1 for h in dh)]


def in_city(state: dict, defenders: list) -> bool:
    """At least one defender stands in a city hex (HSNJ-CBT-16, AMBIG-32)."""
    b = boards.of(state)
    return any(b.cls.get(tuple(pieces.unit(state, d)["hex"])) == "city" for d in defenders)


def battle(state: dict, attackers: list, defenders: list) -> dict:
    """Totals, odds, the column before and after shifts, and the city modifier of a battle."""
    attack = sum(pieces.kind(a)["attack"] for a in attackers)     # HSNJ-CBT-9
    defend = sum(pieces.kind(d)["defend"] for d in defenders)
    number = odds_number(attack, defend)
    base = column_index(number)
    sh = shifts(state, attackers, defenders)
    return {"attack": attack, "defend": defend, "odds": number, "base": COLUMNS[base],
            "column": COLUMNS[shift_column(base, sh["attacker"])], "shifts": sh,
            "city": in_city(state, defenders)}


def result_for(column: str, roll: int, city: bool) -> tuple[int, str]:
    """The modified roll and the CRT code it gives (HSNJ-CBT-16, CBT-17)."""
    modified = max(1, roll - 1) if city else roll
    return modified, data.crt()["results"][column][modified - 1]


def effective(state: dict, code: str, attackers: list, defenders: list) -> str:
    """The result as it counts: 'nr' when it touches nobody.

    An attacker result when every attacker fired from beyond 1 hex (HSNJ-CBT-8, AMBIG-37), and a
    Confused result when every loser is the cow (HSNJ-JER-26), are no result."""
    if code.startswith("A"):
        if len(ranged(state, attackers, defenders)) == len(attackers):
            return "nr"
        losers = [a for a in attackers if a not in ranged(state, attackers, defenders)]
    elif code.startswith("D"):
        losers = defenders
    else:
        return code
    if code.endswith("c") and all(pieces.kind(u).get("cow") for u in losers):
        return "nr"
    return code


def worded(battle: dict | None) -> dict | None:
    """A battle as the state keeps it, with each possible result's meaning in words (a new dict)."""
    if not battle or not battle.get("odds") or "description" in battle["odds"]:
        return battle
    codes = data.crt()["codes"]
    return {**battle, "odds": {**battle["odds"], "description": {c: codes[c] for c in battle["odds"]["results"]}}}


def battle_odds(state: dict, attackers: list, defenders: list) -> dict:
    """For the UI: column, shifts, each result's probability and its meaning in plain words."""
    b = battle(state, attackers, defenders)
    codes = data.crt()["codes"]
    results: dict = {}
    for roll in range(1, 7):
        _, code = result_for(b["column"], roll, b["city"])
        code = effective(state, code, attackers, defenders)
        results[code] = results.get(code, Fraction(0)) + Fraction(1, 6)
    shown = "Better" if b["odds"] is None else str(b["odds"])
    return {"column": b["column"], "odds": shown, "attack": b["attack"], "defend": b["defend"],
            "shifts": b["shifts"]["attacker"], "reasons": b["shifts"]["reasons"], "city": b["city"],
            "results": {c: float(p) for c, p in results.items()},
            "description": {c: codes[c] for c in results}}
