"""The play scene's side column: its width beside the map, the prompt's buttons, the panels and the log."""
from __future__ import annotations

import pygame

from . import style
from .scene import now_ms
from .side_column import LOG_MIN, PANEL_FLOOR, PANEL_FRAME, PANEL_MIN, panel_minimum, share_space

LOG_COLUMN = 220           # design px of spare width beside the map from which the log gets its own column
LOG_COLUMN_MAX = 320       # the widest that column grows


class SideColumnLayout:
    """Layout of the play scene (a mixin: PlayScene keeps the state it reads and writes)."""

    # -- layout and drawing ---------------------------------------------------------
    def layout(self, rect) -> None:
        """Top bar across, side panel about 360 px (scaled) on the right, the map everywhere else."""
        super().layout(rect)
        bar_h = style.px(44)
        side_w = self._side_width(rect, bar_h)
        self.top_rect = pygame.Rect(rect.left, rect.top, rect.width, bar_h)
        self.side_rect = pygame.Rect(rect.right - side_w, bar_h, side_w, rect.height - bar_h)
        self.log_column = None
        if side_w >= style.px(360) + style.px(LOG_COLUMN):
            # Room to spare beside a tall map: the log gets a column of its own, the panels the whole height.
            log_w = side_w - style.px(360)
            self.log_column = pygame.Rect(rect.right - log_w, bar_h, log_w, rect.height - bar_h)
            self.side_rect = pygame.Rect(rect.right - side_w, bar_h, side_w - log_w, rect.height - bar_h)
        self.map_rect = pygame.Rect(rect.left, bar_h, rect.width - side_w, rect.height - bar_h)
        if self.board_view is not None:
            self.board_view.ui_scale = style.scale()        # the hover text grows with the window's text
            self.board_view.set_viewport(self.map_rect.inflate(-style.px(8), -style.px(8)))
        bh, gap = style.px(30), style.px(8)
        x = rect.right - gap
        for button in reversed(self.top_buttons):
            bw = style.px(34) if button.label == "?" else style.px(72)
            button.rect = pygame.Rect(x - bw, (bar_h - bh) // 2, bw, bh)
            x -= bw + gap
        self._layout_side()

    def _side_width(self, rect, bar_h: int) -> int:
        """About 360 px (scaled); wider when the whole map fits in less than the rest of the window."""
        side_w = min(style.px(360), rect.width // 2)
        if self.board_view is None:
            return side_w
        map_w, map_h = self.board_view.map_size()
        fit_w = map_w * (rect.height - bar_h - style.px(8)) / max(1, map_h) + style.px(8)
        spare = rect.width - side_w - fit_w
        if spare < style.px(LOG_COLUMN):
            return side_w
        return int(min(side_w + spare, side_w + style.px(LOG_COLUMN_MAX), rect.width // 2))

    def _prompt_text_lines(self, width) -> list[str]:
        active = self.session.active()
        if self.handover is not None:
            words = "Your move is made. See how it went (battle panel, log), then end your turn."
        elif self.my_turn() or active is None:
            words = self.view.get("prompt", "")
        elif self.bot_error:
            words = "The computer player stopped."
        else:
            name = self.spec.display_name(active)
            took = (now_ms() - self.computer_since) / 1000 if self.computer_since is not None else 0.0
            pace = "fast forward on (F for normal)" if self.pacer.fast else "F to fast-forward"
            share = self.worker.progress()
            thought = f"thinking {round(100 * share)}% · " if share is not None else ""
            words = f"The computer is playing {name}… {thought}{took:.0f} s · {pace}"
        return style.wrap(words, style.font(16), width)

    def _flow_buttons(self, bw: int, per_row: int, inner_w: int) -> list:
        """(button, row, column, width) for each prompt button; a long label takes a row of its own."""
        placed, row, col = [], 0, 0
        label_font = style.font(15, bold=True)
        for button in self.prompt_buttons:
            wide = label_font.size(button.label)[0] > bw - style.px(36)      # room for the key hint too
            if wide and col:
                row, col = row + 1, 0
            placed.append((button, row, col, inner_w if wide else bw))
            col = per_row if wide else col + 1
            if col >= per_row:
                row, col = row + 1, 0
        return placed

    def show_button(self, button) -> None:
        """Turn the prompt's buttons to the page that shows ``button`` (a hint named it)."""
        for _ in range(len(self.prompt_buttons) + 1):
            self._layout_side()
            if button.visible:
                return
            self.button_page += 1

    def next_button_page(self) -> None:
        """Show the next page of prompt buttons (when there are more than fit)."""
        self.button_page += 1
        self._layout_side()

    def _layout_side(self) -> None:
        side = self.side_rect
        pad, gap = style.px(12), style.px(6)
        inner_w = side.width - 2 * pad - style.px(8)
        fnt = style.font(16)
        text_w = style.panel_inner(side).width - style.px(16)        # as _draw_prompt wraps it
        text_h = len(self._prompt_text_lines(text_w)) * fnt.get_linesize()
        status_h = (len(style.wrap(self.status, style.font(13), text_w)) * style.font(13).get_linesize()
                    if self.status else 0)
        bh = style.px(32)
        y = side.top + style.px(36) + text_h + style.px(10)
        x0 = side.left + pad
        per_row = 2 if inner_w > style.px(220) else 1
        bw = (inner_w - (per_row - 1) * gap) // per_row
        placed = self._flow_buttons(bw, per_row, inner_w)
        room_rows = max(2, (side.height // 2 - (y - side.top) - status_h - style.px(16)) // (bh + gap))
        total_rows = placed[-1][1] + 1 if placed else 0
        page_rows = total_rows if total_rows <= room_rows else room_rows - 1   # the last row holds "More"
        pages = max(1, -(-total_rows // max(1, page_rows)))
        self.button_page %= pages
        first = self.button_page * page_rows
        for button, row, col, width in placed:
            button.visible = first <= row < first + page_rows
            button.rect = pygame.Rect(x0 + col * (bw + gap), y + (row - first) * (bh + gap), width, bh)
        self.more_button.visible = pages > 1
        self.more_button.key = "Tab" if pages > 1 else ""
        shown = [b for b in self.prompt_buttons if b.visible]
        for n, button in enumerate(shown, 1):
            button.key = ("↵ " if button.primary else "") + (str(n) if n <= 9 and len(shown) > 1 else "")
            button.key = button.key.strip()
        self.more_button.label = f"More choices ({self.button_page + 1}/{pages})"
        self.more_button.rect = pygame.Rect(x0, y + page_rows * (bh + gap), inner_w, bh)
        rows = min(total_rows, page_rows) + (1 if pages > 1 else 0)
        prompt_h = (y - side.top) + rows * (bh + gap) + status_h + style.px(16)
        prompt_h = min(prompt_h, side.height // 2)
        self.prompt_rect = pygame.Rect(side.left, side.top, side.width, prompt_h)
        self._layout_panels(inner_w)

    def _layout_panels(self, inner_w: int) -> None:
        """Panels between the prompt and the log share the room; what does not fit scrolls."""
        y = self.prompt_rect.bottom
        frame = style.px(PANEL_FRAME)
        wanted = [(p, p.height(inner_w, self.view)) for p in self.panels]
        wanted = [(p, want) for p, want in wanted if want > 0]
        mins = [frame + min(want, max(style.px(PANEL_MIN), panel_minimum(p, inner_w, self.view)))
                for p, want in wanted]
        room = self.side_rect.bottom - y - (0 if self.log_column else style.px(LOG_MIN))
        heights = share_space([frame + want for _, want in wanted], mins, room, frame + style.px(PANEL_FLOOR))
        self.panel_rects, self.panel_content = [], {}
        for (panel, want), h in zip(wanted, heights):
            if h <= 0:
                continue
            rect = pygame.Rect(self.side_rect.left, y, self.side_rect.width, h)
            inner = style.panel_inner(rect, panel.title)
            over = max(0, want - inner.height)
            scroll = self.panel_scroll[id(panel)] = max(0, min(self.panel_scroll.get(id(panel), 0), over))
            width = inner.width - (style.px(8) if over else 0)          # room for the scroll bar
            content = pygame.Rect(inner.left, inner.top - scroll, width, max(want, inner.height))
            self.panel_content[id(panel)] = (content, inner, over)
            self.panel_rects.append((panel, rect))
            y += h
        self.log_rect = self.log_column or pygame.Rect(self.side_rect.left, y, self.side_rect.width,
                                                       self.side_rect.bottom - y)
