"""maps_for_game: the valid maps for a game, from maps/ and the player's own maps folder."""
from __future__ import annotations

from pathlib import Path

from game.boards.errors import MapError

_seen: dict = {}      # (path, mtime_ns, size) -> (game, title) or None when invalid


def _summary(path: Path):
    """(game, title) of a valid map file, or None; each file version is read once."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _seen:
        from game.boards.tmx import load_map
        try:
            board = load_map(path)
            _seen[key] = (board.game, board.title)
        except MapError:
            _seen[key] = None
    return _seen[key]


def maps_for_game(game: str, folders=None) -> list:
    """[(path, title)] of valid maps whose `game` property is game, shipped ones first."""
    from game.core.paths import maps_dir, user_maps_dir
    out = []
    for folder in folders if folders is not None else (maps_dir(), user_maps_dir()):
        folder = Path(folder)
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.tmx")):
            info = _summary(path)
            if info and info[0] == game:
                out.append((path, info[1]))
    return out


def broken_maps_for_game(game: str, folders=None) -> list:
    """[(path, problems)] of the player's maps for ``game`` that cannot be played, and why.

    A map whose `game` property cannot even be read is listed for every game, so a player who
    broke a map in Tiled is told what is wrong instead of seeing it vanish from the list.
    """
    import re
    from game.boards.tmxfile import MAX_XML_BYTES
    from game.boards.validate import check_map
    from game.core.reading import FileProblem, read_bytes
    from game.core.paths import user_maps_dir
    out = []
    for folder in folders if folders is not None else (user_maps_dir(),):
        folder = Path(folder)
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.tmx")):
            if _summary(path) is not None:
                continue
            try:    # the careful reader: a pipe or a huge file named .tmx answers at once
                head = read_bytes(path, "map file", MAX_XML_BYTES)[:20000].decode("utf-8", "replace")
            except FileProblem as exc:
                out.append((path, [f"{path.name}: {exc.reason}"]))
                continue
            found = re.search(r'<property\s+name="game"\s+value="([^"]*)"', head)
            if found is None or found.group(1) == game:
                out.append((path, check_map(str(path), game) or [f"{path.name}: cannot be read"]))
    return out
