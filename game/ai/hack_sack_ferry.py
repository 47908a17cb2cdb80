"""The Krylons' Star Frigates as ferries: an empty Frigate on the map picks up the land units left
far from any city the Krylons could take and flies them to one (HSNJ-LOD-2 to LOD-7, LOD-10).

The basic player flies its Frigates once, from the pads, and leaves them idle on the map after;
some five of the Krylons' 25 land units stand four hexes or more from every city they do not
hold, turn after turn. Here an empty Frigate moves before the land units, to a hex beside the
most such stragglers still able to board and get off (2 MP), takes them aboard, and flies on to
the basic player's drop zone (or as near a city as it gets), where they get off.
"""
from __future__ import annotations

from game.boards.layout import distance
from game.rules.hack_sack import unit

from .hack_sack import HeuristicPlayer, Picture

FAR = 4          # hexes from the nearest city not held at which a land unit counts as left behind
CARRY = 4        # a Star Frigate's room (HSNJ-LOD-10)


def stragglers(pic: Picture, state: dict) -> list:
    """Krylon land units on the map, out of the cities, FAR or more from every city the Krylons do
    not hold, with the 2 MP to board and to get off (HSNJ-LOD-3, LOD-7), clear-headed (AMBIG-29)."""
    targets = [c for c in pic.m.cities if pic.holder(c) != "krylon"]
    if not targets:
        return []
    out = []
    for p in pic.units.values():
        if p["side"] != "krylon" or p["where"] != "map" or p["class"] != "L":
            continue
        here = tuple(p["at"])
        if here in pic.m.cities or min(distance(here, c) for c in targets) < FAR:
            continue
        u = unit(state, p["id"]) or {}
        if u.get("mp", 0) >= 2 and not u.get("confused"):
            out.append(here)
    return out


def ferry(state: dict, sel: str, actions: list):
    """The ferry's next action for the Star Frigate ``sel``, or None where the basic player's
    choice stands (on a pad; dropping its cargo; nothing to pick up)."""
    pic = Picture(state, "krylon")
    ship = pic.units.get(sel)
    if ship is None or ship["kind"] != "star_frigate" or ship["where"] != "map" or _pads_wait(pic):
        return None
    cargo = [u for u in pic.units.values() if u["where"] == "ship" and u["at"] == sel]
    left = set(stragglers(pic, state))
    boards = [a for a in actions if a[0] == "load" and a[1] == sel
              and tuple(pic.units[a[2]]["at"]) in left]
    if boards and len(cargo) < CARRY:
        return boards[0]
    hexes = [a for a in actions if a[0] == "hex"]
    if cargo:
        return _to_drop(pic, ship, hexes)
    return _to_pick_up(ship, hexes, left)


def wants_to_ferry(state: dict, sel: str) -> bool:
    """Whether the empty Star Frigate ``sel`` on the map has stragglers to pick up."""
    if not sel.startswith("star_frigate"):
        return False                       # ids begin with their kind: no picture to draw
    pic = Picture(state, "krylon")
    ship = pic.units.get(sel)
    if ship is None or ship["kind"] != "star_frigate" or ship["where"] != "map" or _pads_wait(pic):
        return False
    if any(u["where"] == "ship" and u["at"] == sel for u in pic.units.values()):
        return False
    here = tuple(ship["at"])
    reach = (unit(state, sel) or {}).get("mp", 0)
    return any(distance(here, h) <= reach for h in stragglers(pic, state))


def _pads_wait(pic) -> bool:
    """Whether units wait on a Landing Pad: the Frigates fetch them first (the basic player's way)."""
    return any(u["where"] == "pad" and u["kind"] != "star_frigate" for u in pic.units.values())


def _to_pick_up(ship, hexes, left):
    """The reachable hex beside the most stragglers, the nearest first (MP left to fly on)."""
    here = tuple(ship["at"])
    best, key = None, None
    for a in hexes:
        h = tuple(a[1])
        beside = sum(1 for s in left if distance(h, s) == 1)
        if beside and (key is None or (-beside, distance(here, h)) < key):
            best, key = a, (-beside, distance(here, h))
    return best


def _to_drop(pic, ship, hexes):
    """Where the cargo gets off: the basic player's drop zone, else as near a city not held as the
    Frigate reaches; None (get off here) when it stands beside one already or cannot move."""
    targets = [c for c in pic.m.cities if pic.holder(c) != "krylon"]
    here = tuple(ship["at"])
    if not hexes or not targets or min(distance(here, c) for c in targets) <= 1:
        return None
    zone = HeuristicPlayer("krylon")._drop_zone(pic, hexes)
    if zone is not None:
        return zone
    near = min(hexes, key=lambda a: min(distance(tuple(a[1]), c) for c in targets))
    return near if min(distance(tuple(near[1]), c) for c in targets) < min(distance(here, c) for c in targets) else None
