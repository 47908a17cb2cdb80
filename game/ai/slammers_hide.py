"""A survivor for Hammer's Slammers' Hard player: one unit kept out of the enemy's way.

A side whose condition is only to come through (the Tan army in the learning scenario) loses
when it has no unit left on the map (HS-GAP-6, the scenario's victory), so its Hard player keeps
its fastest unit away from the fight: where it ends its move, the fewest enemy units can see
it, it stands as far from them as it may, and in cover. The enemy must then take the places it
has to hold, not only win the fire fight. Sight, terrain and cover are the rules' own (``los``,
``terrain``, ``df_modifier``). A side with an ally keeps no survivor: its team comes through on
any unit of either; nor does one whose enemy may also win by destroying points. Such a side
keeps any disrupted unit out of the way alike until it rallies (``shaken``). In the last
movement either kind of side goes into the places that decide the game (``last_stand``): one
that comes through into the places the enemy must hold, one that must hold a place into it,
the enemy there or not.
"""
from __future__ import annotations

from game.rules import slammers as hs

from .slammers import DEADLY

FAR = 12              # hexes from the nearest enemy beyond which standing farther adds nothing
SEEN = 4.0            # a hideout's score lost per enemy unit that can see it
COVER = 1.0           # a hideout's score per point of its Direct Fire defence modifier
AWAY = 2.0            # a hideout's score lost per hex beyond the survivor's reach of a place to hold
FEW = 12              # a side with more units than this on the map keeps no survivor (``survivor``)


def has_conditions(view: dict, side: str) -> bool:
    """True when ``side`` has a victory condition of its own; an ally without one (the four-player
    Marrow's Mercenaries and Slammers) wins or loses by its partner's (HS-GAP-6, HS-GAP-8)."""
    return any(c.get("side") == side for c in view["victory"])


def survives(view: dict, side: str) -> bool:
    """True when ``side``'s only conditions are to come through (a "survive" condition)."""
    kinds = {c["kind"] for c in view["victory"] if c.get("side") == side}
    return kinds == {"survive"}


def holds_out(spec, state: dict, side: str, view: dict) -> bool:
    """True when every condition of ``side``'s team is to come through: the side and its allies
    win when the enemy meets none of its own (HS-GAP-6, HS-GAP-8), whether or not the side has a
    condition of its own (the four-player Marrow's Mercenaries have none; green's is theirs)."""
    team = set(spec.seated(state).team(side))
    return {c["kind"] for c in view["victory"] if c.get("side") in team} == {"survive"}


def counts_points(view: dict) -> bool:
    """True when a battle may be won by the points destroyed, not only by taking a place or by
    leaving the enemy no unit (HS-GAP-6: "eliminate", "points" and "most points")."""
    return any(c["kind"] in ("eliminate", "points", "most_points") for c in view["victory"])


def survivor(spec, state: dict, side: str, view: dict | None = None) -> str | None:
    """The unit a surviving side keeps away from the fight: its fastest that may move, or None.
    A side with an ally at the table keeps none: its team comes through on any unit of either
    (the survive condition counts the team's units, HS-GAP-6), and a unit kept out of the fight
    only weakens it (in the four-player Marrow, Hard's green won 15 of 40 games with a survivor,
    25 without; the basic player 21). Nor does a side whose enemy may also win by destroying
    points (``counts_points``): the hidden unit's guns are missed there, where a last unit alive
    saves nothing (docs/ai.md: Hard won 126 of 200 such Stile games without one, 112 with it).
    Nor, while it has more than ``FEW`` units on the map: an army that large is not wiped out
    whole within the game, and the hidden unit's guns are missed (in the road to Holloway Hard's
    Green army won 1 of 12 games against Basic with one from the start, 5 without any)."""
    view = view if view is not None else spec.view(state, None)
    # counts_points reads the enemy's conditions: the side itself only comes through
    if not survives(view, side) or len(spec.seated(state).team(side)) > 1 or counts_points(view):
        return None
    if sum(1 for p in view["pieces"] if p.get("side") == side and p.get("at") is not None) > FEW:
        return None
    engaged = {tuple(h) for h in view["assaults"]}
    movers = [p for p in view["pieces"] if p.get("side") == side and p.get("at") is not None
              and not p["under"] and p["stats"]["move"] > 0 and tuple(p["at"]) not in engaged]
    if not movers:
        return None
    best = max(movers, key=lambda p: (p["stats"]["move"], p["stats"]["defence"], p["id"]))
    return best["id"]


def shaken(view: dict, uid: str) -> bool:
    """True when the unit is disrupted: it may not fire (HS-RNG-8) and another disruption destroys
    it (HS-DIS-4), so a side that has only to come through keeps it out of the enemy's way, as its
    survivor, until it rallies."""
    return any(p["id"] == uid and "disrupted" in p["flags"] for p in view["pieces"])


def hideout_score(state: dict, enemies: list, h, places: list, reach: int) -> float:
    """How well a hex hides a unit from ``enemies`` (their hexes): unseen, far, in cover, and
    within ``reach`` of the ``places`` the enemy must hold, so that it may still contest them."""
    if hs.terrain(state, h) in DEADLY:
        return -50.0                           # a disruption there kills (HS-DIS-6)
    grid = hs.grid(state)
    near = min((grid.distance(h, e) for e in enemies), default=FAR)
    seen = sum(1 for e in enemies if hs.los(state, e, h))
    beyond = max([0] + [grid.distance(h, g) - reach for g in places])
    return min(near, FAR) - SEEN * seen + COVER * hs.df_modifier(state, h) - AWAY * beyond


def places_of(state: dict, view: dict, side: str, own: bool) -> list:
    """The hexes ``side`` (``own``) or its enemy must hold by the scenario's conditions (HS-GAP-6)."""
    grid, out = hs.grid(state), []
    for cond in view["victory"]:
        if cond["kind"] == "hold" and (cond.get("side") == side) == own:
            for name in cond["places"]:
                place = grid.place(name)
                h = place.hex if place is not None else grid.hex_named(name)
                if h is not None:
                    out.append(tuple(h))
    return out


def last_stand(spec, state: dict, side: str, actions: list, view: dict | None = None) -> list:
    """The moves into the places that decide the game, in ``side``'s last movement: for a side
    that only has to come through, moving last, a place the enemy must hold (a unit of ours there
    at the end denies it), so every unit that can reach one goes in; for a side that must hold a
    place, its places, with the enemy in them or not: it wins only if it stands there at the end
    (HS-GAP-6), and after its last movement it can enter none, so a Close Assault there is its one
    chance, whatever it costs (the evaluation, which reads the assault's losses, kept its units
    out: the Slammers won 327 of 600 ladder games so, 315 before). Elsewhere, none."""
    view = view if view is not None else spec.view(state, None)
    if view["turn"] < view["turns"]:
        return []
    if survives(view, side):
        if view["sides"][-1] != side:
            return []
        places = places_of(state, view, side, own=False)
    else:
        places = places_of(state, view, side, own=True)
    uid = hs.frame(state).get("unit")
    if uid is not None and tuple(hs.hex_of(state, uid)) in places and ("stop",) in actions:
        return [("stop",)]                     # there already: a move on may leave it
    return [a for a in actions if a[0] == "hex" and tuple(a[1]) in places]


def hideouts(spec, state: dict, side: str, uid: str, actions: list, view: dict | None = None) -> list:
    """The moving survivor's ends (the hexes it may reach, or stopping), best hideout first."""
    view = view if view is not None else spec.view(state, None)
    foes = set(spec.seated(state).enemies(side))
    enemies = sorted({tuple(p["at"]) for p in view["pieces"]
                      if p.get("side") in foes and p.get("at") is not None and not p["under"]})
    places = places_of(state, view, side, own=False)
    here = tuple(hs.hex_of(state, uid))
    ends = [a for a in actions if a[0] == "hex" or a[0] == "stop"]
    reach = max(1, hs.counter(state, uid)["stats"]["move"] - 1)

    def score(a):
        h = here if a[0] == "stop" else tuple(a[1])
        return hideout_score(state, enemies, h, places, reach)
    return sorted(ends, key=lambda a: (-score(a), a[0] != "stop"))
