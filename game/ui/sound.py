"""Sound: a dice rattle synthesised from code at the volume the settings give (no files needed)."""
from __future__ import annotations

import math

import pygame

RATE = 22050
_state = {"ready": None, "rattle": None}


def _ready() -> bool:
    """Start the mixer on first use; a machine without sound simply stays silent."""
    if _state["ready"] is None:
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            _state["ready"] = True
        except pygame.error:
            _state["ready"] = False
    return _state["ready"]


def _noise(i: int) -> float:
    """A repeatable noise sample in -1..1 (a hash of the index, so no random module is needed)."""
    x = math.sin(i * 12.9898) * 43758.5453
    return (x - math.floor(x)) * 2 - 1


def rattle_samples(clicks: int = 7, length_s: float = 0.45) -> list[int]:
    """Dice knocking on a wooden tray: short decaying noise bursts, further apart as they settle."""
    n = int(RATE * length_s)
    out = [0.0] * n
    t = 0.0
    for k in range(clicks):
        start = int(t * RATE)
        amp = 0.8 * (1 - k / (clicks + 1))
        for j in range(min(int(0.025 * RATE), n - start)):
            decay = math.exp(-j / (0.004 * RATE))
            tone = math.sin(2 * math.pi * (900 - 60 * k) * j / RATE)
            out[start + j] += amp * decay * (0.6 * _noise(start + j) + 0.4 * tone)
        t += 0.03 + 0.012 * k
    return [max(-32767, min(32767, int(v * 20000))) for v in out]


def play_rattle(volume: int) -> bool:
    """Play the dice rattle at ``volume`` (0-100); returns whether a sound was started."""
    if volume <= 0 or not _ready():
        return False
    if _state["rattle"] is None:
        import array
        data = array.array("h", rattle_samples())
        channels = pygame.mixer.get_init()[2]
        if channels == 2:
            data = array.array("h", [v for v in data for _ in (0, 1)])
        _state["rattle"] = pygame.mixer.Sound(buffer=data.tobytes())
    _state["rattle"].set_volume(volume / 100)
    _state["rattle"].play()
    return True
