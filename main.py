#!/usr/bin/env python3
"""Start the wargames table; re-runs itself with the project's .venv when pygame is missing."""
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _venv_python():
    for candidate in (HERE / ".venv" / "bin" / "python", HERE / ".venv" / "Scripts" / "python.exe"):
        if candidate.exists():
            return candidate
    return None


def _ensure_pygame() -> None:
    """A double-click may run the system Python: switch to the project's .venv if it has pygame."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        venv = _venv_python()
        in_venv = Path(sys.prefix).resolve() == (HERE / ".venv").resolve()
        if venv is None or in_venv or os.environ.get("WARGAMES_REEXEC"):
            print("wargames: pygame-ce is not installed; run `make play` once to set up .venv.", file=sys.stderr)
            raise SystemExit(1)
        os.environ["WARGAMES_REEXEC"] = "1"
        os.execv(str(venv), [str(venv), str(Path(__file__).resolve()), *sys.argv[1:]])


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(HERE))
    _ensure_pygame()
    from game.app import main
    raise SystemExit(main())
