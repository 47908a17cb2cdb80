"""MapError and the problem list a map loader fills: one plain sentence per problem."""
from __future__ import annotations

from pathlib import Path


class MapError(Exception):
    """A map that cannot be used; str() is one line naming file, layer and object."""

    def __init__(self, path, what: str, layer: str | None = None,
                 obj_id: int | None = None, obj_name: str | None = None,
                 problems: list["MapError"] | None = None):
        self.path = str(path)
        self.what = what
        self.layer = layer
        self.obj_id = obj_id
        self.obj_name = obj_name
        self.problems = problems if problems is not None else [self]
        super().__init__(self.line())

    def line(self) -> str:
        """The problem as "file: layer 'x', object 12 'Name': what is wrong"."""
        where = []
        if self.layer is not None:
            where.append(f"layer '{self.layer}'")
        if self.obj_id is not None:
            named = f" '{self.obj_name}'" if self.obj_name else ""
            where.append(f"object {self.obj_id}{named}")
        place = ", ".join(where)
        return f"{Path(self.path).name}: {place + ': ' if place else ''}{self.what}"


class Problems:
    """Collects the problems found while reading one map, so a check can list them all."""

    def __init__(self, path):
        self.path = str(path)
        self.found: list[MapError] = []

    def add(self, what: str, layer: str | None = None, obj_id: int | None = None,
            obj_name: str | None = None) -> None:
        """Record one problem."""
        self.found.append(MapError(self.path, what, layer, obj_id, obj_name))

    def fatal(self, what: str, layer: str | None = None, obj_id: int | None = None,
              obj_name: str | None = None) -> MapError:
        """A problem that stops reading: record it and return the error to raise."""
        self.add(what, layer, obj_id, obj_name)
        return self.error()

    def error(self) -> MapError:
        """One MapError carrying every problem found (its message is the first one)."""
        first = self.found[0]
        return MapError(first.path, first.what, first.layer, first.obj_id, first.obj_name,
                        problems=list(self.found))

    def raise_if_any(self) -> None:
        """Raise MapError when anything was found."""
        if self.found:
            raise self.error()
