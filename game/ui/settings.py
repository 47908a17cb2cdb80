"""Player settings (window size, full screen, animation speed, volume, hints, following the computer), kept as JSON."""
from __future__ import annotations

import json
import os

from game.core import paths
from game.core.reading import FileProblem, read_json

DEFAULTS = {"window": [1280, 720], "fullscreen": False, "animation": "normal", "volume": 70,
            "hints": False,       # hints in games against the computer (always on between people)
            "follow": True}       # the map glides to the computer's moves out of view (and a review's steps)
ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}   # time multipliers
WINDOW_SIZES = ([1280, 720], [1600, 900], [1920, 1080], [2560, 1440])


MAX_SETTINGS_BYTES = 64 * 1024


def _valid(data: dict) -> dict:
    """Keep the known keys with values of the right shape; anything else falls back to defaults."""
    return _checked(data)[0]


def _checked(data: dict) -> tuple[dict, list[str]]:
    """The usable settings and the names of known keys whose values were unusable."""
    out, bad = dict(DEFAULTS), []
    window = data.get("window", DEFAULTS["window"])
    if (isinstance(window, list) and len(window) == 2 and all(_is_int(v) for v in window)
            and 640 <= window[0] <= 8192 and 400 <= window[1] <= 8192):
        out["window"] = list(window)
    else:
        bad.append("window")
    fullscreen = data.get("fullscreen", DEFAULTS["fullscreen"])
    if isinstance(fullscreen, bool):
        out["fullscreen"] = fullscreen
    else:
        bad.append("fullscreen")
    animation = data.get("animation", DEFAULTS["animation"])
    if isinstance(animation, str) and animation in ANIMATION_SPEEDS:
        out["animation"] = animation
    else:
        bad.append("animation")
    for key in ("hints", "follow"):
        value = data.get(key, DEFAULTS[key])
        if isinstance(value, bool):
            out[key] = value
        else:
            bad.append(key)
    volume = data.get("volume", DEFAULTS["volume"])
    if _is_int(volume) and 0 <= volume <= 100:
        out["volume"] = volume
    else:
        bad.append("volume")
    return out, bad


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load() -> tuple[dict, str | None]:
    """The saved settings and one message when the file was unusable.

    A damaged file is moved aside to settings.json.damaged (the player can look at it) and
    replaced by the settings in use, so the message is shown once, not at every start."""
    path = paths.settings_path()
    try:
        data = read_json(path, "settings file", MAX_SETTINGS_BYTES, full_name=True)
    except FileProblem as exc:
        if not os.path.lexists(path):
            return dict(DEFAULTS), None
        return dict(DEFAULTS), _set_aside(path, dict(DEFAULTS), str(exc).rstrip("."))
    if not isinstance(data, dict):
        return dict(DEFAULTS), _set_aside(path, dict(DEFAULTS), f"The settings file {path} is not a settings file")
    settings, bad = _checked(data)
    if bad:
        why = f"The settings file {path} had unusable values for {', '.join(bad)}"
        return settings, _set_aside(path, settings, why)
    return settings, None


def _set_aside(path, settings: dict, why: str) -> str:
    """Move a damaged settings file aside and write ``settings`` in its place; the message to show."""
    damaged = path.with_name(path.name + ".damaged")
    try:
        if os.path.isdir(damaged) and not os.path.islink(damaged):
            raise IsADirectoryError(f"{damaged} is a folder")
        os.replace(path, damaged)
    except OSError as exc:
        return (f"{why}; the default settings are used, but it could not be moved aside "
                f"({exc.strerror or exc}).")
    problem = save(settings)
    kept = f"it is kept as {damaged.name} and "
    if problem:
        return f"{why}; {kept}the default settings are used for now. {problem}"
    return f"{why}; {kept}a fresh settings file has been written."


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
