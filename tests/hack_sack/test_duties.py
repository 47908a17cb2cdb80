"""The duty to attack, the loser's retreats, a Senator's hold and the pads, played through the contract."""
from __future__ import annotations

import copy

import pytest

from game.rules import hack_sack as SPEC_API
from game.rules.hack_sack import SPEC, pieces

from .helpers import duel, empty, moving, on_pad, play, put, refused, step, where

rule = pytest.mark.rule


def acts(s):
    return SPEC.legal_actions(s)


# -- the duty to attack ----------------------------------------------------------------------------------
@rule("HSNJ-CBT-1")
@rule("HSNJ-AMBIG-30")
def test_units_obliged_by_the_same_enemy_attack_it_together():
    s = duel("legion1", (4, 5), "nra1", (5, 5), dice=[3], legion2=(5, 6))     # both next to the NRA only
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"))
    assert ("resolve",) not in acts(s)                   # Legion 2 would be left with nobody to attack
    why, clause = refused(s, ("resolve",))
    assert clause == "HSNJ-AMBIG-30" and "Legion 2" in why
    assert "Legion 2" in SPEC.view(s, "krylon")["prompt"]
    s = play(s, ("attacker", "legion2"), ("resolve",))   # 4 vs 3: column 1, roll 3: nr
    assert pieces.unit(s, "legion1")["attacked"] and pieces.unit(s, "legion2")["attacked"]
    assert step(s) != "combat" or ("done",) in acts(s)


@rule("HSNJ-CBT-1")
@rule("HSNJ-CBT-3")
def test_the_phase_cannot_end_while_an_obliged_unit_has_not_fought():
    s = duel("legion1", (4, 5), "nra1", (5, 5), dice=[3], legion2=(7, 5), nra2=(8, 4))
    assert ("done",) not in acts(s)
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"), ("resolve",))
    assert step(s) == "combat" and ("done",) not in acts(s)    # Legion 2 still owes its attack
    why, clause = refused(s, ("done",))
    assert clause == "HSNJ-CBT-1" and "Legion 2" in why
    s = play(s, ("attacker", "legion2"), ("defender", "nra2"), ("resolve",))
    assert step(s) != "combat"                           # nothing left to fight: the phase moved on


@rule("HSNJ-JER-6")
@rule("HSNJ-AMBIG-15")
def test_every_krylon_next_to_a_lawyer_attacks_the_lawyer():
    # The Samurai and the Legion are both next to Lawyer 1; the Legion also next to an NRA.
    s = duel("samurai1", (4, 5), "lawyer1", (5, 5), dice=[3], legion1=(5, 6), nra1=(6, 6))
    s = play(s, ("attacker", "samurai1"), ("defender", "lawyer1"))
    why, clause = refused(s, ("resolve",))                 # the Samurai may not take the Lawyer alone
    assert clause == "HSNJ-JER-6" and "Legion 1" in why
    t = play(s, ("attacker", "samurai1"), ("defender", "lawyer1"), ("attacker", "legion1"),
             ("defender", "nra1"))
    assert refused(t, ("resolve",))[1] == "HSNJ-JER-6"     # nor the Legion the NRA instead
    s = play(s, ("attacker", "legion1"), ("resolve",))
    assert pieces.unit(s, "legion1")["attacked"] and pieces.unit(s, "lawyer1")["defended"]


@rule("HSNJ-AMBIG-11")
@rule("HSNJ-AMBIG-30")
def test_the_cow_obliges_nobody_but_attacking_her_settles_a_duty():
    # Legion 1 is next to the cow and the NRA, Legion 2 next to the NRA only.
    s = duel("legion1", (4, 5), "cow1", (5, 5), dice=[3, 3], nra1=(4, 4), legion2=(3, 4))
    assert ("done",) not in acts(s)
    t = play(s, ("attacker", "legion2"), ("defender", "nra1"))
    assert refused(t, ("resolve",))[1] == "HSNJ-AMBIG-30"     # Legion 1 would be left owing
    s = play(s, ("attacker", "legion1"), ("defender", "cow1"), ("resolve",))   # an attack all the same
    assert ("done",) not in acts(s)                           # Legion 2 still owes its own
    s = play(s, ("attacker", "legion2"), ("defender", "nra1"), ("resolve",))
    assert step(s) != "combat"


# -- retreats are the loser's choice ---------------------------------------------------------------------
def _two_bikers_boxed_in(dice):
    """A Catapult hits two Bikers (D-1 on a 5); Bikers 1's only way out is the hex Bikers 2 stands in."""
    s = duel("catapult1", (3, 5), "bikers1", (4, 5), dice=dice, bikers2=(5, 5),
             legion1=(5, 4), legion2=(4, 6), legion3=(6, 4), legion4=(5, 6))
    for uid in ("legion1", "legion2", "legion3", "legion4"):
        pieces.unit(s, uid)["attacked"] = True              # they fought earlier this phase
    return s


@rule("HSNJ-RES-6")
@rule("HSNJ-RES-4")
def test_a_unit_is_lost_only_when_no_order_of_retreats_saves_it():
    s = _two_bikers_boxed_in([5])
    s = play(s, ("attacker", "catapult1"), ("defender", "bikers1"), ("defender", "bikers2"), ("resolve",))
    assert s["last_battle"]["result"] == "D-1"
    # Bikers 2 must go first (its one way out), then Bikers 1 takes the hex it left.
    assert where(s, "bikers2") == (6, 5) and where(s, "bikers1") == (5, 5)
    assert s["vp"]["krylon"] == 0


@rule("HSNJ-RES-4")
def test_the_owner_chooses_which_unit_retreats_first_and_where():
    s = duel("catapult1", (3, 5), "bikers1", (4, 5), dice=[5], bikers2=(5, 5))
    s = play(s, ("attacker", "catapult1"), ("defender", "bikers1"), ("defender", "bikers2"), ("resolve",))
    assert step(s) == "retreat" and SPEC.active(s) == "jerseyite"
    assert s["stack"][-1]["queue"][0] == "bikers1" and ("unit", "bikers2") in acts(s)
    s = play(s, ("unit", "bikers2"))                     # the Jerseyite player takes Bikers 2 first
    assert s["stack"][-1]["queue"][0] == "bikers2"
    ends = {tuple(a[1]) for a in acts(s) if a[0] == "hex"}
    assert ends == {(6, 4), (6, 5), (5, 6)}
    s = play(s, ("hex", [5, 6]))
    assert where(s, "bikers2") == (5, 6) and step(s) == "retreat"
    assert [(e["unit"], e["side"]) for e in s["events"] if e["kind"] == "retreat"] == [("bikers2", "jerseyite")]
    assert ("hex", (5, 5)) in acts(s)                     # the hex Bikers 2 left is free now
    s = play(s, ("hex", [5, 5]))
    assert where(s, "bikers1") == (5, 5) and step(s) != "retreat"


@rule("HSNJ-RES-6")
def test_an_end_hex_that_would_doom_a_comrade_is_not_offered():
    s = _two_bikers_boxed_in([5])
    pieces.unit(s, "legion3").update(where="pool", hex=None)   # Bikers 2 may go to (6, 4) or (6, 5)
    s = play(s, ("attacker", "catapult1"), ("defender", "bikers1"), ("defender", "bikers2"), ("resolve",))
    assert step(s) == "retreat" and s["stack"][-1]["queue"][0] == "bikers2"
    assert ("unit", "bikers1") not in acts(s)             # Bikers 1 cannot go first: it has no way out yet
    why, clause = refused(s, ("unit", "bikers1"))
    assert clause == "HSNJ-RES-4"


# -- a Senator's hold ends only when a Frigate carries the unit away ---------------------------------------------
def _held_legion_aboard():
    """Legion 1, held by the Senator, has boarded the Frigate beside it (still chosen)."""
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 5))
    put(s, "senator1", (4, 5))
    put(s, "star_frigate1", (2, 5))
    return play(s, ("unit", "star_frigate1"), ("load", "star_frigate1", "legion1"))


@rule("HSNJ-JER-22")
def test_a_held_unit_leaves_only_when_its_frigate_moves():
    s = _held_legion_aboard()
    assert where(s, "legion1") == "ship"
    assert ("unit", "legion1") not in acts(s)              # no stepping off on the far side
    assert refused(s, ("unit", "legion1"))[1] == "HSNJ-JER-22"
    s = play(s, ("hex", [1, 2]))                           # the Frigate, still chosen, flies off
    assert ("unit", "legion1") in acts(s)                  # carried away: it may get off
    s = play(s, ("unit", "legion1"), ("hex", [1, 3]))
    assert where(s, "legion1") == (1, 3)


@rule("HSNJ-JER-20")
@rule("HSNJ-JER-22")
def test_the_hold_lapses_when_the_senator_is_gone():
    s = copy.deepcopy(_held_legion_aboard())               # a state once made is a value: change a copy
    pieces.unit(s, "senator1").update(where="dead", hex=None)
    assert ("unit", "legion1") in acts(s)


# -- pad to pad --------------------------------------------------------------------------------------------
@rule("HSNJ-GAP-9")
def test_pad_to_pad_costs_two_mp():
    s = moving(empty(), "krylon")
    on_pad(s, "star_frigate1", "Landing Pad 1", mp=1)
    s = play(s, ("unit", "star_frigate1"))
    assert ("box", "Landing Pad 2") not in acts(s)         # 1 MP reaches the map, not another pad
    assert ("hex", (0, 0)) in acts(s)
    s = moving(empty(), "krylon")
    on_pad(s, "star_frigate1", "Landing Pad 1", mp=2)           # exactly the 2 MP: it gets there
    s = play(s, ("unit", "star_frigate1"))
    assert ("box", "Landing Pad 2") in acts(s)
    s = moving(empty(), "krylon")
    on_pad(s, "star_frigate1", "Landing Pad 1", mp=3)
    s = play(s, ("unit", "star_frigate1"), ("box", "Landing Pad 2"))
    assert pieces.unit(s, "star_frigate1")["pad"] == "Landing Pad 2" and pieces.unit(s, "star_frigate1")["mp"] == 1


@rule("HSNJ-CBT-1")
@rule("HSNJ-AMBIG-30")
def test_the_duties_ahead_are_those_a_combat_phase_begun_now_would_bring():
    s = duel("legion1", (4, 5), "nra1", (5, 5), dice=[3], legion2=(5, 6))
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"), ("attacker", "legion2"), ("resolve",))  # nr
    assert pieces.unit(s, "legion1")["attacked"] and pieces.unit(s, "nra1")["defended"]
    assert SPEC_API.owed_attacks(s, "krylon") == {}          # each unit fights once a phase: all done
    # The next Combat Phase clears the marks, so both Legions owe their attack again, and the NRA
    # owes its own against either of them in the Jerseyites' phase.
    assert SPEC_API.owed_attacks_ahead(s, "krylon") == {"legion1": {"nra1"}, "legion2": {"nra1"}}
    assert SPEC_API.owed_attacks_ahead(s, "jerseyite") == {"nra1": {"legion1", "legion2"}}
    assert pieces.unit(s, "legion1")["attacked"]              # the state itself is untouched
