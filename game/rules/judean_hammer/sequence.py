"""The sequence of play: draw, starting player, card plays, check supply, score (JH-SEQ-*, JH-CRD-*)."""
from __future__ import annotations

from game.core import rng
from game.core.steps import Step

from . import board as boards
from . import events, move, recruit, scoring
from .board import SIDE_NAMES, SIDES
from .cards import CARDS, IDS
from .common import CUBES, FLOW, VP_MARKER, add_step, add_units, board_of, card_name, event, log, other, take_top

HAND = 4


def setup(seed: int, scenario: str | None = None, options: dict | None = None) -> dict:
    """A new game: cubes on the faction icons, one shuffled deck, round 1 (JH-SET-*)."""
    options = dict(options or {})
    path = boards.stored_path(options.get("map"))
    board = boards.fresh(path)          # the map as it is now, even if edited since it was last read
    state = {"game": "judean_hammer", "map": path, "round": 0, "starter": "maccabean",
             "units": {s: {} for s in SIDES}, "stock": {s: CUBES - VP_MARKER for s in SIDES},
             "vp": dict(board.start_vp), "awards": [], "hands": {s: [] for s in SIDES},
             "draw": [], "discard": [], "combat": [], "removed": [], "in_play": [],
             "reveals": 0, "draw_known": False, "revealed": None, "last_battle": None, "result": None,
             "dice": {"serial": 0, "values": [], "text": ""}, "log": [], "stack": [], "events": [], "event_serial": 0}
    rng.init(state, seed, options)
    for side in SIDES:
        for area in board.icons[side]:                    # JH-SET-1
            add_units(state, side, area, 1)
    state["draw"] = _deck(state, options.get("deck"))    # JH-SET-4
    log(state, f"Judean Hammer on {board.map.title or board.name}: units stand on their faction icons.")
    start_round(state)
    return state


def _deck(state: dict, order) -> list:
    """The shuffled draw pile; options["deck"] puts named cards on top in that order (tests)."""
    order = [int(c) for c in (order or [])]
    if len(set(order)) != len(order) or any(c not in CARDS for c in order):
        raise ValueError("options['deck'] must list distinct card ids from 1 to 26")
    rest = [c for c in IDS if c not in order]
    return order + rng.shuffle(state, rest)


def start_round(state: dict) -> None:
    """Phase 1 and 2: both draw 4 cards, then the starting player is chosen (JH-SEQ-1..4)."""
    state["round"] += 1
    log(state, f"Round {state['round']} begins.")
    first = state["starter"]                               # JH-GAP-5
    for side in (first, other(first)):
        for _ in range(HAND):
            cid = take_top(state)
            if cid is not None:
                state["hands"][side].append(cid)
    state["reveals"] += 1
    state["draw_known"] = False      # the round's pile mixes unseen cards again (JH-SCO-6)
    log(state, "Each player draws 4 cards.")
    state["stack"] = []
    if state["round"] == 1:                                # JH-SET-3, JH-AMBIG-2
        state["starter"] = "maccabean"
        FLOW.call(state, "turn", side="maccabean", card=None, stage="choose")
        return
    vp = state["vp"]
    chooser = "greek" if vp["greek"] < vp["maccabean"] else "maccabean"
    FLOW.call(state, "first", side=chooser)


def _on_first(state, frame, side):
    state["starter"] = side
    log(state, f"{frame['side']}: {side} starts round {state['round']}.")
    FLOW.goto(state, "turn", side=side, card=None, stage="choose")


def _first_prompt(state, frame):
    vp = state["vp"]
    why = "VP are tied, so you (the Maccabeans) choose" if vp["maccabean"] == vp["greek"] else \
        f"you have fewer VP ({vp[frame['side']]} to {vp[other(frame['side'])]}), so you choose"
    return f"Round {state['round']}: {why} who plays the first card this round (JH-SEQ-3, JH-SEQ-4)."


add_step(Step("first", who=lambda s, f: f["side"], prompt=_first_prompt,
              actions=lambda s, f: [("first", "maccabean"), ("first", "greek")],
              handlers={"first": _on_first}))


# -- phase 3: take turns playing 1 card -----------------------------------------
def _turn_actions(state, frame):
    side = frame["side"]
    if frame["stage"] == "choose":
        return [("card", c) for c in state["hands"][side]]
    if frame["stage"] == "use":
        acts = [("ops",)]
        card = CARDS[frame["card"]]
        if card["faction"] == side and events.can_play(state, side, frame["card"]):
            acts.append(("event",))
        return acts
    return []


def _turn_allows(state, frame, action) -> bool:
    """Exactly ``action in _turn_actions(state, frame)``, without building the list."""
    side, stage = frame["side"], frame["stage"]
    if stage == "choose":
        return len(action) == 2 and action[0] == "card" and action[1] in state["hands"][side]
    if stage != "use":
        return False
    if action == ("ops",):
        return True
    return action == ("event",) and CARDS[frame["card"]]["faction"] == side and \
        events.can_play(state, side, frame["card"])


def _turn_prompt(state, frame):
    if frame["stage"] == "choose":
        return "Play 1 card from your hand: point at a card to read it, click it to play it."
    card = CARDS[frame["card"]]
    side = frame["side"]
    if card["faction"] != side:
        note = (f" Its event is the {SIDE_NAMES[card['faction']]}': you may use it only for OPs, "
                f"and they may then play the event (JH-CRD-6, JH-CRD-8).")
    elif not events.can_play(state, side, frame["card"]):
        note = " Its event can do nothing now, so only its OPs can be used."
    elif card["banner"] == "orange":
        mod = card["modifier"]
        note = (f" The event removes the card, and its {SIDE_NAMES[mod['faction']]}' +{mod['value']} "
                f"modifier, from the game (JH-CRD-14).")
    else:
        note = " An event removes the card from the game."
    return f"Use {card['title']} for its {card['ops']} OPs or for its event?{note} (Undo picks another card.)"


def _on_card(state, frame, cid):
    frame["card"], frame["stage"] = cid, "use"


def _on_ops(state, frame):
    side, cid = frame["side"], frame["card"]
    state["hands"][side].remove(cid)
    state["in_play"].append(cid)
    ops = CARDS[cid]["ops"]
    log(state, f"{side}: plays {card_name(cid)} for {ops} OPs.")
    event(state, "card_played", side=side, card=cid, use="ops", ops=ops)
    frame["stage"] = "ops"
    FLOW.call(state, "ops", side=side, card=cid, ops=ops)


def _on_event(state, frame):
    side, cid = frame["side"], frame["card"]
    state["hands"][side].remove(cid)
    state["removed"].append(cid)                           # JH-CRD-5
    frame["stage"] = "event"
    events.start(state, side, cid)


def _turn_resume(state, frame, value):
    side, cid = frame["side"], frame["card"]
    if frame["stage"] == "ops":
        opp = other(side)
        # JH-CRD-8, JH-CRD-9: the opponent may play his own event once all OPs are spent.
        if CARDS[cid]["faction"] == opp and events.can_play(state, opp, cid):
            frame["stage"] = "reaction"
            FLOW.call(state, "reaction", side=opp, card=cid)
            return
        _discard(state, cid)
    next_turn(state, side)


def _discard(state, cid):
    state["in_play"].remove(cid)
    state["discard"].append(cid)                           # JH-CRD-4


def next_turn(state: dict, side: str) -> None:
    """The other player plays next; when both hands are empty the round ends (JH-SEQ-5, JH-SEQ-7)."""
    hands = state["hands"]
    if hands[other(side)]:
        FLOW.goto(state, "turn", side=other(side), card=None, stage="choose")
    elif hands[side]:
        FLOW.goto(state, "turn", side=side, card=None, stage="choose")
    else:
        end_round(state)


def _turn_explain(state, frame, action):
    verb = action[0] if action else None
    if verb == "event" and frame["stage"] == "use":
        if CARDS[frame["card"]]["faction"] != frame["side"]:
            return ("you may play an event only from a card showing your faction icon", "JH-CRD-6")
        return ("this event can do nothing now", "JH-GAP-8")
    if verb == "card":
        return ("play a card from your own hand", "JH-SEQ-5")
    if verb in ("pass", "done"):
        return ("you must play a card on your turn", "JH-SEQ-6")
    return None


add_step(Step("turn", who=lambda s, f: f["side"], prompt=_turn_prompt, actions=_turn_actions,
              handlers={"card": _on_card, "ops": _on_ops, "event": _on_event},
              resume=_turn_resume, explain=_turn_explain, allows=_turn_allows))


# -- OPs: recruit or move (JH-CRD-7) ---------------------------------------------
def _ops_actions(state, frame):
    return [("recruit", k) for k in recruit.options(state, frame["side"])] + [("move",)]


def _ops_allows(state, frame, action) -> bool:
    """Exactly ``action in _ops_actions(state, frame)``, looking at the one option asked about."""
    if action == ("move",):
        return True
    if len(action) != 2 or action[0] != "recruit" or type(action[1]) not in (int, bool, float):
        return False
    board, option = board_of(state), action[1]
    if frame["side"] == "greek":
        return option == 1 and bool(recruit.greek_areas(state, board))
    return option in recruit.MAC_OPTIONS and bool(recruit.maccabean_areas(state, board, option))


def _on_recruit(state, frame, option):
    side, ops = frame["side"], frame["ops"]
    recruit.start(state, side, option, ops, recruit.options(state, side)[option])


def _on_move(state, frame):
    side = frame["side"]
    move.start(state, side, frame["ops"] + 1, move.RANGE[side])   # JH-MOV-1


def _ops_prompt(state, frame):
    ops = frame["ops"]
    how = f"Spend all {ops} OPs on recruiting or all on moving up to {ops + 1} units (JH-CRD-7, JH-MOV-1)."
    if frame["side"] == "maccabean":
        how += (f" Recruiting in one city of a Greek region or one empty wilderness area places "
                f"OPs - 1 = {ops - 1} (JH-REC-4, JH-REC-5).")
    return how


def _ops_explain(state, frame, action):
    if action and action[0] == "recruit":
        return ("no area is eligible for that recruiting option now", "JH-REC-1")
    return None


add_step(Step("ops", who=lambda s, f: f["side"],
              prompt=_ops_prompt,
              actions=_ops_actions, handlers={"recruit": _on_recruit, "move": _on_move},
              explain=_ops_explain, allows=_ops_allows))


# -- the opponent's event after an OPs play (JH-CRD-8..12) -------------------------
def _on_react_event(state, frame):
    cid = frame["card"]
    state["in_play"].remove(cid)
    state["removed"].append(cid)                           # JH-CRD-10
    events.start(state, frame["side"], cid, how="goto")


def _on_react_pass(state, frame):
    cid = frame["card"]
    log(state, f"{frame['side']}: declines the event of {card_name(cid)}.")
    event(state, "card_declined", side=frame["side"], card=cid)
    _discard(state, cid)                                   # JH-CRD-12
    FLOW.end(state)


def _reaction_prompt(state, frame):
    return (f"The {SIDE_NAMES[other(frame['side'])]} used {CARDS[frame['card']]['title']} for OPs. Its event "
            f"is yours: play it now (the card leaves the game), or Pass (it is discarded). "
            + ("Either way you still play your own card (JH-CRD-8..12)." if state["hands"][frame["side"]]
               else "(JH-CRD-8..12)"))


add_step(Step("reaction", who=lambda s, f: f["side"], prompt=_reaction_prompt,
              actions=lambda s, f: [("event",), ("pass",)],
              handlers={"event": _on_react_event, "pass": _on_react_pass}))


# -- phases 4 and 5 -----------------------------------------------------------
def end_round(state: dict) -> None:
    """Check supply, score regions, gather the discards and end the game or start a round."""
    scoring.check_supply(state)
    scoring.score_regions(state)
    if scoring.game_ends(state):
        FLOW.game_over(state)
        return
    state["draw"] = rng.shuffle(state, state["draw"])      # JH-SCO-8
    start_round(state)
