"""Drawing the play scene: the map, the top bar and side column kept as one picture, the pulse alone."""
from __future__ import annotations

import pygame

from . import style
from .play_parts import draw_plain_board, side_chip
from .scene import now_ms
from .side_column import draw_headline, draw_scroll_bar

# The status line's colour by what it says: a refusal or failure, a note of what was done, a hint.
STATUS_TONES = {"warn": style.WARN, "note": style.INK, "hint": style.BRASS}


class PlayDrawing:
    """The play scene's frames (a mixin: PlayScene keeps the state it reads)."""

    _drawn_key = None        # what the top bar and side column showed in the last frame (None: not kept)

    def draw(self, surface, now_ms: int) -> None:
        """Draw the whole play screen; a frame that only moves the targets' pulse redraws just that."""
        self.drawn_rects = None
        key = self._chrome_key(now_ms)
        # the pulse alone only while the side column shows what it showed (a hint's words, a status)
        if key is not None and key == self._drawn_key and self._pulse_only(now_ms):
            self.drawn_rects = self.board_view.draw_pulse(surface, now_ms, self._draw_over_map)
            if self.drawn_rects is not None:
                return
        self._drawn_key = key
        if key is None:                      # the prompt or a panel moves: draw it all, top bar last for its tips
            self._layout_side()
            style.backdrop(surface)
            self._draw_map(surface, now_ms)
            self._draw_side(surface, now_ms)
            self._draw_dice(surface, now_ms)
            self._draw_top_bar(surface)
            return
        chrome = self._chrome_picture(key, surface.get_size(), now_ms)
        surface.blits([(chrome, r, r) for r in self._chrome_rects()], doreturn=False)
        self._draw_map(surface, now_ms)
        self._draw_dice(surface, now_ms)

    def _chrome_picture(self, key, size, now_ms: int) -> pygame.Surface:
        """The top bar and side column as a kept picture, drawn again only when ``key`` changes."""
        if key != self._chrome[0] or self._chrome[1].get_size() != size:
            self._layout_side()
            chrome = self._chrome[1] if self._chrome[1].get_size() == size else pygame.Surface(size)
            style.backdrop(chrome)
            self._draw_side(chrome, now_ms)
            self._draw_top_bar(chrome)
            self._chrome = (self._chrome_key(now_ms), chrome)
        return self._chrome[1]

    def warm(self, size, now_ms: int):
        """Draw ahead what the first frame will reuse, off screen, a piece per step of the
        generator (the side column, the counters, then the map a slice at a time): a table opened from a long save spreads
        its first frame over turns of the loop."""
        key = self._chrome_key(now_ms)
        if key is not None:
            self._chrome_picture(key, size, now_ms)
            yield
        if self.board_view is not None:
            yield from self.board_view.warm_pieces()
            yield
            yield from self.board_view.warm_map()

    def _draw_side(self, surface, now_ms) -> None:
        """The prompt, the game's panels and the log."""
        self._draw_prompt(surface, now_ms)
        for panel, rect in self.panel_rects:
            style.panel(surface, rect, panel.title)
            content, inner, over = self.panel_content[id(panel)]
            clip = surface.get_clip()
            surface.set_clip(inner)
            panel.draw(surface, content, self.view, now_ms)
            surface.set_clip(clip)
            if over:
                draw_scroll_bar(surface, inner, inner.top - content.top, content.height)
        self.log.draw(surface, style.panel(surface, self.log_rect, "Log"))

    def _chrome_key(self, now_ms: int):
        """What the top bar and side column show, or None when they move by themselves (not cached then)."""
        active = self.session.active()
        if self.worker.busy or (active is not None and not self.is_human(active)):
            return None                     # the prompt counts the computer's seconds
        if self.adapter.animating(now_ms) or any(p.animating(now_ms) for p in self.panels):
            return None
        if any(b.hover and b.tip for b in self.top_buttons):
            return None                     # the tip hangs over the map
        buttons = tuple((b.label, b.hover, b.pressed, b.enabled, b.visible, b.key, b.hinted, tuple(b.rect))
                        for b in self.widgets())
        pointer = self.hover_pos if self.hover_pos and self.side_rect.collidepoint(self.hover_pos) else None
        return (self.view, self.status, self.status_tone, buttons, tuple(self.panel_scroll.items()), self.log.scroll,
                len(self.log.lines), pointer, tuple(self.rect), style.scale(), self.pacer.fast, self.viewer,
                self.handover, self.picks)

    def _chrome_rects(self) -> list:
        """The screen outside the map's viewport: top bar, side column and the map's frame."""
        vp = self.board_view.camera.viewport if self.board_view is not None else self.map_rect
        m = self.map_rect
        side = [self.side_rect] + ([self.log_column] if self.log_column else [])
        return [self.top_rect, *side, pygame.Rect(m.left, m.top, m.width, vp.top - m.top),
                pygame.Rect(m.left, vp.bottom, m.width, m.bottom - vp.bottom),
                pygame.Rect(m.left, vp.top, vp.left - m.left, vp.height),
                pygame.Rect(vp.right, vp.top, m.right - vp.right, vp.height)]

    def _pulse_only(self, now_ms: int) -> bool:
        """True when nothing but the legal targets' pulse has changed since the last frame."""
        if self.board_view is None or self.app is None or self.app.dirty or self.app.stack.top is not self:
            return False
        if self.dice.tumbling(now_ms) or self.worker.busy or not self.is_human(self.session.active()):
            return False
        return not self.adapter.animating(now_ms) and not any(p.animating(now_ms) for p in self.panels)

    def _draw_over_map(self, surface) -> None:
        """What the scene draws over the board view: the game's marks and the dice tray."""
        now = now_ms()
        self.adapter.draw_overlay(surface, self.board_view, self.view, now)
        self._draw_dice(surface, now)

    def _draw_dice(self, surface, now_ms: int) -> None:
        """The dice tray, in the corner of the map where it hides least."""
        self.dice.draw(surface, self.map_rect, now_ms, self.board_view, self.adapter.overlay_rects())

    def _draw_map(self, surface, now_ms) -> None:
        area = self.map_rect.inflate(-style.px(8), -style.px(8))
        if self.board_view is None:
            draw_plain_board(surface, area, self.spec, self.view, self.board_note)
            return
        self.board_view.draw(surface, now_ms)
        self.adapter.draw_overlay(surface, self.board_view, self.view, now_ms)   # a game's marks over the map

    def _draw_top_bar(self, surface) -> None:
        bar = self.top_rect
        pygame.draw.rect(surface, style.WOOD_DARK, bar)
        pygame.draw.line(surface, style.BRASS_DIM, bar.bottomleft, (bar.right, bar.bottom - 1))
        right = self.top_buttons[0].rect.left - style.px(14)
        active = self.session.active()
        if active is not None:
            label = f"{self.spec.display_name(active)} to act" + ("" if self.is_human(active) else " (computer)")
            r = style.text(surface, label, (right, bar.centery), 15, style.TARGET, bold=True, anchor="midright")
            side_chip(surface, self.spec, active, (r.left - style.px(16), bar.centery), style.px(22))
            right = r.left - style.px(34)
        self._draw_headline(surface, bar, right)
        for button in self.top_buttons:
            button.draw(surface)
            if button.hover and button.tip:
                style.text(surface, button.tip, (button.rect.centerx, button.rect.bottom + style.px(6)), 12,
                           style.BRASS, anchor="midtop")

    def _draw_headline(self, surface, bar, right: int) -> None:
        v = self.view
        turn = [f"Round {v['round']}"] if v.get("round") else [f"Turn {v['turn']}"] if v.get("turn") else []
        phase = str(v.get("phase") or "").replace("_", " ")
        # Only the first letter raised: a side's name in the phase keeps its capital ("(Imperium)").
        parts = [self.spec.title] + turn + ([phase[:1].upper() + phase[1:]] if phase else [])
        scores = v.get("scores") or {}
        draw_headline(surface, self.spec, bar, right, parts, [(s, scores[s]) for s in self.spec.sides if s in scores])

    def _draw_thinking(self, surface, bar, now_ms) -> None:
        """How far the computer's search is (a filling bar), or a sweep for a bot that cannot tell."""
        pygame.draw.rect(surface, style.SLATE_DARK, bar)
        share = self.worker.progress()
        if share is None:
            sweep = (now_ms // 8) % max(1, bar.width)
            pygame.draw.rect(surface, style.BRASS, (bar.left + sweep * 3 // 4, bar.top, bar.width // 4, bar.height))
            return
        pygame.draw.rect(surface, style.BRASS, (bar.left, bar.top, round(bar.width * min(1.0, share)), bar.height))

    def _draw_prompt(self, surface, now_ms) -> None:
        who = self.viewer if self.my_turn() or self.handover else self.session.active()
        title = "Prompt" if who is None else f"Prompt — {self.spec.display_name(who)}"
        inner = style.panel(surface, self.prompt_rect, title)
        fnt = style.font(16)
        y = inner.top + style.px(8)
        width = inner.width - style.px(16)
        for line in self._prompt_text_lines(width):
            surface.blit(fnt.render(line, True, style.INK), (inner.left + style.px(8), y))
            y += fnt.get_linesize()
        if not self.my_turn() and self.worker.busy:
            self._draw_thinking(surface, pygame.Rect(inner.left + style.px(8), y + style.px(4), width, style.px(6)),
                                now_ms)
        for button in self.prompt_buttons + [self.more_button]:
            button.draw(surface)
        if self.status:
            small = style.font(13)
            lines = style.wrap(self.status, small, width)
            tone = STATUS_TONES[self.status_tone]
            y = inner.bottom - style.px(6) - len(lines) * small.get_linesize()
            for line in lines:
                surface.blit(small.render(line, True, tone), (inner.left + style.px(8), y))
                y += small.get_linesize()
