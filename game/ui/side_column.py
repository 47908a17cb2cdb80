"""The play scene's side column and top bar: panels share the room and scroll; the headline fits."""
from __future__ import annotations

import pygame

from . import style
from .play_parts import side_chip

PANEL_FRAME = 36           # design px a panel's frame and title take beyond its content
PANEL_MIN = 56             # design px of content a crowded panel still shows (the rest scrolls)
PANEL_FLOOR = 28           # design px of content under which a panel is left out rather than squeezed
PANEL_WHEEL = 40           # design px one wheel notch scrolls a panel
LOG_MIN = 96               # design px the log keeps however crowded the side column is


def share_space(wants: list, mins: list, room: int, floor: int) -> list:
    """Heights for panels wanting ``wants`` (at least ``mins``) in ``room``: all they want when it fits,
    else the minimums plus the rest shared by how much more each wants. When even the minimums do not
    fit they shrink towards ``floor``; panels that cannot get ``floor`` get 0 (the last ones first)."""
    if sum(wants) <= room:
        return list(wants)
    n = len(wants)
    keep = min(n, max(0, room) // max(1, floor))
    wants, mins = wants[:keep], [max(min(m, w), min(floor, w)) for m, w in zip(mins[:keep], wants[:keep])]
    if sum(mins) > room:                        # shrink the minimums towards the floor, in proportion
        lows = [min(floor, m) for m in mins]
        give = [m - lo for m, lo in zip(mins, lows)]
        spare = room - sum(lows)
        out = [lo + spare * g // max(1, sum(give)) for lo, g in zip(lows, give)]
    else:
        more = [w - m for w, m in zip(wants, mins)]
        out = [m + (room - sum(mins)) * x // max(1, sum(more)) for m, x in zip(mins, more)]
    return out + [0] * (n - keep)


def panel_minimum(panel, width: int, view: dict) -> int:
    """The content height a panel must keep (Panel.min_height, when the game's panel has one)."""
    ask = getattr(panel, "min_height", None)
    return int(ask(width, view) or 0) if ask else 0


def draw_scroll_bar(surface, inner, scrolled: int, total: int) -> None:
    """A thin brass bar at the right of a panel: where the visible part lies in the whole."""
    track = pygame.Rect(inner.right - style.px(6), inner.top + style.px(2), style.px(4), inner.height - style.px(4))
    pygame.draw.rect(surface, style.SLATE_DARK, track, border_radius=style.px(2))
    h = max(style.px(12), track.height * inner.height // max(1, total))
    y = track.top + (track.height - h) * scrolled // max(1, total - inner.height)
    pygame.draw.rect(surface, style.BRASS_DIM, (track.left, y, track.width, h), border_radius=style.px(2))


def draw_headline(surface, spec, bar, right: int, parts: list, scores: list) -> int:
    """Title · turn · phase and the scores, left of ``right`` on the top bar: when crowded the scores
    keep only their side's chip (its letter and colour) and the number, then the text shrinks, and
    only then the title goes (the window caption still names the game). Returns where it ends."""
    gap, chip = style.px(14), style.px(20)
    for drop_title, compact, size in ((False, False, 16), (False, True, 16), (False, True, 14),
                                      (True, True, 14), (True, True, 12)):
        words = "  ·  ".join(parts[1:] if drop_title and len(parts) > 1 else parts)
        head = style.font(size, bold=True, serif=True).size(words)[0]
        small = style.font(size - 1)
        tail = sum(chip + style.px(4) + small.size(_score_words(spec, s, n, compact))[0] + gap for s, n in scores)
        if style.px(14) + head + style.px(18) + tail <= right - bar.left:
            break
    x = bar.left + style.px(14)
    font = style.font(size, bold=True, serif=True)
    while font.size(words)[0] > right - x - style.px(18) - tail and len(words) > 4:   # the smallest did not fit
        words = words[:-2] + "…"
    rect = style.text(surface, words, (x, bar.centery), size, style.INK, bold=True, serif=True, anchor="midleft")
    x = rect.right + style.px(18)
    for side, score in scores:
        side_chip(surface, spec, side, (x + chip // 2, bar.centery), chip)
        r = style.text(surface, _score_words(spec, side, score, compact), (x + chip + style.px(4), bar.centery),
                       size - 1, style.INK, anchor="midleft")
        x = r.right + gap
    return x - gap if scores else rect.right


def _score_words(spec, side, score, compact: bool) -> str:
    """A side's score on the top bar: with its name, or (crowded) the number beside its chip alone."""
    return str(score) if compact else f"{spec.display_name(side)} {score}"
