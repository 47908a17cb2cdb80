"""A test-only game (never shipped) for the table kit: a skirmish on a track for 1 to 4 players.

Each round every side secretly picks a speed (1-3) and all are revealed at once; sides
then move in order of speed (fastest first, ties in seating order). A side moves each of
its runners forward by its speed or leaves it. A runner entering a square held by an
enemy bumps: an enemy holding a trap may spring it first (the reaction window: asked only
when it holds one), pushing the runner back; otherwise the bump is resolved on a combat
results table (attack minus defence). At the end of the round no side may have more than
two runners on a square: an enemy picks the ones that go. The scenario file gives the
seating, forces, length and victory conditions.
"""
from __future__ import annotations

from pathlib import Path

from game.core import crt, record, rng, scenario, stacks
from game.core.contract import GameSpec, Result
from game.core.reaction import ReactionWindow
from game.core.secret import SecretChoice, public
from game.core.sides import Seating
from game.core.steps import Flow, Step

HERE = Path(__file__).resolve().parent / "fixtures" / "kit"
SQUARES = 10
GOAL = f"s{SQUARES - 1}"
SIDES = ("red", "blue", "green", "gold")
BUMP = crt.load(HERE / "bump_crt.json")


def place_ok(name: str) -> bool:
    """True for a square of the track."""
    return name in {f"s{i}" for i in range(SQUARES)}


def load_scenario(name: str) -> scenario.Scenario:
    """A scenario of the skirmish from tests/fixtures/kit."""
    return scenario.load(HERE / f"{name}.json", "toy_skirmish", units={"runner"}, place_ok=place_ok)


def seating(state: dict) -> Seating:
    """The table of a game in play."""
    return Seating.from_data(state["seating"])


def _owner(state, piece):
    return state["owner"][piece]


STACKING = stacks.StackRule(limit=lambda s, place: 2, group=_owner, check_points=("end_of_round",),
                            clause="TOY-STACK")
FLOW = Flow([])


def _speeds(state, frame, side, chosen):
    return [1, 2, 3] if not chosen else []


def _revealed(state, frame, speeds):
    order = sorted(seating(state).sides, key=lambda s: (-speeds[s][0], seating(state).sides.index(s)))
    state["speeds"] = {s: v[0] for s, v in speeds.items()}
    state["log"].append("Speeds revealed: " + ", ".join(f"{s} {state['speeds'][s]}" for s in order))
    FLOW.goto(state, "move", order=order, side=order[0], moved=[])


ORDERS = SecretChoice(FLOW, "orders", options=_speeds, on_reveal=_revealed,
                      prompt=lambda s, f: f"{f['waiting'][0]}: choose your speed in secret.",
                      verb="speed")


def _traps(state, frame):
    if state["traps"][frame["side"]] > 0:
        return [("trap",)]
    return []


def _spring(state, frame, *_):
    state["traps"][frame["side"]] -= 1
    runner = frame["runner"]
    back = f"s{max(0, int(frame['square'][1:]) - 1)}"
    stacks.move(state["stacks"], runner, back)
    state["log"].append(f"{frame['side']} springs a trap: {runner} falls back to {back}")


TRAP = ReactionWindow(FLOW, "trap", options=_traps, on_react=_spring, verb="spring", decline="no")


def _move_actions(state, frame):
    side = frame["side"]
    mine = [p for p, o in state["owner"].items() if o == side and stacks.where(state["stacks"], p)
            and p not in frame["moved"] and stacks.where(state["stacks"], p) != GOAL]
    return [("run", p) for p in sorted(mine)] + [("done",)]


def _on_run(state, frame, runner):
    here = int(stacks.where(state["stacks"], runner)[1:])
    to = f"s{min(SQUARES - 1, here + state['speeds'][frame['side']])}"
    stacks.move(state["stacks"], runner, to)
    frame["moved"] = frame["moved"] + [runner]
    frame["bump"] = [runner, to]
    state["log"].append(f"{runner} runs to {to}")
    _next_enemy(state, frame, [])


def _enemies_at(state, side, square):
    return [s for s in seating(state).enemies(side)
            if any(_owner(state, p) == s for p in stacks.pieces_at(state["stacks"], square))]


def _next_enemy(state, frame, asked):
    """Offer each enemy on the square its trap, one at a time, then bump."""
    runner, square = frame["bump"]
    for foe in _enemies_at(state, frame["side"], square):
        if foe not in asked:
            frame["asked"] = asked + [foe]
            if TRAP.open(state, foe, "bump", runner=runner, square=square):
                return
    _bump(state, frame)


def _resume_move(state, frame, value):
    if value is not None:                # trapped: the runner fell back, no bump
        frame["bump"] = None
        return
    _next_enemy(state, frame, frame["asked"])


def _bump(state, frame):
    runner, square = frame["bump"]
    frame["bump"] = None
    if stacks.where(state["stacks"], runner) != square:
        return
    pile = stacks.pieces_at(state["stacks"], square)
    defenders = [p for p in pile if seating(state).enemies(frame["side"]).count(_owner(state, p))]
    if not defenders:
        return
    attack = sum(1 for p in pile if seating(state).allied(frame["side"], _owner(state, p)))
    roll = rng.d6(state)
    res = BUMP.resolve(attack, len(defenders), roll)
    state["log"].append(f"Bump at {square}: {attack} against {len(defenders)}, roll {roll}: {BUMP.meaning(res)}")
    gone = runner if res == "AE" else defenders[-1] if res == "DE" else None
    if gone:
        _knock_out(state, gone)


def _knock_out(state, piece):
    stacks.take(state["stacks"], piece)
    state["out"] = state["out"] + [piece]


def _on_done(state, frame):
    order = frame["order"]
    rest = order[order.index(frame["side"]) + 1:]
    if rest:
        FLOW.goto(state, "move", order=order, side=rest[0], moved=[])
    else:
        FLOW.goto(state, "round_end")
        _check_stacks(state)


FLOW.add(Step("move", who=lambda s, f: f["side"], prompt=lambda s, f: f"{f['side']}: run a runner, or done.",
              actions=_move_actions, handlers={"run": _on_run, "done": _on_done}, resume=_resume_move))


def _chooser(state, owner):
    return seating(state).enemies(owner)[0] if seating(state).enemies(owner) else owner


LOSSES = stacks.LossChoice(FLOW, "losses", STACKING, stacks=lambda s: s["stacks"], chooser=_chooser,
                           remove=_knock_out)


def _check_stacks(state):
    """The end-of-round check point: one over-full stack at a time, then the next round."""
    for (place, owner) in sorted(STACKING.check(state, state["stacks"], "end_of_round"), key=str):
        if LOSSES.start(state, place, owner):
            return
    _next_round(state)


def _round_end_resume(state, frame, value):
    _check_stacks(state)


FLOW.add(Step("round_end", who=lambda s, f: None, prompt=lambda s, f: "", actions=lambda s, f: [],
              resume=_round_end_resume))


def _next_round(state):
    winner = _winner(state)
    if winner is not None:
        state["result"] = {"winner": winner[0], "reason": winner[1]}
        record.event(state, "game_over", **state["result"])
        FLOW.game_over(state)
        return
    state["round"] += 1
    ORDERS.start(state, seating(state).sides, how="goto")


def _winner(state):
    """(winner or None, reason) once the scenario's victory conditions decide, else None."""
    for cond in state["victory"]:
        if cond["kind"] == "hold":
            held = [_owner(state, p) for place in cond["places"] for p in stacks.pieces_at(state["stacks"], place)]
            if cond["side"] in held:
                return [cond["side"], f"holds {', '.join(cond['places'])}"]
    alive = {s for s in (_owner(state, p) for pile in state["stacks"].values() for p in pile)}
    if len(seating(state).sides) > 1 and len({seating(state).team(s) for s in alive}) <= 1:
        return [next(iter(alive), None), "the last team on the track"]
    if state["round"] >= state["turns"]:
        return [None, "the last round is over"]
    return None


def setup(seed, scenario_name=None, options=None):
    """A new skirmish from a scenario file (default: 'two')."""
    scen = load_scenario(scenario_name or "two")
    state = {"seating": scen.seating.to_data(), "stacks": {}, "owner": {}, "out": [], "log": [],
             "round": 1, "turns": scen.turns, "victory": list(scen.victory), "reveals": 0,
             "traps": {s: 1 for s in scen.seating.sides}, "speeds": {},
             "result": None, "events": [], "event_serial": 0}     # the kit's result key and event record
    rng.init(state, seed, options)
    for side, lines in scen.forces.items():
        n = 0
        for line in lines:
            for _ in range(line.get("count", 1)):
                n += 1
                piece = f"{side}{n}"
                state["owner"][piece] = side
                stacks.put(state["stacks"], piece, line.get("at", "s0"))
    ORDERS.start(state, scen.seating.sides, how="start")
    return state


def view(state, player):
    """Everything but the speeds other sides have sealed."""
    frame = FLOW.frame(state)
    active = FLOW.active(state)
    secret = public(frame, player) if frame and frame["step"] == "orders" else None
    return {"prompt": FLOW.prompt(state), "active": active, "phase": frame["step"] if frame else "over",
            "actions": FLOW.legal_actions(state) if player == active else [], "turn": state["round"],
            "scores": {}, "log": list(state["log"]), "orders": secret, "traps": dict(state["traps"]),
            "secret": _secret_panel(state, secret, player), "reaction": _reaction_panel(frame, player),
            "pieces": [{"id": p, "side": _owner(state, p), "kind": "runner", "at": place, "style": "counter",
                        "label": p, "values": f"1-1-{state['speeds'].get(_owner(state, p), 0)}", "symbol": "infantry"}
                       for place, pile in state["stacks"].items() for p in pile]}


def _speed_card(side, speed):
    return {"id": speed, "name": f"Speed {speed}", "sub": "run this many squares", "side": side}


def _secret_panel(state, secret, player):
    """The secret choice as the window's panel reads it (docs/architecture.md): options, picks, reveal."""
    if secret is not None:
        return dict(secret, need=1, verb="speed", cards=[_speed_card(player, n) for n in (1, 2, 3)])
    if state["speeds"]:
        return {"sealed": [], "waiting": [], "mine": [], "need": 1, "verb": "speed",
                "revealed": {s: [_speed_card(s, n)] for s, n in state["speeds"].items()}}
    return None


def _reaction_panel(frame, player):
    """The open trap window, for the side it asks."""
    if not frame or frame["step"] != "trap" or frame["side"] != player:
        return None
    return {"moment": f"{frame['runner']} bumps into your runners at {frame['square']}.", "verb": "spring",
            "decline": "no", "cards": [{"id": "trap", "name": "Trap", "text": "The runner falls back a square.",
                                        "side": player}]}


def result(state):
    """The winner once the game is over."""
    if not state["result"]:
        return None
    return Result(state["result"]["winner"], {}, state["result"]["reason"])


def invariants(state):
    """Every runner in one place; no over-full stack once a round has been checked."""
    problems = []
    on_map = [p for pile in state["stacks"].values() for p in pile]
    if sorted(on_map + state["out"]) != sorted(state["owner"]):
        problems.append("a runner is in two places or in none")
    frame = FLOW.frame(state)
    if state["round"] > 1 and frame and frame["step"] == "orders" and STACKING.over(state, state["stacks"]):
        problems.append("a stack is over the limit after the end-of-round check")
    return problems


SPEC = GameSpec(name="toy_skirmish", title="Toy skirmish (test only)", sides=SIDES, setup=setup,
                view=view, legal_actions=FLOW.legal_actions, apply=FLOW.apply, active=FLOW.active,
                result=result, scenarios=("two", "three", "four", "solo"), hidden_information=True,
                seating=seating, explain=FLOW.explain,
                invariants=invariants, test_only=True, playable=False)
