"""Player settings (window size, full screen, animation speed, volume), kept as JSON."""
from __future__ import annotations

import json

from game.core import paths

DEFAULTS = {"window": [1280, 720], "fullscreen": False, "animation": "normal", "volume": 70}
ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}   # time multipliers
WINDOW_SIZES = ([1280, 720], [1600, 900], [1920, 1080], [2560, 1440])


def _valid(data: dict) -> dict:
    """Keep the known keys with values of the right shape; anything else falls back to defaults."""
    out = dict(DEFAULTS)
    window = data.get("window")
    if (isinstance(window, list) and len(window) == 2 and all(isinstance(v, int) for v in window)
            and 640 <= window[0] <= 8192 and 400 <= window[1] <= 8192):
        out["window"] = list(window)
    if isinstance(data.get("fullscreen"), bool):
        out["fullscreen"] = data["fullscreen"]
    if data.get("animation") in ANIMATION_SPEEDS:
        out["animation"] = data["animation"]
    volume = data.get("volume")
    if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
        out["volume"] = volume
    return out


def load() -> tuple[dict, str | None]:
    """The saved settings and a message when the file was unusable (defaults are used then)."""
    path = paths.settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return dict(DEFAULTS), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return dict(DEFAULTS), f"The settings file {path} is damaged; the default settings are used."
    if not isinstance(data, dict):
        return dict(DEFAULTS), f"The settings file {path} is not a settings file; the default settings are used."
    return _valid(data), None


def save(settings: dict) -> str | None:
    """Write the settings; returns a message if the file could not be written."""
    path = paths.settings_path()
    try:
        paths.write_atomically(path, json.dumps(_valid(settings), indent=2))
    except OSError as exc:
        return f"The settings could not be saved to {path} ({exc.strerror or exc.__class__.__name__})."
    return None


def animation_factor(settings: dict) -> float:
    """How long animations last relative to normal (0 turns them off)."""
    return ANIMATION_SPEEDS.get(settings.get("animation"), 1.0)
