"""Special cards: which fit a moment, the one-card-a-segment limit, and each card's effect.

A special card names one timing window (cards.json ``timings``) and its effect as steps
(``effects``). Each player may use one special card in every action segment, his own or his
opponent's (BFA-SPC-2, BFA-AMBIG-9), and discards it at once (BFA-SPC-3). A window is a
reaction window (game/core/reaction.py): it asks a player only when he holds a card that
fits, so play never stops for nothing. The windows at the start of a phase open through the
``start:<phase>`` moments of hooks.py; the combat, build and supply windows open from those
steps.
"""
from __future__ import annotations

from functools import lru_cache

from game.core.reaction import ReactionWindow
from game.core.steps import Step

from . import board as boards
from . import combat, data, hooks
from .flow import FLOW
from .holdings import can_enter, fighters, has_enemy, holder, industry_in, room_for
from .model import ELIMINATED, SET_ASIDE, event, in_box, log, name, put, set_pile, side_of

PHASE_TIMING = {"movement": "own_movement_start", "combat": "own_combat_start", "build": "own_build_start"}


@lru_cache(maxsize=None)
def by_id() -> dict:
    """Special card id -> its entry (with its side)."""
    return {c["id"]: {**c, "side": side} for side in data.SIDES for c in data.special_cards(side)}


def fitting(state: dict, side: str, timing: str, fits=None) -> list:
    """The special cards in ``side``'s hand that may be played now at ``timing`` (BFA-SPC-1, -2)."""
    if state["special_used"].get(side):
        return []
    out = []
    for cid in state["hands"][side]:
        card = by_id()[cid]
        if card["timing"] == timing and usable(state, side, card) and (fits is None or fits(card)):
            out.append(cid)
    return out


def usable(state: dict, side: str, card: dict) -> bool:
    """Whether a card's effect could do anything now (a card that cannot is not offered)."""
    board = boards.of(state)
    for step in card["effect"]:
        op = step["op"]
        if op == "deploy":
            if not all(state["at"][c] == SET_ASIDE for c in step["counters"]):
                return False
            if not deploy_areas(state, board, step["counters"][0]):
                return False
        if op == "return_eliminated" and not (returnable(state, side, step) and landing_areas(state, board, side)):
            return False
        if op == "extra_rebuilds" and not returnable(state, side, {"exclude": ["ork_ghazghkull"]}):
            return False
        # A bonus for every attack of a combat phase helps only when an attack can be made in it.
        if op == "die_modifier" and step.get("scope") == "phase" and not combat.targets(state, board, side, fresh=True):
            return False
    return True


def discard(state: dict, side: str, cid: str) -> dict:
    """Play a card: out of the hand onto the discards, the segment's card used (BFA-SPC-2, -3)."""
    set_pile(state, "hands", side, [c for c in state["hands"][side] if c != cid])
    set_pile(state, "discards", side, state["discards"][side] + [cid])
    set_pile(state, "special_used", side, True)
    card = by_id()[cid]
    event(state, "special", side=side, card=cid, name=card["name"], timing=card["timing"], clause="BFA-SPC-1")
    log(state, f"plays {card['name']}: {card['text']}", side)
    return card


def effect(card: dict, op: str) -> dict | None:
    """The card's step of kind ``op``, if it has one."""
    return next((s for s in card["effect"] if s["op"] == op), None)


def in_force(card: dict, side: str, step: dict, until: str = "phase") -> dict:
    """A card effect as it is kept in ``state["effects"]`` while it lasts."""
    return {"op": step["op"], "side": side, "card": card["id"], "name": card["name"], "until": until,
            **{k: v for k, v in step.items() if k != "op"}}


def play(state: dict, side: str, cid: str, context: dict | None = None) -> bool:
    """Play a card now and carry out its effect. True when a step was called for the choices
    it needs (where counters arrive), False when it is done.

    ``context`` maps an effect op to what the moment does with it (a battle adds a die
    modifier to that one attack); any other effect is kept in force for the phase.
    """
    card = discard(state, side, cid)
    context = context or {}
    for step in card["effect"]:
        op = step["op"]
        if op in context:
            context[op](card, step)
        elif op in ("deploy", "return_eliminated"):
            FLOW.call(state, "bfa_card", side=side, card=cid, op=op, todo=list(step.get("counters", [])),
                      together=step.get("together", False), area=None, left=step.get("count", 0))
            return True
        else:
            state["effects"] = state["effects"] + [in_force(card, side, step)]
    return False


# ---------------------------------------------------------------- placing counters by card
def deploy_areas(state: dict, board, cid: str, partner: str | None = None) -> list:
    """Land areas free of enemies that hold or border an intact hive or factory, with room (BFA-GAP-11)."""
    side = side_of(cid)
    out = []
    for area in board.land:
        if has_enemy(state, area, side):
            continue
        if not any((ind := industry_in(state, a)) and holder(state, ind) == side
                   for a in (area, *board.adj[area])):
            continue
        if room_for(state, area, cid, extra=(partner,) if partner else ()):
            out.append(area)
    return sorted(out)


def returnable(state: dict, side: str, step: dict) -> list:
    """Eliminated counters of ``side`` a card may bring back (never those it excludes)."""
    return [c for c in in_box(state, ELIMINATED) if side_of(c) == side and c not in step["exclude"]]


def landing_areas(state: dict, board, side: str) -> list:
    """Ork territory free of enemies, or a smoking ruin the Orks hold (Rok Drop)."""
    out = []
    for area in board.land:
        if has_enemy(state, area, side):
            continue
        ind = industry_in(state, area)
        held_ruin = ind is not None and holder(state, ind) is None and fighters(state, area, side)
        if area in board.ork_territory or held_ruin:
            out.append(area)
    return sorted(out)


def _actions(state: dict, frame: dict) -> list:
    board = boards.of(state)
    if frame["op"] == "deploy":
        cid = frame["todo"][0]
        partner = frame["todo"][1] if frame["together"] and len(frame["todo"]) > 1 else None
        return [("area", a) for a in deploy_areas(state, board, cid, partner)]
    if frame["area"] is None:
        return [("area", a) for a in landing_areas(state, board, frame["side"])]
    step = effect(by_id()[frame["card"]], "return_eliminated")
    out = [("return", c) for c in returnable(state, frame["side"], step)
           if can_enter(state, board, frame["area"], c)]
    return out + [("done",)]


def _prompt(state: dict, frame: dict) -> str:
    card = by_id()[frame["card"]]["name"]
    if frame["op"] == "deploy":
        return f"{card}: click the area where {name(frame['todo'][0])} arrives (BFA-GAP-11)."
    if frame["area"] is None:
        return f"{card}: click the area where the counters land (BFA-GAP-11)."
    return f"{card}: pick up to {frame['left']} eliminated counters to return to {frame['area']}, or Done."


def _on_area(state: dict, frame: dict, area: str) -> None:
    if frame["op"] != "deploy":
        frame["area"] = area
        return
    batch = frame["todo"] if frame["together"] else frame["todo"][:1]
    for cid in batch:
        put(state, cid, area)
        event(state, "arrived", counter=cid, side=frame["side"], area=area, card=frame["card"], clause="BFA-SPC-1")
        log(state, f"{name(cid)} arrives in {area}.", frame["side"])
    frame["todo"] = frame["todo"][len(batch):]
    board = boards.of(state)
    while frame["todo"] and not deploy_areas(state, board, frame["todo"][0]):
        frame["todo"].pop(0)              # no room anywhere: it stays set aside
    if not frame["todo"]:
        FLOW.end(state)


def _on_return(state: dict, frame: dict, cid: str) -> None:
    put(state, cid, frame["area"])
    event(state, "returned", counter=cid, side=frame["side"], area=frame["area"], card=frame["card"],
          clause="BFA-SPC-1")
    log(state, f"{name(cid)} returns in {frame['area']}.", frame["side"])
    frame["left"] -= 1
    if frame["left"] <= 0 or len(_actions(state, frame)) == 1:
        FLOW.end(state)


def _on_done(state: dict, frame: dict) -> None:
    FLOW.end(state)


def _explain(state: dict, frame: dict, action) -> tuple:
    if action and action[0] == "area":
        return ("the counters must arrive in a land area free of enemies, in or next to an intact "
                "hive or factory (Ork territory or a held ruin for the Orks), with room in its stack",
                "BFA-GAP-11")
    return ("it is not one of the choices now", "BFA-SPC-1")


FLOW.add(Step("bfa_card", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"area": _on_area, "return": _on_return, "done": _on_done}, explain=_explain))


# ---------------------------------------------------------------- windows
def _options(state: dict, frame: dict) -> list:
    return fitting(state, frame["side"], frame["moment"])


def _window_prompt(state: dict, frame: dict) -> str:
    words = data.cards()["timings"][frame["moment"]].rstrip(".")
    return f"{words}: play a special card, or decline (BFA-SPC-1)."


def _on_phase_card(state: dict, frame: dict, cid: str) -> None:
    play(state, frame["side"], cid)


# The active player's own window at the start of his phase; the card's effect is kept in force.
PHASE_WINDOW = ReactionWindow(FLOW, "bfa_phase_card", options=_options, on_react=_on_phase_card,
                              prompt=_window_prompt, verb="card", decline="decline")
# The windows inside an attack and a supply check: the calling step carries out the card.
WINDOW = ReactionWindow(FLOW, "bfa_card_window", options=_options, prompt=_window_prompt,
                        verb="card", decline="decline")


def _phase_start(kind: str):
    def start(state: dict, side: str) -> bool:
        # Effects of earlier phases end here (``until: phase``).
        state["effects"] = [e for e in state["effects"] if e.get("until") != "phase"]
        return PHASE_WINDOW.open(state, side, PHASE_TIMING[kind])
    start.__name__ = f"cards_at_start_of_{kind}"
    start.__doc__ = f"Open the window for a special card at the start of a {kind} phase (BFA-SPC-1)."
    return start


for _kind in PHASE_TIMING:
    hooks.moment(f"start:{_kind}")(_phase_start(_kind))
