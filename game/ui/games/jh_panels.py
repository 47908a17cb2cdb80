"""Judean Hammer side panels: the card mat with VP track and regions, and the battle panel."""
from __future__ import annotations

import pygame

from game.rules.judean_hammer import SPEC as JH
from game.ui import style
from game.ui.adapter import Panel
from game.ui.play_parts import draw_die, rich_rows, table_words

from .jh_cards import FACTION_COLOURS, FACTION_LETTER, draw_back, draw_card, faction_mark

SIDES = ("maccabean", "greek")
NAMES = JH.side_names
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
        room = step - cw - pad                 # beside each pile: its name and count, never under the next pile
        small = next((style.font(s) for s in (11, 10, 9) if style.font(s).size("Removed")[0] <= room), style.font(9))
        for label, top, n in cells:
            card_rect = pygame.Rect(x, y, cw, ch)
            if label == "Draw":
                draw_back(surface, card_rect, n)
            elif top:
                clip = surface.get_clip()       # a small window: the card's own badges stay on the card,
                surface.set_clip(card_rect.clip(clip) if clip else card_rect)    # off the count beside it
                draw_card(surface, card_rect, top)
                surface.set_clip(clip)
            else:
                pygame.draw.rect(surface, style.SLATE_DARK, card_rect, border_radius=4)
                pygame.draw.rect(surface, style.INK_DIM, card_rect, 1, border_radius=4)
            tx = x + cw + pad // 2
            clip = surface.get_clip()
            surface.set_clip(pygame.Rect(tx, y, max(0, step - cw - pad // 2), ch).clip(clip))
            surface.blit(small.render(label, True, style.INK_DIM), (tx, y + style.px(4)))
            surface.blit(style.font(16, bold=True).render(str(n), True, style.BRASS),
                         (tx, y + style.px(6) + small.get_linesize()))
            surface.set_clip(clip)
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
    """The odds before a battle or ambush, the last one shown step by step, and the round's scoring."""

    title = "Battle"

    def __init__(self, adapter):
        super().__init__(adapter)
        self.seen = None             # the last battle already shown (to restart the reveal)
        self.started = 0

    def height(self, width: int, view: dict) -> int:
        rows = self.adapter.odds_rows(view)[:3]
        report = self.adapter.round_report()
        self.title = "Round scored" if report and not self.adapter.fresh_battle(view) else "Battle"
        if not (rows or self.adapter.fresh_battle(view) or report):
            return 0
        body = style.px(8) + self._rows_height(rows, width - style.px(12))
        battle = self.adapter.fresh_battle(view)
        if battle:
            body += self._result_height(width, battle, view) + self._record_height(width, view)
        elif report:
            body += style.px(18 * (4 + min(4, len(report["supply"]))))
        return body

    def min_height(self, width: int, view: dict) -> int:
        """The battle result (card, strengths, dice) is what must show when room is short."""
        battle = self.adapter.fresh_battle(view)
        return self._result_height(width, battle, view) if battle else style.px(40)

    def _rows_height(self, rows: list, width: int) -> int:
        """Height of the odds rows, each headline and detail wrapped to ``width``."""
        f, bold = style.font(12), style.font(12, bold=True)
        n = sum(len(style.wrap(head, bold, width)) + (len(style.wrap(detail, f, width - style.px(8))) if detail else 0)
                for head, detail in rows)
        return n * f.get_linesize()

    def _result_lines(self, battle: dict, view: dict, width: int, shown: int = 4) -> list:
        """The result's text lines wrapped to ``width`` (the dice stay one entry), headline first."""
        f, bold = style.font(12), style.font(13, bold=True)
        head = ("Ambush" if battle.get("kind") == "ambush" else "Battle") + f" at {battle.get('area')}"
        out = [(line, bold) for line in style.wrap(head, bold, width)]
        for line in self.adapter.battle_lines(battle, view)[:shown]:
            out += [(line, f)] if isinstance(line, list) else [(part, f) for part in style.wrap(line, f, width)]
        return out

    def _result_height(self, width: int, battle: dict, view: dict) -> int:
        """Room for the revealed card beside the wrapped result lines (JH-BAT-*)."""
        pad, cw = style.px(6), style.px(52)
        room = width - cw - 3 * pad                      # as _draw_result lays the lines out
        text_h = sum(self._dice_height(line, fnt, room) if isinstance(line, list) else fnt.get_linesize()
                     for line, fnt in self._result_lines(battle, view, room))
        return max(round(cw * 1.36) + pad, text_h + pad)

    def _dice_height(self, rolls, f, width: int) -> int:
        """Height the dice line takes when wrapped to ``width``."""
        row = max(f.get_linesize(), style.px(16))
        return row * len(self._dice_rows(rolls, f, width))

    def _dice_rows(self, rolls, f, width: int) -> list:
        """The (side, values) groups split into rows that fit ``width``."""
        size, gap = style.px(15), style.px(3)
        rows, used = [[]], 0
        for side, values in rolls:
            need = 2 * (size // 2) + style.px(4) + \
                (len(values) * (size + gap) if values else f.size("no roll")[0]) + style.px(10)
            if rows[-1] and used + need > width:
                rows.append([])
                used = 0
            rows[-1].append((side, values))
            used += need
        return rows

    def hover(self, pos, rect, view: dict) -> bool:
        return self.adapter.hand.leave()

    def active(self, view: dict) -> bool:
        """True when there is a battle to preview, a result or a round's scoring to show."""
        return self.height(0, view) > 0

    def _factor(self) -> float:
        """The shell's animation speed: 1 normal, 0 off (the reveal then shows at once)."""
        return max(0.0, float(getattr(self.adapter, "animation_factor", 1.0)))

    def animating(self, now_ms: int) -> bool:
        factor = self._factor()
        return factor > 0 and self.seen is not None and now_ms - self.started < REVEAL_MS[-1] * factor + 100

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        rows = self.adapter.odds_rows(view)
        x, y = rect.left + style.px(6), rect.top + style.px(4)
        f, bold = style.font(12), style.font(12, bold=True)
        width = rect.w - style.px(12)
        for head, detail in rows[:3]:
            for line in style.wrap(head, bold, width):
                surface.blit(bold.render(line, True, style.TARGET), (x, y))
                y += f.get_linesize()
            for line in style.wrap(detail, f, width - style.px(8)) if detail else []:
                surface.blit(f.render(line, True, style.INK), (x + style.px(8), y))
                y += f.get_linesize()
        battle = self.adapter.fresh_battle(view)
        if battle:
            below = y + self._result_height(rect.w, battle, view)
            self._draw_result(surface, pygame.Rect(rect.left, y, rect.w, max(0, rect.bottom - y)), battle,
                              view, now_ms)
            self._draw_record(surface, rect.left + style.px(6), below, rect.w - style.px(12), view)
        elif self.adapter.round_report():
            self._draw_report(surface, x, y, width, self.adapter.round_report())

    def _record_rows(self, width: int, view: dict) -> list:
        """Rows of this card's whole battle record (each battle and ambush, dice as glyphs)."""
        lines = self.adapter.card_battle_log(view)
        if not lines:
            return []
        f = style.font(12)
        rows = [[("text", w) for w in "Every battle and ambush of this card:".split()]]
        for line in lines:
            rows += rich_rows(table_words(line, self.adapter.spec), f, width - style.px(8), f.get_height())
        return rows

    def _record_height(self, width: int, view: dict) -> int:
        rows = self._record_rows(width - style.px(12), view)
        return len(rows) * style.font(12).get_linesize() + (style.px(6) if rows else 0)

    def _draw_record(self, surface, x, y, width, view: dict) -> None:
        """This card's battles and ambushes as the log tells them, so an earlier one never vanishes."""
        f = style.font(12)
        glyph, space = f.get_height(), f.size(" ")[0]
        y += style.px(4)
        for i, row in enumerate(self._record_rows(width, view)):
            cx = x + (0 if i == 0 else style.px(8))
            for kind, value in row:
                if kind == "die":
                    draw_die(surface, (cx, y, glyph, glyph), value[1], value[0])
                    cx += glyph + space
                else:
                    img = f.render(value, True, style.INK if i else style.BRASS)
                    surface.blit(img, (cx, y))
                    cx += img.get_width() + space
            y += f.get_linesize()

    def _draw_report(self, surface, x, y, width, report: dict) -> None:
        """Check Supply's losses and the VP each side scored (JH-SUP-*, JH-SCO-1)."""
        f, bold = style.font(12), style.font(12, bold=True)
        award = report["award"]
        held = {side: [r for r, who in sorted(report["control"].items()) if who == side] for side in SIDES}
        head = f"Round {report['round']} scored 1 VP per region held:"
        rows = [f"{NAMES[side]} +{award[side]}" + (f": {', '.join(held[side])}" if held[side] else "")
                for side in SIDES]
        for line in style.wrap(head, bold, width):
            surface.blit(bold.render(line, True, style.INK), (x, y))
            y += f.get_linesize()
        for side, row in zip(SIDES, rows):
            for part in style.wrap(row, f, width - style.px(8)):
                surface.blit(f.render(part, True, style.INK), (x + style.px(8), y))
                y += f.get_linesize()
        supply = [supply_words(loss) for loss in report["supply"]] or ["Check supply: no units lost."]
        for line in supply[:4]:
            for part in style.wrap(line, f, width - style.px(8)):
                surface.blit(f.render(part, True, style.INK_DIM), (x + style.px(8), y))
                y += f.get_linesize()

    def _draw_result(self, surface, rect, battle: dict, view: dict, now_ms: int) -> None:
        """Revealed card, then strengths, then casualties, each after a short pause."""
        key = (view.get("dice") or {}).get("serial")
        if key != self.seen:
            self.seen, self.started = key, now_ms
        factor = self._factor()
        t = (now_ms - self.started) / factor if factor > 0 else REVEAL_MS[-1]
        pad = style.px(6)
        revealed = (view.get("revealed") or {}).get("card")
        cw = max(style.px(24), min(style.px(52), rect.h - pad))
        card_rect = pygame.Rect(rect.left + pad, rect.top + pad // 2, cw, round(cw * 1.36))
        if revealed:
            draw_card(surface, card_rect, revealed)
        else:
            draw_back(surface, card_rect)
        x = card_rect.right + pad
        y = rect.top + pad // 2
        width = rect.right - x - pad
        shown = 1 if t < REVEAL_MS[1] else 2 if t < REVEAL_MS[2] else 4
        for line, fnt in self._result_lines(battle, view, width, shown):
            if isinstance(line, list):
                y = self._draw_dice(surface, x, y, line, fnt, width)
            else:
                surface.blit(fnt.render(line, True, style.INK), (x, y))
                y += fnt.get_linesize()

    def _draw_dice(self, surface, x0, y, rolls, f, width) -> int:
        """The casualty dice as die faces, each side's after its letter (JH-BAT-8..11); returns the y below."""
        size = style.px(15)
        for row in self._dice_rows(rolls, f, width):
            self._draw_dice_row(surface, x0, y, row, f, size)
            y += max(f.get_linesize(), style.px(16))
        return y

    def _draw_dice_row(self, surface, x, y, rolls, f, size) -> None:
        for side, values in rolls:
            r = size // 2                          # the faction's mark, not a coloured letter on slate
            faction_mark(surface, side, (x + r, y + r), r)
            x += 2 * r + style.px(4)
            for v in values:
                draw_die(surface, pygame.Rect(x, y, size, size), int(v))
                x += size + style.px(3)
            if not values:
                img = f.render("no roll", True, style.INK_DIM)
                surface.blit(img, (x, y))
                x += img.get_width()
            x += style.px(10)


def side_text(side) -> str:
    """A faction's short name with its letter, for panel lines."""
    return f"{NAMES.get(side, side)} ({FACTION_LETTER.get(side, '?')})"


__all__ = ["TablePanel", "BattlePanel", "FACTION_COLOURS", "side_text"]


def supply_words(loss: dict) -> str:
    """One Check Supply loss in words, from its event (JH-SUP-2, JH-SUP-3, JH-SUP-8)."""
    who, n, area = NAMES.get(loss["side"], loss["side"]), loss["n"], loss["area"]
    if loss["why"] == "stack limit":
        return f"{who}: {n} unit{'s' if n != 1 else ''} in {area} back to the stockpile (limit 3)."
    return f"{who}: {area} is out of supply and loses {n} unit{'s' if n != 1 else ''}."
