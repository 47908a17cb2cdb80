"""Judean Hammer at the table: hand of cards, card mat, VP track, region control, battle odds."""
from __future__ import annotations

import pygame

from game.core import record
from game.core.contract import as_action
from game.ui import style
from game.ui.adapter import GameAdapter

from .jh_cards import FACTION_LETTER, HandPanel, detail_height, modifier_text
from .jh_marks import MapMarks
from .jh_panels import NAMES, BattlePanel, TablePanel

NOT_ON_MAP = {"turn": ("play a card from your hand first", "JH-SEQ-5"),
              "ops": ("choose recruiting or movement for the card's OPs first", "JH-CRD-7"),
              "first": ("the starting player is chosen first", "JH-SEQ-3"),
              "reaction": ("decide on the opponent's event first", "JH-CRD-8")}


class JudeanHammerAdapter(GameAdapter):
    """The generic adapter plus the hand, battle and table panels and the map marks."""

    def __init__(self, spec, session):
        super().__init__(spec, session)
        self.hand = HandPanel(self)
        self.battle = BattlePanel(self)
        self.table = TablePanel(self)
        self.marks = MapMarks(self)
        self.view_now: dict = {}
        self.animation_factor = 1.0   # the shell's animation speed (0: off); kept current by the play scene
        self.pointer = None           # the last pointer position on the window; kept current by the play scene
        self.card_rect = None         # where the card shown over the map was drawn last
        self._labels: dict = {}
        self._odds_key = None
        self._odds: list = []
        self._played = (-1, 0)        # (actions seen, cards played among them)
        self._battle_key = None       # the dice serial of the battle last shown...
        self._battle_cards = 0        # ...and how many cards had been played when it was fought
        self._report = (None, None)   # (the move it was read at, the last round's scoring)

    # -- prompt -------------------------------------------------------------------------
    def panels(self) -> list:
        return [self.hand, self.battle, self.table]

    def buttons(self, view: dict) -> list:
        """Verbs without a place; cards are played from the hand panel instead."""
        self._read(view)
        idle = {as_action(a) for a in view.get("idle") or ()}      # would do nothing but spend the card
        return [(self.label(a), as_action(a)) for a in view.get("actions", [])
                if self.action_place(a, view) is None and as_action(a)[0] != "card" and as_action(a) not in idle]

    def pick_pending(self, view: dict) -> str:
        """A card picked and not yet used, or a stack picked and not yet moved."""
        pending = view.get("pending") or {}
        if pending.get("step") == "turn" and isinstance(pending.get("card"), dict):
            return f"the card {pending['card']['title']}"
        if pending.get("step") == "move" and len(pending.get("path") or []) == 1:
            return f"the units picked in {pending['path'][0]}"
        return ""

    def _read(self, view: dict) -> None:
        """The view on screen, and the rules' own words for each of its actions."""
        self.view_now = view
        self._labels = {as_action(a): text for a, text in zip(view.get("actions", []), view.get("labels", []))}

    def label_in(self, state: dict, action) -> str:
        """An action's words as the side that took it read them then, from its own view of ``state``
        (the review names past actions: a Done in the move step is "End movement")."""
        side = self.spec.active(state)
        kept = self.view_now, self._labels, self.viewer
        self._read(self.spec.view(state, side))
        self.viewer = side
        try:
            return super().label_in(state, action)
        finally:
            self.view_now, self._labels, self.viewer = kept

    def label(self, action) -> str:
        action = as_action(action)
        if action == ("done",) and self.viewer is not None:
            pending = (self.view_now or {}).get("pending") or {}
            if pending.get("step") == "move":          # one Done word for each of its two jobs
                return "Done with this group" if pending.get("selected") else "End movement"
        if action in self._labels:
            return self._labels[action]
        from game.rules.judean_hammer import label
        try:
            return label(action)
        except (KeyError, IndexError, TypeError):
            return super().label(action)

    def why_not(self, view: dict, place) -> str:
        """Why a click on an area does nothing now, with the clause that forbids it."""
        active = self.spec.active(self.session.state)
        if active is None or not view.get("actions"):
            return super().why_not(view, place)
        step = (view.get("pending") or {}).get("step")
        if not any(as_action(a)[0] == "area" for a in view["actions"]) and step in NOT_ON_MAP:
            why, clause = NOT_ON_MAP[step]
            if step == "turn" and (view.get("pending") or {}).get("card"):
                why, clause = "choose whether to use the card for its OPs or its event first", "JH-CRD-3"
        else:
            from game.rules.judean_hammer import why_not
            why, clause = why_not(self.session.state, ("area", place))
        return f"{place}: {why}" + (f" ({clause})." if clause else ".")

    # -- map marks ------------------------------------------------------------------------
    def highlights(self, view: dict) -> dict:
        """The moving group and its path, the ambushed area, the battles still to fight."""
        pending = view.get("pending") or {}
        step = pending.get("step")
        if step == "move" and pending.get("path"):
            path = list(pending["path"])
            # Each area one more road step away is tagged with the step it would be (JH-MOV-4/5).
            k, reach = len(path), pending.get("range", 0)
            steps = {} if k > reach else {a: f"step {k}/{reach}" for a in self._step_targets(view, path)}
            return {"selected": [path[-1]], "path": path if len(path) > 1 else [], "labels": steps}
        if step == "ambush" and pending.get("target"):
            return {"selected": [pending["target"]]}
        if step == "battles":
            retreat = pending.get("retreat") or {}
            return {"selected": [retreat["area"]] if retreat else list(pending.get("battles") or [])}
        return {}

    def _step_targets(self, view: dict, path: list) -> list:
        """Lit areas a road step from the moving group's area (not other stacks to pick instead)."""
        from game.rules.judean_hammer import board_of
        near = set(board_of(self.session.state).adj.get(path[-1], ()))
        return [a for a in self.place_actions(view) if a in near and a not in path]

    def region_marks(self) -> list:
        """(region, x, y) of each region's printed name on the map."""
        board = self.board()
        return [(m.props.get("region"), m.x, m.y) for m in getattr(board, "markers", [])
                if m.kind == "label" and m.props.get("region")]

    def draw_overlay(self, surface, board_view, view: dict, now_ms: int) -> None:
        """Region control under each region's name, the marches, the VP track; the card shown over the map."""
        self.view_now = view
        clip = surface.get_clip()
        surface.set_clip(board_view.camera.viewport)
        self.draw_position_marks(surface, board_view, view)
        self._draw_enlarged(surface, board_view)
        surface.set_clip(clip)

    def draw_position_marks(self, surface, board_view, view: dict) -> None:
        """Region control, the marches and the VP track's markers (not the card shown over the map)."""
        self.marks.draw(surface, board_view, view)

    def marches(self, view: dict) -> list:
        """(side, path, units) of each group moved with the current card (public: JH-AMB-6)."""
        pending = view.get("pending") or {}
        groups = pending.get("groups") or []
        side = view.get("active") if pending.get("step") == "move" else pending.get("attacker")
        return [(side, g["path"], g["n"]) for g in groups if len(g.get("path", [])) > 1]

    def shown_card(self, view: dict):
        """(card, pointed): the card to show enlarged over the map, and whether the pointer asks for it.

        A card under the pointer in the hand; else the card the player is deciding on (the one
        picked, or the opponent's event offered, JH-CRD-8) or whose event is being carried out.
        """
        hand = self.hand
        hovered = hand.hovered
        if hovered and not hand.pinned:
            in_hand = any(c["id"] == hovered["id"] for c in view.get("hand") or [])
            if not in_hand or not hand.pointer_on_card(self.pointer):
                hand.hovered = hovered = None          # played, or the pointer has left the card
        if hovered:
            return hovered, True
        pending = view.get("pending") or {}
        card = pending.get("card") if isinstance(pending.get("card"), dict) else pending.get("event")
        return card, False

    def _draw_enlarged(self, surface, board_view) -> None:
        card, pointed = self.shown_card(self.view_now)
        self.card_rect = None
        if not card:
            return
        viewport = board_view.camera.viewport
        w = style.px(250 if pointed else 200)
        h = min(detail_height(card, w), viewport.height - style.px(16))
        if pointed:         # beside the hand, where the pointer is
            anchor = self.hand.last_rect.top - h // 3 if self.hand.last_rect else viewport.top
            top = min(max(viewport.top + style.px(8), anchor), viewport.bottom - h - style.px(8))
            rect = pygame.Rect(viewport.right - w - style.px(10), top, w, h)
        else:
            rect = self._clear_corner(board_view, w, h)
        surface.blit(self.marks.card_picture(card, w, h), rect)
        self.card_rect = rect

    def overlay_rects(self) -> list:
        """The card shown over the map, if any."""
        return [self.card_rect] if self.card_rect else []

    @staticmethod
    def _clear_corner(board_view, w: int, h: int) -> pygame.Rect:
        """The corner of the map where a card shown while the player decides hides the fewest places
        he may click (a lit Greek supply centre under the card cannot be found), then the fewest pieces."""
        vp, gap = board_view.camera.viewport, style.px(10)
        spots = [(vp.right - w - gap, vp.top + gap), (vp.right - w - gap, vp.bottom - h - gap),
                 (vp.left + gap, vp.top + gap), (vp.left + gap, vp.bottom - h - gap)]
        marks = [p for p in map(board_view.screen_pos, board_view.targets | board_view.selected) if p]
        pieces = board_view.piece_rects()

        def cost(spot):
            rect = pygame.Rect(spot, (w, h))
            return (sum(rect.collidepoint(p) for p in marks), len(rect.collidelistall(pieces)))
        return pygame.Rect(min(spots, key=cost), (w, h))

    # -- odds and battle lines ----------------------------------------------------------
    def odds_rows(self, view: dict) -> list:
        """(headline, detail) lines of the odds before each battle or ambush the viewer faces."""
        state = self.session.state
        key = (id(state), len(self.session.actions), self.viewer)
        if key == self._odds_key:
            return self._odds
        from game.rules import judean_hammer as odds
        pending = view.get("pending") or {}
        step = pending.get("step")
        rows = []
        if step == "ambush" and not pending.get("target"):
            p = odds.ambush_odds(state, self.viewer)
            rows.append((f"Ambush: {p:.0%} chance to stop the Greeks",
                         "needs a Maccabean modifier on the revealed card (JH-AMB-9)"))
        areas = []
        att = pending.get("attacker") or view.get("active")
        if step in ("battles", "ambush") and not pending.get("retreat"):
            areas = list(pending.get("battles") or [])
        elif step == "move":
            mine = {p["at"] for p in view.get("pieces", []) if p.get("side") == view.get("active")}
            theirs = {p["at"] for p in view.get("pieces", []) if p.get("side") != view.get("active")}
            areas = sorted(mine & theirs)
        for area in areas:
            o = odds.battle_odds(state, area, area, self.viewer)
            rows.append((f"{area}: {NAMES.get(att, att)} attack, win {o['p_attacker_wins']:.0%}",
                         f"expected losses: attacker {o['expected_attacker_losses']:.1f}, "
                         f"defender {o['expected_defender_losses']:.1f}"))
        self._odds_key, self._odds = key, rows
        return rows

    def card_battles(self, view: dict) -> list:
        """Every battle and ambush of the card just played, as the rules recorded them, when it had
        more than one (the session's events since that card; never the log)."""
        events = self.session.events_since(self.session.last_event() - 64)
        start = max((i for i, e in enumerate(events) if e["kind"] == "card_played"), default=None)
        if start is None or not self.fresh_battle(view):
            return []
        fights = [e for e in events[start + 1:] if e["kind"] in ("battle", "ambush")]
        return fights if len(fights) > 1 else []

    def round_report(self) -> dict | None:
        """The last round's supply losses and scores while a new round waits for its first card,
        as the rules read them from the session's record of events (kept per move)."""
        key = (len(self.session.actions), self.session.last_event())
        if self._report[0] != key:
            from game.rules.judean_hammer import round_report
            self._report = (key, round_report(self.session.state, self.session.events_since(0)))
        return self._report[1]

    def card_battle_log(self, view: dict) -> list:
        """Those battles and ambushes in a line each, dice as glyphs."""
        return [fight_words(e) for e in self.card_battles(view)]

    def _cards_played(self) -> int:
        n = len(self.session.actions)
        if self._played[0] != n:
            self._played = (n, sum(1 for a in self.session.actions if a and a[0] == "card"))
        return self._played[1]

    def fresh_battle(self, view: dict):
        """The last battle or ambush until the next card is picked; None once play has moved on
        (or while the round's scoring is shown instead)."""
        battle = view.get("battle")
        if not battle or self.round_report():
            return None
        key = (view.get("dice") or {}).get("serial")
        if key != self._battle_key:
            self._battle_key, self._battle_cards = key, self._cards_played()
        return battle if self._cards_played() == self._battle_cards else None

    def battle_lines(self, battle: dict, view: dict) -> list:
        """The last battle or ambush: revealed card, strengths, each side's dice, casualties.

        A line is text, or for the dice a list of (side, values): the winner rolls once, the
        loser rolls its chain, the attacker first (JH-BAT-8..11, JH-AMBIG-11)."""
        revealed = (view.get("revealed") or {}).get("card")
        card = f"{revealed['title']} ({modifier_text(revealed)})" if revealed else "no card left (JH-GAP-6)"
        rolls = [(side, list(values)) for side, values in battle.get("rolls") or []]   # the rules split them
        if battle.get("kind") == "ambush":
            if not battle.get("won"):
                return [f"Revealed {card}", "Not a Maccabean modifier: the ambush fails, the Greeks move on"]
            return [f"Revealed {card}", "Maccabean modifier: the Greeks stop there",
                    rolls, "Both sides rolled for losses"]
        att = battle.get("attacker")
        dfd = next((k for k in battle.get("strength") or {} if k != att), None)
        bonus = battle.get("card_bonus") or {}          # the rules say whose strength the card raised

        def strength(side):
            total = (battle.get("strength") or {}).get(side, 0)
            plus = bonus.get(side, 0)
            return f"{FACTION_LETTER.get(side, '?')} {total}" + (f" ({total - plus}+{plus} card)" if plus else "")

        losses = battle.get("losses") or {}
        lost = ", ".join(f"{NAMES.get(k, k)} {v}" for k, v in losses.items())
        return [f"Revealed {card}",
                f"{strength(att)} v {strength(dfd)}: {NAMES.get(battle.get('winner'), '?')} win",
                rolls, f"Units lost: {lost}"]


def fight_words(event: dict) -> str:
    """One battle or ambush event in words, with its dice in the log's markup ([d6:5])."""
    def dice(side, values):
        return f"{NAMES.get(side, side)} {record.dice_text(values) or 'no roll'}"
    rolls = "; ".join(dice(side, values) for side, values in event.get("rolls") or [])
    lost = ", ".join(f"{NAMES.get(k, k)} {v}" for k, v in (event.get("losses") or {}).items())
    if event["kind"] == "ambush":
        head = f"Ambush at {event['area']} from {event['source']}: " + ("it succeeds" if event["won"] else "it fails")
        return head + (f". {rolls}. Lost: {lost}." if event["won"] else ".")
    att, dfd = event["attacker"], event["defender"]
    strength = event["strength"]
    return (f"Battle at {event['area']}: {NAMES.get(att, att)} {strength[att]} v {NAMES.get(dfd, dfd)} "
            f"{strength[dfd]}, {NAMES.get(event['winner'], event['winner'])} win. {rolls}. Lost: {lost}.")
