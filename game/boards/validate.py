"""check_map and the `--check-maps` command: every problem with a map, one plain line each."""
from __future__ import annotations

import sys
from pathlib import Path

from game.boards import geometry
from game.boards.areas import AreaMap
from game.boards.errors import MapError, Problems
from game.boards.hexes import HexGrid
from game.boards.tmx import read_map


def check_map(path, game: str | None = None) -> list:
    """Every problem with one map file as "file: layer 'x', object 12 'Name': what" lines."""
    problems = Problems(path)
    board = None
    try:
        board = read_map(path, problems)
    except MapError:
        pass
    except Exception as exc:   # noqa: BLE001 — a check never shows a traceback
        problems.add(f"cannot be read ({type(exc).__name__}: {exc})")
    if board is not None:
        if game and board.game and board.game != game:
            problems.add(f"the map is for {board.game}, not {game}")
        if isinstance(board, AreaMap):
            _check_areas(board, problems)
        elif isinstance(board, HexGrid):
            _check_hexes(board, problems)
    return list(dict.fromkeys(p.line() for p in problems.found))


def _check_areas(board: AreaMap, problems: Problems) -> None:
    """Overlapping areas and areas no move can reach."""
    names = sorted(board.areas)
    for i, a in enumerate(names):
        pa = board.areas[a].polygon
        ax0, ay0, ax1, ay1 = geometry.bbox(pa)
        for b in names[i + 1:]:
            pb = board.areas[b].polygon
            bx0, by0, bx1, by1 = geometry.bbox(pb)
            if ax0 >= bx1 or bx0 >= ax1 or ay0 >= by1 or by0 >= ay1:
                continue
            if geometry.polygons_overlap(pa, pb):
                problems.add(f"overlaps area '{b}' (object {board.areas[b].obj_id})", "areas",
                             board.areas[a].obj_id, a)
    for name in _unreachable(board, board.neighbours, names):
        problems.add("unreachable area: no shared border or link joins it to the rest of the map",
                     "areas", board.areas[name].obj_id, name)


def _unreachable(board, neighbours, names) -> list:
    """Names outside the largest connected group."""
    left, groups = set(names), []
    while left:
        seed = min(left)
        seen, todo = {seed}, [seed]
        while todo:
            for n in neighbours(todo.pop()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        groups.append(seen)
        left -= seen
    if len(groups) <= 1:
        return []
    biggest = max(groups, key=len)
    return sorted(n for g in groups if g is not biggest for n in g)


def _check_hexes(board: HexGrid, problems: Problems) -> None:
    """Places and set-up zones that name no playable hex."""
    for zone in board.zones:
        if zone.kind == "setup_zone" and not zone.props.get("side"):
            problems.add(f"set-up zone '{zone.name}' has no 'side' property", "zones")


def shipped_maps() -> list:
    """Every .tmx under maps/."""
    from game.core.paths import maps_dir
    return sorted(maps_dir().rglob("*.tmx"))


def main(argv=None) -> int:
    """Check the named maps (or all of maps/); print one line per problem; 0 when all valid."""
    args = list(sys.argv[1:] if argv is None else argv)
    paths = [Path(a) for a in args] or shipped_maps()
    if not paths:       # the shipped maps are missing: a broken install, never "all is well"
        from game.core.paths import maps_dir
        print(f"No maps to check: {maps_dir()} holds no .tmx files (reinstall the program).",
              file=sys.stderr)
        return 1
    bad = 0
    for path in paths:
        lines = check_map(path)
        bad += bool(lines)
        for line in lines:
            print(line)
    counted = f"{len(paths)} map{'s' if len(paths) != 1 else ''} checked"
    print(f"{counted}, {bad} with problems" if bad else f"{counted}, all valid")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
