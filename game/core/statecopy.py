"""The state copy every game's ``apply`` starts from, and answers kept per state.

A state is JSON data. ``copy_state`` copies any of it; it is also the slowest way, and apply
copies the whole state once per action. A game whose state has a known shape describes it
with a ``Shape`` (which parts are shared, which are copied one level, which hold rows), and
the kit builds one copy function from that description, as fast as a hand-written one:

    SHAPE = Shape(copy=("draw",), on_write=("log",), each=("hands",), rows=("units",),
                  parts={"rng": Shape(copy=("dice",))}, frames=Shape(rest="lists"))
    FLOW = Flow([], copy=SHAPE.copier())

Copy on write (``rows``): the copy shares every row of such a table (a unit's record) with the
state it was copied from; a handler asks ``own(state, table, key)`` for a row before changing
it, and gets the copy's own. ``own`` is also how anything else changes a row of a state that is
already in play, so answers kept for that state (``Kept``) are dropped with the change.

Copy on write of a whole part (``on_write``): a list or dict most actions leave alone (the log,
which only grows; a side's VP) is shared with the state it was copied from until a writer asks
``own_part(state, key)`` for it, which copies it at most once per copy. A long log is then not
copied by every action, only by one that adds a line.
"""
from __future__ import annotations

import threading
from typing import Callable

KINDS = ("share", "copy", "each", "rows", "deep", "on_write")
RESTS = ("share", "lists", "deep")


def copy_state(value):
    """A deep copy of JSON data (dicts, lists and scalars), with no call for a scalar (frames
    and tables are mostly strings and numbers)."""
    if type(value) is dict:
        return {k: v if type(v) in _SCALAR else copy_state(v) for k, v in value.items()}
    if type(value) is list:
        return [v if type(v) in _SCALAR else copy_state(v) for v in value]
    return value


_SCALAR = frozenset((str, int, bool, float, type(None)))


def copy_lists(value: dict) -> dict:
    """A dict with its lists copied one level and its dicts deep (a frame of ids and counts)."""
    return {k: (v.copy() if type(v) is list else copy_state(v) if type(v) is dict else v)
            for k, v in value.items()}


class Shape:
    """How a dict of a known shape is copied, part by part.

    share: parts never changed in place, only replaced (shared with the copy); copy: lists or
    dicts whose entries are replaced, not changed (copied one level); each: a dict of such
    containers (each copied one level, e.g. side -> hand); rows: a table of records shared until
    ``own`` (copy on write); deep: copied whole; on_write: a list or dict shared until
    ``own_part`` (copy on write of the whole part). ``parts`` names a nested Shape for a dict,
    ``frames`` the Shape of each dict in the list under ``frames_key`` (the step frames). Any
    other part is copied by ``rest``: share, lists (lists one level, dicts whole) or deep.
    Scalars are always shared; a part that is None or missing is left as it is.
    """

    def __init__(self, share=(), copy=(), each=(), rows=(), deep=(), parts=None, frames=None,
                 frames_key: str = "stack", rest: str = "deep", on_write=()):
        if rest not in RESTS:
            raise ValueError(f"a Shape's rest must be one of {RESTS}, not {rest!r}")
        self.kinds: dict = {}
        for kind, keys in zip(KINDS, (share, copy, each, rows, deep, on_write)):
            for key in keys:
                if key in self.kinds:
                    raise ValueError(f"the part {key!r} is named twice in one Shape")
                self.kinds[key] = kind
        self.parts = dict(parts or {})
        if frames is not None:
            self.parts[frames_key] = [frames]
        clash = set(self.parts) & set(self.kinds)
        if clash:
            raise ValueError(f"the parts {sorted(clash)} are named twice in one Shape")
        self.rest = rest
        self._fn = None

    @property
    def rows(self) -> tuple:
        """The tables copied on write."""
        return tuple(k for k, kind in self.kinds.items() if kind == "rows")

    @property
    def on_write(self) -> tuple:
        """The parts shared until own_part."""
        return tuple(k for k, kind in self.kinds.items() if kind == "on_write")

    def copier(self) -> Callable[[dict], dict]:
        """The copy function for dicts of this shape (built once)."""
        if self._fn is None:
            self._fn = _build(self)
        return self._fn

    def source(self) -> str:
        """The Python text of the copy function, for a reader who wants to see it."""
        return _source(self, {})[0]


def _source(shape: Shape, names: dict, careful: bool = False) -> tuple[str, str]:
    """(text of a copy function for ``shape``, its name); nested shapes get functions of their own.

    The function copies every named part by direct look-ups; a part that is missing, or a listed
    part that is None, sends it down the careful way, which looks each one up and leaves such a
    part as it is (a nested record that is None is left as it is on the quick way too; a frame,
    whose parts come and go, always goes the careful way)."""
    name = f"_copy{len(names)}"
    names[name] = None
    known = set(shape.kinds) | set(shape.parts)
    parts, extra = [], []            # (key, expression of the copy of value x)
    for key, kind in shape.kinds.items():
        if kind not in ("share", "on_write"):      # on_write parts are shared by the copy
            parts.append((key, _EXPR[kind]))
    for key, part in shape.parts.items():
        frames = isinstance(part, list)
        inner, fn = _source(part[0] if frames else part, names, careful=frames)
        extra.append(inner)
        parts.append((key, f"[{fn}(y) for y in {{x}}]" if frames else f"{fn}({{x}})"))
    lines = [f"def {name}(s):", "    new = s.copy()"]
    slow = []
    for key, expr in parts:
        slow += [f"v = s.get({key!r})", f"if v is not None: new[{key!r}] = {expr.format(x='v')}"]
    if parts and careful:
        lines += ["    " + line for line in slow]
    elif parts:
        lines.append("    try:")
        for key, expr in parts:
            if key in shape.parts and not isinstance(shape.parts[key], list):
                # A record that comes and goes (None between whiles) keeps the quick way.
                lines.append(f"        new[{key!r}] = None if (v := s[{key!r}]) is None else {expr.format(x='v')}")
            else:
                lines.append(f"        new[{key!r}] = {expr.format(x=f's[{key!r}]')}")
        lines.append("    except (KeyError, AttributeError, TypeError):     # a part missing or None")
        lines += ["        " + line for line in slow]
    if shape.rest != "share":
        deep = "_deep(v)" if shape.rest == "deep" else "v.copy() if type(v) is list else _deep(v)"
        test = f"if type(v) is list or type(v) is dict: new[k] = {deep}"
        if known:
            names[f"_known_{name}"] = frozenset(known)
            lines += [f"    if not s.keys() <= _known_{name}:", f"        for k in s.keys() - _known_{name}:",
                      "            v = s[k]", "            " + test]
        else:
            lines += ["    for k, v in s.items():", "        " + test]
    if shape.rows or shape.on_write:
        lines.append("    _LAST.pair = [s, new, None]          # the copy being changed now (see _LAST)")
    lines.append("    return new")
    return "\n".join(extra + ["\n".join(lines)]) + "\n", name


_EXPR = {"copy": "{x}.copy()", "rows": "{x}.copy()", "each": "{{k: y.copy() for k, y in {x}.items()}}",
         "deep": "_deep({x})"}


def _build(shape: Shape) -> Callable[[dict], dict]:
    names: dict = {}
    text, name = _source(shape, names)
    scope = {"_deep": copy_state, "_LAST": _LAST}
    scope.update({k: v for k, v in names.items() if v is not None})
    exec(compile(text, f"<Shape copy {name}>", "exec"), scope)     # noqa: S102 (our own text)
    fn = scope[name]
    fn.__doc__ = "A copy of a state of this Shape (game.core.statecopy)."
    fn.shape = shape
    return fn


# ---------------------------------------------------------------- copy on write
# Per thread (a bot thinks in its own): the last copy made of a shape with rows or on_write
# parts, as [the state it was copied from, the copy, the rows it owns already: a set made by the
# first own(), as a choice owns none]. Flow.apply hands that copy straight to a handler, so this
# is the state a handler is changing. One list, set once per copy by the copy function itself:
# this runs on every apply.
_LAST = threading.local()


def own_part(state: dict, key: str):
    """The list or dict ``state[key]`` as this state's own, safe to change now (an on_write part).

    In the copy a handler is changing, the first call copies the part (until then it is shared
    with the source: a part the copy already holds in its own is one that is not the source's).
    Any other state gets a fresh copy each time: it may share the part with the state it came
    from. Answers kept for the state are not dropped: such parts are not what they answer."""
    part = state[key]
    pair = getattr(_LAST, "pair", None)
    if pair is not None and pair[1] is state and part is not pair[0].get(key):
        return part
    part = state[key] = part.copy()
    return part


def source_of(state: dict) -> dict | None:
    """The state ``state`` was just copied from, while the copy has changed no row yet (answers
    worked out for the source then hold for the copy too), else None."""
    pair = getattr(_LAST, "pair", None)
    if pair is None or pair[1] is not state or pair[2]:
        return None
    return pair[0]


def own(state: dict, table: str, key: str) -> dict:
    """The row ``state[table][key]`` as this state's own, safe to change now.

    In the copy a handler is changing, the first call copies the row (until then it is shared
    with the source). Any other state gets a fresh copy of the row each time: it may share that
    row with the state it came from. Either way the answers kept for ``state`` are dropped."""
    rows = state[table]
    pair = getattr(_LAST, "pair", None)
    for kept in Kept.every:             # Kept.changed(state), written out: a handler owns rows often
        kept._by_state.pop(id(state), None)
    if pair is not None and pair[1] is state:
        owned = pair[2]
        if owned is None:
            owned = pair[2] = set()
        elif (table, key) in owned:
            return rows[key]
        owned.add((table, key))
    row = rows[key] = rows[key].copy()
    return row


def own_each(state: dict, table: str, keys: list) -> list:
    """[own(state, table, key) for key in keys], the note of the copy read and the kept answers
    dropped once for them all (a phase's start changes most of a side's rows)."""
    if not keys:
        return []
    rows = state[table]
    pair = getattr(_LAST, "pair", None)
    Kept.changed(state)
    out = []
    for key in keys:
        if pair is not None and pair[1] is state:
            owned = pair[2]
            if owned is None:
                owned = pair[2] = set()
            elif (table, key) in owned:
                out.append(rows[key])
                continue
            owned.add((table, key))
        row = rows[key] = rows[key].copy()
        out.append(row)
    return out


# ---------------------------------------------------------------- answers kept per state
class Kept:
    """Answers worked out for a state (a search, a list of legal actions), kept per state object.

    An answer holds while the state is unchanged: a state changed through ``own`` drops its
    answers, one whose ``table`` was replaced or has rows added or removed is asked again, and
    so is one played on another board (``board_key(state)``, e.g. an edited map). The few most
    recent states are kept."""

    every: list = []            # every Kept made, so that a change through own() reaches them all

    def __init__(self, table: str, board_key: Callable[[dict], object] = lambda state: None, size: int = 8):
        self.table = table
        self.board_key = board_key
        self.size = size
        self._by_state: dict = {}
        Kept.every.append(self)

    def get(self, state: dict, what, compute: Callable[[], object]):
        """compute(), remembered for this state while it stays as it is."""
        entry = self._by_state.get(id(state))
        # The test of _valid, written out: this runs several times per action.
        if entry is None or entry[0] is not state or entry[1] is not state[self.table] or \
                entry[2] != len(entry[1]) or entry[3] != self.board_key(state):
            entry = self._new(state)
        answers = entry[4]
        value = answers.get(what)
        if value is None:
            value = answers[what] = compute()
        return value

    def known(self, state: dict) -> dict:
        """Every answer kept for this state, what -> answer (shared: do not change it); nothing is
        worked out."""
        entry = self._by_state.get(id(state))
        return entry[4] if entry is not None and self._valid(entry, state) else {}

    def put(self, state: dict, what, value) -> None:
        """Remember an answer already worked out for this state."""
        self._answers(state)[what] = value

    def update(self, state: dict, answers: dict) -> None:
        """Remember several answers already worked out for this state."""
        self._answers(state).update(answers)

    def share(self, source: dict, state: dict) -> None:
        """``state`` holds the same position as ``source`` (copied, nothing changed): share its answers."""
        entry = self._by_state.get(id(source))
        if entry is not None and self._valid(entry, source):
            self._room()
            self._by_state[id(state)] = (state, state[self.table], len(state[self.table]), entry[3], entry[4])

    def clear(self) -> None:
        """Forget every answer."""
        self._by_state.clear()

    @classmethod
    def changed(cls, state: dict) -> None:
        """``state`` is being changed: drop its answers in every cache."""
        for kept in cls.every:
            kept._by_state.pop(id(state), None)

    def _answers(self, state: dict) -> dict:
        entry = self._by_state.get(id(state))
        return (entry if entry is not None and self._valid(entry, state) else self._new(state))[4]

    def _new(self, state: dict) -> tuple:
        self._room()
        table = state[self.table]
        entry = self._by_state[id(state)] = (state, table, len(table), self.board_key(state), {})
        return entry

    def _valid(self, entry: tuple, state: dict) -> bool:
        table = state[self.table]
        return entry[0] is state and entry[1] is table and entry[2] == len(table) and \
            entry[3] == self.board_key(state)

    def _room(self) -> None:
        # The oldest state goes first: the newest are the ones a move's handler reads again.
        by_state = self._by_state
        while len(by_state) >= self.size:
            del by_state[next(iter(by_state))]
