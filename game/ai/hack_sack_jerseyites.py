"""The Jerseyites' leads for Hard: where their units set up, and where the turn-8 Guard musters.

The basic player takes the standard set-up, which fills the first cities of the map's list (the
west) and leaves the cluster of cities in the east to the Krylons' first landings; and it musters
each Guard in the first city it is offered. Hard's Jerseyites set up against the Krylons' landings
instead: each land unit, the strongest defenders first, goes into the free city whose holding
most lowers the worth of the Krylons' best drop zone, the hex beside the most cities they could
take (weighed as their Frigates weigh them, ``landing_worth``); and a Guard musters where the
Krylons are about to strike.
"""
from __future__ import annotations

from game.boards.layout import distance
from game.rules.hack_sack import frame, types, unit

from .hack_sack import Picture, landing_worth, landing_wants

THREAT = 4             # hexes from a Krylon land unit within which an empty city is threatened
# The order the land units set up in: the strongest Defend first (HSNJ-CBT-9: a city's holder is
# attacked at its Defend), the fast Bikers before the leaders who sit; the cow, the USS New Jersey
# and the spaceships take the standard set-up after them.
SET_UP_FIRST = ("senator", "nra", "bruce", "bikers", "accountant", "lawyer")


def deployment(state: dict, actions: list, basic) -> tuple:
    """The Jerseyites' next set-up action (HSNJ-SET-1): pick the next land unit in SET_UP_FIRST
    order, put it into the free city that leaves the Krylons the poorest best drop zone, and
    end with the standard set-up for the rest."""
    sel = frame(state).get("sel")
    if not sel:
        land = [a for a in actions if a[0] == "unit" and _set_up_rank(a[1]) < len(SET_UP_FIRST)]
        if land:
            return min(land, key=lambda a: (_set_up_rank(a[1]), a[1]))
        return ("setup", "standard") if ("setup", "standard") in actions else basic
    pic = Picture(state, "jerseyite")
    cities = [a for a in actions if a[0] == "hex" and tuple(a[1]) in pic.m.cities]
    if not cities:
        return basic
    held = {c: pic.at[c]["d"] for c in pic.m.cities if c in pic.at}
    defend = types()[unit(state, sel)["type"]]["defend"]

    def landings(action):
        with_it = {**held, tuple(action[1]): defend}
        want = landing_wants(pic.m, {c: landing_worth(with_it.get(c)) for c in pic.m.cities})
        return (max(want.values(), default=0), sum(v * v for v in want.values()), tuple(action[1]))
    return min(cities, key=landings)


def _set_up_rank(uid: str) -> int:
    return next((i for i, kind in enumerate(SET_UP_FIRST) if uid.startswith(kind)), len(SET_UP_FIRST))


def guard_post(state: dict, actions: list, basic) -> tuple:
    """Where the Jerseyites muster their next Guard Infantry on turn 8 (HSNJ-REI-7): into an empty
    city a Krylon land unit stands within THREAT hexes of, the nearest to the Krylons first; else
    beside the most cities the Krylons hold (to strike back in this turn's combat); else into a
    city (the basic player takes the first city it is offered)."""
    hexes = [a for a in actions if a[0] == "hex"]
    if not hexes:
        return basic
    pic = Picture(state, "jerseyite")
    krylons = [tuple(p["at"]) for p in pic.units.values()
               if p["side"] == "krylon" and p["where"] == "map" and p["class"] == "L"]

    def rank(action):
        h = tuple(action[1])
        city = h in pic.m.cities
        near = min((distance(h, k) for k in krylons), default=99)
        held = sum(1 for n in pic.m.nbrs.get(h, ()) if n in pic.m.cities and pic.holder(n) == "krylon")
        return (not (city and near <= THREAT), -held, not city, near, h)
    return min(hexes, key=rank)
