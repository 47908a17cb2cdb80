"""Seamless area-map textures drawn from code: periodic noise plus wrapped map symbols."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pygame

SIZE = 256

# name -> (base colour, noise amplitude, seed); the views fill area polygons with these.
TEXTURES = {
    "parchment": ((236, 224, 192), 10.0, 11),
    "land": ((224, 222, 186), 9.0, 12),
    "sea": ((156, 188, 204), 7.0, 13),
    "desert": ((230, 210, 164), 9.0, 14),
    "wilderness": ((218, 204, 164), 9.0, 15),
    "hills": ((212, 196, 154), 9.0, 16),
    "wash": ((240, 240, 240), 14.0, 17),
}


def periodic_noise(size: int, seed: int, beta: float = 2.2, cutoff: float = 1.5) -> np.ndarray:
    """Tileable fractal noise in [-1, 1]: a 1/f^beta spectrum turned back by inverse FFT."""
    rng = np.random.default_rng(seed)
    f = np.fft.fftfreq(size)[:, None] ** 2 + np.fft.fftfreq(size)[None, :] ** 2
    f = np.sqrt(f) * size
    amp = np.where(f < cutoff, 0.0, 1.0 / np.maximum(f, 1.0) ** (beta / 2))
    phase = rng.uniform(0, 2 * np.pi, (size, size))
    field = np.real(np.fft.ifft2(amp * np.exp(1j * phase)))
    return field / np.max(np.abs(field))


def _base(colour, amplitude: float, seed: int) -> pygame.Surface:
    """A texture of one colour mottled by tileable noise and fine grain."""
    n = periodic_noise(SIZE, seed)
    grain = np.random.default_rng(seed + 100).normal(0, 1.0, (SIZE, SIZE))
    arr = np.empty((SIZE, SIZE, 3), np.float32)
    for c in range(3):
        arr[:, :, c] = colour[c] + amplitude * n + 2.5 * grain
    surf = pygame.Surface((SIZE, SIZE))
    pygame.surfarray.blit_array(surf, np.clip(arr, 0, 255).astype(np.uint8))
    return surf


def _wrapped(draw, surf: pygame.Surface, x: float, y: float) -> None:
    """Call draw(surf, x, y) at every wrap-around copy so symbols cross edges seamlessly."""
    for dx in (-SIZE, 0, SIZE):
        for dy in (-SIZE, 0, SIZE):
            draw(surf, x + dx, y + dy)


def _points(seed: int, n: int, gap: float) -> list:
    """Up to n points spread over the torus at least `gap` apart."""
    rng = np.random.default_rng(seed)
    pts: list = []
    for _ in range(n * 40):
        if len(pts) >= n:
            break
        x, y = rng.uniform(0, SIZE, 2)
        ok = all(min(abs(x - a), SIZE - abs(x - a)) ** 2 + min(abs(y - b), SIZE - abs(y - b)) ** 2
                 >= gap * gap for a, b in pts)
        if ok:
            pts.append((float(x), float(y)))
    return pts


def _sea_marks(surf: pygame.Surface) -> None:
    """Light wave strokes in loose rows."""
    def wave(s, x, y):
        pts = [(x + i * 2, y - 2 * math.sin(math.pi * i / 6)) for i in range(13)]
        pygame.draw.aalines(s, (196, 218, 230), False, pts)
    for x, y in _points(31, 36, 30):
        _wrapped(wave, surf, x, y)


def _scrub_marks(surf: pygame.Surface, colour, seed: int, n: int) -> None:
    """Small brush tufts (three strokes) for wilderness."""
    def tuft(s, x, y):
        for dx, tilt in ((-3, -2), (0, 0), (3, 2)):
            pygame.draw.aaline(s, colour, (x + dx, y + 2), (x + dx + tilt, y - 3))
    for x, y in _points(seed, n, 22):
        _wrapped(tuft, surf, x, y)


def _sand_marks(surf: pygame.Surface) -> None:
    """Stippled sand dots."""
    rng = np.random.default_rng(41)
    for x, y in rng.uniform(0, SIZE, (500, 2)):
        surf.set_at((int(x), int(y)), (196, 172, 124))


def _hill_marks(surf: pygame.Surface) -> None:
    """Little hill humps with hachures, as on old printed maps."""
    def hill(s, x, y):
        pts = [(x - 10 + i * 20 / 12, y - 6 * math.sin(math.pi * i / 12)) for i in range(13)]
        pygame.draw.aalines(s, (150, 118, 82), False, pts)
        for i in range(2, 12, 2):
            px, py = pts[i]
            pygame.draw.aaline(s, (176, 146, 108), (px, py + 1), (px + 1, py + 4))
    for x, y in _points(51, 26, 40):
        _wrapped(hill, surf, x, y)


def make_texture(name: str) -> pygame.Surface:
    """One named seamless SIZE x SIZE texture."""
    colour, amplitude, seed = TEXTURES[name]
    surf = _base(colour, amplitude, seed)
    if name == "sea":
        _sea_marks(surf)
    elif name == "wilderness":
        _scrub_marks(surf, (150, 140, 100), 61, 40)
    elif name == "desert":
        _sand_marks(surf)
    elif name == "hills":
        _hill_marks(surf)
    return surf


def make_all(folder: Path) -> None:
    """Write every texture PNG into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in TEXTURES:
        pygame.image.save(make_texture(name), str(folder / f"{name}.png"))
