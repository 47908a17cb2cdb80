"""What the rules write down for people: the log and the dice record (the dice tray shows it).

The log is words: a line that starts with a side key and a colon is tinted in that side's
colour, and ``[d6:5]`` inside a line is drawn as a die. The dice record is the last throw:
``{"serial": n, "values": [...], "text": why}`` (with ``"sides"`` when a game names the die);
the window animates a throw when its serial changes. Both live in the state, so a game
replays them exactly.
"""
from __future__ import annotations

from . import rng
from .statecopy import Shape, own_part

# How a state's copy copies the dice record: add_die appends to its values in place.
DICE_SHAPE = Shape(copy=("values",), rest="share")


def log(state: dict, text: str, side: str | None = None) -> None:
    """Add a line to the log, tinted for a side when one is named."""
    # The log only grows and most actions add nothing: a game's Shape shares it on_write, so an
    # action copies it once, when it adds its first line (game.core.statecopy.own_part).
    own_part(state, "log").append(f"{side}: {text}" if side else text)


def dice_text(values, sides: int = 6) -> str:
    """Dice as log glyphs, e.g. [d6:5][d6:2]."""
    return "".join(f"[d{sides}:{v}]" for v in values)


def new_throw(state: dict, text: str, values=None, sides: int | None = None) -> dict:
    """Start a new throw in the dice record (its serial moves on)."""
    throw = {"serial": state["dice"]["serial"] + 1, "values": list(values or [])}
    if sides is not None:
        throw["sides"] = sides
    throw["text"] = text
    state["dice"] = throw
    return throw


def add_die(state: dict, value: int) -> int:
    """Add one die to the throw in the record."""
    state["dice"]["values"].append(value)
    return value


def throw(state: dict, text: str, n: int = 1, sides: int = 6) -> list:
    """Roll n dice through the state's generator and record them as one throw."""
    values = rng.dice(state, n, sides)
    new_throw(state, text, values, sides)
    return values


# -- structured events ---------------------------------------------------------------------------
# What happened, for the window and the bots, as data: ``{"serial": n, "kind": ..., ...}``. One
# serial runs across every kind (``state["event_serial"]`` is the newest). A state holds only the
# events of the action that made it (``Flow.apply`` starts each action with an empty list), so
# the state stays small and copies stay cheap; the Session keeps the recent record across
# actions (``Session.events_since``), which is what a window that may skip views reads.


def event(state: dict, kind: str, **fields) -> dict:
    """Record one structured event with the next serial number, and return it."""
    serial = state["event_serial"] = state["event_serial"] + 1
    record = {"serial": serial, "kind": kind, **fields}
    state["events"].append(record)
    return record


def since(events: list, serial: int) -> list:
    """The events after ``serial`` (all of them for 0), oldest first."""
    return [e for e in events if e["serial"] > serial]


def last_serial(events: list) -> int:
    """The serial of the newest event, or 0."""
    return events[-1]["serial"] if events else 0


def without_events(state: dict) -> dict:
    """The state as it was saved before events were recorded (a save's snapshot from then)."""
    return {k: v for k, v in state.items() if k not in ("events", "event_serial")}


# -- reading the log's own markup (for the window: it never parses the log itself) --------------
def segments(line: str) -> list:
    """A log line as ("text", word) and ("die", (sides, value)) pieces, in order."""
    out: list = []
    rest = line
    while True:
        start = rest.find("[d")
        end = rest.find("]", start + 2) if start >= 0 else -1
        sides, _, value = rest[start + 2:end].partition(":") if end > 0 else ("", "", "")
        if start < 0 or end < 0 or not (sides.isdigit() and value.isdigit()):
            if start < 0 or end < 0:
                out += [("text", w) for w in rest.split(" ") if w]
                return out
            out += [("text", w) for w in rest[:end + 1].split(" ") if w]   # not a die: plain text
            rest = rest[end + 1:]
            continue
        out += [("text", w) for w in rest[:start].split(" ") if w]
        out.append(("die", (int(sides), int(value))))
        rest = rest[end + 1:]


def side_of(line: str, sides) -> str | None:
    """The side a line speaks for ("greek: ..."), or None."""
    head, sep, _ = line.partition(":")
    return head.strip() if sep and head.strip() in sides else None


def side_words(line: str, sides, names: dict | None = None) -> str:
    """A line with the rules' side keys ("greek", "hammer_team") as players read them ("Greek"), or
    as ``names`` gives them ("blue" -> "Hammer's Slammers")."""
    for side in sorted(sides, key=len, reverse=True):
        if side in line:
            line = _replace_word(line, side, (names or {}).get(side) or side.replace("_", " ").title())
    return line


def _replace_word(line: str, word: str, new: str) -> str:
    out, i = [], 0
    while True:
        j = line.find(word, i)
        if j < 0:
            out.append(line[i:])
            return "".join(out)
        before = line[j - 1] if j else " "
        after = line[j + len(word)] if j + len(word) < len(line) else " "
        whole = not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_")
        out.append(line[i:j] + (new if whole else word))
        i = j + len(word)


class Recent:
    """The newest ``size`` structured events across actions, held compactly for the window.

    An event dict costs some 270 bytes before its values; the record keeps each as its kind's
    key tuple (shared by every event with the same fields) and a tuple of values, and gives back
    equal dicts on reading. The window reads the record a few times per decision, not per frame.
    """

    def __init__(self, size: int, events=()):
        self.size = size
        self._keys: dict = {}         # a field-name tuple -> itself (one copy per shape of event)
        self._rows: list = []         # (serial, keys, values), oldest first
        self.add(events)

    def add(self, events) -> None:
        """Keep these events (each a dict with a serial), dropping the oldest beyond ``size``."""
        for e in events:
            keys = tuple(e)
            keys = self._keys.setdefault(keys, keys)
            self._rows.append((e["serial"], keys, tuple(e.values())))
        del self._rows[:max(0, len(self._rows) - self.size)]

    def since(self, serial: int) -> list:
        """The kept events after ``serial``, oldest first, as dicts."""
        rows = self._rows
        start = len(rows)
        while start and rows[start - 1][0] > serial:
            start -= 1
        return [dict(zip(keys, values)) for _, keys, values in rows[start:]]

    def keep_after(self, serial: int, least: int) -> None:
        """Let go of the events up to ``serial``, keeping at least the newest ``least``."""
        drop = 0
        rows = self._rows
        while drop < len(rows) - least and rows[drop][0] <= serial:
            drop += 1
        del rows[:drop]

    def last(self) -> int:
        """The serial of the newest kept event, or 0."""
        return self._rows[-1][0] if self._rows else 0

    def drop_after(self, serial: int) -> None:
        """Forget the events after ``serial`` (an undone decision's)."""
        while self._rows and self._rows[-1][0] > serial:
            self._rows.pop()
