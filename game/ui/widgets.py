"""Small widgets drawn in the shell's own style: buttons, choice cyclers, a text field, a list.

They read ``event.pos`` only (never the mouse state), so posted events drive them in tests.
"""
from __future__ import annotations

import pygame

from . import style


class Widget:
    """Something with a rect that draws itself and handles events."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True

    def handle_event(self, event) -> bool:
        """React to an event; True when it changed what is drawn."""
        return False

    def draw(self, surface) -> None:
        """Draw the widget."""


class Button(Widget):
    """A brass-edged button that calls ``on_click`` on a full click (press and release inside)."""

    def __init__(self, label: str, on_click=None, enabled: bool = True, tip: str = "",
                 primary: bool = False, size: int = 16):
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.tip = tip
        self.primary = primary
        self.size = size
        self.hover = False
        self.pressed = False
        self.key = ""              # the keyboard shortcut, written small in the right corner
        self.hinted = False        # a hint names this button (style.hint_tag)

    def click(self) -> bool:
        """Press the button from the keyboard; True when it fired."""
        if not (self.visible and self.enabled and self.on_click):
            return False
        self.on_click()
        return True

    def handle_event(self, event) -> bool:
        """Track hover and clicks."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            changed = inside != self.hover
            self.hover = inside
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            fire = self.pressed and self.rect.collidepoint(event.pos) and self.enabled
            was = self.pressed
            self.pressed = False
            if fire and self.on_click:
                self.on_click()
            return was
        return False

    def draw(self, surface) -> None:
        """Draw the button in its state."""
        if not self.visible:
            return
        r = self.rect
        radius = style.px(5)
        if not self.enabled:
            face, edge, ink = style.SLATE_DARK, style.SLATE_LIGHT, style.INK_DIM
        elif self.pressed:
            face, edge, ink = style.WOOD_DARK, style.BRASS, style.INK
        elif self.primary:
            face = style.WOOD_LIGHT if self.hover else style.WOOD
            edge, ink = style.BRASS, style.INK
        else:
            face = style.SLATE_LIGHT if self.hover else style.SLATE
            edge, ink = (style.BRASS if self.hover else style.BRASS_DIM), style.INK
        pygame.draw.rect(surface, style.INK_DARK, r.move(0, style.px(2)), border_radius=radius)
        pygame.draw.rect(surface, face, r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=max(1, style.px(1.5)), border_radius=radius)
        fnt = style.font(self.size, bold=self.primary)
        label = self.label
        hint = style.font(11).render(self.key, True, style.BRASS_DIM if self.enabled else style.SLATE_LIGHT) \
            if self.key else None
        room = r.width - style.px(10) - (2 * hint.get_width() + style.px(8) if hint else 0)
        while fnt.size(label)[0] > room and len(label) > 3:
            label = label[:-2] + "…"
        img = fnt.render(label, True, ink)
        surface.blit(img, img.get_rect(center=r.center))
        if hint:   # the key, small and dim, so it helps without shouting
            surface.blit(hint, hint.get_rect(midright=(r.right - style.px(6), r.centery)))
        if self.hinted:
            style.hint_tag(surface, r)


class Cycler(Widget):
    """A choice among options: ◀ value ▶; clicking the arrows or the value steps through them."""

    def __init__(self, options: list[tuple[str, object]], index: int = 0, on_change=None):
        super().__init__()
        self.options = list(options)
        self.index = index if 0 <= index < len(self.options) else 0
        self.on_change = on_change
        self.hover = False

    @property
    def value(self):
        """The chosen option's value."""
        return self.options[self.index][1] if self.options else None

    @property
    def label(self) -> str:
        """The chosen option's label."""
        return self.options[self.index][0] if self.options else "—"

    def set_options(self, options, index=0) -> None:
        """Replace the options (keeping the choice in range)."""
        self.options = list(options)
        self.index = index if 0 <= index < len(self.options) else 0

    def select(self, value) -> None:
        """Choose the option with ``value`` if present."""
        for i, (_, v) in enumerate(self.options):
            if v == value:
                self.index = i

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The rects of the left and right arrows."""
        w = self.rect.height
        return (pygame.Rect(self.rect.left, self.rect.top, w, self.rect.height),
                pygame.Rect(self.rect.right - w, self.rect.top, w, self.rect.height))

    def handle_event(self, event) -> bool:
        """Step through the options on a click."""
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            changed, self.hover = inside != self.hover, inside
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            if len(self.options) > 1:
                step = -1 if self.arrows()[0].collidepoint(event.pos) else 1
                self.index = (self.index + step) % len(self.options)
                if self.on_change:
                    self.on_change(self.value)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hover and len(self.options) > 1:
            self.index = (self.index - event.y) % len(self.options)
            if self.on_change:
                self.on_change(self.value)
            return True
        return False

    def draw(self, surface) -> None:
        """Draw the value between two arrows."""
        r = self.rect
        pygame.draw.rect(surface, style.SLATE_DARK, r, border_radius=style.px(4))
        pygame.draw.rect(surface, style.BRASS if self.hover else style.BRASS_DIM, r,
                         width=max(1, style.px(1)), border_radius=style.px(4))
        left, right = self.arrows()
        live = len(self.options) > 1
        ink = style.BRASS if live else style.SLATE_LIGHT
        for box, pointing in ((left, -1), (right, 1)):
            cx, cy, s = box.centerx, box.centery, box.height // 5
            pygame.draw.polygon(surface, ink, [(cx - pointing * s, cy - s), (cx + pointing * s, cy),
                                               (cx - pointing * s, cy + s)])
        fnt = style.font(15)
        label = self.label
        room = r.width - 2 * left.width
        while fnt.size(label)[0] > room and len(label) > 3:
            label = label[:-2] + "…"
        img = fnt.render(label, True, style.INK)
        surface.blit(img, img.get_rect(center=r.center))


class TextField(Widget):
    """A one-line text entry; it has the keyboard while it has focus (click it)."""

    def __init__(self, value: str = "", placeholder: str = "", allowed=None, max_len: int = 200):
        super().__init__()
        self.value = value
        self.placeholder = placeholder
        self.allowed = allowed
        self.max_len = max_len
        self.focus = False

    def handle_event(self, event) -> bool:
        """Take focus on a click; type, delete and paste while focused."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was, self.focus = self.focus, self.rect.collidepoint(event.pos)
            return was != self.focus
        if not self.focus:
            return False
        if event.type == pygame.TEXTINPUT:
            chars = "".join(c for c in event.text if self.allowed is None or c in self.allowed)
            self.value = (self.value + chars)[: self.max_len]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focus = False
                return True
        return False

    def draw(self, surface) -> None:
        """Draw the field with its text or placeholder."""
        r = self.rect
        pygame.draw.rect(surface, (22, 24, 27), r, border_radius=style.px(4))
        pygame.draw.rect(surface, style.TARGET if self.focus else style.BRASS_DIM, r,
                         width=max(1, style.px(1)), border_radius=style.px(4))
        fnt = style.font(15)
        words, ink = (self.value, style.INK) if self.value else (self.placeholder, style.INK_DIM)
        while fnt.size(words)[0] > r.width - style.px(16) and words:
            words = words[1:]
        img = fnt.render(words + ("|" if self.focus else ""), True, ink)
        surface.blit(img, img.get_rect(midleft=(r.left + style.px(8), r.centery)))


class ListBox(Widget):
    """A scrolling list of rows (label, value[, note]); a click selects a row, a second click activates it."""

    def __init__(self, rows: list[tuple] = (), on_activate=None):
        super().__init__()
        self.rows = list(rows)
        self.on_activate = on_activate
        self.selected: int | None = None
        self.top = 0

    def row_height(self) -> int:
        """Height of one row in pixels."""
        return style.px(28)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn now."""
        h = self.row_height()
        return pygame.Rect(self.rect.left + style.px(4), self.rect.top + style.px(4) + (index - self.top) * h,
                           self.rect.width - style.px(8), h)

    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, (self.rect.height - style.px(8)) // self.row_height())

    def handle_event(self, event) -> bool:
        """Select, activate and scroll."""
        if event.type == pygame.MOUSEWHEEL:
            limit = max(0, len(self.rows) - self.visible_rows())
            self.top = max(0, min(limit, self.top - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            for i in range(self.top, min(len(self.rows), self.top + self.visible_rows())):
                if self.row_rect(i).collidepoint(event.pos):
                    again = self.selected == i
                    self.selected = i
                    if again and self.on_activate:
                        self.on_activate(self.rows[i][1])
                    return True
        return False

    @property
    def value(self):
        """The selected row's value."""
        return self.rows[self.selected][1] if self.selected is not None and self.selected < len(self.rows) else None

    def draw(self, surface) -> None:
        """Draw the visible rows."""
        pygame.draw.rect(surface, (22, 24, 27), self.rect, border_radius=style.px(4))
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        fnt = style.font(15)
        for i in range(self.top, min(len(self.rows), self.top + self.visible_rows())):
            r = self.row_rect(i)
            if i == self.selected:
                pygame.draw.rect(surface, style.WOOD, r, border_radius=style.px(3))
            right = r.right - style.px(8)
            if len(self.rows[i]) > 2:            # a dim note on the right (a file name, a date)
                note = style.font(12).render(str(self.rows[i][2]), True, style.INK_DIM)
                right = max(r.centerx, right - note.get_width())
                surface.blit(note, note.get_rect(midleft=(right, r.centery)))
                right -= style.px(12)
            label = self.rows[i][0]
            while fnt.size(label)[0] > right - r.left - style.px(8) and len(label) > 3:
                label = label[:-2] + "…"
            img = fnt.render(label, True, style.INK)
            surface.blit(img, img.get_rect(midleft=(r.left + style.px(8), r.centery)))
        if not self.rows:
            style.text(surface, "(none)", (self.rect.left + style.px(12), self.rect.top + style.px(10)), 15,
                       style.INK_DIM)
        surface.set_clip(clip)
