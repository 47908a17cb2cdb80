"""Sequence of play as a step table, after Rally the Troops' rules.js.

The state holds a stack of frames, ``state["stack"]``; the top frame is the step that must
be decided now. A step lists the legal actions and has one handler per verb. Handlers move
the game on with ``goto`` (replace this step), ``call`` (push a sub-procedure such as a
battle inside a movement) and ``end`` (pop, handing a value to the caller's ``resume``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .contract import Action, IllegalAction, as_action
from .statecopy import copy_state  # noqa: F401  (the generic copy; games pass a Shape's copier)

# What reading a malformed action raises (a missing argument, a table for a name, a word for a
# number): such an action is refused like any other illegal one, never a crash.
MALFORMED = (TypeError, KeyError, IndexError, ValueError, AttributeError)


@dataclass
class Step:
    """One decision point: who acts, what they are asked, and a handler per verb."""
    name: str
    who: Callable[[dict, dict], str | None]
    prompt: Callable[[dict, dict], str]
    actions: Callable[[dict, dict], list]
    handlers: dict = field(default_factory=dict)     # verb -> fn(state, frame, *args)
    resume: Callable | None = None                   # fn(state, frame, value) after a call ends
    enter: Callable | None = None                    # fn(state, frame) run when the step starts
    explain: Callable | None = None                  # fn(state, frame, action) -> (why, clause)
    allows: Callable | None = None                   # fn(state, frame, action) -> bool: exactly `action in
    #   actions(state, frame)`, without building the list (for a step whose list is costly; tested against it)


class Flow:
    """Runs a game's step table over a state's frame stack.

    ``copy`` copies a state for ``apply``; a game whose state has a known shape passes the
    copier of its ``statecopy.Shape``, much cheaper than the generic deep copy. Steps may return their actions already as
    tuples. A Flow is built once and holds nothing about any state: ``apply`` checks an
    action against the step's legal actions worked out from the state as it is now, never
    a list kept from an earlier call (the object may have been changed in place since); a
    step whose list is costly answers for one action through ``Step.allows``.
    """

    def __init__(self, steps: list[Step], copy: Callable[[dict], dict] = copy_state,
                 tuples: bool = False):
        self.steps = {s.name: s for s in steps}
        self._copy = copy
        self._tuples = tuples         # steps already build actions as nested tuples

    # Built once, never changed: how a state is copied and what the steps return are fixed.
    copy = property(lambda self: self._copy, doc="The state copy apply uses.")
    tuples = property(lambda self: self._tuples, doc="True when steps build their actions as tuples.")

    def add(self, step: Step) -> Step:
        """Register one more step (a module adding its steps at import); a name is taken once."""
        if step.name in self.steps:
            raise ValueError(f"the step '{step.name}' is registered twice")
        self.steps[step.name] = step
        return step

    # -- reading -----------------------------------------------------------
    def frame(self, state: dict) -> dict | None:
        """The frame of the step to be decided now, or None when the game is over."""
        stack = state.get("stack")
        return stack[-1] if stack else None

    def step(self, state: dict) -> Step | None:
        """The step to be decided now."""
        frame = self.frame(state)
        return self.steps[frame["step"]] if frame else None

    def active(self, state: dict) -> str | None:
        """Who must act now; None when the game is over."""
        stack = state.get("stack")            # self.frame(state), written out: the hot path
        if not stack:
            return None
        frame = stack[-1]
        return self.steps[frame["step"]].who(state, frame)

    def legal_actions(self, state: dict) -> list:
        """The legal actions of the step to be decided now."""
        stack = state.get("stack")
        if not stack:
            return []
        frame = stack[-1]
        actions = self.steps[frame["step"]].actions(state, frame)
        return list(actions) if self._tuples else [as_action(a) for a in actions]

    def prompt(self, state: dict) -> str:
        """The question the active player is asked now."""
        frame = self.frame(state)
        return self.steps[frame["step"]].prompt(state, frame) if frame else "The game is over."

    # -- acting ------------------------------------------------------------
    def apply(self, state: dict, action) -> dict:
        """Apply a legal action to a copy of the state; the original is never changed."""
        action = as_action(action)
        stack = state.get("stack")
        if not stack:
            raise IllegalAction(action, "the game is over")
        frame = stack[-1]
        step = self.steps[frame["step"]]
        # The state as it is now (see the class): Step.allows when the step has one, else its list.
        if not self._allowed(state, frame, step, action):
            raise IllegalAction(action, *self._why_not(state, frame, step, action))
        new = self._copy(state)                 # fresh_copy, written out
        if "event_serial" in new:
            new["events"] = []
        step.handlers[action[0]](new, new["stack"][-1], *action[1:])
        return new

    def fresh_copy(self, state: dict) -> dict:
        """The copy an action starts from: the state's own copy, with no events yet when the state
        keeps the kit's event record (``event_serial``: a state holds the events of the action
        that made it, game.core.record.event)."""
        new = self._copy(state)
        if "event_serial" in new:
            new["events"] = []
        return new

    def _allowed(self, state: dict, frame: dict, step: Step, action) -> bool:
        """Whether the action is legal now; an action the step cannot even read (no argument, a
        table where a name goes: a hand-edited save, a stray click) is not."""
        if not isinstance(action, tuple) or not action:
            return False
        try:
            return bool(self._legal_now(state, frame, step, action))
        except MALFORMED:
            return False

    def _legal_now(self, state: dict, frame: dict, step: Step, action) -> bool:
        if step.allows is not None:
            return step.allows(state, frame, action)
        legal = step.actions(state, frame)
        return action in (legal if self._tuples else [as_action(a) for a in legal])

    def explain(self, state: dict, action) -> tuple | None:
        """None when ``action`` is legal now, else (why, clause) in the players' words."""
        action = as_action(action)
        frame = self.frame(state)
        if frame is None:
            return ("the game is over", None)
        if action in self.legal_actions(state):
            return None
        return self._why_not(state, frame, self.steps[frame["step"]], action)

    def _why_not(self, state: dict, frame: dict, step: Step, action) -> tuple:
        why, clause = ("it is not one of the choices now", None)
        if step.explain:
            try:
                why, clause = step.explain(state, frame, action) or (why, clause)
            except MALFORMED:       # the step's reasons read a well-formed action: this is none
                pass
        return why, clause

    # -- moving on (called by handlers) -------------------------------------
    def goto(self, state: dict, name: str, **args) -> None:
        """Replace the current step with another."""
        state["stack"][-1] = {"step": name, **args}
        self._enter(state)

    def call(self, state: dict, name: str, **args) -> None:
        """Start a sub-procedure; the caller's ``resume`` runs when it ends."""
        state["stack"].append({"step": name, **args})
        self._enter(state)

    def end(self, state: dict, value=None) -> None:
        """Finish the current step and hand ``value`` back to the caller."""
        state["stack"].pop()
        if state["stack"]:
            frame = state["stack"][-1]
            step = self.steps[frame["step"]]
            if step.resume:
                step.resume(state, frame, value)

    def start(self, state: dict, name: str, **args) -> None:
        """Begin the sequence of play with its first step."""
        state["stack"] = []
        self.call(state, name, **args)

    def game_over(self, state: dict) -> None:
        """Clear the stack: nobody acts any more."""
        state["stack"] = []

    def _enter(self, state: dict) -> None:
        frame = state["stack"][-1]
        step = self.steps[frame["step"]]
        if step.enter:
            step.enter(state, frame)
