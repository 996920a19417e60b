"""Tractor's description: the facts every surface reads (see :mod:`tricktable.core.description`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tricktable.core.description import GameDescription, Observation, Search
from tricktable.games.tractor.panel import panel
from tricktable.games.tractor.rollout import Policy, play_round
from tricktable.games.tractor.words import WORDS

__all__ = ["DESCRIPTION", "search_levels"]


def search_levels(levels: Sequence[int], summary: Any) -> tuple[float, float]:
    """Tractor levels as the search values them, with the last round's points (``summary``, a
    :class:`~tricktable.games.tractor.scoring.RoundSummary` or None) as a fraction of a level: a
    round that ends 5 points short of a level change is worth more to the opponents than one that
    ends 70 short."""
    out = [float(levels[0]), float(levels[1])]
    if summary is None:
        return (out[0], out[1])
    # The opponents' points, centred on the 80 that swaps the roles, 40 points to a level.
    bonus = (summary.points - 80) / 40
    out[1 - summary.declarers] += bonus / 2
    out[summary.declarers] -= bonus / 2
    return (out[0], out[1])


def _fast_value(
    state: Any, team: int, rng: random.Random, repeats: int, greedy: Callable[[], Policy]
) -> float | None:
    """One rollout of the round by the deterministic greedy policy ``fast_policy`` names (more would
    say nothing new)."""
    before = search_levels(state.round.levels, state.round.last_round)
    summary = play_round(state, greedy())
    after = search_levels(summary.levels_after, summary)
    gain = (after[0] - before[0]) - (after[1] - before[1])
    return gain if team == 0 else -gain


DESCRIPTION = GameDescription(
    name="tractor",
    module="tractor",
    title="Tractor",
    score_unit="levels",
    deal_word="round",
    utility_bound=20.0,  # generous: level jumps
    max_length=1200,  # draws, picks and finishes
    observation=Observation(
        phases=("draw", "last-declare", "kitty", "play", "over"),
        words=("pass",),
        hand_max=33.0,
        score_scale=14.0,
        blocks=frozenset({"declarations"}),
    ),
    search=Search(
        deal_key=lambda s: s.round.number,
        scores=lambda s: search_levels(s.round.levels, s.round.last_round),
        phases=frozenset({"play"}),
        # The kitty's search gained 0.13 levels a first round over the heuristic's burial (a duplicate
        # of 150 first rounds); the declarations' showed nothing, and stay the heuristic's.
        choice_phases={"hard": frozenset({"kitty"}), "expert": frozenset({"kitty"})},
        rollouts=48,
        max_candidates=12,
        fast=1,
        # Four times the first budget (480 and 60), once the compiled engine had made a decision
        # about twice as cheap: against medium it gained 0.17 levels a first round more than the
        # first budget did, on the same deals (bench/README.md).
        fast_rollouts=1920,
        max_worlds=240,
        candidates="tricktable.bots.tractor:search_candidates",
        fast_policy="tricktable.bots.tractor_rollout:GreedyPolicy",
        fast_value=_fast_value,
    ),
    panel=panel,
    words=WORDS,
    loss_thresholds=lambda config: (0.1, 0.25, 0.5),
    bots="tricktable.bots.tractor:HeuristicBot",
    terminal="tricktable.cli.panels.tractor:PANEL",
    lessons="tricktable.learn.tractor:COURSE",
    aliases=("shengji", "sheng-ji"),
)
