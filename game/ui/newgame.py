"""New game: which game, scenario, map, who plays each side, and an optional seed."""
from __future__ import annotations

import importlib
import os
from pathlib import Path

import pygame

from game.ai import BOTS, plays
from game.core import paths
from game.core.session import Session

from . import style
from .menu import menu_games
from .scene import Scene
from .widgets import Button, Cycler, TextField


def map_choices(spec) -> list[tuple[str, object]]:
    """The maps a game offers as (label, path); empty when the game has one fixed map."""
    if spec.maps is None:
        return []
    try:
        items = list(spec.maps())
    except Exception:  # a map catalogue that cannot be read: the game's own default map is used
        return []
    out = []
    mine = paths.user_maps_dir().resolve()
    for item in items:
        path, title = (item[0], item[1]) if isinstance(item, (tuple, list)) else (item, None)
        label = str(title or Path(str(path)).stem.replace("_", " "))
        if mine in Path(str(path)).resolve().parents:
            label += " (your copy)"        # beside the shipped map of the same title
        out.append((label, str(path)))
    return out


def broken_maps(spec) -> dict[str, list[str]]:
    """The player's maps for this game that cannot be played: path -> the validator's lines."""
    if spec.maps is None:
        return {}
    try:
        from game.boards.catalog import broken_maps_for_game
        return {str(path): problems for path, problems in broken_maps_for_game(spec.name)}
    except Exception:  # a folder that cannot be read: nothing to offer from it
        return {}


def seat_choices(spec) -> list[tuple[str, str]]:
    """Human, or one of the computer players that play this game, by its label."""
    return [("Human", "human")] + [(bot.label, name) for name, bot in BOTS.items() if plays(name, spec.name)]


def brief_for(spec):
    """The game's scenario picker (its UI module's ``scenario_brief(spec)``: each scenario's title,
    the sides that play it, a briefing and a map preview), or None for a game without one."""
    if not spec.ui:
        return None
    try:
        module = importlib.import_module(spec.ui.partition(":")[0])
    except ModuleNotFoundError:
        return None
    make = getattr(module, "scenario_brief", None)
    return make(spec) if make is not None else None


def designer_for(spec):
    """The game's scenario designer (its UI module's ``scenario_designer(app, on_saved)``), or None."""
    if not spec.ui:
        return None
    try:
        module = importlib.import_module(spec.ui.partition(":")[0])
    except ModuleNotFoundError:
        return None
    return getattr(module, "scenario_designer", None)


def fresh_seed() -> int:
    """A seed for a game whose player left the field empty."""
    return int.from_bytes(os.urandom(4), "little") % 1_000_000


class NewGameScene(Scene):
    """A form; Start builds the Session and hands it to the play scene."""

    def __init__(self, games=None, preselect: str | None = None):
        super().__init__()
        self.games = menu_games(games)
        self.injected = games
        names = [g.name for g in self.games]
        self.game = Cycler([(g.title, g.name) for g in self.games],
                           names.index(preselect) if preselect in names else 0, on_change=self._game_changed)
        self.scenario = Cycler([], on_change=self._scenario_changed)
        self.brief = None
        self.brief_rect = pygame.Rect(0, 0, 0, 0)
        self.map = Cycler([])
        self.broken: dict[str, list[str]] = {}
        self.seats: dict[str, Cycler] = {}
        self.seed = TextField(placeholder="random", allowed="0123456789", max_len=9)
        self.start_button = Button("Start", self.start, primary=True)
        self.back_button = Button("Back", self.back)
        self.design_button = Button("Design a battle…", self.design)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.rows: list = []
        self._game_changed(self.game.value)

    def spec(self):
        """The chosen game."""
        return next((g for g in self.games if g.name == self.game.value), None)

    def _game_changed(self, _value) -> None:
        spec = self.spec()
        if spec is None:
            self.rows = []
            self.buttons = [self.back_button]
            return
        self.brief = brief_for(spec)
        names = self.brief.names() if self.brief is not None else list(spec.scenario_names())
        label = self.brief.label if self.brief is not None else lambda s: s.replace("_", " ").capitalize()
        self.scenario.set_options([(label(s), s) for s in names])
        self.broken = broken_maps(spec)
        self.map.set_options(map_choices(spec) +
                             [(f"{Path(p).stem} (cannot be played)", p) for p in self.broken])
        self.seats = {}
        self._scenario_changed(self.scenario.value)

    def _sides(self) -> list:
        """The sides to seat: those that play the chosen scenario when the game says, else all."""
        spec = self.spec()
        sides = self.brief.sides(self.scenario.value) if self.brief is not None else []
        return sides or list(spec.sides)

    def _scenario_changed(self, _value) -> None:
        """Seat the sides of the chosen scenario (keeping who was chosen for a side that stays)."""
        spec = self.spec()
        if spec is None:
            return
        old = self.seats
        self.seats = {side: old.get(side) or Cycler(seat_choices(spec)) for side in self._sides()}
        self.rows = [("Game", self.game), ("Scenario", self.scenario)]
        if self.map.options:
            self.rows.append(("Map", self.map))
        self.rows += [(spec.display_name(side), c) for side, c in self.seats.items()]
        self.rows.append(("Seed (optional)", self.seed))
        self.buttons = [c for _, c in self.rows] + [self.start_button, self.back_button]
        if designer_for(spec) is not None:
            self.buttons.append(self.design_button)
        if self.app:
            self.layout(self.app.screen.get_rect())

    def enter(self) -> None:
        """Seeds are typed."""
        pygame.key.start_text_input()

    def leave(self) -> None:
        """No more typing."""
        pygame.key.stop_text_input()

    def layout(self, rect) -> None:
        """Labels on the left, controls on the right, Start at the foot."""
        super().layout(rect)
        row_h = style.px(48)
        wide = self.brief is not None
        self.box = pygame.Rect(0, 0, style.px(1220 if wide else 640),
                               max(style.px(150) + len(self.rows) * row_h, style.px(560) if wide else 0))
        self.box.center = rect.center
        self.brief_rect = pygame.Rect(self.box.left + style.px(640), self.box.top + style.px(50),
                                      self.box.width - style.px(660), self.box.height - style.px(70))
        y = self.box.top + style.px(56)
        for _, control in self.rows:
            control.rect = pygame.Rect(self.box.left + style.px(250), y, style.px(360), style.px(36))
            y += row_h
        form_right = self.box.left + style.px(640)
        self.start_button.rect = pygame.Rect(form_right - style.px(300), self.box.bottom - style.px(62),
                                             style.px(130), style.px(42))
        self.back_button.rect = pygame.Rect(form_right - style.px(156), self.box.bottom - style.px(62),
                                            style.px(130), style.px(42))
        self.design_button.rect = pygame.Rect(self.box.left + style.px(24), self.box.bottom - style.px(62),
                                              style.px(190), style.px(42))

    def design(self) -> None:
        """Open the game's scenario designer; a battle saved there is listed and chosen here."""
        make = designer_for(self.spec())
        if make is not None:
            make(self.app, self._designed)

    def _designed(self, name: str) -> None:
        self._game_changed(self.game.value)
        self.scenario.select(name)
        self._scenario_changed(self.scenario.value)

    def handle_event(self, event) -> bool:
        """Enter starts the game."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.seed.focus:
            self.start()
            return True
        return super().handle_event(event)

    def session(self) -> Session:
        """The session the form describes."""
        spec = self.spec()
        seed = int(self.seed.value) if self.seed.value else fresh_seed()
        options = {"map": self.map.value} if self.map.options else {}
        seats = {side: c.value for side, c in self.seats.items()}
        return Session(spec, seed, self.scenario.value, options, seats=seats)

    def start(self) -> None:
        """Start playing; a scenario the game refuses is reported, not raised."""
        if self.spec() is None:
            return
        problems = self.broken.get(self.map.value) if self.map.options else None
        if problems:
            more = f"\n…and {len(problems) - 8} more." if len(problems) > 8 else ""
            self.app.message("This map cannot be played",
                             "\n".join(f"• {line}" for line in problems[:8]) + more)
            return
        try:
            session = self.session()
        except Exception as exc:  # a map or scenario the game cannot set up
            self.app.message("Cannot start", f"{self.spec().title} could not be set up: {exc}")
            return
        self.app.new_game(session)     # asks first when an unfinished game would be replaced

    def draw(self, surface, now_ms) -> None:
        """The form."""
        style.backdrop(surface)
        inner = style.panel(surface, self.box, "New game")
        spec = self.spec()
        if spec is None:
            style.text(surface, "No games are installed yet.", inner.center, 17, style.INK_DIM, anchor="center")
        if self.brief is not None and self.scenario.value is not None:
            line_x = self.brief_rect.left - style.px(12)
            pygame.draw.line(surface, style.BRASS_DIM, (line_x, self.brief_rect.top), (line_x, self.brief_rect.bottom))
            self.brief.draw(surface, self.brief_rect, self.scenario.value)
        for label, control in self.rows:
            colour = style.INK
            if control in self.seats.values():
                side = next(s for s, c in self.seats.items() if c is control)
                from .play_parts import side_chip
                side_chip(surface, spec, side, (inner.left + style.px(30), control.rect.centery), style.px(22))
                style.text(surface, label, (inner.left + style.px(50), control.rect.centery), 17, colour,
                           anchor="midleft")
                continue
            style.text(surface, label, (inner.left + style.px(20), control.rect.centery), 17, colour, anchor="midleft")
        humans = sum(1 for c in self.seats.values() if c.value == "human")
        if spec is not None:
            if humans > 1 and spec.hidden_information:
                hint = "Hot-seat: players take turns at this computer; a curtain hides each hand."
            elif humans > 1:
                hint = "Hot-seat: players take turns at this computer."
            elif humans == 1:
                hint = "The computer moves after a short pause, so you can follow its play."
            else:
                hint = "The computer plays both sides; watch, or press Esc to stop."
            style.text(surface, hint, (inner.left + style.px(20), self.start_button.rect.top - style.px(22)), 13,
                       style.INK_DIM, anchor="midleft")
        super().draw(surface, now_ms)
