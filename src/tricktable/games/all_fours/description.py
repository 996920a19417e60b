"""All Fours' description: the facts every surface reads (see :mod:`tricktable.core.description`)."""

from __future__ import annotations

import random
from typing import Any

from tricktable.cards import ALL_CARDS
from tricktable.core import trick as core_trick
from tricktable.core.actions import Action
from tricktable.core.description import GameDescription, GreedyFactory, Observation, Search
from tricktable.core.events import DealScored
from tricktable.games.all_fours import rollout
from tricktable.games.all_fours.panel import panel
from tricktable.games.all_fours.words import WORDS

__all__ = ["DESCRIPTION"]


def _fast_value(
    state: Any, team: int, rng: random.Random, repeats: int, greedy: GreedyFactory
) -> float | None:
    """The play phase's greedy rollouts (not once a card is called: the fast path has no calls)."""
    if state.calls.called is not None:
        return None
    policy = greedy(rng, core_trick.plain_power(state.deal.trump), None, state.num_seats)
    total = 0.0
    for _ in range(repeats):
        gains = rollout.play_deal(state, policy)
        others = [g for t, g in enumerate(gains) if t != team]
        total += gains[team] - sum(others) / len(others)
    return total / repeats


def _closing_scores(start: Any, end: Any) -> tuple[float, ...]:
    """The scores on the first sheet closed after ``start`` (its deal's, even when the game ended
    mid-sheet at the target), not ``end``'s: by then the next deal's turn-up may have scored."""
    for event in end.events(None, since=start.version):
        if isinstance(event, DealScored):
            return tuple(float(x) for x in event.scores)
    return tuple(float(x) for x in end.match.scores)


def _actions() -> tuple[Action, ...]:
    """0–53 play, 54–107 expose, 108–161 call the card; 162 stand, 163 beg, 164 give, 165 run (the
    jokers' ids, 52–53 in each block, are never legal: the game has none)."""
    cards = ALL_CARDS[:54]
    return (
        *(Action.make("play", (c,)) for c in cards),
        *(Action.make("expose", (c,)) for c in cards),
        *(Action.make("call", (c,)) for c in cards),
        Action("stand"),
        Action("beg"),
        Action("give"),
        Action("run"),
    )


DESCRIPTION = GameDescription(
    name="all-fours",
    module="all_fours",
    title="All Fours",
    score_unit="points",
    deal_word="deal",
    utility_bound=40.0,  # generous: runs of the pack can score the turn-ups several times
    max_length=400,
    observation=Observation(
        phases=("beg", "give", "play", "over"),
        words=("stand", "beg", "give", "run"),
        hand_max=12.0,
        score_scale=14.0,
        blocks=frozenset({"exposures"}),
        actions=_actions,
    ),
    search=Search(
        deal_key=lambda s: s.match.deals_done,
        scores=lambda s: tuple(float(x) for x in s.match.scores),
        phases=None,
        belief_phases=frozenset({"beg", "give"}),
        rollouts=360,
        max_candidates=12,
        playout="tricktable.bots.all_fours_rollout:heuristic_value",
        # UCB's constant for the tree search (off at every level): 0.7 of a deal's usual four points.
        tree_exploration=2.8,
        fast_value=_fast_value,
        closing_scores=_closing_scores,
    ),
    panel=panel,
    words=WORDS,
    loss_thresholds=lambda config: (0.25, 0.5, 1.0),
    bots="tricktable.bots.all_fours:HeuristicBot",
    terminal="tricktable.cli.panels.all_fours:PANEL",
    solver="tricktable.analysis.all_fours:solve_all_fours",
    lessons="tricktable.learn.all_fours:COURSE",
    aliases=("allfours", "all_fours"),
)
