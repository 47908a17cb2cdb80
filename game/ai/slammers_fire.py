"""Hard's Direct Fire at Hammer's Slammers: every firer's shot planned together.

The basic player builds one attack at a time, the best it sees, and the next from the units
left. Hard weighs the whole step: each unit that may fire (the rules' ``hits``) is given one
attack, an attack being the units that fire together at one hex and the units there they aim
at, so that the points the step expects to take are the most (``share_lost``: a unit's loss
counted once, at most all of it, however many attacks fall on it). The plan starts from every
firer firing alone at its best and improves by moving one firer at a time to another attack
(or to holding its fire) while that gains; the attack of the plan worth the most is fired
first, and the rest is planned again from what is left (results wait for the round's end,
HS-RNG-13, so a unit already rolled off is no target). All reach, sight and odds are the
rules' public face.
"""
from __future__ import annotations

from game.rules import slammers as hs

from .slammers import WORTH

ROUNDS = 4            # passes of single moves; a plan settles in one or two


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


class FirePlan:
    """The Direct Fire of one side now: the attacks that can be made and the plan's worth."""

    def __init__(self, state: dict, side: str, weight=None, gone=None):
        self.state, self.side = state, side
        self.hits = hs.hits(state, side)
        gone = set(hs.pending(state)["eliminated"] if gone is None else gone)     # rolled off: no target
        self.aims: dict = {}                       # hex -> the aims it offers (all there, each alone)
        for h in {h for reach in self.hits.values() for h in reach}:
            targets = [t for t in hs.targets_in(state, h, side) if t not in gone]
            if targets:
                self.aims[h] = [tuple(sorted(targets))] + ([(t,) for t in sorted(targets)] if len(targets) > 1 else [])
        self.weight = weight or (lambda h: 1.0)
        self.points = {t: hs.unit_type(state, t).points for aims in self.aims.values() for t in aims[0]}
        self._memo: dict = {}

    def options(self, uid) -> list:
        """The (hex, aim) attacks a unit may take part in."""
        return [(h, aim) for h in self.hits.get(uid, ()) if h in self.aims for aim in self.aims[h]]

    def shares(self, group: tuple, h, aim: tuple) -> dict | None:
        """{target: share of its worth expected lost} for one attack; None when it may not be made."""
        key = (group, h, aim)
        if key not in self._memo:
            p = hs.fire_preview(self.state, list(group), h, list(aim))
            self._memo[key] = None if not p["legal"] else {
                t: sum(c * share_lost(self.state, code, t, h) for code, c in p["chances"].items()) for t in aim}
        return self._memo[key]

    def worth(self, assignment: dict) -> float:
        """The points a plan (firer -> (hex, aim) or None) expects to take; -1 when one of its
        attacks may not be made (too weak, below the table)."""
        lost: dict = {}
        bonus: dict = {}
        for (h, aim), group in attacks_of(assignment).items():
            got = self.shares(group, h, aim)
            if got is None:
                return -1.0
            for t, share in got.items():
                lost[t] = lost.get(t, 0.0) + share
                bonus[t] = max(bonus.get(t, 0.0), self.weight(h))
        return sum(self.points[t] * min(1.0, s) * bonus[t] for t, s in lost.items())

    def value(self, group: tuple, h, aim: tuple) -> float:
        """The weighted points one attack expects to take; -1 when it may not be made."""
        got = self.shares(group, h, aim)
        return -1.0 if got is None else sum(self.points[t] * min(1.0, s) for t, s in got.items()) * self.weight(h)

    def best(self) -> dict:
        """A plan no single firer's change improves, from every firer alone at its best."""
        plan = {}
        for uid in sorted(self.hits):
            alone = [(self.value((uid,), *o), o) for o in self.options(uid)]
            alone = [(v, o) for v, o in alone if v > 0]
            plan[uid] = max(alone)[1] if alone else None
        value = self.worth(plan)
        for _ in range(ROUNDS):
            better = False
            for uid in sorted(self.hits):
                for opt in [None] + self.options(uid):
                    if opt == plan[uid]:
                        continue
                    trial = dict(plan, **{uid: opt})
                    v = self.worth(trial)
                    if v > value + 1e-9:
                        plan, value, better = trial, v, True
            if not better:
                break
        return plan

    def first_attack(self, least: float = 0.15):
        """(group, hex, aim) of the plan's attack worth the most, or None when no attack is worth
        ``least`` points (the basic player's threshold for firing at all)."""
        scored = [(self.value(group, h, aim), list(group), h, list(aim))
                  for (h, aim), group in attacks_of(self.best()).items()]
        if not scored:
            return None
        v, group, h, aim = max(scored, key=lambda x: (x[0], x[2], x[3]))
        return (group, h, sorted(aim)) if v > least else None

    def losses(self) -> dict:
        """{target: the share of its worth the best plan expects to take, at most all of it}."""
        lost: dict = {}
        for (h, aim), group in attacks_of(self.best()).items():
            for t, share in (self.shares(group, h, aim) or {}).items():
                lost[t] = min(1.0, lost.get(t, 0.0) + share)
        return lost

    def alone(self, uid) -> float:
        """The most points one unit firing alone at all the targets of a hex expects to take (0 when
        it has nothing in reach and sight)."""
        return max([self.value((uid,), h, self.aims[h][0]) for h in self.hits.get(uid, ()) if h in self.aims]
                   + [0.0])


def attacks_of(plan: dict) -> dict:
    """{(hex, aim): the firers' ids, sorted} of a plan (firer -> (hex, aim) or None)."""
    attacks: dict = {}
    for uid, opt in sorted(plan.items()):
        if opt is not None:
            attacks.setdefault(opt, []).append(uid)
    return {opt: tuple(group) for opt, group in attacks.items()}
