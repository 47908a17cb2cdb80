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
    if max(abs(d) for d in diffs) > 12:
        return _line_numpy(dx, dz, diffs)
    cuts = {0.0, 1.0}
    for d in diffs:
        n = abs(d)
        cuts.update(k / n for k in range(1, n))
    ts = sorted(cuts)
    out: dict = {}
    for t0, t1 in zip(ts, ts[1:]):
        t = (t0 + t1) / 2
        for nx, nz in _nudges(diffs):
            out.setdefault(_cube_round(t * dx + nx, t * dz + nz), None)
    return tuple(out)


def _nudges(diffs) -> tuple:
    """Along one of the six edge directions the segment runs on hex edges: look either side."""
    if 0 not in diffs:
        return ((0.0, 0.0),)
    sx, sz = ((1, 0), (0, 1), (1, -1))[diffs.index(0)]      # a vector across the line
    return ((sx * _NUDGE, sz * _NUDGE), (-sx * _NUDGE, -sz * _NUDGE))


def _line_numpy(dx: int, dz: int, diffs) -> tuple:
    """line_offsets for long lines: the same cuts and rounding, vectorised."""
    parts = [np.arange(1, abs(d)) / abs(d) for d in diffs if abs(d) > 1]
    ts = np.unique(np.concatenate([np.array([0.0, 1.0]), *parts]))
    mids = (ts[:-1] + ts[1:]) / 2
    nudges = np.array(_nudges(diffs))
    x = (mids[:, None] * dx + nudges[None, :, 0]).ravel()
    z = (mids[:, None] * dz + nudges[None, :, 1]).ravel()
    y = -x - z
    rx, ry, rz = np.rint(x), np.rint(y), np.rint(z)
    ex, ey, ez = np.abs(rx - x), np.abs(ry - y), np.abs(rz - z)
    fix_x = (ex > ey) & (ex > ez)
    fix_z = ~fix_x & (ey <= ez)
    rx = np.where(fix_x, -ry - rz, rx)
    rz = np.where(fix_z, -rx - ry, rz)
    keys = list(zip(rx.astype(int).tolist(), rz.astype(int).tolist()))
    return tuple(dict.fromkeys(keys))


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
        """hexes must be sorted (as HexGrid.hex_list is): then every pair i < j has q_j >= q_i."""
        hexes = sorted(hexes)
        qs = np.array([h[0] for h in hexes], dtype=np.int64)
        rs = np.array([h[1] for h in hexes], dtype=np.int64)
        self.n = len(hexes)
        q0, r0 = int(qs.min()) - 1, int(rs.min()) - 1          # lines stay within 1 hex of the box
        self.rows = int(rs.max()) - r0 + 2
        self.size = (int(qs.max()) - q0 + 2) * self.rows
        self.flat = ((qs - q0) * self.rows + (rs - r0)).astype(np.int32)
        i, j = np.triu_indices(self.n, k=1)
        a, b = i.astype(np.int32), j.astype(np.int32)            # sorted: q[b] >= q[a]
        dq, dr = (qs[j] - qs[i]).astype(np.int32), (rs[j] - rs[i]).astype(np.int32)
        span = int(max(np.abs(dr).max(initial=0), 1)) * 2 + 1
        dense = dq * span + (dr + span // 2)
        present = np.zeros(int(dense.max(initial=0)) + 1, dtype=bool)
        present[dense] = True
        keys = np.flatnonzero(present)
        kidx = (np.cumsum(present) - 1)[dense]
        self.groups = []
        lengths, rowpos, members = [], [], {}
        for key in keys.tolist():
            kq, kr = divmod(key, span)
            end = (kq, kr - span // 2)
            inner = [oq * self.rows + orr for oq, orr in line_offsets(*end)
                     if (oq, orr) != (0, 0) and (oq, orr) != end]
            group = members.setdefault(len(inner), [])
            lengths.append(len(inner))
            rowpos.append(len(group))
            group.append(inner)
        pair_len = np.array(lengths, dtype=np.int32)[kidx]
        pair_row = np.array(rowpos, dtype=np.int32)[kidx]
        order = np.argsort(pair_len, kind="stable")
        bounds = np.searchsorted(pair_len[order], sorted(members) + [max(members) + 1])
        for length, lo, hi in zip(sorted(members), bounds, bounds[1:]):
            if length == 0:
                continue                                           # adjacent: always visible
            sel = order[lo:hi]
            self.groups.append((a[sel], b[sel],
                                np.array(members[length], dtype=np.int32), pair_row[sel]))

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
