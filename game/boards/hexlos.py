"""Hex lines and line of sight (HS-LOS-1..9), one pair at a time or the whole map with numpy.

A line joins two hex centres (HS-LOS-1). The hexes it crosses are found exactly: the
segment is cut wherever it meets a line of the triangular grid through hex centres and
corners, and the hex holding each piece is taken. A piece lying along a hex edge belongs
to both hexes beside it (HS-LOS-2); a line that only touches a corner does not enter the
third hex there. Lines depend only on the displacement, so they are cached by it.
"""
from __future__ import annotations

from functools import lru_cache
from math import gcd

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
    """The geometry of every hex pair of one grid, prepared for whole-map LOS with numpy.

    Hexes are laid in a padded flat array (axial q rows, r columns) so that moving by a
    displacement is adding one integer. For each primitive displacement p the worst
    intervening value is computed for every hex at once, one shifted np.maximum per hex
    of the line; the lines to 2p, 3p, ... are the line to p repeated, so each multiple
    costs one more shifted maximum (the worst of the first step and the rest).
    """

    def __init__(self, hexes: list):
        hexes = sorted(hexes)          # the order of HexGrid.hex_list
        qs = np.array([h[0] for h in hexes], dtype=np.int64)
        rs = np.array([h[1] for h in hexes], dtype=np.int64)
        self.n = len(hexes)
        q0, r0 = int(qs.min()) - 1, int(rs.min()) - 1          # lines stay within 1 hex of the box
        self.rows = int(rs.max()) - r0 + 2
        self.size = (int(qs.max()) - q0 + 2) * self.rows
        self.flat = ((qs - q0) * self.rows + (rs - r0)).astype(np.int64)
        self.a, self.b, spans = self._pairs(qs, rs)
        self.src = self.flat[self.a]
        self.chains = []               # (deltas of p's inner hexes, step of p, [(multiple, lo, hi)])
        for p, multiples in _primitive_chains(spans).items():
            inner = [oq * self.rows + orr for oq, orr in line_offsets(*p)
                     if (oq, orr) != (0, 0) and (oq, orr) != p]
            self.chains.append((inner, p[0] * self.rows + p[1], multiples))

    def _pairs(self, qs, rs) -> tuple:
        """Every unordered pair once, grouped by displacement: (a, b, {(dq, dr): (lo, hi)}).

        Looked up in a layout wide enough that no displacement wraps into the next row.
        """
        q_span, r_span = int(qs.max() - qs.min()), int(rs.max() - rs.min())
        rows = 3 * r_span + 1
        flat = (qs - qs.min()) * rows + (rs - rs.min() + r_span)
        pad = (q_span + 1) * rows
        index = np.full(3 * pad, -1, dtype=np.int32)
        index[pad + flat] = np.arange(self.n, dtype=np.int32)
        here = pad + flat
        a_parts, b_parts, spans, pos = [], [], {}, 0
        for dq in range(q_span + 1):
            for dr in range(-r_span if dq else 1, r_span + 1):
                target = index[here + (dq * rows + dr)]
                found = np.flatnonzero(target >= 0)
                if len(found):
                    a_parts.append(found)
                    b_parts.append(target[found])
                    spans[(dq, dr)] = (pos, pos + len(found))
                    pos += len(found)
        if not a_parts:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32), spans
        return (np.concatenate(a_parts).astype(np.int32), np.concatenate(b_parts).astype(np.int32),
                spans)

    def visible(self, intervening: np.ndarray, firer: np.ndarray, target: np.ndarray) -> np.ndarray:
        """n x n bool: [i, j] true when hex i can see hex j (HS-LOS-6/7)."""
        size, pad = self.size, self.size
        grid = np.zeros(size + 2 * pad, dtype=np.int8)         # off-map hexes count as clear
        grid[pad + self.flat] = intervening
        worst = np.zeros(len(self.a), dtype=np.int8)
        inner = np.empty(size, dtype=np.int8)
        first = np.empty(size, dtype=np.int8)
        cur = np.zeros(size + 2 * pad, dtype=np.int8)
        nxt = np.zeros(size + 2 * pad, dtype=np.int8)
        mx = np.maximum
        for deltas, step, multiples in self.chains:
            inner.fill(0)
            for d in deltas:
                mx(inner, grid[pad + d: pad + d + size], out=inner)
            top = multiples[-1][0]
            if top > 1:                # the first step including the hex it ends on
                mx(inner, grid[pad + step: pad + step + size], out=first)
            cur[pad: pad + size] = inner
            done = 1
            for multiple, lo, hi in multiples:
                while done < multiple:
                    mx(first, cur[pad + step: pad + step + size], out=nxt[pad: pad + size])
                    cur, nxt = nxt, cur
                    done += 1
                worst[lo:hi] = cur[pad + self.src[lo:hi]]
        out = np.ones((self.n, self.n), dtype=bool)
        a, b = self.a, self.b
        blocked = worst > np.maximum(firer[a], target[b])
        out[a[blocked], b[blocked]] = False
        blocked = worst > np.maximum(firer[b], target[a])
        out[b[blocked], a[blocked]] = False
        return out


def _primitive_chains(spans: dict) -> dict:
    """primitive displacement -> sorted [(multiple, lo, hi)] of the displacements present."""
    chains: dict = {}
    for (dq, dr), (lo, hi) in spans.items():
        g = gcd(dq, dr) or 1
        chains.setdefault((dq // g, dr // g), []).append((g, lo, hi))
    for multiples in chains.values():
        multiples.sort()
    return chains
