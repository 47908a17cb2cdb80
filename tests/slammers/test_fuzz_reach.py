"""The random games the fuzzer plays reach every part-2 action: paradrops and CPF, strikes, gas,
CAF, ECM jamming and a fortress destroyed by its occupants (issue 13's fuzz must exercise them)."""
from __future__ import annotations

from game.ai.random_bot import RandomBot
from game.rules.slammers import SPEC


def _verbs(scenario: str, seeds) -> set:
    seen = set()
    for seed in seeds:
        state = SPEC.setup(seed, scenario)
        bots = {s: RandomBot(SPEC, seed + i) for i, s in enumerate(state["seating"]["sides"])}
        while SPEC.active(state) is not None:
            who = SPEC.active(state)
            action = bots[who].choose(state, who)
            seen.add((state["stack"][-1]["step"], action[0]))
            state = SPEC.apply(state, action)
            assert SPEC.invariants(state) == [], (scenario, seed)
    return seen


def test_random_play_reaches_every_part_two_action():
    seen = set()
    for scenario in ("kettle_drop", "sava_gas", "blackwood"):
        seen |= _verbs(scenario, (1001, 1002, 1003))
    wanted = {("paradrops", "drop"), ("cpf", "cpf"), ("indirect", "fire"), ("indirect", "gas"),
              ("respond", "caf"), ("respond", "jam"), ("movement", "raze")}
    assert wanted <= seen, sorted(wanted - seen)
