"""Hammer's Slammers side panel: the attack being planned with the odds of each 2d6 result.

Direct Fire: the firers picked (combined fire, HS-DIR-5) and their attack at that range, the
targets and their defence plus the hex's terrain modifier once per attack (HS-DIR-7), the odds
column and the chance of each result before the roll, the roll itself once made. Close Assault:
the same with infantry doubled and the column shift (HS-CA-6/7), and who still must attack.
Movement: the allowances left. The words come from the rules' plan and events, never the log.
"""
from __future__ import annotations

import pygame

from game.rules import slammers as sl
from game.ui import style
from game.ui.adapter import Panel

RESULT_ORDER = ("-", "R", "D", "DR", "E", "ER")
BAR_H = 18


class PlanPanel(Panel):
    """What the player is deciding now, worked out by the rules: fire plan, assault, movement."""

    TITLES = {"direct": "Fire plan", "assault": "Close Assault", "movement": "Movement",
              "respond": "Your answer", "cpf": "Counter Paradrop Fire", "indirect": "Strike plan"}

    @property
    def title(self) -> str:
        """Named for the step: the fire plan, the Close Assault, the unit moving, or the last attack."""
        return self.TITLES.get(self.adapter.step(), "Last attack")

    def __init__(self, adapter):
        super().__init__(adapter)
        self._memo = (None, None, [])

    # -- what it says ------------------------------------------------------------------------
    def items(self, view: dict) -> list:
        """The panel's lines: (kind, payload) with kinds head, text, dim, warn, good, bar, rolls."""
        key = (id(view), len(self.adapter.session.actions))
        if self._memo[0] == key:
            return self._memo[2]
        step = self.adapter.step()
        out = []
        if step == "direct":
            out = self._direct(view)
        elif step == "assault":
            out = self._assault(view)
        elif step == "movement":
            out = self._movement(view)
        elif step in ("respond", "cpf"):
            out = answer_words(self.adapter, view)
        elif step == "indirect":
            out = self._indirect(view)
        out = self._last_attack(self.adapter, view) + self._whose_fire(view, step) + out
        self._memo = (key, None, out)
        return out

    def _direct(self, view: dict) -> list:
        a = self.adapter
        plan = view.get("plan")
        frame = sl.frame(a.state)
        group = list(frame.get("group") or ())
        if not group:
            return [("text", "Click one of your units to fire with it; click more for combined fire (HS-DIR-5), "
                             "then a lit target hex. Hover any hex to see the line of sight.")]
        if not plan:
            names = ", ".join(a.name(u) for u in group)
            return [("head", f"Firing: {names}"),
                    ("text", "Click a lit hex to target it. Blue rings: the edge of full range and of double range, where a "
                             "unit fires at half attack (HS-RNG-5). Hover a hex for line of sight and odds.")]
        board = a.board()
        h = tuple(plan["hex"])
        firers = ", ".join(f"{a.name(u)} ({sl.attack_at(a.state, u, h)})" for u in plan["firers"])
        targets = ", ".join(a.name(u) for u in plan["targets"]) or "nobody yet"
        out = [("head", f"{firers}: attack {plan['attack']}"),
               ("head", f"at {board.label(h)} {sl.terrain(a.state, h)}: {targets}")]
        if not plan["targets"]:                # every unit there taken off the aim: no odds, no Fire yet
            return out + [("text", "Aim at one or more of the units there (Aim, in the stack beside the map) "
                                   "to see the odds; Fire needs at least one (HS-DIR-4).")]
        out.append(("text", f"Defence {plan['unit_defence']} + terrain {plan['modifier']} (once per attack, "
                            f"HS-DIR-7) = {plan['defence']}"))
        return out + self._odds(plan)

    def _odds(self, plan: dict) -> list:
        if not plan.get("legal"):
            return [("warn", f"{plan['attack']} to {plan['defence']} is below 1 to 4: this attack may not be made "
                             "(HS-DIR-12). Add firers or aim at fewer units.")]
        shift = " after the Close Assault shift" if plan.get("shift") else ""
        out = [("text", f"Odds {plan['attack']} to {plan['defence']}: column {plan['column']}{shift}")]
        for code in sorted(plan["chances"], key=lambda c: RESULT_ORDER.index(c) if c in RESULT_ORDER else 99):
            words = sl.result_words(self.adapter.state, code)
            short = words.split(":")[0].rstrip(".").replace(", and the target hex is reduced to rubble", " + rubble")
            out.append(("bar", (code, plan["chances"][code], short)))
        out.append(("rolls", plan.get("by_roll") or {}))
        return out

    def _whose_fire(self, view: dict, step) -> list:
        """A line when an army that is not moving acts in a combat step of another's player-turn."""
        acting, mover = view.get("active"), view.get("mover")
        if step not in ("indirect", "direct", "assault") or not acting or acting == mover:
            return []
        spec = self.adapter.spec
        mover_name, acting_name = spec.display_name(mover), spec.display_name(acting)
        return [("warn", f"{mover_name} {agree(mover_name, 'move')} this player-turn, but every army fights in each "
                         f"combat step, the moving one first (HS-SEQ-5, -6): now the {acting_name} "
                         f"{agree(acting_name, 'fire')}.")]

    def _indirect(self, view: dict) -> list:
        a = self.adapter
        frame = sl.frame(a.state)
        if not frame.get("group"):
            return [("text", "Click a gun, howitzer or self-propelled artillery, then a lit hex: one your unit "
                             "sees, or an observer of yours sees (the map draws the observer's line of sight). "
                             "The defender may answer with Counter Artillery Fire before the roll.")]
        names = ", ".join(a.name(u) for u in frame["group"])
        if not frame.get("hex"):
            return [("head", f"Guns: {names}"), ("text", "Click a lit hex to strike it.")]
        plan = sl.strike_plan(a.state, list(frame["group"]), frame["hex"])
        out = [("head", f"{names}: attack {plan['attack']} at {a.board().label(tuple(frame['hex']))}")]
        for key, c in (plan.get("classes") or {}).items():
            legal = "" if c.get("legal") else ", below the table: no effect (HS-IND-12)"
            out.append(("text", f"Class {key} ({', '.join(a.name(u) for u in c['units'])}): defence {c['defence']}"
                                f"{', column ' + c['column'] if c.get('column') else ''}{legal}"))
        return out

    def _assault(self, view: dict) -> list:
        a = self.adapter
        frame = sl.frame(a.state)
        side = frame.get("side")
        group, aim = list(frame.get("group") or ()), list(frame.get("aim") or ())
        owed = [u for u in sl.must_assault(a.state, side) if u not in group] if side else []
        out = []
        if group:
            plan = sl.assault_plan(a.state, group, aim)
            out += [("head", f"{', '.join(a.name(u) for u in group)}: attack {plan['attack']}"),
                    ("head", f"against {', '.join(a.name(u) for u in aim) or 'nobody yet'}: defence {plan['defence']}"),
                    ("dim", "Infantry doubles its attack; undisrupted units shift one column right (HS-CA-6, -7); "
                            "no terrain or rubble (HS-CA-12).")]
            out += self._odds(dict(plan, hex=None)) if aim else [("text", "Click the enemy units to attack.")]
        else:
            out.append(("text", "Every unit sharing a hex with the enemy must attack (HS-CA-3): click your units "
                                "in a Close Assault hex, then the enemy units they attack."))
        if owed:
            out.append(("warn", "Still to attack: " + ", ".join(a.name(u) for u in owed)))
        return out

    def _movement(self, view: dict) -> list:
        a = self.adapter
        uid = view.get("selected")
        if not uid or isinstance(uid, list):
            return [("text", "Click a unit to move it. Hexes it can reach light up with their cost in movement "
                             "factors; roads cost less only from road to road (HS-MOV-15).")]
        left = view.get("mp_left") or [0, 0]
        piece = a.piece(view, uid) or {}
        words = f"{a.name(uid)}: {left[0]:g} MP left"
        if "skimmer" in (piece.get("flags") or ()) or (left[1] and left[1] > 0):
            words += f" on foot, {left[1]:g} on skimmers"
        came = " The gold line: the way it has come." if len(view.get("trail") or ()) > 1 else ""
        return [("head", words), ("dim", "Tags on the map: MP to get there." + came +
                                  " Hover a hex for the line of sight from here.")]

    @staticmethod
    def _last_attack(adapter, view: dict) -> list:
        """The attack the last decision rolled, in words (the view holds that decision's events)."""
        fire = next((e for e in reversed(view.get("events") or ()) if e["kind"] == "fire"), None)
        return fire_words(adapter, fire) if fire is not None else []

    # -- drawing -----------------------------------------------------------------------------
    def height(self, width: int, view: dict) -> int:
        items = self.items(view)
        if not items:
            return 0
        return sum(self._item_height(i, width) for i in items) + style.px(8)

    def min_height(self, width: int, view: dict) -> int:
        return min(self.height(width, view), style.px(120))

    def _item_height(self, item, width: int) -> int:
        kind, payload = item
        if kind == "bar":
            return style.px(BAR_H)
        if kind == "rolls":
            return style.px(34)
        size, bold = FONTS[kind]
        fnt = style.font(size, bold=bold)
        return len(style.wrap(payload, fnt, width - style.px(12))) * fnt.get_linesize() + style.px(2)

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        y = rect.top + style.px(4)
        for item in self.items(view):
            kind, payload = item
            if kind == "bar":
                self._bar(surface, rect, y, *payload)
            elif kind == "rolls":
                self._rolls(surface, rect, y, payload)
            else:
                size, bold = FONTS[kind]
                fnt = style.font(size, bold=bold)
                yy = y
                for line in style.wrap(payload, fnt, rect.width - style.px(12)):
                    surface.blit(fnt.render(line, True, COLOURS[kind]), (rect.left + style.px(6), yy))
                    yy += fnt.get_linesize()
            y += self._item_height(item, rect.width)

    def _bar(self, surface, rect, y, code, p, meaning) -> None:
        """One result: its code, a bar as long as its chance, the percentage and what it does."""
        x = rect.left + style.px(6)
        h = style.px(BAR_H)
        style.text(surface, code, (x, y + h // 2), 13, style.INK, bold=True, anchor="midleft")
        back = pygame.Rect(x + style.px(30), y + style.px(3), style.px(70), h - style.px(6))
        pygame.draw.rect(surface, style.SLATE_DARK, back)
        colour = style.GOOD if code.startswith("E") else style.TARGET if code.startswith("D") else style.INK_DIM
        pygame.draw.rect(surface, colour, (back.left, back.top, round(back.width * p), back.height))
        words = f"{round(100 * p)}%  {meaning}"
        fnt = style.font(12)
        room = rect.right - back.right - style.px(12)
        while len(words) > 4 and fnt.size(words)[0] > room:
            words = words[:-2] + "…"
        surface.blit(fnt.render(words, True, style.INK), (back.right + style.px(6), y + (h - fnt.get_linesize()) // 2))

    def _rolls(self, surface, rect, y, by_roll: dict) -> None:
        """The 2d6 totals 2..12 with the result each gives: the whole column at a glance."""
        totals = sorted(by_roll)
        if not totals:
            return
        w = (rect.width - style.px(12)) / len(totals)
        for i, t in enumerate(totals):
            cx = rect.left + style.px(6) + w * (i + 0.5)
            style.text(surface, str(t), (cx, y + style.px(2)), 11, style.INK_DIM, anchor="midtop")
            style.text(surface, by_roll[t], (cx, y + style.px(16)), 12, style.INK, bold=True, anchor="midtop")


def answer_words(adapter, view: dict) -> list:
    """What the player who is not moving may do now, and why he is asked (HS-CAF-3, HS-ECM-3, HS-CPF-1):
    the rules ask only a side that has a unit able to answer, so these lines show only then."""
    frame = sl.frame(adapter.state)
    who = adapter.spec.display_name(frame.get("side"))
    acts = [a for a in (view.get("actions") or ()) if a[0] in ("caf", "jam", "cpf")]
    what = "paratroopers are in the air" if frame.get("step") == "cpf" else "an attack on you is announced"
    out = [("head", f"{who}: {what}, and you have a unit that can answer it.")]
    if any(a[0] == "caf" for a in acts):
        out.append(("text", "Counter Artillery Fire: a calliope or hover tank of yours in range and sight of the "
                            "target destroys one gun's shells, with no roll (HS-CAF-4, -5). It uses its fire this "
                            "player-turn."))
    if any(a[0] == "jam" for a in acts):
        out.append(("text", "ECM: a hover tank with ECM jams one conventional unit it sees: a jammed firer cannot "
                            "join a combined attack, a jammed observer spots for no gun (HS-ECM-6, -8)."))
    if any(a[0] == "cpf" for a in acts):
        out.append(("text", "Counter Paradrop Fire: a calliope shoots a paratrooper down for certain, a hover tank "
                            "rolls at Direct Fire odds; one shooter for each, printed range only (HS-CPF-3..5). "
                            "The map shows where each one comes down."))
    out.append(("dim", "Pick an answer below, or let it go on."))
    return out


FONTS = {"head": (13, True), "text": (13, False), "dim": (12, False), "warn": (13, False), "good": (13, True)}
COLOURS = {"head": style.BRASS, "text": style.INK, "dim": style.INK_DIM, "warn": style.WARN, "good": style.TARGET}


KINDS = {"assault": "Close Assault", "direct": "Direct Fire", "indirect": "Indirect Fire", "gas": "Gas"}


def code_text(result) -> str:
    """A result as printed: 'D', or per Class of an Indirect Fire strike 'A: D, B: E'."""
    if isinstance(result, dict):
        return ", ".join(f"{k}: {'no effect' if v == '-' else v}" for k, v in result.items())
    return str(result)


def fire_words(adapter, fire: dict) -> list:
    """A rolled attack in words: who, at what odds, the dice and what each target suffers."""
    a = adapter
    kind = KINDS.get(fire.get("kind_of"), str(fire.get("kind_of", "Attack")).capitalize())
    who = ", ".join(a.name(u) for u in fire.get("firers") or ())
    odds = f" at {fire['attack']} to {fire['defence']}" if "attack" in fire and "defence" in fire else ""
    out = [("head", f"{kind}: {who}{odds}{' (' + str(fire['column']) + ')' if fire.get('column') else ''}")]
    if fire.get("rolls"):                                    # gas: one roll per unit in the hex
        for uid, r in fire["rolls"].items():
            out.append(("good", f"{a.name(uid)}: rolled {r.get('roll')}, {r.get('result')}"))
    elif fire.get("roll") is None:
        return out + [("warn", "Below the table's lowest odds even after any shift: no roll, no effect.")]
    else:
        dice = "+".join(str(d) for d in fire.get("dice") or ())
        meaning = f", {fire['meaning']}" if fire.get("meaning") else ""
        said = "no effect." if fire.get("result") == "-" else f"{code_text(fire.get('result'))}{meaning}"
        out.append(("good", f"Rolled {dice} = {fire['roll']}: {said}"))
    for eff in fire.get("effects") or ():
        if "unit" in eff:
            what = {"eliminated": "eliminated at the round's end", "disrupted": "disrupted when the player-turn ends",
                    "none": f"no effect ({eff.get('why')})"}.get(eff.get("effect"), str(eff.get("effect")))
            out.append(("dim", f"{a.name(eff['unit'])}: {what}"))
        elif eff.get("effect") == "rubble":
            out.append(("dim", f"{a.board().label(tuple(eff['hex']))} becomes rubble when the step ends"))
    return out


def results_of_round(adapter, events: list) -> dict:
    """Hex -> words for what the newest decisions did: hits, removals, disruptions, rubble, arrivals."""
    tags: dict = {}

    def add(h, words):
        if h is None:
            return
        h = tuple(h)
        tags[h] = words if h not in tags else f"{tags[h]} · {words}"

    for e in events:
        kind = e["kind"]
        if kind == "fire" and e.get("result") and e.get("roll") is not None:
            add(e["hex"], f"{e['roll']}: {'no effect' if e['result'] == '-' else code_text(e['result'])}")
        elif kind == "eliminated":
            add(e.get("hex"), f"✕ {adapter.name(e['unit'])}")
        elif kind == "disrupted":
            add(e.get("hex"), f"D {adapter.name(e['unit'])}")
        elif kind == "rubble":
            add(e["hex"], "bridge down" if e.get("bridge_destroyed") else "rubble")
        elif kind == "arrive":
            add(e["hex"], f"+ {adapter.name(e['unit'])}")
        elif kind == "landed":
            add(e["hex"], f"{adapter.name(e['unit'])} landed")
        elif kind == "rally":
            add(_hex_now(adapter, e["unit"]), "rallied" if e["rallied"] else "still disrupted")
    return tags


def _hex_now(adapter, uid: str):
    """Where a unit stands now, or None once it has left the map."""
    try:
        return sl.hex_of(adapter.state, uid)
    except (KeyError, TypeError):
        return None


def pending_hits(adapter) -> dict:
    """Hex -> words for units hit this player-turn whose result waits: removal at the round's end
    (HS-RNG-13), disruption when the player-turn's combat is over (HS-DIS-1)."""
    waiting: dict = {}
    for e in adapter.session.events_since(0):
        kind = e["kind"]
        if kind == "player_turn":
            waiting = {}
        elif kind == "fire":
            for eff in e.get("effects") or ():
                if eff.get("effect") in ("eliminated", "disrupted") and "unit" in eff:
                    waiting[eff["unit"]] = eff["effect"]
        elif kind in ("eliminated", "disrupted"):
            waiting.pop(e["unit"], None)
    tags: dict = {}
    for uid, effect in waiting.items():
        h = _hex_now(adapter, uid)
        if h is not None:
            words = f"{'✕' if effect == 'eliminated' else 'D'} {adapter.name(uid)} (waits)"
            tags[h] = words if h not in tags else f"{tags[h]} · {words}"
    return tags


class ScenarioPanel(Panel):
    """The turn of the game and how each army wins, read in the scenario's order at the end (the first met wins)."""

    title = "Scenario"

    def lines(self, view: dict) -> list:
        """'Turn 2 of 6' and one line per victory condition."""
        spec = self.adapter.spec
        mover = spec.display_name(view.get("mover"))
        out = [f"Turn {view.get('turn')} of {view.get('turns')}: {mover} {agree(mover, 'move')}"]
        seat = spec.seating(self.adapter.state)
        for cond in view.get("victory") or ():
            team = [s for s in seat.team(cond["side"])] if cond.get("side") else []
            out.append(victory_words(spec, cond, team))
        return out

    def busy(self) -> bool:
        """True while an attack is being built: the plan panel needs the room then."""
        frame = sl.frame(self.adapter.state)
        return bool(frame.get("group")) and self.adapter.step() in ("direct", "assault", "indirect")

    def height(self, width: int, view: dict) -> int:
        if self.busy():
            return 0
        fnt = style.font(12)
        n = sum(len(style.wrap(w, fnt, width - style.px(12))) for w in self.lines(view))
        return n * fnt.get_linesize() + style.px(8)

    def min_height(self, width: int, view: dict) -> int:
        return 0 if self.busy() else style.font(12).get_linesize() * 2 + style.px(8)

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        fnt = style.font(12)
        y = rect.top + style.px(4)
        for i, words in enumerate(self.lines(view)):
            for line in style.wrap(words, fnt, rect.width - style.px(12)):
                surface.blit(fnt.render(line, True, style.BRASS if i == 0 else style.INK), (rect.left + style.px(6), y))
                y += fnt.get_linesize()


def victory_words(spec, cond: dict, team: list | None = None) -> str:
    """A victory condition as a sentence (the side and its allies, HS-GAP-8)."""
    side = " and ".join(spec.display_name(s) for s in (team or [cond["side"]])) if cond.get("side") else ""
    wins = agree(side, "win") if " and " not in side else "win"
    kind = cond.get("kind")
    if kind == "hold":
        return f"{side} {wins} holding {' and '.join(cond['places'])} at the end, with no enemy there."
    if kind == "eliminate":
        return f"{side} {wins} if {round(100 * cond['enemy_fraction'])}% of the enemy's points are destroyed by the end."
    if kind == "points":
        return f"{side} {wins} with {cond['at_least']} points of enemy units destroyed by the end."
    if kind == "survive":
        return f"Otherwise {side} {wins}."
    if kind == "most_points":
        return "Otherwise the army that destroyed the most points wins."
    return str(cond)


def agree(name: str, verb: str) -> str:
    """'wins' after 'Green army', 'win' after the plural army names ('Mercenaries', 'Hammer's Slammers')."""
    return verb if name.endswith("s") else verb + "s"
