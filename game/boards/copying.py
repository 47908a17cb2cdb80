"""copy_map_for_editing: a player's own copy of a map, which still finds its tilesets and images."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

_SOURCE = re.compile(r'(\bsource=")([^"]+)(")')


def copy_map_for_editing(src, dest_dir, name: str | None = None) -> Path:
    """Copy a .tmx into dest_dir; files beside it come along, files elsewhere are named absolutely.

    A shipped hex map names its tileset as ``../assets/tilesets/...``; copied as it is into the
    player's maps folder that path would point nowhere, in the game and in Tiled alike.
    """
    src, dest_dir = Path(src).resolve(), Path(dest_dir)
    dest_dir.mkdir(parents=True, exist_ok=True)
    text = src.read_text(encoding="utf-8")

    def relink(match: re.Match) -> str:
        ref = match.group(2)
        if re.match(r"^[a-z]+:", ref) or Path(ref).is_absolute():
            return match.group(0)
        target = (src.parent / ref).resolve()
        if target.is_relative_to(src.parent):
            copy = dest_dir / target.relative_to(src.parent)
            copy.parent.mkdir(parents=True, exist_ok=True)
            if target.exists() and not copy.exists():
                shutil.copy2(target, copy)
            return match.group(0)
        return f"{match.group(1)}{target.as_posix()}{match.group(3)}"

    out = _free_name(dest_dir, name or src.name)
    out.write_text(_SOURCE.sub(relink, text), encoding="utf-8")
    return out


def _free_name(folder: Path, name: str) -> Path:
    """folder/name, or folder/name-2.tmx and so on: a copy never overwrites a player's file."""
    path = folder / (name if name.endswith(".tmx") else name + ".tmx")
    stem, n = path.stem, 2
    while path.exists():
        path = folder / f"{stem}-{n}.tmx"
        n += 1
    return path
