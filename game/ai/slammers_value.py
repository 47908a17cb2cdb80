"""The fire still to come, as the Slammers search's evaluation reads it: what each unit stands to
lose; and Hard's own fire (``AimingBot``).

A move's worth at Hammer's Slammers shows only when the Direct Fire that follows it is rolled
(both sides fire every round, HS-SEQ-5/6), and a playout of a few clicks seldom gets there. So
a leaf is also scored by the exchange its positions promise: every side whose Direct Fire is
still to come this player-turn fires the whole step's best plan (game/ai/slammers_fire.py: its
units that may fire, alone or together, where the points they expect to take are the most, with
the exact chances the rules' ``fire_preview`` gives), and each unit aimed at is charged the worth
it expects to lose, eliminated 1 and disrupted 0.35 (the basic player's worths), at most all of
it; a disruption counts as the rules would carry it out on that unit (``disruption_of``: nothing
to dug-in infantry, elimination to a unit already disrupted or on skimmers). Hard fires by the
same plan, and answers a strike with Counter Artillery Fire only where the shells would take more
than its hover tank's own shot. Nothing here is a rule of its own: reach, sight and odds are the
rules' public face.
"""
from __future__ import annotations

from game.rules import slammers as hs

from .slammers import SlammersBot
from .slammers_fire import FirePlan, points_taken, share_lost


class AimingBot(SlammersBot):
    """The basic player, but its Direct Fire weighs each result by what it does to each target
    (``share_lost``): Hard's fire, where the basic player counts a disruption the same on a tank
    and on dug-in infantry that shrugs it off."""

    def _expected(self, state, chances, h, aim) -> float:
        """The points an attack on ``aim`` in h expects to take, unit by unit."""
        return points_taken(state, chances, h, aim)

    def _fire_plan(self, state, side):
        """The attack to fire first of the whole step's plan (game/ai/slammers_fire.py), the basic
        player's weights kept: fire at a place to hold counts half again, at a late raider double."""
        def weight(h):
            if h in self._goals(state, side):
                return 1.5
            return 2.0 if self._raider(state, h, hs.targets_in(state, h, side)) else 1.0
        return FirePlan(state, side, weight).first_attack()

    def _respond(self, state, side, frame, legal):
        """Counter Artillery Fire only where the shells it destroys would take more of ours than
        the hover tank's own shot takes of theirs: CAF is its one attack of the player-turn
        (HS-CAF-9, HS-RNG-12), and the basic player, which always fires it, spends its best
        gun every round on a small gun's 1 to 2 strike."""
        caf = [a for a in legal if a[0] == "caf"]
        if caf:
            gain = {a: self._saved(state, side, a[2]) - fire_worth(state, side, a[1]) for a in caf}
            shot = max(caf, key=lambda a: gain[a])
            if gain[shot] > 0:
                return shot
        jam = [a for a in legal if a[0] == "jam"]
        return jam[0] if jam else ("done",)

    def _saved(self, state, side, piece) -> float:
        """The points of ``side`` the announced strike expects to take with ``piece`` in it, less
        what it takes without: what destroying that piece's shells saves."""
        strike = announced(self._v)
        if strike is None:
            return 0.0
        group, h = strike
        rest = [u for u in group if u != piece]
        return strike_harm(state, side, group, h) - (strike_harm(state, side, rest, h) if rest else 0.0)


def announced(view: dict):
    """(artillery still firing, hex) of the strike last announced, its cancelled shells left out
    (the view's events: the strike, then each CAF answering it); None when there is none."""
    for i in range(len(view["events"]) - 1, -1, -1):
        e = view["events"][i]
        if e.get("kind") == "strike":
            gone = {c["artillery"] for c in view["events"][i + 1:] if c.get("kind") == "caf"}
            return [u for u in e["artillery"] if u not in gone], tuple(e["hex"])
    return None


def strike_harm(state: dict, side: str, group: list, h) -> float:
    """The points of ``side`` a strike by ``group`` on h expects to take, Class by Class (each on
    its own column, HS-IND-13/14; the rules' ``strike_plan``)."""
    plan = hs.strike_plan(state, group, h)
    harm = 0.0
    for c in plan["classes"].values():
        mine = [u for u in c["units"] if hs.counter(state, u)["side"] == side]
        if c["legal"] and mine:
            harm += points_taken(state, c["chances"], h, mine)
    return harm


def fire_worth(state: dict, side: str, uid: str) -> float:
    """The most points one unit's Direct Fire alone expects to take this player-turn (0 when it
    has nothing in reach and sight)."""
    return FirePlan(state, side, gone=()).alone(uid)


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
    use aiming at them again); each side still to fire fires its whole step's plan
    (slammers_fire), the units that may fire together where that takes the most."""
    lost: dict = {}
    for side in still_to_fire(state, view, sides):
        for t, share in FirePlan(state, side, gone=gone).losses().items():
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
