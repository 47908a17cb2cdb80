"""Scenarios as data files: forces, set-up, length and victory conditions, checked on load.

A scenario is a JSON file a player can copy and change::

    {"game": "slammers", "name": "learning", "title": "Ambush at the ford",
     "briefing": "...",
     "seating": {"sides": ["green", "blue"], "teams": []},
     "board": {"map": "ford.tmx"}                       # one map, or geomorphic panels:
              | {"panels": [{"file": "panel1.tmx", "col": 0, "row": 0}, ...], "half_hexes": false},
     "forces": {"green": [{"unit": "tank", "count": 3, "at": "north edge"}], ...},
     "length": {"turns": 8},
     "first": "green",
     "victory": [{"kind": "hold", "side": "blue", "places": ["Ford"]}, ...]}

``parse`` checks the shape and, through the game's ``units`` and ``place_ok``, that every
unit type and set-up place exists. A broken file is refused with one plain line naming
the file and the field, never a traceback; the game in progress is untouched.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .reading import MB, FileProblem, read_json
from .sides import Seating, SeatingError

MAX_SCENARIO_BYTES = 4 * MB

# Victory conditions every game may use, with the fields each needs.
VICTORY_KINDS = {"hold": ("side", "places"), "eliminate": ("side", "enemy_fraction"),
                 "points": ("side", "at_least"), "survive": ("side",), "most_points": ()}


class ScenarioProblem(ValueError):
    """A scenario file that cannot be played; the message is one plain line."""


@dataclass(frozen=True)
class Scenario:
    """One checked scenario."""
    game: str
    name: str
    title: str
    briefing: str
    seating: Seating
    board: dict
    forces: dict
    turns: int
    first: str
    victory: tuple
    path: Path | None = None

    def board_files(self) -> list:
        """The .tmx files the board is made of, resolved beside the scenario file."""
        base = self.path.parent if self.path else Path(".")
        if "map" in self.board:
            return [base / self.board["map"]]
        return [base / p["file"] for p in self.board["panels"]]

    def build_board(self):
        """The board to play on: the one map, or the panels joined as the scenario places them."""
        from game.boards import load_map
        from game.boards.geomorphic import join_boards
        files = self.board_files()
        if "map" in self.board:
            return load_map(str(files[0]))
        placements = [(str(f), p["col"], p["row"]) for f, p in zip(files, self.board["panels"])]
        return join_boards(placements, play_half_hexes=bool(self.board.get("half_hexes", False)))


def load(path, game: str, units=None, place_ok: Callable[[str], bool] | None = None) -> Scenario:
    """Read and check a scenario file for ``game``; raises ScenarioProblem with one plain line."""
    path = Path(path)
    try:        # the careful reader: bounded size, regular files only, depth and numbers bounded
        data = read_json(path, "scenario file", MAX_SCENARIO_BYTES)
    except FileProblem as exc:
        raise ScenarioProblem(f"{path.name}: {exc.reason}.") from None
    return parse(data, game, path.name, units, place_ok, path)


def parse(data, game: str, where: str = "scenario", units=None,
          place_ok: Callable[[str], bool] | None = None, path: Path | None = None) -> Scenario:
    """Check scenario data (see the module's docstring)."""
    def bad(field, why):
        raise ScenarioProblem(f"{where}: {field} {why}.")
    if not isinstance(data, dict):
        bad("the file", "is not a JSON object")
    if data.get("game") != game:
        bad("game", f"is {data.get('game')!r}, but this is a scenario list for {game!r}")
    for name in ("name", "title"):
        if not isinstance(data.get(name), str) or not data[name].strip():
            bad(name, "must be some text")
    try:
        seating = Seating.from_data(data.get("seating"))
    except SeatingError as exc:
        bad("seating", f"is wrong: {exc}")
    board = _board(data.get("board"), bad)
    forces = _forces(data.get("forces"), seating, units, place_ok, bad)
    length = data.get("length")
    if not (isinstance(length, dict) and isinstance(length.get("turns"), int) and length["turns"] > 0):
        bad("length", "must give a number of turns above 0, as {\"turns\": 8}")
    first = data.get("first", seating.sides[0])
    if first not in seating.sides:
        bad("first", f"names '{first}', who is not seated")
    victory = _victory(data.get("victory"), seating, place_ok, bad)
    return Scenario(game, data["name"], data["title"], str(data.get("briefing", "")), seating,
                    board, forces, length["turns"], first, victory, path)


def _board(board, bad) -> dict:
    if not isinstance(board, dict) or ("map" in board) == ("panels" in board):
        bad("board", "must name one map or a list of panels")
    if "map" in board:
        if not isinstance(board["map"], str) or not board["map"].endswith(".tmx"):
            bad("board map", "must be a .tmx file name")
        return dict(board)
    panels = board["panels"]
    if not isinstance(panels, list) or not panels:
        bad("board panels", "must list at least one panel")
    for i, p in enumerate(panels, 1):
        ok = (isinstance(p, dict) and isinstance(p.get("file"), str) and p["file"].endswith(".tmx")
              and all(isinstance(p.get(k), int) and p[k] >= 0 for k in ("col", "row")))
        if not ok:
            bad(f"board panel {i}", "must give a .tmx file and whole-number col and row from 0")
    return dict(board)


def _forces(forces, seating, units, place_ok, bad) -> dict:
    if not isinstance(forces, dict) or sorted(forces) != sorted(seating.sides):
        bad("forces", f"must list the forces of each seated side ({', '.join(seating.sides)})")
    for side, lines in forces.items():
        if not isinstance(lines, list) or not lines:
            bad(f"forces of {side}", "must list at least one unit")
        for i, line in enumerate(lines, 1):
            what = f"forces of {side}, line {i},"
            if not isinstance(line, dict) or not isinstance(line.get("unit"), str):
                bad(what, "must name a unit")
            if units is not None and line["unit"] not in units:
                bad(what, f"names '{line['unit']}', which is not a unit of this game")
            count = line.get("count", 1)
            if not isinstance(count, int) or count < 1:
                bad(what, "must have a count of 1 or more")
            at = line.get("at")
            if at is not None and place_ok is not None and not place_ok(at):
                bad(what, f"sets up at '{at}', which is not on the board")
    return {s: [dict(line) for line in lines] for s, lines in forces.items()}


def _victory(conditions, seating, place_ok, bad) -> tuple:
    if not isinstance(conditions, list) or not conditions:
        bad("victory", "must list at least one condition")
    for i, cond in enumerate(conditions, 1):
        what = f"victory condition {i}"
        if not isinstance(cond, dict) or cond.get("kind") not in VICTORY_KINDS:
            bad(what, f"must be one of the kinds {', '.join(VICTORY_KINDS)}")
        missing = [f for f in VICTORY_KINDS[cond["kind"]] if f not in cond]
        if missing:
            bad(what, f"({cond['kind']}) lacks {missing[0]}")
        if "side" in cond and cond["side"] not in seating.sides:
            bad(what, f"names '{cond['side']}', who is not seated")
        for place in cond.get("places", []):
            if place_ok is not None and not place_ok(place):
                bad(what, f"names '{place}', which is not on the board")
    return tuple(dict(c) for c in conditions)
