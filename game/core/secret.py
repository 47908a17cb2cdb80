"""A hidden simultaneous choice: every side commits in secret, then all are revealed at once.

The sides choose one after another behind the window's curtain (the active side changes
between them, so undo never hands one side's sealed choice to the next), each making
``need`` picks. When the last side has sealed its choice, all choices are revealed
together: ``state["reveals"]`` moves, so undo never crosses the reveal, and the game's
``on_reveal`` gets every side's picks. A side with nothing to pick seals an empty choice.
The frame keeps the sealed picks in the state; ``public`` is what a view may show of them.
"""
from __future__ import annotations

from typing import Callable

from .steps import Flow, Step


class SecretChoice:
    """Registers one secret-choice step on a Flow and starts it when the rules ask."""

    def __init__(self, flow: Flow, name: str, *,
                 options: Callable[[dict, dict, str, list], list],
                 on_reveal: Callable[[dict, dict, dict], None],
                 need: int | Callable[[dict, str], int] = 1,
                 prompt: Callable[[dict, dict], str] | None = None,
                 verb: str = "pick"):
        self.flow, self.name, self.verb = flow, name, verb
        self._options, self._on_reveal, self._need = options, on_reveal, need
        self._prompt = prompt or (lambda s, f: f"{f['waiting'][0]}: choose in secret.")
        flow.add(Step(name, who=self._who, prompt=self._prompt, actions=self._actions,
                      handlers={verb: self._on_pick}, enter=self._enter))

    # -- starting ------------------------------------------------------------
    def start(self, state: dict, sides, how: str = "call", **args) -> None:
        """Ask ``sides`` (in this order) for their secret choice; ``how`` is 'call', 'goto' or 'start'."""
        getattr(self.flow, how)(state, self.name, waiting=list(sides), sealed={},
                                picking=[], **args)

    def need(self, state: dict, side: str) -> int:
        """How many picks ``side`` makes."""
        return self._need(state, side) if callable(self._need) else self._need

    # -- the step --------------------------------------------------------------
    def _who(self, state: dict, frame: dict):
        return frame["waiting"][0] if frame["waiting"] else None

    def _actions(self, state: dict, frame: dict) -> list:
        side = frame["waiting"][0]
        return [(self.verb, x) for x in self._options(state, frame, side, frame["picking"])]

    def _on_pick(self, state: dict, frame: dict, choice) -> None:
        frame["picking"] = frame["picking"] + [choice]
        side = frame["waiting"][0]
        if len(frame["picking"]) >= self.need(state, side):
            self._seal(state, frame, side)

    def _enter(self, state: dict, frame: dict) -> None:
        self._skip_empty(state, frame)

    def _seal(self, state: dict, frame: dict, side: str) -> None:
        frame["sealed"] = {**frame["sealed"], side: frame["picking"]}
        frame["picking"] = []
        frame["waiting"] = frame["waiting"][1:]
        self._skip_empty(state, frame)

    def _skip_empty(self, state: dict, frame: dict) -> None:
        """Seal an empty choice for sides with nothing to pick; reveal once nobody is waiting."""
        while frame["waiting"]:
            side = frame["waiting"][0]
            if self.need(state, side) > 0 and self._options(state, frame, side, frame["picking"]):
                return
            frame["sealed"] = {**frame["sealed"], side: frame["picking"]}
            frame["picking"] = []
            frame["waiting"] = frame["waiting"][1:]
        state["reveals"] = state.get("reveals", 0) + 1
        self._on_reveal(state, frame, dict(frame["sealed"]))


def public(frame: dict, viewer: str | None) -> dict:
    """What a view may show of a secret choice: who has sealed, and the viewer's own picks."""
    return {"sealed": sorted(frame.get("sealed", {})),
            "waiting": list(frame.get("waiting", [])),
            "mine": list(frame["sealed"].get(viewer, frame["picking"] if frame.get("waiting")
                                             and frame["waiting"][0] == viewer else []))}
