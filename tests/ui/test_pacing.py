"""Computer turns paced by what there is to see: moves slide, dice are read, the rest shows at once."""
from __future__ import annotations

import pygame
import pytest

from game.core.session import Session
from game.ui import pacing
from game.ui.pacing import Pacer, moves_between

pytestmark = pytest.mark.ui


def counter(uid, at, side="krylon"):
    return {"id": uid, "side": side, "style": "counter", "at": at}


def cubes(side, at, n):
    return {"id": f"{side}:{at}", "side": side, "style": "cube", "at": at, "count": n}


def test_counters_are_followed_by_id_and_cubes_by_count():
    before = [counter("a", [1, 2]), counter("b", [3, 3]), counter("c", "Landing Pad 1"),
              cubes("greek", "Modein", 4), cubes("greek", "Lydda", 1)]
    after = [counter("a", [2, 2]), counter("b", [3, 3]), counter("new", [5, 5]),
             cubes("greek", "Modein", 1), cubes("greek", "Lydda", 1), cubes("greek", "Gezer", 3)]
    moves = moves_between(before, after)
    assert [(m[0]["side"], m[1], m[2], m[3]) for m in moves] == [
        ("krylon", (1, 2), (2, 2), 1), ("greek", "Modein", "Gezer", 3)]   # no move for the new, the gone


class FakeBoard:
    """Places one pixel per unit along x; records the slides started."""

    def __init__(self):
        self.slides = []
        self.ways = None
        self.followed = []

    def follow(self, places, now_ms, instant=False):
        self.followed.append((list(places), instant))

    def screen_pos(self, place):
        return (place[0] * 100, place[1] * 100) if isinstance(place, tuple) else None

    def slide(self, moves, now_ms, length_ms, ways=None):
        self.slides.append((moves, now_ms, length_ms))
        self.ways = ways


def test_a_move_slides_a_battle_is_read_and_a_selection_shows_at_once():
    board, pacer = FakeBoard(), Pacer()
    a, b = [counter("a", [1, 1])], [counter("a", [2, 1])]
    assert pacer.show(a, a, board, rolled=False, tumble_ms=500, now_ms=1000, animation=1.0) == 0
    assert not pacer.waiting(1000) and not board.slides              # a selection or "done": no pause
    hold = pacer.show(a, b, board, rolled=False, tumble_ms=500, now_ms=1000, animation=1.0)
    slide = board.slides[-1][2]
    assert slide == pacing.SLIDE_MS + 100 * pacing.SLIDE_MS_PER_PX and hold == slide + pacing.MOVE_HOLD_MS
    assert pacer.waiting(1000 + hold - 1) and not pacer.waiting(1000 + hold)
    assert pacer.show(a, a, board, rolled=True, tumble_ms=500, now_ms=0, animation=1.0) == 500 + pacing.DICE_READ_MS
    pacer.fast = True
    assert pacer.show(a, b, board, rolled=False, tumble_ms=500, now_ms=0, animation=1.0) < hold / 3
    assert pacer.show(a, b, board, rolled=True, tumble_ms=0, now_ms=0, animation=0.0) == 0   # animations off


@pytest.fixture
def hs_watch():
    """Hack & Sack at normal animation, both seats computers, on the dummy driver."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["hack_sack"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="normal", volume=0))
    app.start_session(Session(spec, 3, None, {"deploy": "standard"}, seats={s: "basic" for s in spec.sides}))
    app.pump()
    yield app
    pygame.event.clear()
    pygame.display.quit()


def test_a_computer_move_slides_its_counter_and_the_next_decision_waits_for_it(hs_watch):
    from game.rules.hack_sack.flow import FLOW
    play = hs_watch.stack.top
    play.worker.cancel()
    session = play.session
    while FLOW.frame(session.state)["step"] != "move":       # the computer's own choices up to movement
        session.apply(play.bots[session.active()].choose(session.state, session.active()))
    play.after_change()
    uid = next(a[1] for a in session.legal_actions() if a[0] == "unit" and any(
        b[0] == "hex" for b in play.spec.legal_actions(play.spec.apply(session.state, a))))
    play._apply_bot(("action", ("unit", uid)), 1000)
    assert not play.pacer.waiting(1000) and not play.board_view.sliding(1000)     # a selection shows at once
    move = next(a for a in session.legal_actions() if a[0] == "hex")
    play._apply_bot(("action", move), 1000)
    assert play.board_view.sliding(1001) and play.pacer.waiting(1001)
    assert play.board_view._sliding_ids == {uid}
    assert play.frame_rate(1001) == 60                         # a smooth slide
    end = play.pacer.until
    assert not play.board_view.sliding(end) and not play.pacer.waiting(end)


def test_f_fast_forwards_and_says_so(hs_watch):
    play = hs_watch.stack.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    hs_watch.pump()
    assert play.pacer.fast and "fast forward on" in " ".join(play._prompt_text_lines(2000))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    hs_watch.pump()
    assert not play.pacer.fast and hs_watch.toast_text == "Computer moves at normal pace"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    hs_watch.pump()
    hs_watch.pump()
    assert type(hs_watch.stack.top).__name__ != "PlayScene"
    assert hs_watch.toast_text == ""                  # a note about the table does not follow to the menu


def test_a_counter_slides_along_its_way_hex_by_hex():
    board = FakeBoard()
    before, after = [counter("a", [1, 1])], [counter("a", [3, 1])]
    way = [[1, 1], [1, 2], [2, 2], [3, 1]]
    hold = Pacer().show(before, after, board, rolled=False, tumble_ms=0, now_ms=0, animation=1.0, way=way)
    (moves, _, length), = board.slides
    assert moves[0][1:3] == ((1, 1), (3, 1)) and board.ways == {"a": [(1, 1), (1, 2), (2, 2), (3, 1)]}
    straight = Pacer().show(before, after, FakeBoard(), rolled=False, tumble_ms=0, now_ms=0, animation=1.0)
    assert hold > straight                        # a longer way takes longer to slide
    # stopped short by traffic: the way is cut where the counter stands
    board = FakeBoard()
    Pacer().show(before, [counter("a", [1, 2])], board, rolled=True, tumble_ms=0, now_ms=0, animation=1.0, way=way)
    assert board.ways in ({}, None) or board.ways == {"a": [(1, 1), (1, 2)]}


def test_the_slide_follows_the_points_of_its_way():
    from game.ui.board_view import along
    points = [(0, 0), (10, 0), (10, 10)]
    assert along(points, 0.0) == (0, 0) and along(points, 1.0) == (10, 10)
    assert along(points, 0.5) == (10, 0)           # half the length: the corner
    assert along(points, 0.75) == (10, 5)
    assert along([(0, 0), (4, 0)], 0.5) == (2, 0)


def _far_move(spec, state):
    """In a movement step: a unit and a move of it that passes more than one hex, or None."""
    from game.rules import hack_sack as hs
    for uid in [a[1] for a in spec.legal_actions(state) if a[0] == "unit"]:
        chosen = spec.apply(state, ("unit", uid))
        for a in spec.legal_actions(chosen):
            if a[0] == "hex" and len(hs.route(chosen, uid, a[1])) > 2:
                return uid, a
    return None


def test_a_computer_move_in_hack_sack_slides_along_the_rules_path(hs_watch):
    from game.rules import hack_sack as hs
    from game.rules.hack_sack.flow import FLOW
    play = hs_watch.stack.top
    play.worker.cancel()
    session = play.session
    found = None
    for _ in range(400):                            # the computer plays on to a movement with room to move
        if FLOW.frame(session.state)["step"] == "move" and not FLOW.frame(session.state)["sel"]:
            found = _far_move(play.spec, session.state)
            if found:
                break
        session.apply(play.bots[session.active()].choose(session.state, session.active()))
    assert found, "some unit can move more than one hex"
    play.after_change()
    uid, move = found
    play._apply_bot(("action", ("unit", uid)), 1000)
    way = hs.route(session.state, uid, move[1])
    for a, b in zip(way, way[1:]):
        assert b in hs.neighbours(session.state, a)     # hex by hex, each step to a neighbour
    play._apply_bot(("action", move), 1000)
    (piece, points, n), = play.board_view._slides
    assert piece["id"] == uid and len(points) == len(way) > 2


def test_the_view_is_asked_to_follow_a_move_or_else_the_place_a_decision_names():
    board, pacer = FakeBoard(), Pacer()
    a, b = [counter("a", [1, 1])], [counter("a", [4, 2])]
    pacer.show(a, b, board, rolled=False, tumble_ms=0, now_ms=0, animation=1.0, focus=(9, 9))
    assert board.followed[-1] == ([(1, 1), (4, 2)], False)           # both ends of the move
    pacer.show(a, a, board, rolled=True, tumble_ms=0, now_ms=0, animation=1.0, focus=(9, 9))
    assert board.followed[-1] == ([(9, 9)], False)                    # a battle: where it is fought
    pacer.show(a, b, board, rolled=False, tumble_ms=0, now_ms=0, animation=0.0)
    assert board.followed[-1][1] is True                              # animations off: at once
    asked = len(board.followed)
    pacer.show(a, b, board, rolled=False, tumble_ms=0, now_ms=0, animation=1.0, follow=False)
    assert len(board.followed) == asked                               # following turned off in Settings


def _to_movement(play):
    """Play on to a movement step where a unit on the map can move; that unit."""
    from game.rules.hack_sack.flow import FLOW
    session, spec = play.session, play.spec
    for _ in range(400):
        if FLOW.frame(session.state)["step"] == "move" and not FLOW.frame(session.state)["sel"]:
            play.after_change()
            on_map = {p["id"] for p in play.view["pieces"] if isinstance(p.get("at"), list)}
            movers = [a[1] for a in session.legal_actions() if a[0] == "unit" and a[1] in on_map and any(
                b[0] == "hex" for b in spec.legal_actions(spec.apply(session.state, a)))]
            if movers:
                return movers[0]
        session.apply(play.bots[session.active()].choose(session.state, session.active()))
    raise AssertionError("no unit on the map could move")


def _zoomed_away(play, uid):
    """Zoom in and look at the map's far corner from the unit (so its move is out of view)."""
    view = play.board_view
    cam = view.camera
    cam.zoom_about(cam.viewport.center, len(cam.levels))
    cam.settle()
    at = next(p["at"] for p in play.view["pieces"] if p.get("id") == uid)
    here = view.centre(tuple(at))
    cam.centre_on(cam.map_w - here[0], cam.map_h - here[1])
    assert not cam.viewport.collidepoint(view.screen_pos(tuple(at)))
    return tuple(at)


def test_the_map_follows_a_computer_move_the_player_cannot_see(hs_watch):
    play = hs_watch.stack.top
    play.worker.cancel()
    uid = _to_movement(play)
    at = _zoomed_away(play, uid)
    view = play.board_view
    play._apply_bot(("action", ("unit", uid)), 1000)
    assert view.camera.panning() and play.frame_rate(1000) == 60      # a smooth glide to the unit picked
    view.camera.settle()
    assert view.camera.viewport.collidepoint(view.screen_pos(at))
    move = next(a for a in play.session.legal_actions() if a[0] == "hex")
    play._apply_bot(("action", move), 1000)
    view.camera.settle()
    assert view.camera.viewport.collidepoint(view.screen_pos(tuple(move[1])))    # and to where it went


def test_the_map_stays_where_the_player_has_just_moved_it(hs_watch):
    from game.ui.scene import now_ms
    play = hs_watch.stack.top
    play.worker.cancel()
    uid = _to_movement(play)
    _zoomed_away(play, uid)
    view = play.board_view
    assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))   # the player looks
    before = (view.camera.x, view.camera.y)
    play._apply_bot(("action", ("unit", uid)), now_ms())
    assert not view.camera.panning() and (view.camera.x, view.camera.y) == before
