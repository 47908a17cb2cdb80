"""Plane geometry for area polygons: hit tests, shared edges, overlaps, label points."""
from __future__ import annotations

import math

TOLERANCE = 2.0   # pixels: edges this close count as shared (docs/maps.md)


def bbox(points) -> tuple:
    """(min_x, min_y, max_x, max_y) of a point list."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def point_in_polygon(x: float, y: float, poly) -> bool:
    """Even-odd rule hit test."""
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def segment_distance(px, py, ax, ay, bx, by) -> float:
    """Distance from a point to a segment."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def boundary_distance(x, y, poly) -> float:
    """Distance from a point to a polygon's outline."""
    return min(segment_distance(x, y, *poly[i - 1], *poly[i]) for i in range(len(poly)))


def edges(poly):
    """The closed polygon's edges as ((x1, y1), (x2, y2)) pairs."""
    return [(poly[i - 1], poly[i]) for i in range(len(poly))]


def _overlap_length(s, t, tol: float) -> float:
    """Length along segment s that segment t runs beside, within tol (0 if not collinear)."""
    (ax, ay), (bx, by) = s
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return 0.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    proj = []
    for qx, qy in t:
        rx, ry = qx - ax, qy - ay
        if abs(rx * uy - ry * ux) > tol:       # t leaves s's line
            return 0.0
        proj.append(rx * ux + ry * uy)
    lo, hi = max(0.0, min(proj)), min(length, max(proj))
    return max(0.0, hi - lo)


def share_edge(p, q, tol: float = TOLERANCE) -> bool:
    """Whether two polygons have a stretch of outline in common longer than tol."""
    for s in edges(p):
        for t in edges(q):
            if _overlap_length(s, t, tol) > tol:
                return True
    return False


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _proper_crossing(s, t, tol: float) -> bool:
    """Segments cross each other well away from their ends."""
    d1, d2 = _cross(t[0], t[1], s[0]), _cross(t[0], t[1], s[1])
    d3, d4 = _cross(s[0], s[1], t[0]), _cross(s[0], s[1], t[1])
    if not (d1 * d2 < 0 and d3 * d4 < 0):
        return False
    ends = [*s, *t]
    return all(min(segment_distance(*e, *t[0], *t[1]), segment_distance(*e, *s[0], *s[1])) > tol
               for e in ends)


def polygons_overlap(p, q, tol: float = TOLERANCE) -> bool:
    """Whether two polygons' insides overlap by more than the tolerance."""
    for a, b in ((p, q), (q, p)):
        for x, y in a:
            if point_in_polygon(x, y, b) and boundary_distance(x, y, b) > tol:
                return True
    return any(_proper_crossing(s, t, tol) for s in edges(p) for t in edges(q))


def centroid(poly) -> tuple:
    """Area centroid of a simple polygon (the mean of its points when degenerate)."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in edges(poly):
        f = x0 * y1 - x1 * y0
        a += f
        cx += (x0 + x1) * f
        cy += (y0 + y1) * f
    if abs(a) < 1e-9:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    return (cx / (3 * a), cy / (3 * a))


def label_point(poly) -> tuple:
    """A point well inside the polygon: its centroid, or the middle of its widest row."""
    cx, cy = centroid(poly)
    if point_in_polygon(cx, cy, poly):
        return (cx, cy)
    x0, y0, x1, y1 = bbox(poly)
    best, best_width = (cx, cy), -1.0
    for k in range(1, 16):
        y = y0 + (y1 - y0) * k / 16
        xs = sorted(_row_crossings(poly, y))
        for left, right in zip(xs[::2], xs[1::2]):
            if right - left > best_width:
                best, best_width = ((left + right) / 2, y), right - left
    return best


def _row_crossings(poly, y):
    """x positions where the horizontal line at y crosses the outline."""
    out = []
    for (xa, ya), (xb, yb) in edges(poly):
        if (ya > y) != (yb > y):
            out.append(xa + (y - ya) * (xb - xa) / (yb - ya))
    return out
