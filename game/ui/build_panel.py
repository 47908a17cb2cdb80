"""The build screen: points to spend, what each counter costs, a production track and its Ready box.

Reads ``view["build"]`` (docs/architecture.md):
``{"points": total this phase, "left": still to spend, "note": words,
   "costs": [{"name", "cost", "piece": a piece dict to draw, "available": n, "action": [...] or None,
              "why": why it cannot be bought}],
   "track": [{"label": "4", "name": "Titans", "pieces": [piece, ...]}, ...]  (left to right),
   "ready": {"label": "Ready", "pieces": [...]}}``.
A cost row whose action is legal is lit; a click buys. A counter on the track or in the Ready box
that a legal action names (placing it on the map) is lit too. Any game with points, costs and a
production track (Battle for Armageddon, Hammer's Slammers' reinforcements) can use it.
"""
from __future__ import annotations

import pygame

from game.core.contract import as_action
from game.ui import style
from game.ui.adapter import Panel
from game.ui.pieces import SpriteCache

COST_ROW = 34      # design px per cost row
BOX = 64           # design px: a track box's height


class BuildPanel(Panel):
    """Build points, costs (click to buy), the production track and the Ready box."""

    title = "Build"

    def __init__(self, adapter, read=None):
        super().__init__(adapter)
        self.sprites = SpriteCache(adapter.spec.side_colours)
        self.hovered = None
        self.read = read or (lambda view: view.get("build"))   # a game may build what the panel reads

    def build(self, view: dict) -> dict:
        """What the panel shows: view["build"], or the game's own reading of its view."""
        return self.read(view) or {}

    def legal_buy(self, row: dict, view: dict):
        """The row's action when it is legal now, else None."""
        act = row.get("action")
        if not act:
            return None
        act = as_action(act)
        return act if act in self.adapter.legal(view) else None

    def light(self, action, view: dict) -> bool:
        """A hint to buy a counter tags its cost row."""
        costs = self.build(view).get("costs") or ()
        return self.lit(any(self.legal_buy(row, view) == action for row in costs), action, view)

    # -- layout ---------------------------------------------------------------------------
    def _head_h(self) -> int:
        return style.px(44)

    def _track_h(self, view: dict) -> int:
        """The production track's room (its title and boxes), drawn under the points, above the costs."""
        b = self.build(view)
        return style.px(18 + BOX + 8) if b.get("track") or b.get("ready") else 0

    def _cost_rect(self, rect, i: int, view: dict) -> pygame.Rect:
        top = rect.top + self._head_h() + self._track_h(view)
        return pygame.Rect(rect.left + style.px(2), top + i * style.px(COST_ROW),
                           rect.width - style.px(4), style.px(COST_ROW - 3))

    def _track_top(self, rect, view: dict) -> int:
        return rect.top + self._head_h()

    def _boxes(self, rect, view: dict) -> list:
        """(box dict, rect) for each track box and then the Ready box, in one row."""
        b = self.build(view)
        boxes = list(b.get("track") or ()) + ([dict(b["ready"], ready=True)] if b.get("ready") else [])
        if not boxes:
            return []
        gap = style.px(10)
        w = (rect.width - style.px(4) - gap * (len(boxes) - 1)) // len(boxes)
        top = self._track_top(rect, view) + style.px(18)
        return [(box, pygame.Rect(rect.left + style.px(2) + i * (w + gap), top, w, style.px(BOX)))
                for i, box in enumerate(boxes)]

    def height(self, width: int, view: dict) -> int:
        b = self.build(view)
        if not b:
            return 0
        return self._head_h() + self._track_h(view) + len(b.get("costs") or ()) * style.px(COST_ROW) + style.px(8)

    def min_height(self, width: int, view: dict) -> int:
        return min(self.height(width, view), style.px(200))

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        b = self.build(view)
        if not b:
            return
        left, total = int(b.get("left", 0)), int(b.get("points", 0))
        style.text(surface, f"Build points: {left} of {total} left", (rect.left + style.px(6), rect.top + style.px(2)),
                   16, style.BRASS, bold=True)
        note = style.text(surface, b["note"], (rect.right - style.px(6), rect.top + style.px(22)), 11,
                          style.INK_DIM, anchor="topright") if b.get("note") else pygame.Rect(rect.right, 0, 0, 0)
        self._draw_points(surface, pygame.Rect(rect.left + style.px(6), rect.top + style.px(24),
                                               note.left - rect.left - style.px(16), style.px(10)), left, total)
        hinted = self.hinted_in(view)
        for i, row in enumerate(b.get("costs") or ()):
            self._draw_cost(surface, self._cost_rect(rect, i, view), row, view)
            if hinted is not None and self.legal_buy(row, view) == hinted:
                style.hint_tag(surface, self._cost_rect(rect, i, view))
        if self._boxes(rect, view):
            style.text(surface, "Production track  →  Ready", (rect.left + style.px(6), self._track_top(rect, view)),
                       12, style.INK_DIM, bold=True)
            self._draw_track(surface, rect, view)

    def _draw_points(self, surface, bar, left: int, total: int) -> None:
        """One pip per build point: the ones still to spend bright, the spent ones hollow."""
        if total <= 0:
            return
        w = max(2, min(style.px(14), (bar.width - total) // total))
        for i in range(total):
            pip = pygame.Rect(bar.left + i * (w + 1), bar.top, w, bar.height)
            if i < left:
                pygame.draw.rect(surface, style.BRASS, pip)
            else:
                pygame.draw.rect(surface, style.BRASS_DIM, pip, 1)

    def _draw_cost(self, surface, row_rect, row: dict, view: dict) -> None:
        buy = self.legal_buy(row, view)
        hover = self.hovered == ("cost", row.get("name"))
        pygame.draw.rect(surface, style.SLATE_LIGHT if hover else style.SLATE_DARK, row_rect, border_radius=style.px(4))
        if buy:
            pygame.draw.rect(surface, style.TARGET, row_rect, max(1, style.px(2)), border_radius=style.px(4))
        size = row_rect.height - style.px(4)
        if row.get("piece"):
            surface.blit(self.sprites.counter(row["piece"], size), (row_rect.left + style.px(3), row_rect.top + style.px(2)))
        x = row_rect.left + size + style.px(10)
        ink = style.INK if buy else style.INK_DIM
        style.text(surface, str(row.get("name", "")), (x, row_rect.centery), 13, ink, bold=bool(buy), anchor="midleft")
        cost = f"{row.get('cost', '?')} pt{'s' if row.get('cost') != 1 else ''}"
        r = style.text(surface, cost, (row_rect.right - style.px(8), row_rect.centery), 14,
                       style.TARGET if buy else style.INK_DIM, bold=True, anchor="midright")
        if row.get("available") is not None:
            style.text(surface, f"{row['available']} left", (r.left - style.px(10), row_rect.centery), 11,
                       style.INK_DIM, anchor="midright")

    def _draw_track(self, surface, rect, view: dict) -> None:
        lit = self.adapter.piece_actions(view)
        boxes = self._boxes(rect, view)
        for i, (box, r) in enumerate(boxes):
            ready = box.get("ready")
            pygame.draw.rect(surface, (206, 222, 206) if ready else (236, 228, 206), r, border_radius=style.px(4))
            pygame.draw.rect(surface, (60, 50, 40), r, 1, border_radius=style.px(4))
            style.text(surface, str(box.get("label", "")), (r.left + style.px(4), r.top + style.px(2)), 11,
                       (40, 32, 24), bold=True)
            if i + 1 < len(boxes):
                tip = (r.right + style.px(8), r.centery)
                pygame.draw.polygon(surface, style.BRASS, [tip, (r.right + style.px(2), r.centery - style.px(5)),
                                                           (r.right + style.px(2), r.centery + style.px(5))])
            self._draw_box_pieces(surface, r, box.get("pieces") or (), lit)
            if box.get("name"):
                self._fit_small(surface, box["name"], r)

    def _draw_box_pieces(self, surface, r, pieces, lit: dict) -> None:
        """Up to three counters, offset as a stack, with the count on a badge."""
        if not pieces:
            return
        size = min(r.width - style.px(12), r.height - style.px(30))
        shown = list(pieces)[-3:]
        step = max(2, size // 10)
        x0, y0 = r.centerx - size // 2 - step, r.top + style.px(15)
        for k, piece in enumerate(shown):
            surface.blit(self.sprites.counter(piece, size), (x0 + k * step, y0 + k * step))
            if piece.get("id") in lit:
                pygame.draw.rect(surface, style.TARGET, (x0 + k * step, y0 + k * step, size, size), max(1, style.px(2)))
        if len(pieces) > 1:
            badge = self.sprites.badge(str(len(pieces)), style.px(16))
            surface.blit(badge, (r.right - badge.get_width() - style.px(2), r.top + style.px(2)))

    @staticmethod
    def _fit_small(surface, words: str, r) -> None:
        fnt = style.font(10)
        while words and fnt.size(words)[0] > r.width - style.px(4):
            words = words[:-2] + "…" if len(words) > 2 else ""
        if words:
            img = fnt.render(words, True, (40, 32, 24))
            surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - style.px(1))))

    # -- input ------------------------------------------------------------------------------
    def _hit(self, pos, rect, view: dict):
        for i, row in enumerate(self.build(view).get("costs") or ()):
            if self._cost_rect(rect, i, view).collidepoint(pos):
                return ("cost", row)
        for box, r in self._boxes(rect, view):
            if r.collidepoint(pos):
                return ("box", box)
        return None

    def hover(self, pos, rect, view: dict) -> bool:
        hit = self._hit(pos, rect, view)
        key = ("cost", hit[1].get("name")) if hit and hit[0] == "cost" else None
        changed, self.hovered = key != self.hovered, key
        return changed

    def click(self, pos, rect, view: dict):
        """A cost row buys (or, when it cannot, names its action so the rules say why); a track box
        gives the action of its top counter a legal action names."""
        hit = self._hit(pos, rect, view)
        if hit is None:
            return None
        kind, what = hit
        if kind == "cost":
            return as_action(what["action"]) if what.get("action") else None
        lit = self.adapter.piece_actions(view)
        for piece in reversed(list(what.get("pieces") or ())):
            if piece.get("id") in lit:
                return lit[piece["id"]][0]
        return None
