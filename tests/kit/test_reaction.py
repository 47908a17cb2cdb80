"""The reaction window on a bare Flow: it opens only when an option fits, and an option that
needs more choices may call a step of its own before the window ends."""
from __future__ import annotations

from game.core.reaction import ReactionWindow
from game.core.steps import Flow, Step


def _flow():
    flow = Flow([])
    seen = []

    def react(state, frame, option):
        if option == "aim":                       # needs one more choice: a step of its own
            flow.call(state, "aim", side=frame["side"])

    window = ReactionWindow(flow, "window", options=lambda s, f: s["held"], on_react=react, verb="play")
    flow.add(Step("aim", who=lambda s, f: f["side"], prompt=lambda s, f: "aim", actions=lambda s, f: [("at", 1), ("at", 2)],
                  handlers={"at": lambda s, f, n: (s.__setitem__("aimed", n), flow.end(s))}))

    def on_go(state, frame):
        if not window.open(state, "blue", "now"):
            seen.append(None)

    flow.add(Step("turn", who=lambda s, f: "red", prompt=lambda s, f: "go", actions=lambda s, f: [("go",)],
                  handlers={"go": on_go}, resume=lambda s, f, value: seen.append(value)))
    return flow, seen


def test_no_option_no_window():
    flow, seen = _flow()
    state = {"held": [], "stack": []}
    flow.start(state, "turn")
    state = flow.apply(state, ("go",))
    assert flow.active(state) == "red" and seen == [None]


def test_an_option_that_calls_a_step_ends_the_window_when_that_step_ends():
    flow, seen = _flow()
    state = {"held": ["aim", "plain"], "stack": []}
    flow.start(state, "turn")
    state = flow.apply(state, ("go",))
    assert flow.active(state) == "blue" and flow.legal_actions(state) == [("play", "aim"), ("play", "plain"), ("decline",)]
    state = flow.apply(state, ("play", "aim"))
    assert flow.frame(state)["step"] == "aim"
    state = flow.apply(state, ("at", 2))
    assert state["aimed"] == 2 and flow.frame(state)["step"] == "turn" and seen == [("aim",)]
