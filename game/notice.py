"""Why the program cannot start, said where the player will see it.

Started from a file manager or the menu there is no terminal to read: when a desktop is
there the message is shown in a dialog (zenity, kdialog, xmessage or notify-send, whichever
is installed; osascript on macOS, a message box on Windows). The same line always goes to
stderr. Standard library only: this runs when pygame or the whole .venv is missing.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time

TITLE = "Wargames Table cannot start"
# Each dialog program and its arguments; the message is appended last.
_DIALOGS = (
    ("zenity", ["--error", "--no-markup", "--width=420", f"--title={TITLE}", "--text"]),
    ("kdialog", ["--title", TITLE, "--error"]),
    ("xmessage", ["-center", "-title", TITLE, "-buttons", "OK:0"]),
    ("gxmessage", ["-center", "-title", TITLE, "-buttons", "OK:0"]),
    ("notify-send", ["--urgency=critical", TITLE]),
)


def tell(message: str) -> None:
    """One line on stderr; and a dialog too when no terminal shows stderr but a desktop is there."""
    try:
        print(f"wargames: {message}", file=sys.stderr)
        shown_in_terminal = sys.stderr.isatty()
    except (AttributeError, OSError, ValueError):    # no stderr at all (a windowed build)
        shown_in_terminal = False
    if not shown_in_terminal and has_desktop():
        dialog(message)


def has_desktop() -> bool:
    """A display a dialog can open on."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def dialog(message: str) -> bool:
    """Show the message in the first dialog program found; True when one was shown."""
    if sys.platform == "win32":
        import ctypes
        ctypes.windll.user32.MessageBoxW(None, message, TITLE, 0x10)
        return True
    if sys.platform == "darwin":
        script = f'display alert {_applescript(TITLE)} message {_applescript(message)} as critical'
        return _run(["osascript", "-e", script])
    for program, args in _DIALOGS:
        path = shutil.which(program)
        text = textwrap.fill(message, 72) if program.endswith("xmessage") else message   # no wrapping of its own
        if path and _run([path, *args, text]):
            return True
    return False


def _applescript(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _run(command: list) -> bool:
    """Run a dialog; it was seen if it said OK or stayed open a while (closed with the window's X)."""
    started = time.monotonic()
    try:
        proc = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=3600)
    except (OSError, subprocess.SubprocessError):
        return False
    return proc.returncode == 0 or time.monotonic() - started > 1.0
