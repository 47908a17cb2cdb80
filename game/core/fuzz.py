"""A seeded random-play fuzzer for any GameSpec.

It plays random legal actions to the end and flags a crash, a dead end (nobody can act but
the game is not over), the step cap, an apply that changed its input, undo offered across a
die roll or a reveal, an undo-and-redo that does not come back to the same state, and any
broken invariant the game declares; it saves and reloads along the way.
On failure it writes a save file that ``python main.py --load FILE`` opens.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from . import rng
from .contract import GameSpec, IllegalAction
from .session import Session, from_text
from .steps import copy_state


@dataclass
class FuzzReport:
    """What one random game found."""
    seed: int
    steps: int = 0
    finished: bool = False
    problems: list[str] = field(default_factory=list)
    replay_file: str | None = None
    session: Session | None = field(default=None, repr=False, compare=False)   # the game as it ended

    @property
    def ok(self) -> bool:
        """True when nothing went wrong."""
        return not self.problems


def play_random_game(spec: GameSpec, seed: int, max_steps: int = 20000,
                     reload_every: int = 0, check_input: bool = False, check_undo: bool = True,
                     replay_dir: Path | None = None, games: dict | None = None,
                     scenario: str | None = None, options: dict | None = None,
                     policy: Callable[[dict, list], object] | None = None) -> FuzzReport:
    """Play one random game and report what went wrong, if anything.

    ``policy(picker, actions)`` picks each action with the picker's generator; the default
    takes any legal action alike (a game may bias it, e.g. to reach its rare verbs).
    """
    report = FuzzReport(seed)
    picker: dict = {}
    rng.init(picker, seed * 7919 + 13)
    session = Session(spec, seed, scenario, options)
    report.session = session
    try:
        _play(spec, session, picker, report, max_steps, reload_every, check_input, check_undo, games,
              policy or rng.choice)
    except Exception as exc:  # a crash is a finding, not an error of the fuzzer
        report.problems.append(f"crash after {report.steps} actions: {exc.__class__.__name__}: {exc}")
    if report.problems and replay_dir is not None:
        path = Path(replay_dir) / f"{spec.name}-fuzz-{seed}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = session.to_json()
        data.pop("snapshot")  # the replay must stop where the game went wrong, not be checked
        path.write_text(json.dumps(data))
        report.replay_file = str(path)
    return report


def _play(spec, session, picker, report, max_steps, reload_every, check_input, check_undo, games, policy):
    _check_invariants(spec, session.state, report)
    while report.steps < max_steps and not report.problems:
        state = session.state
        who = spec.active(state)
        actions = spec.legal_actions(state)
        if who is None:
            report.finished = spec.result(state) is not None
            if not report.finished:
                report.problems.append("nobody can act but the game has no result")
            return
        if not actions:
            report.problems.append(f"dead end: {who} must act but has no legal action")
            return
        action = policy(picker, actions)
        before = copy_state(state) if check_input else None
        session.apply(action)
        report.steps += 1
        if check_input and before != state:
            report.problems.append(f"apply changed its input state on {action!r}")
        if check_undo:
            _check_undo(session, action, report)
        _check_invariants(spec, session.state, report)
        if reload_every and report.steps % reload_every == 0:
            _check_reload(session, report, games)
    if not report.problems:
        report.problems.append(f"step cap: {max_steps} actions without an end")


def _check_undo(session, action, report):
    """Undo must never cross randomness or a reveal, and undo then redo must give the same state."""
    before, after = session.previous_state(), session.state
    rolled = before["rng"]["draws"] != after["rng"]["draws"]
    revealed = before.get("reveals", 0) != after.get("reveals", 0)
    if (rolled or revealed) and session.can_undo():
        report.problems.append(f"after {report.steps} actions: undo offered across a roll or reveal")
    if session.can_undo():
        session.undo()
        session.apply(action)
        if session.state != after:
            report.problems.append(f"after {report.steps} actions: undo and redo of {action!r} "
                                   f"gave another state")


def _check_invariants(spec, state, report):
    if spec.invariants is None:
        return
    for problem in spec.invariants(state):
        report.problems.append(f"after {report.steps} actions: {problem}")


def _check_reload(session, report, games):
    text = json.dumps(session.to_json())
    games = games if games is not None else {session.spec.name: session.spec}
    again = from_text(text, "fuzz", games)
    if again.state != json.loads(json.dumps(session.state)):
        report.problems.append(f"after {report.steps} actions: save and reload changed the state")


def illegal_is_refused(spec: GameSpec, state: dict, action) -> bool:
    """True when the spec refuses ``action`` with IllegalAction and leaves the state alone."""
    before = copy_state(state)
    try:
        spec.apply(state, action)
    except IllegalAction:
        return before == state
    return False
