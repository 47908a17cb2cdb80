"""The one step table of the game, the state copy apply uses, and the structured events."""
from __future__ import annotations

from game.core import record, rng
from game.core.statecopy import Shape
from game.core.steps import Flow

# How apply copies a state (game.core.statecopy): units one level down (their lists are replaced,
# never changed), the player-turn's lists copied (its start positions never change), and what never
# changes once made shared: the dice record, seating, order, victory and result.
SHAPE = Shape(share=("game", "scenario", "tables", "map", "seating", "order", "turn", "turns", "mover", "victory",
                     "event_serial", "reveals", "dice", "result", "phase", "acting", "round", "over"),
              copy=("events", "rubble"), each=("units",),
              parts={"rng": rng.SHAPE, "pt": Shape(share=("start",), rest="lists")},
              on_write=("log",))      # the log: copied only by an action that adds a line
copy_game = SHAPE.copier()
FLOW = Flow([], copy=copy_game)


def event(state: dict, kind: str, **data) -> dict:
    """Record a structured event with the kit's serial (the window reads these, never the log).

    A state holds the events of the action that made it (Flow.apply starts each action with
    none); the session keeps the record across actions."""
    return record.event(state, kind, turn=state["turn"], **data)


def log(state: dict, text: str, side: str | None = None) -> None:
    """A line of the log for people."""
    record.log(state, text, side)
