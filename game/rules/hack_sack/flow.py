"""The one step table of the game; each module adds its own steps to it."""
from __future__ import annotations

from game.core import rng, statecopy
from game.core.contract import as_action
from game.core.statecopy import Shape
from game.core.steps import MALFORMED, Flow, Step

# How apply copies a state (game.core.statecopy; the fuzzer checks that apply never changes its
# input). The units are shared with the source until a handler changes one: it asks pieces.own() for the
# copy's own row first (copy on write). Battles, the dice record and the result are replaced whole,
# never changed; events: apply starts a new list. The log, the flat lists and the small dicts are
# shared too until an action changes one: it asks own_part() for the copy's own first (most actions
# change none of them, and the log grows long); frames hold scalars and lists of ids.
SHAPE = Shape(share=("game", "map", "scenario", "turn", "phase", "over", "battle", "last_battle", "dice",
                     "result", "events", "event_serial"),
              on_write=("log", "lost", "vp_log", "guard_cities", "vp", "condition", "pads_placed", "pinned"),
              rows=("units",), parts={"rng": rng.SHAPE}, frames=Shape(rest="lists"))
copy_game = SHAPE.copier()
source_of = statecopy.source_of      # the state a fresh copy came from, while it has changed nothing


def own_part(state: dict, key: str):
    """The state's log, VP, lost units, ... (an on_write part) as its own, safe to change."""
    return statecopy.own_part(state, key)


def own_rows(state: dict, uids: list) -> list:
    """The rows of these units as this state's own, in the same order (game.core.statecopy.own_each)."""
    return statecopy.own_each(state, "units", uids)


class GameFlow(Flow):
    """The core Flow, with a quick legality test for steps whose choices run to a thousand
    (a Frigate may land on any empty hex): a test that says yes is as good as finding the action
    in legal_actions; on no, the core's own check runs and explains the refusal."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.quick: dict = {}       # step name -> fn(state, frame, action) -> True when surely legal

    def apply(self, state: dict, action) -> dict:
        """Apply a legal action to a copy of the state; the original is never changed."""
        action = as_action(action)
        frame = self.frame(state)
        test = self.quick.get(frame["step"]) if frame else None
        if test is None or not self._surely(test, state, frame, action):
            return super().apply(state, action)
        new = self.fresh_copy(state)
        self.steps[frame["step"]].handlers[action[0]](new, new["stack"][-1], *action[1:])
        return new

    @staticmethod
    def _surely(test, state: dict, frame: dict, action) -> bool:
        """The quick test's yes; an action it cannot read goes to the core's check, which refuses it."""
        try:
            return bool(action) and isinstance(action, tuple) and test(state, frame, action)
        except MALFORMED:
            return False


# Every step builds its actions as nested tuples already (hexact), so the core's
# normalisation is skipped, and apply copies the state with copy_game.
FLOW = GameFlow([], copy=copy_game, tuples=True)


def step(s: Step) -> Step:
    """Register a step in the game's step table."""
    return FLOW.add(s)


def hexarg(value) -> tuple:
    """A hex from an action argument ([q, r] list or (q, r) tuple) as a tuple."""
    return (int(value[0]), int(value[1]))


def hex_or_none(value) -> tuple | None:
    """A hex from an action argument, or None when it is no pair of whole numbers: the reasons
    given for a refused action read it before anything says it is well formed."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def hexact(h) -> tuple:
    """The ('hex', [q, r]) action for a hex, in the nested-tuple form legal_actions returns."""
    return ("hex", (h[0], h[1]))
