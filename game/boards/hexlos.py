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



class _Numpy:
    """numpy, imported on its first use: its import costs more than the menu's first frame, and
    the rules of most games never draw a long line (this module's ``np`` becomes numpy itself)."""

    def __getattr__(self, name: str):
        import numpy
        globals()["np"] = numpy
        return getattr(numpy, name)


np = _Numpy()
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
    rx, rz = _batch_round(x, z)
    return tuple(dict.fromkeys(zip(rx.tolist(), rz.tolist())))


def inner_offsets(displacements) -> list:
    """For each (dq, dr), the hexes strictly between the ends of its line, as an int array (k, 2).

    The same cuts, midpoints, nudges and rounding as line_offsets, for every line at once
    (numpy): a whole-map plan needs thousands of lines and must not ask for them one by one.
    """
    d = np.asarray(displacements, dtype=np.int64).reshape(-1, 2)
    owner, rq, rr = _inner_hexes(d)
    cuts = np.searchsorted(owner, np.arange(1, len(d)))
    return np.split(np.stack([rq, rr], axis=1), cuts)


def _inner_hexes(d) -> tuple:
    """(line index, dq, dr) of every inner hex of every line in d, sorted by line."""
    owner, x, z = _batch_points(d[:, 0], d[:, 1])
    rq, rr = _batch_round(x, z)
    fresh = np.ones(len(rq), dtype=bool)                 # neighbouring pieces share hexes: drop
    fresh[1:] = (rq[1:] != rq[:-1]) | (rr[1:] != rr[:-1]) | (owner[1:] != owner[:-1])
    owner, rq, rr = owner[fresh], rq[fresh], rr[fresh]
    span = int(np.abs(d).max(initial=0)) + 2
    width = 2 * span + 1
    keys = np.sort((owner * width + (rq + span)) * width + (rr + span))
    keys = keys[np.append(True, keys[1:] != keys[:-1])]
    owner, rest = np.divmod(keys, width * width)
    rq, rr = rest // width - span, rest % width - span
    ends = ((rq == 0) & (rr == 0)) | ((rq == d[owner, 0]) & (rr == d[owner, 1]))
    return owner[~ends], rq[~ends], rr[~ends]


def _batch_points(dx, dz) -> tuple:
    """(line index, x, z) of every segment midpoint of every line, nudged off edge lines."""
    dy = -dx - dz
    diffs = np.abs(np.stack([dx - dy, dy - dz, dz - dx], axis=1))
    counts = np.maximum(diffs - 1, 0).ravel()
    lines = np.arange(len(dx))
    starts = np.cumsum(counts) - counts
    k = np.arange(counts.sum()) - np.repeat(starts, counts) + 1
    t = np.concatenate([k / np.repeat(diffs.ravel(), counts), np.zeros(len(dx)), np.ones(len(dx))])
    owner = np.concatenate([np.repeat(np.repeat(lines, 3), counts), lines, lines])
    order = np.argsort(owner + t / 2, kind="stable")     # exact: cuts differ by far more than 2**-40
    owner, t = owner[order], t[order]
    fresh = np.ones(len(t), dtype=bool)
    fresh[1:] = (owner[1:] != owner[:-1]) | (t[1:] != t[:-1])
    owner, t = owner[fresh], t[fresh]
    seg = owner[1:] == owner[:-1]
    mid, owner = ((t[:-1] + t[1:]) / 2)[seg], owner[:-1][seg]
    edge = (diffs == 0).any(axis=1)                      # runs along hex edges: look either side
    across = np.array([(1, 0), (0, 1), (1, -1)])[np.argmin(diffs, axis=1)]
    nx, nz = across[owner, 0] * _NUDGE, across[owner, 1] * _NUDGE
    on_edge = edge[owner]
    plain = ~on_edge
    x = np.concatenate([mid[plain] * dx[owner[plain]], mid[on_edge] * dx[owner[on_edge]] + nx[on_edge],
                        mid[on_edge] * dx[owner[on_edge]] - nx[on_edge]])
    z = np.concatenate([mid[plain] * dz[owner[plain]], mid[on_edge] * dz[owner[on_edge]] + nz[on_edge],
                        mid[on_edge] * dz[owner[on_edge]] - nz[on_edge]])
    return np.concatenate([owner[plain], owner[on_edge], owner[on_edge]]), x, z


def _batch_round(x, z) -> tuple:
    """_cube_round over arrays: the axial hex holding each cube point."""
    y = -x - z
    rx, ry, rz = np.rint(x), np.rint(y), np.rint(z)
    ex, ey, ez = np.abs(rx - x), np.abs(ry - y), np.abs(rz - z)
    fix_x = (ex > ey) & (ex > ez)
    fix_z = ~fix_x & (ey <= ez)
    rx = np.where(fix_x, -ry - rz, rx)
    rz = np.where(fix_z, -rx - ry, rz)
    return rx.astype(np.int64), rz.astype(np.int64)


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
    intervening value is computed for every hex at once: the line's inner hexes are a few
    runs along one hex axis, and each run is one shifted np.maximum of a sliding-window
    maximum made once per call. The lines to 2p, 3p, ... are the line to p repeated, so
    each multiple costs one more shifted maximum (the worst of the first step and the rest).
    Building the plan is vectorised too (the pairs, the lines, their runs): no loop per pair
    or per hex, so the first whole-map call stays well under a second on six panels.
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
        a, b, spans = self._pairs(qs, rs)
        self.src = self.flat[a]
        self.cell = a * self.n + b                      # where each pair's worst lies in an n x n matrix
        chains = _primitive_chains(spans)
        prims = np.array(list(chains), dtype=np.int64).reshape(-1, 2)
        runs = self._runs(prims, *_inner_hexes(prims))
        self.chains = [(runs[i], p[0] * self.rows + p[1], chains[p]) for i, p in enumerate(chains)]
        self.longest = [max((n for r in runs for ax, n, _ in r if ax == axis), default=0)
                        for axis in range(3)]

    def _runs(self, prims, owner, dq, dr) -> list:
        """Each line's inner hexes as runs along one hex axis: [(axis, length, start delta)].

        A line crosses each row of hexes along an axis in one unbroken run, so taking the
        axis the line cuts fewest rows of makes few runs; one shifted maximum of a
        precomputed sliding window covers a whole run (see visible).
        """
        comp = np.abs(np.stack([prims[:, 0], prims[:, 1], prims[:, 0] + prims[:, 1]], axis=1))
        axis = np.argmin(comp, axis=1)[owner]                # 0: runs along r, 1: along q, 2: along s
        fixed = np.choose(axis, [dq, dr, dq + dr])
        vary = np.where(axis == 0, dr, dq)
        order = np.lexsort((vary, fixed, owner))
        owner, axis, fixed, vary = owner[order], axis[order], fixed[order], vary[order]
        delta = (dq * self.rows + dr)[order]
        new = np.ones(len(owner), dtype=bool)
        new[1:] = (owner[1:] != owner[:-1]) | (fixed[1:] != fixed[:-1]) | (vary[1:] != vary[:-1] + 1)
        starts = np.flatnonzero(new)
        lengths = np.diff(np.append(starts, len(owner)))
        out: list = [[] for _ in range(len(prims))]
        for o, ax, n, d0 in zip(owner[starts].tolist(), axis[starts].tolist(), lengths.tolist(),
                                delta[starts].tolist()):
            out[o].append((ax, n, d0))
        return out

    def _pairs(self, qs, rs) -> tuple:
        """Every unordered pair once, grouped by displacement: (a, b, {(dq, dr): (lo, hi)}).

        Hexes are sorted by (q, r), so a column is a few runs of consecutive r. For two runs
        and one displacement the sources form one run of indices, and their targets the same
        run shifted: every pair is found from these (run, run, dr) triples without a loop.
        """
        n = len(qs)
        brk = np.flatnonzero((qs[1:] != qs[:-1]) | (rs[1:] != rs[:-1] + 1)) + 1
        start = np.concatenate([[0], brk]).astype(np.int64)
        last = np.concatenate([brk, [n]]).astype(np.int64) - 1
        col, lo, hi = qs[start], rs[start], rs[last]
        u, v = np.nonzero(col[None, :] >= col[:, None])          # run u -> run v, v not west of u
        width = hi[v] - lo[v] + hi[u] - lo[u] + 1                # the dr values that meet
        u, v = np.repeat(u, width), np.repeat(v, width)
        dr = lo[v] - hi[u] + _ramp(width)
        dq = col[v] - col[u]
        keep = (dq > 0) | (dr > 0)
        u, v, dr, dq = u[keep], v[keep], dr[keep], dq[keep]
        r0 = np.maximum(lo[u], lo[v] - dr)
        count = np.minimum(hi[u], hi[v] - dr) - r0 + 1
        first = start[u] + r0 - lo[u]
        shift = start[v] - lo[v] + dr - (start[u] - lo[u])
        order = np.lexsort((dr, dq))
        count, first, shift = count[order], first[order], shift[order]
        ends = np.cumsum(count)
        a = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int32)
        a += np.repeat((first - ends + count).astype(np.int32), count)
        b = a + np.repeat(shift.astype(np.int32), count)
        keys = np.stack([dq[order], dr[order]], axis=1)
        new = np.flatnonzero(np.any(keys[1:] != keys[:-1], axis=1)) + 1
        bounds = np.concatenate([[0], ends[new - 1], [len(a)]]) if len(a) else np.zeros(1, np.int64)
        spans = {(int(k[0]), int(k[1])): (int(bounds[i]), int(bounds[i + 1]))
                 for i, k in enumerate(keys[np.concatenate([[0], new])].tolist())} if len(a) else {}
        return a, b, spans

    def visible(self, intervening: np.ndarray, firer: np.ndarray, target: np.ndarray) -> np.ndarray:
        """n x n bool: [i, j] true when hex i can see hex j (HS-LOS-6/7)."""
        size, pad = self.size, self.size
        grid = np.zeros(size + 2 * pad, dtype=np.int8)         # off-map hexes count as clear
        grid[pad + self.flat] = intervening
        worst = np.zeros(len(self.src), dtype=np.int8)
        inner = np.empty(size, dtype=np.int8)
        first = np.empty(size, dtype=np.int8)
        cur = np.zeros(size + 2 * pad, dtype=np.int8)
        nxt = np.zeros(size + 2 * pad, dtype=np.int8)
        mx = np.maximum
        window = self._windows(grid)
        for runs, step, multiples in self.chains:
            inner.fill(0)
            for ax, n, d in runs:
                mx(inner, window[ax][n][pad + d: pad + d + size], out=inner)
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
        whole = np.zeros((self.n, self.n), dtype=np.int8)
        whole.ravel()[self.cell] = worst
        np.maximum(whole, whole.T, out=whole)             # a line is the same both ways
        return whole <= np.maximum(firer[:, None], target[None, :])


    def _windows(self, grid) -> list:
        """Per axis, [n] -> the worst of n hexes in a row from each cell (sliding maxima)."""
        longest = self.longest
        out = []
        for ax, stride in enumerate((1, self.rows, self.rows - 1)):
            levels = [None, grid]
            for n in range(2, longest[ax] + 1):
                prev, shift = levels[-1], (n - 1) * stride
                nxt = np.zeros_like(grid)
                np.maximum(prev[:-shift], grid[shift:], out=nxt[:-shift])
                levels.append(nxt)
            out.append(levels)
        return out


def _ramp(counts):
    """0, 1, ... counts[0]-1, 0, 1, ... counts[1]-1, ...: the place of each item within its group."""
    total = int(counts.sum())
    return np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)


def _primitive_chains(spans: dict) -> dict:
    """primitive displacement -> sorted [(multiple, lo, hi)] of the displacements present."""
    chains: dict = {}
    for (dq, dr), (lo, hi) in spans.items():
        g = gcd(dq, dr) or 1
        chains.setdefault((dq // g, dr // g), []).append((g, lo, hi))
    for multiples in chains.values():
        multiples.sort()
    return chains
