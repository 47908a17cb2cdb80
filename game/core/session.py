"""A game in play: the action log, undo, save, load with replay check, and autosave.

Undo steps back one decision at a time and never across a die roll or card draw (the RNG's
draw count moved), a reveal of hidden information (``state["reveals"]`` moved), or a change
of the player to act.

Memory: a session keeps its actions, not every state. Since undo never crosses a barrier, only
the states since the last barrier can be needed again, and of those only the ones back to the
start of the turn before the last hand-over (a move that passed play on may be taken back before
the hand-over, but nothing before it: see ``undo``). The last few of them are kept whole, the
older ones one in SPARSE, and a state in between is rebuilt by applying the logged actions to
the nearest kept one (the rules are pure, so it comes out the same). Each distinct action is
held once however often it is played, and the structured events are kept, compactly, over the
same two turns (``record.Recent``): what the window reads back.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import paths
from .contract import GameSpec, IllegalAction, as_action, describe_action
from .record import Recent
from .savefile import SAVE_FORMAT, SaveError, check_save, read_save  # noqa: F401 (SaveError is public here)

DENSE = 2      # the newest states, kept whole: the last decision is undone at once
EVENTS_KEPT = 64    # at most this many of the newest structured events are kept for the window
EVENTS_LEAST = 16   # and at least this many, however short the last turns were
SPARSE = 16    # before those (back to the last barrier), one state in this many is kept


class Session:
    """Holds one game in play and everything needed to undo, save and replay it."""

    def __init__(self, spec: GameSpec, seed: int, scenario: str | None = None,
                 options: dict | None = None, seats: dict | None = None,
                 autosave: bool = False):
        self.spec = spec
        self.seed = int(seed)
        self.scenario = scenario
        self.options = dict(options or {})
        self.seats = dict(seats or {side: "human" for side in spec.sides})
        self.autosave_enabled = autosave
        self.autosave_problem: str | None = None    # why the last autosave failed; None when it worked
        self.actions: list = []
        self._kept: dict[int, dict] = {0: spec.setup(self.seed, scenario, self.options)}
        self._floor = 0           # undo never reaches below this many actions (the last barrier)
        self._passes: list = []   # (action count, event serial before it) of each move that passed play on
        self._pool: dict = {}     # each distinct action once: a game repeats "done" and the same areas
        self._events = Recent(EVENTS_KEPT, self._kept[0].get("events", ()))   # the recent record

    # -- reading -----------------------------------------------------------
    @property
    def state(self) -> dict:
        """The current state."""
        return self._kept[len(self.actions)]

    def previous_state(self) -> dict | None:
        """The state before the last action (None before the first)."""
        return self._state_at(len(self.actions) - 1) if self.actions else None

    def _state_at(self, n: int) -> dict:
        """The state after ``n`` actions (n at or above the last barrier's), rebuilt from a kept one."""
        state = self._kept.get(n)
        if state is None:
            start = max(k for k in self._kept if k < n)
            state = self._kept[start]
            for action in self.actions[start:n]:
                state = self.spec.apply(state, action)
            self._kept[n] = state
        return state

    def _reach(self) -> int:
        """The oldest state undo can still need: the last barrier's, or the one before the turn
        that ended at the last hand-over began (undo never takes back a pass once handed over)."""
        turn = self._passes[-2][0] - 1 if len(self._passes) > 1 else 0
        return max(self._floor, turn)

    def _forget(self) -> None:
        """Drop the states undo can no longer reach, and thin the older ones it can."""
        n, reach = len(self.actions), self._reach()
        # the state before the last pass becomes the reach at the next pass: it stays whole
        keep = self._passes[-1][0] - 1 if self._passes else reach
        for k in list(self._kept):
            # one state in SPARSE bounds a rebuild's replay, but only where the reach is that far back
            sparse = k % SPARSE == 0 and k >= reach + SPARSE
            if k < reach or (reach < k < n - DENSE and not sparse and k != keep):
                del self._kept[k]

    def active(self) -> str | None:
        """Who must act now."""
        return self.spec.active(self.state)

    def legal_actions(self) -> list:
        """The legal actions now."""
        return self.spec.legal_actions(self.state)

    def view(self, player: str | None) -> dict:
        """What ``player`` may see now."""
        return self.spec.view(self.state, player)

    def result(self):
        """The result once the game is over, else None."""
        return self.spec.result(self.state)

    def log(self) -> list:
        """The human-readable log the game keeps in its state."""
        return self.state.get("log", [])

    def events_since(self, serial: int) -> list:
        """The structured events after ``serial``, oldest first, over the last EVENTS_KEPT
        (a state holds only its own action's; the window reads the record across actions)."""
        return self._events.since(serial)

    def last_event(self) -> int:
        """The serial of the newest event in the game so far, or 0."""
        return self._events.last()

    # -- acting ------------------------------------------------------------
    def apply(self, action) -> dict:
        """Apply an action; IllegalAction leaves the session untouched."""
        action = as_action(action)
        before = self.state
        new = self.spec.apply(before, action)
        self.actions.append(self._pool.setdefault(action, action))
        self._kept[len(self.actions)] = new
        if self.spec.active(before) != self.spec.active(new):
            self._passes.append((len(self.actions), before.get("event_serial", 0)))
            del self._passes[:-2]
        if new.get("events"):
            self._events.add(new["events"])
        # The window reads back over the turn before the last hand-over and this one (a card's
        # battles, a round's scoring, a player-turn's hits); older events are let go.
        self._events.keep_after(self._passes[0][1] if len(self._passes) > 1 else 0, EVENTS_LEAST)
        if is_undo_barrier(self.spec, before, new, passing=True):
            # Only dice, draws and reveals end undo for good: a move that merely passed play on
            # may still be taken back before the hand-over (undo(passing=True)), and those before it.
            self._floor = len(self.actions) - 1      # the state before stays for can_undo's look
        self._forget()
        if self.autosave_enabled:
            self.autosave()
        return new

    def can_undo(self, passing: bool = False) -> bool:
        """True when the last decision can be taken back under the undo policy.

        ``passing``: the table has not yet been handed to the next player, so a decision that
        only passed play on (nothing rolled, drawn or revealed) may be taken back too."""
        if not self.actions:
            return False
        return not is_undo_barrier(self.spec, self.previous_state(), self.state, passing)

    def undo(self, passing: bool = False) -> bool:
        """Take back the last decision if the policy allows; returns whether it did."""
        if not self.can_undo(passing):
            return False
        self._state_at(len(self.actions) - 1)
        del self._kept[len(self.actions)]
        self.actions.pop()
        if self._passes and self._passes[-1][0] > len(self.actions):
            self._passes.pop()                       # the undone move had passed play on
        self._events.drop_after(self.state.get("event_serial", 0))   # the undone decision's events
        if self.autosave_enabled:
            self.autosave()
        return True

    # -- files -------------------------------------------------------------
    def to_json(self) -> dict:
        """The save-file form of this game."""
        return {"format": SAVE_FORMAT, "game": self.spec.name, "scenario": self.scenario,
                "seed": self.seed, "options": self.options, "seats": self.seats,
                "actions": [list(a) for a in self.actions], "snapshot": self.spec.snapshot(self.state)}

    def save(self, path: Path) -> None:
        """Write the game to ``path`` atomically."""
        paths.write_atomically(Path(path), json.dumps(self.to_json(), separators=(",", ":")))

    def autosave(self) -> str | None:
        """Write the autosave file; returns (and keeps in ``autosave_problem``) why it failed, else None.

        A failure never stops play: the table shows it and the next move tries again."""
        path = paths.autosave_path()
        try:
            self.save(path)
        except (OSError, ValueError) as exc:
            self.autosave_problem = f"The game could not be autosaved to {path} ({write_failure(exc)})."
        else:
            self.autosave_problem = None
        return self.autosave_problem


def is_undo_barrier(spec: GameSpec, before: dict, after: dict, passing: bool = False) -> bool:
    """True when going from ``before`` to ``after`` rolled, drew, revealed or (unless ``passing``) changed player."""
    if before.get("rng", {}).get("draws") != after.get("rng", {}).get("draws"):
        return True
    if before.get("reveals", 0) != after.get("reveals", 0):
        return True
    return not passing and spec.active(before) != spec.active(after)


def write_failure(exc: Exception) -> str:
    """Why a write failed, in a few words ('Read-only file system', 'No space left on device')."""
    return getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__


def load(path, games: dict | None = None, seat_ok=None) -> Session:
    """Read a save file, check every field, replay it; raises SaveError with one plain sentence."""
    path = Path(path)
    return from_data(read_save(path), path.name, games, seat_ok)


def from_text(text: str, name: str = "save", games: dict | None = None, seat_ok=None) -> Session:
    """Build a session from a save file's text, replaying its actions."""
    from .reading import FileProblem, parse_json
    try:
        data = parse_json(text, "save file", name)
    except FileProblem as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(data, dict):
        raise SaveError(f"The save file {name} is not a saved game.")
    return from_data(data, name, games, seat_ok)


def from_data(data: dict, name: str, games: dict | None = None, seat_ok=None) -> Session:
    """Check a save's fields, then replay it (late imports: the rules and bots register themselves)."""
    if games is None:
        from game.rules import GAMES as games
    if seat_ok is None:
        from game.ai import plays as seat_ok
    spec = check_save(data, name, games, seat_ok)
    return _replay(spec, data, name)


def _replay(spec: GameSpec, data: dict, name: str) -> Session:
    """The save's game replayed; one made before its scenario was revised is replayed on the edition
    it was played on (the set-up option "edition"), which the session keeps for its next save."""
    options = data.get("options") or {}
    try:
        return _replay_on(spec, data, name, options)
    except SaveError:
        if spec.editions is None or "edition" in options:
            raise
        for edition in spec.editions(data.get("scenario")):
            try:
                return _replay_on(spec, data, name, dict(options, edition=edition))
            except SaveError:
                continue
        raise


def _replay_on(spec: GameSpec, data: dict, name: str, options: dict) -> Session:
    try:
        session = Session(spec, data["seed"], data.get("scenario"), options, seats=data.get("seats"))
    except Exception as exc:  # a map or a game-specific option the game rejects
        raise SaveError(f"The save file {name} cannot start its game: {exc}.") from None
    actions = data["actions"]
    for number, action in enumerate(actions, 1):
        try:
            session.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"The save file {name} does not replay: action {number}, {exc}.") from None
        except Exception:
            raise SaveError(f"The save file {name} does not replay: action {number}, "
                            f"{describe_action(action)}, breaks the rules engine.") from None
    if "snapshot" in data and not spec.matches_snapshot(json.loads(json.dumps(session.state)), data["snapshot"]):
        # Either the file was edited, or a later version's rules play its moves out differently
        # (a rule fix): the player is told both, since the file alone cannot say which.
        raise SaveError(f"The save file {name} has been changed, or was saved by a version whose rules differ: "
                        f"its replay does not match its snapshot.")
    return session
