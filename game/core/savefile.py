"""The shape of a save file, checked field by field before anything of it is used.

``check_save`` refuses, with one plain sentence naming the file and the field, anything a save
written by this program could not hold: an unknown game or scenario, a seat that is neither
human nor a computer player of that game, a scripted die that does not fit the die, an option
the game does not know, a map that is neither shipped nor in the player's maps folder.
A small hand-written check: a schema library would add dependencies for about sixty lines.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Callable

from . import paths
from .reading import KB, MB, FileProblem, read_json

SAVE_FORMAT = 1
MAX_SAVE_BYTES = 8 * MB          # the longest real games save in under 100 KB
MAX_ACTIONS = 200_000
MAX_SCRIPTED = 10_000
COMMON_OPTIONS = ("map", "dice")  # every game's set-up reads these through game/core
WHAT = "save file"
REGISTERED_BOARD = re.compile(r"[a-z_]{2,}:[A-Za-z0-9_-]+")    # two letters at least: never a drive


class SaveError(Exception):
    """A save file that cannot be used; the message is one plain sentence."""


def read_save(path) -> dict:
    """The JSON object in a save file, read with the careful reader; SaveError otherwise."""
    try:
        data = read_json(path, WHAT, MAX_SAVE_BYTES)
    except FileProblem as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(data, dict):
        raise SaveError(f"The save file {Path(path).name} is not a saved game.")
    return data


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_save(data: dict, name: str, games: dict, seat_ok: Callable[[str, str], bool]):
    """The GameSpec a save is for, once every field has been checked; SaveError otherwise."""
    def refuse(text: str):
        raise SaveError(f"The save file {name} {text}.")

    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        refuse(f"has format {_short(fmt)}; this version reads format {SAVE_FORMAT}")
    game = data.get("game")
    if not isinstance(game, str):
        refuse("does not name its game")
    spec = games.get(game)
    if spec is None:
        refuse(f"is for an unknown game {_short(game)}")
    scenario = data.get("scenario")
    if scenario is not None and scenario not in spec.scenario_names():
        refuse(f"names a scenario {_short(scenario)} that {spec.title} does not have "
               f"(it has {', '.join(spec.scenario_names())})")
    seed = data.get("seed")
    if not _is_int(seed) or not 0 <= seed < 2 ** 64:
        refuse("has no usable seed (a whole number is needed)")
    _check_options(data.get("options"), spec, refuse)
    _check_seats(data.get("seats"), spec, seat_ok, refuse)
    actions = data.get("actions")
    if not isinstance(actions, list):
        refuse("has no list of moves")
    if len(actions) > MAX_ACTIONS:
        refuse(f"holds {len(actions)} moves, more than any game can have")
    if any(not isinstance(a, list) or not a or not isinstance(a[0], str) for a in actions):
        bad = next(i for i, a in enumerate(actions, 1)
                   if not isinstance(a, list) or not a or not isinstance(a[0], str))
        refuse(f"has a move {bad} that is not a move")
    if "snapshot" in data and not isinstance(data["snapshot"], dict):
        refuse("has a damaged snapshot")
    return spec


def _check_options(options, spec, refuse) -> None:
    if options is None:
        return
    if not isinstance(options, dict):
        refuse("has damaged options")
    known = COMMON_OPTIONS + tuple(getattr(spec, "known_options", ()))
    for key in options:
        if key not in known:
            refuse(f"has an option {_short(key)} that {spec.title} does not know")
    dice = options.get("dice", [])
    sides = getattr(spec, "die_sides", 6)
    if not isinstance(dice, list) or len(dice) > MAX_SCRIPTED:
        refuse("has damaged scripted dice")
    for value in dice:
        if not _is_int(value) or not 1 <= value <= sides:
            refuse(f"scripts a die of {_short(value, 200)}, which a d{sides} cannot roll")
    if options.get("map") is not None:
        problem = map_problem(options["map"])
        if problem:
            refuse(problem)


def _check_seats(seats, spec, seat_ok, refuse) -> None:
    if seats is None:
        return                       # saves from before seats were kept: everyone human
    if not isinstance(seats, dict):
        refuse("has damaged seats (who plays each side)")
    for side in seats:
        if side not in spec.sides:
            refuse(f"seats a side {_short(side)} that {spec.title} does not have")
    for side in spec.sides:
        kind = seats.get(side, "human")
        if not isinstance(kind, str) or (kind != "human" and not seat_ok(kind, spec.name)):
            refuse(f"seats {_short(kind)} for the {spec.display_name(side)}, which is neither a person "
                   f"nor a computer player of {spec.title}")


def map_problem(value) -> str | None:
    """Why a save's map path may not be opened, or None for a shipped map or one of the player's."""
    if not isinstance(value, str) or not value or len(value) > 4 * KB or "\0" in value:
        return "names a map that is not a file name"
    if REGISTERED_BOARD.fullmatch(value):
        return None              # a board a game registered in memory by name ("test:mini"): no file
    path = Path(value)
    path = path if path.is_absolute() else paths.PROJECT_ROOT / path
    real = os.path.realpath(path)
    # Shipped: any .tmx that came with the program (maps/, and the test boards beside the code).
    folders = [os.path.realpath(paths.PROJECT_ROOT), os.path.realpath(paths.user_maps_dir())]
    inside = any(_within(real, f) for f in folders)
    if not inside or not real.endswith(".tmx"):
        return (f"names the map {_short(value, 200)}, which is neither a shipped map nor one in your maps folder "
                f"({paths.user_maps_dir()}); it is not opened")
    try:
        mode = os.stat(real).st_mode
    except OSError:
        return f"names the map {_short(value, 200)}, which is not there any more"
    if not stat.S_ISREG(mode):
        return f"names the map {_short(value, 200)}, which is not a regular file; it is not opened"
    return None


def _within(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:          # another drive (Windows)
        return False


def _short(value, limit: int = 60) -> str:
    """repr() of a value from a file, cut short so a message stays one line."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
