"""The sequence of play: set-up, the strategy segment, four action segments and victory (BFA-SEQ-*).

The bottom frame of the Flow's stack is the ``turn`` frame; it never asks anyone. It holds a
queue of tasks (``frame["tasks"]``) and runs them in order (``advance``): a task either
finishes at once or calls a step that asks a player, and when that step ends the turn frame
resumes and carries on with the next task. A turn's tasks are: strategy (both choose two
cards in secret), initiative, the special-card draw, four action segments and the victory
segment; an action segment becomes: reveal, then for each of the card's two phases the
moment ``start:<phase>`` and the phase, then the supply check (hooks.py).
"""
from __future__ import annotations

from game.core import record, rng
from game.core.secret import SecretChoice
from game.core.steps import Step

from . import board as boards
from . import data, hooks, setup, victory
from .flow import FLOW
from .model import (BP_TRACK, PHASES_OF, SIDES, SPECIAL, STRATEGY, TURN_TRACK, card_name, event,
                    log, other, put, set_pile)

LAST_TURN = data.build()["turn_track"]["last"]      # BFA-SEQ-1


def new_game(seed: int, scenario: str | None = None, options: dict | None = None) -> dict:
    """A new game: the map, every counter off the map, the Imperial player to set up first."""
    options = dict(options or {})
    path = boards.stored_path(options.get("map"))
    boards.load(path)
    state = setup.blank(path)
    rng.init(state, seed, options)
    state["deck_order"] = _deck_option(options.get("deck"))
    edition = options.get("edition")                        # a save made before the terrain data changed
    if edition is not None:
        if isinstance(edition, bool) or edition not in data.editions() + [data.terrain().get("edition", 1)]:
            raise ValueError(f"options['edition']: the terrain data has no edition {edition!r}")
        state["edition"] = edition
    put(state, "im_turn", TURN_TRACK)                      # BFA-SET-2
    put(state, "im_build_points", BP_TRACK)                # BFA-SET-1
    log(state, "Battle for Armageddon: the Imperial player sets up first (BFA-SET-4).")
    FLOW.start(state, "turn", tasks=["setup|imperial", "setup|ork", "deal"] + turn_tasks())
    advance(state, state["stack"][0])
    return state


def _deck_option(order) -> dict:
    """options['deck']: {side: [special card ids on top, in order]}, for tests and replays."""
    order = order or {}
    if not isinstance(order, dict):
        raise ValueError("options['deck'] must map a side to a list of its special card ids")
    out = {}
    for side, ids in order.items():
        if side not in SIDES or not isinstance(ids, list) or len(set(ids)) != len(ids) \
                or any(c not in SPECIAL[side] for c in ids):
            raise ValueError(f"options['deck'] for {side}: list distinct {side} special card ids")
        out[side] = list(ids)
    return out


def turn_tasks() -> list:
    """A turn's segments (BFA-SEQ-2): strategy, four action segments, victory.

    A task is a string, its name and arguments joined by '|' (cheap to copy with the state).
    """
    return ["strategy", "initiative", "draw", "segment|1", "segment|2", "segment|3", "segment|4", "victory"]


# ---------------------------------------------------------------- the task runner
def advance(state: dict, frame: dict) -> None:
    """Run the turn frame's tasks until one asks a player or the game ends."""
    while state["stack"] and state["stack"][-1] is frame and frame["tasks"]:
        name, *args = frame["tasks"].pop(0).split("|")
        TASKS[name](state, frame, *args)


def _resume(state: dict, frame: dict, value) -> None:
    advance(state, frame)


def _setup(state: dict, frame: dict, side: str) -> None:
    FLOW.call(state, f"setup_{side}", side=side)


def _deal(state: dict, frame: dict) -> None:
    """Each player shuffles his special deck and deals himself two (BFA-SET-10)."""
    for side in SIDES:
        top = state["deck_order"].get(side, [])
        rest = [c for c in SPECIAL[side] if c not in top]
        set_pile(state, "decks", side, top + rng.shuffle(state, rest))
        for _ in range(2):
            _draw_one(state, side)
    del state["deck_order"]
    log(state, "Both players deal themselves two special cards (BFA-SET-10).")


def _draw_one(state: dict, side: str) -> str | None:
    """Draw one special card; an empty deck is made from the discards first (BFA-STR-9, -GAP-10)."""
    if not state["decks"][side] and state["discards"][side]:
        set_pile(state, "decks", side, rng.shuffle(state, state["discards"][side]))
        set_pile(state, "discards", side, [])
        log(state, "shuffles the special discards into a new deck (BFA-STR-9).", side)
    if not state["decks"][side]:
        log(state, "has no special card left to draw (BFA-GAP-10).", side)
        return None
    card = state["decks"][side][0]
    set_pile(state, "decks", side, state["decks"][side][1:])
    set_pile(state, "hands", side, state["hands"][side] + [card])
    event(state, "draw", side=side, hand=len(state["hands"][side]))   # the card stays secret
    return card


# ---------------------------------------------------------------- strategy segment
def _strategy_options(state: dict, frame: dict, side: str, picking: list) -> list:
    # BFA-AMBIG-7: all six cards are in hand every turn; two distinct ones are chosen.
    return [c for c in STRATEGY[side] if c not in picking]


def _strategy_prompt(state: dict, frame: dict) -> str:
    side = frame["waiting"][0]
    n = len(frame["picking"])
    which = "first (top) card, carried out first" if n == 0 else "second card"
    return f"Turn {state['turn']}: choose your {which}, in secret (BFA-STR-2, BFA-STR-3)."


def _on_strategy(state: dict, frame: dict, sealed: dict) -> None:
    state["plan"] = {side: list(sealed[side]) for side in SIDES}
    state["revealed"] = {side: [] for side in SIDES}
    event(state, "plans_chosen", sides=list(SIDES))
    log(state, "Both players have chosen their two strategy cards.")
    FLOW.end(state)


STRATEGY_CHOICE = SecretChoice(FLOW, "strategy", options=_strategy_options, on_reveal=_on_strategy,
                               need=2, prompt=_strategy_prompt, verb="card")


def _strategy_explain(state: dict, frame: dict, action) -> tuple | None:
    if action[0] != "card" or len(action) != 2:
        return ("choose two of your strategy cards first", "BFA-SEQ-3")
    side = frame["waiting"][0]
    if action[1] not in STRATEGY[side]:
        return ("you choose from your own six strategy cards", "BFA-STR-1")
    return ("you have chosen that card already: choose two different cards", "BFA-STR-2")


FLOW.steps["strategy"].explain = _strategy_explain


def _strategy(state: dict, frame: dict) -> None:
    state["stage"] = "strategy"
    state["segment"] = None
    state["initiative"] = None
    state["plan"] = {side: [] for side in SIDES}
    state["revealed"] = {side: [] for side in SIDES}
    event(state, "turn", number=state["turn"])
    log(state, f"Turn {state['turn']} of {LAST_TURN}: the strategy segment.")
    STRATEGY_CHOICE.start(state, SIDES)


def _initiative(state: dict, frame: dict) -> None:
    """The higher die wins, ties rolled again (BFA-STR-5, BFA-GAP-9); Orks on turn 1 (BFA-FTS-1)."""
    if state["turn"] == 1:
        state["initiative"] = "ork"
        event(state, "initiative", winner="ork", rolls=[], surprise=True)
        log(state, "Turn 1: the Orks have the initiative by surprise, no roll (BFA-FTS-1).", "ork")
        return
    rolls = []
    while True:
        imp, ork = rng.d6(state), rng.d6(state)
        rolls.append({"imperial": imp, "ork": ork})
        if imp != ork:
            break
    winner = "imperial" if imp > ork else "ork"
    state["initiative"] = winner
    record.new_throw(state, f"Initiative: Imperium {imp}, Orks {ork}", [imp, ork])
    event(state, "initiative", winner=winner, rolls=rolls, surprise=False)
    text = " then ".join(f"{record.dice_text([r['imperial']])} v {record.dice_text([r['ork']])}" for r in rolls)
    log(state, f"wins the initiative ({text}, BFA-STR-5).", winner)


def _draw(state: dict, frame: dict) -> None:
    """Both players draw one special card at the end of the strategy segment (BFA-STR-7, -AMBIG-8)."""
    for side in (state["initiative"], other(state["initiative"])):
        _draw_one(state, side)


# ---------------------------------------------------------------- action segments
def acting_side(state: dict, n: int) -> str:
    """Who carries out action segment ``n``: the winner 1 and 3, the loser 2 and 4 (BFA-STR-6)."""
    return state["initiative"] if n % 2 == 1 else other(state["initiative"])


def _segment(state: dict, frame: dict, n: str) -> None:
    """Reveal the top card of the acting side's stack and queue its two phases (BFA-SEQ-4..7)."""
    n = int(n)
    side = acting_side(state, n)
    card = state["plan"][side][0]                          # BFA-STR-4: the top card first
    state["stage"] = "action"
    state["segment"] = {"n": n, "side": side, "card": card, "phase": None, "step": 0}
    state["special_used"] = {s: False for s in SIDES}       # BFA-SPC-2, BFA-AMBIG-9
    set_pile(state, "plan", side, state["plan"][side][1:])
    set_pile(state, "revealed", side, state["revealed"][side] + [card])
    state["reveals"] += 1
    phases = PHASES_OF[card]
    event(state, "reveal", segment=n, side=side, card=card, phases=list(phases))
    log(state, f"action segment {n}: reveals {card_name(card)} ({phases[0]}, then {phases[1]}).", side)
    tasks = []
    for i, kind in enumerate(phases):                      # BFA-ACT-1, -2: in order, one after the other
        tasks.append(f"phase_begin|{kind}|{i + 1}")
        tasks += [f"moment|start:{kind}|{j}" for j in range(len(hooks.MOMENTS.get(f"start:{kind}", ())))]
        tasks.append(f"phase|{kind}")
    tasks += ["phase_begin|supply|3", "supply"]            # BFA-ACT-5
    frame["tasks"][:0] = tasks


def _phase_begin(state: dict, frame: dict, kind: str, step: str) -> None:
    seg = state["segment"]
    seg["phase"], seg["step"] = kind, int(step)
    event(state, "phase", phase=kind, side=seg["side"], segment=seg["n"])


def _moment(state: dict, frame: dict, name: str, index: str) -> None:
    hooks.MOMENTS[name][int(index)](state, state["segment"]["side"])


def _phase(state: dict, frame: dict, kind: str) -> None:
    side = state["segment"]["side"]
    fn = hooks.PHASES.get(kind)
    if fn is None:
        log(state, f"the {kind} phase is not part of the program yet; it passes.", side)
        return
    fn(state, side)


def _supply(state: dict, frame: dict) -> None:
    side = state["segment"]["side"]
    if not hooks.SUPPLY:
        log(state, "the supply check is not part of the program yet; it passes.", side)
        return
    hooks.SUPPLY[0](state, side)


# ---------------------------------------------------------------- victory segment
def _victory(state: dict, frame: dict) -> None:
    """Check victory every turn (BFA-VIC-1, -6); a draw after turn 8 (BFA-VIC-7); next turn (BFA-SEQ-8)."""
    state["stage"] = "victory"
    state["segment"] = None
    found = victory.check(state)
    event(state, "victory_check", captured=found["captured"], controlled=found["controlled"],
          winner=found["winner"])
    if found["winner"] is not None or state["turn"] >= LAST_TURN:
        winner, reason = found["winner"], found["reason"]
        if winner is None:
            reason = f"neither side has won by the end of turn {LAST_TURN}: a draw (BFA-VIC-7)"
        state["result"] = {"winner": winner, "reason": reason}
        state["stage"] = "over"
        event(state, "game_over", winner=winner, reason=reason)
        log(state, f"The game is over: {reason}.")
        FLOW.game_over(state)
        return
    log(state, f"Victory segment: no winner yet ({len(found['captured'])} hives captured).")
    state["turn"] += 1
    frame["tasks"] += turn_tasks()


TASKS = {"setup": _setup, "deal": _deal, "strategy": _strategy, "initiative": _initiative,
         "draw": _draw, "segment": _segment, "phase_begin": _phase_begin, "moment": _moment,
         "phase": _phase, "supply": _supply, "victory": _victory}

FLOW.add(Step("turn", who=lambda s, f: None, prompt=lambda s, f: "", actions=lambda s, f: [],
              resume=_resume))
