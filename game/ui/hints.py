"""Hints: H or the Hint button asks the Normal computer player what it would do, and shows it.

The hint is worked out in a worker thread of its own (the window never waits), for the
person whose turn it is and from what that person may see. It is highlighted, never played.
Against the computer hints are off unless the player turns them on in Settings.
"""
from __future__ import annotations

from game.ai import plays
from game.ai.worker import BotWorker
from game.core.contract import as_action


def allowed(scene) -> str:
    """Why no hint may be given now ("" when one may)."""
    if not plays("normal", scene.spec.name):
        return "No hints for this game yet: the computer cannot search it."
    against_computer = any(not scene.is_human(s) for s in scene.spec.sides)
    settings = scene.app.settings if scene.app else {}
    if against_computer and not settings.get("hints", False):
        return "Hints are off in games against the computer (turn them on in Settings)."
    if not scene.my_turn():
        return "A hint is for your own turn."
    return ""


class Hinter:
    """One hint at a time for the play scene; a new position forgets the old hint."""

    def __init__(self):
        self.worker = BotWorker()
        self.asked_for = None          # the view the hint in flight is for
        self.action = None             # the hint shown, for that view
        self.shown_for = None

    def ask(self, scene) -> None:
        """Start working out a hint for the player to act, or say why there is none."""
        why = allowed(scene)
        if why:
            scene.status = why
            return
        from game.ai.search import SearchBot
        bot = SearchBot(scene.spec, scene.session.seed, strength="normal")
        self.asked_for = scene.view
        self.worker.request(bot, scene.session.state, scene.viewer)
        scene.say("Looking for a hint…", "hint")

    def busy(self) -> bool:
        """True while a hint is being worked out."""
        return self.worker.busy

    def progress(self) -> float | None:
        """How far the hint's search is."""
        return self.worker.progress()

    def cancel(self) -> None:
        """Forget a hint in flight (a move was made, the scene left)."""
        self.worker.cancel()
        self.asked_for = None

    def update(self, scene) -> bool:
        """Collect a finished hint and show it; True when the screen changed."""
        if not self.worker.ready():
            return False
        result = self.worker.poll()
        if self.asked_for is not scene.view or result is None:
            return False                   # the position moved on: the hint no longer applies
        kind, value = result
        if kind != "action":
            scene.status = "No hint: the computer player failed."
            return True
        self.show(scene, as_action(value))
        return True

    def show(self, scene, action) -> None:
        """Highlight ``action`` on the map (or name its button) without playing it."""
        self.action, self.shown_for = action, scene.view
        words = scene.adapter.label(action)
        place = scene.adapter.action_place(action, scene.view)
        if place is not None and scene.board_view is not None:
            scene.board_view.bring_into_view(place)     # "lit on the map" must be where the player looks
            scene.board_view.set_highlights(targets=[place], selected=[place])
            scene.say(f"Hint: {words} (lit on the map).", "hint")
        else:
            where = tag_control(scene, action)
            scene.say(f"Hint: {words}" + (f" ({where})" if where else "") + ".", "hint")


def tag_control(scene, action) -> str:
    """Tag every prompt button and panel card that plays ``action``; where, in words ("" if nowhere)."""
    where = []
    for button, named in zip(scene.prompt_buttons, scene.button_actions):
        if named is not None and as_action(named) == action:
            button.hinted = True
            scene.show_button(button)
            where.append("the tagged button")
    for panel in scene.panels:
        if panel.light(action, scene.view):
            where.append(f"tagged in {panel.title}" if panel.title else "tagged beside the map")
    return where[0] if where else ""
