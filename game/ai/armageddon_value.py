"""What a Battle for Armageddon position is worth: each side's chance of winning, for the search.

The Orks win by capturing three of the five hives (BFA-VIC-2); the Imperium wins only by
holding all five once Ghazghkull is out of play (BFA-VIC-4); otherwise turn 8 ends in a draw
(BFA-VIC-7), worth half a win to each side. So the position is read hive by hive: each hive
not yet captured falls before the end with a chance that grows with the attack of the one Ork
tribe that can reach it (only one tribe attacks together, BFA-CBT-9), shrinks with the defence
standing in it (hive, fortification and garrison, BFA-GAP-18), grows with the turns left and
with the Orks' lead in strength on the map, and is higher for a ruin nobody holds; the Orks'
chance is that at least as many fall as they still need (a sum over the hives' chances). Once
Ghazghkull is out of play the Imperium wins if it also retakes every hive it does not control,
each with a chance that grows with the Imperial attack that can march on it (so a march toward a
hive the Orks hold is worth something before it arrives). Read with ``supply`` (the Imperium's
search does), the units a supply check would destroy count as lost already; read with ``hunt``
(the Imperium's search again), Ghazghkull still on the map is put out of play with a chance that
grows with the Imperial attack that can strike his stack, so the Imperium closes on him.

The weights were fitted (logistic likelihood, five-fold cross-validated) on the positions of
80 seeded games of the basic player against itself, some with random slips, labelled by who
won. Over 4,008 such positions the Orks' chance has a log-loss of 0.49 where the base rate's
is 0.63 and the basic player's score (squashed, as the search used it) 1.60; in turns 1-2 it
names the winner in 78% of positions, the old score in 28%. The share of farther Orks (FAR),
the Imperium's chance of putting Ghazghkull out of play and that of retaking hives once he is
gone are set by hand: the basic Imperium does neither, so its games have nothing to fit them on.
"""
from __future__ import annotations

import heapq
import math

from game.rules import armageddon as bfa

from .armageddon import distances

# The fitted weights: log attack, log defence, share of the turns left, constant, ruin
# held by nobody, the Orks' lead in attack + defence on the map (per 100), and how much of
# the attack that could reach a hive this turn counts beside the attack already next to it.
ATTACK, DEFENCE, TURNS_LEFT, BASE, UNHELD, LEAD, REACH = 0.584, 1.016, 1.218, -1.312, 0.344, 0.656, 0.547
FAR = 0.3                 # not fitted: what farther Orks add, halved for each area beyond their reach
# Not fitted (the basic Imperium never retakes a hive): once Ghazghkull is out of play, each hive
# the Imperium does not control is retaken with a chance that grows with the Imperial attack that
# can strike it (all of it next to the hive, RETAKE_NEAR of it a move away from there, a quarter
# as much for each area farther, an area the Orks stand in counting as ORK_AREA areas) and the
# turns left, and shrinks with the Ork defence standing in it.
RETAKE_ATTACK, RETAKE_DEFENCE, RETAKE_TURNS, RETAKE_BASE, RETAKE_NEAR, RETAKE_FAR = 1.2, 1.0, 1.5, -2.5, 0.3, 0.25
# Not fitted either: Ghazghkull's chance of being put out of play (``kill_chance``), read only by
# the Imperium's search; even at 2-1 with the whole game ahead, one in five at 1-1.
KILL_ATTACK, KILL_DEFENCE, KILL_TURNS, KILL_BASE = 2.0, 2.0, 1.0, -1.0
ORK_AREA = 3              # an area the Orks hold counts as three to march through
COMING = 0.6             # what a unit bought and on its way (production track, Ready box) is worth beside one on the map
LIMIT = 3                 # counters a stack may hold, the exempt ones aside (BFA-STK-2)

_CS = bfa.counters()
_FIXED = ("hive", "factory", "fortification", "marker")
_EXEMPT = ("ghazghkull", "yarrick", "dante")            # BFA-STK-3: outside the limit, still units
# Unit counter -> (side, attack, defence, move, tribe, counts toward the stacking limit).
UNITS = {cid: (c["side"], c["attack"], c["defence"], c["move"], c.get("tribe") or "goff", c["type"] not in _EXEMPT)
         for cid, c in _CS.items() if c["type"] not in _FIXED}
_DEFENCE = {cid: c["defence"] for cid, c in _CS.items()}
_SIDE = {cid: c["side"] for cid, c in _CS.items()}
GHAZGHKULL = "ork_ghazghkull"
_TRACK = ("Ready",) + tuple(b for b in bfa.BOXES if b.startswith("Production"))


def chances(state: dict, supply: bool = False, hunt: bool = False) -> dict:
    """{side: chance of winning} for an unfinished position, a draw counted as half a win; with
    ``supply``, the units a supply check would destroy (``doomed``) count as lost already; with
    ``hunt``, Ghazghkull still on the map is put out of play with ``kill_chance``."""
    starving = doomed(state) if supply else frozenset()
    ork = ork_chance(state, starving)
    imperial_win = 0.0
    if ghazghkull_gone(state):
        gone = 1.0
    else:
        gone = kill_chance(state, starving) if hunt else 0.0
    if gone > 0.0:                                                     # BFA-VIC-4's second half
        imperial_win = (1.0 - ork) * gone * math.prod(retake_chances(state, starving).values())
    # a win is worth 1 and a draw 1/2: P(win) + (1 - P(win) - P(Orks win)) / 2
    imperial = 0.5 * (1.0 - ork) + 0.5 * imperial_win
    return {"imperial": imperial, "ork": 1.0 - imperial}


def ghazghkull_gone(state: dict) -> bool:
    """Whether Ghazghkull is out of play (eliminated or out), the first half of BFA-VIC-4."""
    return bfa.place(state, GHAZGHKULL) in (bfa.ELIMINATED, bfa.OUT)


def ork_chance(state: dict, starving: frozenset = frozenset()) -> float:
    """The Orks' chance of capturing three hives before the game ends, ``starving`` units left out."""
    status = bfa.hive_status(state)
    need = 3 - sum(1 for s in status.values() if s == "ork")
    if need <= 0:
        return 1.0
    stacks = _without(bfa.occupancy(state), starving)
    material, orks, lost = _forces(stacks)
    material["imperial"] += COMING * sum(UNITS[c][1] + UNITS[c][2] for c in coming(state))
    lead = LEAD * (material["ork"] - material["imperial"]) / 100.0
    left = _left(state, TURNS_LEFT)
    dist = distances(state)
    ruins = set(bfa.ruined(state))
    falls = []
    for hive, held in status.items():
        if held == "ork":
            continue
        defence = hive_defence(stacks.get(hive, ()), ruins, lost)
        attack = _tribe_attack(orks, dist[hive])
        logit = (ATTACK * math.log(attack + 1) - DEFENCE * math.log(defence + 1) + left + BASE + lead
                 + (UNHELD if held is None else 0.0))
        falls.append(_squash(logit))
    return at_least(falls, need)


def kill_chance(state: dict, starving: frozenset = frozenset()) -> float:
    """The chance that the Imperium puts Ghazghkull out of play before the game ends: it grows
    with the Imperial attack that can strike his area (as for a hive to retake) and the turns
    left, and shrinks with the defence of his stack, doubled since a blow must reach 2-1 to drive
    it out half the time and a stack driven out is then destroyed by a second (BFA-RET-6, -8).
    Starving, he is lost at the Orks' next supply check (BFA-SUP-9): a sure thing."""
    if GHAZGHKULL in starving:
        return 1.0
    stacks = _without(bfa.occupancy(state), starving)
    area = bfa.place(state, GHAZGHKULL)
    pile = stacks.get(area, ())
    if GHAZGHKULL not in pile:
        return 0.0
    orky = {a for a, p in stacks.items() if a != area and any(_SIDE.get(c) == "ork" for c in p)}
    reach = _imperial_reach(stacks, _march(bfa.board_of(state), area, orky))
    guard = sum(UNITS[c][2] for c in pile if c in UNITS and UNITS[c][0] == "ork")
    logit = (KILL_ATTACK * math.log(reach + 1) - KILL_DEFENCE * math.log(2 * guard + 1)
             + _left(state, KILL_TURNS) + KILL_BASE)
    return _squash(logit)


def retake_chances(state: dict, starving: frozenset = frozenset()) -> dict:
    """{hive the Imperium does not control: its chance of retaking it} (BFA-VIC-5): a ruin must
    hold an Imperial counter, so the Orks there must be driven out and the ruin entered."""
    stacks = _without(bfa.occupancy(state), starving)
    board = bfa.board_of(state)
    orky = {area for area, pile in stacks.items() if any(_SIDE.get(c) == "ork" for c in pile)}
    left = _left(state, RETAKE_TURNS)
    found = {}
    for hive, held in bfa.hive_status(state).items():
        if held == "imperial":
            continue
        garrison = sum(UNITS[c][2] for c in stacks.get(hive, ()) if c in UNITS and UNITS[c][0] == "ork")
        reach = _imperial_reach(stacks, _march(board, hive, orky))
        logit = (RETAKE_ATTACK * math.log(reach + 1) - RETAKE_DEFENCE * math.log(garrison + 1)
                 + left + RETAKE_BASE)
        found[hive] = _squash(logit)
    return found


def _left(state: dict, weight: float) -> float:
    """``weight`` times the share of the game's turns still to play, this one counted (BFA-SEQ-1)."""
    return weight * (bfa.LAST_TURN + 1 - bfa.turn(state)) / bfa.LAST_TURN


def _squash(logit: float) -> float:
    """A chance from its log-odds (kept within +-30, where the chance is 0 or 1 to the float)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))


def doomed(state: dict) -> frozenset:
    """The units of either side standing out of supply with no hive nor fortification of their own
    beside them: their side's next supply check destroys them (BFA-SUP-1, -9, BFA-AMBIG-19)."""
    stacks = bfa.occupancy(state)
    found = set()
    for side in ("imperial", "ork"):
        for area in bfa.cut_off(state, side):
            if not bfa.shelter(state, area, side):
                found.update(c for c in stacks.get(area, ()) if c in UNITS and UNITS[c][0] == side)
    return frozenset(found)


def _without(stacks: dict, gone: frozenset) -> dict:
    """The stacks with the ``gone`` units taken out."""
    if not gone:
        return stacks
    return {area: [c for c in pile if c not in gone] for area, pile in stacks.items()}


def _march(board, hive: str, orky: set) -> dict:
    """Land area -> the areas an Imperial counter there must cross to strike the hive, an area
    the Orks stand in counted as ORK_AREA (no counter enters it until they are thrown out, BFA-MOV-6)."""
    best = {hive: 0}
    frontier = [(0, hive)]
    while frontier:
        d, area = heapq.heappop(frontier)
        if d > best[area]:
            continue
        for nxt in board.land_adj[area]:
            step = d + (ORK_AREA if nxt in orky else 1)
            if step < best.get(nxt, 99):
                best[nxt] = step
                heapq.heappush(frontier, (step, nxt))
    return best


def _imperial_reach(stacks: dict, apart: dict) -> float:
    """The Imperial attack that can strike a hive: whole next to it, RETAKE_NEAR of it a move away
    from there, and a quarter as much again for each area farther."""
    total = 0.0
    for area, pile in stacks.items():
        d = apart.get(area)
        if d is None:                   # no way there over land
            continue
        for cid in pile:
            unit = UNITS.get(cid)
            if unit is not None and unit[0] == "imperial":
                total += unit[1] * (1.0 if d <= 1 else RETAKE_NEAR * RETAKE_FAR ** max(0, d - unit[3] - 1))
    return total


def coming(state: dict) -> list:
    """The Imperial units bought and on their way to the map (BFA-IBL-8..11)."""
    boxes = bfa.by_box(state)
    return [c for box in _TRACK for c in boxes[box] if c in UNITS]


def at_least(chances_each: list, need: int) -> float:
    """The chance that at least ``need`` of independent events with these chances happen."""
    dist = [1.0] + [0.0] * len(chances_each)
    for q in chances_each:
        for j in range(len(chances_each), 0, -1):
            dist[j] = dist[j] * (1 - q) + dist[j - 1] * q
        dist[0] *= 1 - q
    return sum(dist[need:])


def _forces(stacks: dict) -> tuple:
    """Each side's attack + defence on the map, the Ork units (area, attack, move, tribe), and
    the units a broken stack will lose (BFA-STK-6: the weakest over the limit, a second tribe)."""
    material = {"imperial": 0.0, "ork": 0.0}
    orks, lost = [], set()
    for area, pile in stacks.items():
        counting = {"imperial": [], "ork": []}
        tribes: dict = {}
        for cid in pile:
            unit = UNITS.get(cid)
            if unit is None:
                continue
            side, attack, defence, move, tribe, counts = unit
            material[side] += attack + defence
            if side == "ork":
                orks.append((area, attack, move, tribe))
                tribes.setdefault(tribe, []).append(cid)
            if counts:
                counting[side].append(cid)
        for side, ids in counting.items():
            if len(ids) > LIMIT:
                ids.sort(key=lambda c: UNITS[c][1] + UNITS[c][2])
                lost.update(ids[:len(ids) - LIMIT])
        if len(tribes) > 1:
            groups = sorted(tribes.values(), key=len)
            for group in groups[:-1]:
                lost.update(group)
    for cid in lost:
        material[UNITS[cid][0]] -= UNITS[cid][1] + UNITS[cid][2]
    return material, orks, lost


def hive_defence(pile, ruins: set, lost: set) -> int:
    """The defence standing in a hive: the intact hive, its fortification and the garrison."""
    return sum(_DEFENCE[c] for c in pile if _SIDE[c] == "imperial" and c not in ruins and c not in lost)


def _tribe_attack(orks: list, apart: dict) -> float:
    """The attack of the strongest Ork tribe next to a hive, with a share of what can reach it
    this turn and a little of what stands farther off (halved for each area more), so that
    an Ork far from every hive still gains by closing in."""
    near: dict = {}
    reach: dict = {}
    far: dict = {}
    for area, attack, move, tribe in orks:
        d = apart.get(area, 99)
        if d <= 1:
            near[tribe] = near.get(tribe, 0) + attack
        if d <= move + 1:
            reach[tribe] = reach.get(tribe, 0) + attack
        elif d < 99:
            far[tribe] = far.get(tribe, 0) + attack * 0.5 ** (d - move - 1)
    return max((near.get(t, 0) + REACH * (reach.get(t, 0) - near.get(t, 0)) + FAR * far.get(t, 0)
                for t in set(reach) | set(far)), default=0.0)
