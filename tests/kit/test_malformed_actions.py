"""An action no step can read (a missing argument, a table where a name goes, a word for a hex,
one argument too many) is refused like any illegal action: IllegalAction with a plain sentence,
never a crash, and the state untouched. Such actions come from hand-edited saves and stray input."""
from __future__ import annotations

import copy
import random

import pytest

from game.core.contract import IllegalAction
from game.rules import GAMES

ODD = (7, None, "x", (3,), (1, 2, 3), ("a", "b"), {"k": 1}, -1)


def misspoken(action: tuple) -> list:
    """The action with each argument replaced by something of the wrong shape, one too many, or none."""
    out = [action + ("extra",), (action[0],)]
    for i in range(1, len(action)):
        out += [action[:i] + (odd,) + action[i + 1:] for odd in ODD]
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_misspoken_action_is_refused_in_words_and_changes_nothing(name):
    spec, picker = GAMES[name], random.Random(3)
    state = spec.setup(3)
    for n in range(160):
        if spec.active(state) is None:
            break
        legal = spec.legal_actions(state)
        if n % 9 == 0:
            before = copy.deepcopy(state)
            for action in legal[:4]:
                for odd in misspoken(tuple(action)):
                    if odd in legal:
                        continue
                    with pytest.raises(IllegalAction) as err:
                        spec.apply(state, odd)
                    assert str(err.value) and "\n" not in str(err.value)
            assert state == before
        state = spec.apply(state, picker.choice(legal))
