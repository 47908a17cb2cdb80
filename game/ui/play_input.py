"""The play scene's input: keys, the prompt's shortcuts, panels and clicks on the map."""
from __future__ import annotations

import pygame

from . import style
from .play_parts import ENTER_AGAIN_MAX_MS, ENTER_AGAIN_MIN_MS, ends_with_pieces_left
from .scene import now_ms
from .side_column import PANEL_WHEEL

NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | \
    {getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
CLICK_SLOP = 5             # pointer travel (design px) under which a press-release is a click, not a drag


def is_help_key(event) -> bool:
    """F1 or "?": read from the key and Shift too, as text input is off during play (no character)."""
    if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?" or event.key == pygame.K_QUESTION:
        return True
    return event.key == pygame.K_SLASH and bool(event.mod & pygame.KMOD_SHIFT)


class PlayInput:
    """What the player's keys and clicks do on the table (a mixin: PlayScene keeps the state)."""

    def press_key(self, event) -> bool:
        """Prompt shortcuts: 1-9 the visible buttons, Enter/Space the main one, Tab more, ? or F1 help."""
        if event.key in NUMBER_KEYS:
            shown = [b for b in self.prompt_buttons if b.visible]
            n = NUMBER_KEYS[event.key]
            if n > len(shown):
                return False
            if self._bounced() or now_ms() < self.keys_from:    # pressed again for the last player
                return True
            button = shown[n - 1]
            if self._key_is_early(button, self.button_action(button), str(n)):
                return True
            return self._key_clicks(button)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if now_ms() < self.keys_from:      # the Enter that lifted a curtain or closed a box, pressed twice
                return True
            main = next((b for b in self.prompt_buttons if b.primary and b.visible), None)
            if main is None:
                return False
            if self._bounced():
                return True
            if self._key_is_early(main, self.main_action, "Enter"):
                return True
            return self._key_clicks(main)
        if event.key == pygame.K_TAB:
            return self.more_button.visible and self.more_button.click()
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.hint()
            return True
        if event.key == pygame.K_f and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.fast_forward()
            return True
        if is_help_key(event):
            self.help()
            return True
        return False

    def _key_clicks(self, button) -> bool:
        """Press a prompt button from the keyboard, noting when a key last made a move."""
        fired = button.click()
        if fired:
            self.key_acted_at = now_ms()
        return fired

    def _bounced(self) -> bool:
        """True for a number key or Enter pressed again straight after one that made a move: the
        second press would land on the next prompt, unseen (in Hack & Sack the other side's: a
        double '1' accepted the set-up and then landed the Krylons' first unit, issue 10)."""
        last = getattr(self, "key_acted_at", None)
        return last is not None and now_ms() - last < ENTER_AGAIN_MIN_MS

    def button_action(self, button):
        """The action a prompt button plays (None for Cancel, End turn and the like)."""
        actions = getattr(self, "button_actions", [])
        index = next((i for i, b in enumerate(self.prompt_buttons) if b is button), None)
        return actions[index] if index is not None and index < len(actions) else None

    def _key_is_early(self, button, action, key: str) -> bool:
        """True when a key (Enter, or the button's number) would end a phase while pieces can still
        act: it then asks for a second, deliberate press of Enter or that number (a stray key never
        gives away a movement phase, issue 10). A click on the button acts at once."""
        if self.choices or not ends_with_pieces_left(action, self.view, self.adapter):
            return False
        now = now_ms()
        armed = self.enter_armed
        if armed and armed[0] == button.label and ENTER_AGAIN_MIN_MS <= now - armed[1] <= ENTER_AGAIN_MAX_MS:
            self.enter_armed = None
            return False
        if not (armed and armed[0] == button.label and now - armed[1] < ENTER_AGAIN_MIN_MS):
            self.enter_armed = (button.label, now)      # a double tap keeps the first press's time
        self.status = f"Pieces on the map can still act: press {key} again for “{button.label}”."
        return True

    def widgets(self) -> list:
        """Top bar and prompt buttons."""
        return self.top_buttons + self.prompt_buttons + [self.more_button]

    def handle_event(self, event) -> bool:
        """Keys, buttons, panels, the log and the map, in that order."""
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return True
            if event.key == pygame.K_s:
                self.save()
                return True
        elif event.type == pygame.KEYDOWN and self.press_key(event):
            return True
        if hasattr(event, "pos"):
            self.hover_pos = event.pos
            self.adapter.pointer = event.pos          # a game's overlays close when the pointer leaves
            if self.board_view is not None and not self.map_rect.collidepoint(event.pos) \
                    and self.board_view.hover is not None:
                self.board_view.hover = None          # no hover label left on the map over the units
                if self.app is not None:
                    self.app.dirty = True             # and the frame that still shows it is drawn again
        if self.board_view is not None and event.type in INPUT_EVENTS:
            self.board_view.stir()           # any input wakes the settled pulse of the legal targets
        if super().handle_event(event):
            return True
        if self.log.handle_event(event, self.hover_pos):
            return True
        pos = getattr(event, "pos", None) or (self.hover_pos if event.type == pygame.MOUSEWHEEL else None)
        if pos is not None:
            for panel, rect in self.panel_rects:
                if rect.collidepoint(pos):
                    return self._panel_event(panel, rect, event)
        return self._map_event(event)

    def _panel_event(self, panel, rect, event) -> bool:
        content, inner, over = self.panel_content[id(panel)]
        if event.type == pygame.MOUSEWHEEL:
            if not over:
                return False
            self.panel_scroll[id(panel)] = self.panel_scroll.get(id(panel), 0) - event.y * style.px(PANEL_WHEEL)
            self._layout_side()
            return True
        if not inner.collidepoint(event.pos):       # the title bar and frame name nothing
            return False
        if event.type == pygame.MOUSEMOTION:
            return panel.hover(event.pos, content, self.view)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            named = panel.click(event.pos, content, self.view)
            # An action is a tuple starting with its verb; anything else names a place.
            if named is not None and self._consumed(named):
                pass
            elif isinstance(named, tuple) and named and isinstance(named[0], str):
                self.act(named)
            elif named is not None:
                self.click_place(named)
            else:
                why = panel.why_nothing(event.pos, content, self.view) if hasattr(panel, "why_nothing") else None
                if why:
                    self.status = why
                    self.refresh(animate=False)
            return True
        return False

    def _map_event(self, event) -> bool:
        used = bool(self.board_view.handle_event(event)) if self.board_view is not None else False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.map_rect.collidepoint(event.pos):
            self.press_pos = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_pos:
            dx, dy = event.pos[0] - self.press_pos[0], event.pos[1] - self.press_pos[1]
            self.press_pos = None
            dragged = used or dx * dx + dy * dy > style.px(CLICK_SLOP) ** 2
            if not dragged and self.board_view is not None:
                place = self.board_view.place_at(event.pos)
                if place is not None:
                    self.click_place(place)
                    return True
        return used
