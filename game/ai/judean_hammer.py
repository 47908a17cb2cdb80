"""A basic Judean Hammer player: a short greedy look-ahead over worlds it cannot tell apart.

The bot never reads what its side may not see. Before it looks ahead it builds a few
*worlds*: copies of the state in which the opponent's hand and the draw pile are dealt
afresh, by the bot's own generator, from the cards it has not seen (all 26 less its hand
and the public piles), and the dice generator is the bot's own. It then tries every
legal action (and, while the same player keeps choosing, the replies to it) in each
world and keeps the action whose results score best on average. A position is worth its
VP lead, the regions it controls, the units on the map and, for battles about to be
fought, the exact odds over the unseen cards (game/rules/judean_hammer/odds.py).
"""
from __future__ import annotations

from game.core import rng
from game.core.contract import GameSpec, IllegalAction
from game.rules.judean_hammer import CARD_IDS as IDS
from game.rules.judean_hammer import (battle_odds, board_of, card_slots, fighting_side, frame, mixed_areas, other,
                                      position, region_control, seen_cards, units_on_map, vp, winner)

from . import worlds as possible
from .random_bot import SeededBot
from .knowledge import Knowledge

WORLDS = 3           # hidden-card deals averaged per decision
DEPTH = 2            # own choices looked through in a row (a card, then how to use it)
WIN = 1000.0
PICK_LIMIT = 300     # a safety valve: never loop for ever within one step


def score(state: dict, side: str) -> float:
    """A plain position value for ``side``: VP, regions held now, units on the map, battles to come."""
    won = winner(state)
    if won:
        return WIN if won == side else -WIN
    foe = other(side)
    control = region_control(state, board_of(state))
    held = sum(1 for c in control.values() if c == side) - sum(1 for c in control.values() if c == foe)
    units = units_on_map(state, side) - units_on_map(state, foe)
    return 3 * (vp(state, side) - vp(state, foe)) + 2 * held + 0.3 * units + _battles(state, side)


def _battles(state: dict, side: str) -> float:
    """Expected worth of the battles standing on the map, at exact odds over cards ``side`` has not seen."""
    worth = 0.0
    for area in mixed_areas(state):
        odds = battle_odds(state, area, area, viewer=side)
        sign = 1 if fighting_side(state) == side else -1
        worth += sign * (2 * odds["p_attacker_wins"] - 1
                         + 0.3 * (odds["expected_defender_losses"] - odds["expected_attacker_losses"]))
    return worth


def unseen(state: dict, side: str) -> list:
    """The cards ``side`` has not seen: neither in its hand nor in a public pile (sorted)."""
    return possible.unseen(IDS, *seen_cards(state, side))


def deal_world(spec: GameSpec, state: dict, player: str, picker: dict) -> dict:
    """A copy of ``state`` with every hidden card and die dealt from ``picker``, from what ``player`` knows."""
    view = spec.view(state, player)
    foe = other(player)
    slots = card_slots(player)
    known = view["piles"]["draw_known"]
    if known is None:
        return possible.deal(state, picker, unseen(state, player),
                             [(slots["hand"], view["hands"][foe]), (slots["draw"], view["piles"]["draw"])])
    # After a reshuffle this round the pile is the former discards (JH-SEQ-8): only its
    # order is hidden, and the opponent's hand is every other card not yet seen.
    held = [c for c in unseen(state, player) if c not in known]
    world = possible.deal(state, picker, held, [(slots["hand"], view["hands"][foe])])
    possible.put(world, slots["draw"], rng.shuffle(picker, known))
    return world


class JudeanHammerBot(SeededBot):
    """Greedy over a few dealt worlds; only the contract and the player's own knowledge."""

    label = "basic"
    worlds = WORLDS

    def __init__(self, spec: GameSpec, seed: int = 0):
        super().__init__(spec, seed)
        self._step_key = None
        self._picks = 0

    def choose(self, state: dict, player: str):
        """The action whose look-ahead scores best for ``player`` over a few dealt worlds."""
        actions = self.legal(state, player)
        if len(actions) == 1:
            return actions[0]
        if self._valve(state):
            return next((a for a in actions if a[0] in ("done", "pass")), rng.choice(self._rng, actions))
        worlds = [self.world(state, player) for _ in range(self.worlds)]
        best, choices = None, []
        for action in actions:
            value = sum(self._value(w, action, player, DEPTH) for w in worlds) / len(worlds)
            if best is None or value > best + 1e-9:
                best, choices = value, [action]
            elif abs(value - best) <= 1e-9:
                choices.append(action)
        return rng.choice(self._rng, choices)

    def world(self, state: dict, player: str) -> dict:
        """A copy of ``state`` with every hidden card and die dealt by the bot, from what ``player`` knows."""
        return deal_world(self.spec, state, player, self._rng)

    def _value(self, world: dict, action, player: str, depth: int) -> float:
        try:
            after = self.spec.apply(world, action)
        except IllegalAction:
            return -WIN          # cannot happen in a faithful world; never pick it
        if depth > 1 and self.spec.active(after) == player:
            replies = self.spec.legal_actions(after)
            if 1 < len(replies) <= 40:
                return max(self._value(after, r, player, depth - 1) for r in replies)
        return score(after, player)

    def _valve(self, state: dict) -> bool:
        """True once this step has taken suspiciously many picks (a loop of no-gain moves)."""
        key = position(state)
        if key != self._step_key:
            self._step_key, self._picks = key, 0
        self._picks += 1
        return self._picks > PICK_LIMIT


class JudeanHammerKnowledge(Knowledge):
    """What the search player knows of Judean Hammer: the hidden cards, and what a position is worth."""

    budgets = {"normal": 200, "hard": 800}
    cutoff = 12

    def determinise(self, spec, state, side, picker):
        """The opponent's hand and the draw pile dealt from the cards ``side`` has not seen."""
        return deal_world(spec, state, side, picker)

    def order(self, spec, state, actions):
        """Every legal action but the re-picks of a stack not yet moved (the same as Done, then the other stack)."""
        step = frame(state)
        if step.get("step") == "move" and step.get("sel") is not None:
            path = step["groups"][step["sel"]]["path"]
            if len(path) == 1:
                near = set(board_of(state).adj[path[0]]) | {path[0]}
                kept = [a for a in actions if a[0] != "area" or a[1] in near]
                actions = kept or actions
        return super().order(spec, state, actions)

    def root_order(self, spec, state, actions, side):
        """The basic player's choice first (its look-ahead over dealt worlds, once a decision)."""
        return self.led_by(JudeanHammerBot(spec, 0).choose(state, side), [a for a, _ in self.order(spec, state, actions)])

    luck_unit = "in units the casualty dice spared (a die costs one in three)"

    def luck(self, spec, before, event):
        """Casualty dice (JH-BAT-10): each die of 5 or 6 costs one more unit, a chance of 1 in 3;
        the luck is the units that chance expected lost less those the dice took."""
        if event.get("kind") != "casualties" or not event.get("dice"):
            return {}
        dice = event["dice"]
        return {event["side"]: len(dice) / 3 - sum(1 for d in dice if d >= 5)}

    def evaluate(self, spec, state):
        """The basic bot's score (VP, regions, units, battle odds) as a chance of winning."""
        lead = score(state, "maccabean")
        chance = self.squash(lead, 12.0)
        return {"maccabean": chance, "greek": 1.0 - chance}


KNOWLEDGE = JudeanHammerKnowledge()
