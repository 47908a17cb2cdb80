"""The basic computer players: they beat the random one, see only their side's view, and are offered per game."""
from __future__ import annotations

import pytest

from game.ai import BOTS, basic_games, plays
from game.ai.judean_hammer import JudeanHammerBot, unseen
from game.core import rng
from game.core.steps import copy_state
from game.rules import GAMES
from game.rules.judean_hammer import SPEC as JH

from .play import basic_wins

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("game", ["hack_sack", "judean_hammer"])
def test_the_basic_bot_beats_the_random_bot_from_both_seats(game):
    wins, games, _ = basic_wins(GAMES[game], SEEDS)
    assert games == 6 and wins >= 5, f"{GAMES[game].title}: basic won only {wins} of {games}"


def _redealt(state: dict, side: str, seed: int) -> dict:
    """The same position for ``side``: the opponent's hand and the draw pile redealt, other dice to come."""
    other = next(s for s in JH.sides if s != side)
    twin = copy_state(state)
    picker: dict = {}
    rng.init(picker, seed)
    cards = rng.shuffle(picker, unseen(state, side))
    n = len(state["hands"][other])
    twin["hands"][other] = cards[:n]
    twin["draw"] = cards[n:n + len(state["draw"])]
    twin["rng"] = {"seed": seed * 1000003 + 1, "draws": state["rng"]["draws"], "dice": []}
    return twin


def test_the_judean_hammer_bot_chooses_alike_in_positions_it_cannot_tell_apart():
    # Every decision of a whole game: the twin differs only in what the chooser may not see.
    state = JH.setup(5)
    players = {s: JudeanHammerBot(JH, 11) for s in JH.sides}
    checked = differed = 0
    while JH.active(state) is not None:
        side = JH.active(state)
        if len(JH.legal_actions(state)) > 1:
            twin = _redealt(state, side, checked + 1)
            assert JH.view(twin, side) == JH.view(state, side)
            differed += twin["hands"] != state["hands"] or twin["draw"] != state["draw"]
            a, b = JudeanHammerBot(JH, 3 + checked), JudeanHammerBot(JH, 3 + checked)
            assert a.world(state, side) == b.world(twin, side), f"round {state['round']}, {side}"
            assert a.choose(state, side) == b.choose(twin, side), f"round {state['round']}, {side}"
            checked += 1
        state = JH.apply(state, players[side].choose(state, side))
    assert checked > 100 and differed > checked // 2


def test_basic_is_offered_only_for_the_games_it_plays(toy_spec):
    from game.ui.newgame import seat_choices
    for name, spec in GAMES.items():
        kinds = [kind for _, kind in seat_choices(spec)]
        assert kinds[:2] == ["human", "random"]
        assert ("basic" in kinds) == (name in basic_games()), name
    assert [kind for _, kind in seat_choices(toy_spec)] == ["human", "random"]
    assert plays("random", toy_spec.name) and not plays("basic", toy_spec.name) and not plays("gone", "hack_sack")


def test_random_seats_of_old_saves_still_make_random_bots_for_every_game():
    # play.py and app.py reach the factory by index, as when BOTS held plain pairs.
    for name, spec in GAMES.items():
        bot = BOTS["random"][1](spec, 1)
        assert plays("random", name) and bot.label == "random"
        assert bot.choose(spec.setup(2), spec.active(spec.setup(2))) in spec.legal_actions(spec.setup(2))


@pytest.mark.parametrize("game", ["hack_sack", "judean_hammer"])
def test_selfplay_from_the_command_line_still_plays_to_the_end(game, capsys):
    from game.app import main
    assert main(["--selfplay", game, "--seed", "7"]) == 0
    assert "winner" in capsys.readouterr().out


def test_bots_are_registered_by_their_games_not_listed_in_the_ai_package(toy_spec):
    from dataclasses import replace
    from pathlib import Path

    from game.rules import GAMES
    text = (Path(__file__).resolve().parents[2] / "game" / "ai" / "__init__.py").read_text()
    assert "hack_sack" not in text and "judean_hammer" not in text
    GAMES[toy_spec.name] = replace(toy_spec, bots={"basic": "game.ai.random_bot:RandomBot"})
    assert plays("basic", toy_spec.name)
    assert BOTS["basic"].make(GAMES[toy_spec.name], 3).label == "random"


def test_the_hack_sack_bot_sees_an_edited_map_as_the_rules_do():
    # An edited map under the same path is a new board: nothing kept about the old one is used.
    from game.ai.hack_sack import map_of
    from game.rules.hack_sack import SPEC as HS
    from game.rules.hack_sack import board as hs_boards
    from tests.hack_sack.grid import ROWS, MiniGrid
    path = "test:mini-edited"
    hs_boards.register(path, MiniGrid())
    state = HS.setup(3, None, {"map": path})
    assert len(map_of(state).cities) == len(hs_boards.of(state).cities) == 3
    rows = list(ROWS)
    rows[6] = "....f..C.w"                       # a fourth city
    HS.replace_board(state, MiniGrid(rows))
    assert len(hs_boards.of(state).cities) == 4
    assert len(map_of(state).cities) == 4
