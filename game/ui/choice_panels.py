"""Card panels any game can use: a hand of cards, a secret simultaneous choice, a reaction offer.

Each reads one key of the view (docs/architecture.md, "What the view tells the window") and the
view's legal actions; a card is ``{"id", "name", "sub", "text", "side"}`` (``sub``: its timing,
or the phases a strategy card orders). A card a legal action names is outlined in the
legal-target colour and a click on it applies that action.

- ``HandPanel``: ``view["hand"]``, a list of cards (special cards with their timing).
- ``SecretChoicePanel``: ``view["secret"]`` (``game.core.secret.public`` plus ``need``, ``verb``
  and ``cards``, the viewer's options, and once both are known ``revealed``: side -> cards in
  the order picked). The side picks ``need`` cards in order behind the hot-seat curtain (the play
  scene raises it because the active side changes); the picks so far carry their order.
- ``ReactionPanel``: ``view["reaction"]`` (``moment`` in words, ``verb``, ``decline`` and the
  ``cards`` that fit). The rules open the window only when the side holds a card that fits
  (``game.core.reaction``), so the offer never shows for nothing.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.contract import as_action
from game.ui import style
from game.ui.adapter import Panel

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
CARD_PAPER = (236, 228, 206)
CARD_INK = (40, 32, 24)
CARD_DIM = (96, 84, 70)


def card_height(card: dict, width: int, text: bool = True) -> int:
    """The height a card tile of ``width`` needs for its name, sub-line and (optionally) its text."""
    h = style.px(6) + style.font(13, bold=True).get_linesize() * len(_lines(card.get("name", ""), 13, width, True))
    if card.get("sub"):
        h += style.font(11).get_linesize() * len(_lines(card["sub"], 11, width))
    if text and card.get("text"):
        h += style.px(2) + style.font(11).get_linesize() * len(_lines(card["text"], 11, width))
    return h + style.px(8)


def _lines(words: str, size: int, width: int, bold: bool = False) -> list:
    """A card's words wrapped to its width (kept: the same cards are measured and drawn every frame)."""
    return _wrapped(str(words), size, width, bold, style.scale())


@lru_cache(maxsize=1024)
def _wrapped(words: str, size: int, width: int, bold: bool, scale: float) -> list:
    return style.wrap(words, style.font(size, bold=bold), max(10, width - style.px(16)))


def draw_card(surface, rect, card: dict, spec, *, hot: bool = False, mark: str = "", dim: bool = False,
              text: bool = True) -> None:
    """A card tile: the side's colour along its left edge, name, sub-line, text, an order mark."""
    rect = pygame.Rect(rect)
    paper = CARD_PAPER if not dim else (170, 164, 150)
    pygame.draw.rect(surface, paper, rect, border_radius=style.px(5))
    edge = style.side_colour(spec, card.get("side"))
    pygame.draw.rect(surface, edge, (rect.left, rect.top, style.px(6), rect.height),
                     border_top_left_radius=style.px(5), border_bottom_left_radius=style.px(5))
    pygame.draw.rect(surface, style.TARGET if hot else (120, 100, 70), rect, style.px(3) if hot else 1,
                     border_radius=style.px(5))
    x, y, width = rect.left + style.px(10), rect.top + style.px(4), rect.width
    right = rect.right - style.px(6)
    if mark:
        img = style.font(12, bold=True).render(mark, True, (255, 255, 255))
        box = img.get_rect(topright=(right, rect.top + style.px(4))).inflate(style.px(8), style.px(2))
        pygame.draw.rect(surface, (150, 36, 30), box, border_radius=style.px(7))
        surface.blit(img, img.get_rect(center=box.center))
        width -= box.width + style.px(4)
    for line in _lines(card.get("name", ""), 13, width, True):
        surface.blit(style.font(13, bold=True).render(line, True, CARD_INK), (x, y))
        y += style.font(13, bold=True).get_linesize()
    small = style.font(11)
    for words, colour in ((card.get("sub"), (130, 40, 30)), (card.get("text") if text else None, CARD_DIM)):
        if not words:
            continue
        for line in _lines(words, 11, rect.width):
            surface.blit(small.render(line, True, colour), (x, y))
            y += small.get_linesize()


class _CardPanel(Panel):
    """Cards laid out one under another; a card a legal action names is lit and clickable."""

    verb = "play"
    key = ""

    def __init__(self, adapter, read=None):
        super().__init__(adapter)
        self.hovered = None
        self.read = read or (lambda view: view.get(self.key))   # a game may build what the panel reads

    def data(self, view: dict):
        """What the panel shows, read from the view (its key, or the game's own reading)."""
        return self.read(view)

    def cards(self, view: dict) -> list:
        """The cards the panel shows now."""
        return []

    def verb_of(self, view: dict) -> str:
        """The verb that names one of these cards."""
        return self.verb

    def action_for(self, card: dict, view: dict):
        """The legal action that names this card, or None."""
        act = (self.verb_of(view), card.get("id"))
        return act if act in self.adapter.legal(view) else None

    columns = 1           # cards side by side when the panel is wide enough (strategy cards: 2)

    def _layout(self, width: int, view: dict) -> tuple:
        """([(card, x, y, w, h)] relative to the tiles' top-left, total height)."""
        cards = self.cards(view)
        cols = self.columns if width >= style.px(120) * self.columns else 1
        gap = style.px(4)
        w = (width - style.px(4) - gap * (cols - 1)) // cols
        out, y = [], 0
        for start in range(0, len(cards), cols):
            row = cards[start:start + cols]
            h = max(card_height(c, w, text=self._text_of(c, view)) for c in row)
            out += [(c, style.px(2) + i * (w + gap), y, w, h) for i, c in enumerate(row)]
            y += h + gap
        return out, y

    show_text = True      # the card's text on its tile (strategy cards have none)

    def _text_of(self, card: dict, view: dict) -> bool:
        """Whether a card's tile shows its text: always, or (show_text False) when pointed at or playable."""
        return self.show_text or card.get("id") == self.hovered or self.action_for(card, view) is not None

    def _tiles(self, rect, view: dict, top: int) -> list:
        tiles, _ = self._layout(rect.width, view)
        return [(c, pygame.Rect(rect.left + x, top + y, w, h)) for c, x, y, w, h in tiles]

    def _tiles_height(self, width: int, view: dict) -> int:
        return self._layout(width, view)[1]

    def light(self, action, view: dict) -> bool:
        """A hint that plays one of these cards tags it."""
        return self.lit(any(self.action_for(card, view) == action for card in self.cards(view)), action, view)

    def _tag_hinted(self, surface, tiles: list, view: dict) -> None:
        """The hint's tag on the card it names (light), drawn over the tiles."""
        hinted = self.hinted_in(view)
        for card, r in tiles if hinted is not None else ():
            if self.action_for(card, view) == hinted:
                style.hint_tag(surface, r)

    def hover(self, pos, rect, view: dict) -> bool:
        hit = next((c.get("id") for c, r in self._tiles(rect, view, self._top(rect, view)) if r.collidepoint(pos)),
                   None)
        changed, self.hovered = hit != self.hovered, hit
        return changed

    def _top(self, rect, view: dict) -> int:
        return rect.top + style.px(4)

    def click(self, pos, rect, view: dict):
        for card, r in self._tiles(rect, view, self._top(rect, view)):
            if r.collidepoint(pos):
                # not legal now: the same verb, so the rules say why (its timing, the clause)
                return self.action_for(card, view) or (self.verb_of(view), card.get("id"))
        return None


class HandPanel(_CardPanel):
    """The viewer's cards with their timing; those playable now are lit."""

    title = "Cards in hand"
    key = "hand"

    def __init__(self, adapter, verb: str = "play", read=None):
        super().__init__(adapter, read)
        self.verb = verb

    def cards(self, view: dict) -> list:
        return list(self.data(view) or ())

    def height(self, width: int, view: dict) -> int:
        if self.data(view) is None:             # the game hides the hand now (its cards are offered elsewhere)
            return 0
        cards = self.cards(view)
        return self._tiles_height(width, view) + style.px(6) if cards else style.font(12).get_linesize() + style.px(8)

    def min_height(self, width: int, view: dict) -> int:
        return min(style.px(60), self.height(width, view))

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        tiles = self._tiles(rect, view, self._top(rect, view))
        if not tiles:
            style.text(surface, "No cards in hand.", (rect.left + style.px(6), rect.top + style.px(4)), 12,
                       style.INK_DIM)
        for card, r in tiles:
            draw_card(surface, r, card, self.adapter.spec, hot=self.action_for(card, view) is not None,
                      text=self._text_of(card, view))
        self._tag_hinted(surface, tiles, view)


class SecretChoicePanel(_CardPanel):
    """Pick N cards in order, in secret; then every side's picks shown together."""

    title = "Secret choice"
    key = "secret"
    columns = 2

    def secret(self, view: dict) -> dict:
        return self.data(view) or {}

    def picking(self, view: dict) -> bool:
        """True while the viewer picks (the view's legal actions use the choice's verb)."""
        verb = self.secret(view).get("verb", "pick")
        return any(as_action(a)[0] == verb for a in view.get("actions", ()))

    def cards(self, view: dict) -> list:
        sec = self.secret(view)
        return list(sec.get("cards") or ()) if self.picking(view) else []

    def verb_of(self, view: dict) -> str:
        return self.secret(view).get("verb", "pick")

    def _head_lines(self, view: dict) -> list:
        sec, spec = self.secret(view), self.adapter.spec
        need, mine = sec.get("need", 1), list(sec.get("mine") or ())
        lines = []
        if self.picking(view):
            lines.append((f"Choose {need} card{'s' if need != 1 else ''} in order, in secret: "
                          f"{len(mine)} of {need} chosen.", style.INK, True))
        for side in sec.get("sealed") or ():
            lines.append((f"{spec.display_name(side)}: chosen and sealed.", style.INK_DIM, False))
        waiting = [s for s in sec.get("waiting") or () if s != self.adapter.viewer]
        if waiting:
            lines.append(("Still to choose: " + ", ".join(spec.display_name(s) for s in waiting) + ".",
                          style.INK_DIM, False))
        return lines

    def _top(self, rect, view: dict) -> int:
        return rect.top + style.px(4) + self._head_height(rect.width, view) + self._mine_height(rect.width, view)

    def _head_height(self, width: int, view: dict) -> int:
        return sum(len(_lines(w, 13, width, b)) * style.font(13, bold=b).get_linesize() for w, _, b in self._head_lines(view))

    def _mine(self, view: dict) -> list:
        """The viewer's picks, listed apart once sealed (while picking, the grid marks them)."""
        if self.picking(view):
            return []
        sec = self.secret(view)
        by_id = {c.get("id"): c for c in sec.get("cards") or ()}
        return [by_id.get(i, {"id": i, "name": str(i)}) for i in sec.get("mine") or ()]

    def _mine_height(self, width: int, view: dict) -> int:
        mine = self._mine(view)
        return sum(card_height(c, width - style.px(4), text=False) + style.px(4) for c in mine) + (style.px(4) if mine else 0)

    def _revealed(self, view: dict) -> list:
        """(side, [cards in order]) of a choice revealed, or []."""
        rev = self.secret(view).get("revealed") or {}
        return [(side, list(cards)) for side, cards in rev.items()]

    def height(self, width: int, view: dict) -> int:
        if not self.secret(view):
            return 0
        h = style.px(8) + self._head_height(width, view) + self._mine_height(width, view) + self._tiles_height(width, view)
        for side, cards in self._revealed(view):
            h += style.font(13, bold=True).get_linesize() + sum(card_height(c, width - style.px(4), False)
                                                                + style.px(4) for c in cards)
        return h

    def min_height(self, width: int, view: dict) -> int:
        return min(self.height(width, view), style.px(160))

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        x, y = rect.left + style.px(6), rect.top + style.px(4)
        for words, colour, bold in self._head_lines(view):
            for line in _lines(words, 13, rect.width, bold):
                surface.blit(style.font(13, bold=bold).render(line, True, colour), (x, y))
                y += style.font(13, bold=bold).get_linesize()
        for i, card in enumerate(self._mine(view)):
            h = card_height(card, rect.width - style.px(4), text=False)
            draw_card(surface, (rect.left + style.px(2), y, rect.width - style.px(4), h), card, self.adapter.spec,
                      mark=ORDINALS[i] if i < len(ORDINALS) else str(i + 1), text=False)
            y += h + style.px(4)
        order = list(self.secret(view).get("mine") or ())
        tiles = self._tiles(rect, view, self._top(rect, view))
        for card, r in tiles:
            act = self.action_for(card, view)
            n = order.index(card.get("id")) if card.get("id") in order else None
            draw_card(surface, r, card, self.adapter.spec, hot=act is not None, dim=n is not None,
                      text=self._text_of(card, view), mark="" if n is None else ORDINALS[min(n, len(ORDINALS) - 1)])
            y = r.bottom + style.px(4)
        self._tag_hinted(surface, tiles, view)
        for side, cards in self._revealed(view):
            style.text(surface, f"{self.adapter.spec.display_name(side)} revealed:", (x, y), 13, style.BRASS, bold=True)
            y += style.font(13, bold=True).get_linesize()
            for i, card in enumerate(cards):
                h = card_height(card, rect.width - style.px(4), text=False)
                draw_card(surface, (rect.left + style.px(2), y, rect.width - style.px(4), h), card,
                          self.adapter.spec, mark=ORDINALS[i] if i < len(ORDINALS) else "", text=False)
                y += h + style.px(4)


class ReactionPanel(_CardPanel):
    """A short, clear offer to the side not moving: play one of these cards now, or pass."""

    title = "Your answer"
    key = "reaction"

    def offer(self, view: dict) -> dict:
        """The open reaction window, when the viewer must answer it."""
        offer = self.data(view) or {}
        decline = (offer.get("decline", "pass"),)
        return offer if decline in self.adapter.legal(view) else {}

    def cards(self, view: dict) -> list:
        return list(self.offer(view).get("cards") or ())

    def verb_of(self, view: dict) -> str:
        return self.offer(view).get("verb", "play")

    def _top(self, rect, view: dict) -> int:
        return rect.top + style.px(6) + self._moment_height(rect.width, view)

    def _moment_height(self, width: int, view: dict) -> int:
        return len(_lines(self.offer(view).get("moment", ""), 14, width, True)) * style.font(14, bold=True).get_linesize()

    def _pass_rect(self, rect, view: dict) -> pygame.Rect:
        top = self._top(rect, view) + self._tiles_height(rect.width, view)
        return pygame.Rect(rect.left + style.px(2), top, rect.width - style.px(4), style.px(30))

    def height(self, width: int, view: dict) -> int:
        if not self.offer(view):
            return 0
        return style.px(6) + self._moment_height(width, view) + self._tiles_height(width, view) + style.px(38)

    def min_height(self, width: int, view: dict) -> int:
        return self.height(width, view)

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        offer = self.offer(view)
        if not offer:
            return
        y = rect.top + style.px(4)
        for line in _lines(offer.get("moment", ""), 14, rect.width, True):
            surface.blit(style.font(14, bold=True).render(line, True, style.TARGET), (rect.left + style.px(6), y))
            y += style.font(14, bold=True).get_linesize()
        tiles = self._tiles(rect, view, self._top(rect, view))
        for card, r in tiles:
            draw_card(surface, r, card, self.adapter.spec, hot=True, mark="Play", text=self.show_text)
        self._tag_hinted(surface, tiles, view)
        box = self._pass_rect(rect, view)
        pygame.draw.rect(surface, style.SLATE_LIGHT, box, border_radius=style.px(5))
        pygame.draw.rect(surface, style.BRASS, box, 1, border_radius=style.px(5))
        style.text(surface, offer.get("pass_words", "Pass: play no card now"), box.center, 14, style.INK,
                   bold=True, anchor="center")
        if self.hinted_in(view) == (offer.get("decline", "pass"),):
            style.hint_tag(surface, box)

    def light(self, action, view: dict) -> bool:
        """A hint to play a card, or to pass, tags it."""
        offer = self.offer(view)
        if offer and action == (offer.get("decline", "pass"),):
            return self.lit(True, action, view)
        return super().light(action, view)

    def click(self, pos, rect, view: dict):
        offer = self.offer(view)
        if offer and self._pass_rect(rect, view).collidepoint(pos):
            return (offer.get("decline", "pass"),)
        return super().click(pos, rect, view)
