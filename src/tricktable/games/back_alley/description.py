"""Back Alley's description: the facts every surface reads (see :mod:`tricktable.core.description`)."""

from __future__ import annotations

import random
from typing import Any

from tricktable.cards import ALL_CARDS
from tricktable.core.actions import Action
from tricktable.core.description import GameDescription, GreedyFactory, Observation, Search
from tricktable.games.back_alley import rollout
from tricktable.games.back_alley.panel import panel
from tricktable.games.back_alley.ranking import POWER, SUIT
from tricktable.games.back_alley.words import WORDS

__all__ = ["DESCRIPTION"]


def _fast_value(
    state: Any, team: int, rng: random.Random, repeats: int, greedy: GreedyFactory
) -> float | None:
    trump = state.deal.trump
    policy = greedy(rng, POWER[trump], SUIT[trump], 4)
    total = 0.0
    for _ in range(repeats):
        a, b = rollout.play_hand(state, policy)
        total += (a - b) if team == 0 else (b - a)
    return total / repeats


def _loss_thresholds(config: Any) -> tuple[float, float, float]:
    """2, 5 and 10 points at 5 points per bid trick, in proportion to that option."""
    scale = config.points_per_bid_trick / 5
    return (2.0 * scale, 5.0 * scale, 10.0 * scale)


def _actions() -> tuple[Action, ...]:
    """0–53 play the card, 54–65 bid 1–12, 66 bid pass, 67 bid board."""
    return (
        *(Action.make("play", (c,)) for c in ALL_CARDS[:54]),
        *(Action("bid", (), n) for n in range(1, 13)),
        Action("bid", (), "pass"),
        Action("bid", (), "board"),
    )


DESCRIPTION = GameDescription(
    name="back-alley",
    module="back_alley",
    title="Back Alley",
    score_unit="points",
    deal_word="hand",
    utility_bound=2000.0,  # generous: a quadruple board
    max_length=200,
    observation=Observation(
        phases=("bid", "play", "over"),
        words=(),
        hand_max=13.0,
        score_scale=100.0,
        blocks=frozenset({"bids"}),
        actions=_actions,
    ),
    search=Search(
        deal_key=lambda s: (s.match.number, s.match.deals),
        scores=lambda s: tuple(float(x) for x in s.match.scores),
        phases=None,
        belief_phases=frozenset({"bid"}),
        level_phases={"expert": frozenset({"bid"})},
        rollouts=420,
        max_candidates=14,
        playout="tricktable.bots.back_alley_rollout:heuristic_value",
        # UCB's constant for the tree search (off at every level): 0.7 of a usual 20-point swing.
        tree_exploration=14.0,
        fast_value=_fast_value,
    ),
    panel=panel,
    words=WORDS,
    loss_thresholds=_loss_thresholds,
    bots="tricktable.bots.back_alley:HeuristicBot",
    terminal="tricktable.cli.panels.back_alley:PANEL",
    solver="tricktable.analysis.back_alley:solve_back_alley",
    lessons="tricktable.learn.back_alley:COURSE",
    aliases=("back_alley", "backalley"),
)
