"""The stack inspector: a click on a stack (an area or a hex) lists every counter in it, with its values.

A game's adapter makes one (``StackInspector(adapter)``), lists it among its panels and opens it
from ``GameAdapter.consume`` (``inspector.open(place)``; a ``CounterPicker`` does it), or points it
at the place the rules are asking about (a battle's defenders, a stack over the limit). Each row
shows the counter as it stands on the map, its name, its values and its state; a row whose counter
a legal action names
(("unit", id) to move it alone, ("lose", id) to take it as a loss...) is outlined in the
legal-target colour and a click on it applies that action. Any game on an area or hex map can
use it: it reads only ``view["pieces"]`` and the view's legal actions.
"""
from __future__ import annotations

import pygame

from game.ui import style
from game.ui.adapter import Panel, place_key
from game.ui.counters import values_text
from game.ui.pieces import SpriteCache

ROW = 46          # design px per counter row
HEAD = 24         # design px of the header line


def flag_words(flags) -> str:
    """A counter's states in words: 'flipped, disrupted'."""
    return ", ".join(str(f).replace("_", " ") for f in flags or () if f)


class StackInspector(Panel):
    """Every counter at one place, top of the stack first; legal picks outlined and clickable."""

    title = "Stack"

    def __init__(self, adapter, legend: str = "attack-defence-move", verbs: dict | None = None):
        super().__init__(adapter)
        self.place = None
        self.legend = legend
        self.verbs = dict(verbs or {})        # verb -> the word on a row's pick button ("lose" -> "Lose")
        self.sprites = SpriteCache(adapter.spec.side_colours)
        self.hovered = None
        self.picker = None        # a CounterPicker: counters that go somewhere are picked here too
        self.source = None        # (view, place) -> pieces, for a box off the map (counters to set up)

    # -- what it shows -----------------------------------------------------------------
    def open(self, place) -> None:
        """Show the stack at ``place`` (None closes the inspector)."""
        self.place = place_key(place) if place is not None else None

    def pieces(self, view: dict) -> list:
        """The counters at the open place, top of the stack first (cubes are not listed)."""
        if self.place is None:
            return []
        shown = self.adapter.shown_pieces(view)
        kept = getattr(self, "_kept", None)
        if kept is not None and kept[0] is shown and kept[1] == self.place:
            return kept[2]           # asked for its height, its room and its drawing in every frame
        found = self.source(view, self.place) if self.source is not None else None
        if found is None:
            found = [p for p in shown if place_key(p.get("at")) == self.place and p.get("style") != "cube"]
        self._kept = (shown, self.place, list(found)[::-1])
        return self._kept[2]

    def picks(self, view: dict) -> dict:
        """Piece id -> the legal action that names it, or ("piece", id) when the picker would take it."""
        out = {pid: acts[0] for pid, acts in self.adapter.piece_actions(view).items()}
        if self.picker is not None:
            from game.ui.counter_pick import PICK
            for pid in self.picker.moves(view):
                out.setdefault(pid, (PICK, pid))
        return out

    def height(self, width: int, view: dict) -> int:
        n = len(self.pieces(view))
        return 0 if not n else style.px(HEAD + 6) + n * style.px(ROW)

    def min_height(self, width: int, view: dict) -> int:
        n = len(self.pieces(view))
        return style.px(HEAD + 6) + min(n, 2) * style.px(ROW) if n else 0

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        stack = self.pieces(view)
        if not stack:
            return
        sides: dict = {}
        for p in stack:
            sides[p.get("side")] = sides.get(p.get("side"), 0) + 1
        count = " · ".join(f"{n} {self.adapter.spec.display_name(s)}" for s, n in sides.items())
        namer = getattr(self.adapter, "place_name", None)       # a game may name its places (hex '0907')
        head = style.text(surface, f"{namer(self.place) if namer else self.place}: {count}", (rect.left + style.px(6), rect.top + style.px(3)), 14,
                          style.BRASS, bold=True)
        if head.right + style.px(12) + style.font(11).size(self.legend)[0] <= rect.right - style.px(6):
            style.text(surface, self.legend, (rect.right - style.px(6), rect.top + style.px(5)), 11, style.INK_DIM,
                       anchor="topright")
        picks = self.picks(view)
        chosen = self.picker.current(view) if self.picker is not None else None
        for i, piece in enumerate(stack):
            row = self._row(rect, i)
            self._draw_row(surface, row, piece, picks.get(piece.get("id")), view)
            if chosen is not None and piece.get("id") == chosen:
                pygame.draw.rect(surface, style.INK, row.inflate(style.px(2), style.px(2)), max(2, style.px(3)),
                                 border_radius=style.px(5))

    def _row(self, rect, i: int) -> pygame.Rect:
        return pygame.Rect(rect.left + style.px(2), rect.top + style.px(HEAD + 4) + i * style.px(ROW),
                           rect.width - style.px(4), style.px(ROW - 2))

    def _word(self, action, view: dict) -> str:
        """The word on a row's pick tag: the verb of what a click there does."""
        verb = action[0]
        if verb == "piece" and self.picker is not None:
            places = self.picker.moves(view).get(action[1]) or {}
            verb = next((acts[0][0] for acts in places.values() if acts), verb)
            return self.verbs.get(verb) or verb.replace("_", " ").capitalize()
        return self.verbs.get(verb) or self.adapter.label(action).split(" ")[0]

    def _draw_row(self, surface, row, piece: dict, action, view: dict) -> None:
        hot = action is not None
        fill = style.SLATE_LIGHT if piece.get("id") == self.hovered else style.SLATE_DARK
        pygame.draw.rect(surface, fill, row, border_radius=style.px(4))
        if hot:
            pygame.draw.rect(surface, style.TARGET, row, max(1, style.px(2)), border_radius=style.px(4))
        size = row.height - style.px(6)
        surface.blit(self.sprites.counter(piece, size), (row.left + style.px(4), row.top + style.px(3)))
        x = row.left + size + style.px(12)
        right = row.right - style.px(6)
        if hot:
            word = self._word(action, view)
            tag = style.font(12, bold=True).render(word, True, style.INK_DARK)
            box = tag.get_rect(midright=(right, row.centery)).inflate(style.px(10), style.px(4))
            pygame.draw.rect(surface, style.TARGET, box, border_radius=style.px(8))
            surface.blit(tag, tag.get_rect(center=box.center))
            right = box.left - style.px(4)
        name = str(piece.get("name") or piece.get("label") or piece.get("id", ""))
        self._fit(surface, name, 13, style.INK, (x, row.top + style.px(4)), right - x, bold=True)
        bits = [values_text(piece.get("values"))] + [piece.get("detail") or ""] + [flag_words(piece.get("flags"))]
        self._fit(surface, "  ·  ".join(b for b in bits if b), 12, style.INK_DIM,
                  (x, row.top + style.px(23)), right - x)

    @staticmethod
    def _fit(surface, words: str, size: int, colour, pos, width: int, bold=False) -> None:
        """One line, cut with an ellipsis to ``width``."""
        fnt = style.font(size, bold=bold)
        while words and fnt.size(words)[0] > width:
            words = words[:-2] + "…" if len(words) > 2 else ""
        if words:
            surface.blit(fnt.render(words, True, colour), pos)

    # -- input ---------------------------------------------------------------------------
    def _at(self, pos, rect, view: dict):
        for i, piece in enumerate(self.pieces(view)):
            if self._row(rect, i).collidepoint(pos):
                return piece
        return None

    def hover(self, pos, rect, view: dict) -> bool:
        piece = self._at(pos, rect, view)
        pid = piece.get("id") if piece else None
        changed, self.hovered = pid != self.hovered, pid
        return changed

    def click(self, pos, rect, view: dict):
        """The legal action naming the counter clicked, or None (the row is just read)."""
        piece = self._at(pos, rect, view)
        if piece is None:
            return None
        return self.picks(view).get(piece.get("id"))

    def why_nothing(self, pos, rect, view: dict) -> str | None:
        """A row no action names: why that counter can do nothing now (the adapter says, citing the rule)."""
        piece = self._at(pos, rect, view)
        if piece is None or piece.get("id") in self.picks(view):
            return None
        return self.adapter.why_not_piece(view, piece)
