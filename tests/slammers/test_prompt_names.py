"""Prompts name a unit as players do (type and counter number), never by its internal id."""
from __future__ import annotations

from game.rules.slammers import SPEC
from game.rules.slammers import pieces


def test_a_unit_is_named_by_type_and_number_not_by_its_id():
    state = SPEC.setup(1, "learning")
    uid = next(u for u in state["units"] if u.rsplit("-", 1)[-1].isdigit())
    name = pieces.label(state, uid)
    assert uid not in name and name.endswith(" " + uid.rsplit("-", 1)[-1])
    assert name.startswith(pieces.utype(state, uid).name)
