"""The fire still to come, as the Slammers search's evaluation reads it: what each unit stands to lose.

A move's worth at Hammer's Slammers shows only when the Direct Fire that follows it is rolled
(both sides fire every round, HS-SEQ-5/6), and a playout of a few clicks seldom gets there. So
a leaf is also scored by the exchange its positions promise: every unit of a side whose Direct
Fire is still to come this player-turn that may fire (the rules' ``hits``: in range, in sight,
not disrupted, not yet fired) fires alone at the hex where its expected worth is highest, with
the exact chances the rules' ``fire_preview`` gives (the target's defence and terrain included),
and each unit aimed at is charged the worth it expects to lose, eliminated 1 and disrupted 0.35
(the basic player's worths), at most all of it; a disruption counts as the rules would carry it
out on that unit (``disruption_of``: nothing to dug-in infantry, elimination to a unit already
disrupted or on skimmers). Hard's own Direct Fire aims by the same worths (``AimingBot``). Nothing here is a rule of its own: reach,
sight and odds are the rules' public face.
"""
from __future__ import annotations

from game.rules import slammers as hs

from .slammers import WORTH, SlammersBot


def share_lost(state: dict, code: str, uid: str, h) -> float:
    """The share of its worth a result costs one unit in hex h, as the rules would carry out a
    disruption on it: none for dismounted infantry (HS-DIS-5), all of it for a unit disrupted
    again, in a swamp, river or lake, or on skimmers (HS-DIS-4/6, HS-SKM-5)."""
    what = hs.effects_of(state, code)
    if "eliminate" in what:
        return WORTH["eliminate"]
    if "disrupt" not in what:
        return 0.0
    effect = hs.disruption_of(state, uid, h)[0]
    return WORTH["eliminate"] if effect == "eliminated" else WORTH["disrupt"] if effect == "disrupted" else 0.0


def points_taken(state: dict, chances: dict, h, aim, points: dict | None = None) -> float:
    """The points an attack on the units ``aim`` in h expects to take, unit by unit (``share_lost``)."""
    points = points if points is not None else {}
    for t in aim:
        if t not in points:
            points[t] = hs.unit_type(state, t).points
    return sum(c * sum(points[t] * share_lost(state, code, t, h) for t in aim) for code, c in chances.items())


class AimingBot(SlammersBot):
    """The basic player, but its Direct Fire weighs each result by what it does to each target
    (``share_lost``): Hard's fire, where the basic player counts a disruption the same on a tank
    and on dug-in infantry that shrugs it off."""

    def _expected(self, state, chances, h, aim) -> float:
        """The points an attack on ``aim`` in h expects to take, unit by unit."""
        return points_taken(state, chances, h, aim)


def still_to_fire(state: dict, view: dict, sides) -> list:
    """The sides whose Direct Fire is still to come this player-turn: every side before the Direct
    Fire step; in it, the side firing now and those after it (the moving side first, HS-SEQ-5/6);
    nobody after it, in the Close Assaults. A side that has said Done keeps no fire in hand, or a
    search would rate passing as high as firing."""
    phase = view["phase"]
    if phase == "Close Assault":
        return []
    if phase != "Direct Fire":
        return list(sides)
    frame = hs.frame(state)
    acting = frame.get("side") if frame.get("step") == "direct" else view["mover"]
    seat = list(view["sides"])
    i = seat.index(view["mover"])
    order = seat[i:] + seat[:i]
    later = order[order.index(acting):] if acting in order else order
    return [s for s in later if s in sides]


def exposure(state: dict, view: dict, sides, gone: set) -> dict:
    """{unit: the share of its worth it expects to lose to the fire still to come this round}.

    ``view`` is the whole board's view of ``state``, ``gone`` the units already rolled off (no
    use aiming at them again); each firer aims alone, at the hex where the points it expects to
    take are the most."""
    lost: dict = {}
    points = {}
    for side in still_to_fire(state, view, sides):
        for firer, reach in hs.hits(state, side).items():
            best, best_hex, best_targets, best_chances = 0.0, None, (), {}
            for h in reach:
                targets = [t for t in hs.targets_in(state, h, side) if t not in gone]
                if not targets:
                    continue
                p = hs.fire_preview(state, [firer], h, targets)
                if not p["legal"]:
                    continue
                value = points_taken(state, p["chances"], h, targets, points)
                if value > best:
                    best, best_hex, best_targets, best_chances = value, h, targets, p["chances"]
            if best_hex is None:
                continue
            for t in best_targets:
                share = sum(c * share_lost(state, code, t, best_hex) for code, c in best_chances.items())
                lost[t] = min(1.0, lost.get(t, 0.0) + share)
    _assaults(state, view, sides, gone, lost)
    return lost


def _assaults(state: dict, view: dict, sides, gone: set, lost: dict) -> None:
    """Add what the Close Assaults standing on the map promise: in every hex where enemies meet,
    each side's units there attack all the enemy there (HS-CA, the rules' ``assault_plan``)."""
    meet = {tuple(h): {} for h in view["assaults"]}
    for p in view["pieces"]:
        h = tuple(p["at"]) if p.get("at") is not None else None
        if h in meet and p["side"] in sides and p["id"] not in gone and not p["under"]:
            meet[h].setdefault(p["side"], []).append(p["id"])
    for h, here in meet.items():
        for side, mine in here.items():
            targets = [t for t in hs.targets_in(state, h, side) if t not in gone]
            if not targets:
                continue
            plan = hs.assault_plan(state, mine, targets)
            if not plan["legal"]:
                continue
            for t in targets:
                share = sum(c * share_lost(state, code, t, h) for code, c in plan["chances"].items())
                lost[t] = min(1.0, lost.get(t, 0.0) + share)
