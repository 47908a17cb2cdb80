"""copy_map_for_editing: a player's own copy of a map, which still finds its tilesets and images."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

_SOURCE = re.compile(r'(\bsource=")([^"]+)(")')


def copy_map_for_editing(src, dest_dir, name: str | None = None) -> Path:
    """Copy a .tmx into dest_dir with what it uses, so the copy opens in the game and in Tiled.

    Files beside the map come along beside the copy. The game's own tilesets (which a shipped
    hex map names as ``../assets/tilesets/...``) are copied into ``assets/`` beside it, keeping
    their layout: the frozen binary's copy of them is deleted when it exits, and an installed
    package's can go with an upgrade. Other files the map names are named absolutely.
    """
    from game.core.paths import data_root
    src, dest_dir = Path(src).resolve(), Path(dest_dir)
    shipped = data_root().resolve()
    dest_dir.mkdir(parents=True, exist_ok=True)
    text = src.read_text(encoding="utf-8")

    def relink(match: re.Match) -> str:
        ref = match.group(2)
        if re.match(r"^[a-z]+:", ref) or Path(ref).is_absolute():
            return match.group(0)
        target = (src.parent / ref).resolve()
        if target.is_relative_to(src.parent):
            _copy_with_uses(target, dest_dir / target.relative_to(src.parent), src.parent)
            return match.group(0)
        if target.is_relative_to(shipped) and target.exists():
            rel = target.relative_to(shipped)
            _copy_with_uses(target, dest_dir / rel, shipped)
            return f"{match.group(1)}{rel.as_posix()}{match.group(3)}"
        return f"{match.group(1)}{target.as_posix()}{match.group(3)}"

    out = _free_name(dest_dir, name or src.name)
    out.write_text(_SOURCE.sub(relink, text), encoding="utf-8")
    return out


def _copy_with_uses(target: Path, copy: Path, within: Path) -> None:
    """Copy one file, its double-size twin, and (for a tileset) the images it names inside ``within``.

    A file already there is the player's and is kept as it is.
    """
    if not target.exists() or copy.exists():
        return
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(target, copy)
    twin = target.with_name(f"{target.stem}@2x{target.suffix}")       # the sharp image for big zooms
    if twin.exists() and not copy.with_name(twin.name).exists():
        shutil.copy2(twin, copy.with_name(twin.name))
    if target.suffix == ".tsx":
        for ref in _SOURCE.findall(target.read_text(encoding="utf-8")):
            used = (target.parent / ref[1]).resolve()
            if used.is_relative_to(within):
                _copy_with_uses(used, Path(os.path.normpath(copy.parent / ref[1])), within)


def _free_name(folder: Path, name: str) -> Path:
    """folder/name, or folder/name-2.tmx and so on: a copy never overwrites a player's file."""
    path = folder / (name if name.endswith(".tmx") else name + ".tmx")
    stem, n = path.stem, 2
    while path.exists():
        path = folder / f"{stem}-{n}.tmx"
        n += 1
    return path
