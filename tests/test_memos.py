"""Mutation testing's fresh start (tests/memos.py): the rules' memos are forgotten, and the rules
still answer the same afterwards."""
from __future__ import annotations

from game.rules import GAMES
from game.rules.armageddon import movement as bfa_movement
from game.rules.slammers import data as sl_data
from game.rules.slammers import tables as sl_tables
from tests import memos


def test_the_memos_are_forgotten_and_the_rules_answer_as_before():
    spec = GAMES["armageddon"]
    state = spec.setup(3)
    while not any(a[0] == "move" for a in spec.legal_actions(state)) and spec.active(state):
        state = spec.apply(state, spec.legal_actions(state)[-1])
    before = spec.legal_actions(state)
    assert bfa_movement._MOVES
    GAMES["slammers"].setup(1)
    assert sl_data.units_file.cache_info().currsize > 0 and "standard" in sl_tables._SETS
    sl_tables._SETS["mine"] = sl_tables._SETS["standard"]          # a set someone registered
    assert memos.forget_all() > 20
    assert not bfa_movement._MOVES
    assert sl_data.units_file.cache_info().currsize == 0
    assert "standard" not in sl_tables._SETS and "mine" in sl_tables._SETS      # a registry keeps its own
    sl_tables._SETS.pop("mine")
    assert spec.legal_actions(state) == before


def test_only_literal_private_names_are_read_as_memos(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("_MEMO: dict = {}\n_LAST = [None, -1]\n_BUILT = {k: 1 for k in 'ab'}\nPUBLIC = {}\n"
                   "_CALL = [(None, frozenset())]\n", encoding="utf-8")
    assert memos.fresh_values(str(src)) == {"_MEMO": {}, "_LAST": [None, -1]}


def test_boards_read_from_map_files_are_dropped_and_boards_made_in_memory_kept():
    from game.rules.hack_sack import board as hs_board
    cache = hs_board.BOARDS
    state = GAMES["hack_sack"].setup(1)
    assert getattr(cache.cached(state["map"]), "file_stamp", None)          # read from its file
    mine = cache.register("memos-test", cache.get(state["map"]).grid)
    assert memos.forget_all() >= 1
    assert cache.cached(state["map"]) is None
    assert cache.cached("memos-test") is mine                              # nothing could build it again
    assert cache.forget_files() == 0
    assert GAMES["hack_sack"].legal_actions(state)            # read again on first use
    assert cache.cached(state["map"]) is not None
