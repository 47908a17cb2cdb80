"""The Hammer's Slammers scenario designer: build a battle the book's way and save it as a scenario.

Reached from New game ("Design a battle…" when Hammer's Slammers is chosen). Five pages, in the
order the book builds a battle (HS-SET-5): the map (panels dragged onto a grid, the joined map
beside them), the armies (how many players, which colour each plays, the movement order, morale,
alliances), the forces (the book's price list with gas, ECM, jumpers, militia and buses), the
set-up (units clicked onto hexes) and the battle (length, victory, title, file name). A column on
the right keeps the running total of each army with the book's advice (HS-DES-1, -2) and what
still stops the design from being saved. Esc backs out one level: a pick first, then the
designer itself, asking before an unsaved design is lost.
"""
from __future__ import annotations

import json

import pygame

from game.rules import slammers as sl
from game.ui import style
from game.ui.scene import Scene, now_ms
from game.ui.widgets import Button

from .sl_design_parts import CannotOpen, Draft, draft_from
from .sl_design_setup import BattlePage, SetupPage
from .sl_design_tabs import ArmiesPage, ForcesPage, MapPage, army_chip, note

SAY_MS = 6000


class DesignerScene(Scene):
    """The designer: page tabs on top, the page, the points column on the right."""

    def __init__(self, on_saved=None):
        super().__init__()
        self.draft = Draft()
        self.on_saved = on_saved
        self.pages = [MapPage(self), ArmiesPage(self), ForcesPage(self), SetupPage(self), BattlePage(self)]
        self.page = 0
        self.tabs = [Button(f"{i + 1}  {p.title}", lambda i=i: self.show(i), size=15) for i, p in enumerate(self.pages)]
        self.prev_button = Button("◀ Previous", lambda: self.show(self.page - 1), size=15)
        self.next_button = Button("Next ▶", lambda: self.show(self.page + 1), primary=True, size=15)
        self.save_button = Button("Save battle", self.save, primary=True)
        self.leave_button = Button("Leave", self.back)
        self.box = self.content = self.column = pygame.Rect(0, 0, 0, 0)
        self.said = ("", 0)
        self._summary = (None, None)

    # -- pages ------------------------------------------------------------------------
    def open_saved(self, name) -> None:
        """Put a saved battle of the player's own in the designer, asking first when this one is unsaved."""
        if not name:
            return
        try:
            draft = draft_from(sl.design_read(name), name)
        except (CannotOpen, Exception) as exc:      # the rules' one line, or what the designer cannot show
            self.app.message("Cannot open the battle", str(exc))
            return
        if not self.draft.changed:
            self._take(draft)
            return
        from game.ui.safety import ChoiceBox
        self.app.stack.push(ChoiceBox("Open another battle?", "This battle is not saved. Opening another loses it.",
                                      [("Open it", lambda: self._take(draft), False), ("Back", None, True)]))
        self.app.dirty = True

    def _take(self, draft) -> None:
        self.draft = draft
        self.pages = [type(p)(self) for p in self.pages]
        self.page = 0
        self.layout(self.rect)
        self.say(f"{draft.title or draft.name}: opened; saving it again under its file name replaces it.")

    def show(self, i: int) -> None:
        """Bring page ``i`` to the front."""
        if 0 <= i < len(self.pages):
            if isinstance(self.pages[self.page], BattlePage):
                self.pages[self.page].sync()
            self.page = i
            self.pages[i].shown()
            self.pages[i].layout(self.content)

    def say(self, words: str) -> None:
        """A line under the page for a few seconds (a refused click, a change of the map)."""
        self.said = (words, now_ms() + SAY_MS)
        if self.app:
            self.app.dirty = True

    def widgets(self) -> list:
        """Tabs, the page's widgets, then the buttons along the foot."""
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1
        for i, t in enumerate(self.tabs):
            t.primary = i == self.page
        return self.tabs + self.pages[self.page].widgets() + [self.prev_button, self.next_button,
                                                               self.save_button, self.leave_button]

    def enter(self) -> None:
        """Titles and names are typed."""
        pygame.key.start_text_input()

    def leave(self) -> None:
        """No more typing."""
        pygame.key.stop_text_input()

    def layout(self, rect) -> None:
        """The frame, the tabs, the page on the left and the points column on the right."""
        super().layout(rect)
        self.box = rect.inflate(-style.px(24), -style.px(24))
        inner = style.panel_inner(self.box, "Design a battle")
        x = inner.left + style.px(12)
        for t in self.tabs:
            t.rect = pygame.Rect(x, inner.top + style.px(10), style.px(120), style.px(34))
            x += style.px(128)
        col_w = style.px(330)
        top = inner.top + style.px(58)
        foot = inner.bottom - style.px(54)
        self.column = pygame.Rect(inner.right - col_w - style.px(10), inner.top + style.px(10), col_w,
                                  inner.bottom - inner.top - style.px(20))
        self.content = pygame.Rect(inner.left + style.px(14), top, self.column.left - inner.left - style.px(36),
                                   foot - top - style.px(26))
        self.prev_button.rect = pygame.Rect(self.content.left, foot, style.px(140), style.px(40))
        self.next_button.rect = pygame.Rect(self.content.left + style.px(150), foot, style.px(140), style.px(40))
        self.save_button.rect = pygame.Rect(self.column.left + style.px(10), self.column.bottom - style.px(50),
                                            style.px(150), style.px(40))
        self.leave_button.rect = pygame.Rect(self.column.right - style.px(130), self.column.bottom - style.px(50),
                                             style.px(120), style.px(40))
        for p in self.pages:
            p.layout(self.content)

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """The page's own input (drags, map clicks) first, then the widgets."""
        changed = self.pages[self.page].handle(event)
        changed = super().handle_event(event) or changed
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            changed = True
        return changed

    def update(self, now: int) -> bool:
        """The line under the page goes after a while."""
        if self.said[0] and now > self.said[1]:
            self.said = ("", 0)
            return True
        return False

    def back(self) -> None:
        """Esc: drop the page's pick, else leave (asking first when the design is not saved)."""
        if self.pages[self.page].back():
            self.app.dirty = True
            return
        if not self.draft.changed:
            self.close()
            return
        from game.ui.safety import ChoiceBox
        self.app.stack.push(ChoiceBox(
            "Leave the designer?", "This battle is not saved. Leaving now loses it.",
            [("Keep designing", None, True), ("Leave without saving", self.close, False)]))
        self.app.dirty = True

    def unsaved_work(self):
        """What closing the window would lose (the window asks first), or None."""
        return "The battle in the designer is not saved." if self.draft.changed else None

    def close(self) -> None:
        """Back to the screen the designer was opened from."""
        if self.app and self.app.stack.top is self:
            self.app.stack.pop()
            self.app.dirty = True

    # -- saving ----------------------------------------------------------------------------
    def save(self) -> None:
        """Check the design, ask before replacing a file of the same name, write it, and say where."""
        battle = self.pages[-1]
        battle.sync()
        problem = self.draft.problem()
        if problem is None and not self.draft.name:
            problem = "Give the battle a title or a file name (Battle)."
        if problem:
            self.app.message("Not ready to save", problem)
            return
        if self.draft.name in sl.SPEC.own_scenarios():          # a shipped name is refused by the rules
            from game.ui.safety import ChoiceBox
            self.app.stack.push(ChoiceBox(
                "Replace the saved battle?", f"A battle named {self.draft.name} is already saved. Replace it?",
                [("Replace it", self._write, True), ("Back", None, False)]))
            self.app.dirty = True
            return
        self._write()

    def _write(self) -> None:
        try:
            name = sl.design_save(self.draft.raw(), self.draft.name)
        except Exception as exc:       # the rules' one-line refusal, or a disk that refuses the file
            self.app.message("Cannot save the battle", str(exc))
            return
        self.draft.changed = False
        self.close()
        if self.on_saved:
            self.on_saved(name)
        self.app.message("Battle saved", f"{self.draft.raw()['title']} is saved as {name}.json in "
                         f"{sl.design_folder()}. It is in the scenario list now; copy the file to share it.")

    # -- drawing ---------------------------------------------------------------------------
    def summary(self) -> tuple:
        """(points by army, advice lines, what stops saving) for the draft as it is (kept while unchanged)."""
        raw = self.draft.raw()
        key = json.dumps(raw, sort_keys=True) + self.draft.name
        if self._summary[0] != key:
            self._summary = (key, (sl.design_price(raw), sl.design_advice(raw), self.draft.problem()))
        return self._summary[1]

    def draw(self, surface, now) -> None:
        """Frame, tabs, page, column and the line under the page."""
        style.backdrop(surface)
        style.panel(surface, self.box, "Design a battle · Hammer's Slammers")
        self.pages[self.page].draw(surface)
        self._draw_column(surface)
        words, until = self.said
        if words:
            style.text(surface, words, (self.content.left, self.content.bottom + style.px(4)), 14, style.WARN)
        super().draw(surface, now)
        drag_page = self.pages[self.page]
        if isinstance(drag_page, MapPage) and drag_page.drag:      # the dragged panel over everything
            drag_page.draw_drag(surface)

    def _draw_column(self, surface) -> None:
        c = self.column
        pygame.draw.rect(surface, style.SLATE_DARK, c, border_radius=style.px(4))
        pygame.draw.rect(surface, style.BRASS_DIM, c, 1, border_radius=style.px(4))
        spent, advice, problem = self.summary()
        x, y = c.left + style.px(12), c.top + style.px(10)
        style.text(surface, "POINTS", (x, y), 12, style.BRASS, bold=True)
        y += style.px(24)
        for army in self.draft.sides:
            army_chip(surface, army, (x + style.px(10), y + style.px(12)), style.px(20))
            style.text(surface, sl.army_name(army), (x + style.px(28), y + style.px(2)), 14)
            style.text(surface, str(spent.get(army, 0)), (c.right - style.px(12), y), 20, style.INK, bold=True,
                       anchor="topright")
            n = sum(1 for u in self.draft.units if u["side"] == army)
            style.text(surface, f"{n} unit{'s' * (n != 1)} · morale {self.draft.morale[army]}",
                       (x + style.px(28), y + style.px(20)), 12, style.INK_DIM)
            y += style.px(46)
        y += style.px(4)
        guide = ("The book's guidance: 500 to 1000 points a side (750-800 plays in an evening); an attacker gets "
                 "a fifth more than the defender (HS-DES-1, HS-DES-2). Advice only: nothing is refused for it.")
        y = note(surface, guide, pygame.Rect(x, y, c.width - style.px(24), style.px(80)), 12)
        y += style.px(6)
        for line in advice or ["The points follow the book's advice."]:
            y = note(surface, "• " + line, pygame.Rect(x, y, c.width - style.px(24), style.px(60)), 12,
                     style.WARN if advice else style.GOOD)
        y += style.px(8)
        style.text(surface, "READY TO SAVE?", (x, y), 12, style.BRASS, bold=True)
        y += style.px(20)
        words, colour = (problem, style.WARN) if problem else ("Yes: press Save battle.", style.GOOD)
        note(surface, words, pygame.Rect(x, y, c.width - style.px(24), self.save_button.rect.top - y), 12, colour)


def open_designer(app, on_saved=None) -> DesignerScene:
    """Push the designer over the current screen."""
    scene = DesignerScene(on_saved)
    app.stack.push(scene)
    app.dirty = True
    return scene
