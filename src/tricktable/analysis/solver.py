"""``solve(state)``: the value of every legal action of the seat to move, with every card known.

The value of an action is what the rest of the deal gains the mover's side over the other side, in
the game's own units for that deal (All Fours: points of the count; Back Alley: the hand's points;
Tractor: levels, the round's points counted as fractions of a level as the search bots count
them), both sides playing perfectly from there. Points the deal scored before the position (All
Fours' turn-ups and begging) are the same whatever is played and are not counted.

All Fours and Back Alley are solved exactly (:mod:`tricktable.analysis.search`). Tractor is not: its
rounds run to 25 tricks of multi-card plays, far beyond an exact search, so its values are the
search bot's estimates (worlds sampled from the mover's knowledge, played out on the fast rollout
path) with a 95% confidence interval, for the search's candidate actions only.

>>> from tricktable import games
>>> state = games.get("all-fours").new(seed=3)
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[0])
>>> solution = solve(state)
>>> solution.exact, set(solution.values) == set(state.legal_actions())
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tricktable import games
from tricktable.bots.search import SearchBot
from tricktable.core.actions import Action
from tricktable.core.description import resolve
from tricktable.core.state import State

from .search import SearchLimit

__all__ = ["EXACT_GAMES", "Solution", "SolveError", "SolveLimitError", "interval", "solve"]

EXACT_GAMES = frozenset(d.name for d in games.descriptions() if d.solver is not None)
"""The games :func:`solve` solves exactly (those whose description names an exact solver)."""
ExactSolver = Callable[[State, int | None], Mapping[int, float]]
"""A game's exact solver: each playable card's value to the mover's side."""
Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


class SolveError(ValueError):
    """The state cannot be solved: not in a play phase, or over."""


class SolveLimitError(SolveError):
    """The exact search needed more positions than ``max_nodes`` allowed."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found for the seat to move."""

    seat: int
    values: Mapping[Action, float]
    """Each legal action's value to the mover's side (Tractor: each candidate's estimate)."""
    exact: bool
    margins: Mapping[Action, float]
    """Half the width of each value's 95% confidence interval (0 when exact)."""

    @property
    def best(self) -> Action:
        """The action of highest value (the first of equals)."""
        return max(self.values, key=lambda a: self.values[a])


def interval(samples: list[float]) -> tuple[float, float]:
    """The mean of ``samples`` and the half-width of its 95% confidence interval (normal
    approximation; infinite for a single sample)."""
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, math.inf
    spread = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1))
    return mean, Z95 * spread / math.sqrt(n)


def solve(
    state: State, *, max_nodes: int | None = None, rollouts: int | None = None, seed: int = 0
) -> Solution:
    """The value of every legal action of the seat to move in ``state``'s play phase.

    ``max_nodes`` bounds the exact search (:class:`SolveLimitError` beyond it); ``rollouts`` and
    ``seed`` set Tractor's estimate (default: the ``hard`` search bot's budget)."""
    game = state.GAME_NAME
    if state.is_over:
        raise SolveError("the game is over: there is no move to solve")
    if state.phase != "play":
        raise SolveError(
            f"the solver values card play: this state is in the {state.phase!r} phase, not 'play'"
        )
    seat = state.to_move
    assert seat is not None
    path = games.get(game).description.solver
    if path is None:
        return _estimate(state, seat, rollouts, seed)
    legal = state.legal_actions(seat)
    solver: ExactSolver = resolve(path)
    try:
        by_card = solver(state, max_nodes)
    except SearchLimit:
        raise SolveLimitError(f"the exact search needed more than {max_nodes} positions") from None
    values = {action: by_card[action.cards[0]] for action in legal}
    return Solution(seat, values, True, dict.fromkeys(values, 0.0))


def _estimate(state: State, seat: int, rollouts: int | None, seed: int) -> Solution:
    """The search bot's values for its candidates, with their 95% intervals over the worlds."""
    bot = SearchBot(state.GAME_NAME, seed=seed, config=state.config, fast_rollouts=rollouts)
    view = state.view(seat)
    legal = state.legal_actions(seat)
    default = bot.fallback.choose(view, legal, state.events(seat))
    candidates = bot.candidates(view, legal, default)
    samples = bot.evaluate(view, state.events(seat), candidates)
    values: dict[Action, float] = {}
    margins: dict[Action, float] = {}
    for action, sample in zip(candidates, samples, strict=True):
        values[action], margins[action] = interval(sample)
    return Solution(seat, values, False, margins)
