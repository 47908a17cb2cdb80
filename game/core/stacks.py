"""Stacks on areas and hexes: ordered occupancy, limits checked at named check points, losses chosen.

The occupancy is JSON data in the state: ``{place: [piece, ...]}``, bottom piece first, a
place with no pieces absent. Places are area names or hexes written as "q,r" strings (JSON
keys are strings). Many games let a stack grow past its limit while a phase runs and
check it only at set moments (the end of movement, after retreats): a ``StackRule`` names
those check points, and ``over`` finds every stack past its limit there. When a stack is
over, the rules often let the *opponent* choose what goes: ``LossChoice`` is that step.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .steps import Flow, Step


def key(place) -> str:
    """The JSON key of a place: an area name as it is, a hex (q, r) as 'q,r'."""
    if isinstance(place, (tuple, list)):
        return f"{place[0]},{place[1]}"
    return str(place)


def pieces_at(stacks: dict, place) -> list:
    """The pieces at a place, bottom first (a new list)."""
    return list(stacks.get(key(place), ()))


def where(stacks: dict, piece) -> str | None:
    """The place key a piece stands on, or None."""
    for place, pile in stacks.items():
        if piece in pile:
            return place
    return None


def put(stacks: dict, piece, place, top: bool = True) -> None:
    """Put a piece on a place's stack (on top, or underneath); a piece stands in one place only."""
    if where(stacks, piece) is not None:
        raise ValueError(f"{piece} is already on the map, at {where(stacks, piece)}")
    pile = stacks.setdefault(key(place), [])
    stacks[key(place)] = pile + [piece] if top else [piece] + pile


def take(stacks: dict, piece) -> str:
    """Lift a piece off the map; returns the place it stood on."""
    place = where(stacks, piece)
    if place is None:
        raise ValueError(f"{piece} is not on the map")
    rest = [p for p in stacks[place] if p != piece]
    if rest:
        stacks[place] = rest
    else:
        del stacks[place]
    return place


def move(stacks: dict, piece, to) -> str:
    """Move a piece to the top of another stack; returns where it came from."""
    came = take(stacks, piece)
    put(stacks, piece, to)
    return came


def to_top(stacks: dict, piece) -> None:
    """Bring a piece to the top of its own stack (the order players see and pick from)."""
    place = where(stacks, piece)
    stacks[place] = [p for p in stacks[place] if p != piece] + [piece]


@dataclass(frozen=True)
class StackRule:
    """A stacking limit: how much a stack may hold, what each piece counts, and when it is checked."""
    limit: Callable[[dict, str], int]                     # (state, place key) -> most it may hold
    weight: Callable[[dict, object], int] = lambda s, p: 1   # a piece's count (0: outside the limit)
    check_points: tuple = ()                              # named moments the rules check at
    group: Callable[[dict, object], object] | None = None   # stacks are per group (a side) if given
    clause: str | None = None

    def load(self, state: dict, pieces) -> int:
        """What some pieces count toward the limit."""
        return sum(self.weight(state, p) for p in pieces)

    def over(self, state: dict, stacks: dict) -> dict:
        """{(place, group): excess} for every stack past its limit now."""
        found = {}
        for place, pile in stacks.items():
            for grp, members in self._groups(state, pile).items():
                excess = self.load(state, members) - self.limit(state, place)
                if excess > 0:
                    found[(place, grp)] = excess
        return found

    def check(self, state: dict, stacks: dict, point: str) -> dict:
        """``over`` at a named check point; an error for a moment this rule does not name."""
        if point not in self.check_points:
            raise ValueError(f"'{point}' is not a stacking check point ({', '.join(self.check_points)})")
        return self.over(state, stacks)

    def _groups(self, state: dict, pile: list) -> dict:
        if self.group is None:
            return {None: pile}
        out: dict = {}
        for p in pile:
            out.setdefault(self.group(state, p), []).append(p)
        return out


@dataclass
class LossChoice:
    """The step in which one side (often the opponent) picks pieces off an over-full stack.

    ``chooser(state, owner)`` is the side that picks; ``remove(state, piece)`` carries a
    picked piece off (to the dead pile, the Ready box...). The step ends when the stack fits.
    """
    flow: Flow
    name: str
    rule: StackRule
    stacks: Callable[[dict], dict]                       # the occupancy in a state
    chooser: Callable[[dict, object], str]
    remove: Callable[[dict, object], None]
    owner_of: Callable[[dict, object], object] = field(default=lambda s, p: None)
    verb: str = "lose"

    def __post_init__(self):
        self.flow.add(Step(self.name, who=lambda s, f: f["chooser"], prompt=self._prompt,
                           actions=self._actions, handlers={self.verb: self._pick}))

    def start(self, state: dict, place: str, group=None) -> bool:
        """Ask for losses at ``place`` if its stack is over the limit; False when it fits."""
        if self._excess(state, place, group) <= 0:
            return False
        self.flow.call(state, self.name, place=place, group=group,
                       chooser=self.chooser(state, group))
        return True

    def _members(self, state: dict, place: str, group) -> list:
        pile = self.stacks(state).get(place, [])
        return [p for p in pile if self.rule.group is None or self.rule.group(state, p) == group]

    def _excess(self, state: dict, place: str, group) -> int:
        members = self._members(state, place, group)
        return self.rule.load(state, members) - self.rule.limit(state, place)

    def _prompt(self, state: dict, frame: dict) -> str:
        return (f"{frame['chooser']}: the stack at {frame['place']} is over its limit by "
                f"{self._excess(state, frame['place'], frame['group'])}; pick a piece to remove.")

    def _actions(self, state: dict, frame: dict) -> list:
        members = self._members(state, frame["place"], frame["group"])
        return [(self.verb, p) for p in members if self.rule.weight(state, p) > 0]

    def _pick(self, state: dict, frame: dict, piece) -> None:
        self.remove(state, piece)
        if self._excess(state, frame["place"], frame["group"]) <= 0:
            self.flow.end(state, frame["place"])
