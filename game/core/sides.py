"""Sides and seats for one to four players, with alliances.

A game names its sides in turn order and, when some of them fight together, its teams
(alliances). Rules ask a ``Seating`` instead of assuming a fixed pair: who is next, who are
my allies, who are my enemies, and, where a game has exactly one enemy for each side, that
enemy (``other``). Scenarios may seat fewer players than a game's largest table.
"""
from __future__ import annotations

from dataclasses import dataclass

MAX_SIDES = 4


class SeatingError(ValueError):
    """Sides or teams that cannot make a table; the message is one plain sentence."""


@dataclass(frozen=True)
class Seating:
    """The sides of one game in turn order, and the teams they form."""
    sides: tuple
    teams: tuple = ()          # tuples of sides; empty: every side alone

    def __post_init__(self):
        sides = tuple(self.sides)
        object.__setattr__(self, "sides", sides)
        if not 1 <= len(sides) <= MAX_SIDES:
            raise SeatingError(f"a table seats 1 to {MAX_SIDES} sides, not {len(sides)}")
        if len(set(sides)) != len(sides):
            raise SeatingError(f"a side is named twice in {list(sides)}")
        teams = tuple(tuple(t) for t in self.teams) or tuple((s,) for s in sides)
        listed = [s for t in teams for s in t]
        if sorted(listed) != sorted(sides):
            raise SeatingError(f"the teams {[list(t) for t in teams]} must hold each side of "
                               f"{list(sides)} exactly once")
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "_team", {s: t for t in teams for s in t})
        # enemies are asked in the rules' inner loops: worked out once
        object.__setattr__(self, "_foes", {s: tuple(x for x in sides if x not in self._team[s]) for s in sides})

    @classmethod
    def from_data(cls, data: dict) -> "Seating":
        """A seating from JSON data: {"sides": [...], "teams": [[...], ...]} (teams optional)."""
        if not isinstance(data, dict) or not isinstance(data.get("sides"), list):
            raise SeatingError("a seating needs a list of sides")
        return cls(tuple(data["sides"]), tuple(tuple(t) for t in data.get("teams", [])))

    def to_data(self) -> dict:
        """The seating as JSON data."""
        return {"sides": list(self.sides), "teams": [list(t) for t in self.teams]}

    def _check(self, side: str) -> None:
        if side not in self._team:
            raise SeatingError(f"'{side}' is not a side at this table ({', '.join(self.sides)})")

    def team(self, side: str) -> tuple:
        """The side's team, itself included."""
        self._check(side)
        return self._team[side]

    def allies(self, side: str) -> tuple:
        """The other sides of the side's team, in turn order."""
        team = self.team(side)
        return tuple(s for s in self.sides if s in team and s != side)

    def enemies(self, side: str) -> tuple:
        """Every side not in the side's team, in turn order."""
        self._check(side)
        return self._foes[side]

    def allied(self, a: str, b: str) -> bool:
        """True when a and b fight on the same team (a side is allied with itself)."""
        return b in self.team(a)

    def other(self, side: str) -> str:
        """The one enemy of ``side``; an error where a side has more than one (a two-sided game's call)."""
        foes = self._foes.get(side)
        if foes is None or len(foes) != 1:
            self._check(side)
            raise SeatingError(f"'{side}' has {len(foes)} enemies, so 'the other side' means nothing")
        return foes[0]

    def next(self, side: str) -> str:
        """The side that follows ``side`` in turn order (the first after the last)."""
        self._check(side)
        return self.sides[(self.sides.index(side) + 1) % len(self.sides)]

    def order_from(self, side: str) -> tuple:
        """Every side in turn order, starting with ``side``."""
        self._check(side)
        i = self.sides.index(side)
        return self.sides[i:] + self.sides[:i]

    def for_players(self, count: int, teams: tuple = ()) -> "Seating":
        """The table for ``count`` players: the first ``count`` sides, seated in the given teams."""
        if not 1 <= count <= len(self.sides):
            raise SeatingError(f"this game seats 1 to {len(self.sides)} players, not {count}")
        return Seating(self.sides[:count], teams)
