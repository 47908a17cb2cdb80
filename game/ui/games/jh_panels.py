"""Judean Hammer side panels: the card mat with VP track and regions, and the battle panel."""
from __future__ import annotations

import pygame

from game.ui import style
from game.ui.adapter import Panel
from game.ui.play_parts import draw_die

from .jh_cards import FACTION_COLOURS, FACTION_LETTER, draw_back, draw_card, faction_mark

SIDES = ("maccabean", "greek")
NAMES = {"maccabean": "Maccabeans", "greek": "Greeks"}
REVEAL_MS = (0, 450, 900)        # card shown, strengths compared, casualties (step by step)


class TablePanel(Panel):
    """Draw pile, discard, Combat/Ambush pile, removed cards, the VP track and region control."""

    title = "Table"

    def hover(self, pos, rect, view: dict) -> bool:
        return self.adapter.hand.leave()

    def height(self, width: int, view: dict) -> int:
        return style.px(132)

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        piles = view.get("piles") or {}
        pad = style.px(6)
        cw = style.px(28)
        ch = round(cw * 1.36)
        x, y = rect.left + pad, rect.top + pad
        cells = [("Draw", None, piles.get("draw", 0)),
                 ("Discard", piles.get("discard_top"), piles.get("discard", 0)),
                 ("Combat", piles.get("combat_top"), piles.get("combat", 0)),
                 ("Removed", (piles.get("removed") or [None])[-1], len(piles.get("removed") or []))]
        step = (rect.w - 2 * pad) // len(cells)
        small = style.font(11)
        for label, top, n in cells:
            card_rect = pygame.Rect(x, y, cw, ch)
            if label == "Draw":
                draw_back(surface, card_rect, n)
            elif top:
                draw_card(surface, card_rect, top)
            else:
                pygame.draw.rect(surface, style.SLATE_DARK, card_rect, border_radius=4)
                pygame.draw.rect(surface, style.INK_DIM, card_rect, 1, border_radius=4)
            tx = x + cw + pad // 2
            surface.blit(small.render(label, True, style.INK_DIM), (tx, y + style.px(4)))
            surface.blit(style.font(16, bold=True).render(str(n), True, style.BRASS),
                         (tx, y + style.px(6) + small.get_linesize()))
            x += step
        y += ch + pad
        y = self._draw_regions(surface, rect, y, view)
        self._draw_track(surface, rect, y + pad // 2, view)

    def _draw_track(self, surface, rect, y, view) -> int:
        """VP boxes 0..15 with each side's marker (VP past 15 are written beside, JH-GAP-11)."""
        scores = view.get("scores") or {}
        pad = style.px(6)
        boxes = 16
        w = (rect.w - 2 * pad) / boxes
        h = style.px(26)
        small = style.font(9)
        for i in range(boxes):
            box = pygame.Rect(round(rect.left + pad + i * w), y, round(w) - 1, h)
            gold = i == 12
            pygame.draw.rect(surface, (70, 62, 44) if gold else style.SLATE_LIGHT, box)
            surface.blit(small.render(str(i), True, style.BRASS if gold else style.INK_DIM), (box.left + 2, box.top))
        for k, side in enumerate(SIDES):
            vp = int(scores.get(side, 0))
            i = min(vp, boxes - 1)
            cx = round(rect.left + pad + i * w + w / 2)
            faction_mark(surface, side, (cx, y + style.px(12) + k * style.px(8)), style.px(4))
            if vp >= boxes:
                surface.blit(small.render(f"{vp}", True, style.INK), (cx - style.px(6), y + h))
        return y + h


    def _draw_regions(self, surface, rect, y, view) -> int:
        """Each region with who controls it (JH-MAP-7, JH-MAP-8): letter and colour, or a dash."""
        control = view.get("control") or {}
        pad = style.px(6)
        cols = 3
        cw = (rect.w - 2 * pad) // cols
        f = style.font(12)
        for i, region in enumerate(sorted(control)):
            cx = rect.left + pad + (i % cols) * cw
            cy = y + (i // cols) * style.px(18)
            who = control[region]
            if who:
                faction_mark(surface, who, (cx + style.px(7), cy + style.px(7)), style.px(6))
            else:
                pygame.draw.circle(surface, style.INK_DIM, (cx + style.px(7), cy + style.px(7)), style.px(6), 1)
            surface.blit(f.render(region, True, style.INK), (cx + style.px(17), cy))
        return y + ((len(control) + cols - 1) // cols) * style.px(18)


class BattlePanel(Panel):
    """The odds before a battle or ambush, and the last battle shown step by step."""

    title = "Battle"

    def __init__(self, adapter):
        super().__init__(adapter)
        self.seen = None             # the last battle already shown (to restart the reveal)
        self.started = 0

    def height(self, width: int, view: dict) -> int:
        if not self.active(view):
            return 0
        rows = min(3, len(self.adapter.odds_rows(view)))
        return style.px(max(40, 8 + 30 * rows + (80 if view.get("battle") else 0)))

    def hover(self, pos, rect, view: dict) -> bool:
        return self.adapter.hand.leave()

    def active(self, view: dict) -> bool:
        """True when there is a battle to preview or a result to show."""
        step = (view.get("pending") or {}).get("step")
        return step in ("battles", "ambush") or bool(self.adapter.odds_rows(view)) or bool(view.get("battle"))

    def animating(self, now_ms: int) -> bool:
        return self.seen is not None and now_ms - self.started < REVEAL_MS[-1] + 100

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        rows = self.adapter.odds_rows(view)
        x, y = rect.left + style.px(6), rect.top + style.px(4)
        f, bold = style.font(12), style.font(12, bold=True)
        for line in rows[:3]:
            surface.blit(bold.render(line[0], True, style.TARGET), (x, y))
            y += f.get_linesize()
            if line[1]:
                surface.blit(f.render(line[1], True, style.INK), (x + style.px(8), y))
                y += f.get_linesize()
        battle = view.get("battle")
        if battle and y < rect.bottom - style.px(40):
            self._draw_result(surface, pygame.Rect(rect.left, y, rect.w, rect.bottom - y), battle, view, now_ms)

    def _draw_result(self, surface, rect, battle: dict, view: dict, now_ms: int) -> None:
        """Revealed card, then strengths, then casualties, each after a short pause."""
        key = (view.get("dice") or {}).get("serial")
        if key != self.seen:
            self.seen, self.started = key, now_ms
        t = now_ms - self.started if self.adapter.animate else REVEAL_MS[-1]
        pad = style.px(6)
        revealed = (view.get("revealed") or {}).get("card")
        cw = min(style.px(52), rect.h - pad)
        card_rect = pygame.Rect(rect.left + pad, rect.top + pad // 2, cw, round(cw * 1.36))
        if t >= REVEAL_MS[0] and revealed:
            draw_card(surface, card_rect.clip(rect), revealed)
        elif t >= REVEAL_MS[0]:
            draw_back(surface, card_rect.clip(rect))
        x = card_rect.right + pad
        y = rect.top + pad // 2
        f, bold = style.font(12), style.font(13, bold=True)
        head = ("Ambush" if battle.get("kind") == "ambush" else "Battle") + f" at {battle.get('area')}"
        surface.blit(bold.render(head, True, style.INK), (x, y))
        y += bold.get_linesize()
        shown = 1 if t < REVEAL_MS[1] else 2 if t < REVEAL_MS[2] else 4
        for line in self.adapter.battle_lines(battle, view)[:shown]:
            if line.startswith("Dice"):
                self._draw_dice(surface, x, y, line, view, f)
            else:
                surface.blit(f.render(line, True, style.INK), (x, y))
            y += max(f.get_linesize(), style.px(16))

    def _draw_dice(self, surface, x, y, line, view, f) -> None:
        """The casualty dice as die faces (JH-BAT-8..10), after the word Dice."""
        label = f.render("Dice", True, style.INK)
        surface.blit(label, (x, y))
        x += label.get_width() + style.px(6)
        size = style.px(15)
        values = (view.get("dice") or {}).get("values") or []
        for v in values:
            draw_die(surface, pygame.Rect(x, y, size, size), int(v))
            x += size + style.px(4)
        if not values:
            surface.blit(f.render("none", True, style.INK_DIM), (x, y))


def side_text(side) -> str:
    """A faction's short name with its letter, for panel lines."""
    return f"{NAMES.get(side, side)} ({FACTION_LETTER.get(side, '?')})"


__all__ = ["TablePanel", "BattlePanel", "FACTION_COLOURS", "side_text"]
