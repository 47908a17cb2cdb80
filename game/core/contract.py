"""The game contract: GameSpec, actions, IllegalAction and results (see docs/architecture.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

State = dict          # JSON data only: dict, list, str, int, bool, None
Action = tuple        # ("verb", arg, ...) named after the rulebook's verbs
View = dict


class IllegalAction(Exception):
    """An action the rules do not allow now; the state it was tried on is untouched."""

    def __init__(self, action: Any, why: str, clause: str | None = None):
        self.action = action
        self.why = why
        self.clause = clause
        where = f" ({clause})" if clause else ""
        super().__init__(f"{describe_action(action)} is not legal: {why}{where}")


def as_action(action: Any) -> Action:
    """Normalise an action read from JSON (lists) into nested tuples."""
    kind = type(action)
    if kind is tuple or kind is list:
        # Scalars are kept without a call each: legal-action lists can hold a thousand
        # hexes, and this runs twice per action.
        return tuple([as_action(a) if type(a) is tuple or type(a) is list else a for a in action])
    if isinstance(action, (list, tuple)):
        return tuple(as_action(a) for a in action)
    return action


def describe_action(action: Any) -> str:
    """A short human-readable form of an action, for messages and logs."""
    action = as_action(action)
    if not isinstance(action, tuple) or not action:
        return repr(action)
    verb, *args = action
    return f"'{verb}'" + (" " + " ".join(str(a) for a in args) if args else "")


@dataclass
class Result:
    """How a finished game ended."""
    winner: str | None            # a side name, or None for a draw
    scores: dict = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> dict:
        """The result as JSON data."""
        return {"winner": self.winner, "scores": dict(self.scores), "reason": self.reason}


@dataclass
class GameSpec:
    """One game's rules behind the six calls of the contract, plus its metadata."""
    name: str                                   # registry key, e.g. "judean_hammer"
    title: str                                  # shown to players
    sides: tuple[str, ...]                      # e.g. ("maccabean", "greek")
    setup: Callable[..., State]                 # (seed, scenario=None, options=None) -> State
    view: Callable[[State, str | None], View]   # what one side may see (None: a spectator)
    legal_actions: Callable[[State], list]      # for the side that must act now
    apply: Callable[[State, Action], State]     # new state; raises IllegalAction
    active: Callable[[State], str | None]       # who must act; None when over
    result: Callable[[State], Result | None]
    scenarios: tuple[str, ...] = ("standard",)
    own_scenarios: Callable[[], list] | None = None   # the player's own scenario files, read when asked
    side_names: dict = field(default_factory=dict)    # side -> display name
    side_colours: dict = field(default_factory=dict)  # side -> (r, g, b)
    hidden_information: bool = False            # hot-seat needs a curtain between sides
    invariants: Callable[[State], list[str]] | None = None   # problems found, for the fuzzer
    board_kind: str = "area"                    # "area" or "hex"
    board: Callable[[State], object] | None = None   # the AreaMap/HexGrid a state is played on
    maps: Callable[[], list] | None = None      # the .tmx files this game can be played on
    map_file: Callable[[State], str] | None = None   # the .tmx file a state is played on
    replace_board: Callable[[State, object], None] | None = None   # play on an edited map from now on
    map_files: Callable[[State], list] | None = None   # every file of a board made of panels
    build_board: Callable[[State], object] | None = None   # join a panelled board anew from its files
    teams: tuple = ()                           # alliances among sides; empty: each side alone
    seating: Callable[[State], object] | None = None   # the Seating of a game in play, if it varies
    explain: Callable[[State, Action], tuple | None] | None = None   # (why, clause) an action is refused
    ui: str | None = None                       # dotted path of the game's UI module, if any
    public: tuple = ()                          # modules of the game's package game/ui and game/ai may import
    bots: dict = field(default_factory=dict)    # bot name -> "module:Class" (the random bot plays every game)
    knowledge: str | None = None                # "module:OBJECT": the search player's evaluation and move order
    playable: bool = True                       # shown in the menu
    test_only: bool = False
    known_options: tuple[str, ...] = ()         # set-up options beyond "map" and "dice" (a save may hold only these)
    die_sides: int = 6                          # the die scripted dice must fit
    older_snapshot: Callable[[State], State | list] | None = None   # the state (or states) older saves hold
    pack: Callable[[State], dict] | None = None   # the state as a save holds it: smaller, nothing lost
    editions: Callable[[str | None], list] | None = None   # a scenario's earlier editions, newest first

    def snapshot(self, state: State) -> dict:
        """The state as a save's snapshot holds it (packed, when the game packs its states)."""
        return self.pack(state) if self.pack is not None else state

    def matches_snapshot(self, state: State, snapshot: dict) -> bool:
        """True when a save's snapshot is this replayed state: packed, whole (saves from before the
        game packed its states), or in a shape before that (older_snapshot: one, or a list of them)."""
        if state == snapshot or (self.pack is not None and self.pack(state) == snapshot):
            return True
        if self.older_snapshot is None:
            return False
        older = self.older_snapshot(state)
        return snapshot in older if isinstance(older, list) else older == snapshot

    def __post_init__(self):
        if self.explain is None:
            self.explain = self._explain_by_list

    def _explain_by_list(self, state: State, action) -> tuple | None:
        """The plain answer for a game with no reasons of its own: legal now, or not a choice."""
        if self.active(state) is None:
            return ("the game is over", None)
        return None if as_action(action) in self.legal_actions(state) else (
            "it is not one of the choices now", None)

    def scenario_names(self) -> tuple:
        """Every scenario a game can be set up with now: the shipped ones, then the player's own."""
        own = self.own_scenarios() if self.own_scenarios is not None else ()
        return tuple(self.scenarios) + tuple(s for s in own if s not in self.scenarios)

    def seated(self, state: State | None = None):
        """The Seating of a game in play (or of the game's full table when no state is given)."""
        from .sides import Seating
        if state is not None and self.seating is not None:
            return self.seating(state)
        return Seating(self.sides, self.teams)

    def display_name(self, side: str) -> str:
        """The side's name as players know it."""
        return self.side_names.get(side, side.replace("_", " ").title())
