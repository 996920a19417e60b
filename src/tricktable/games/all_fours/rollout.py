"""A fast path for search: the rest of a deal's play, from a play-phase state, on plain lists.

The reference state records every card with its events and builds a new immutable state per card;
:func:`play_deal` plays the deal out on mutable per-suit lists of card codes with its own compact
legality (a trump lead must be followed with a trump; otherwise follow suit or trump, anything when
void; optionally no undertrumping after a side suit is trumped) and trick winners from the power
tables, then counts the deal with the reference's
:func:`~tricktable.games.all_fours.scoring.count_deal`, stopping, as the game does, at the item that
takes a side to the target. Nobody exposes or calls cards in a rollout. It is tested
against the reference card by card (``tests/games/all_fours/test_rollout.py``).

>>> import random
>>> from tricktable.games.all_fours import GAME
>>> state = GAME.new(seed=4)
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[0])
>>> len(play_deal(state, random_policy(random.Random(1))))
2
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tricktable.core import trick as core
from tricktable.core.state import team_of

from .scoring import count_deal, score_items

__all__ = ["Policy", "play_deal", "random_policy"]

_JACK = 9  # code % 13 of a Jack

Policy = Callable[[int, list[int], list[int]], int]
"""``policy(seat, allowed, trick)``: the index into ``allowed`` (card codes the seat may play) of the
card to play; ``trick``: the codes played to the trick so far."""


def random_policy(rng: random.Random) -> Policy:
    """A uniformly random legal card."""
    below = rng.randrange

    def choose(seat: int, allowed: list[int], trick: list[int]) -> int:
        return below(len(allowed))

    return choose


def play_deal(
    state: Any, policy: Policy, record: list[tuple[int, int, int]] | None = None
) -> tuple[int, ...]:
    """The points each team gains from here to the end of the deal in progress of ``state`` (an All
    Fours state in its play phase, with no card called), played out by ``policy``; ``record`` (if
    given) receives ``(seat, card code, how many cards the seat could play)`` for each card played."""
    if state.calls.called is not None:
        raise ValueError("a called card must be played first: roll out from the reference state")
    n = state.num_seats
    trump = state.deal.trump
    jack = trump * 13 + _JACK
    powers = core.plain_power(trump)
    no_undertrump = state.config.no_undertrump
    hands: list[list[list[int]]] = [[[], [], [], []] for _ in range(n)]
    for seat, hand in enumerate(state.hands):
        for card in hand:
            hands[seat][card // 13].append(int(card))
    won: list[list[int]] = [list(map(int, w)) for w in state.tricks.won]
    trick = [int(c) for c in state.trick]
    leader = state.tricks.leader
    seat = state.mover
    capturer = state.tricks.jack_taker
    tricks_left = len(state.hands[leader]) if not trick else len(state.hands[leader]) + 1
    top = -1  # the highest trump in the trick
    power: tuple[int, ...] = ()
    best = best_power = 0
    for i, card in enumerate(trick):
        if i == 0:
            power = powers[card // 13]
            best, best_power = 0, power[card]
        elif power[card] > best_power:
            best, best_power = i, power[card]
        if card // 13 == trump and card > top:
            top = card
    while tricks_left:
        hand = hands[seat]
        if not trick:
            allowed = [c for bucket in hand for c in bucket]
        else:
            led = trick[0] // 13
            if led == trump:
                allowed = hand[trump] or [c for bucket in hand for c in bucket]
            else:
                allowed = hand[led] + hand[trump] if hand[led] else [c for bucket in hand for c in bucket]
                if no_undertrump and top >= 0:  # a side suit led and trumped
                    allowed = [c for c in allowed if c // 13 != trump or c > top] or allowed
        count = len(allowed)
        card = allowed[policy(seat, allowed, trick)] if count > 1 else allowed[0]
        if record is not None:
            record.append((seat, card, count))
        hand[card // 13].remove(card)
        if not trick:
            power = powers[card // 13]
            best, best_power = 0, power[card]
        elif power[card] > best_power:
            best, best_power = len(trick), power[card]
        if card // 13 == trump and card > top:
            top = card
        trick.append(card)
        if len(trick) < n:
            seat = (seat + 1) % n
            continue
        taker = (leader + best) % n
        won[team_of(taker, n)].extend(trick)
        if jack in trick:
            capturer = taker
        leader = seat = taker
        trick = []
        top = -1
        tricks_left -= 1
    config = state.config
    items = count_deal(config, state.deal.dealer, trump, state.tricks.dealt, won, capturer)
    scores = score_items(state.match.scores, items, config.target)[0]
    return tuple(after - before for after, before in zip(scores, state.match.scores, strict=True))
