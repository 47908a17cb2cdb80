"""The review of a finished game: each side's chance of winning after every action, and the swings.

Pure: a game is replayed from its first state and its logged actions through ``apply``, and
each position is scored by the game's evaluation (``GameSpec.knowledge``; a finished game by
its result). The review screen draws that curve at once, then refines it turn by turn with
the search player's own estimate (``searched_chances``: the value a search from the position
finds for the side to move), worked out in the background. The largest swings are the
evaluation's largest jumps (``swings``), measured again by that search (``settled``).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.contract import describe_action

from .knowledge import knowledge_of, outcome

CLOSER = 8          # the evaluation's largest swings the search measures again (``settled``)


@dataclass
class Point:
    """One position of the game: after ``index`` actions, in ``turn``, each side's chance."""
    index: int
    turn: object
    chances: dict
    setting_up: bool = False    # the sides are still setting up: no chance to read yet


@dataclass
class Swing:
    """An action that moved the chances a lot: who made it, what it was, how much it moved."""
    index: int
    turn: object
    side: str
    action: tuple
    change: float               # the mover's chance after minus before

    def words(self, spec) -> str:
        """The swing in a sentence, for the review screen."""
        sign = "gained" if self.change >= 0 else "lost"
        return (f"Turn {self.turn}: {spec.display_name(self.side)} {describe_action(self.action)} "
                f"- {sign} {abs(round(100 * self.change))} points of winning chance")


def timeline(spec, first: dict, actions: list) -> tuple[list, list]:
    """(points, movers): each side's chance after 0..n actions, and who made each action."""
    know = knowledge_of(spec)
    state, points, movers = first, [], []
    points.append(_point(spec, know, state, 0))
    for i, action in enumerate(actions, 1):
        movers.append(spec.active(state))
        state = spec.apply(state, action)
        points.append(_point(spec, know, state, i))
    return points, movers


def _point(spec, know, state, index) -> Point:
    view = spec.view(state, None)
    turn = view.get("round") or view.get("turn")
    return Point(index, turn, _chances(spec, know, state), know.setting_up(spec, view))


def swings(points: list, movers: list, actions: list, count: int = 3) -> list:
    """The ``count`` actions that moved their own side's chance the most by the evaluation,
    largest first (``settled`` measures them again by the search). A set-up action is none:
    before the armies stand on the map the evaluation reads an empty board."""
    found = []
    for i, side in enumerate(movers):
        if side is None or points[i].setting_up:
            continue
        change = points[i + 1].chances[side] - points[i].chances[side]
        found.append(Swing(i + 1, points[i].turn, side, tuple(actions[i]), change))
    found.sort(key=lambda s: (-abs(s.change), s.index))
    return found[:count]


def settled(candidates: list, searched: dict, count: int = 3) -> list:
    """The ``count`` largest of ``candidates`` (``swings``) as the search measures them, largest
    first: each by the search's chances before and after it (``searched``: point index -> chances,
    from ``searched_chances``; ``checks`` names the indexes wanted).

    The evaluation reads a position as it stands, so its largest jumps can be artefacts: the
    last point of a finished game is its result, and the last action's jump there holds all the
    evaluation had not foreseen (a closing Done topped the list). The search plays a position on
    and sees the end coming."""
    found = [Swing(s.index, s.turn, s.side, s.action,
                   searched[s.index][s.side] - searched[s.index - 1][s.side]) for s in candidates]
    found.sort(key=lambda s: (-abs(s.change), s.index))
    return found[:count]


def checks(candidates: list) -> list:
    """The point indexes ``settled`` needs the search's chances at: before and after each swing."""
    return sorted({i for s in candidates for i in (s.index - 1, s.index)})


def turn_marks(points: list) -> list:
    """The indexes of the points where a new turn (or round) begins, with the first and the last."""
    marks = [0]
    for i in range(1, len(points)):
        if points[i].turn != points[i - 1].turn:
            marks.append(i)
    if len(points) - 1 not in marks:
        marks.append(len(points) - 1)
    return marks


def searched_chances(spec, state: dict, budget: int = 60, seed: int = 0) -> dict:
    """Each side's chance of winning from ``state`` as a search of ``budget`` iterations finds it.

    The side to move searches from what it sees (hidden cards are dealt as in play); the value
    of its root is its chance, and its opponents share the rest. A finished game is its result.
    """
    from .search import SearchBot
    done = outcome(spec, state)
    mover = spec.active(state)
    if done is not None or mover is None:
        return done or {side: 0.5 for side in spec.sides}
    bot = SearchBot(spec, seed, budget=budget)
    root = bot.search(state, mover, budget)
    visits = sum(e.visits for e in root.edges.values())
    value = sum(e.total for e in root.edges.values()) / visits if visits else 0.5
    seat = spec.seated(state)
    team = set(seat.team(mover)) | {mover}
    rivals = {tuple(seat.team(s)) for s in seat.sides if s not in team}
    chances = {side: 0.0 for side in spec.sides}
    for side in seat.sides:
        chances[side] = value if side in team else (1.0 - value) / max(1, len(rivals))
    return chances


def _chances(spec, know, state) -> dict:
    return outcome(spec, state) or know.evaluate(spec, state)


def dice_luck(spec, first: dict, actions: list) -> dict:
    """{side: luck}: each side's dice against their expectation, in the game's own unit
    (Knowledge.luck reads each new structured event; positive is luckier than expected)."""
    know = knowledge_of(spec)
    total = {side: 0.0 for side in spec.seated(first).sides}      # the sides in play (Slammers seats 2 to 4)
    state, seen = first, _serial(spec, first)
    for action in actions:
        after = spec.apply(state, action)
        events = [e for e in spec.view(after, None).get("events", ()) if e.get("serial", 0) > seen]
        for event in events:
            for side, value in know.luck(spec, state, event).items():
                total[side] = total.get(side, 0.0) + value
        seen = max([seen] + [e.get("serial", 0) for e in events])
        state = after
    return total


def _serial(spec, state) -> int:
    return max([0] + [e.get("serial", 0) for e in spec.view(state, None).get("events", ())])
