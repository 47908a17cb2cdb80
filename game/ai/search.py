"""A search-based computer player for any game: information-set Monte Carlo tree search.

Each iteration deals a *world* the searching side cannot tell from the real position
(``Knowledge.determinise``: hidden cards from what it has not seen, the dice to come its
own), walks one shared tree down by the upper confidence bound, grows it by one action,
plays on for at most ``cutoff`` actions by the game's quick policy and scores the leaf with
the game's evaluation. Nodes are keyed by the actions taken, so worlds share statistics
(single-observer ISMCTS); an action counts as available only in worlds where it is legal.

Dice are chance nodes: before each action in the tree the world's scripted dice are filled
from the bot's generator, and the dice the action used pick the child, so a battle won and
the same battle lost grow different subtrees. All randomness is the bot's seeded generator
(game/core/rng.py); a decision's seed comes from the bot's seed and what its side sees, so
the same position gives the same choice, and a game against the computer replays exactly.

A decision with an obvious answer (a single move the order leaves, or one the game's knowledge
names) is made without a search, and a search stops once its choice is settled: no other move
can overtake the most visited in the iterations left (a count, so it replays exactly).
"""
from __future__ import annotations

import json
import math
import time
import zlib

from game.core import rng
from game.core.contract import IllegalAction

from .knowledge import Knowledge, knowledge_of, outcome

EXPLORE = 0.7          # the UCB exploration constant, for values in [0, 1]
PRIOR = 1.5            # how long a move's prior weight holds before its visits speak (progressive bias)
SCRIPTED = 6           # dice scripted before each action in the tree
MAX_TREE = 80          # actions down the tree before the playout takes over (a loop guard)
LOOP_LIMIT = 3         # the same sight met this often in one game: a loop, handed to the basic player
# The cap counts the CPU time of the thinking thread, not the wall clock: a decision gets the
# same share of one core whether the machine is idle or busy with other programs, so Hard plays
# the same on a loaded machine (only slower to answer) and the ladder measures it as shipped.
CLOCK = time.thread_time


class Edge:
    """One action from a node: its statistics for the side that chose it, and where it led."""

    __slots__ = ("action", "prior", "mover", "visits", "total", "avail", "after")

    def __init__(self, action, prior: float, mover: str):
        self.action, self.prior, self.mover = action, prior, mover
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.after: dict = {}          # dice used -> Node (one entry when no die was rolled)

    def mean(self) -> float:
        """The average value of this action for its mover."""
        return self.total / self.visits if self.visits else 0.5


class Node:
    """A decision: the edges tried so far from here."""

    __slots__ = ("edges", "visits", "legal", "ordered")

    def __init__(self):
        self.edges: dict = {}
        self.visits = 0
        self.legal = None              # the legal actions the order below was made from
        self.ordered: list = []        # the game's order of them (kept: most worlds agree)


class SearchBot:
    """ISMCTS over the contract with a game's Knowledge; ``budget`` iterations a decision.

    A strength's budget is a count of iterations (the same choice on any machine) with a
    wall-clock cap: past ``floor`` iterations a decision stops when ``seconds`` have gone,
    so a slow or busy machine answers in time (and only then plays differently). Given an
    explicit ``budget`` and no ``seconds``, the search is a pure function of seed and sight.
    """

    label = "search"
    interruptible = True               # the worker passes stop= and progress= to choose

    def __init__(self, spec, seed: int = 0, budget: int | None = None, strength: str = "hard",
                 knowledge: Knowledge | None = None, seconds: float | None = None):
        self.spec = spec
        self.seed = int(seed)
        self.knowing = (knowledge or knowledge_of(spec)).at_strength(strength)
        self.know = self.knowing        # what the decision in hand plays by: ``knowing`` seated
        self.budget = budget if budget is not None else self.knowing.budgets[strength]
        if seconds is None and budget is None:
            seconds = self.know.seconds.get(strength)
        self.seconds = seconds
        self.floor = max(1, int(self.budget * self.know.floor))
        self.label = strength
        self.last: dict = {}           # what the last decision found: {action: (visits, mean)}
        self.stats = {"decisions": 0, "iterations": 0, "clocked": 0, "loops": 0, "obvious": 0, "settled": 0}
        self.notes: dict = {}          # the game's knowledge keeps its notes of this game here
        self._chosen: dict = {}        # decision seed -> actions already chosen from that sight
        self._seen: dict = {}          # decision seed -> times that sight was met
        self._basic = None

    # -- the contract's entry point -----------------------------------------------------------
    def choose(self, state: dict, player: str, stop=None, progress=None):
        """The action the search rates best for ``player``; always one of the legal actions.

        ``stop`` (anything with is_set()) ends the search early; ``progress(share)`` hears how
        far it is, 0 to 1, a few dozen times a decision.
        """
        started = CLOCK()          # the clock counts the whole decision
        self.know = self.knowing.seated(player)
        actions = self.spec.legal_actions(state)
        if not actions:
            raise ValueError(f"{player} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        seed = self.decision_seed(state, player)
        # The same sight again means a loop of moves that change nothing (pick a stack, pick
        # another): leave it by an action not yet taken from here.
        chosen = self._chosen.setdefault(seed, set())
        ordered = self.know.root_order(self.spec, state, actions, player)
        named = self.know.obvious(self.spec, state, player, ordered, chosen, self.notes)
        if named is not None:
            # The knowledge keeps notes of what it named (units already let go), so a sight it
            # meets again is no loop for it: it is not handed to the basic player.
            self.stats["obvious"] += 1
            self.last = {}
            chosen.add(named)
            return named
        self._seen[seed] = self._seen.get(seed, 0) + 1
        if self._seen[seed] > LOOP_LIMIT and self._fallback() is not None:
            # A sight met again and again is a loop of moves that change nothing (a toggle
            # on and off): the game's basic player, who has its own way out, answers.
            self.stats["loops"] += 1
            return self._basic.choose(state, player)
        best = self._obvious(ordered, chosen)
        if best is None:
            root = self.search(state, player, self.budget, seed, stop, progress, started,
                               ordered=ordered, settle=chosen)
            best = self._best(root, actions, chosen)
        chosen.add(best)
        return best

    def _obvious(self, ordered: list, chosen: set):
        """The answer without a search, or None: the order leaves a single move not yet taken
        from this sight (the search could only play that one)."""
        fresh = [a for a, _ in ordered if a not in chosen]
        sure = fresh[0] if len(fresh) == 1 else None
        if sure is not None:
            self.stats["obvious"] += 1
            self.last = {}
        return sure

    def search(self, state: dict, player: str, budget: int, seed: int | None = None,
               stop=None, progress=None, started: float | None = None,
               ordered: list | None = None, settle: set | None = None) -> Node:
        """Grow a tree from ``state`` for ``budget`` iterations (fewer if stopped); its root.

        Given ``settle`` (the actions a choice leaves out), the search also stops past its floor
        once the most visited other action can no longer be overtaken in the iterations left:
        the choice is then settled, and the same as the whole budget would make it.
        """
        self.know = self.knowing.seated(player)
        picker = {}
        rng.init(picker, self.decision_seed(state, player) if seed is None else seed)
        root = Node()
        root.legal = self.spec.legal_actions(state)
        root.ordered = ordered if ordered is not None else self.know.root_order(self.spec, state, root.legal, player)
        every = max(1, min(budget // 40, 10))
        deadline = None if self.seconds is None else (started or CLOCK()) + self.seconds
        done = 0
        while done < budget:
            if stop is not None and stop.is_set():
                break
            if deadline is not None and done >= self.floor and CLOCK() > deadline:
                self.stats["clocked"] += 1
                break
            if settle is not None and done >= self.floor and _settled(root, settle, budget - done):
                self.stats["settled"] += 1
                if progress is not None:
                    progress(1.0)
                break
            world = self.know.determinise(self.spec, state, player, picker)
            self._iterate(root, world, picker)
            done += 1
            if progress is not None and done % every == 0:
                progress(max(done / budget, self._clock_share(deadline)))
        self.stats["decisions"] += 1
        self.stats["iterations"] += done
        return root

    def _clock_share(self, deadline) -> float:
        if deadline is None:
            return 0.0
        return min(1.0, 1.0 - (deadline - CLOCK()) / self.seconds)

    def _fallback(self):
        """The game's basic player (built once), or None when the game registers none."""
        if self._basic is None and "basic" in getattr(self.spec, "bots", {}):
            from . import bot_class
            self._basic = bot_class(self.spec, "basic")(self.spec, self.seed)
        return self._basic

    def decision_seed(self, state: dict, player: str) -> int:
        """The bot's seed mixed with what ``player`` sees: indistinguishable positions, one seed."""
        seen = json.dumps(self.spec.view(state, player), sort_keys=True, default=str)
        return (self.seed * 0x9E3779B1 + zlib.crc32(seen.encode())) & 0x7FFFFFFF

    def _best(self, root: Node, actions: list, chosen: set):
        legal = set(actions)
        self.last = {e.action: (e.visits, e.mean()) for e in root.edges.values()}
        edges = [e for e in root.edges.values() if e.action in legal]
        fresh = [e for e in edges if e.action not in chosen]
        if fresh:
            return max(fresh, key=lambda e: (e.visits, e.mean(), e.prior)).action
        untried = [a for a in actions if a not in chosen]
        return untried[-1] if untried else max(edges, key=lambda e: (e.visits, e.mean())).action

    # -- one iteration ------------------------------------------------------------------------
    def _iterate(self, root: Node, world: dict, picker: dict) -> None:
        spec = self.spec
        node, state, path = root, world, []
        for _ in range(MAX_TREE):
            mover = spec.active(state)
            if mover is None:
                break
            edge, fresh = self._select(node, state, mover)
            state, dice = self._step(state, edge.action, picker)
            path.append(edge)
            child = edge.after.get(dice)
            if child is None:
                child = edge.after[dice] = Node()
            child.visits += 1
            node = child
            if fresh:
                break
        values = self._playout(state, picker)
        root.visits += 1
        for edge in path:
            edge.visits += 1
            edge.total += values.get(edge.mover, 0.5)

    def _select(self, node: Node, state: dict, mover: str) -> tuple:
        """The edge to follow (UCB with progressive bias), or a new one: (edge, is new)."""
        legal = self.spec.legal_actions(state)
        if node.legal != legal:        # worlds mostly agree on what is legal here: order once
            node.legal, node.ordered = legal, self.know.order(self.spec, state, legal)
        ordered = node.ordered
        room = self.know.widen + int(math.sqrt(node.visits))
        best, best_score = None, -1.0
        for action, prior in ordered[:room]:
            edge = node.edges.get(action)
            if edge is None:
                edge = node.edges[action] = Edge(action, prior, mover)
                return edge, True
            edge.avail += 1
            score = (edge.mean() + EXPLORE * math.sqrt(math.log(max(2, edge.avail)) / (1 + edge.visits))
                     + PRIOR * edge.prior / (1 + edge.visits))
            if score > best_score:
                best, best_score = edge, score
        if best is None:                       # nothing to consider: should not happen, take any legal one
            action = self.spec.legal_actions(state)[0]
            best = node.edges.setdefault(action, Edge(action, 0.0, mover))
        return best, False

    def _step(self, state: dict, action, picker: dict) -> tuple:
        """Apply ``action`` with dice scripted from the bot's generator: (new state, dice used)."""
        sides = getattr(self.spec, "die_sides", 6)
        scripted = [rng.randint(picker, 1, sides) for _ in range(SCRIPTED)]
        state["rng"] = dict(state["rng"], dice=scripted)
        try:
            after = self.spec.apply(state, action)
        except IllegalAction:
            raise AssertionError(f"the search tried an illegal action {action!r}") from None
        used = SCRIPTED - len(after["rng"]["dice"])
        return after, tuple(scripted[:used])

    def _playout(self, state: dict, picker: dict) -> dict:
        """Play on by the quick policy for at most ``cutoff`` actions; the leaf's value per side."""
        spec, know = self.spec, self.know
        pick = know.policy(spec, picker)
        for _ in range(know.cutoff):
            done = outcome(spec, state)
            if done is not None:
                return done
            actions = spec.legal_actions(state)
            state = spec.apply(state, pick(state, actions))
        return outcome(spec, state) or know.evaluate(spec, state)


def _settled(root: Node, left_out: set, left: int) -> bool:
    """The most visited action (of those not left out) leads every other by more than the
    ``left`` iterations still to run, so no other can overtake it (the move played is the
    most visited)."""
    first = second = 0
    for edge in root.edges.values():
        if edge.action in left_out:
            continue
        if edge.visits > first:
            first, second = edge.visits, first
        elif edge.visits > second:
            second = edge.visits
    return first > second + left


def make(strength: str):
    """A factory(spec, seed) for the menu's bot registry: a SearchBot of that strength."""
    return lambda spec, seed=0: SearchBot(spec, seed, strength=strength)
