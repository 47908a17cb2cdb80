"""A reaction window: the player who is not moving is asked only when he can do something now.

At a named moment (after a move, after an announced strike, before a roll) the rules open
the window for a side. The game's ``options`` lists what that side holds that fits this
moment; when it holds nothing, the window does not open and play goes on without a stop
(so hot-seat play is not interrupted for nothing). Otherwise the side is asked: one of its
options, or the decline verb. The caller's ``resume`` gets the chosen option (a tuple) or
None when the side declined. An ``on_react`` that needs more choices may call a step of its
own; the window then ends, with the chosen option, when that step ends.

Usage in a handler::

    if not WINDOW.open(state, foe, "after_move", area=a):
        go_on(state, frame)          # nobody could react: carry on at once
    # else: the calling step's resume(state, frame, value) carries on
"""
from __future__ import annotations

from typing import Callable

from .steps import Flow, Step


class ReactionWindow:
    """One kind of reaction, registered as a step on a Flow."""

    def __init__(self, flow: Flow, name: str, *,
                 options: Callable[[dict, dict], list],
                 on_react: Callable[..., None] | None = None,
                 prompt: Callable[[dict, dict], str] | None = None,
                 verb: str = "react", decline: str = "decline"):
        self.flow, self.name, self.verb, self.decline = flow, name, verb, decline
        self._options, self._on_react = options, on_react
        self._prompt = prompt or (lambda s, f: f"{f['side']}: react to {f['moment']}, or decline.")
        flow.add(Step(name, who=lambda s, f: f["side"], prompt=self._prompt, actions=self._actions,
                      handlers={verb: self._react, decline: self._declined}, resume=self._followed))

    def options(self, state: dict, side: str, moment: str, **args) -> list:
        """What ``side`` could do at ``moment`` (empty: the window would not open)."""
        return list(self._options(state, {"side": side, "moment": moment, **args}))

    def open(self, state: dict, side: str, moment: str, **args) -> bool:
        """Ask ``side`` if it holds an option for ``moment``; False (and no stop) when it holds none."""
        if not self.options(state, side, moment, **args):
            return False
        self.flow.call(state, self.name, side=side, moment=moment, **args)
        return True

    def _actions(self, state: dict, frame: dict) -> list:
        return [(self.verb, *_as_tuple(o)) for o in self._options(state, frame)] + [(self.decline,)]

    def _react(self, state: dict, frame: dict, *option) -> None:
        depth = len(state["stack"])
        frame["chosen"] = list(option)
        if self._on_react is not None:
            self._on_react(state, frame, *option)
        if len(state["stack"]) > depth:      # on_react called a step: end when it ends
            return
        self.flow.end(state, tuple(option))

    def _followed(self, state: dict, frame: dict, value) -> None:
        """The step on_react called has ended: the window ends with the option chosen."""
        self.flow.end(state, tuple(frame["chosen"]))

    def _declined(self, state: dict, frame: dict) -> None:
        self.flow.end(state, None)


def _as_tuple(option) -> tuple:
    return tuple(option) if isinstance(option, (tuple, list)) else (option,)
