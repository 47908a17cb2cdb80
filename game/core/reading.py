"""The one careful reader for every file the program reads: saves, the autosave, settings, scenarios.

A file on disk is input from anyone: it may be huge, a FIFO that never answers, a folder, not
UTF-8, JSON nested a hundred thousand deep or holding a 5,000-digit number. Every one of these
becomes a ``FileProblem`` whose message is one plain sentence naming the file; nothing else is
raised. The size is checked on the open file before a byte is read, and the read itself is
bounded, so a 50 MB file or a FIFO costs no time. Pure Python: no pygame.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

MAX_DEPTH = 64            # nesting of lists and objects; a save needs about 8
MAX_INT_DIGITS = 40       # a seed is at most 20 digits; more is a hostile file, not a game
KB, MB = 1024, 1024 * 1024


class FileProblem(Exception):
    """A file that cannot be used; the message is one plain sentence naming it.

    ``reason`` says the same without naming the file ("is not valid JSON (line 3)"), for
    callers that name it their own way ("bad.json: is not valid JSON (line 3)")."""

    def __init__(self, message: str, reason: str = ""):
        super().__init__(message)
        self.reason = reason or message


def _size_text(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{max(1, n // KB)} KB"


def read_bytes(path, what: str, limit: int, name: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else a FileProblem.

    Opened without blocking (a FIFO answers at once), checked on the open descriptor (no
    swap between a check and the read), and read no further than ``limit`` + 1 bytes."""
    path = Path(path)
    name = name or str(path)

    def problem(reason: str, named=name) -> FileProblem:
        return FileProblem(f"The {what} {named} {reason}.", reason)

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem(f"There is no {what} at {path}.", "cannot be read (there is no such file)") from None
    except IsADirectoryError:
        raise problem("is a folder, not a file") from None
    except (OSError, ValueError) as exc:     # ValueError: a NUL in the path
        raise problem(f"cannot be opened ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise problem("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise problem("is not a regular file (a pipe or a device), so it is not read")
        if info.st_size > limit:
            raise problem(f"is {_size_text(info.st_size)}, larger than any {what} can be "
                          f"({_size_text(limit)} at most), so it is not read")
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise problem(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > limit:       # it grew after the check
        raise problem(f"is larger than any {what} can be ({_size_text(limit)} at most), so it is not read")
    return data


def _read_at_most(fd: int, n: int) -> bytes:
    chunks, left = [], n
    while left > 0:
        chunk = os.read(fd, min(left, MB))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_text(path, what: str, limit: int, name: str | None = None) -> str:
    """A bounded regular file as UTF-8 text (a leading byte-order mark is accepted)."""
    data = read_bytes(path, what, limit, name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeError:
        raise FileProblem(f"The {what} {name or Path(path).name} is damaged: it is not UTF-8 text.",
                          "is not UTF-8 text") from None


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


def _no_constant(text: str):
    raise _NotJson(text)


class _NumberTooLong(ValueError):
    pass


class _NotJson(ValueError):
    pass


def parse_json(text: str, what: str, name: str):
    """Parse JSON text with its depth and its numbers bounded; FileProblem on anything wrong."""
    def damaged(reason: str) -> FileProblem:
        return FileProblem(f"The {what} {name} is damaged: it {reason}.", reason)

    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except _NumberTooLong as exc:
        raise damaged(f"holds a number {len(str(exc))} digits long") from None
    except _NotJson as exc:
        raise FileProblem(f"The {what} {name} is damaged: {exc} is not a JSON number.",
                          f"holds {exc}, which is not a JSON number") from None
    except json.JSONDecodeError as exc:
        raise damaged(f"is not valid JSON (line {exc.lineno})") from None
    except RecursionError:
        raise damaged("is nested too deeply") from None
    except (ValueError, TypeError, UnicodeError, OverflowError, MemoryError) as exc:
        raise damaged(f"is not valid JSON ({exc.__class__.__name__})") from None
    if depth(data) > MAX_DEPTH:
        raise damaged("is nested too deeply")
    return data


def depth(data) -> int:
    """How deeply lists and objects nest in ``data`` (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((child, level + 1) for child in item if isinstance(child, (dict, list)))
    return deepest


def read_json(path, what: str, limit: int, full_name: bool = False):
    """The JSON value in a file, read with every bound above; FileProblem on anything wrong.

    Messages name the file by its name, or by its whole path with ``full_name``."""
    name = str(path) if full_name else Path(path).name
    return parse_json(read_text(path, what, limit, name), what, name)
