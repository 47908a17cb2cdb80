"""Battle for Armageddon's own panels and readings: the table (turn, initiative, plans, hives),
the battle with its odds column, modifiers and chances, and what the shared card and build
panels read from this game's view."""
from __future__ import annotations

import pygame

from game.core.contract import as_action
from game.rules import armageddon as bfa
from game.ui import style
from game.ui.adapter import Panel
from game.ui.choice_panels import ORDINALS

PHASE_WORDS = {"movement": "Movement", "combat": "Combat", "build": "Build"}
# When each special card may be played, in a few words (the card's timing, BFA-SPC-1).
TIMING_WORDS = {"own_movement_start": "Start of your movement phase",
                "own_combat_start": "Start of your combat phase",
                "own_attack_before_roll": "Your attack, before the roll",
                "enemy_attack_before_roll": "Enemy attack on you, before the roll",
                "enemy_attack_after_roll": "Enemy attack on you, after the roll",
                "own_build_start": "Start of your build phase",
                "own_supply_check": "Your supply check"}
TYPE_NAMES = {"guard_army": "Guard Army", "armoured_regiment": "Armoured Regiment", "titan_legion": "Titan Battlegroup",
              "skitarii": "Skitarii Legion", "artillery": "Artillery Regiment", "hive_gang": "Hive Gang"}
SPACE_WORDS = {4: "Titans", 3: "Guard, armour, guns", 2: "Riders, Skitarii", 1: "Hive Gangs"}   # build.json's track
RESULT_COLOURS = {"AE": (200, 70, 60), "AR": (214, 130, 70), "NE": (150, 150, 150), "EX": (200, 180, 80),
                  "DR": (140, 190, 110), "DL": (100, 180, 120), "DE": (70, 160, 210)}


def card_of(card: dict, side) -> dict:
    """A strategy or special card as the shared card panels draw it."""
    if card.get("phases"):
        sub = " → ".join(PHASE_WORDS.get(p, p) for p in card["phases"])
    else:
        sub = card.get("when") or TIMING_WORDS.get(card.get("timing"), str(card.get("timing", "")))
    return {"id": card["id"], "name": card["name"], "sub": sub, "text": card.get("text", ""), "side": side}


def hand_reading(adapter, view: dict) -> list:
    """The viewer's special cards with their timing."""
    return [card_of(c, adapter.viewer) for c in view.get("hand") or ()]


def _specials(side) -> dict:
    return {c["id"]: c for c in bfa.special_cards(side)} if side else {}


def reaction_reading(adapter, view: dict):
    """A card window open for the viewer: its moment, the cards that fit, and the decline verb."""
    if not view.get("actions") or adapter.session.state is None:
        return None
    frame = bfa.frame(adapter.session.state)
    if "moment" not in frame or frame.get("side") != adapter.viewer:
        return None
    acts = [as_action(a) for a in view["actions"]]
    specials = _specials(adapter.viewer)
    cards = [card_of(specials[a[1]], adapter.viewer) for a in acts if len(a) == 2 and a[1] in specials]
    decline = next((a[0] for a in acts if len(a) == 1), "decline")
    verb = next((a[0] for a in acts if len(a) == 2 and a[1] in specials), "card")
    moment = TIMING_WORDS.get(frame["moment"], str(frame["moment"]).replace("_", " "))
    return {"moment": f"{moment}: you hold {'a card' if len(cards) == 1 else 'cards'} you may play now "
                      f"(BFA-SPC-1).", "verb": verb, "decline": decline, "cards": cards,
            "pass_words": "Play no card now"}


def build_reading(adapter, view: dict):
    """The build screen: build points, what each type costs (a click buys one), the track and Ready box."""
    if view.get("build"):
        return view["build"]
    seg = view.get("segment") or {}
    if seg.get("phase") != "build" or seg.get("side") != "imperial" or adapter.viewer != "imperial":
        return None
    boxes = view.get("boxes") or {}
    acts = [as_action(a) for a in view.get("actions", ())]
    costs: dict = {}
    for a in acts:
        if a[0] == "buy" and len(a) == 2:
            c = bfa.counter(a[1])
            row = costs.setdefault(c["type"], {"name": TYPE_NAMES.get(c["type"], c["type"].replace("_", " ").title()),
                                               "action": list(a),
                                               "available": 0, "cost": _cost(c["type"]),
                                               "piece": adapter.counter_face(_piece(a[1]))})
            row["available"] += 1
    track = [{"label": str(n), "name": _space_words(n), "pieces": [adapter.counter_face(_piece(c))
                                                                   for c in boxes.get(f"Production {n}", ())]}
             for n in (4, 3, 2, 1)]
    ready = {"label": "Ready", "pieces": [adapter.counter_face(_piece(c)) for c in boxes.get("Ready", ())]}
    frame = bfa.frame(adapter.session.state)
    points = frame.get("points", view.get("build_points", 0))
    left = points - frame.get("spent", 0)
    rows = sorted(costs.values(), key=lambda r: (r["cost"] if isinstance(r["cost"], int) else 99, r["name"]))
    return {"points": points, "left": left, "costs": rows, "track": track, "ready": ready,
            "note": "unspent points are lost"}


def _cost(kind: str):
    getter = getattr(bfa, "build_cost", None)
    return getter(kind) if getter else "?"


def _space_words(n: int) -> str:
    return SPACE_WORDS.get(n, "")


def _piece(cid: str) -> dict:
    c = bfa.counter(cid)
    return {"id": cid, "side": c["side"], "style": "counter", "values": [c["attack"], c["defence"], c["move"]]}


def _line(surface, words, x, y, size=13, colour=style.INK, bold=False) -> int:
    fnt = style.font(size, bold=bold)
    surface.blit(fnt.render(words, True, colour), (x, y))
    return y + fnt.get_linesize()


def _initiative_words(ev: dict) -> str:
    """An initiative event in words: the first-turn surprise, or the last roll of both sides."""
    if ev.get("surprise"):
        return " (first-turn surprise, BFA-FTS-1)"
    rolls = ev.get("rolls") or []
    if not rolls:
        return ""
    last = rolls[-1]
    tie = " after a tie" if len(rolls) > 1 else ""
    return f" (rolled {last.get('imperial')} v {last.get('ork')}{tie})"


class TablePanel(Panel):
    """Turn and initiative, both sides' strategy cards this turn (the one being played marked), hives held."""

    title = "Armageddon"

    def _rows(self, view: dict) -> list:
        spec = self.adapter.spec
        head = f"Turn {view.get('turn') or 1} of 8"
        if view.get("initiative"):
            head += f" · initiative: {spec.display_name(view['initiative'])}{self._roll_words(view)}"
        rows = [(head, style.BRASS, True)]
        seg = view.get("segment") or {}
        for side, ids in (view.get("revealed") or {}).items():
            if not ids:
                continue
            names = {c["id"]: c["name"] for c in bfa.strategy_cards(side)}
            words = []
            for i, cid in enumerate(ids):
                mark = " ◀" if seg.get("card") == cid else ""
                words.append(f"{ORDINALS[i] if i < len(ORDINALS) else i + 1} {names.get(cid, cid)}{mark}")
            rows.append((f"{spec.display_name(side)}: " + ", ".join(words), style.INK_DIM, False))
        hives = view.get("hives") or {}
        held = {s: sorted(a for a, h in hives.items() if h == s) for s in spec.sides}
        rows.append(("Hives: " + " · ".join(f"{spec.display_name(s)} {', '.join(held[s]) or 'none'}"
                                            for s in spec.sides), style.INK, False))
        rows.append((f"Imperial build points: {view.get('build_points', 0)}", style.INK_DIM, False))
        return rows

    def _roll_words(self, view: dict) -> str:
        """How the initiative was won this turn: the dice of both sides, or the first-turn surprise.

        The session keeps only its newest events (EVENTS_KEPT), and a turn makes many more, so the
        panel reads each new event once as it comes and remembers every turn's roll."""
        session = self.adapter.session
        seen, by_turn = getattr(self, "_rolls", (0, {}))
        last = session.last_event()
        if last < seen:                              # taken back or loaded: read what is kept again
            seen, by_turn = 0, {}
        if last > seen:
            by_turn = dict(by_turn)
            for ev in session.events_since(seen):
                if ev.get("kind", ev.get("type")) == "initiative":
                    by_turn[ev.get("turn")] = _initiative_words(ev)
        self._rolls = (last, by_turn)
        return by_turn.get(view.get("turn"), "")

    def height(self, width: int, view: dict) -> int:
        return sum(self._h(w, width, b) for w, _, b in self._rows(view)) + style.px(8)

    def min_height(self, width: int, view: dict) -> int:
        return style.px(40)

    def _h(self, words, width, bold) -> int:
        fnt = style.font(13, bold=bold)
        return len(style.wrap(words, fnt, width - style.px(12))) * fnt.get_linesize()

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        y = rect.top + style.px(4)
        for words, colour, bold in self._rows(view):
            fnt = style.font(13, bold=bold)
            for line in style.wrap(words, fnt, rect.width - style.px(12)):
                y = _line(surface, line, rect.left + style.px(6), y, 13, colour, bold)


class CombatPanel(Panel):
    """The battle being declared or fought: who attacks what, the odds column, every modifier, the
    chance of each result before the roll, and after it the roll and what it did."""

    title = "Battle"

    def battle(self, view: dict) -> dict:
        """The battle now: the preview while stacks are chosen, then the roll, its modifiers and result."""
        state = self.adapter.session.state
        b = view.get("battle")
        if not b:
            return {}
        out = {"target": b.get("target"), "from": b.get("from"), "stage": b.get("stage")}
        out.update(b.get("preview") or {})
        fought = b.get("battle") or {}
        out.update(fought)
        if fought.get("modified") is not None:
            out["modified_roll"] = fought["modified"]
        if "meaning" not in out:
            out.update({k: v for k, v in self._preview(state, out).items() if k not in fought})
        return out

    def _preview(self, state, b: dict) -> dict:
        """The odds, modifiers and chances of each result, asked of the rules for the stacks chosen."""
        getter = getattr(bfa, "battle_preview", None)
        if getter is None or not b.get("target") or not b.get("from"):
            return {}
        try:
            p = getter(state, b["target"], b["from"])
        except (KeyError, ValueError, TypeError):
            return {}
        return p

    def _rows(self, view: dict, width: int) -> list:
        b = self.battle(view)
        if not b:
            return []
        out = [(f"{', '.join(b.get('from') or ()) or '—'} → {b.get('target', '?')}", style.BRASS, True, None),
               (f"{b.get('attack', '?')} against {b.get('defence', '?')}: column {b.get('odds', '?')}",
                style.INK, True, None)]
        for m in b.get("modifiers") or ():
            out.append((f"die {m.get('die', 0):+d}: {m.get('text', '')} ({m.get('clause', '')})", style.INK_DIM,
                        False, None))
        if b.get("modifiers"):
            out.append((f"Die {b.get('modifier', 0):+d} in all, kept within 1-6 (BFA-CBT-17)", style.INK_DIM,
                        False, None))
        for code, chance in (b.get("chances") or {}).items():
            meaning = (b.get("meaning") or {}).get(code, code).split(":")[0]     # its name; the log has the rest
            out.append((f"{round(chance * 100)}%  {code} {meaning}", style.INK, False, (code, chance)))
        if not b.get("odds"):
            out[1] = ("Click the stacks next to it that attack; the odds show here before you roll.",
                      style.INK_DIM, False, None)
        if b.get("roll") is not None:
            mod = b.get("modified_roll", b.get("roll"))
            words = f"Rolled {b['roll']}" + (f", modified {mod}" if mod != b["roll"] else "")
            meaning = (b.get("meaning") or {}).get(b.get("result"), b.get("result", ""))
            # Under the odds, above the chances: in a short panel the result is read without scrolling.
            out.insert(2, (f"{words}: {meaning}", style.TARGET, True, None))
        return out

    def height(self, width: int, view: dict) -> int:
        rows = self._rows(view, width)
        return sum(self._h(w, width, b) for w, _, b, _ in rows) + style.px(8) if rows else 0

    def min_height(self, width: int, view: dict) -> int:
        return self.height(width, view)          # the odds and chances are read whole before a roll

    def _h(self, words, width, bold) -> int:
        fnt = style.font(13, bold=bold)
        return len(style.wrap(words, fnt, width - style.px(60))) * fnt.get_linesize()

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        y = rect.top + style.px(4)
        for words, colour, bold, bar in self._rows(view, rect.width):
            fnt = style.font(13, bold=bold)
            x = rect.left + style.px(6)
            if bar is not None:
                code, chance = bar
                box = pygame.Rect(x, y + style.px(2), style.px(44), fnt.get_linesize() - style.px(4))
                pygame.draw.rect(surface, style.SLATE_DARK, box)
                fill = box.copy()
                fill.width = max(1, round(box.width * chance))
                pygame.draw.rect(surface, RESULT_COLOURS.get(code, style.BRASS), fill)
                x = box.right + style.px(6)
            for line in style.wrap(words, fnt, rect.right - x - style.px(6)):
                y = _line(surface, line, x, y, 13, colour, bold)
