"""Hex lines and line of sight (HS-LOS-1..9), one pair at a time or the whole map with numpy.

A line joins two hex centres (HS-LOS-1). The hexes it crosses are found exactly: the
segment is cut wherever it meets a line of the triangular grid through hex centres and
corners, and the hex holding each piece is taken. A piece lying along a hex edge belongs
to both hexes beside it (HS-LOS-2); a line that only touches a corner does not enter the
third hex there. Lines depend only on the displacement, so they are cached by it.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

_NUDGE = 1e-7


def _cube_round(x: float, z: float) -> tuple:
    """Axial hex holding the cube point (x, -x-z, z), which must lie inside a hex."""
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    ex, ey, ez = abs(rx - x), abs(ry - y), abs(rz - z)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey <= ez:
        rz = -rx - ry
    return (rx, rz)


@lru_cache(maxsize=None)
def line_offsets(dq: int, dr: int) -> tuple:
    """Hexes (relative to the start) crossed by the line from (0, 0) to (dq, dr), in order."""
    dx, dz = dq, dr
    dy = -dx - dz
    diffs = (dx - dy, dy - dz, dz - dx)
    cuts = {0.0, 1.0}
    for d in diffs:
        n = abs(d)
        cuts.update(k / n for k in range(1, n))
    ts = sorted(cuts)
    # Along one of the six edge directions the segment runs on hex edges: look either side.
    if 0 in diffs:
        side = ((1, 0), (0, 1), (1, -1))[diffs.index(0)]      # a vector across the line
        nudges = ((side[0] * _NUDGE, side[1] * _NUDGE), (-side[0] * _NUDGE, -side[1] * _NUDGE))
    else:
        nudges = ((0.0, 0.0),)
    out: dict = {}
    for t0, t1 in zip(ts, ts[1:]):
        t = (t0 + t1) / 2
        for nx, nz in nudges:
            out.setdefault(_cube_round(t * dx + nx, t * dz + nz), None)
    return tuple(out)


def line(a, b) -> list:
    """Hexes on the line from a to b, both ends included, in order from a."""
    q, r = a
    return [(q + oq, r + orr) for oq, orr in line_offsets(b[0] - q, b[1] - r)]


def los(a, b, terrain: dict, values: dict, adjacent: bool) -> bool:
    """Whether a unit in a can see b (HS-LOS-4..8); hexes off the map count as clear."""
    if a == b or adjacent:
        return True                                       # HS-LOS-4
    limit = max(values[terrain[a]][0], values[terrain[b]][2])
    q, r = a
    bq, br = b
    for oq, orr in line_offsets(bq - q, br - r):
        h = (q + oq, r + orr)
        if h == a or h == b:
            continue                                      # HS-LOS-2: never intervening
        name = terrain.get(h)
        # HS-LOS-6/7/8: each intervening value alone against both ends.
        if name is not None and values[name][1] > limit:
            return False
    return True


class LosPlan:
    """The geometry of every hex pair of one grid, grouped for numpy (values not included)."""

    def __init__(self, hexes: list):
        qs = np.array([h[0] for h in hexes], dtype=np.int64)
        rs = np.array([h[1] for h in hexes], dtype=np.int64)
        self.n = len(hexes)
        q0, r0 = int(qs.min()) - 1, int(rs.min()) - 1          # lines stay within 1 hex of the box
        self.rows = int(rs.max()) - r0 + 2
        self.size = (int(qs.max()) - q0 + 2) * self.rows
        self.flat = ((qs - q0) * self.rows + (rs - r0)).astype(np.int32)
        i, j = np.triu_indices(self.n, k=1)
        dq, dr = qs[j] - qs[i], rs[j] - rs[i]
        flip = (dq < 0) | ((dq == 0) & (dr < 0))                 # one line per unordered pair
        dq, dr = np.where(flip, -dq, dq), np.where(flip, -dr, dr)
        a, b = np.where(flip, j, i), np.where(flip, i, j)
        span = int(max(np.abs(dr).max(initial=0), 1)) * 2 + 1
        keys, kidx = np.unique(dq * span + (dr + span // 2), return_inverse=True)
        self.groups = []
        by_length: dict = {}
        for k, key in enumerate(keys.tolist()):
            kq, kr = divmod(key, span)
            inner = [o for o in line_offsets(kq, kr - span // 2)
                     if o != (0, 0) and o != (kq, kr - span // 2)]
            by_length.setdefault(len(inner), []).append((k, [oq * self.rows + orr for oq, orr in inner]))
        for length, members in by_length.items():
            if length == 0:
                continue                                           # adjacent: always visible
            table = np.zeros(len(keys), dtype=np.int32) - 1
            table[[k for k, _ in members]] = np.arange(len(members), dtype=np.int32)
            pick = table[kidx]
            sel = pick >= 0
            deltas = np.array([d for _, d in members], dtype=np.int32)
            self.groups.append((a[sel].astype(np.int32), b[sel].astype(np.int32),
                                deltas, pick[sel]))

    def visible(self, intervening: np.ndarray, firer: np.ndarray, target: np.ndarray) -> np.ndarray:
        """n x n bool: [i, j] true when hex i can see hex j."""
        grid = np.zeros(self.size, dtype=np.int8)
        grid[self.flat] = intervening
        out = np.ones((self.n, self.n), dtype=bool)
        for a, b, deltas, pick in self.groups:
            worst = grid[self.flat[a][:, None] + deltas[pick]].max(axis=1)
            blocked = worst > np.maximum(firer[a], target[b])
            out[a[blocked], b[blocked]] = False
            blocked = worst > np.maximum(firer[b], target[a])
            out[b[blocked], a[blocked]] = False
        return out
