"""Rollouts on the games' fast paths (:mod:`tricktable.games.back_alley.rollout`,
:mod:`tricktable.games.all_fours.rollout`), played by a cheap greedy policy: the search's
``fast`` mode.

The greedy policy plays low under a partner who is winning the trick, else wins it as cheaply as it
can, else throws its least card; it leads at random. It sees the trick and its own cards only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["fast_value", "greedy_policy"]

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


def fast_value(game: str, state: Any, team: int, rng: random.Random, repeats: int) -> float | None:
    """The mean gain of ``team`` over the other side for the rest of the deal of ``state``, over
    ``repeats`` greedy rollouts on the game's fast path; None when the fast path does not apply
    (no fast path for the game, or not in the play phase)."""
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
    return None
