"""BoardView: the shared board widget (camera, cached base map, highlights, pieces, hover).

make_board_view(board, side_colours) returns an AreaBoardView or a HexBoardView. The base map
is rendered once per zoom level into a surface and only blitted afterwards; highlights and
pieces are drawn over it each frame. Drawing never changes the game. The legal targets' layer
is board_pulse.TargetLayer, the pieces' board_pieces.PieceLayer (mixins of BoardView).

Driving a view from a scene:
    view = make_board_view(board, spec.side_colours)
    view.set_viewport(map_rect)                 # again on every resize
    view.set_pieces(view_state["pieces"]); view.set_highlights(targets=..., selected=...)
    on each event: used = view.handle_event(event); a left MOUSEBUTTONUP that returns False
        is a click: place = view.place_at(event.pos)
    each frame: view.draw(screen, now_ms); keep redrawing while view.animating(now_ms)
"""
from __future__ import annotations

import math
import time

import pygame

from game.ui import pieces as piece_art
from game.ui import tag_room
from game.ui import theme as default_theme
from game.ui.board_pieces import BlitList, PieceLayer, along, unit_count  # noqa: F401  (re-exported)
from game.ui.board_pulse import TargetLayer
from game.ui.camera import Camera
from game.ui.scene import now_ms as clock

CACHE_LEVELS = 3       # rendered zoom levels kept in memory...
CACHE_PIXELS = 40_000_000  # ...while together they stay under about 160 MB
READABLE_COUNTER = 26  # screen px from which a counter shows its values (pieces.draw_counter)
DRAG_START = 4         # pixels the mouse must move before a press becomes a drag
PULSE_MS = 900         # one pulse of the legal-target outline
PULSE_SETTLE_MS = 4 * PULSE_MS   # then, with no input or change, the pulse holds still (UI.md: idle = no CPU)
RENDER_SLICE_S = 0.008  # a frame spends at most about this on a base map not yet rendered...
FIRST_SLICE_S = 0.014   # ...or on the first one of a new table (nothing moves on it yet to keep smooth)
STEERED_MS = 2500      # after the player pans or zooms, the view does not follow the computer's moves this long


def make_board_view(board, side_colours: dict, theme=None) -> "BoardView":
    """The view for a board: AreaBoardView for an AreaMap, HexBoardView for a HexGrid."""
    if getattr(board, "kind", None) == "area" or hasattr(board, "areas"):
        from game.ui.area_view import AreaBoardView
        return AreaBoardView(board, side_colours, theme)
    from game.ui.hex_view import HexBoardView
    return HexBoardView(board, side_colours, theme)


def normal_place(place):
    """A place as the views key it: hex lists [q, r] become tuples."""
    return tuple(place) if isinstance(place, list) else place


class BoardView(TargetLayer, PieceLayer):
    """Common behaviour of the board views; subclasses draw the map and know its places."""

    def __init__(self, board, side_colours: dict, theme=None) -> None:
        self.board = board
        self.theme = theme or default_theme
        self.side_colours = dict(side_colours or {})
        self.sprites = piece_art.SpriteCache(self.side_colours)
        self.camera = Camera(self.map_size(), pygame.Rect(0, 0, 1280, 720))
        self.hover = None
        self.targets: frozenset = frozenset()
        self.quiet: frozenset = frozenset()   # legal targets drawn as a steady light tint, not pulsed
        self._quiet_layer = (None, None)      # (camera key, tint surface) for the quiet targets
        self._targets_layer = (None, None, None)   # (camera key, layer, cells) for the pulsing targets
        self._pulse_layers = None     # (what lies over the targets, the pulse step last drawn)
        self._tags: dict = {}         # (text, fill, ink) -> a drawn tag
        self._spots = (None, {}, None, None)   # (key, place -> where its tag goes, the labels and path)
        self._lit_steps = (None, {})  # (key, pulse step -> the map with the targets lit at that step)
        self._rendering = None        # (zoom, steps, surface) while a base map is drawn a slice a frame
        self.progressive = False      # draw a new base map a slice a frame (the play scene asks for it)
        self._under_layer = (None, None)       # (camera key, the map and quiet tint in the viewport)
        self._pieces_blits = (None, [])        # (key, blits drawing every piece)
        self._pieces_version = 0               # bumped by set_pieces
        self.selected: frozenset = frozenset()
        self.path: tuple = ()
        self.labels: dict = {}
        self.pieces: list = []
        self._groups: dict = {}
        self._cache: dict = {}        # zoom -> rendered base surface (LRU order)
        self._press = None            # (pos, dragging) while a mouse button is down
        self._mouse = None            # last known mouse position
        self._placed = False          # True once the player has panned or zoomed
        self.hover_label = True       # draw the hover text beside the cursor
        self.ui_scale = 1.0           # the window's text scale (the shell sets it), for the hover text
        self.side_names: dict = {}    # side -> display name (the shell sets it), for the hover text
        self.pulse = True             # legal targets pulse (False: steady, no redraws needed)
        self._stirred_at = None       # ms of the last input or change (None: take the next frame's time)
        self._steered_at = None       # ms when the player last panned or zoomed the map (None: not yet)
        self._settled_drawn = False   # the steady look has been drawn since the pulse stopped
        self._slides: list = []       # (piece, [map xy of each place on its way], count) sliding now
        self._slide_at = (0, 1)       # (start ms, length ms) of the slides
        self._sliding_ids: frozenset = frozenset()   # counters drawn by their slide, not in their place

    # -- subclass hooks -------------------------------------------------------------------
    def map_size(self) -> tuple:
        """(width, height) of the map in map pixels."""
        raise NotImplementedError

    def render_base(self, zoom: float) -> pygame.Surface:
        """The whole static map drawn at `zoom`."""
        raise NotImplementedError

    def place_at_map(self, mx: float, my: float):
        """The place under map pixel (mx, my), or None."""
        raise NotImplementedError

    def centre(self, place):
        """Map-pixel centre of a place, or None if the board has no such place."""
        raise NotImplementedError

    def outline(self, place):
        """Map-pixel outline polygon of a place, or None."""
        raise NotImplementedError

    def hover_text(self) -> str:
        """A one-line description of the place under the cursor ('' when none)."""
        raise NotImplementedError

    def name_rects(self) -> list:
        """Where names printed on the map stand on screen now: tags drawn over the map keep off them."""
        return []

    def covers_name(self, rect) -> bool:
        """True when a screen rectangle would hide part of a name printed on the map."""
        return rect.collidelist(self.name_rects()) >= 0

    def covers_legend(self, rect) -> bool:
        """True when a screen rectangle would hide a legend painted on the map (none on a hex map)."""
        return False

    def piece_rects(self) -> list:
        """The screen rectangles of the pieces as they are drawn now."""
        rects, hover = [], self.hover
        self.hover = None               # the stacks as they stand, not fanned out under the pointer
        try:
            blits = self._piece_blits(frozenset())
        finally:
            self.hover = hover
        for item in blits:
            source, dest = item[0], item[1]
            size = item[2].size if len(item) > 2 else source.get_size()
            rects.append(pygame.Rect(dest, size))
        return rects

    def piece_anchor(self, place):
        """Map pixel where the pieces in a place are drawn."""
        return self.centre(place)

    def piece_drop(self) -> float:
        """Screen pixels below the anchor where pieces sit (areas: below the name)."""
        return 0.0

    def counter_size(self) -> float:
        """Counter edge in map pixels."""
        return 40.0

    # -- the BoardView interface ------------------------------------------------------------
    def set_viewport(self, rect) -> None:
        """Where on the window the map is drawn."""
        self.camera.set_viewport(rect)
        if not self._placed:   # until the player pans or zooms, the whole map shows
            self._start_view()

    def _start_view(self) -> None:
        """The whole map; when that leaves counters too small to read, closer, as far as filling the
        viewport (no empty margins) allows (UI.md: counters readable at the default zoom)."""
        cam = self.camera
        cam.fit()
        if not any(p.get("style") != "cube" for p in self.pieces):
            return
        readable = READABLE_COUNTER / self.counter_size()
        box = self._pieces_box()
        if readable <= cam.zoom * 1.08 or box is None:
            return
        # Every unit in view; the counters' values readable now, or one zoom step in (issue: opening view).
        vp = cam.viewport
        every = min(vp.w / box.w, vp.h / box.h)
        cover = max(vp.w / cam.map_w, vp.h / cam.map_h)      # never closer than filling the viewport
        zoom = max(cam.zoom, min(every, readable, cover))
        cam.start_at(zoom, then=readable if zoom < readable * 0.97 else None)
        cam.centre_on(*box.center)
        for axis, size, room in (("x", cam.map_w, vp.w / cam.zoom), ("y", cam.map_h, vp.h / cam.zoom)):
            # no empty margin where the map is larger than the view; centred where it is not
            setattr(cam, axis, min(max(getattr(cam, axis), 0.0), size - room) if size >= room else (size - room) / 2)

    def _pieces_box(self):
        """The map rectangle holding every piece on the map (a counter's width of margin), or None."""
        boxes = getattr(self, "boxes", ())
        names = {zone.name for zone in boxes}
        # Only pieces on the map itself count: with none there yet (a set-up), the whole map shows.
        points = [self.piece_anchor(place) for place in self._groups if place not in names]
        points = [p for p in points if p is not None]
        if not points:
            return None
        for zone in boxes:                               # off-map boxes (Landing Pads) are always in view
            points += [tuple(p) for p in zone.polygon]
        margin = self.counter_size()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(min(xs) - margin, min(ys) - margin, max(xs) - min(xs) + 2 * margin,
                           max(ys) - min(ys) + 2 * margin)

    def place_at(self, screen_pos):
        """The place under a screen position (area name, hex tuple, box name) or None."""
        if not self.camera.viewport.collidepoint(screen_pos):
            return None
        return self.place_at_map(*self.camera.to_map(*screen_pos))

    def screen_pos(self, place) -> tuple | None:
        """Centre of a place on screen."""
        c = self.centre(normal_place(place))
        if c is None:
            return None
        x, y = self.camera.to_screen(*c)
        return (round(x), round(y))

    def centre_on(self, place) -> bool:
        """Scroll so a place is in the middle of the viewport (e.g. the battle being fought)."""
        c = self.centre(normal_place(place))
        if c is None:
            return False
        self.camera.centre_on(*c)
        self._placed = True
        return True

    def bring_into_view(self, place) -> bool:
        """Glide to a place only when it lies outside the viewport (a hint lit where the player
        had scrolled away from); True when the view moves."""
        if not self.camera.show_points(self._points_of([place])):
            return False
        self._placed = True
        return True

    def _points_of(self, places) -> list:
        """The map points at the centres of ``places`` (those on this board)."""
        return [c for c in (self.centre(normal_place(p)) for p in places) if c is not None]

    @property
    def chosen(self) -> bool:
        """True once the player (or the table for them: a hint, a battle) chose what the map shows."""
        return self._placed

    def restore_view(self, snap) -> None:
        """Show a view kept from before (Camera.snapshot) as the player's own."""
        self.camera.restore(snap)
        self._placed = True

    def follow(self, places, now_ms: int, instant: bool = False) -> bool:
        """Glide the view to show the places a computer's move touched, when they lie outside it, unless
        the player holds the map or has just moved it (they are looking somewhere on purpose)."""
        if self._press is not None or self.camera.gliding():
            return False
        if self._steered_at is not None and now_ms - self._steered_at < STEERED_MS:
            return False
        moved = self.camera.show_points(self._points_of(places))
        if moved and instant:
            self.camera.settle()
        return moved        # (not a view the player chose: the opening view may still frame new counters)

    def set_highlights(self, targets=(), selected=(), path=(), labels: dict | None = None, quiet=()) -> None:
        """Legal targets (pulsing), the selection (strong outline), a path with labels.

        quiet: targets drawn with a light steady tint instead (a unit that can reach most of the map)."""
        self.quiet = frozenset(normal_place(p) for p in quiet)
        targets = frozenset(normal_place(p) for p in targets)
        selected = frozenset(normal_place(p) for p in selected)
        path = tuple(normal_place(p) for p in path)
        labels = {normal_place(k): str(v) for k, v in (labels or {}).items()}
        if (targets, selected, path, labels) != (self.targets, self.selected, self.path, self.labels):
            self.stir()
        self.targets, self.selected, self.path, self.labels = targets, selected, path, labels

    def set_pieces(self, pieces: list) -> None:
        """The pieces to draw (view["pieces"])."""
        had = any(p.get("style") != "cube" for p in self.pieces)
        box = self._pieces_box() if had else None
        self.pieces = list(pieces or ())
        self._pieces_version += 1
        self._groups = piece_art.group_pieces(self.pieces)
        has = any(p.get("style") != "cube" for p in self.pieces)
        if not self._placed and (had != has or (has and self._pieces_box() != box)):
            self._start_view()     # counters arrived or spread out: every one in view, readable one step in

    def stir(self, now_ms: int | None = None) -> None:
        """Input or a change: legal targets pulse again for PULSE_SETTLE_MS."""
        self._stirred_at = now_ms
        self._settled_drawn = False

    def pulse_level(self, now_ms: int) -> float | None:
        """0..1 along the pulse while it runs; None once it has settled (or pulsing is off)."""
        if self._stirred_at is None:
            self._stirred_at = now_ms
        if not self.pulse or now_ms - self._stirred_at >= PULSE_SETTLE_MS:
            return None
        return 0.5 + 0.5 * math.sin(2 * math.pi * (now_ms % PULSE_MS) / PULSE_MS)

    def slide(self, moves: list, now_ms: int, length_ms: int, ways: dict | None = None) -> None:
        """Slide pieces from one place to another: moves are (piece, from place, to place, count);
        ways gives a counter (by id) the places it passes on the way, else it slides straight."""
        self._slides = []
        for piece, a, b, n in moves:
            way = (ways or {}).get(piece.get("id")) or [a, b]
            points = [self.piece_anchor(normal_place(p)) for p in way]
            if None not in points:
                self._slides.append((piece, points, n))
        self._slide_at = (now_ms, max(1, length_ms))
        self._sliding_ids = frozenset(p.get("id") for p, *_ in self._slides if p.get("style") != "cube")

    def sliding(self, now_ms: int) -> bool:
        """True while pieces slide; the slides end (and the pieces stand in their places) after."""
        if self._slides and now_ms - self._slide_at[0] >= self._slide_at[1]:
            self._slides, self._sliding_ids = [], frozenset()
        return bool(self._slides)

    def animating(self, now_ms: int) -> bool:
        """True while the zoom glides, pieces slide, or legal targets pulse (a few seconds after the last input)."""
        if self.camera.gliding() or self.camera.panning() or self.sliding(now_ms) or self.rendering():
            return True
        if not self.targets - self.quiet:
            return False
        return self.pulse_level(now_ms) is not None or not self._settled_drawn

    def handle_event(self, event) -> bool:
        """Pan (drag, arrows), zoom (wheel, +/-), hover. True when the view used the event.

        A left click that was not a drag returns False: the caller then asks place_at(event.pos).
        """
        cam = self.camera
        before = (cam.x, cam.y, cam.level)
        self.stir()
        used = self._handle(event)
        if (cam.x, cam.y, cam.level) != before:
            self._placed = True   # the player chose a view: resizes keep it from now on
            self._steered_at = clock()
        return used

    def _handle(self, event) -> bool:
        etype = event.type
        if etype == pygame.MOUSEMOTION:
            return self._on_motion(event)
        if etype == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            if not self.camera.viewport.collidepoint(event.pos):
                return False
            self._press = [event.pos, False, event.button, event.pos]
            return event.button != 1
        if etype == pygame.MOUSEBUTTONUP and self._press is not None and event.button == self._press[2]:
            dragged, button = self._press[1], self._press[2]
            self._press = None
            return dragged or button != 1
        if etype == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None) or self._mouse or self.camera.viewport.center
            if not self.camera.viewport.collidepoint(pos) or event.y == 0:
                return False
            return self.camera.zoom_about(pos, 1 if event.y > 0 else -1)
        if etype == pygame.KEYDOWN:
            return self._on_key(event.key)
        if etype == pygame.WINDOWLEAVE and self.hover is not None:
            self.hover = self._mouse = None
            return True
        return False

    def _on_motion(self, event) -> bool:
        self._mouse = event.pos
        changed = False
        if self._press is not None:
            start, dragging, last = self._press[0], self._press[1], self._press[3]
            if not dragging and math.dist(start, event.pos) >= DRAG_START:
                self._press[1] = dragging = True
            if dragging:   # pan by the move since the last event (posted events may lack rel)
                self.camera.pan(event.pos[0] - last[0], event.pos[1] - last[1])
                self._press[3] = event.pos
                changed = True
        hover = self.place_at(event.pos)
        if hover != self.hover:
            self.hover = hover
            changed = True
        return changed or self.hover is not None

    def _on_key(self, key) -> bool:
        step_x, step_y = self.camera.viewport.w // 6, self.camera.viewport.h // 6
        moves = {pygame.K_LEFT: (step_x, 0), pygame.K_RIGHT: (-step_x, 0),
                 pygame.K_UP: (0, step_y), pygame.K_DOWN: (0, -step_y)}
        if key in moves:
            return self.camera.pan(*moves[key])
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            return self.camera.zoom_about(self.camera.viewport.center, 1)
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return self.camera.zoom_about(self.camera.viewport.center, -1)
        return False

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Draw map, highlights, pieces and hover label into the viewport."""
        self._pulse_layers = None        # anything may have changed: a pulse frame builds them again
        self.camera.update(now_ms)
        clip = surface.get_clip()
        surface.set_clip(self.camera.viewport.clip(clip) if clip else self.camera.viewport)
        if self.camera.gliding():
            surface.fill(self.theme.TABLE, self.camera.viewport)
            self._blit_base(surface)
            if self.quiet:
                self._draw_quiet(surface)
            self._draw_highlights(surface, now_ms)
        else:           # the map, the quiet tint and the pulsing targets, composed once per pulse step
            surface.blit(self._lit(self._pulse_step(now_ms)), self.camera.viewport)
            self._draw_selection(surface, min(1.0, self.camera.zoom * 1.6))
        hidden = self._sliding_ids if self.sliding(now_ms) else frozenset()
        fanned = self.hover in self._groups and sum(p.get("style") != "cube" for p in self._groups[self.hover]) > 1
        if fanned:
            self._draw_pieces(surface, hidden)
        else:           # the pieces as one list of blits, made again only when they or the camera change
            surface.blits(self._piece_blits(hidden), doreturn=False)
        self._draw_slides(surface, now_ms)
        self._draw_path(surface)
        self._draw_hover(surface)
        surface.set_clip(clip)

    def base_surface(self, zoom: float) -> pygame.Surface:
        """The cached base map at `zoom`, rendering it on first use."""
        surf = self._cache.pop(zoom, None)
        if surf is None:
            surf = self.render_base(zoom)
        self._cache[zoom] = surf
        while len(self._cache) > 1 and (len(self._cache) > CACHE_LEVELS or sum(
                c.get_width() * c.get_height() for c in self._cache.values()) > CACHE_PIXELS):
            self._cache.pop(next(iter(self._cache)))   # least recently used first
        return surf

    def render_steps(self, zoom: float):
        """Yield the base surface, then render into it a slice at a time (here all in one go)."""
        yield self.render_base(zoom)

    def warm_map(self):
        """Draw ahead, off screen, the base map at the camera's zoom a slice per step, then the viewport's
        picture of it and the targets' layer: a table opened from a long save shows them at once."""
        zoom = self.camera.zoom
        if zoom not in self._cache and not self.camera.gliding():
            steps = self.warm_steps(zoom)
            surf = next(steps)
            for _ in steps:
                yield
            self._cache[zoom] = surf
            self.base_surface(zoom)                 # (keeps the cache within its limits)
            yield
        self._under()
        self._target_layer(min(1.0, self.camera.zoom * 1.6))

    def warm_steps(self, zoom: float):
        """The base map drawn ahead a step at a time (warm_map): as in play, unless a view can do better."""
        return self.render_steps(zoom)

    def rendering(self) -> bool:
        """True while a zoom level's base map is still being drawn, a slice a frame."""
        return self._rendering is not None

    def _base_now(self, zoom: float) -> pygame.Surface:
        """The base map at ``zoom``; one not rendered yet is drawn for RENDER_SLICE_S a frame, and shows
        as far as it has got (a first frame or a new zoom level never stalls the window)."""
        if zoom in self._cache or not self.progressive:
            if self._rendering is not None and self._rendering[0] != zoom:
                self._rendering = None          # a level left half drawn: dropped, or the window never idles
            return self.base_surface(zoom)
        if self._rendering is None or self._rendering[0] != zoom:
            steps = self.render_steps(zoom)
            self._rendering = (zoom, steps, next(steps))
            return self._rendering[2]           # this frame shows the paper; the drawing starts with the next
        steps, surf = self._rendering[1:]
        end = time.perf_counter() + (RENDER_SLICE_S if self._cache else FIRST_SLICE_S)
        while time.perf_counter() < end:
            if next(steps, None) is None:
                self._rendering = None
                self._cache[zoom] = surf
                return self.base_surface(zoom)
        return surf

    def _blit_base(self, surface: pygame.Surface) -> None:
        cam = self.camera
        vp = cam.viewport
        if not cam.gliding():
            base = self._base_now(cam.zoom)
            ox, oy = round(cam.x * cam.zoom), round(cam.y * cam.zoom)
            src = pygame.Rect(ox, oy, vp.w, vp.h).clip(base.get_rect())
            if src.w > 0 and src.h > 0:
                surface.blit(base, (vp.x + src.x - ox, vp.y + src.y - oy), src)
            return
        # During a glide, stretch a level already rendered (the target if it is cached, else
        # the one we glide from); a new level is rendered once, when the glide ends.
        level = cam.levels[cam.level]
        if level not in self._cache and self._cache:
            level = next(reversed(self._cache))
        base = self.base_surface(level)
        k = level / cam.zoom
        want = pygame.Rect(round(cam.x * level), round(cam.y * level),
                           math.ceil(vp.w * k), math.ceil(vp.h * k))
        src = want.clip(base.get_rect())
        if src.w <= 0 or src.h <= 0:
            return
        dest = pygame.Rect(vp.x + round((src.x - want.x) / k), vp.y + round((src.y - want.y) / k),
                           max(1, round(src.w / k)), max(1, round(src.h / k)))
        surface.blit(pygame.transform.scale(base.subsurface(src), dest.size), dest)

    def _screen_poly(self, pts) -> list:
        to = self.camera.to_screen
        return [to(x, y) for x, y in pts]

    def _draw_outline(self, surface, place, colour, width: int, edge=None) -> None:
        pts = self.outline(place)
        if not pts:
            return
        poly = self._screen_poly(pts)
        if edge is not None:
            pygame.draw.polygon(surface, edge, poly, width + (2 if width > 2 else 1))
        pygame.draw.polygon(surface, colour, poly, width)
        for p in poly:  # round the joins of thick outlines
            pygame.draw.circle(surface, colour, p, width / 2)

    def _draw_path(self, surface) -> None:
        t = self.theme
        pts = [self.screen_pos(p) for p in self.path]
        pts = [p for p in pts if p is not None]
        if len(pts) >= 2:
            pygame.draw.lines(surface, t.SELECT_EDGE, False, pts, 7)
            pygame.draw.lines(surface, t.PATH, False, pts, 4)
        for i, place in enumerate(self.path[1:] if len(self.path) > 1 else self.path, 1):
            self._draw_tag(surface, place, self.labels.get(place, str(i)), t.PATH, t.PATH_INK)

    def tag_pos(self, place):
        """Where a place's tag (step number, path mark) is drawn: its centre (areas: above the name)."""
        return self.screen_pos(place)

    def _tag_spots(self) -> dict:
        """Place -> where its tag goes, clear of names, pieces and other tags (worked out once per view)."""
        cam = self.camera
        key = (cam.x, cam.y, cam.zoom, tuple(cam.viewport), self._pieces_version)
        kept = self._spots
        if kept[0] != key or kept[2] is not self.labels or kept[3] is not self.path:   # (set_highlights
            path = self.path[1:] if len(self.path) > 1 else self.path                # makes new ones)
            tags = [(p, text) for p, text in self.labels.items() if p not in self.path]
            tags += [(p, self.labels.get(p, str(i))) for i, p in enumerate(path, 1)]
            self._spots = (key, tag_room.place_tags(self, tags, self.theme.font(13, bold=True)),
                           self.labels, self.path)
        return self._spots[1]

    def _draw_tag(self, surface, place, text: str, fill, ink) -> None:
        pos = self._tag_spots().get(place) or self.tag_pos(place)
        if pos is None:
            return
        key = (text, tuple(fill), tuple(ink))
        tag = self._tags.get(key)
        if tag is None:                 # the same few tags show every frame: each is drawn once
            img = self.theme.font(13, bold=True).render(text, True, ink)
            r = pygame.Rect((0, 0), tag_room.tag_size(self.theme.font(13, bold=True), text))
            tag = pygame.Surface(r.size, pygame.SRCALPHA)
            tag.fill((0, 0, 0, 0))
            pygame.draw.rect(tag, fill, r, border_radius=r.h // 2)
            pygame.draw.rect(tag, self.theme.SELECT_EDGE, r, 1, border_radius=r.h // 2)
            tag.blit(img, img.get_rect(center=r.center))
            if len(self._tags) > 256:
                self._tags.clear()
            self._tags[key] = tag
        surface.blit(tag, tag.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_hover(self, surface) -> None:
        if self.hover is None or self._mouse is None:
            return
        t = self.theme
        if self.hover not in self.selected:
            self._draw_outline(surface, self.hover, t.HALO, 1)
        text = self.hover_text() if self.hover_label else ""
        if not text:
            return
        k = self.ui_scale
        kept = getattr(self, "_hover_img", None)
        if kept is None or kept[0] != (text, k):        # the same label shows frame after frame: render it once
            kept = self._hover_img = ((text, k), t.font(round(14 * k)).render(text, True, t.INK))
        img = kept[1]
        # In the viewport's lower-left corner (upper-left when the pointer is down there), never
        # beside the pointer over the units it names.
        vp = self.camera.viewport
        r = img.get_rect().inflate(round(12 * k), round(6 * k))
        r.bottomleft = (vp.left + round(6 * k), vp.bottom - round(6 * k))
        if r.inflate(round(40 * k), round(40 * k)).collidepoint(self._mouse):
            r.topleft = (vp.left + round(6 * k), vp.top + round(6 * k))
        r.clamp_ip(vp)
        pygame.draw.rect(surface, t.HALO, r, border_radius=4)
        pygame.draw.rect(surface, t.INK_SOFT, r, 1, border_radius=4)
        surface.blit(img, img.get_rect(center=r.center))
