"""The search player: legal, blind to what its side cannot see, repeatable, and interruptible."""
from __future__ import annotations

import threading

import pytest

from game.ai import BOTS, plays
from game.ai.knowledge import knowledge_of, outcome
from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot
from game.core.steps import copy_state
from game.rules import GAMES
from game.rules.judean_hammer import SPEC as JH

from .test_bots import _redealt

SEARCHED = ["hack_sack", "judean_hammer", "armageddon", "slammers"]
REVIEWED = ["hack_sack", "judean_hammer"]           # games whose knowledge reads dice luck too


def _positions(spec, seed: int, count: int, every: int):
    """Positions with a choice from one game between random players, one in ``every``."""
    state, bot = spec.setup(seed), RandomBot(spec, seed)
    seen = 0
    for _ in range(5000):
        side = spec.active(state)
        if side is None or count <= 0:
            return
        if len(spec.legal_actions(state)) > 1:
            seen += 1
            if seen % every == 0:
                count -= 1
                yield state, side
        state = spec.apply(state, bot.choose(state, side))


def test_judean_hammer_search_chooses_alike_in_positions_it_cannot_tell_apart():
    checked = differed = 0
    for state, side in _positions(JH, 5, 12, 9):
        twin = _redealt(state, side, checked + 1)
        assert JH.view(twin, side) == JH.view(state, side)
        differed += twin["hands"] != state["hands"] or twin["draw"] != state["draw"]
        a, b = SearchBot(JH, 4, budget=40), SearchBot(JH, 4, budget=40)
        assert a.choose(state, side) == b.choose(twin, side), f"round {state['round']}, {side}"
        assert a.last == b.last                 # the whole tree saw the same, not just the winner
        checked += 1
    assert checked == 12 and differed >= 6


def test_armageddon_search_chooses_alike_in_positions_it_cannot_tell_apart():
    from tests.armageddon.test_bot import _twin
    spec = GAMES["armageddon"]
    checked = differed = 0
    state, bot = spec.setup(4), RandomBot(spec, 4)
    while checked < 6 and spec.active(state) is not None:
        side = spec.active(state)
        actions = spec.legal_actions(state)
        if ("standard",) in actions:                   # the standard set-up, then random play
            state = spec.apply(state, ("standard",))
            continue
        if len(actions) < 2 or spec.view(state, side)["stage"] != "action" or state["rng"]["draws"] % 3:
            state = spec.apply(state, bot.choose(state, side))
            continue
        twin = _twin(state, side, checked + 1)
        assert spec.view(twin, side) == spec.view(state, side)
        foe = next(s for s in spec.sides if s != side)
        differed += twin["hands"][foe] != state["hands"][foe] or twin["plan"][foe] != state["plan"][foe]
        a, b = SearchBot(spec, 4, budget=12), SearchBot(spec, 4, budget=12)
        assert a.choose(state, side) == b.choose(twin, side), f"turn {state['turn']}, {side}"
        assert a.last == b.last
        checked += 1
        state = spec.apply(state, bot.choose(state, side))
    assert checked == 6 and differed >= 3


@pytest.mark.parametrize("game", SEARCHED)
def test_the_dice_to_come_are_hidden_too(game):
    # Only the generator's future differs: the search must not peek at the dice.
    spec = GAMES[game]
    for state, side in _positions(spec, 2, 4, 25):
        twin = copy_state(state)
        twin["rng"]["seed"] = (state["rng"]["seed"] * 31 + 7) % (1 << 62)
        a, b = SearchBot(spec, 9, budget=25), SearchBot(spec, 9, budget=25)
        assert a.choose(state, side) == b.choose(twin, side)
        assert a.last == b.last


@pytest.mark.parametrize("game", SEARCHED)
def test_the_search_only_ever_returns_a_legal_action(game):
    spec = GAMES[game]
    state = spec.setup(11)
    bots = {side: SearchBot(spec, i, budget={"judean_hammer": 12, "hack_sack": 5}.get(game, 4))
            for i, side in enumerate(spec.sides)}
    for _ in range({"hack_sack": 250, "judean_hammer": 2000}.get(game, 120)):
        side = spec.active(state)
        if side is None:
            break
        action = bots[side].choose(state, side)
        assert action in spec.legal_actions(state), action
        state = spec.apply(state, action)
    if game == "judean_hammer":
        assert spec.result(state) is not None          # the search finishes its games, with no loop


@pytest.mark.parametrize("game", SEARCHED)
def test_the_same_seed_gives_the_same_choice(game):
    spec = GAMES[game]
    state, side = next(_positions(spec, 3, 1, 30))
    first = SearchBot(spec, 5, budget=30)
    again = SearchBot(spec, 5, budget=30)
    assert first.choose(state, side) == again.choose(copy_state(state), side)
    assert first.last == again.last


def test_a_stopped_search_answers_at_once_with_a_legal_action():
    state, side = next(_positions(JH, 1, 1, 5))
    stop = threading.Event()
    stop.set()
    shares = []
    action = SearchBot(JH, 1, budget=10 ** 6).choose(state, side, stop=stop, progress=shares.append)
    assert action in JH.legal_actions(state) and shares == []


def test_progress_is_reported_up_to_the_end():
    state, side = next(_positions(JH, 1, 1, 5))
    shares = []
    SearchBot(JH, 1, budget=80).choose(state, side, progress=shares.append)
    assert shares == sorted(shares) and shares[-1] == 1.0 and len(shares) >= 20


def test_the_strengths_are_offered_for_the_games_with_knowledge(toy_spec):
    from game.ui.newgame import seat_choices
    for name in SEARCHED:
        assert plays("normal", name) and plays("hard", name)
        assert knowledge_of(GAMES[name]).budgets["hard"] > knowledge_of(GAMES[name]).budgets["normal"]
        labels = [label for label, _ in seat_choices(GAMES[name])]
        assert labels[-3:] == ["Computer (easy)", "Computer (normal)", "Computer (hard)"]
    assert not plays("hard", toy_spec.name)
    bot = BOTS["hard"].make(JH, 3)
    assert bot.label == "hard" and bot.budget == knowledge_of(JH).budgets["hard"]


def test_a_finished_game_is_scored_by_its_result():
    state = JH.setup(1)
    state = dict(state, result={"winner": "greek", "reason": "test"})
    assert outcome(JH, state) == {"maccabean": 0.0, "greek": 1.0}
    assert outcome(JH, JH.setup(1)) is None


@pytest.mark.parametrize("game", SEARCHED)
def test_the_evaluation_shares_the_chances_among_the_sides_at_the_table(game):
    spec, know = GAMES[game], knowledge_of(GAMES[game])
    for state, _ in _positions(spec, 12, 5, 20):
        chances = know.evaluate(spec, state)
        seated = spec.seated(state).sides
        assert all(0.0 <= chances[s] <= 1.0 for s in seated)
        assert abs(sum(chances[s] for s in seated) - 1.0) < 1e-9


@pytest.mark.parametrize("game", REVIEWED)
def test_the_review_follows_the_chances_to_the_result_and_names_the_swings(game):
    from game.ai.match import play_match
    from game.ai.review import swings, timeline
    spec = GAMES[game]
    players = {s: BOTS["basic"].make(spec, 3 + i) for i, s in enumerate(spec.sides)}
    logged = []

    class Logged:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, state, side):
            action = self.bot.choose(state, side)
            logged.append(action)
            return action
    match = play_match(spec, 8, {s: Logged(b) for s, b in players.items()})
    points, movers = timeline(spec, spec.setup(8), logged)
    assert len(points) == len(logged) + 1 and len(movers) == len(logged)
    winner = match.winner(spec)
    assert points[-1].chances[winner] == 1.0 and 0 < points[0].chances[winner] < 1
    top = swings(points, movers, logged)
    assert len(top) == 3 and abs(top[0].change) >= abs(top[1].change) >= abs(top[2].change) > 0
    changes = [abs(points[i + 1].chances[m] - points[i].chances[m]) for i, m in enumerate(movers) if m]
    assert abs(top[0].change) == max(changes)
    assert spec.display_name(top[0].side) in top[0].words(spec)


@pytest.mark.parametrize("game", REVIEWED)
def test_dice_luck_adds_each_side_s_dice_against_their_expectation(game):
    from game.ai.review import dice_luck
    spec = GAMES[game]
    bots = {s: BOTS["basic"].make(spec, 2 + i) for i, s in enumerate(spec.sides)}
    state, actions = spec.setup(6), []
    while spec.active(state) is not None and len(actions) < 900:
        actions.append(bots[spec.active(state)].choose(state, spec.active(state)))
        state = spec.apply(state, actions[-1])
    luck = dice_luck(spec, spec.setup(6), actions)
    assert set(luck) == set(spec.sides) and any(abs(v) > 0.1 for v in luck.values())
    if game == "hack_sack":
        assert abs(sum(luck.values())) < 1e-9          # one side's good fortune is the other's bad


def test_the_clock_stops_a_search_past_its_floor_and_not_before():
    state, side = next(_positions(JH, 1, 1, 5))
    bot = SearchBot(JH, 1, budget=400, seconds=0.0)       # the time is up at once
    assert bot.choose(state, side) in JH.legal_actions(state)
    assert bot.stats["iterations"] == bot.floor == 100 and bot.stats["clocked"] == 1
    free = SearchBot(JH, 1, budget=400)                    # an explicit budget runs without the clock
    free.choose(state, side)
    assert free.seconds is None and free.stats["clocked"] == 0
    assert free.stats["iterations"] == 400 or free.stats["settled"] == 1     # its budget, or settled
    hard = BOTS["hard"].make(JH, 1)
    assert hard.seconds == knowledge_of(JH).seconds["hard"] <= 2.0


def test_armageddon_dice_luck_weighs_each_attack_against_its_preview():
    from game.ai.review import dice_luck
    spec = GAMES["armageddon"]
    state, bot, actions = spec.setup(6), RandomBot(spec, 2), []
    while spec.active(state) is not None and len(actions) < 600:
        legal = spec.legal_actions(state)
        actions.append(("standard",) if ("standard",) in legal else bot.choose(state, spec.active(state)))
        state = spec.apply(state, actions[-1])
    luck = dice_luck(spec, spec.setup(6), actions)
    assert set(luck) == set(spec.sides) and abs(luck["imperial"]) > 0.1
    assert abs(sum(luck.values())) < 1e-9               # the attacker's fortune is the defender's misfortune


def test_each_decision_plays_by_the_knowledge_seated_for_its_side():
    from game.ai.knowledge import Knowledge

    class Scored(Knowledge):
        """Knowledge that notes every leaf it scores, and for which seat."""

        def __init__(self, side=None, log=None):
            self.side, self.log = side, log if log is not None else []

        def seated(self, side):
            return Scored(side, self.log)

        def evaluate(self, spec, state):
            self.log.append(("leaf", self.side))
            return super().evaluate(spec, state)

        def root_order(self, spec, state, actions, side):
            self.log.append(("root", self.side))
            return super().root_order(spec, state, actions, side)

    state, side = next(_positions(JH, 1, 1, 5))
    know = Scored()
    SearchBot(JH, 1, budget=20, knowledge=know).choose(state, side)
    assert ("root", side) in know.log and ("leaf", side) in know.log
    assert {seat for _, seat in know.log} == {side}
    # the review searches a position without a decision: the seat is the mover's there too
    fresh = Scored()
    SearchBot(JH, 1, budget=20, knowledge=fresh).search(state, side, 20)
    assert {seat for _, seat in fresh.log} == {side}
