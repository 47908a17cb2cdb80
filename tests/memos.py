"""The rules' memos forgotten at the start of a test session run for a mutant.

mutmut runs each mutant's tests in a process forked from one that has already run the clean
tests, so a memo filled there (a counter's moves, a unit's reach, a data file read once) would
answer for the mutated function and hide the mutant. Forgotten here: every ``lru_cache`` of the
game's modules, every module-level private memo (``_NAME``) that the source starts as a
literal (``{}``, ``[None, -1, None]``), put back to that literal in place, and the boards the
games' board caches read from map files (built again, with fresh memos, on next use)."""
from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

from game.core.boardcache import BoardCache

PRIVATE = re.compile(r"_[A-Z][A-Z0-9_]*")
# Registries that start empty and are filled by whoever registers (a test's own table set): only
# the entries the module works out itself are forgotten (the shipped tables, read once).
REGISTRIES = {"game.rules.slammers.tables._SETS": ("standard",)}


@functools.lru_cache(maxsize=None)
def fresh_values(path: str) -> dict:
    """Name -> the literal a module's source starts each private upper-case dict or list at (read
    once: ``learn`` reads them in the process the mutants' processes are forked from)."""
    out = {}
    for node in ast.parse(Path(path).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        else:
            continue
        if not (isinstance(target, ast.Name) and PRIVATE.fullmatch(target.id)
                and isinstance(node.value, (ast.Dict, ast.List))):
            continue
        try:
            out[target.id] = ast.literal_eval(node.value)
        except ValueError:
            continue                           # built by code (a comprehension, a call): not a memo
    return out


def _game_modules(prefix: str) -> list:
    """(name, module, source path) of every loaded module under ``prefix``."""
    out = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if name.startswith(prefix) and path and path.endswith(".py"):
            out.append((name, module, path))
    return out


def learn(prefix: str = "game.") -> None:
    """Read the loaded modules' fresh values now, so each forked mutant's session need not."""
    for _name, _module, path in _game_modules(prefix):
        fresh_values(path)


def forget_all(prefix: str = "game.") -> int:
    """Forget the memos of every loaded module under ``prefix``; how many were forgotten."""
    n = 0
    for name, module, path in _game_modules(prefix):
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()
                n += 1
            elif isinstance(value, BoardCache):
                n += value.forget_files()      # each board keeps memos of its own (set-up orders)
        for attr, fresh in fresh_values(path).items():
            current = getattr(module, attr, None)
            if f"{name}.{attr}" in REGISTRIES:
                for key in REGISTRIES[f"{name}.{attr}"]:
                    current.pop(key, None)
                continue
            if isinstance(current, dict):
                current.clear()
                current.update(fresh)
                n += 1
            elif isinstance(current, list):
                current[:] = fresh
                n += 1
    return n
