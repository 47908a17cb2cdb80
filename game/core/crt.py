"""Combat results tables loaded from data: odds columns, rounding, clamped die modifiers, shifts.

A table is a JSON file beside a game's rules::

    {"method": "ratio",                 # or "difference" (attack minus defence)
     "round": "down",                   # ratio only: down (defender's favour), up, or
                                        #   larger_over_smaller (remainder dropped either way)
     "columns": ["1-2", "1-1", "2-1", "3-1"],   # ratio "a-b"; difference "-2", "0", "+3"
     "names": ["1:2", ...],             # optional labels for players, one per column
     "below": "column",                 # odds under the first column: use it, or a result code
     "above": "column",                 # odds over the last column: use it, or a result code
     "dice": [1, 6],                    # how many dice, of how many faces, summed
     "rows": [1, 6],                    # lowest and highest roll with a row; modified rolls clamp here
     "results": {"1-2": ["AE", ...], ...},       # one result per row, lowest roll first
     "codes": {"AE": "Attacker eliminated", ...}}

Column shifts move along the columns after the odds are found and stop at either end.
``chances`` gives the exact probability of every result, for a battle preview.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from .reading import MB, FileProblem, read_json

METHODS = ("ratio", "difference")
ROUNDINGS = ("down", "up", "larger_over_smaller")


class CRTError(ValueError):
    """A table file that cannot be used; the message is one plain line naming file and field."""


@dataclass(frozen=True)
class Column:
    """Where some odds fall: a column index, or a result the odds decide without a roll."""
    index: int | None
    name: str
    automatic: str | None = None      # e.g. an overrun below/above the table


@dataclass(frozen=True)
class CRT:
    """One combat results table, validated."""
    method: str
    columns: tuple
    names: tuple
    values: tuple              # Fraction (ratio) or int (difference), one per column, ascending
    round: str
    below: str
    above: str
    dice: tuple
    rows: tuple
    results: tuple             # per column, a tuple of results lowest row first
    codes: dict

    # -- odds ------------------------------------------------------------------
    def column(self, attack: int, defence: int, shift: int = 0) -> Column:
        """The column for these strengths, moved ``shift`` columns (to the right is positive)."""
        index = self._raw_index(attack, defence)
        if index == "below" and self.below != "column":
            return Column(None, f"below {self.names[0]}", self.below)
        if index == "above" and self.above != "column":
            return Column(None, f"above {self.names[-1]}", self.above)
        index = 0 if index == "below" else len(self.columns) - 1 if index == "above" else index
        return self.nth(index + shift)

    def nth(self, index: int) -> Column:
        """The column ``index`` places right of the first, kept within the table (a rule that lets
        a shift make up odds below the first column starts there, HS-AMBIG-26)."""
        index = max(0, min(len(self.columns) - 1, index))
        return Column(index, self.names[index])

    def _raw_index(self, attack: int, defence: int):
        if self.method == "difference":
            value = attack - defence
        elif defence <= 0:
            return "above"
        else:
            value = self._rounded(attack, defence)
        if value < self.values[0]:
            return "below"
        if value > self.values[-1]:
            return "above"
        # the last column not beyond the odds (the odds were already rounded onto a column value)
        return max(i for i, v in enumerate(self.values) if v <= value)

    def _rounded(self, attack: int, defence: int) -> Fraction:
        exact = Fraction(attack, defence)
        if self.round == "larger_over_smaller":
            if attack >= defence:
                return Fraction(attack // defence)
            return Fraction(1, defence // attack) if attack > 0 else Fraction(0)
        if self.round == "up":
            above = [v for v in self.values if v >= exact]
            return above[0] if above else exact
        return exact

    # -- results ----------------------------------------------------------------
    def result(self, column: Column, roll: int, modifier: int = 0) -> str:
        """The result for a rolled total plus its modifier, clamped to the table's rows."""
        if column.automatic is not None:
            return column.automatic
        row = max(self.rows[0], min(self.rows[1], roll + modifier))
        return self.results[column.index][row - self.rows[0]]

    def resolve(self, attack: int, defence: int, roll: int, modifier: int = 0, shift: int = 0) -> str:
        """The result of one battle: odds, shift, then the modified roll."""
        return self.result(self.column(attack, defence, shift), roll, modifier)

    def chances(self, attack: int, defence: int, modifier: int = 0, shift: int = 0) -> dict:
        """The exact probability of every result, as Fractions summing to 1."""
        column = self.column(attack, defence, shift)
        if column.automatic is not None:
            return {column.automatic: Fraction(1)}
        out: dict = {}
        for total, p in roll_distribution(*self.dice).items():
            res = self.result(column, total, modifier)
            out[res] = out.get(res, Fraction(0)) + p
        return out

    def meaning(self, code: str) -> str:
        """What a result code means, in words."""
        return self.codes.get(code, code)


@lru_cache(maxsize=None)
def roll_distribution(count: int, faces: int) -> dict:
    """The exact distribution of the sum of ``count`` dice of ``faces`` faces."""
    dist = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict = {}
        for total, p in dist.items():
            for face in range(1, faces + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / faces
        dist = nxt
    return dist


def load(path) -> CRT:
    """Read and check a table file; raises CRTError with one plain line."""
    path = Path(path)
    try:        # the careful reader: bounded size, regular files only, depth and numbers bounded
        data = read_json(path, "table file", MB)
    except FileProblem as exc:
        raise CRTError(f"{path.name}: cannot be read ({exc.reason})") from None
    return from_data(data, path.name)


def from_data(data, where: str = "table") -> CRT:
    """Check table data (see the module's docstring); raises CRTError naming the field."""
    def bad(field, why):
        raise CRTError(f"{where}: {field} {why}")
    if not isinstance(data, dict):
        bad("the table", "is not a JSON object")
    method = data.get("method", "ratio")
    if method not in METHODS:
        bad("method", f"must be one of {', '.join(METHODS)}, not {method!r}")
    rounding = data.get("round", "down")
    if rounding not in ROUNDINGS:
        bad("round", f"must be one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    columns = data.get("columns")
    if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
        bad("columns", "must be a non-empty list of column names")
    values = tuple(_column_value(method, c, lambda why, c=c: bad("columns", f"'{c}' {why}")) for c in columns)
    if list(values) != sorted(set(values)):
        bad("columns", "must run from the worst odds to the best, each once")
    names = data.get("names", columns)
    if not isinstance(names, list) or len(names) != len(columns):
        bad("names", "must give one name per column")
    dice = data.get("dice", [1, 6])
    if not (isinstance(dice, list) and len(dice) == 2 and all(isinstance(d, int) and d > 0 for d in dice)):
        bad("dice", "must be [how many, faces], both whole numbers above 0")
    rows = data.get("rows", [dice[0], dice[0] * dice[1]])
    if not (isinstance(rows, list) and len(rows) == 2 and all(isinstance(r, int) for r in rows)
            and rows[0] <= rows[1]):
        bad("rows", "must be [lowest, highest] rolls with a row")
    codes = data.get("codes", {})
    if not isinstance(codes, dict):
        bad("codes", "must map each result code to its meaning")
    results = data.get("results")
    if not isinstance(results, dict):
        bad("results", "must give a list of results for each column")
    rows_needed = rows[1] - rows[0] + 1
    table = []
    for c in columns:
        line = results.get(c)
        if not isinstance(line, list) or len(line) != rows_needed:
            bad(f"results '{c}'", f"must list {rows_needed} results, one per roll {rows[0]}..{rows[1]}")
        unknown = [r for r in line if codes and r not in codes]
        if unknown:
            bad(f"results '{c}'", f"uses {unknown[0]!r}, which codes does not explain")
        table.append(tuple(line))
    extra = sorted(set(results) - set(columns))
    if extra:
        bad("results", f"has a column '{extra[0]}' that columns does not list")
    for edge in ("below", "above"):
        value = data.get(edge, "column")
        if value != "column" and codes and value not in codes:
            bad(edge, f"must be 'column' or a result code, not {value!r}")
    return CRT(method, tuple(columns), tuple(names), values, rounding, data.get("below", "column"),
               data.get("above", "column"), tuple(dice), tuple(rows), tuple(table), dict(codes))


def _column_value(method: str, name: str, bad):
    if method == "difference":
        try:
            return int(name)
        except ValueError:
            bad("is not a whole-number difference such as -2, 0 or +3")
    parts = name.replace(":", "-").split("-")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        bad("is not odds such as 1-2 or 3-1")
    return Fraction(int(parts[0]), int(parts[1]))
