"""Rollouts on the games' fast paths (:mod:`tricktable.games.back_alley.rollout`,
:mod:`tricktable.games.all_fours.rollout`, :mod:`tricktable.games.tractor.rollout`), played by a
cheap greedy policy: the search's ``fast`` mode.

In Back Alley and All Fours the greedy policy plays low under a partner who is winning the trick,
else wins it as cheaply as it can, else throws its least card; it leads at random. It sees the trick
and its own cards only. Tractor's (:class:`~tricktable.games.tractor.rollout.GreedyPolicy`) also
leads units no other hand can beat, and is deterministic: one rollout per world says all it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["fast_value", "greedy_policy", "tractor_scores"]

Policy = Callable[[int, list[int], list[int]], int]


def greedy_policy(
    rng: random.Random, powers: Sequence[Sequence[int]], suit: Sequence[int] | None, num_seats: int
) -> Policy:
    """A greedy policy for a fast path: ``powers[led]`` ranks cards in a trick led in suit ``led``;
    ``suit`` maps a card code to its effective suit (None: ``code // 13``)."""

    def suit_of(card: int) -> int:
        return card // 13 if suit is None else suit[card]

    def choose(seat: int, allowed: list[int], trick: list[int]) -> int:
        if not trick:
            return rng.randrange(len(allowed))
        power = powers[suit_of(trick[0])]
        best, best_power = 0, power[trick[0]]
        for i in range(1, len(trick)):
            if power[trick[i]] > best_power:
                best, best_power = i, power[trick[i]]
        winner = (seat - len(trick) + best) % num_seats
        partner_wins = num_seats == 4 and winner == (seat + 2) % 4
        lowest = min(range(len(allowed)), key=lambda i: (power[allowed[i]], allowed[i] % 13))
        if partner_wins:
            return lowest
        beating = [i for i in range(len(allowed)) if power[allowed[i]] > best_power]
        if beating:
            return min(beating, key=lambda i: power[allowed[i]])
        return lowest

    return choose


def tractor_scores(levels: Sequence[int], summary: Any) -> tuple[float, float]:
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


def fast_value(game: str, state: Any, team: int, rng: random.Random, repeats: int) -> float | None:
    """The mean gain of ``team`` over the other side for the rest of the deal of ``state``, over
    ``repeats`` greedy rollouts on the game's fast path (Tractor: one, its policy being deterministic);
    None when the fast path does not apply (no fast path for the game, or not in the play phase)."""
    if state.is_over or state.phase != "play":
        return None
    if game == "back-alley":
        from tricktable.games.back_alley import rollout as back_alley
        from tricktable.games.back_alley.ranking import POWER, SUIT

        trump = state.deal.trump
        policy = greedy_policy(rng, POWER[trump], SUIT[trump], 4)
        total = 0.0
        for _ in range(repeats):
            a, b = back_alley.play_hand(state, policy)
            total += (a - b) if team == 0 else (b - a)
        return total / repeats
    if game == "all-fours" and state.called is None:
        from tricktable.core import trick as core
        from tricktable.games.all_fours import rollout as all_fours

        n = state.num_seats
        policy = greedy_policy(rng, core.plain_power(state.trump), None, n)
        total = 0.0
        for _ in range(repeats):
            gains = all_fours.play_deal(state, policy)
            others = [g for t, g in enumerate(gains) if t != team]
            total += gains[team] - sum(others) / len(others)
        return total / repeats
    if game == "tractor":
        from tricktable.games.tractor.rollout import GreedyPolicy, play_round

        before = tractor_scores(state.levels, state.last_round)
        summary = play_round(state, GreedyPolicy())
        after = tractor_scores(summary.levels_after, summary)
        gain = (after[0] - before[0]) - (after[1] - before[1])
        return gain if team == 0 else -gain
    return None
