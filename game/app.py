"""The command line: open the menu, start or load a game, take a screenshot, self-play, check maps.

Imports are lazy so the menu opens fast and command-line errors never wait on pygame.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

SELFPLAY_LIMIT = 200_000
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class CommandLineError(Exception):
    """Bad input on the command line; the message is one plain sentence."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code          # 2 for a misused option (as argparse), 1 for a bad file or game


class StartupError(CommandLineError):
    """The window cannot open (no display, a missing package): shown in a dialog when no terminal is there."""


_NEEDED = ("pygame", "pytmx", "numpy")


def _missing_package(exc: ModuleNotFoundError) -> StartupError:
    return StartupError(f"the Python package {exc.name!r} is missing. To fix it: installed with pipx, run "
                        f"`pipx reinstall wargames-table`; in a source checkout, run `make play`.")


def _usage(message: str) -> CommandLineError:
    return CommandLineError(message, code=2)


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line and exit code 2."""

    def error(self, message):
        print(f"wargames: {message}", file=sys.stderr)
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    """The program's options; the games named are the registry's playable ones."""
    from game import about
    from game.rules import playable_games
    p = _Parser(prog="wargames", description=about.summary())
    p.add_argument("--version", action="version", version=about.version_line())
    names = ", ".join(spec.name for spec in playable_games())
    p.add_argument("--game", metavar="G", help=f"start a new game of G ({names})")
    p.add_argument("--scenario", help="the scenario to play")
    p.add_argument("--seed", type=int, help="the seed of the dice, for a game you can replay")
    p.add_argument("--map", help="a .tmx map to play on")
    p.add_argument("--load", metavar="FILE", help="open a saved game")
    p.add_argument("--screenshot", metavar="FILE", help="draw one frame without a window, save it as PNG, exit")
    p.add_argument("--random-actions", type=int, default=0, metavar="K",
                   help="with --screenshot: play K random moves first")
    p.add_argument("--size", help="window size WxH, e.g. 1280x720")
    p.add_argument("--selfplay", metavar="G", help="computer against computer to the end, print the result")
    p.add_argument("--check-maps", nargs="*", metavar="FILE", help="check maps (all shipped ones when none named)")
    p.add_argument("--copy-map", metavar="MAP",
                   help="copy a shipped map (a file, or a name such as judean_hammer) into your maps folder to edit")
    p.add_argument("--install-desktop", action="store_true",
                   help="add the program to your desktop's menu (entry, icons, metainfo under ~/.local/share)")
    p.add_argument("--uninstall-desktop", action="store_true", help="take it out of the menu again")
    return p


def _size(text: str | None):
    if text is None:
        return None
    m = re.fullmatch(r"(\d{3,5})[xX](\d{3,5})", text.strip())
    if not m:
        raise _usage(f"--size must look like 1280x720, not {text!r}.")
    return int(m.group(1)), int(m.group(2))


def _spec(name: str):
    from game.rules import GAMES
    spec = GAMES.get(name)
    if spec is None:
        known = ", ".join(sorted(g.name for g in GAMES.values() if not g.test_only)) or "none installed yet"
        raise _usage(f"There is no game called {name!r}; the games are: {known}.")
    return spec


def _new_session(args, seats=None):
    from game.core.session import Session
    spec = _spec(args.game)
    if args.scenario is not None and args.scenario not in spec.scenario_names():
        raise _usage(f"{spec.title} has no scenario {args.scenario!r}; it has: {', '.join(spec.scenario_names())}.")
    options = {}
    if args.map is not None:
        if not os.path.isfile(args.map):
            raise CommandLineError(f"There is no map file at {args.map}.")
        options["map"] = _playable_map_path(os.path.abspath(args.map))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little") % 1_000_000
    try:
        return Session(spec, seed, args.scenario, options, seats=seats)
    except Exception as exc:  # the game refused its set-up (a bad map, say)
        raise CommandLineError(f"{spec.title} could not be set up: {exc}") from None


def _playable_map_path(path: str) -> str:
    """A map a save may name: shipped or in the player's maps folder; any other is copied there first.

    A save names its map, and a save may only name maps in those two folders (anything else is
    refused when it is opened), so a game begun on a map from elsewhere would not resume."""
    from game.core.paths import user_maps_dir
    from game.core.savefile import map_problem
    if map_problem(path) is None:
        return path
    same = user_maps_dir() / os.path.basename(path)
    try:
        if same.is_file() and same.read_bytes() == Path(path).read_bytes():
            return str(same)
        from game.boards.copying import copy_map_for_editing
        copy = copy_map_for_editing(path, user_maps_dir())
    except OSError as exc:
        raise CommandLineError(f"The map could not be copied into your maps folder {user_maps_dir()} "
                               f"({exc.strerror or exc}); a saved game can only name maps kept there.") from None
    print(f"The map was copied to {copy} so that the saved game can find it again.")
    return str(copy)


def _load_session(path):
    """--load: the checked, replayed save, or one plain line (never a traceback)."""
    from game.core.session import SaveError, load
    try:
        return load(path)
    except SaveError as exc:
        raise CommandLineError(str(exc)) from None
    except Exception as exc:  # a fault the checks did not foresee still ends in one line
        raise CommandLineError(f"The save file {os.path.basename(str(path))} could not be loaded "
                               f"({exc.__class__.__name__}).") from None


def check_maps(files: list[str]) -> int:
    """--check-maps: the boards validator's own command line."""
    try:
        from game.boards.validate import main as validate_main
    except ModuleNotFoundError as exc:
        if exc.name not in ("game.boards", "game.boards.validate"):
            raise CommandLineError(f"The map checker needs the Python package {exc.name!r}; "
                                   f"run `make play` once to install it.") from None
        print("The map checker is not part of this build yet (game/boards/validate.py is missing).",
              file=sys.stderr)
        return 1
    return int(validate_main(list(files)) or 0)


def copy_map(name: str) -> int:
    """--copy-map: a player's own copy of a map, ready to open in Tiled."""
    from game.boards.copying import copy_map_for_editing
    from game.core.paths import maps_dir, user_maps_dir
    src = Path(name)
    if not src.is_file():
        src = maps_dir() / (name if name.endswith(".tmx") else name + ".tmx")
    if not src.is_file():
        shipped = ", ".join(sorted(p.stem for p in maps_dir().glob("*.tmx")))
        raise CommandLineError(f"There is no map {name!r}; the shipped maps are: {shipped}.")
    try:
        out = copy_map_for_editing(src, user_maps_dir())
    except OSError as exc:
        raise CommandLineError(f"The map could not be copied to {user_maps_dir()}: {exc.strerror}.") from None
    print(f"Copied to {out}\nOpen it in Tiled, change it, and choose it in the new-game dialog.")
    return 0


def desktop_entry(install: bool) -> int:
    """--install-desktop / --uninstall-desktop: the menu entry for the command that is running."""
    from game import desktop
    try:
        if not install:
            done = desktop.uninstall()
        elif Path(sys.argv[0]).name == "main.py":        # a source checkout: as `make install`
            done = desktop.install(source_tree=Path(sys.argv[0]).resolve().parent)
        else:
            done = desktop.install(desktop.running_command())
    except (OSError, FileNotFoundError) as exc:
        raise CommandLineError(f"The menu entry could not be {'written' if install else 'removed'}: "
                               f"{exc.strerror or exc}.") from None
    for path in done:
        print(f"{'wrote' if install else 'removed'} {path}")
    return 0


def selfplay(name: str, seed: int, scenario=None) -> int:
    """--selfplay: the computer plays every side to the end; prints the result."""
    from game.ai import BOTS
    from game.core.session import Session
    spec = _spec(name)
    session = Session(spec, seed, scenario)
    make = BOTS["random"][1]
    bots = {side: make(spec, seed * 31 + i) for i, side in enumerate(spec.sides)}
    while session.active() is not None and len(session.actions) < SELFPLAY_LIMIT:
        side = session.active()
        try:
            session.apply(bots[side].choose(session.state, side))
        except Exception as exc:  # a rules fault is reported in one line, never as a traceback
            raise CommandLineError(f"{spec.title}, seed {seed}: the game broke at action "
                                   f"{len(session.actions) + 1} ({exc.__class__.__name__}: {exc}).") from None
    result = session.result()
    if result is None:
        print(f"{spec.title}, seed {seed}: no result after {len(session.actions)} actions.")
        return 1
    winner = spec.display_name(result.winner) if result.winner else "none (a draw)"
    scores = ", ".join(f"{spec.display_name(s)} {v}" for s, v in result.scores.items())
    print(f"{spec.title}, seed {seed}: winner {winner} after {len(session.actions)} actions"
          f"{' — ' + result.reason if result.reason else ''}{' (' + scores + ')' if scores else ''}.")
    return 0


def screenshot(args) -> int:
    """--screenshot: draw one frame headless (the menu, or a game after K random moves) and save it."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = _size(args.size) or (1280, 720)
    session = None
    if args.load:
        session = _load_session(args.load)
    elif args.game:
        session = _new_session(args)
        _play_random(session, args.random_actions)
    import pygame
    from game.ui.window import App
    from game.ui import settings as settings_mod
    app = App(size=size, settings=dict(settings_mod.DEFAULTS), fullscreen=False)
    if session is None:
        app.open_menu()
    else:
        session.autosave_enabled = False
        from game.ui.interludes import CurtainScene
        from game.ui.menu import MenuScene
        from game.ui.play import PlayScene
        app.stack.reset(MenuScene(app.games), PlayScene(session))
        while isinstance(app.stack.top, CurtainScene):   # a screenshot shows the table, not the curtain
            app.stack.pop()
    app.draw()
    view = getattr(app.stack.top, "board_view", None)
    for _ in range(10_000):             # the window draws a new map a slice a frame: finish it first
        if view is None or not view.rendering():
            break
        app.draw()
    try:
        pygame.image.save(app.screen, args.screenshot)
    except (pygame.error, OSError) as exc:
        raise CommandLineError(f"The screenshot could not be written to {args.screenshot}: {exc}.") from None
    pygame.quit()
    print(args.screenshot)
    return 0


def _play_random(session, k: int) -> None:
    from game.ai.random_bot import RandomBot
    bot = RandomBot(session.spec, session.seed + 1)
    for _ in range(max(0, k)):
        side = session.active()
        if side is None:
            break
        session.apply(bot.choose(session.state, side))


def window(args) -> int:
    """Open the window: the menu, or straight into a new or loaded game."""
    session = None
    if args.load:
        session = _load_session(args.load)
    elif args.game:
        session = _new_session(args)
    size = _size(args.size)
    from game.ui.window import App, NoDisplay
    try:
        app = App(size=size)
    except NoDisplay as exc:
        raise StartupError(f"{exc}. Start it from your desktop (X11 or Wayland); without one, "
                           f"`wargames --screenshot FILE` draws the table into a picture.") from None
    if session is None:
        app.open_menu()
    else:
        app.start_session(session)
    app.run()
    return 0


def main(argv=None) -> int:
    """Entry point of `python main.py` and the `wargames` command."""
    args = parser().parse_args(argv)
    try:
        if args.check_maps is not None:
            return check_maps(args.check_maps)
        if args.copy_map:
            return copy_map(args.copy_map)
        if args.install_desktop or args.uninstall_desktop:
            return desktop_entry(args.install_desktop)
        if args.selfplay:
            if args.seed is None:
                raise _usage("--selfplay needs --seed N so the game can be replayed.")
            return selfplay(args.selfplay, args.seed, args.scenario)
        if args.random_actions and not args.screenshot:
            raise _usage("--random-actions only goes with --screenshot.")
        if args.screenshot:
            return screenshot(args)
        return window(args)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in _NEEDED:
            raise
        return _report(_missing_package(exc))
    except CommandLineError as exc:
        return _report(exc)
    except KeyboardInterrupt:
        return 130


def _report(exc: CommandLineError) -> int:
    """One line on stderr; a start-up failure also in a dialog when there is no terminal."""
    if isinstance(exc, StartupError):
        from game.notice import tell
        tell(str(exc))
    else:
        print(f"wargames: {exc}", file=sys.stderr)
    return exc.code


if __name__ == "__main__":
    raise SystemExit(main())
