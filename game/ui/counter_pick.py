"""One counter at a time: pick a counter (on the map or in the stack inspector), then the place it goes.

Rules that move, place or retreat counters singly list actions of the shape ``(verb, piece id,
place)``: ``("move", "ork_goff_boyz_1", "Hades Wastes")``. Offering every one of them at once
would light half the map, so the table asks in two clicks: a click on a stack opens the stack
inspector there and picks its top counter that can go somewhere; the map then lights that
counter's places only, and a click on one applies the action. Another row of the inspector, or
another stack, changes the pick. A game's adapter makes one ``CounterPicker`` and hands it its
``consume`` and ``places`` (see ``game/ui/games/armageddon.py``); any map game can use it.
"""
from __future__ import annotations

from game.ui.adapter import place_key

PICK = "piece"      # a panel's click on a counter: ("piece", id), a pick of the table's own


class CounterPicker:
    """The counter picked now and where it may go, from the view's (verb, piece, place) actions."""

    def __init__(self, adapter, inspector=None, verbs: tuple | None = None):
        self.adapter = adapter
        self.inspector = inspector
        self.verbs = verbs            # the verbs read this way (None: any action of that shape)
        self.selected = None
        self._memo = (None, {})

    def moves(self, view: dict) -> dict:
        """Piece id -> {place: [actions]} of every (verb, piece, place) action legal now."""
        if self._memo[0] is view:
            return self._memo[1]
        ids = {p.get("id") for p in self.adapter.shown_pieces(view)} | set(self.extra_ids(view))
        out: dict = {}
        for action, _ in self.adapter.placed(view):
            if len(action) == 3 and action[1] in ids and (self.verbs is None or action[0] in self.verbs):
                out.setdefault(action[1], {}).setdefault(place_key(action[2]), []).append(action)
        self._memo = (view, out)
        return out

    def extra_ids(self, view: dict) -> list:
        """Ids of counters off the map that may be picked too (those the inspector lists)."""
        if self.inspector is None:
            return []
        return [p.get("id") for p in self.inspector.pieces(view)]

    def current(self, view: dict):
        """The picked counter, if it can still go somewhere now."""
        return self.selected if self.selected in self.moves(view) else None

    def places(self, view: dict) -> dict:
        """Place -> actions: the picked counter's places; with none picked, the stacks holding a counter
        that can go somewhere (a click there picks it)."""
        moves = self.moves(view)
        sel = self.current(view)
        if sel is not None:
            return dict(moves[sel])
        where = {p.get("id"): place_key(p.get("at")) for p in self.adapter.shown_pieces(view)}
        out: dict = {}
        for pid, dests in moves.items():
            if where.get(pid) is not None:
                out.setdefault(where[pid], []).extend(a for acts in dests.values() for a in acts)
        return out

    def source(self, view: dict):
        """Where the picked counter stands (selected on the map), or None."""
        sel = self.current(view)
        if sel is None:
            return None
        return next((place_key(p.get("at")) for p in self.adapter.shown_pieces(view) if p.get("id") == sel), None)

    def consume(self, named, view: dict) -> bool:
        """Take a click as a pick when it is one: True when the table must only redraw."""
        moves = self.moves(view)
        if isinstance(named, tuple) and len(named) == 2 and named[0] == PICK:
            if named[1] in moves:
                # The row's button says what the counter does ("Move"): pressed again it keeps the
                # pick (a newcomer presses it after the stack click that already picked it).
                self.selected = named[1]
                return True
            return False
        if isinstance(named, tuple) and named and isinstance(named[0], str):
            return False                                  # an action: the scene applies it
        sel = self.current(view)
        if sel is not None and named in moves[sel]:
            return False                                  # the picked counter's place: the scene moves it
        if self.inspector is not None:
            self.inspector.open(named)
        here = [p.get("id") for p in reversed(self.adapter.shown_pieces(view)) if place_key(p.get("at")) == named]
        pick = next((pid for pid in here if pid in moves), None)
        if pick is not None:
            self.selected = pick
            return True
        return False       # the pick stays; the scene says why the place is refused for it
