"""Information-set tree search: the search bots' other way to decide (an option, ``SearchBot(tree=N)``
or a game's ``Search.tree`` by level, off at every level: ``bench/README.md`` has its measures).

The world search (:meth:`~tricktable.bots.search.SearchBot.evaluate`) values each candidate in
sampled worlds, each seat then playing on by the heuristic: every world is searched as if the seat
saw all its cards, and only the candidate's own decision is searched. This search grows one tree over
the whole deal instead (single-observer information-set Monte Carlo tree search: Cowling, Powley and
Whitehouse, 2012). Each iteration samples a new world the seat cannot tell from the real one, walks
the tree from the decision, choosing at every node by UCB among the actions legal in that world,
adds one node, and plays the deal out from there as the world search does (the heuristic bots, on
the game's fast path). The tree's nodes are the sequences of actions taken from the decision, the
same node in every world, so a node's statistics are over every world in which it was reached: the
later decisions are made by a player who does not see the other hands either, partners and
opponents alike, each choosing what is best for its own side.

UCB here counts, for each action, the iterations in which it was legal at its node (its
*availability*) instead of the node's visits: an action that a world's cards rule out was not passed
over there. The decision is the action visited most at the root.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tricktable.bots.turns import next_turn
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.state import State, team_of
from tricktable.core.views import View

if TYPE_CHECKING:
    from tricktable.bots.search import SearchBot

__all__ = ["Edge", "grow", "tree_search"]


class Edge:
    """An action at a node: its visits, their total value for the searching seat's side, and the
    iterations in which it was legal there."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def ucb(self, sign: int, exploration: float) -> float:
        """The mean value for the side choosing (``sign`` -1: the other side's) plus the bonus of an
        action tried less often than it was available."""
        return sign * self.total / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


def tree_search(
    bot: SearchBot,
    view: View,
    legal: Sequence[Action],
    events: Sequence[Event],
    iterations: int,
    exploration: float,
) -> Action:
    """The action visited most at the root of the tree :func:`grow` grows for the seat of ``view``,
    to move with ``legal`` after ``events`` (the larger total breaks a tie)."""
    root = grow(bot, view, events, iterations, exploration)
    return max(legal, key=lambda a: (root[a].visits, root[a].total))


def grow(
    bot: SearchBot, view: View, events: Sequence[Event], iterations: int, exploration: float
) -> dict[Action, Edge]:
    """The root's edges of a tree grown over ``iterations`` sampled worlds by ``bot`` (its game, table
    rules, random source and heuristic playouts) for the seat of ``view``, to move after ``events``.
    ``exploration`` is UCB's constant in the game's score units. Raises ``SampleError`` when no world
    can be sampled from the events."""
    seat = view.seat
    assert seat is not None
    game = bot.game
    deal_key = bot.rules.deal_key
    num_seats = game.num_seats(bot.config)
    team = team_of(seat, num_seats)
    rng = bot.rng
    tree: dict[tuple[Action, ...], dict[Action, Edge]] = {}
    for _ in range(iterations):
        world = game.sample(seat, events, config=bot.config, rng=random.Random(rng.getrandbits(64)))
        key = deal_key(world)
        state = world
        path: tuple[Action, ...] = ()
        walked: list[Edge] = []
        while True:
            if state.is_over or deal_key(state) != key:
                value = game.description.deal_value(world, state, team)
                break
            mover, named = next_turn(state)
            moves = state.legal_actions(named)
            if len(moves) == 1:
                state = state.apply_legal(moves[0], named)
                path += (moves[0],)
                continue
            node = tree.setdefault(path, {})
            for move in moves:
                edge = node.get(move)
                if edge is None:
                    edge = node[move] = Edge()
                edge.available += 1
            untried = [move for move in moves if node[move].visits == 0]
            if untried:
                # A new node: the deal is played out from it.
                move = untried[rng.randrange(len(untried))]
                walked.append(node[move])
                value = _play_out(bot, world, state.apply_legal(move, named), key, team, rng)
                break
            sign = 1 if team_of(mover, num_seats) == team else -1
            move = max(moves, key=lambda m: node[m].ucb(sign, exploration))
            walked.append(node[move])
            state = state.apply_legal(move, named)
            path += (move,)
        for edge in walked:
            edge.visits += 1
            edge.total += value
    return tree[()]


def _play_out(
    bot: SearchBot, world: State, after: State, key: object, team: int, rng: random.Random
) -> float:
    """What the deal ``key`` of ``world`` gains ``team`` when ``after`` (maybe past its end) is played
    out by the heuristic bots (seeded afresh from ``rng``), as the world search plays its rollouts out."""
    seed = rng.getrandbits(64)
    for s, policy in bot.policies.items():
        policy.rng.seed(seed + s)
    return bot.play_out(world, after, key, team)
