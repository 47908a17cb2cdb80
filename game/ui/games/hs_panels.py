"""Hack & Sack side panels: the State of the State, the battle with its odds, units and Landing Pads."""
from __future__ import annotations

import pygame

from game.rules import hack_sack as hs
from game.ui import style
from game.ui.adapter import Panel
from game.ui.pieces import SpriteCache

CLASS_WORDS = {"L": "land", "W": "water", "S": "space"}
RESULT_ORDER = ("Dx", "D-2", "D-1", "Dc", "nr", "Ac", "A-1", "A-2", "Ax")


def _line(surface, words, x, y, size=13, colour=style.INK, bold=False) -> int:
    """Draw one line of text; returns the y below it."""
    fnt = style.font(size, bold=bold)
    surface.blit(fnt.render(words, True, colour), (x, y))
    return y + fnt.get_linesize()


def _para(surface, words, rect, y, size=13, colour=style.INK_DIM) -> int:
    """Draw wrapped text across the panel; returns the y below it."""
    fnt = style.font(size)
    for line in style.wrap(words, fnt, rect.width - style.px(12)):
        surface.blit(fnt.render(line, True, colour), (rect.left + style.px(6), y))
        y += fnt.get_linesize()
    return y


def _lines_height(words, width, size=13, bold=False) -> int:
    fnt = style.font(size, bold=bold)
    return len(style.wrap(words, fnt, width - style.px(12))) * fnt.get_linesize()


def _bold_para(surface, words, rect, y, size=13, colour=style.INK) -> int:
    """Draw wrapped bold text across the panel; returns the y below it."""
    fnt = style.font(size, bold=True)
    for line in style.wrap(words, fnt, rect.width - style.px(12)):
        surface.blit(fnt.render(line, True, colour), (rect.left + style.px(6), y))
        y += fnt.get_linesize()
    return y


class ConditionPanel(Panel):
    """The condition on the Conditions Track, always in view (HSNJ-SOS-3), and the turn track."""

    title = "State of the State"

    def _words(self, view: dict) -> tuple[str, str, str]:
        cond = view.get("condition") or {}
        entry = hs.condition(cond.get("key", "normal"))
        roll = f" (rolled {cond['roll']})" if cond.get("roll") else ""
        effects = []
        if entry.get("traffic", 3) != 3:
            effects.append(f"traffic breaks only on 1-{entry['traffic']}")
        for cls, change in (entry.get("move") or {}).items():
            effects.append(f"{CLASS_WORDS.get(cls, cls)} units Move {change:+d}")
        if entry.get("no_range"):
            effects.append("no attacks beyond adjacent hexes")
        if entry.get("no_leaders"):
            effects.append("Centurions and Bruce give no shift")
        effect = "Effect: " + ("; ".join(effects) if effects else "none beyond the usual") + "."
        return f"{cond.get('name', entry['name'])}{roll}", cond.get("flavour", ""), effect

    def height(self, width: int, view: dict) -> int:
        name, flavour, effect = self._words(view)
        return (style.font(15).get_linesize() + _lines_height(flavour, width, 12)
                + _lines_height(effect, width, 13) + style.px(10))

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        name, flavour, effect = self._words(view)
        y = _line(surface, name, rect.left + style.px(6), rect.top + style.px(4), 15, style.BRASS, bold=True)
        y = _para(surface, effect, rect, y, 13, style.INK)
        y = _para(surface, flavour, rect, y, 12, style.INK_DIM)
        style.text(surface, f"Turn {view.get('turn') or 0} of {view.get('last_turn') or '?'}", (rect.right - style.px(6), rect.top + style.px(6)),
                   12, style.INK_DIM, anchor="topright")


class BattlePanel(Panel):
    """The battle being built: who attacks whom, the odds column, and each result's chance."""

    title = "Battle"

    def _battle(self, view: dict) -> dict | None:
        return self.adapter.battles.shown(view, self.adapter)

    def height(self, width: int, view: dict) -> int:
        if self.adapter.step() != "combat" and not self._battle(view):
            return 0
        if not self._battle(view):
            owed = self._owed(view)
            return style.px(8) + _lines_height(self.HOW, width) + (_lines_height(owed, width, 12) if owed else 0)
        battle = self._battle(view)
        heads, col, rolled = self._words(battle)
        text = sum(_lines_height(w, width, 13, bold=True) for w in heads) + _lines_height(col, width, 13)
        rows = len(battle["odds"]["results"])
        return (style.px(12) + text + rows * style.px(20)
                + (_lines_height(rolled, width, 14, bold=True) + style.px(2) if rolled else 0))

    def _words(self, battle: dict) -> tuple:
        """(who attacks / who defends, the odds column line, the roll's line or '')."""
        odds = battle["odds"]
        names = lambda ids: ", ".join(self.adapter.unit_name(i) for i in ids)   # noqa: E731
        heads = [f"{names(battle['attackers'])}: Attack {odds['attack']}",
                 f"vs {names(battle['defenders'])}: Defend {odds['defend']}"]
        shift = f", shifted to column {odds['column']} ({'; '.join(odds['reasons'])})" if odds["reasons"] else ""
        col = f"Odds {odds['odds']} → column {odds['column']}" if not shift else f"Odds {odds['odds']}{shift}"
        col += ". Defender in a city: die −1." if odds["city"] else "."
        rolled = ""
        if battle.get("result"):
            roll, modified = battle.get("roll"), battle.get("modified_roll", battle.get("roll"))
            city = f", city −1 = {modified}" if odds["city"] and roll else ""
            rolled = f"Rolled {roll}{city}: {odds['description'].get(battle['result'], battle['result'])}"
        return heads, col, rolled

    HOW = "Click your units to attack with, then the enemy units to attack, then Roll."

    def _owed(self, view: dict) -> str:
        """The units that must still attack this phase (HSNJ-CBT-1), as a line, or ''."""
        side = view.get("active")
        frame = hs.frame(self.adapter.state)
        joined = set(frame.get("attackers", []))
        owed = [u["name"] for u in hs.must_attack(self.adapter.state, side)
                if u["id"] not in joined] if side else []
        return "Must still attack (HSNJ-CBT-1): " + ", ".join(owed) if owed else ""

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        battle = self._battle(view)
        if not battle:
            y = _para(surface, self.HOW, rect, rect.top + style.px(4), 13, style.INK)
            if self._owed(view):
                _para(surface, self._owed(view), rect, y, 12, style.WARN)
            return
        odds = battle["odds"]
        heads, col, rolled = self._words(battle)
        y = rect.top + style.px(4)
        for words in heads:
            y = _bold_para(surface, words, rect, y, 13)
        y = _para(surface, col, rect, y, 13, style.INK)
        y += style.px(4)
        for code in RESULT_ORDER:
            if code in odds["results"]:
                y = self._bar(surface, rect, y, code, odds, battle.get("result") == code)
        if rolled:
            _bold_para(surface, rolled, rect, y + style.px(2), 14, style.TARGET)

    def _bar(self, surface, rect, y, code, odds, hit: bool) -> int:
        """One result row: code, a bar as long as its chance, the percentage and what it does."""
        p = odds["results"][code]
        x = rect.left + style.px(6)
        h = style.px(16)
        label_w, bar_w = style.px(38), style.px(70)
        colour = style.GOOD if code.startswith("D") else style.WARN if code.startswith("A") else style.INK_DIM
        style.text(surface, code, (x, y + h // 2), 13, style.TARGET if hit else style.INK, bold=True,
                   anchor="midleft")
        back = pygame.Rect(x + label_w, y + style.px(3), bar_w, h - style.px(6))
        pygame.draw.rect(surface, style.SLATE_DARK, back)
        pygame.draw.rect(surface, colour, (back.left, back.top, round(bar_w * p), back.height))
        if hit:
            pygame.draw.rect(surface, style.TARGET, back.inflate(style.px(4), style.px(4)), 2)
        words = f"{round(100 * p)}% {odds['description'].get(code, code)}"
        style.text(surface, words, (back.right + style.px(6), y + h // 2), 12, style.INK, anchor="midleft")
        return y + style.px(20)


class UnitPanel(Panel):
    """The selected unit's counter and values, its cargo, and the four Landing Pads (clickable)."""

    title = "Units and Landing Pads"
    PAD_H = 62                     # tall enough for counters that can be read (40 design px)

    def __init__(self, adapter):
        super().__init__(adapter)
        self.drawn = None                      # the rect last drawn into (clicks get the framed one)
        self.sprites = SpriteCache(adapter.spec.side_colours)   # counters drawn every frame: render once

    def _pads(self) -> list:
        return list(hs.units()["pads"])

    def _selected(self, view: dict):
        uid = view.get("selected")
        battle = view.get("battle") or {}
        if not uid and battle.get("defenders") and self.adapter.step() == "combat":
            uid = battle["defenders"][-1]
        found = next((p for p in view.get("pieces", []) if p["id"] == uid), None)
        unit = hs.unit(self.adapter.state, uid) if uid else None
        if found is None and unit is not None:
            found = hs.counter(unit)                # a unit still off the map, being set up or landed
        return found

    LEGEND = "Tags (zoom in, or hover a hex): MP cost · chance of a break in traffic (HSNJ-MOV-10); stop = enemy ZOC."

    def _top(self, view: dict) -> int:
        if not self._selected(view):
            return style.px(4)
        return style.px(70) + (style.font(11).get_linesize() * 2 + style.px(6) if self.adapter.step() == "move" else 0)

    def height(self, width: int, view: dict) -> int:
        return self._top(view) + style.px(self.PAD_H) + style.px(4)

    def _pad_cells(self, rect, view: dict) -> list:
        """One row of four cells, one per Landing Pad."""
        pads = self._pads()
        gap = style.px(4)
        top = rect.top + self._top(view)
        w = (rect.width - style.px(8) - gap * (len(pads) - 1)) // max(1, len(pads))
        return [(pad, pygame.Rect(rect.left + style.px(4) + i * (w + gap), top, w, style.px(self.PAD_H)))
                for i, pad in enumerate(pads)]

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        self.drawn = pygame.Rect(rect)          # clicks arrive with the framed rect; cells use this one
        piece = self._selected(view)
        if piece is not None:
            self._draw_selected(surface, rect, view, piece)
        pieces = view.get("pieces", [])
        targets = self.adapter.place_actions(view)
        for pad, cell in self._pad_cells(rect, view):
            pygame.draw.rect(surface, style.SLATE_LIGHT, cell, border_radius=style.px(3))
            if pad in targets:
                pygame.draw.rect(surface, style.TARGET, cell, 2, border_radius=style.px(3))
            style.text(surface, "Pad " + pad.rsplit(" ", 1)[-1], (cell.left + style.px(4), cell.top + style.px(2)),
                       11, style.INK_DIM, bold=True)
            here = [p for p in pieces if self.adapter.unit_place(view, p["id"]) == pad]
            count = len(here)
            size = style.px(self.PAD_H - 20)
            x = cell.left + style.px(4)
            room = cell.width - style.px(8) - size
            # A long pile keeps its top counter whole inside the cell (19 on Pad 1 ran into Pad 2's
            # cell, the top one cut, issue 10): a sliver of at least 3 px each, the count says the rest.
            here = here[-(1 + room // max(1, style.px(3))):]
            step = min(size + style.px(2), room // max(1, len(here) - 1))
            for piece_here in here:
                surface.blit(self.sprites.counter(piece_here, size), (x, cell.bottom - size - style.px(3)))
                x += step
            if here:
                style.text(surface, str(count), (cell.right - style.px(4), cell.top + style.px(2)), 11,
                           style.INK, bold=True, anchor="topright")

    def _draw_selected(self, surface, rect, view: dict, piece: dict) -> None:
        unit = hs.unit(self.adapter.state, piece["id"])
        t = hs.types()[unit["type"]]
        x, y = rect.left + style.px(6), rect.top + style.px(4)
        surface.blit(self.sprites.counter(piece, style.px(60)), (x, y))
        tx = x + style.px(68)
        ty = _line(surface, unit["name"], tx, y, 15, style.BRASS, bold=True)
        rng = f" · range {t['range']}" if t.get("range", 1) > 1 else ""
        ty = _line(surface, f"Attack {t['attack']} · Defend {t['defend']} · Move {t['move']}{rng}", tx, ty, 12)
        bits = [f"{CLASS_WORDS[t['class']]} unit"] + ([f"MP left {unit['mp']:g}"] if self.adapter.step() == "move" else [])
        if unit["confused"]:
            bits.append("Confused")
        ty = _line(surface, " · ".join(bits), tx, ty, 12, style.INK_DIM)
        if t.get("carry"):
            riders = [p["label"] for p in view.get("pieces", []) if p.get("where") == "ship" and p.get("at") == unit["id"]]
            _line(surface, f"Aboard {len(riders)}/{t['carry']}: {', '.join(riders) or 'nobody'}", tx, ty, 12)
        if self.adapter.step() == "move":
            _para(surface, self.LEGEND, rect, y + style.px(66), 11, style.INK_DIM)

    def click(self, pos, rect, view: dict):
        """A click on a pad names that Landing Pad (the play scene treats it like a map click)."""
        for pad, cell in self._pad_cells(self.drawn or rect, view):
            if cell.collidepoint(pos):
                return pad
        return None
