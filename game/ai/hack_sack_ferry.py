"""The Krylons' Star Frigates as ferries: an empty Frigate on the map picks up the land units left
far from any city the Krylons could take and flies them to one (HSNJ-LOD-2 to LOD-7, LOD-10);
with nobody to fetch, it hunts the Jerseyite spaceships that sit in cities.

The basic player flies its Frigates once, from the pads, and leaves them idle on the map after;
some five of the Krylons' 25 land units stand four hexes or more from every city they do not
hold, turn after turn. Here an empty Frigate moves before the land units, to a hex beside the
most such stragglers still able to board and get off (2 MP), takes them aboard, and flies on to
the basic player's drop zone (or as near a city as it gets), where they get off.

The basic Jerseyites never move their Space Cruisers and Escorts: set up in a city, one scores that
city for them at every tally (no land unit holds it, HSNJ-VIC-4), and the Krylon land units beside
it can neither strike it nor go in (HSNJ-CBT-6). Only a Star Frigate can: a Frigate with nothing
to fetch flies beside such a city, and its side's combat duty makes it strike (HSNJ-CBT-1).
"""
from __future__ import annotations

from game.boards.layout import distance
from game.rules.hack_sack import unit

from .hack_sack import Picture, drop_zone

FAR = 4          # hexes from the nearest city not held at which a land unit counts as left behind
CARRY = 4        # a Star Frigate's room (HSNJ-LOD-10)


def stragglers(pic: Picture, state: dict) -> list:
    """The hexes of Krylon land units on the map, out of the cities, FAR or more from every city
    the Krylons do not hold, with the 2 MP to board and to get off (HSNJ-LOD-3, LOD-7),
    clear-headed (AMBIG-29)."""
    targets = _open_cities(pic)
    out = []
    for p in pic.units.values():
        if p["side"] != "krylon" or p["where"] != "map" or p["class"] != "L" or not targets:
            continue
        here = tuple(p["at"])
        if here in pic.m.cities or _nearest(here, targets) < FAR:
            continue
        u = unit(state, p["id"]) or {}
        if u.get("mp", 0) >= 2 and not u.get("confused"):
            out.append(here)
    return out


def ferry(state: dict, sel: str, actions: list):
    """The ferry's next action for the Star Frigate ``sel``, or None where the basic player's
    choice stands (on a pad; dropping its cargo; nothing to pick up)."""
    pic = Picture(state, "krylon")
    ship = _on_duty(pic, sel)
    if ship is None:
        return None
    cargo = _cargo(pic, sel)
    left = set(stragglers(pic, state))
    boards = [a for a in actions if a[0] == "load" and a[1] == sel and tuple(pic.units[a[2]]["at"]) in left]
    if boards and len(cargo) < CARRY:
        return boards[0]
    hexes = [a for a in actions if a[0] == "hex"]
    if cargo:
        return _to_drop(pic, ship, hexes)
    return _to_pick_up(ship, hexes, left) or _to_hunt(pic, ship, hexes)


def landing(state: dict, sel: str, actions: list, basic):
    """Where a Star Frigate on a Landing Pad puts its cargo down: the wary drop zone (``drop_zone``:
    cities the Jerseyites stand ready to strike back at count less), where the basic player takes
    the plain one; else the basic player's choice."""
    if basic[0] != "hex" or not sel.startswith("star_frigate") or (unit(state, sel) or {}).get("where") != "pad":
        return basic            # asked at every Krylon move: the picture is built only for a landing
    return drop_zone(Picture(state, "krylon"), [a for a in actions if a[0] == "hex"], wary=True) or basic


def wants_to_ferry(state: dict, sel: str) -> bool:
    """Whether the empty Star Frigate ``sel`` on the map has stragglers within its reach."""
    if not sel.startswith("star_frigate"):
        return False                       # ids begin with their kind: no picture to draw
    pic = Picture(state, "krylon")
    ship = _on_duty(pic, sel)
    if ship is None or _cargo(pic, sel):
        return False
    here, reach = tuple(ship["at"]), (unit(state, sel) or {}).get("mp", 0)
    return any(distance(here, h) <= reach for h in stragglers(pic, state))


def _on_duty(pic, sel):
    """The Star Frigate ``sel`` when it stands on the map and no unit waits on a Landing Pad (the
    Frigates fetch those first, the basic player's way); else None."""
    ship = pic.units.get(sel)
    if ship is None or ship["kind"] != "star_frigate" or ship["where"] != "map":
        return None
    waiting = any(u["where"] == "pad" and u["kind"] != "star_frigate" for u in pic.units.values())
    return None if waiting else ship


def _cargo(pic, sel) -> list:
    return [u for u in pic.units.values() if u["where"] == "ship" and u["at"] == sel]


def _open_cities(pic) -> list:
    """The cities the Krylons do not hold."""
    return [c for c in pic.m.cities if pic.holder(c) != "krylon"]


def _nearest(h, cities) -> int:
    return min(distance(h, c) for c in cities)


def _to_pick_up(ship, hexes, left):
    """The reachable hex beside the most stragglers, the nearest first (MP left to fly on)."""
    here = tuple(ship["at"])
    beside = {a: sum(1 for s in left if distance(tuple(a[1]), s) == 1) for a in hexes}
    near = [a for a in hexes if beside[a]]
    return min(near, key=lambda a: (-beside[a], distance(here, tuple(a[1])))) if near else None


def _to_drop(pic, ship, hexes):
    """Where the cargo gets off: the basic player's drop zone, else as near a city not held as the
    Frigate reaches; None (get off here) when it stands beside one already or gets no nearer."""
    targets, here = _open_cities(pic), tuple(ship["at"])
    if not hexes or not targets or _nearest(here, targets) <= 1:
        return None
    zone = drop_zone(pic, hexes, wary=True)
    if zone is not None:
        return zone
    near = min(hexes, key=lambda a: _nearest(tuple(a[1]), targets))
    return near if _nearest(tuple(near[1]), targets) < _nearest(here, targets) else None


def _space_held(pic) -> list:
    """The cities a Jerseyite spaceship stands in (HSNJ-VIC-4: they score for the Jerseyites)."""
    return [c for c in pic.m.cities if not pic.free(c) and pic.at[c]["side"] == "jerseyite"
            and pic.at[c]["class"] == "S"]


def _beside(pic, h) -> tuple:
    """(Krylon land units, Star Frigates) standing beside hex ``h``."""
    near = [pic.at[n] for n in pic.m.nbrs.get(h, ()) if n in pic.at and pic.at[n]["side"] == "krylon"]
    return sum(p["class"] == "L" for p in near), sum(p["kind"] == "star_frigate" for p in near)


def _to_hunt(pic, ship, hexes):
    """A hex beside a city a Jerseyite spaceship holds, from which the Frigate strikes it: the city
    with the most Krylon land units beside it to walk in once it is cleared, then the one other
    Frigates already stand beside (their attacks add up), the nearest hex first; else a hex nearer
    such a city. None where it stands beside one already or gets no nearer."""
    targets, here = _space_held(pic), tuple(ship["at"])
    if not targets or not hexes or _nearest(here, targets) == 1:
        return None
    worth = {t: _beside(pic, t) for t in targets}

    def rank(action):
        h = tuple(action[1])
        near = [worth[t] for t in targets if distance(h, t) == 1]
        return bool(near), max(near, default=(0, 0)), -_nearest(h, targets), -distance(here, h)
    pick = max(hexes, key=rank)
    beside, _, nearer, _ = rank(pick)
    return pick if beside or -nearer < _nearest(here, targets) else None
