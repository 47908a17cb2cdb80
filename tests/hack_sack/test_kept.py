"""Answers the movement keeps per state (legal_actions and apply share one search) never outlive a
change to that state: a change through pieces.own (the kit's copy on write), a new units table or
an edited map all make the rules look again."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.core.statecopy import copy_state
from game.rules.hack_sack import SPEC, counters, pieces

from .helpers import empty, hexes, moving, play, put

rule = pytest.mark.rule


def chosen() -> dict:
    """Legion 1 on the mini map with its full Move, chosen; the answers for it are kept."""
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    s = play(s, ("unit", "legion1"))
    assert (5, 5) in hexes(s)                                  # Move 3: asked once, kept
    return s


def fresh(state: dict) -> set:
    """The hexes offered when the same position is asked about as a new object."""
    return hexes(copy_state(state))


@rule("HSNJ-MOV-1")
def test_a_unit_changed_through_own_is_searched_again():
    s = chosen()
    pieces.own(s, "legion1")["mp"] = 1
    assert hexes(s) == fresh(s) and (5, 5) not in hexes(s)
    with pytest.raises(IllegalAction):
        SPEC.apply(s, ("hex", (5, 5)))                         # apply's quick test looks again too


@rule("HSNJ-MOV-7")
def test_an_enemy_moved_next_to_the_unit_stops_it_at_once():
    s = chosen()
    pieces.place(pieces.own(s, "guard3"), (4, 4))        # its zone of control now (HSNJ-MOV-7)
    assert hexes(s) == fresh(s) != {(3, 5), (4, 5), (5, 5), (2, 4), (3, 4)}
    assert (5, 5) not in hexes(s)


def test_a_new_units_table_is_searched_again():
    s = chosen()
    s["units"] = dict(s["units"], legion1=counters.row_of(dict(pieces.unit(s, "legion1"), mp=1)))
    assert hexes(s) == fresh(s) and (5, 5) not in hexes(s)


def test_the_state_a_move_was_copied_from_keeps_its_answers():
    s = chosen()
    before = hexes(s)
    after = play(s, ("hex", [3, 5]))
    assert hexes(s) == before and hexes(after) == fresh(after) != before


def test_an_edited_map_is_searched_again():
    from game.rules.hack_sack import board as hs_boards

    from .grid import ROWS, MiniGrid
    path = "test:kept-edited"
    hs_boards.register(path, MiniGrid())
    s = moving(empty(), "krylon")
    s["map"] = path
    put(s, "legion1", (2, 5))
    s = play(s, ("unit", "legion1"))
    assert (4, 5) in hexes(s)
    rows = list(ROWS)
    rows[5] = "...ww....w"                                     # water where the legion was going
    SPEC.replace_board(s, MiniGrid(rows))
    assert (4, 5) not in hexes(s) and hexes(s) == fresh(s)
