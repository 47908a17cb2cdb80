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


class KitAdapter(GameAdapter):
    """The table kit's skirmish with the shared wargame panels: the secret speed choice, the trap offer,
    and the stack inspector on the moving side's square (its runners picked from it one at a time)."""

    def panels(self):
        from game.ui.choice_panels import ReactionPanel, SecretChoicePanel
        from game.ui.stack_panel import StackInspector
        self.reaction = ReactionPanel(self)
        self.secret = SecretChoicePanel(self)
        self.stack = StackInspector(self, legend="runners")
        return [self.reaction, self.secret, self.stack]

    def consume(self, named, view):
        if not (isinstance(named, tuple) and named and isinstance(named[0], str)):
            self.stack.open(named)
        return False

    def observe(self, view):
        runs = [a for a in view.get("actions", []) if a[0] == "run"]
        if runs:
            here = {p["id"]: p["at"] for p in view.get("pieces", [])}
            self.stack.open(here[runs[0][1]])
