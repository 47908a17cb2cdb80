"""Judean Hammer cards drawn like the printed ones, and the hand panel (JH-CRD-1, JH-CRD-16)."""
from __future__ import annotations

import pygame

from game.rules.judean_hammer import SPEC as JH
from game.ui import style
from game.ui.adapter import Panel

BANNERS = {"green": (46, 128, 74), "purple": (112, 56, 150), "orange": (214, 112, 28)}
FACTION_COLOURS = JH.side_colours
FACTION_LETTER = {"maccabean": "M", "greek": "G"}
PAPER = (242, 234, 212)
PAPER_EDGE = (96, 74, 50)
CARD_INK = (40, 30, 22)
BACK = (84, 58, 40)


def faction_mark(surface, faction: str, centre, r: int) -> None:
    """Maccabean: green disc; Greek: purple diamond; each with its letter (never colour alone)."""
    x, y = centre
    colour = FACTION_COLOURS.get(faction, (120, 120, 120))
    if faction == "greek":
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, (255, 255, 255), pts, max(1, r // 6))
    else:
        pygame.draw.circle(surface, colour, (x, y), r)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), r, max(1, r // 6))
    glyph = style.font_px(r * 1.15, bold=True).render(FACTION_LETTER.get(faction, "?"), True, (255, 255, 255))
    surface.blit(glyph, glyph.get_rect(center=(x, y)))


def modifier_text(card: dict) -> str:
    """The combat modifier as printed bottom-left: the faction's letter and the value."""
    mod = card.get("modifier") or {}
    if not mod:
        return "-"
    return f"{FACTION_LETTER.get(mod.get('faction'), '?')}+{mod.get('value', 0)}"


def card_notes(card: dict) -> str:
    """What the banner and the modifier mean, in plain words (JH-CRD-2, JH-CRD-6, JH-CRD-14)."""
    owner = JH.side_names.get(card.get("faction"), "?")
    mod = card.get("modifier") or {}
    if card.get("sacrifice"):
        event = f"Sacrifice card: only the {owner} may play the event; it hurts them but removes a strong modifier."
    else:
        event = f"Only the {owner} may play the event; played for OPs, the other side may answer with it."
    return (f"{event} In a battle it adds {mod.get('value', 0)} to the "
            f"{JH.side_names.get(mod.get('faction'), '?')}.")


def draw_back(surface, rect, count: int | None = None) -> None:
    """A face-down card (the draw pile), with the pile's count."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, BACK, rect, border_radius=max(3, rect.w // 12))
    pygame.draw.rect(surface, style.BRASS_DIM, rect.inflate(-4, -4), 1, border_radius=max(3, rect.w // 12))
    if count is not None:
        img = style.font_px(rect.h * 0.32, bold=True, serif=True).render(str(count), True, style.BRASS)
        surface.blit(img, img.get_rect(center=rect.center))


def draw_card(surface, rect, card: dict, detail: bool = False, dim: bool = False) -> None:
    """One card: banner colour, OPs top-left, faction mark, title, event text, modifier bottom-left."""
    rect = pygame.Rect(rect)
    rad = max(3, rect.w // 14)
    pygame.draw.rect(surface, PAPER, rect, border_radius=rad)
    banner = BANNERS.get(card.get("banner"), (120, 120, 120))
    bh = max(14, round(rect.h * (0.24 if detail else 0.26)))
    top = pygame.Rect(rect.left, rect.top, rect.w, bh)
    pygame.draw.rect(surface, banner, top, border_top_left_radius=rad, border_top_right_radius=rad)
    pygame.draw.rect(surface, PAPER_EDGE, rect, max(1, rect.w // 60), border_radius=rad)
    ops_r = round(bh * (0.34 if detail else 0.42))
    ops_c = (rect.left + ops_r + 4, top.centery)
    if 4 * ops_r + 12 <= rect.w:               # a pile card too narrow for both shows just its faction
        pygame.draw.circle(surface, PAPER, ops_c, ops_r)
        pygame.draw.circle(surface, CARD_INK, ops_c, ops_r, 1)
        ops = style.font_px(ops_r * 1.5, bold=True, serif=True).render(str(card.get("ops", "?")), True, CARD_INK)
        surface.blit(ops, ops.get_rect(center=ops_c))
        faction_mark(surface, card.get("faction", ""), (rect.right - ops_r - 5, top.centery), ops_r)
    else:
        faction_mark(surface, card.get("faction", ""), top.center, ops_r)
    pad = max(3, rect.w // 20)
    if detail:
        title_font = style.font_px(max(10, bh * 0.25), bold=True, serif=True)
        lines = style.wrap(card.get("title", ""), title_font, rect.w - 4 * ops_r - 20)[:3]
        y = top.centery - len(lines) * title_font.get_linesize() // 2
    else:
        title_font = style.font_px(max(9, bh * 0.34), bold=True, serif=True)
        lines = style.wrap(card.get("title", ""), title_font, rect.w - 2 * pad)
        # Only the lines that fit between the banner and the modifier; none on a card too small to
        # hold a word (the pile cards of the table panel), so the title never spills past the card.
        room = max(0, (rect.bottom - pad - title_font.get_linesize() - top.bottom - 2) // title_font.get_linesize())
        fits = all(title_font.size(line)[0] <= rect.w - 2 for line in lines)
        keep = min(3, room) if fits else 0
        if 0 < keep < len(lines):              # a title cut short says so
            lines = lines[:keep - 1] + [_shorten(lines[keep - 1] + " " + lines[keep], title_font, rect.w - 2 * pad)]
        lines = lines[:keep]
        y = top.bottom + 2
    for line in lines:
        img = title_font.render(line, True, (255, 255, 255) if detail else CARD_INK)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += title_font.get_linesize()
    if detail:
        ty = top.bottom + pad
        body, note = detail_fonts(rect)
        lines = [(line, body, CARD_INK) for line in style.wrap(card.get("text", ""), body, rect.w - 2 * pad)]
        lines += [(line, note, (96, 80, 62)) for line in style.wrap(card_notes(card), note, rect.w - 2 * pad)]
        for i, (line, fnt, ink) in enumerate(lines):
            if fnt is note and lines[i - 1][1] is body:
                ty += note.get_linesize() // 3
            if ty + fnt.get_linesize() > rect.bottom - bh * 0.6:
                break                          # detail_height() gives a card the room for all of it
            surface.blit(fnt.render(line, True, ink), (rect.left + pad, ty))
            ty += fnt.get_linesize()
    _draw_foot(surface, rect, card, bh, pad, detail)
    if dim:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((20, 20, 24, 110))
        surface.blit(shade, rect)


def _shorten(words: str, fnt, width: int) -> str:
    """``words`` cut to ``width`` pixels, ending in an ellipsis."""
    while words and fnt.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"


def detail_fonts(rect) -> tuple:
    """The event text's and the note's fonts on an enlarged card of this width (a taller card
    makes room for more lines, not for bigger letters)."""
    h = rect.w * 1.12
    return (style.font_px(max(10, h * 0.046), serif=True), style.font_px(max(9, h * 0.04)))


_HEIGHTS: dict = {}      # (card id, title, text, width) -> detail_height: the card shown asks every frame


def detail_height(card: dict, w: int) -> int:
    """The height an enlarged card ``w`` wide needs to show its event text and note in full
    (at least the printed proportion, 1.12 times the width)."""
    key = (card.get("id"), card.get("title"), card.get("text", ""), w)   # (its notes follow from its id)
    if key not in _HEIGHTS:
        if len(_HEIGHTS) > 512:
            _HEIGHTS.clear()
        _HEIGHTS[key] = _detail_height(card, w)
    return _HEIGHTS[key]


def _detail_height(card: dict, w: int) -> int:
    h = round(w * 1.12)
    for _ in range(12):
        rect = pygame.Rect(0, 0, w, h)
        bh = max(14, round(h * 0.24))
        pad = max(3, w // 20)
        body, note = detail_fonts(rect)
        used = bh + pad + len(style.wrap(card.get("text", ""), body, w - 2 * pad)) * body.get_linesize() \
            + note.get_linesize() // 3 + len(style.wrap(card_notes(card), note, w - 2 * pad)) * note.get_linesize()
        if used <= h - bh * 0.6:
            break
        h = round(h * 1.06)
    return h


def _draw_foot(surface, rect, card, bh, pad, detail) -> None:
    """Combat modifier bottom-left in its faction's colour; the card number bottom-right."""
    mod = card.get("modifier") or {}
    colour = FACTION_COLOURS.get(mod.get("faction"), CARD_INK)
    foot = style.font_px(max(9, bh * (0.3 if detail else 0.4)), bold=True)
    img = foot.render(modifier_text(card), True, (255, 255, 255))
    box = img.get_rect(bottomleft=(rect.left + pad, rect.bottom - pad))
    pygame.draw.rect(surface, colour, box.inflate(6, 2), border_radius=3)
    surface.blit(img, box)
    small = style.font_px(max(8, bh * (0.2 if detail else 0.3)))
    tag = f"#{card.get('id', '')}" + ("  sacrifice" if card.get("sacrifice") and detail else "")
    num = small.render(tag, True, style.INK_DIM if not detail else CARD_INK)
    at = num.get_rect(bottomright=(rect.right - pad, rect.bottom - pad))
    if not at.colliderect(box.inflate(8, 2)):  # never over the modifier on a small card
        surface.blit(num, at)


HAND_CARD = 1.22       # a hand card's height to its width: OPs, faction, a 3-line title and the modifier


class HandPanel(Panel):
    """The viewer's hand as small cards; hover one to see it enlarged, click it to play it."""

    title = "Your hand"

    def __init__(self, adapter):
        super().__init__(adapter)
        self.hovered = None          # the card dict under the pointer
        self.pinned = False          # keep the enlarged card up without the pointer (screenshots)
        self.last_rect = None        # where the panel was drawn (for the enlarged card)
        self.last_slots: list = []   # (card, rect) as last drawn

    def height(self, width: int, view: dict) -> int:
        """Whole cards (OPs, faction, title and modifier all show) at this width."""
        hand = view.get("hand") or []
        if not hand:
            return style.px(24)
        gap = style.px(6)
        w = min(style.px(84), (width - gap * (len(hand) + 1)) // len(hand))
        return round(w * HAND_CARD) + 2 * gap

    def min_height(self, width: int, view: dict) -> int:
        """Whole cards however crowded the column: the other panels scroll instead."""
        return self.height(width, view)

    def slots(self, rect, view: dict) -> list:
        """(card, rect) for each card in the hand, left to right."""
        hand = view.get("hand") or []
        if not hand:
            return []
        gap = style.px(6)
        w = min(style.px(84), (rect.w - gap * (len(hand) + 1)) // len(hand))
        h = min(rect.h - 2 * gap, round(w * HAND_CARD))
        return [(card, pygame.Rect(rect.left + gap + i * (w + gap), rect.top + gap, w, h))
                for i, card in enumerate(hand)]

    def playable(self, view: dict) -> set:
        """Ids of the cards the viewer may play now."""
        return {a[1] for a in view.get("actions", []) if a and a[0] == "card"}

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        self.last_rect = pygame.Rect(rect)
        slots = self.slots(rect, view)
        self.last_slots = slots
        chosen = ((view.get("pending") or {}).get("card") or {}).get("id")
        if chosen not in {c["id"] for c in view.get("hand") or []}:
            chosen = None                      # the opponent's card offered for its event (JH-CRD-8)
        if not slots:
            style.text(surface, "No cards in hand.", (rect.left + style.px(8), rect.top + style.px(4)), 13,
                       style.INK_DIM)
            return
        live = self.playable(view)
        for card, r in slots:
            if (self.hovered and card["id"] == self.hovered["id"]) or card["id"] == chosen:
                r = r.move(0, -style.px(3))
            draw_card(surface, r, card, dim=(bool(live) and card["id"] not in live) or
                      (chosen is not None and card["id"] != chosen))
            if card["id"] in live:
                pygame.draw.rect(surface, style.TARGET, r.inflate(4, 4), 2, border_radius=6)
            elif card["id"] == chosen:         # the card being played, waiting for OPs or event
                pygame.draw.rect(surface, style.BRASS, r.inflate(6, 6), 3, border_radius=6)
            if self.hinted_in(view) == ("card", card["id"]):
                style.hint_tag(surface, r)

    def light(self, action, view: dict) -> bool:
        """A hint to play a card of the hand tags it."""
        return self.lit(action[0] == "card" and any(c["id"] == action[1] for c in view.get("hand") or []),
                        action, view)

    def hover(self, pos, rect, view: dict) -> bool:
        found = next((card for card, r in self.slots(rect, view) if r.collidepoint(pos)), None)
        changed = (found or {}).get("id") != (self.hovered or {}).get("id")
        self.hovered = found
        return changed

    def pointer_on_card(self, pos) -> bool:
        """True when ``pos`` is over a card as last drawn (True too when the shell reports no pointer)."""
        if pos is None:
            return True
        return any(r.inflate(0, style.px(8)).collidepoint(pos) for _card, r in self.last_slots)

    def click(self, pos, rect, view: dict):
        for card, r in self.slots(rect, view):
            if r.collidepoint(pos):
                return ("card", card["id"])
        return None

    def leave(self) -> bool:
        """The pointer left the panel: stop showing the enlarged card."""
        changed = self.hovered is not None
        self.hovered = None
        return changed
