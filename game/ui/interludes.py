"""Scenes between moves: the pass-the-device curtain, game over, and the full log."""
from __future__ import annotations

import pygame

from . import style
from .play_parts import LogPanel, side_chip
from .scene import Scene, now_ms
from .widgets import Button


class CurtainScene(Scene):
    """Covers the whole window in the next player's colour until that player lifts it.

    It ignores every input for GUARD_MS after it appears (a key pressed twice to end a turn
    never reaches it), and then lifts only by its own button or its own key, written on the
    button: never Enter, Space or a stray click, which end turns in the play scene."""

    GUARD_MS = 900

    def __init__(self, spec, side):
        super().__init__()
        self.spec = spec
        self.side = side
        self.shown_at = None
        self.lift_key = curtain_key(spec, side)
        # a game with nothing hidden draws the curtain only to say whose seat acts (three or four players)
        mine = "show my hand" if spec.hidden_information else "take the table"
        self.ready_button = Button(f"I am {style.player_of(spec, side)}: {mine}", self.lift,
                                   primary=True, size=18)
        self.ready_button.key = pygame.key.name(self.lift_key).upper()
        self.buttons = [self.ready_button]

    def enter(self) -> None:
        """Start the guard time afresh whenever the curtain comes to the top."""
        self.shown_at = now_ms()

    def ready(self) -> bool:
        """True once the guard time has passed and the curtain may be lifted."""
        return self.shown_at is not None and now_ms() - self.shown_at >= self.GUARD_MS

    def lift(self) -> None:
        """Uncover the table for the side named on the curtain."""
        if self.ready() and self.app.stack.top is self:
            self.app.stack.pop()

    def layout(self, rect) -> None:
        """The button under the name, wide enough for its words."""
        super().layout(rect)
        w = min(rect.width - style.px(40), style.px(520))
        self.ready_button.rect = pygame.Rect(0, 0, w, style.px(50))
        self.ready_button.rect.center = (rect.centerx, rect.centery + style.px(120))

    def handle_event(self, event) -> bool:
        """Only the curtain's own button or key lifts it, and only after the guard time."""
        ready = self.ready()
        self.ready_button.enabled = ready
        if event.type == pygame.KEYDOWN and event.key == self.lift_key and ready:
            self.lift()
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return super().handle_event(event)
        return False

    def update(self, now) -> bool:
        """Redraw once when the guard time ends (the button lights up)."""
        ready = self.ready()
        if ready != self.ready_button.enabled:
            self.ready_button.enabled = ready
            return True
        return False

    def animating(self, now) -> bool:
        """Frames only while the guard time runs, so the button lights up on time."""
        return not self.ready()

    def back(self) -> None:
        """Esc behind the curtain goes to the menu, never to the hidden hand."""
        self.app.open_menu()

    def draw(self, surface, now_ms) -> None:
        """Full screen in the side's colour, with its initial large for colour-blind players."""
        colour = style.side_colour(self.spec, self.side)
        surface.fill(colour)
        ink = style.readable_on(colour)
        w, h = surface.get_size()
        darker = tuple(int(c * 0.82) for c in colour)
        for x in range(-h, w, style.px(36)):
            pygame.draw.line(surface, darker, (x, h), (x + h, 0), max(1, style.px(10)))
        name = self.spec.display_name(self.side)
        side_chip(surface, self.spec, self.side, (w // 2, h // 2 - style.px(120)), style.px(110))
        style.text(surface, f"{name} to play", (w // 2, h // 2), 40, ink, bold=True, serif=True, anchor="center")
        said = (f"Pass the device to the player of the {name}. Nothing of that hand shows until the button "
                f"below is pressed." if self.spec.hidden_information else
                f"Pass the device to the player of the {name}: that army acts now.")
        style.text(surface, said,
                   (w // 2, h // 2 + style.px(52)), 17, ink, anchor="center")
        self.ready_button.enabled = self.ready()
        self.ready_button.draw(surface)
        key = self.ready_button.key
        from .safety import play_scene
        play = play_scene(self.app)
        saved = play is not None and play.session.autosave_enabled and not play.session.autosave_problem
        kept = "Esc: main menu (the game is autosaved)" if saved else "Esc: main menu · the game is NOT autosaved"
        style.text(surface, f"Click the button or press {key} when ready · {kept}",
                   (w // 2, h - style.px(24)), 13, ink, anchor="center")


def curtain_key(spec, side) -> int:
    """The key that lifts a side's curtain: its name's first letter, unless another side shares it."""
    letter = spec.display_name(side)[:1].lower()
    others = {spec.display_name(s)[:1].lower() for s in spec.sides if s != side}
    code = pygame.key.key_code(letter) if letter.isalpha() and letter not in others else pygame.K_r
    return code


class GameOverScene(Scene):
    """Winner, scores and reason over the final position; new game, main menu, or read the log."""

    opaque = False

    def __init__(self, session, games=None):
        super().__init__()
        self.session = session
        self.spec = session.spec
        self.games = games
        self.result = session.result()
        self.buttons = [Button("New game", self.new_game, primary=True), Button("Main menu", self.menu),
                        Button("View log", self.view_log), Button("Review", self.review)]
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect) -> None:
        """A centred card with the buttons along its foot."""
        super().layout(rect)
        rows = len(self.result.scores) if self.result is not None else 0
        self.box = pygame.Rect(0, 0, min(rect.width - style.px(40), style.px(640)), style.px(300 + 30 * rows))
        self.box.center = rect.center
        bw, bh, gap = style.px(170), style.px(40), style.px(14)
        count = len(self.buttons)
        bw = min(bw, (self.box.width - style.px(40) - (count - 1) * gap) // count)
        x = self.box.centerx - (count * bw + (count - 1) * gap) // 2
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(x + i * (bw + gap), self.box.bottom - bh - style.px(22), bw, bh)

    def new_game(self) -> None:
        """Set up another game of the same kind."""
        from .newgame import NewGameScene
        self.app.open_menu()
        self.app.stack.push(NewGameScene(self.games, preselect=self.spec.name))

    def menu(self) -> None:
        """Back to the main menu."""
        self.app.open_menu()

    def back(self) -> None:
        """Esc: the main menu."""
        self.menu()

    def review(self) -> None:
        """Step through the finished game with each side's chances (game/ui/review.py)."""
        from .review import ReviewScene
        self.app.stack.push(ReviewScene(self.session))

    def view_log(self) -> None:
        """The whole game's log."""
        self.app.stack.push(LogScene(self.spec, self.session.log()))

    def winners(self) -> list:
        """The winning side first, then its allies, who win with it."""
        return [self.result.winner, *self.spec.seated(self.session.state).allies(self.result.winner)]

    def headline(self) -> str:
        """'Victory: ' and the winners' names ("Victory: Green army and Mercenaries")."""
        names = [self.spec.display_name(s) for s in self.winners()]
        return "Victory: " + (" and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1])

    def draw(self, surface, now_ms) -> None:
        """The result card over the dimmed final position."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        inner = style.panel(surface, self.box, "Game over")
        cx = inner.centerx
        y = inner.top + style.px(40)
        res = self.result
        if res is None:
            headline = "The game has ended."
        elif res.winner is None:
            headline = "A draw"
        else:
            headline = self.headline()
            team = self.winners()
            for i, side in enumerate(team):        # the winner's chip, and each ally's beside it
                side_chip(surface, self.spec, side, (cx + (2 * i - len(team) + 1) * style.px(29), y), style.px(48))
            y += style.px(48)
        size = next((n for n in (34, 28, 24) if style.font(n, True, True).size(headline)[0] <= inner.width), 20)
        style.text(surface, headline, (cx, y), size, style.BRASS, bold=True, serif=True, anchor="center")
        y += style.px(40)
        if res is not None and res.reason:
            fnt = style.font(17)
            for line in reason_lines(res.reason, inner.width - style.px(40)):
                style.text(surface, line, (cx, y), 17, style.INK, anchor="center")
                y += fnt.get_linesize()
            y += style.px(40) - fnt.get_linesize()
        if res is not None:
            self._draw_scores(surface, res, cx, y)
        super().draw(surface, now_ms)

    def _draw_scores(self, surface, res, cx: int, y: int) -> None:
        """One row a side: its chip, its name and its score, the names clear of the scores however long."""
        sides = [s for s in self.spec.sides if s in res.scores]
        names = max(style.font(17).size(self.spec.display_name(s))[0] for s in sides) if sides else 0
        scores = max(style.font(17, True).size(str(res.scores[s]))[0] for s in sides) if sides else 0
        span = max(style.px(230), style.px(20) + names + style.px(24) + scores)
        left = cx - span // 2
        for side in sides:
            side_chip(surface, self.spec, side, (left, y), style.px(22))
            style.text(surface, self.spec.display_name(side), (left + style.px(20), y), 17, style.INK,
                       anchor="midleft")
            style.text(surface, str(res.scores[side]), (left + span, y), 17, style.INK, bold=True, anchor="midright")
            y += style.px(30)


def reason_lines(reason: str, width: int) -> list:
    """Why the game ended, capitalised, in lines no wider than ``width`` (a long reason, the hives a
    side took each named, wraps inside the result card)."""
    return style.wrap(reason[:1].upper() + reason[1:], style.font(17), width)


class LogScene(Scene):
    """The whole log in a large panel; the wheel scrolls; Esc or Close returns."""

    def __init__(self, spec, lines):
        super().__init__()
        self.log = LogPanel(spec)
        self.log.set_lines(lines)
        self.close = Button("Close", self.back, primary=True)
        self.buttons = [self.close]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.hover = None

    def layout(self, rect) -> None:
        """Most of the window."""
        super().layout(rect)
        self.box = rect.inflate(-style.px(120), -style.px(80))
        self.close.rect = pygame.Rect(0, 0, style.px(120), style.px(36))
        self.close.rect.bottomright = (self.box.right - style.px(16), self.box.bottom - style.px(14))

    def handle_event(self, event) -> bool:
        """Scroll and close."""
        if hasattr(event, "pos"):
            self.hover = event.pos
        if event.type == pygame.MOUSEWHEEL:
            self.hover = self.hover or self.box.center
        return self.log.handle_event(event, self.hover) or super().handle_event(event)

    def draw(self, surface, now_ms) -> None:
        """The log panel and its close button."""
        style.backdrop(surface)
        inner = style.panel(surface, self.box, "Game log")
        self.log.draw(surface, pygame.Rect(inner.left, inner.top, inner.width, inner.height - style.px(60)))
        super().draw(surface, now_ms)
