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
WAY_MS_MAX = 700           # a counter that slides along its way (hex by hex) may take this long
ROLL_ON_THE_WAY_MS = 200   # a move's own roll (traffic) shows at least this long; the tray keeps its result
MOVE_HOLD_MS = 30          # after a piece lands (and its move's dice settle), before the next decision shows
DICE_READ_MS = 150         # after a battle's dice settle: time to read the result (it stays in the tray)
FAST = 0.2                 # fast forward: slides and holds at this fraction of their length


def place_of(piece: dict):
    """A piece's place as the board views key it (hex lists become tuples)."""
    at = piece.get("at")
    return tuple(at) if isinstance(at, list) else at


def seen_places(moves: list, focus=None) -> list:
    """The places a view following a decision must show: where its moves left and arrived, else the
    place it names (``focus``), else none."""
    return [p for move in moves for p in move[1:3]] or ([focus] if focus is not None else [])


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
             now_ms: int, animation: float, way: list | None = None, focus=None, follow: bool = True) -> int:
        """Start the slides of a decision's moves and set how long it is shown; returns that in ms.

        way: the places the moving counter passes, as the rules found its path (None: straight).
        focus: the place the decision names (a battle, a target), followed when nothing moves;
        follow: False when the player turned following off (Settings)."""
        k = self.factor(animation)
        hold = 0
        moves = moves_between(before, after) if board_view is not None else []
        if board_view is not None and follow:      # the view follows what the computer does, as far as it must
            board_view.follow(seen_places(moves, focus), now_ms, instant=k <= 0)
        if moves and k > 0:
            ways = ways_of(moves, way)
            length = max(self._slide_ms(board_view, move, ways) for move in moves) * k
            if ways:
                board_view.slide(moves, now_ms, round(length), ways)
            else:
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
    def _slide_ms(board_view, move, ways: dict) -> float:
        way = ways.get(move[0].get("id")) or [move[1], move[2]]
        points = [board_view.screen_pos(p) for p in way]
        if None in points:
            return 0.0
        travel = sum(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a, b in zip(points, points[1:]))
        return min(SLIDE_MS_MAX if len(way) <= 2 else WAY_MS_MAX, SLIDE_MS + SLIDE_MS_PER_PX * travel)


def ways_of(moves: list, way: list | None) -> dict:
    """Counter id -> the places it passes, for the one counter whose move follows ``way``.

    The way runs from the counter's old place; it is cut where the counter stopped (a traffic
    roll that failed stops it short)."""
    if not way or len(way) <= 2:
        return {}
    way = [place_of({"at": p}) for p in way]
    for piece, start, end, _ in moves:
        if piece.get("style") != "cube" and start == way[0] and end in way[1:]:
            return {piece.get("id"): way[:way.index(end, 1) + 1]}
    return {}
