"""What the last change did, as tags on the map: units destroyed, retreats, Confused, VP, landings."""
from __future__ import annotations

import pygame

from game.rules.hack_sack import SPEC as HS

SIDE_WORDS = HS.side_names


class Effects:
    """Tags for what the last change did, drawn from the rules' structured events (never the log).

    A tag stays until the game moves on: another decision, or undo."""

    def __init__(self):
        self.seen: tuple | None = None       # (decisions made, newest event serial) at the last look
        self.serial = 0                      # the serial of the last event already shown
        self.tags: dict = {}

    def update(self, view: dict, adapter) -> dict:
        """Place -> tag for what just happened (worked out again only when the game has moved on).

        The events are the session's record since the last look, so decisions applied between
        two frames (a computer's quick ones) still leave their tags."""
        session = adapter.session
        key = (len(session.actions), session.last_event())
        if key == self.seen:
            return dict(self.tags)
        fresh = session.events_since(self.serial) if self.seen is not None else []
        self.seen, self.serial = key, session.last_event()
        self.tags = self.tags_for(fresh, view, adapter)
        return dict(self.tags)

    def tags_for(self, events: list, view: dict, adapter) -> dict:
        """The tags these events leave on the map, a later event over an earlier one in the same place."""
        tags: dict = {}
        landed: dict = {}
        for e in events:
            kind = e["kind"]
            if kind == "eliminated":
                tags[self._place(e["at"], view, adapter)] = self._gone(e)
            elif kind == "withdrawn":
                tags[self._place(e["at"], view, adapter)] = "gone home"        # HSNJ-JER-4: no VP
            elif kind == "confused":
                tags[self._place(e["at"], view, adapter)] = "Confused"
            elif kind == "retreat":
                tags[self._place(e["path"][-1], view, adapter)] = "retreated"
            elif kind == "landed":
                landed[e["at"]] = landed.get(e["at"], 0) + 1
            elif kind == "scored" and e.get("what") == "cities":
                tags.update(self.city_vp(e))
        for pad, count in landed.items():
            tags[pad] = f"+{count} landed"
        tags.pop(None, None)
        return tags

    @staticmethod
    def _place(at, view: dict, adapter):
        """A hex [q, r] as a place key, a pad by name, a spaceship by where it is now."""
        if isinstance(at, list):
            return tuple(at)
        if not at:
            return None
        aboard = adapter.unit_place(view, at)          # a unit id: the spaceship it rode in
        return aboard if aboard is not None else at

    @staticmethod
    def _gone(event: dict) -> str:
        """A counter destroyed, with the VP it earned its destroyer (HSNJ-VIC-1)."""
        if event.get("by") and event.get("vp"):
            return f"✕ destroyed · {SIDE_WORDS.get(event['by'], event['by'])} +{event['vp']} VP"
        return "✕ destroyed"

    @staticmethod
    def city_vp(event: dict) -> dict:
        """The turn's city tally on each city, as the rules scored it (HSNJ-VIC-3, VIC-4)."""
        return {tuple(h): f"+{vp} {'K' if side == 'krylon' else 'J'}" for h, side, vp in event["holders"]}


MARK_COLOURS = {"effect": ((150, 30, 24), (255, 255, 255)), "attackers": ((255, 255, 255), (30, 30, 30)),
                "defenders": ((200, 48, 40), (255, 255, 255)), "cost": ((34, 30, 26), (250, 214, 96))}
_PILLS: dict = {}          # (text, kind) -> rendered pill: the same few tags are drawn every frame


def _pill(text: str, kind: str, size: int = 13):
    pill = _PILLS.get((text, kind, size))
    if pill is None:
        from game.ui import theme
        fill, ink = MARK_COLOURS.get(kind, MARK_COLOURS["effect"])
        img = theme.font(size, bold=True).render(text, True, ink)
        r = img.get_rect().inflate(max(4, size - 1), 4)
        r.w = max(r.w, r.h)
        pill = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, fill, r, border_radius=r.h // 2)
        pygame.draw.rect(pill, (20, 20, 20), r, 1, border_radius=r.h // 2)
        pill.blit(img, img.get_rect(center=r.center))
        if len(_PILLS) > 512:
            _PILLS.clear()
        _PILLS[(text, kind, size)] = pill
    return pill


def mark_size(hex_px: float) -> int:
    """The pills' text size for hexes ``hex_px`` wide on screen: 13 px from 44-px hexes, smaller below."""
    return max(9, min(13, round(13 * hex_px / 44)))


def mark_rect(pos, text: str, kind: str = "cost", size: int = 13) -> pygame.Rect:
    """Where draw_mark would put this pill."""
    return _pill(text, kind, size).get_rect(center=(round(pos[0]), round(pos[1])))


COMPACT_SIGNS = {"attackers": "⚔", "defenders": "◎"}


def short_tag(text: str, kind: str) -> str:
    """A tag's one-sign form, for a crowded map: a battle role's sign, '✕' for a destroyed counter."""
    if kind in COMPACT_SIGNS:
        return COMPACT_SIGNS[kind]
    return "✕" if text.startswith("✕") else text


def free_spot(centre, counter: float, text: str, kind: str, size: int, below: bool, avoid: list,
              viewport) -> pygame.Rect | None:
    """Where a tag for the counter at ``centre`` covers nothing in ``avoid``: above or below the
    counter (``below`` first when asked), then beside it, then one row further out; None if nowhere."""
    w, h = _pill(text, kind, size).get_size()
    x, y = centre
    gap = counter / 2 + h / 2 + 1
    side = counter / 2 + w / 2 + 2
    first, second = ((0, gap), (0, -gap)) if below else ((0, -gap), (0, gap))
    for dx, dy in (first, second, (side, 0), (-side, 0), (side, -gap), (side, gap), (-side, -gap),
                   (-side, gap), (0, first[1] * 2), (0, second[1] * 2)):
        rect = mark_rect((x + dx, y + dy), text, kind, size)
        if viewport.contains(rect) and rect.collidelist(avoid) < 0:
            return rect
    return None


def draw_mark(surface, pos, text: str, kind: str, size: int = 13) -> None:
    """A small pill with a word, centred on pos (above a counter)."""
    pill = _pill(text, kind, size)
    surface.blit(pill, pill.get_rect(center=(round(pos[0]), round(pos[1]))))


class BattleMemory:
    """The last battle fought, with its roll and result, kept on screen until the next decision.

    The rules keep the finished battle in view["last_battle"] (numbered) even when the combat
    phase ends in the same action that resolved it; it is shown while no other action follows."""

    def __init__(self):
        self.number: int | None = None
        self.last: dict | None = None
        self.at_action = -1

    def update(self, view: dict, adapter) -> None:
        """Note a battle result that just came out."""
        last = view.get("last_battle")
        if last and last.get("number") != self.number:
            self.number, self.last = last.get("number"), dict(last)
            self.at_action = len(adapter.session.actions)

    def shown(self, view: dict, adapter) -> dict | None:
        """The battle to show: the one in the view, else the last result until the next decision."""
        battle = view.get("battle")
        if battle and battle.get("odds"):
            return battle
        if self.last and len(adapter.session.actions) == self.at_action:
            return self.last
        return None
