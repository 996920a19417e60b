"""Rollouts on the games' fast paths (each game's description says how: ``search.fast_value``),
played by a cheap greedy policy: the search's ``fast`` mode.

In Back Alley and All Fours the greedy policy plays low under a partner who is winning the trick,
else wins it as cheaply as it can, else throws its least card; it leads at random. It sees the trick
and its own cards only. A game's description may name its own policy instead (``search.fast_policy``):
Tractor's (:class:`~tricktable.bots.tractor_rollout.GreedyPolicy`) also leads units no other hand can
beat, and is deterministic: one rollout per world says all it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tricktable import games
from tricktable.cards import ALL_CARDS, Card
from tricktable.core.description import resolve

__all__ = ["PlayWatcher", "fast_value", "greedy_policy"]

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
    ``repeats`` greedy rollouts on the game's fast path (its description's ``search.fast_value``);
    None when the fast path does not apply (no fast path for the game, or not in the play phase)."""
    if state.is_over or state.phase != "play":
        return None
    search = games.get(game).description.search
    if search.fast_value is None:
        return None
    policy = greedy_policy if search.fast_policy is None else resolve(search.fast_policy)
    return search.fast_value(state, team, rng, repeats, policy)


class PlayWatcher:
    """A fast-path policy that keeps track of the cards played: the fast path appends each card to
    ``record`` (``(seat, code, choices)``), and :meth:`catch_up` hands the new ones to :meth:`played`."""

    def __init__(self, record: list[tuple[int, int, int]]) -> None:
        self.record = record
        self.read = 0

    def catch_up(self) -> None:
        record = self.record
        while self.read < len(record):
            who, code, _ = record[self.read]
            self.read += 1
            self.played(who, ALL_CARDS[code])

    def played(self, seat: int, card: Card) -> None:
        raise NotImplementedError
