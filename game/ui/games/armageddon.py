"""Battle for Armageddon at the table: counters on the area map, one at a time, and the game's panels.

Built on the shared wargame pieces: printed counters (tribe bands, attack-defence-move), the
stack inspector and the counter picker (a stack, then a counter, then where it goes), the
secret choice of two strategy cards behind the curtain, the reaction offer, the hand of special
cards with their timing and the build screen; the map shows who holds each hive, and the
printed tracks (turn, build points, production and Ready box) carry their counters.
"""
from __future__ import annotations

import pygame

from game.core.contract import as_action
from game.rules import armageddon as bfa
from game.ui import style
from game.ui.adapter import GameAdapter, place_key
from game.ui.board_view import BlitList
from game.ui.build_panel import BuildPanel
from game.ui.choice_panels import HandPanel, ReactionPanel, SecretChoicePanel
from game.ui.counter_pick import CounterPicker
from game.ui.stack_panel import StackInspector

from .bfa_panels import CombatPanel, TablePanel, build_reading, card_of, hand_reading, reaction_reading

SYMBOLS = {"guard_army": "infantry", "armoured_regiment": "armour", "rough_riders": "cavalry",
           "hive_gang": "militia", "artillery": "artillery", "titan_legion": "walker", "skitarii": "elite",
           "space_marine_chapter": "marines", "boyz": "infantry", "nobz": "elite", "battlewagons": "armour",
           "dreadnoughts": "walker", "stormboyz": "airborne", "big_gunz": "artillery", "speed_freeks": "bikes",
           "gargant": "walker", "hive": "hive", "factory": "factory", "fortification": "fort",
           "yarrick": "hero", "dante": "hero", "ghazghkull": "hero", "marker": ""}
SHORTER = ((" Regiment", ""), (" Battlegroup", ""), (" Legion", ""), (" Army", ""), ("Commissar ", ""),
           ("Commander ", ""), ("Warlord ", ""), (" Big Mob", ""), ("Fortification", "Fort"),
           ("Rough Riders", "Riders"), ("Hive Gang", "Gang"), ("Battlewagons", "Wagons"),
           ("Dreadnoughts", "Dreads"), ("Speed Freeks", "Freeks"), ("Stormboyz", "Storm"))
PICK_VERBS = ("move", "place", "retreat", "rebuild")      # (verb, counter, area): a counter, then its area
PLACE_VERBS = ("attack", "area", "rebuild")                # (verb, area)
ON_PANELS = ("card", "play", "pass", "buy")        # verbs the panels offer (not prompt buttons too)
TRACK_MARKERS = {"Ready": "ready_box"}
AREA_CLAUSES = ("BFA-MOV-2", "BFA-MOV-4", "BFA-MOV-5", "BFA-MOV-6", "BFA-MOV-7")   # refusals about the area


def short_label(counter: dict) -> str:
    """The name printed on a counter: the tribe is its band, so an Ork's name drops it."""
    words = counter["name"]
    tribe = counter.get("tribe")
    if tribe:
        tribe_name = bfa.tribes()[tribe]["name"]
        for prefix in (tribe_name, tribe_name.rstrip("s"), tribe_name.rstrip("z")):
            if words.startswith(prefix + " "):
                words = words[len(prefix) + 1:]
                break
    for long, short in SHORTER:
        words = words.replace(long, short)
    return words.strip()


class ArmageddonAdapter(GameAdapter):
    """The generic adapter plus counters, picks, the strategy choice, cards, combat and build panels."""

    def __init__(self, spec, session):
        super().__init__(spec, session)
        self.inspector = StackInspector(self, legend="attack-defence-move",
                                        verbs={"remove": "Remove", "lose": "Lose", "place": "Place"})
        self.picker = CounterPicker(self, self.inspector, verbs=PICK_VERBS)
        self.inspector.picker = self.picker
        self.inspector.source = self._box_pieces
        self.secret = SecretChoicePanel(self, read=self._strategy_reading)
        self.secret.title = "Strategy cards"
        self.reaction = ReactionPanel(self, read=lambda view: reaction_reading(self, view))
        # While a card is offered, the offer has the room: the hand and the build screen wait.
        self.hand = HandPanel(self, verb="card",
                              read=lambda view: None if self.reaction.offer(view) or build_reading(self, view)
                              else hand_reading(self, view))
        self.hand.title = "Special cards in hand"
        self.hand.show_text = False        # a card's text shows when pointed at, or when it can be played
        self.build = BuildPanel(self, read=lambda view: None if self.reaction.offer(view) else build_reading(self, view))
        self.combat = CombatPanel(self)
        self.table = TablePanel(self)
        self._counters = {}
        self._faces: dict = {}            # (id, place, flags, values) -> the dressed piece (frames ask again)
        self.view_now: dict = {}
        self._overlay = (None, [])        # (view and camera, the blits of the map marks)
        self._track_rects = []            # the track counters' screen rectangles, for the dice tray
        self._marks: dict = {}

    def panels(self) -> list:
        return [self.reaction, self.combat, self.secret, self.build, self.inspector, self.table, self.hand]

    # -- counters ----------------------------------------------------------------------------
    def counter_face(self, piece: dict) -> dict:
        """A view piece dressed as its printed counter: symbol, tribe band, short name, its states."""
        key = (piece.get("id"), piece.get("at") if not isinstance(piece.get("at"), list) else tuple(piece["at"]),
               tuple(piece.get("flags") or ()), tuple(piece.get("values") or ()))
        face = self._faces.get(key)
        if face is None:
            if len(self._faces) > 4000:
                self._faces.clear()
            face = self._faces[key] = self._dress(piece)
        return face

    def _dress(self, piece: dict) -> dict:
        cid = piece.get("id")
        c = self._counters.get(cid)
        if c is None:
            c = self._counters[cid] = bfa.counter(cid)
        flags = [f for f in piece.get("flags") or () if f != "ruins"]
        symbol = SYMBOLS.get(c["type"], "")
        if "ruins" in (piece.get("flags") or ()):
            flags.append("flipped")                 # a smoking ruin is the counter's other side
            symbol = "ruin"
        tribe = c.get("tribe")
        band = bfa.tribes()[tribe]["band"] if tribe else None
        detail = bfa.tribes()[tribe]["name"] if tribe else c.get("type", "").replace("_", " ")
        return dict(piece, symbol=symbol, band=band, label=short_label(c), name=c["name"], detail=detail,
                    flags=flags)

    def dress_pieces(self, view: dict) -> list:
        return [self.counter_face(p) for p in view.get("pieces", ())]

    def _box_pieces(self, view: dict, place):
        """The counters in an off-map box (set-up, Ready box, production track), when ``place`` is one."""
        boxes = view.get("boxes") or {}
        if place not in boxes:
            return None
        ids = list(boxes[place])
        if self.viewer is not None and place not in self._spots_names():
            # a box of counters waiting off the map (set-up, eliminated): the viewer's own, listed first
            ids.sort(key=lambda cid: bfa.counter(cid)["side"] == self.viewer)
        return [self.counter_face({"id": cid, "side": bfa.counter(cid)["side"], "at": place, "style": "counter",
                                   "values": [bfa.counter(cid)[k] for k in ("attack", "defence", "move")]})
                for cid in ids]

    def _spots_names(self) -> set:
        spots = getattr(self, "_spots", None)
        return set(spots[1]) if spots else {"Ready"} | {f"Production {n}" for n in (1, 2, 3, 4)}

    # -- clicks ------------------------------------------------------------------------------------
    def observe(self, view: dict) -> None:
        """Point the inspector at what the rules are asking about: counters to set up, a stack to thin."""
        self.view_now = view
        acts = [as_action(a) for a in view.get("actions", ())]
        boxes = view.get("boxes") or {}
        off_map = [a[1] for a in acts if len(a) == 3 and a[0] in PICK_VERBS and a[1] not in self._on_map(view)]
        if off_map and not (self.inspector.place in boxes and set(boxes[self.inspector.place]) & set(off_map)):
            self.inspector.open(next((b for b, ids in boxes.items() if off_map[0] in ids), None))
        buying = any(a[0] in ("buy", "rebuild") for a in acts)
        if self.combat.battle(view).get("stage") == "declare" or self.reaction.offer(view) or buying:
            self.inspector.open(None)       # the battle's odds, the card offer or the purchases need the room
        removes = [a[1] for a in acts if a[0] in ("remove", "lose", "advance") and len(a) == 2]
        if removes:
            where = {p["id"]: place_key(p["at"]) for p in view.get("pieces", ())}
            self.inspector.open(where.get(removes[0]))

    def _on_map(self, view: dict) -> set:
        return {p["id"] for p in view.get("pieces", ())}

    def consume(self, named, view: dict) -> bool:
        """A click on a stack picks a counter there, unless the place is itself the choice (an attack)."""
        if not (isinstance(named, tuple) and named and isinstance(named[0], str)) \
                and self.picker.current(view) is None:
            own = [a for a in self.place_actions(view).get(named, ()) if not (len(a) == 3 and a[0] in PICK_VERBS)]
            if own:
                return False
        return self.picker.consume(named, view)

    def places_for(self, view: dict) -> dict:
        out = {}
        for action, place in self.placed(view):
            if place is not None and action[0] not in PICK_VERBS:
                out.setdefault(place, []).append(action)
        for place, acts in self.picker.places(view).items():
            out.setdefault(place, []).extend(acts)
        return out

    def action_place(self, action, view: dict):
        action = as_action(action)
        if len(action) == 3 and action[0] in PICK_VERBS:
            return place_key(action[2])
        if len(action) == 2 and action[0] in PLACE_VERBS and action[1] in getattr(self.board(), "areas", ()):
            return place_key(action[1])
        return super().action_place(action, view)

    def buttons(self, view: dict) -> list:
        """Verbs without a place; cards, counters and purchases are picked on their panels."""
        shown = []
        for action, place in self.placed(view):
            if place is None and action[0] not in ON_PANELS and not (len(action) == 3 and action[0] in PICK_VERBS):
                shown.append((self.label(action), action))
        return shown

    def highlights(self, view: dict) -> dict:
        """The picked counter's stack; in a battle, the area attacked and the stacks attacking it."""
        source = self.picker.source(view)
        selected = [source] if source is not None else []
        battle = self.combat.battle(view)
        if battle.get("target"):
            selected += [battle["target"]] + list(battle.get("from") or ())
        return {"selected": selected}

    def pick_pending(self, view: dict) -> str:
        sel = self.picker.current(view)
        return f"the counter {bfa.counter(sel)['name']}" if sel else ""

    def put_down(self, view: dict) -> bool:
        """The picked counter is the table's own pick: Esc puts it down and takes back no move."""
        if self.picker.current(view) is None:
            return False
        self.picker.selected = None
        self.forget()
        return True

    def label(self, action) -> str:
        action = as_action(action)
        try:
            return bfa.label(action)
        except (KeyError, IndexError, TypeError, ValueError):
            return super().label(action)

    def handover_label(self, side) -> str:
        """A card window opened for the other player says so (he holds a card that fits, BFA-SPC-1)."""
        if "moment" in bfa.frame(self.session.state):
            return f"Pass to the {self.spec.display_name(side)} (card offer)"
        return super().handover_label(side)

    def why_not(self, view: dict, place) -> str:
        """Why a click does nothing: for a picked counter, the clause that keeps it from that area."""
        sel = self.picker.current(view)
        if sel is not None:
            verb = next(iter(self.picker.moves(view)[sel].values()))[0][0]
            reason = self.spec.explain(self.session.state, (verb, sel, place))
            if reason:
                why, clause = reason
                return f"{bfa.counter(sel)['name']} to {place}: {why}" + (f" ({clause})." if clause else ".")
        for verb in PLACE_VERBS:                    # an attack, a stack joining one, a ruin rebuilt
            if any(as_action(a)[0] == verb for a in view.get("actions", ())):
                reason = self.spec.explain(self.session.state, (verb, place))
                if reason and reason[1]:
                    return f"{place}: {reason[0]} ({reason[1]})."
        if view.get("actions") and not self.picker.moves(view):
            return f"{place}: nothing to do there now. {view.get('prompt', '')}"
        if view.get("actions") and place not in self.place_actions(view):
            return (f"{place}: no counter of yours there can act now; click a stack whose counters "
                    f"are lit, then where one goes.")
        return super().why_not(view, place)

    def why_not_piece(self, view: dict, piece: dict) -> str:
        """Why a counter the inspector lists can do nothing now, with the clause that keeps it still."""
        cid, ids = piece.get("id"), bfa.counters()
        acts = [as_action(a) for a in view.get("actions", ())]
        named = next((a for a in acts if len(a) >= 2 and isinstance(a[1], str) and a[1] in ids), None)
        name = ids[cid]["name"] if cid in ids else (piece.get("name") or cid)
        if cid not in ids or not acts:
            return super().why_not_piece(view, piece)
        if named is None:
            if any(a[0] in ("attack", "area") for a in acts):
                return f"{name}: a stack attacks as a whole (BFA-CBT-3); click an area, not one counter."
            return super().why_not_piece(view, piece)
        reason = self.spec.explain(self.session.state, (named[0], cid) + tuple(named[2:]))
        if reason is None:
            return super().why_not_piece(view, piece)
        why, clause = reason
        if named[0] == "move" and clause in AREA_CLAUSES:        # the counter may move, but nowhere is open
            why, clause = "every area within its movement is closed to it now", "BFA-MOV-6"
        return f"{name}: {why}" + (f" ({clause})." if clause else ".")

    # -- strategy choice ------------------------------------------------------------------------
    def _strategy_reading(self, view: dict):
        viewer = self.viewer
        secret = view.get("strategy")
        if secret is None:
            return None
        out = {"need": 2, "verb": "card", "sealed": [], "waiting": [], "mine": []}
        if secret is not None:
            out.update(secret)
            out["cards"] = [card_of(c, viewer) for c in bfa.strategy_cards(viewer)] if viewer else []
        return out if secret is not None else None      # the cards revealed show on the table panel

    # -- the map ----------------------------------------------------------------------------------
    def draw_overlay(self, surface, board_view, view: dict, now_ms: int) -> None:
        """Who holds each hive, beside its stack; the printed tracks' counters in their boxes.

        Drawn once per view and camera into a list of blits, replayed each frame."""
        self.view_now = view
        cam = board_view.camera
        key = (id(view), cam.x, cam.y, cam.zoom, tuple(cam.viewport), board_view.sprites)
        if self._overlay[0] != key:
            hives, tracks = BlitList(), BlitList()
            self._draw_hives(hives, board_view, view)
            self._draw_tracks(tracks, board_view, view)
            self._overlay = (key, hives.items + tracks.items)
            self._track_rects = [pygame.Rect(item[1], item[0].get_size()) for item in tracks.items]
        clip = surface.get_clip()
        surface.set_clip(cam.viewport)
        surface.blits(self._overlay[1], doreturn=False)
        surface.set_clip(clip)

    def overlay_rects(self) -> list:
        """The printed tracks' counters as last drawn (the Ready box, production, turn, build points):
        the dice tray keeps off them as it does a card shown."""
        return self._track_rects

    def draw_position_marks(self, surface, board_view, view: dict) -> None:
        """Who holds each hive and the printed tracks' counters: the whole overlay is the position's."""
        self.draw_overlay(surface, board_view, view, 0)

    def _hive_mark(self, holder, r: int) -> pygame.Surface:
        """A round mark in the holder's colour with its letter (a dash for a hive nobody holds)."""
        key = (holder, r)
        if key not in self._marks:
            colour = style.side_colour(self.spec, holder) if holder else (120, 110, 96)
            mark = pygame.Surface((2 * r + 6, 2 * r + 6), pygame.SRCALPHA)
            c = (r + 3, r + 3)
            pygame.draw.circle(mark, (246, 238, 216), c, r + 3)
            pygame.draw.circle(mark, colour, c, r)
            letter = {"imperial": "I", "ork": "O"}.get(holder, "–")
            img = style.font_px(round(r * 1.3), bold=True).render(letter, True, style.readable_on(colour))
            mark.blit(img, img.get_rect(center=c))
            self._marks[key] = mark
        return self._marks[key]

    def _draw_hives(self, surface, board_view, view: dict) -> None:
        board, cam = board_view.board, board_view.camera
        r = max(9, round(15 * cam.zoom))
        for area, holder in (view.get("hives") or {}).items():
            a = board.areas.get(area)
            if a is None:
                continue
            x, y = cam.to_screen(a.label[0] - 95, a.label[1] + 40)     # left of the hive's stack
            mark = self._hive_mark(holder, r)
            surface.blit(mark, mark.get_rect(center=(round(x), round(y))))

    def _marker(self, cid: str) -> dict:
        """The turn or build point marker as it stands on its track."""
        c = bfa.counter(cid)
        return {"id": cid, "side": c["side"], "style": "counter", "label": c["name"], "symbol": ""}

    def _track_spots(self, board) -> dict:
        """Off-map box -> (x, y, size) of its printed box on the map, from the map's markers."""
        spots = getattr(self, "_spots", None)
        if spots is not None and spots[0] is board:
            return spots[1]
        out = {}
        for m in getattr(board, "markers", ()):
            size = float(m.props.get("size", 60))
            if m.kind == "production_box" and m.props.get("space"):
                out[f"Production {m.props['space']}"] = (m.x, m.y, size)
            elif m.kind == "ready_box":
                out["Ready"] = (m.x, m.y, size)
            elif m.kind in ("build_point_box", "turn_box"):
                out[(m.kind, m.props.get("index"))] = (m.x, m.y, size)
        self._spots = (board, out)
        return out

    def _draw_tracks(self, surface, board_view, view: dict) -> None:
        cam, spots = board_view.camera, self._track_spots(board_view.board)
        markers = {"im_build_points": ("build_point_box", view.get("build_points")),
                   "im_turn": ("turn_box", view.get("turn"))}
        for box, (x, y, size) in spots.items():
            if isinstance(box, tuple):
                pieces = [self._marker(cid) for cid, spot in markers.items() if spot == box]
            else:
                pieces = self._box_pieces(view, box) or []
            if not pieces:
                continue
            px_size = max(14, round(size * 0.55 * cam.zoom))
            sx, sy = cam.to_screen(x, y)
            for k, piece in enumerate(pieces[-3:]):
                surface.blit(board_view.sprites.counter(piece, px_size),
                             (round(sx - px_size / 2 + k * 3), round(sy - px_size / 2 + k * 3)))
            if len(pieces) > 1:
                badge = board_view.sprites.badge(str(len(pieces)), max(16, px_size // 3))
                surface.blit(badge, (round(sx + px_size / 2 - badge.get_width() / 2), round(sy - px_size / 2 - 6)))
