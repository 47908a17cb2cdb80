"""What the last change did, as tags on the map: units destroyed, retreats, Confused, VP, landings."""
from __future__ import annotations

import pygame

from game.rules.hack_sack import SPEC as HS

SIDE_WORDS = HS.side_names


class Effects:
    """Compares each new view with the one before and keeps tags until the game moves on."""

    def __init__(self):
        self.before: dict | None = None      # id -> (place, piece) in the previous view
        self.scores: dict = {}
        self.step: str | None = None
        self.log_len = -1
        self.seen_event = 0                  # the serial of the last event already shown
        self.turn = 0
        self.tags: dict = {}

    def update(self, view: dict, adapter) -> dict:
        """Place -> tag for what just happened (recomputed only when the log has grown)."""
        n = len(view.get("log", []))
        if n == self.log_len:
            return dict(self.tags)
        now = {p["id"]: (adapter.unit_place(view, p["id"]), p) for p in view.get("pieces", [])}
        scores = dict(view.get("scores") or {})
        if self.before is not None and n > self.log_len:
            self.tags = self._diff(now, scores, view, adapter)
        else:
            self.tags = {}
        self.before, self.scores, self.log_len = now, scores, n
        self.seen_event = max([e["serial"] for e in view.get("events", [])] + [self.seen_event])
        self.turn = view.get("turn", 0)
        self.step = adapter.step()
        return dict(self.tags)

    def _diff(self, now: dict, scores: dict, view: dict, adapter) -> dict:
        tags: dict = {}
        news = "\n".join(view.get("log", [])[self.log_len:])   # what the rules wrote since the last look
        fresh = [e for e in view.get("events", []) if e["serial"] > self.seen_event]
        scored = {e["unit"]: e for e in fresh if "unit" in e}
        battle = view.get("battle") or {}
        retreating = self.step in ("combat", "retreat") and (
            self.step == "retreat" or str(battle.get("result", "")).endswith(("-1", "-2")))
        landed: dict = {}
        for uid, (place, piece) in self.before.items():
            if place is None:
                continue
            if uid not in now:
                tags[place] = self._gone(piece, news, scored)
                continue
            new_place, new_piece = now[uid]
            if "confused" in new_piece.get("flags", []) and "confused" not in piece.get("flags", []):
                tags[new_place] = "Confused"
            elif new_place != place and retreating and isinstance(new_place, tuple):
                tags[new_place] = "retreated"
        for uid, (place, piece) in now.items():
            if uid not in self.before and piece.get("where") == "pad":
                landed[place] = landed.get(place, 0) + 1
        for pad, count in landed.items():
            tags[pad] = f"+{count} landed"
        if any("cities" in e for e in fresh):
            tags.update(self.city_vp(view))
        return tags

    @staticmethod
    def _gone(piece: dict, news: str, scored: dict) -> str:
        """Why a counter left the map: destroyed (with the VP it earned) or a Hopat Cong going home."""
        name = piece.get("label", "")
        if name and f"{name} melts back" in news:
            return "gone home"                        # HSNJ-JER-4: not destroyed, no VP
        event = scored.get(name)
        if event:
            return f"✕ destroyed · {SIDE_WORDS.get(event['side'], event['side'])} +{event['vp']} VP"
        return "✕ destroyed"

    @staticmethod
    def city_vp(view: dict) -> dict:
        """The turn's city tally on each city, as the rules tell who holds it (HSNJ-VIC-3, VIC-4)."""
        out = {}
        for k, side in (view.get("city_holders") or {}).items():
            q, r = (int(x) for x in k.split(","))
            out[(q, r)] = "+1 K" if side == "krylon" else "+1 J"
        return out


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
