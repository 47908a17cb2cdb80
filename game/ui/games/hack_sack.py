"""Hack & Sack New Jersey at the table: clicks on counters and hexes, move costs, battle odds.

The play scene asks this adapter which place each action names (a counter's hex, a Landing
Pad, the spaceship a unit rides in), what the buttons say, why a click is refused (with the
clause ID), and what to mark on the map: legal hexes with their MP cost and traffic chance,
the battle being built, and what the last battle did.
"""
from __future__ import annotations

import pygame

from game.core.contract import as_action
from game.rules import hack_sack as hs
from game.ui.adapter import GameAdapter, tuple_action, place_key
from game.ui.board_view import BlitList

from .hs_effects import COMPACT_SIGNS, BattleMemory, Effects, draw_mark, free_spot, mark_rect, mark_size, short_tag
from .hs_panels import BattlePanel, ConditionPanel, UnitPanel

# The prompts' own words ("..., or Done."), short enough to share a row with another button (key hint
# and all), so the main choice stays on the first page of buttons at 1280x720.
DONE_WORDS = {"move": "End movement", "combat": "End combat"}
MAX_COST_TAGS = 150       # beyond this many destinations the map would be all pulse: tint them instead
TAGS_FROM_HEX_PX = 30     # hexes narrower than this on screen show a cost tag only under the mouse
READY_RING = (255, 214, 64)   # a counter that may still move or attack
ROLE_RINGS = {"attackers": (255, 255, 255), "defenders": (220, 50, 40)}
COMPACT_FROM_HEX_PX = 30   # hexes narrower than this on screen show a battle role as one sign, not a word
COMPACT_ROLES = COMPACT_SIGNS
HEX_WORDS = {"move": "Move to", "retreat": "Retreat to", "guard": "Guard Infantry to",
             "hopat": "Hopat Cong to", "deploy": "Set up at"}


def mp_text(mp: float) -> str:
    """Movement points as players write them: 1, ½, 2½."""
    whole, half = int(mp), (mp - int(mp)) >= 0.5
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


_PLACES: dict = {}      # a reach key ('q,r' or a pad) -> the place the board view names (a Frigate has a thousand)

class HackSackAdapter(GameAdapter):
    """The Hack & Sack adapter: counters, pads, cargo, move costs, battles and their results."""

    def __init__(self, spec, session):
        super().__init__(spec, session)
        self.effects = Effects()
        self.battles = BattleMemory()
        self.marks: dict = {}               # place -> (text, kind) drawn over the counters
        self.cost_tags: dict = {}           # place -> MP-cost tag for the selected unit's destinations
        self.ready: set = set()             # places of counters that may still act
        self.retreat_to: list = []          # where the retreating unit may end up
        self._panels = [ConditionPanel(self), BattlePanel(self), UnitPanel(self)]
        self._tag_blits = (None, [])        # (key, blits of the cost tags)

    # -- what is where -------------------------------------------------------------------------
    @property
    def state(self) -> dict:
        """The game state (read only)."""
        return self.session.state

    def step(self) -> str | None:
        """The name of the step the game is in (move, combat, pads...)."""
        return hs.frame(self.state).get("step")

    def unit_name(self, uid: str) -> str:
        """A unit's name as printed on its counter."""
        unit = hs.unit(self.state, uid)
        return unit["name"] if unit else str(uid)

    def unit_place(self, view: dict, uid: str):
        """Where a unit is on the table: its hex, its Landing Pad, or where its spaceship is."""
        memo = getattr(self, "_pieces_memo", None)
        if memo is None or memo[0] is not view:          # once per view, not once per question
            memo = self._pieces_memo = (view, {p["id"]: p for p in view.get("pieces", [])})
        pieces = memo[1]
        seen = set()
        while uid in pieces and uid not in seen:
            seen.add(uid)
            piece = pieces[uid]
            if piece.get("where") != "ship":
                return place_key(piece["at"])
            uid = piece["at"]
        return None

    def action_place(self, action, view: dict):
        """The place a click names for this action: units by their counters, loads by the other party."""
        action = tuple_action(action)
        verb = action[0]
        if verb in ("unit", "attacker", "defender") and len(action) == 2:
            return self.unit_place(view, action[1])
        if verb == "load" and len(action) == 3:
            ship, unit = action[1], action[2]
            return self.unit_place(view, unit if view.get("selected") == ship else ship)
        return super().action_place(action, view)

    def places_for(self, view: dict) -> dict:
        """Actions by place; on a Landing Pad, 'load it' replaces 'choose it' (pad units only leave aboard)."""
        out = super().places_for(view)
        if not any(a[0] == "load" for a, _ in self.placed(view)):
            return out
        for place, actions in out.items():
            boarding = {a[2] for a in actions if a[0] == "load"}
            if boarding and isinstance(place, str):
                out[place] = [a for a in actions if not (a[0] == "unit" and a[1] in boarding)]
        return out

    def riders(self, view: dict) -> dict:
        """Spaceship id -> the counters aboard it (HSNJ-LOD-5)."""
        out: dict = {}
        for piece in view.get("pieces", []):
            if piece.get("where") == "ship":
                out.setdefault(piece["at"], []).append(piece)
        return out

    def draw_overlay(self, surface, board_view, view: dict, now_ms: int) -> None:
        """Over the counters: cargo, move costs, who may still act, battle roles and what just happened."""
        clip = surface.get_clip()
        surface.set_clip(board_view.camera.viewport)
        size = max(14, round(board_view.counter_size() * board_view.camera.zoom))
        self.draw_position_marks(surface, board_view, view)
        self._draw_cost_tags(surface, board_view)
        self._draw_ready(surface, board_view, size)
        self._draw_marks(surface, board_view, size)
        surface.set_clip(clip)

    def draw_position_marks(self, surface, board_view, view: dict) -> None:
        """Each spaceship's cargo (not the move costs, rings and battle roles of the moment)."""
        self._draw_cargo(surface, board_view, view)

    def _draw_ready(self, surface, board_view, size: int) -> None:
        """A ring round each counter that may still move or attack, visible at any zoom."""
        for place in self.ready:
            pos = board_view.screen_pos(place)
            if pos is not None and not isinstance(place, str):
                ring = pygame.Rect(0, 0, size + 6, size + 6)
                ring.center = (round(pos[0]), round(pos[1]))
                pygame.draw.rect(surface, (20, 20, 20), ring.inflate(2, 2), 4, border_radius=5)
                pygame.draw.rect(surface, READY_RING, ring, 2, border_radius=4)

    def _draw_marks(self, surface, board_view, size: int) -> None:
        """Word pills: battle roles (with a ring on the hex), retreats, and the last change's effects.

        The pills shrink with the zoom; once hexes are too small for words, a battle role becomes a
        one-sign marker (⚔ attacks, ◎ target). A pill goes above or below its counter, else beside
        it, never over a printed place name or another pill (issue 10); with no such room it
        shrinks to its sign, else it is left out (the log says it too)."""
        roles = [board_view.screen_pos(p) for p, (_, k) in self.marks.items() if k in ROLE_RINGS]
        roles = [r for r in roles if r is not None]
        middle_y = sum(r[1] for r in roles) / len(roles) if roles else 0
        hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
        text_px, compact = mark_size(hex_px), hex_px < COMPACT_FROM_HEX_PX
        names, drawn = board_view.name_rects(), []
        # battle roles first: when pills would overlap, the fight's own marks are the ones kept
        for place, (text, kind) in sorted(self.marks.items(), key=lambda item: item[1][1] not in ROLE_RINGS):
            pos = board_view.screen_pos(place)
            if pos is None:
                continue
            below = False
            if kind in ROLE_RINGS:
                # A battle role rings its hex; its word goes on the side away from the rest of the
                # battle, so it never covers another unit in the same fight.
                outline = board_view.outline(place)
                if outline:
                    pts = [board_view.camera.to_screen(x, y) for x, y in outline]
                    pygame.draw.polygon(surface, (20, 20, 20), pts, 5)
                    pygame.draw.polygon(surface, ROLE_RINGS[kind], pts, 3)
                below = pos[1] > middle_y or (pos[1] == middle_y and kind == "defenders")
            elif text == "retreats" and self.retreat_to:
                ends = [e for e in map(board_view.screen_pos, self.retreat_to) if e is not None]
                below = bool(ends) and sum(e[1] for e in ends) / len(ends) > pos[1]   # toward the way out
            if compact and kind in ROLE_RINGS:
                text = COMPACT_ROLES[kind]
            avoid = names + drawn
            rect = free_spot(pos, size, text, kind, text_px, below, avoid, board_view.camera.viewport)
            if rect is None and text != short_tag(text, kind):      # no room for the words: the sign alone
                text = short_tag(text, kind)
                rect = free_spot(pos, size, text, kind, text_px, below, avoid, board_view.camera.viewport)
            if rect is not None:                # a tag never covers a printed name or another tag
                draw_mark(surface, rect.center, text, kind, text_px)
                drawn.append(rect)

    def _draw_cost_tags(self, surface, board_view) -> None:
        """MP-cost tags: on every reachable hex once hexes are big enough to hold them, else on the hovered one."""
        tags = self.cost_tags
        if not tags:
            return
        cam = board_view.camera
        key = (tags, board_view.hover, cam.x, cam.y, cam.zoom, tuple(cam.viewport))
        if self._tag_blits[0] != key:          # a Frigate's tags cover the map: placed once per camera
            recorder = BlitList()
            self._place_cost_tags(recorder, board_view)
            self._tag_blits = (key, recorder.items)
        surface.blits(self._tag_blits[1], doreturn=False)

    def _place_cost_tags(self, surface, board_view) -> None:
        tags = self.cost_tags
        hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
        # A Frigate reaches the whole state for 1 MP a hex: a "1" on every hex is noise, so past
        # MAX_COST_TAGS only the hexes where an enemy zone of control stops it keep their tags.
        crowd = len(tags) > MAX_COST_TAGS
        places = [p for p in tags if not isinstance(p, str) and not (crowd and not tags[p].endswith("stop"))] \
            if hex_px >= TAGS_FROM_HEX_PX else []
        if board_view.hover in tags and not isinstance(board_view.hover, str):
            places.append(board_view.hover)
        vp, drawn, names = board_view.camera.viewport, [], board_view.name_rects()
        for place in reversed(places):             # the hovered hex first, then the rest where room is left
            pos = board_view.screen_pos(place)
            if pos is None or not vp.collidepoint(pos):
                continue
            rect = mark_rect(pos, tags[place])
            # a tag never covers another, nor a place's name (but the hovered hex always shows its cost)
            if rect.collidelist(drawn) < 0 and (place == board_view.hover or rect.collidelist(names) < 0):
                draw_mark(surface, pos, tags[place], "cost")
                drawn.append(rect)

    def _draw_cargo(self, surface, board_view, view: dict) -> None:
        """Each spaceship's cargo: a +N badge, fanned out as small counters when selected or hovered."""
        riders = self.riders(view)
        if not riders:
            return
        size = max(14, round(board_view.counter_size() * board_view.camera.zoom))
        small = max(12, round(size * 0.5))
        sel = view.get("selected")
        open_up = {board_view.hover} | ({self.unit_place(view, sel)} if sel in riders else set())
        for ship, aboard in riders.items():
            place = self.unit_place(view, ship)
            centre = board_view.screen_pos(place) if place is not None else None
            if centre is None:
                continue
            if place not in open_up:           # closed: a count on the counter's corner
                badge = board_view.sprites.badge(f"+{len(aboard)}", max(14, size // 3))
                surface.blit(badge, (round(centre[0] + size / 2 - badge.get_width() * 0.6),
                                     round(centre[1] + size / 2 - badge.get_height() * 0.6)))
                continue
            left = centre[0] - (len(aboard) * (small + 2)) / 2
            top = centre[1] + size / 2 + 2
            back = pygame.Rect(round(left - 3), round(top - 3), len(aboard) * (small + 2) + 4, small + 6)
            pygame.draw.rect(surface, (30, 30, 30), back, border_radius=3)
            for i, piece in enumerate(aboard):
                surface.blit(board_view.sprites.counter(piece, small), (round(left + i * (small + 2)), round(top)))

    # -- what the map shows --------------------------------------------------------------------------
    def highlights(self, view: dict) -> dict:
        """The selection and battle roles; a far-reaching unit's destinations as a quiet tint."""
        selected, quiet = [], []
        sel = view.get("selected")
        if sel and self.unit_place(view, sel) is not None:
            selected.append(self.unit_place(view, sel))
        self.marks = {}
        for place, text in self.effects.update(view, self).items():
            self.marks[place] = (text, "effect")
        self.battles.update(view, self)
        self.cost_tags = self.move_costs(sel) if self.step() == "move" and sel else {}
        # Counters that may still act (move, load, attack) get a ring that shows at any zoom.
        self.ready = {self.unit_place(view, a[1]) for a, _ in self.placed(view)
                      if a[0] in ("unit", "attacker") and a[1] != sel} - {None}
        if len(self.cost_tags) > MAX_COST_TAGS:
            # A Frigate reaches the whole state: a light tint for where it can go, and only the
            # places that matter pulse (the Landing Pads, hexes where an enemy zone of control stops it).
            quiet = [place for place, text in self.cost_tags.items()
                     if not isinstance(place, str) and not text.endswith("stop")]
        elif self.step() == "hopat":
            # Hopat Cong may appear on any empty land hex: those next to a Krylon land unit pulse.
            near = {n for u in hs.on_map(self.state, "krylon") if hs.unit_class(u) == "L"
                    for n in hs.neighbours(self.state, u["hex"])}
            quiet = [place for place in self.place_actions(view) if isinstance(place, tuple) and place not in near]
        frame = hs.frame(self.state)
        self.retreat_to = []
        if frame.get("step") == "retreat" and frame.get("queue"):
            place = self.unit_place(view, frame["queue"][0])
            if place is not None:
                selected.append(place)
                self.marks[place] = ("retreats", "effect")
                self.retreat_to = [p for p in self.place_actions(view) if isinstance(p, tuple)]
        battle = view.get("battle") or {}
        if self.step() == "combat" and not battle.get("result"):
            for role, word in (("attackers", "attacks"), ("defenders", "target")):
                for uid in set(battle.get(role, []) + self._building(role)):
                    place = self.unit_place(view, uid)
                    if place is not None:
                        selected.append(place)
                        self.marks[place] = (word, role)
        return {"selected": selected, "labels": {}, "quiet": quiet}

    def _building(self, role: str) -> list:
        frame = hs.frame(self.state)
        return list(frame.get(role, [])) if frame.get("step") == "combat" else []

    def destinations(self, uid: str) -> dict:
        """Where the selected unit may move: the rules' reach() ('q,r' or pad -> mp left, roll_from, stop)."""
        frame = hs.frame(self.state)
        unit = hs.unit(self.state, uid)
        if not unit or frame.get("step") != "move" or frame.get("sel") != uid:
            return {}
        return hs.reach_now(self.state, uid)      # shared with legal_actions, one search a position

    def route(self, action) -> list | None:
        """The hexes the chosen unit passes on its way for a move about to be applied (the rules' path)."""
        frame = hs.frame(self.state)
        if frame.get("step") != "move" or not frame.get("sel") or action[0] not in ("hex", "box") or len(action) != 2:
            return None
        way = hs.route(self.state, frame["sel"], action[1])
        return way if len(way) > 2 else None

    def move_costs(self, uid: str) -> dict:
        """Destination -> 'MP cost' tag, with the chance of a break in traffic (HSNJ-MOV-10, MOV-13)."""
        unit = hs.unit(self.state, uid)
        chance = round(100 * hs.traffic_max(self.state) / 6)
        out = {}
        dest = self.destinations(uid)
        for key, info in dest.items():
            place = _PLACES.get(key)
            if place is None:
                place = _PLACES[key] = key if "," not in key else tuple(int(x) for x in key.split(","))
            if info.get("roll_from"):
                text = f"{mp_text(unit['mp'] - info['mp'] + 1)} · {chance}%"
            else:
                text = mp_text(unit["mp"] - info["mp"])
            out[place] = text + (" stop" if info.get("stop") else "")
        return out

    # -- words -----------------------------------------------------------------------------------------
    def label(self, action) -> str:
        """Button words in the rulebook's language."""
        action = as_action(action)
        verb, args = action[0], action[1:]
        step = self.step()
        if verb == "done":
            return DONE_WORDS.get(step, "Done")
        if verb == "deselect":
            return "Put this unit back" if step == "pads" else "Done with this unit"
        if verb == "resolve":
            return "Resolve: roll the die"
        if verb == "unit":
            unit = hs.unit(self.state, args[0]) or {}
            if unit.get("where") == "ship":
                return f"Unload {self.unit_name(args[0])}"
            return self.unit_name(args[0])
        if verb == "attacker":
            frame = hs.frame(self.state)
            taking_back = args[0] in frame.get("attackers", [])
            return f"{'Take back' if taking_back else 'Attack with'} {self.unit_name(args[0])}"
        if verb == "defender":
            frame = hs.frame(self.state)
            taking_back = args[0] in frame.get("defenders", [])
            return f"{'Spare' if taking_back else 'Target'} {self.unit_name(args[0])}"
        if verb == "setup":
            return "Standard set-up"
        if verb == "load":
            return f"Load {self.unit_name(args[1])} aboard {self.unit_name(args[0])}"
        if verb == "box":
            return f"{'Lift off to' if step == 'move' else 'Put on'} {args[0]}"
        if verb == "hex":
            return f"{HEX_WORDS.get(step, 'Hex')} {self.hex_name(place_key(args[0]))}"
        return super().label(action)

    def pick_pending(self, view: dict) -> str:
        """The unit chosen to move, which Esc (or Done with this unit) puts down again."""
        sel = view.get("selected")
        return self.unit_name(sel) if sel and ("deselect",) in map(as_action, view.get("actions", [])) else ""

    def always_ask(self, place, options: list) -> bool:
        """A Landing Pad click that loads always opens the list, even for one unit (same click, same choice)."""
        return isinstance(place, str) and any(as_action(a)[0] == "load" for a in options)

    def log_words(self, line: str) -> str:
        """Hex numbers in the log with the place there or next to it: 'in 1927' -> 'in Camden (1927)'."""
        return hs.log_words(self.state, line)

    def hex_name(self, h) -> str:
        """'2915 Newark' or '1407'."""
        board = self.board()
        if board is None or h not in board.hexes:
            return f"{h[0]},{h[1]}"
        names = [p.name for p in board.places if p.hex == h and p.kind == "city"]
        return board.label(h) + (f" {names[0]}" if names else "")

    def why_not(self, view: dict, place) -> str:
        """Why a click does nothing, tried as each verb a click there could mean; cites the clause."""
        if self.spec.active(self.state) is None or not view.get("actions"):
            return super().why_not(view, place)
        for action in self._candidates(view, place):
            found = self.spec.explain(self.state, action)        # the contract's reason, no probing
            if found and found[0] and found[0] != "it is not one of the choices now":
                why, clause = found
                return f"{self._place_words(place)}: {why}{f' ({clause})' if clause else ''}."
        return super().why_not(view, place)

    def _candidates(self, view: dict, place) -> list:
        """Actions a click on `place` might have meant, most specific first."""
        here = [p for p in view.get("pieces", []) if self.unit_place(view, p["id"]) == place]
        if self.step() == "combat":
            acts = [("attacker" if p["side"] == view.get("active") else "defender", p["id"]) for p in here]
        else:
            acts = [("unit", p["id"]) for p in here]
        acts.append(("box", place) if isinstance(place, str) else ("hex", list(place)))
        return acts

    def _place_words(self, place) -> str:
        return place if isinstance(place, str) else self.hex_name(place)

    def panels(self) -> list:
        """The State of the State, the battle, and the unit / Landing Pad panel."""
        return self._panels
