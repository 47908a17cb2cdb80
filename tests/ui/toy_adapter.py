"""A test adapter for the toy race: a hand panel, to prove the curtain hides hidden information."""
from __future__ import annotations

from game.ui.adapter import GameAdapter, Panel


class HandPanel(Panel):
    """Lists the viewer's two cards; remembers what it last drew so tests can see it."""

    title = "Hand"

    def __init__(self, adapter):
        super().__init__(adapter)
        self.drawn: list = []
        self.draws = 0

    def height(self, width, view):
        return 60

    def draw(self, surface, rect, view, now_ms):
        from game.ui import style
        self.draws += 1
        viewer = self.adapter.viewer
        cards = view.get("hands", {}).get(viewer, [])
        self.drawn = [(viewer, c.get("value")) for c in cards]
        style.text(surface, " ".join(str(c.get("value", "?")) for c in cards), rect.topleft, 16)

    def click(self, pos, rect, view):
        return ("peek", 0)


class ToyAdapter(GameAdapter):
    """The generic adapter plus the hand panel."""

    def panels(self):
        self.hand = HandPanel(self)
        return [self.hand]


class BoardToyAdapter(GameAdapter):
    """The toy race played on a real map: a click on STEP_AREA means 'step'."""

    STEP_AREA = "Tephon"

    def place_actions(self, view):
        return {self.STEP_AREA: [("step",)]} if ("step",) in view.get("actions", []) else {}


class ManyChoicesAdapter(GameAdapter):
    """Forty labelled choices at once, to prove the prompt pages its buttons instead of overflowing."""

    def buttons(self, view):
        return [(f"Choice {i}", ("pass",)) for i in range(40)] if view.get("actions") else []
