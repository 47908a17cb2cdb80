"""The menu entry: desktop file, icons and AppStream metainfo in the user's XDG folders.

`make install` (a source checkout), `wargames --install-desktop` (pipx, pip or the binary)
and `python -m game.desktop install --data-home DIR --exec CMD` (a packager's staging
folder) all write the same files; the entry's comment names the registry's playable games.
Standard library only, so `make uninstall` works even when .venv is broken.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from game import __version__, about
from game.core import paths

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
LAUNCHER_MARK = "# wargames-table launcher written by `make install`"


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def bin_home() -> Path:
    """Where a user's own commands go: $XDG_BIN_HOME, or ~/.local/bin."""
    return Path(os.environ.get("XDG_BIN_HOME") or Path.home() / ".local" / "bin")


def _exec_quote(path: str) -> str:
    """A program path as the Desktop Entry spec wants it in Exec (quoted when it must be)."""
    if re.fullmatch(r"[A-Za-z0-9_./@+,:-]+", path):
        return path
    inner = re.sub(r'(["`$\\])', r"\\\1", path)
    return '"' + inner.replace("\\", "\\\\") + '"'


def desktop_entry(command: str) -> str:
    """The .desktop file for a command given by absolute path."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        f"Name={about.NAME}",
        "GenericName=Board Wargames",
        f"Comment={about.summary().rstrip('.')}",
        f"Exec={_exec_quote(command)}",
        f"TryExec={command}",
        f"Icon={paths.APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;StrategyGame;",
        "Keywords=wargame;hex;counters;hot-seat;",
        f"StartupWMClass={paths.APP_ID}",
        ""])


def metainfo() -> str:
    """The AppStream metainfo: what software centres show about the program."""
    games = "".join(f"\n      <li>{escape(title)}</li>" for title in about.playable_titles())
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{paths.APP_ID}</id>
  <metadata_license>MIT</metadata_license>
  <project_license>MIT</project_license>
  <name>{escape(about.NAME)}</name>
  <summary>Play board wargames with every rule enforced</summary>
  <description>
    <p>A desktop table for classic board wargames. Two people play hot-seat at one computer,
    or one plays the computer. The program knows every rule: it offers only legal moves, rolls
    and shows the dice, keeps the log, saves, undoes and replays.</p>
    <p>The games you can play:</p>
    <ul>{games}
    </ul>
    <p>The maps are Tiled files you can copy, change and play on.</p>
  </description>
  <launchable type="desktop-id">{paths.APP_ID}.desktop</launchable>
  <provides>
    <binary>wargames</binary>
  </provides>
  <categories>
    <category>Game</category>
    <category>BoardGame</category>
    <category>StrategyGame</category>
  </categories>
  <content_rating type="oars-1.1"/>
  <releases>
    <release version="{__version__}" date="{about.RELEASE_DATE}"/>
  </releases>
</component>
"""


def files(home: Path) -> dict:
    """{destination: text or source file} of everything the menu entry needs, under home."""
    icons = paths.data_root() / "packaging" / "icons"
    out = {home / "metainfo" / f"{paths.APP_ID}.metainfo.xml": metainfo(),
           home / "icons" / "hicolor" / "scalable" / "apps" / f"{paths.APP_ID}.svg": icons / "wargames.svg"}
    for size in ICON_SIZES:
        out[home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{paths.APP_ID}.png"] = \
            icons / f"wargames-{size}.png"
    return out


def launcher(source_tree: Path) -> str:
    """A small script that starts a source checkout with its .venv (or says how to repair it)."""
    main = shlex.quote(str(source_tree / "main.py"))
    venv_python = shlex.quote(str(source_tree / ".venv" / "bin" / "python"))
    # A .venv whose Python is gone falls through to python3, and main.py says how to repair it.
    return (f"#!/bin/sh\n{LAUNCHER_MARK}\n# `make uninstall` in {source_tree} removes it.\n"
            f"if [ -x {venv_python} ]; then exec {venv_python} {main} \"$@\"; fi\n"
            f"exec python3 {main} \"$@\"\n")


def install(command: Path | None = None, home: Path | None = None, source_tree: Path | None = None) -> list:
    """Write the entry, icons and metainfo (and, for a source tree, the launcher); the paths written."""
    home = home or data_home()
    written = []
    if source_tree is not None:
        command = bin_home() / "wargames"
        command.parent.mkdir(parents=True, exist_ok=True)
        command.write_text(launcher(source_tree.resolve()), encoding="utf-8")
        command.chmod(0o755)
        written.append(command)
    if command is None:
        raise ValueError("install() needs the command to start, or the source tree to start")
    entry = home / "applications" / f"{paths.APP_ID}.desktop"
    for dest, what in {entry: desktop_entry(str(command)), **files(home)}.items():
        dest.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(what, Path):
            shutil.copyfile(what, dest)
        else:
            dest.write_text(what, encoding="utf-8")
        written.append(dest)
    _refresh_caches(home)
    return written


def uninstall(home: Path | None = None) -> list:
    """Remove what install() wrote (a launcher only when make install wrote it); the paths removed."""
    home = home or data_home()
    gone = []
    targets = [home / "applications" / f"{paths.APP_ID}.desktop", *files(home)]
    command = bin_home() / "wargames"
    if command.is_file() and LAUNCHER_MARK in command.read_text(encoding="utf-8", errors="replace"):
        targets.append(command)
    for path in targets:
        if path.exists():
            path.unlink()
            gone.append(path)
    _refresh_caches(home)
    return gone


def _refresh_caches(home: Path) -> None:
    """Tell the desktop the menu and icons changed (when its tools are installed; best effort)."""
    for tool, target in (("update-desktop-database", home / "applications"),
                         ("gtk-update-icon-cache", home / "icons" / "hicolor")):
        found = shutil.which(tool)
        if found and target.is_dir():
            subprocess.run([found, "-q", *(["-t"] if "icon" in tool else []), str(target)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def running_command() -> Path:
    """The command that started this program: the binary, or the installed `wargames` script."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve()
    argv0 = Path(sys.argv[0])
    if argv0.name == "wargames" and argv0.exists():
        return argv0.absolute()
    found = shutil.which("wargames")
    if found:
        return Path(found).absolute()
    raise FileNotFoundError("the `wargames` command is not on PATH; install the program first")


def main(argv=None) -> int:
    """python -m game.desktop install [--launcher | --exec CMD] [--data-home DIR] | uninstall."""
    import argparse
    p = argparse.ArgumentParser(prog="python -m game.desktop", description=main.__doc__)
    p.add_argument("action", choices=("install", "uninstall"))
    p.add_argument("--launcher", action="store_true", help="start this source checkout (make install)")
    p.add_argument("--exec", dest="command", help="the command the entry starts (absolute path)")
    p.add_argument("--data-home", type=Path, help="instead of $XDG_DATA_HOME (a packager's staging folder)")
    args = p.parse_args(argv)
    if args.action == "uninstall":
        for path in uninstall(args.data_home):
            print(f"removed {path}")
        return 0
    tree = Path(__file__).resolve().parents[1] if args.launcher else None
    command = Path(args.command) if args.command else (None if tree else running_command())
    for path in install(command, args.data_home, tree):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
