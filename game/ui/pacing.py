"""Pacing of computer turns: show what a person wants to see, skip what they do not.

A computer decision that moves a piece is shown as the piece sliding from where it was to where
it went, then a short hold; a decision that rolls dice waits for the tumble and a moment to read
the result; a selection, a battle being built or a "done" shows at once. The next decision is
worked out in the worker thread while the last one is still being shown. Fast forward (the F
key) shortens every slide and hold to a fraction, so a long game can be skimmed.
"""
from __future__ import annotations

SLIDE_MS = 120             # a slide's length at normal animation: this much...
SLIDE_MS_PER_PX = 0.2      # ...plus this per screen pixel travelled...
SLIDE_MS_MAX = 300         # ...at most
ROLL_ON_THE_WAY_MS = 200   # a move's own roll (traffic) shows at least this long; the tray keeps its result
MOVE_HOLD_MS = 30          # after a piece lands (and its move's dice settle), before the next decision shows
DICE_READ_MS = 150         # after a battle's dice settle: time to read the result (it stays in the tray)
FAST = 0.2                 # fast forward: slides and holds at this fraction of their length


def place_of(piece: dict):
    """A piece's place as the board views key it (hex lists become tuples)."""
    at = piece.get("at")
    return tuple(at) if isinstance(at, list) else at


def moves_between(before: list, after: list) -> list:
    """(piece, from, to, count) for each move between two views' pieces.

    Counters are followed by id; cubes (one piece may stand for several) by each side's count in
    each place, a place that lost cubes paired with one that gained them."""
    old = {p["id"]: p for p in before if "id" in p and p.get("style") != "cube"}
    out = []
    for piece in after:
        was = old.get(piece.get("id"))
        if was is not None and place_of(was) != place_of(piece) and None not in (place_of(was), place_of(piece)):
            out.append((piece, place_of(was), place_of(piece), 1))
    change: dict = {}
    sample: dict = {}
    for sign, pieces in ((-1, before), (1, after)):
        for p in pieces:
            if p.get("style") == "cube" and place_of(p) is not None:
                key = (p.get("side"), place_of(p))
                change[key] = change.get(key, 0) + sign * int(p.get("count", 1))
                sample[p.get("side")] = p
    for side in sample:
        lost = [[place, -n] for (s, place), n in change.items() if s == side and n < 0]
        gained = [[place, n] for (s, place), n in change.items() if s == side and n > 0]
        while lost and gained:
            n = min(lost[0][1], gained[0][1])
            out.append((sample[side], lost[0][0], gained[0][0], n))
            for pile in (lost, gained):
                pile[0][1] -= n
                if not pile[0][1]:
                    pile.pop(0)
    return out


class Pacer:
    """Holds the next computer decision back until the last one has been shown."""

    def __init__(self):
        self.until = 0             # ms: no computer decision is shown before this
        self.fast = False          # fast forward (F)

    def factor(self, animation: float) -> float:
        """The length of slides and holds relative to normal (the animation setting, fast forward)."""
        return animation * (FAST if self.fast else 1.0)

    def waiting(self, now_ms: int) -> bool:
        """True while the last decision is still being shown."""
        return now_ms < self.until

    def show(self, before: list, after: list, board_view, rolled: bool, tumble_ms: int,
             now_ms: int, animation: float) -> int:
        """Start the slides of a decision's moves and set how long it is shown; returns that in ms."""
        k = self.factor(animation)
        hold = 0
        moves = moves_between(before, after) if board_view is not None else []
        if moves and k > 0:
            length = max(self._slide_ms(board_view, move) for move in moves) * k
            board_view.slide(moves, now_ms, round(length))
            hold = round(length + MOVE_HOLD_MS * k)
        tumble = tumble_ms * (FAST if self.fast else 1.0)
        if rolled and moves:       # a roll made on the way (traffic): it tumbles while the piece slides
            hold = round(max(hold, ROLL_ON_THE_WAY_MS * k + MOVE_HOLD_MS * k))
        elif rolled:               # a battle: the dice, then a moment to read the result
            hold = round(tumble + DICE_READ_MS * k)
        self.until = now_ms + hold
        return hold

    @staticmethod
    def _slide_ms(board_view, move) -> float:
        a, b = board_view.screen_pos(move[1]), board_view.screen_pos(move[2])
        if a is None or b is None:
            return 0.0
        travel = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
        return min(SLIDE_MS_MAX, SLIDE_MS + SLIDE_MS_PER_PX * travel)
