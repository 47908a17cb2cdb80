"""One counter at a time (game/ui/counter_pick.py): a stack, then a counter, then where it goes."""
from __future__ import annotations

from game.ui.adapter import GameAdapter
from game.ui.counter_pick import CounterPicker


class _Inspector:
    def __init__(self):
        self.place = None

    def open(self, place):
        self.place = place

    def pieces(self, view):
        return []


def _view():
    pieces = [{"id": "a", "side": "red", "at": "Hill"}, {"id": "b", "side": "red", "at": "Hill"},
              {"id": "c", "side": "red", "at": "Wood"}, {"id": "x", "side": "blue", "at": "Town"}]
    actions = [("move", "a", "Wood"), ("move", "a", "Ford"), ("move", "b", "Ford"), ("move", "c", "Hill"),
               ("unit", "x"), ("done",)]
    return {"pieces": pieces, "actions": actions}


def _picker():
    adapter = GameAdapter(None, None)
    inspector = _Inspector()
    return CounterPicker(adapter, inspector, verbs=("move",)), inspector


def test_with_no_pick_the_stacks_that_can_move_are_the_targets():
    picker, _ = _picker()
    view = _view()
    assert set(picker.places(view)) == {"Hill", "Wood"}
    assert picker.moves(view)["a"] == {"Wood": [("move", "a", "Wood")], "Ford": [("move", "a", "Ford")]}


def test_a_click_on_a_stack_picks_its_top_counter_and_lights_only_its_places():
    picker, inspector = _picker()
    view = _view()
    assert picker.consume("Hill", view) is True
    assert inspector.place == "Hill" and picker.current(view) == "b"      # the top of the stack
    assert picker.places(view) == {"Ford": [("move", "b", "Ford")]} and picker.source(view) == "Hill"
    assert picker.consume(("piece", "a"), view) is True and picker.current(view) == "a"   # a row of the inspector
    assert set(picker.places(view)) == {"Wood", "Ford"}


def test_a_click_on_the_picked_counters_place_is_left_to_the_scene_and_a_refused_place_keeps_the_pick():
    picker, _ = _picker()
    view = _view()
    picker.consume("Hill", view)
    assert picker.consume("Ford", view) is False                # the scene applies ("move", "b", "Ford")
    assert picker.consume("Town", view) is False and picker.current(view) == "b"   # the scene says why
    assert picker.consume(("done",), view) is False              # an action is never a pick


def test_a_pick_that_can_no_longer_move_is_dropped():
    picker, _ = _picker()
    view = _view()
    picker.consume("Hill", view)
    after = dict(view, actions=[("move", "a", "Wood"), ("done",)])
    assert picker.current(after) is None and set(picker.places(after)) == {"Hill"}


def test_the_row_of_the_picked_counter_pressed_again_keeps_the_pick():
    picker, _ = _picker()
    view = _view()
    picker.consume("Hill", view)                                 # the stack click picks its top counter, b
    assert picker.consume(("piece", "b"), view) is True and picker.current(view) == "b"
    assert picker.places(view) == {"Ford": [("move", "b", "Ford")]}      # still only b's places lit
    assert picker.consume(("piece", "b"), view) is True and picker.current(view) == "b"
