"""The battles a Hack & Sack position brings on, in VP: what the Krylons' look-ahead weighs them at.

Every unit next to an enemy it is able to attack must attack in its side's next Combat Phase
(HSNJ-CBT-1), so a move that ends next to an enemy, or into a city an enemy stands beside, has
its battle settled by the next roll. The rules name the obligations (``owed_attacks``) and the
odds of each battle (``battle_odds``); this module weighs their results in VP: the Attack of the
units destroyed (HSNJ-VIC-1), the cities a retreat or a loss empties (HSNJ-VIC-3, VIC-4), a
little for a unit Confused. Nothing here decides what is legal.
"""
from __future__ import annotations

from game.rules.hack_sack import battle_odds, owed_attacks, owed_attacks_ahead, types, unit

# The side whose Combat Phase comes next, by phase (HSNJ-SEQ-1).
NEXT_TO_FIGHT = {"reinforcement": "krylon", "krylon_movement": "krylon", "krylon_recovery": "krylon",
                 "krylon_combat": "krylon", "jerseyite_movement": "jerseyite",
                 "jerseyite_recovery": "jerseyite", "jerseyite_combat": "jerseyite", "vp_tally": "krylon"}
CONFUSED = 0.3        # a unit Confused or pushed back, in VP (it loses a move or its hex)
OPENED = 0.25         # a Jerseyite city emptied: the Krylons may walk in, if nobody walks back first


def fighting_side(phase: str) -> str | None:
    """The side whose Combat Phase comes next (None once the game is over)."""
    return NEXT_TO_FIGHT.get(phase)


def battles(state: dict, side: str, now: bool) -> list:
    """The battles ``side`` owes in its next Combat Phase (``now``: the one being fought), as
    ([attackers], [defender]): each obliged unit joins the first enemy that obliges it
    (HSNJ-CBT-1, CBT-4)."""
    owed = owed_attacks(state, side) if now else owed_attacks_ahead(state, side)
    taken: set = set()
    out = []
    for target in sorted({d for ds in owed.values() for d in ds}):
        attackers = sorted(a for a, ds in owed.items() if target in ds and a not in taken)
        if attackers:
            taken.update(attackers)
            out.append((attackers, [target]))
    return out


def city_loss(u: dict, cities: set, city_worth: float) -> float:
    """What a unit leaving its hex costs its side in cities, in VP: a Krylon land unit gives its
    city back (a 2-tally swing each tally, HSNJ-VIC-3, 4); a Jerseyite leaves an empty city, which
    still scores for the Jerseyites but opens it to the Krylons."""
    if u.get("where") != "map" or tuple(u["hex"]) not in cities:
        return 0.0
    if u["side"] == "krylon":
        return 2.0 * city_worth if types()[u["type"]]["class"] == "L" else 0.0
    return OPENED * city_worth


def battle_worth(state: dict, attackers: list, defenders: list, cities: set, city_worth: float) -> float:
    """The expected VP of a battle to the attacking side, by the rules' odds of each result."""
    kinds = types()
    att = [unit(state, a) for a in attackers]
    dfd = [unit(state, d) for d in defenders]
    # Destroying the cow earns nothing (HSNJ-JER-27); every other unit its Attack (HSNJ-VIC-1).
    killed_d = sum(0 if kinds[u["type"]].get("cow") else kinds[u["type"]]["attack"] for u in dfd)
    killed_a = sum(kinds[u["type"]]["attack"] for u in att)
    moved_d = sum(city_loss(u, cities, city_worth) for u in dfd)
    moved_a = sum(city_loss(u, cities, city_worth) for u in att)
    worth = {"Dx": killed_d + moved_d, "D-1": moved_d + CONFUSED, "D-2": moved_d + CONFUSED, "Dc": CONFUSED,
             "Ax": -killed_a - moved_a, "A-1": -moved_a - CONFUSED, "A-2": -moved_a - CONFUSED, "Ac": -CONFUSED}
    chances = battle_odds(state, attackers, defenders)["results"]
    return sum(worth.get(code, 0.0) * p for code, p in chances.items())


def battles_ahead(state: dict, phase: str, cities: set, city_worth: float) -> float:
    """The expected VP, toward the Krylons, of the battles owed in the next Combat Phase.

    The other side's battles in the phase after are left out: its own move comes first, and
    counting them at half their worth made the Krylons' look-ahead no better over 60 seeded games."""
    side = fighting_side(phase)
    if side is None:
        return 0.0
    now = phase == f"{side}_combat"
    worth = sum(battle_worth(state, a, d, cities, city_worth) for a, d in battles(state, side, now))
    return worth if side == "krylon" else -worth
