#!/usr/bin/env python3
"""Start the wargames table; re-runs itself with the project's .venv when pygame is missing."""
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _venv_python():
    for candidate in (HERE / ".venv" / "bin" / "python", HERE / ".venv" / "Scripts" / "python.exe"):
        if candidate.exists():          # False for a link to a Python that was removed
            return candidate
    return None


def _cannot_start(problem: str) -> None:
    """Say why in a dialog (a double-click has no terminal) and on stderr, then stop."""
    from game.notice import tell
    tell(problem)
    raise SystemExit(1)


def _ensure_pygame() -> None:
    """A double-click may run the system Python: switch to the project's .venv if it has pygame."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        venv = _venv_python()
        in_venv = Path(sys.prefix).resolve() == (HERE / ".venv").resolve()
        fix = f"To fix it, run `make play` in {HERE}"
        if venv is not None and not in_venv and not os.environ.get("WARGAMES_REEXEC"):
            os.environ["WARGAMES_REEXEC"] = "1"
            try:
                os.execv(str(venv), [str(venv), str(Path(__file__).resolve()), *sys.argv[1:]])
            except OSError as exc:
                _cannot_start(f"the Python in {HERE / '.venv'} does not run ({exc.strerror}). "
                              f"{fix}: it rebuilds .venv.")
        if venv is None and (HERE / ".venv").is_dir():
            _cannot_start(f"the Python that {HERE / '.venv'} was made with is gone (the system Python "
                          f"was upgraded or removed?). {fix}: it rebuilds .venv.")
        if venv is not None:
            _cannot_start(f"pygame-ce is missing from {HERE / '.venv'} (an interrupted set-up?). "
                          f"{fix}: it finishes the set-up.")
        _cannot_start(f"pygame-ce is not installed. {fix} once: it sets up .venv with the packages "
                      f"the game needs (Python 3.11 or newer).")


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(HERE))
    _ensure_pygame()
    from game.app import main
    raise SystemExit(main())
