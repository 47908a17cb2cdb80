"""Exact battle odds for the UI: every card the viewer cannot see and every casualty die."""
from __future__ import annotations

from fractions import Fraction

from .board import SIDES
from .cards import CARDS
from .common import count, draw_known, other

HALF = Fraction(1, 3)     # a 5 or 6 on a six-sided die


def unseen_cards(state: dict, viewer) -> list:
    """Cards the top of the draw pile may be, as the viewer knows it (JH-SEQ-8, JH-AMBIG-16).

    Each card is equally likely. An empty pile will be the two discard piles reshuffled; a
    pile made by a reshuffle this round holds exactly those seen cards; otherwise the top
    card is any card the viewer has not seen (the pile and the opponent's hand alike).
    """
    if not state["draw"]:
        return state["discard"] + state["combat"]      # the reshuffle shows no order, only which cards
    known = draw_known(state)
    if known is not None:
        return known
    hidden = list(state["draw"])
    for side in SIDES:
        if side != viewer:
            hidden += state["hands"][side]
    return hidden


def _loser_losses(units: int) -> dict:
    """Distribution of a loser's losses: 1, then 1 more per 5-6 while units last (JH-BAT-9, JH-BAT-10)."""
    dist, p = {}, Fraction(1)
    for lost in range(1, units):
        dist[lost] = p * (1 - HALF)
        p *= HALF
    dist[units] = dist.get(units, 0) + p
    return dist


def _expected(dist: dict) -> Fraction:
    return sum((k * v for k, v in dist.items()), Fraction(0))


def battle_odds(state: dict, attacker_area: str, defender_area: str, viewer=None,
                attackers: int | None = None, bonus: int = 0) -> dict:
    """P(attacker wins) and expected losses of each side, exact over unseen cards and dice."""
    att = next((s for s in SIDES if count(state, s, attacker_area)), None)
    if attacker_area == defender_area:
        # A battle already joined: the moving side attacks, with its event bonus (JH-BAT-1).
        frame = next((f for f in reversed(state["stack"]) if f["step"] in ("battles", "ambush", "move")), None)
        if frame is not None:
            att = frame["side"]
            bonus = bonus or frame.get("bonus", 0)
    if att is None:
        return {"p_attacker_wins": 0.0, "expected_attacker_losses": 0.0, "expected_defender_losses": 0.0}
    dfd = other(att)
    a_units = attackers if attackers is not None else count(state, att, attacker_area)
    d_units = count(state, dfd, defender_area)
    cards = unseen_cards(state, viewer)
    outcomes = [CARDS[c]["modifier"] for c in cards] or [None]
    weight = Fraction(1, len(outcomes))
    win = a_loss = d_loss = Fraction(0)
    for mod in outcomes:
        a_str, d_str = a_units + bonus, d_units
        if mod is not None:
            if mod["faction"] == att:
                a_str += mod["value"]
            else:
                d_str += mod["value"]
        if a_str >= d_str:
            win += weight
            a_loss += weight * (HALF if a_units else 0)
            d_loss += weight * (_expected(_loser_losses(d_units)) if d_units else 0)
        else:
            a_loss += weight * (_expected(_loser_losses(a_units)) if a_units else 0)
            d_loss += weight * (HALF if d_units else 0)
    return {"p_attacker_wins": float(win), "expected_attacker_losses": float(a_loss),
            "expected_defender_losses": float(d_loss)}


def ambush_odds(state: dict, viewer=None) -> float:
    """The chance an ambush succeeds now: the share of unseen cards with a Maccabean modifier."""
    cards = unseen_cards(state, viewer)
    if not cards:
        return 0.0
    return sum(1 for c in cards if CARDS[c]["modifier"]["faction"] == "maccabean") / len(cards)
