"""The basic computer player: legal moves only, quick decisions, and it beats the random player."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.ai import BOTS, plays
from game.ai.match import play_match
from game.ai.random_bot import RandomBot
from game.ai.slammers import SlammersBot
from game.rules.slammers import SPEC


def duel(seed: int, bot_seat: int, scenario: str = "learning"):
    """A whole game of the basic bot against the random one; (winner, bot's side, slowest decision).

    The bot is wrapped so each of its choices is checked legal before it is played."""
    sides = SPEC.setup(seed, scenario)["seating"]["sides"]
    bot, foe = SlammersBot(SPEC, seed), RandomBot(SPEC, seed)

    def checked(state, side):
        action = bot.choose(state, side)
        assert action in SPEC.legal_actions(state)
        return action
    match = play_match(SPEC, seed, {sides[bot_seat]: SimpleNamespace(choose=checked), sides[1 - bot_seat]: foe},
                       scenario)
    return match.winner(SPEC), sides[bot_seat], match.slowest


def test_basic_is_registered_for_slammers():
    assert plays("basic", "slammers") and BOTS["basic"].make(SPEC, 1).__class__ is SlammersBot


@pytest.mark.parametrize("bot_seat", [0, 1])
def test_basic_beats_random_on_either_side_of_the_learning_game(bot_seat):
    results = [duel(seed, bot_seat) for seed in range(3)]
    assert all(winner == side for winner, side, _ in results), results
    assert max(slow for _, _, slow in results) < 2.0


def test_basic_plays_a_larger_scenario_to_the_end():
    winner, side, slowest = duel(2, 0, "sava_crossing")
    assert winner is not None and slowest < 2.0


@pytest.mark.rule("HS-DIR-4")
@pytest.mark.rule("HS-DIR-5")
def test_basic_fires_direct_fire_at_a_target_in_reach():
    # the target hex must be one of legal_actions' own actions, or the bot gives up and says Done
    from .helpers import act, events, state_on, until
    units = {"t": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (3, 0))}
    s = until(state_on(["...."], units, name="b1", mover="blue", dice=[6, 6]), "direct", "blue")
    bot = SlammersBot(SPEC, 1)
    for _ in range(6):
        if events(s, "fire"):
            break
        s = act(s, *bot.choose(s, "blue"))
    assert [e["firers"] for e in events(s, "fire")] == [["b"]]
