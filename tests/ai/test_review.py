"""The review's largest swings: found by the evaluation, measured again by the search, never a
set-up choice."""
from __future__ import annotations

import pytest

from game.ai import BOTS
from game.ai.review import CLOSER, checks, searched_chances, settled, swings, timeline
from game.rules import GAMES

GAMES_REVIEWED = ["judean_hammer", "hack_sack", "armageddon", "slammers"]


def _basic_game(spec, seed: int, bots_seed: int) -> tuple:
    """(states, actions) of a whole game between basic players: ``states[i]`` after ``i`` actions."""
    state = spec.setup(seed)
    bots = {s: BOTS["basic"].make(spec, bots_seed + i) for i, s in enumerate(spec.seated(state).sides)}
    states, actions = [state], []
    while spec.active(state) is not None:
        side = spec.active(state)
        actions.append(bots[side].choose(state, side))
        state = spec.apply(state, actions[-1])
        states.append(state)
    return states, actions


def _measured(spec, states, points, movers, actions, budget: int = 12) -> tuple:
    candidates = swings(points, movers, actions, CLOSER)
    searched = {i: searched_chances(spec, states[i], budget, 0) for i in checks(candidates)}
    return candidates, searched, settled(candidates, searched)


@pytest.mark.parametrize("game", GAMES_REVIEWED)
def test_each_swing_is_the_search_s_chance_after_the_action_less_before_it(game):
    spec = GAMES[game]
    states, actions = _basic_game(spec, 1002, 62)
    points, movers = timeline(spec, states[0], actions)
    candidates, searched, top = _measured(spec, states, points, movers, actions)
    assert len(candidates) == CLOSER and len(top) == 3
    assert {s.index for s in top} <= {s.index for s in candidates}
    for s in top:
        assert s.side == movers[s.index - 1] and s.action == tuple(actions[s.index - 1])
        assert s.change == searched[s.index][s.side] - searched[s.index - 1][s.side]
    assert abs(top[0].change) >= abs(top[1].change) >= abs(top[2].change)
    measured = sorted(abs(searched[s.index][s.side] - searched[s.index - 1][s.side]) for s in candidates)
    assert abs(top[2].change) == measured[-3]            # the three largest of the eight, none left out
    assert searched_chances(spec, states[-1], 12, 0) == points[-1].chances    # the end is the result


@pytest.mark.parametrize("game", ["armageddon", "hack_sack"])
def test_no_set_up_choice_is_named_a_swing(game):
    spec = GAMES[game]
    states, actions = _basic_game(spec, 1000, 0)
    points, movers = timeline(spec, states[0], actions)
    setting = [i for i, p in enumerate(points[:-1]) if p.setting_up]
    assert setting and setting[0] == 0                   # the game opens with its set-up
    named = {s.index - 1 for s in swings(points, movers, actions, len(actions))}
    assert named and not named & set(setting)
    assert not any(p.setting_up for p in points[setting[-1] + 1:])


def test_a_closing_pass_that_changes_nothing_is_not_named_a_swing():
    """Judean Hammer's evaluation gave the Maccabeans 47% before their last Pass, after which the
    final scoring gave them the game: the evaluation's largest jump, by far. The search, playing
    that position on to the scoring, already gave them nearly all of it."""
    spec = GAMES["judean_hammer"]
    states, actions = _basic_game(spec, 1001, 31)
    points, movers = timeline(spec, states[0], actions)
    last = len(actions)
    assert actions[-1] == ("pass",) and points[-1].chances[movers[-1]] == 1.0
    evaluated = swings(points, movers, actions)
    assert evaluated[0].index == last and evaluated[0].change > 0.4
    _, searched, top = _measured(spec, states, points, movers, actions, budget=60)
    assert searched[last - 1][movers[-1]] > 0.9
    assert last not in {s.index for s in top}


@pytest.mark.parametrize("game", GAMES_REVIEWED)
def test_a_game_that_reads_dice_luck_says_what_its_luck_counts_in(game):
    from game.ai.knowledge import Knowledge, knowledge_of
    know = knowledge_of(GAMES[game])
    assert type(know).luck is not Knowledge.luck                   # the game reads luck
    assert know.luck_unit.startswith("in ") and len(know.luck_unit) < 64    # one short line on the review
