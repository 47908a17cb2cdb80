"""Hammer's Slammers at the table: NATO counters on the joined panels, line of sight, fire planning.

The play scene asks this adapter what each action means on the map and in words. Counters are
dressed from the view (their army's colour, a NATO symbol with the hover skirt for Mercenary and
Slammers vehicles and skimmer infantry, attack-defence-range-move, turned over and tagged D when
disrupted). The map shows where a unit being moved can go and at what cost, the range of the
firers picked, the line of sight to the hovered hex with what blocks it (the rules' trace), and
what the last round did. The side column has the attack being planned with the odds of each
2d6 result, and the stack inspector.
"""
from __future__ import annotations

from game.core.contract import as_action
from game.rules import slammers as sl
from game.ui.adapter import GameAdapter, place_key, tuple_action
from game.ui.stack_panel import StackInspector

from . import sl_map, sl_marks
from .sl_panels import PlanPanel, ScenarioPanel, code_text, pending_hits, results_of_round

UNIT_VERBS = ("unit", "rally", "load", "setup")      # (verb, unit id): placed at its counter
DONE_WORDS = {"rally": "End rally", "tow": "End towing", "movement": "End movement",
              "direct": "End fire", "assault": "End assault", "indirect": "End strikes", "respond": "Let it come",
              "paradrops": "Hold them back", "cpf": "Hold fire"}
TAGS_FROM_HEX_PX = 46       # hexes narrower than this on screen show a move's cost only under the mouse
HELP = ("Hammer's Slammers: each player-turn runs Rally, Towing, Movement, Indirect and Direct Fire (every "
        "army, the mover first) and Close Assault. Counters read attack-defence-range-move; a disrupted one "
        "is turned over and tagged D.\n"
        "Move: click a unit, then a lit hex (its cost in MP shows under the mouse). "
        "Line of sight: with a unit picked, or after clicking any stack, hover a hex: the line, the values "
        "of the hexes it crosses and what blocks it. "
        "Fire: click your firers (several for combined fire), then a lit target hex; the Fire plan shows "
        "the odds and the chance of each result before you roll. Results of a round show on the map.")


class SlammersAdapter(GameAdapter):
    """The Slammers table: counters, picks, move costs, line of sight, fire plans and results."""

    def __init__(self, spec, session):
        super().__init__(spec, session)
        self.inspector = StackInspector(self, legend="attack-defence-range-move",
                                        verbs={"rally": "Rally", "load": "Load", "desperate": "Roll"})
        self.plan = PlanPanel(self)
        self.scenario = ScenarioPanel(self)
        self.look_from = None          # a hex the player clicked: the line of sight is traced from it
        self._names: dict = {}
        self._los = (None, None)       # (key, trace)
        self.tags: dict = {}           # place -> words of what the last decisions did
        self.marks: dict = {"strike": None, "scatter": []}    # the last strike and paradrop scatter
        self._seen = None

    # -- what is where ---------------------------------------------------------------------
    @property
    def state(self) -> dict:
        """The game state (read only)."""
        return self.session.state

    def step(self) -> str | None:
        """The step being decided: rally, tow, movement, direct, assault..."""
        return sl.frame(self.state).get("step")

    def name(self, uid: str) -> str:
        """A unit as players say it: 'Tank 3'."""
        found = self._names.get(uid)
        if found is None:
            found = self._names[uid] = sl.unit_label(self.state, uid)
        return found

    def where(self, view: dict, uid: str):
        """The hex a unit stands in on the view, or None."""
        memo = getattr(self, "_where", None)
        if memo is None or memo[0] is not view:
            memo = self._where = (view, {p["id"]: place_key(p["at"]) for p in view.get("pieces", ())})
        return memo[1].get(uid)

    def piece(self, view: dict, uid: str) -> dict | None:
        """A unit's dressed counter on the view."""
        return next((p for p in self.shown_pieces(view) if p.get("id") == uid), None)

    def dress_pieces(self, view: dict) -> list:
        """Counters as printed: NATO symbol (the hover skirt on skimmers), short name, values, states."""
        return [self._dress(p) for p in view.get("pieces", ())]

    def _dress(self, p: dict) -> dict:
        flags = [f for f in p.get("flags") or () if f]
        symbol = p.get("symbol") or ""
        if "skimmer" in flags:
            symbol = "skimmer"                            # the skimmer side (HS-COM-4, HS-SKM-2)
        if "disrupted" in flags:
            flags = flags + ["flipped"]                   # turned over, and tagged D (HS-DIS-1)
        stats = p.get("stats") or {}
        detail = f"{stats.get('move_type', '')} · morale {stats.get('morale', '')}".strip(" ·")
        values = p.get("values")
        if "calliope" in (p.get("cats") or ()) and values:
            # printed S, not a number: its attack is CPF and CAF only, never Direct Fire (HS-CAF-10)
            values = ["S", *values[1:]]
            detail = f"special attack S (CPF, CAF) · {detail}"
        return dict(p, symbol=symbol, flags=flags, name=self.name(p["id"]), detail=detail, values=values)

    def action_place(self, action, view: dict):
        """Units are clicked at their counters; a hook-up at the vehicle."""
        action = tuple_action(action)
        if len(action) >= 2 and action[0] in UNIT_VERBS + ("hook",) and isinstance(action[1], str):
            return self.where(view, action[1])
        return super().action_place(action, view)

    def route(self, action) -> list | None:
        """The hexes a unit passes on the way to the hex it is about to be moved to (the rules' cheapest
        way), so the computer's moves slide along the roads and round the lakes, not straight."""
        action = tuple_action(action)
        frame = sl.frame(self.state)
        if self.step() != "movement" or not frame.get("unit") or action[0] != "hex" or len(action) != 2:
            return None
        way = sl.route(self.state, frame["unit"], action[1])
        return way if len(way) > 2 else None

    def consume(self, named, view: dict) -> bool:
        """A click on a hex opens its stack in the inspector and traces lines of sight from it."""
        if isinstance(named, tuple) and len(named) == 2 and all(isinstance(x, int) for x in named):
            here = [p for p in view.get("pieces", ()) if place_key(p["at"]) == named]
            self.inspector.open(named if here else None)
            self.look_from = named if here else None
        return False

    # -- the map ------------------------------------------------------------------------------
    def highlights(self, view: dict) -> dict:
        """The units picked and their targets outlined; the firers' range as a quiet tint."""
        frame = sl.frame(self.state)
        picked = list(frame.get("group") or ()) + ([frame["unit"]] if frame.get("unit") else [])
        picked += list(frame.get("aim") or ())
        selected = [self.where(view, u) for u in picked]
        if frame.get("hex"):
            selected.append(tuple(frame["hex"]))
        return {"selected": [s for s in selected if s is not None], "labels": {}}

    def range_rings(self, view: dict) -> list:
        """(outer edges of full range, extended or not) for each firer picked (HS-RNG-3, HS-RNG-5)."""
        frame = sl.frame(self.state)
        if self.step() != "direct" or not frame.get("group") or frame.get("hex"):
            return []
        key = (id(self.state), tuple(frame["group"]))
        memo = getattr(self, "_rings", None)
        if memo is not None and memo[0] == key:
            return memo[1]
        out = []
        for uid in frame["group"]:
            piece, here = self.piece(view, uid), self.where(view, uid)
            if piece is not None and here is not None:
                rng = int(piece["values"][2])
                out += [(self._edges(here, rng), False), (self._edges(here, 2 * rng), True)]
        self._rings = (key, out)
        return out

    def _edges(self, here, n: int) -> list:
        """The outline of the hexes within n of here (kept per hex and distance: the board never changes)."""
        memo = self.__dict__.setdefault("_edge_memo", {})
        if (here, n) not in memo:
            memo[(here, n)] = sl_map.area_edges(self.board(), self.board().within(here, n))
        return memo[(here, n)]

    def los_sources(self, view: dict) -> list:
        """The hexes lines of sight are traced from: the firers picked, the unit moving, or a clicked stack."""
        frame = sl.frame(self.state)
        # artillery fires through its observers, drawn with the strike: no line from the guns themselves
        units = list(frame.get("group") or ()) if self.step() == "direct" else []
        if self.step() == "movement" and frame.get("unit"):
            units = [frame["unit"]]
        hexes = list(dict.fromkeys(h for h in (self.where(view, u) for u in units) if h is not None))
        if not hexes and self.look_from is not None and self.step() not in ("assault", "indirect"):
            hexes = [self.look_from]
        return hexes

    def trace(self, view: dict, target):
        """(the rules' line of sight from the first source hex to ``target``, the sources), or (None, sources)."""
        found, sources = self.traces(view, target)
        return (found[0] if found else None), sources

    def traces(self, view: dict, target):
        """(the rules' line of sight from each source hex to ``target``, the sources); kept while unchanged."""
        sources = self.los_sources(view)
        if not sources or not isinstance(target, tuple) or target in sources:
            return [], sources
        key = (id(self.state), tuple(sources), target)
        if self._los[0] != key:
            self._los = (key, [sl.los_trace(self.state, h, target) for h in sources])
        return self._los[1], sources

    def draw_position_marks(self, surface, board_view, view: dict) -> None:
        """The geomorphic panels' seams, rubble and the Close Assault markers (not the marks of a move,
        a strike or a line of sight under way)."""
        sl_map.draw_seams(surface, board_view, sl_map.panel_seam_lines(self.board()))
        sl_map.draw_markers(surface, board_view, view.get("rubble") or (), view.get("assaults") or ())

    def draw_overlay(self, surface, board_view, view: dict, now_ms: int) -> None:
        """Move costs and the way the unit being moved has come, what the last decisions did, and the
        line of sight to the hovered hex."""
        clip = surface.get_clip()
        surface.set_clip(board_view.camera.viewport)
        self.draw_position_marks(surface, board_view, view)
        strike, step = self.strike_shown(), self.step()
        names = list(board_view.name_rects()) if strike is not None or self.marks["scatter"] else []
        taken = list(names)                          # the marks' words keep off the place names
        # each mark while its moment lasts: a strike through Indirect Fire, its answers and Direct Fire
        # until a firer is picked (a computer's strike is seen), a jump's scatter through the jump, CPF
        # and the movement step until a unit is picked
        picking = bool(sl.frame(self.state).get("group"))
        if strike is not None and (step in ("indirect", "respond") or (step == "direct" and not picking)):
            sl_marks.draw_strike(surface, board_view, strike, taken)
        if step in ("paradrops", "cpf") or (step == "movement" and not sl.frame(self.state).get("unit")):
            for mark in self.marks["scatter"]:
                sl_marks.draw_scatter(surface, board_view, mark, taken)
        sl_map.draw_names_over(surface, board_view, self._covered_names(board_view))
        for ring, extended in self.range_rings(view):
            sl_map.draw_ring(surface, board_view, ring, extended)
        sl_map.draw_trail(surface, board_view, view.get("trail") or ())
        self._draw_costs(surface, board_view, view)
        self._draw_tags(surface, board_view, taken[len(names):])
        self._overlays = taken[len(names):]          # the marks' words: the dice tray keeps off them
        traces, sources = self.traces(view, board_view.hover)
        if traces:
            sl_map.draw_los(surface, board_view, traces)
            vp = board_view.camera.viewport
            end = board_view.screen_pos(tuple(traces[0]["to"])) or vp.center
            corner = "topright" if end[1] > vp.centery else "bottomright"      # away from the line's end
            key = (self._los[0], len(self.session.actions), vp.width)
            if getattr(self, "_card", (None,))[0] != key:           # the words and odds once per line
                lines = self.los_lines(view, traces[0], sources) + self._other_lines(traces[1:])
                self._card = (key, sl_map.card_image(lines, vp.width - 16))
            self._overlays.append(sl_map.place_card(surface, vp, self._card[1], corner))
        self._draw_costs(surface, board_view, view, hovered=True)
        surface.set_clip(clip)

    def overlay_rects(self) -> list:
        """The words of the marks (a strike, a jump's scatter) and the sight card the last draw put
        over the map: the dice tray takes the corner that hides the fewest of them."""
        return list(getattr(self, "_overlays", ()))

    def _covered_names(self, board_view) -> list:
        """(screen rect, name, font) of the place names a counter stands on now (worked out again only
        when the counters or the camera change), so 'Marrow' stays readable with a stack beside it."""
        cam = board_view.camera
        key = (board_view._pieces_version, cam.x, cam.y, cam.zoom, tuple(cam.viewport))
        memo = getattr(self, "_names_memo", None)
        if memo is not None and memo[0] == key:
            return memo[1]
        spots = getattr(board_view, "_place_name_spots", None)
        out = []
        if spots is not None:
            counters = board_view.piece_rects()
            dx, dy = cam.viewport.x - round(cam.x * cam.zoom), cam.viewport.y - round(cam.y * cam.zoom)
            for rect, (font, name, _) in zip(board_view.name_rects_at(cam.zoom), spots(cam.zoom)):
                rect = rect.move(dx, dy)
                if rect.colliderect(cam.viewport) and rect.collidelist(counters) >= 0:
                    out.append((rect, name, font))
        self._names_memo = (key, out)
        return out

    def _draw_costs(self, surface, board_view, view: dict, hovered: bool = False) -> None:
        """MP to reach each hex: on every hex once hexes are big enough, else (``hovered``) under the mouse."""
        reach = view.get("reach") or {}
        if not reach:
            return
        hex_px = board_view.counter_size() * board_view.camera.zoom / 0.78
        size = sl_map.text_size(board_view)
        hover = board_view.hover
        if hovered:
            key = f"{hover[0]},{hover[1]}" if isinstance(hover, tuple) else None
            pos = board_view.screen_pos(hover) if key in reach else None
            if pos is not None:
                sl_map.draw_pill(surface, (pos[0], pos[1] + hex_px * 0.3), f"{mp(reach[key])} MP", "cost", size + 1)
            return
        if hex_px < TAGS_FROM_HEX_PX:
            return
        taken: list = []
        for key, cost in reach.items():
            q, r = key.split(",")
            pos = board_view.screen_pos((int(q), int(r)))
            if pos is not None and board_view.camera.viewport.collidepoint(pos):
                sl_map.draw_pill(surface, (pos[0], pos[1] + hex_px * 0.3), mp(cost), "cost", size, taken)

    def _draw_tags(self, surface, board_view, taken: list) -> None:
        size = sl_map.text_size(board_view)
        for place, words in self.tags.items():
            pos = board_view.screen_pos(place)
            if pos is not None:
                top = pos[1] - board_view.counter_size() * board_view.camera.zoom * 0.62
                sl_map.draw_pill(surface, (pos[0], top), words, "effect", size, taken)

    def los_lines(self, view: dict, trace: dict, sources: list) -> list:
        """The line-of-sight card: clear or blocked and why (the table's values), range, odds."""
        board = self.board()
        a, b = tuple(trace["from"]), tuple(trace["to"])
        dist = board.distance(a, b)
        head = f"Line of sight {board.label(a)} → {board.label(b)} · range {dist}"
        ends = (f"firer {sl.terrain(self.state, a)} {trace['firer_value']}, "
                f"target {sl.terrain(self.state, b)} {trace['target_value']}")
        lines = [(head, None, True)]
        if trace["clear"]:
            why = "adjacent: always in sight (HS-LOS-4)" if dist <= 1 else "no hex between is higher than both ends"
            lines.append((f"Clear: {why}", sl_map.CLEAR, True))
        else:
            for blk in trace["blocked_by"][:3]:
                lines.append((f"Blocked by {board.label(tuple(blk['hex']))} {blk['terrain']} {blk['value']}: "
                              f"higher than {ends} (HS-LOS-7)", sl_map.BLOCKED, True))
        crossed = " · ".join(f"{board.label(tuple(c['hex']))} {c['terrain'] or 'off map'} {c['value']}"
                             for c in trace["crossed"][:6])
        if crossed:
            lines.append(("Crosses " + crossed + (" …" if len(trace["crossed"]) > 6 else ""), sl_map.CARD_DIM, False))
        if not trace["clear"] or dist > 1:
            lines.append((ends.capitalize(), sl_map.CARD_DIM, False))
        lines += self._range_lines(view, b)
        return lines

    def _other_lines(self, traces: list) -> list:
        """One line for each further firer's hex (combined fire from several hexes)."""
        board = self.board()
        out = []
        for t in traces:
            src = board.label(tuple(t["from"]))
            if t["clear"]:
                out.append((f"From {src}: clear", sl_map.CLEAR, False))
            else:
                blk = t["blocked_by"][0]
                out.append((f"From {src}: blocked by {board.label(tuple(blk['hex']))} {blk['terrain']} {blk['value']}",
                            sl_map.BLOCKED, False))
        return out

    def _range_lines(self, view: dict, target) -> list:
        """Each picked firer's strength at that range, and the odds against the hex's units."""
        frame = sl.frame(self.state)
        if self.step() != "direct" or not frame.get("group"):
            return []
        out = []
        for uid in frame["group"]:
            rng = int(self.piece(view, uid)["values"][2])
            att = sl.attack_at(self.state, uid, target)
            reach = "in range" if att and self.board().distance(self.where(view, uid), target) <= rng else \
                "extended range, half attack (HS-RNG-5)" if att else "out of range (HS-RNG-9)"
            out.append((f"{self.name(uid)}: range {rng}, {reach}", None, False))
        side = frame.get("side")
        foes = sl.targets_in(self.state, target, side) if side else []
        if foes and not frame.get("hex"):
            p = sl.fire_preview(self.state, list(frame["group"]), target, foes)
            if p["legal"]:
                best = ", ".join(f"{c} {round(100 * v)}%" for c, v in sorted(p["chances"].items(), key=lambda kv: -kv[1]))
                out.append((f"Fire at all here: {p['attack']} to {p['defence']} ({p['column']}): {best}",
                            (250, 214, 96), True))
            else:
                out.append((f"Fire at all here: {p['attack']} to {p['defence']}, below 1 to 4 (HS-DIR-12)",
                            sl_map.BLOCKED, False))
        return out

    # -- what the last decisions did ---------------------------------------------------------
    def observe(self, view: dict) -> None:
        """Note what the new decisions did, as tags on the map, from the session's events."""
        key = (len(self.session.actions), self.session.last_event())
        if key == self._seen:
            return
        first = self._seen is None
        serial = self._seen[1] if self._seen else 0
        if self._seen is not None and key[0] < self._seen[0]:
            self.marks = {"strike": None, "scatter": []}         # a decision taken back: its marks go too
        self._seen = key
        news = [] if first else self.session.events_since(serial)
        fresh = results_of_round(self, news)
        self.tags = {**pending_hits(self), **fresh}
        # a game opened (or resumed) mid-turn shows the strike and the scatter its turn has so far
        self._note_marks(self.session.events_since(0) if first else news)

    # -- strikes and scatter (issue 13) --------------------------------------------------------
    def _note_marks(self, events: list) -> None:
        """Keep the newest strike and the newest jump's scatter from the events, for the map."""
        jumped = False
        for e in events:
            kind = e["kind"]
            if kind == "player_turn":
                self.marks = {"strike": None, "scatter": []}
            elif kind == "strike":
                self.marks["strike"] = self._strike_mark(e["hex"], e["artillery"], None,
                                                         f"{'Gas strike' if e.get('gas') else 'Strike'} announced")
            elif kind == "fire" and e.get("kind_of") == "indirect":
                said = "no effect" if e.get("roll") is None else f"rolled {e['roll']}: " + \
                    code_text({k: ("no effect" if v == "-" else v) for k, v in (e.get("result") or {}).items()})
                self.marks["strike"] = self._strike_mark(e["hex"], e["firers"], e.get("observers") or {},
                                                         f"Indirect Fire {said}")
            elif kind == "scatter":
                if not jumped:
                    self.marks["scatter"], jumped = [], True
                self.marks["scatter"].append(dict(e, name=self.name(e["unit"])))
            elif kind in ("eliminated", "cpf") and (e.get("phase") == "paradrops" or kind == "cpf"):
                lost = e.get("why") if kind == "eliminated" else ("shot down by " + self.name(e["unit"]) if
                                                                    e.get("hit") else None)
                target = e["unit"] if kind == "eliminated" else e.get("target")
                for m in self.marks["scatter"]:
                    if m["unit"] == target and lost and not m.get("lost"):
                        m["lost"] = lost

    def _strike_mark(self, h, guns: list, observers, words: str) -> dict:
        """A strike for the map: target hex, the guns' hexes, each observer's hex and name."""
        side = sl.counter(self.state, guns[0])["side"] if guns else None
        seen, obs = set(), []
        for g in guns:
            o = observers.get(g) if observers is not None else sl.observer_of(self.state, side, g, h)
            where = sl.hex_of(self.state, o) if o else None
            if o and o not in seen and where is not None:
                seen.add(o)
                obs.append({"unit": o, "hex": tuple(where), "name": self.name(o)})
        hexes = [tuple(sl.hex_of(self.state, g)) for g in guns if sl.hex_of(self.state, g) is not None]
        return {"hex": tuple(h), "guns": hexes, "observers": obs, "words": words}

    def strike_shown(self):
        """The strike to draw now: the one being planned (its observers as the rules would pick them),
        else the last announced or rolled this player-turn; None for none."""
        frame = sl.frame(self.state)
        if self.step() == "indirect" and frame.get("group") and frame.get("hex") and not frame.get("announced"):
            return self._strike_mark(frame["hex"], list(frame["group"]), None,
                                     f"{'Gas strike' if frame.get('gas') else 'Strike'} planned")
        return self.marks["strike"]

    # -- words ---------------------------------------------------------------------------------
    def label(self, action) -> str:
        """Button words in the rulebook's language, units by name."""
        action = as_action(action)
        verb, args = action[0], action[1:]
        step = self.step()
        frame = sl.frame(self.state)
        if verb == "done":
            return DONE_WORDS.get(step, "Done")
        if verb == "unit" and args:
            return self._unit_words(frame, args[0])
        if verb == "hex" and args:
            h = tuple(args[0])
            word = {"movement": "Move to", "indirect": "Strike", "paradrops": "Drop zone"}.get(step, "Target")
            return f"{word} {self.board().label(h)} ({sl.terrain(self.state, h)})"
        if verb == "gas":
            return "Fire regular shells" if frame.get("gas") else "Fire gas shells"
        if verb == "drop":
            return "Drop: roll for the landings"
        if verb == "cpf" and len(args) == 2:
            return f"{self.name(args[0])} fires at {self.name(args[1])}"
        if verb == "caf" and len(args) == 2:
            return f"{self.name(args[0])} cancels {self.name(args[1])}"
        if verb == "jam" and len(args) == 2:
            return f"{self.name(args[0])} jams {self.name(args[1])} (ECM)"
        words = {"stop": "Stop this unit", "fire": "Fire: roll 2d6", "cancel": "Choose another target",
                 "assault": "Assault: roll 2d6", "mount": "Mount skimmers", "dismount": "Dismount skimmers",
                 "unload": "Unload the infantry", "accept": "Leave it disrupted"}
        if verb in words:
            return words[verb]
        if verb == "rally":
            return f"Rally {self.name(args[0])}"
        if verb == "desperate":
            return f"Desperation rally of {self.name(args[0])} (failure removes it)"
        if verb == "load":
            return f"Load {self.name(args[0])}"
        if verb == "hook":
            return f"Hook {self.name(args[1])} to {self.name(args[0])}"
        if verb == "setup":
            return f"Set up the gun {self.name(args[0])} tows"
        return super().label(action)

    def _unit_words(self, frame: dict, uid: str) -> str:
        step = self.step()
        mine = frame.get("side") == sl.counter(self.state, uid)["side"]
        if step == "movement":
            return f"Move {self.name(uid)}"
        if step == "paradrops":
            return f"Drop {self.name(uid)}"
        if step in ("direct", "indirect") and mine:
            return f"{'Take back' if uid in frame.get('group', ()) else 'Fire with'} {self.name(uid)}"
        if step == "assault" and mine:
            return f"{'Take back' if uid in frame.get('group', ()) else 'Attack with'} {self.name(uid)}"
        return f"{'Spare' if uid in frame.get('aim', ()) else 'Aim at'} {self.name(uid)}"

    def help_text(self) -> str:
        """Hammer's Slammers at the table, in a few lines for the ? box."""
        return HELP

    def pick_pending(self, view: dict) -> str:
        """The unit being moved, or the firers picked, which Esc takes back."""
        frame = sl.frame(self.state)
        if self.step() == "movement" and frame.get("unit"):
            return self.name(frame["unit"])
        if self.step() == "direct" and frame.get("group"):
            return ", ".join(self.name(u) for u in frame["group"])
        return ""

    def buttons(self, view: dict) -> list:
        """The prompt's buttons; when the player who is not moving is asked (CPF, CAF, ECM), letting it go
        on comes first, so it is never on a second page behind many answers (and Enter presses it)."""
        pairs = super().buttons(view)
        if self.step() in ("cpf", "respond"):
            pairs = sorted(pairs, key=lambda p: as_action(p[1])[0] != "done")
        return pairs

    def curtain_between_seats(self) -> bool:
        """Three or four players at one computer: the curtain tells each whose seat acts now (HS-GAP-8)."""
        return len(self.spec.seating(self.state).sides) > 2

    def pick_key(self, view: dict):
        """The unit being moved, or the first firer of the group being built: Esc takes back the whole
        pick (every hex of the move, every firer added), not one step of it."""
        frame = sl.frame(self.state)
        if self.step() == "movement" and frame.get("unit"):
            return ("movement", frame["unit"])
        if self.step() == "direct" and frame.get("group"):
            return ("direct", frame["group"][0])
        return None

    def why_not(self, view: dict, place) -> str:
        """Why a click does nothing, in the rules' words with the clause (the contract's explain)."""
        if self.spec.active(self.state) is None or not view.get("actions") or not isinstance(place, tuple):
            return super().why_not(view, place)
        frame = sl.frame(self.state)
        if self.step() == "movement" and frame.get("unit") and self.where(view, frame["unit"]) == place:
            return f"{self.name(frame['unit'])} is already in {self.board().label(place)}: pick another hex, or Stop."
        here = [p["id"] for p in view.get("pieces", ()) if place_key(p["at"]) == place]
        for action in [("unit", u) for u in here] + [("hex", list(place))]:
            found = self.spec.explain(self.state, action)
            if found and found[0] and found[0] != "it is not one of the choices now":
                why, clause = found
                return self.named(f"{self.board().label(place)}: {why}{f' ({clause})' if clause else ''}.", view)
        return super().why_not(view, place)

    def log_words(self, line: str) -> str:
        """A log line with units named as players say them ('Tank 3', not its id)."""
        memo = self.__dict__.setdefault("_log_memo", {})
        found = memo.get(line)
        if found is None:
            found = " ".join(self._hex_word(w) if "," in w else w for w in line.split(" "))
            if "-" in line:
                for uid in sl.unit_ids(self.state):
                    if uid in found:
                        found = found.replace(uid, self.name(uid))
                    cap = uid[:1].upper() + uid[1:]
                    if cap in found:
                        found = found.replace(cap, self.name(uid))
            if len(memo) > 2000:
                memo.clear()
            memo[line] = found
        return found

    def place_name(self, place) -> str:
        """A hex as printed on the map ('0907'), for the stack inspector's head."""
        board = self.board()
        return board.label(place) if isinstance(place, tuple) and place in board.terrain else str(place)

    def _hex_word(self, word: str) -> str:
        """'11,1:' in the rules' log -> '1207:' (the hex as printed on the map)."""
        core = word.rstrip(":;,.")
        q, _, r = core.partition(",")
        if not (q.lstrip("-").isdigit() and r.lstrip("-").isdigit()):
            return word
        h = (int(q), int(r))
        board = self.board()
        return board.label(h) + word[len(core):] if h in board.terrain else word

    def named(self, words: str, view: dict) -> str:
        """A sentence of the rules with unit ids put as players name them ('Tank 3')."""
        for p in view.get("pieces", ()):
            if p["id"] in words:
                words = words.replace(p["id"], self.name(p["id"]))
        return words

    def why_not_action(self, action) -> str:
        """Why a button or panel's action is refused, units by name."""
        return self.named(super().why_not_action(action), self.spec.view(self.state, self.viewer))

    def panels(self) -> list:
        """The attack being planned (or the last result), the stack inspector and the scenario's turn and aims."""
        return [self.plan, self.inspector, self.scenario]


def mp(cost) -> str:
    """Movement factors as players write them: 3, 2½."""
    whole = int(cost)
    return str(whole) if cost == whole else (f"{whole}½" if whole else "½")


def scenario_brief(spec):
    """The new-game screen's scenario picker for Slammers: titles, briefing and map preview."""
    from .sl_brief import ScenarioBrief
    return ScenarioBrief(spec)


def scenario_designer(app, on_saved=None):
    """The new-game screen's "Design a battle…": the scenario designer over it."""
    from .sl_design import open_designer
    return open_designer(app, on_saved)
