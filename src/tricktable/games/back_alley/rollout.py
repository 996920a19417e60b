"""A fast path for search: the rest of a hand's play, from a play-phase state, on plain lists.

The reference state (:mod:`~tricktable.games.back_alley.state`) records every action with its events and
builds a new immutable state per card; a search that plays thousands of sampled hands to their end
needs none of that. :func:`play_hand` plays the hand out on mutable lists of card codes with its own
compact legality (follow suit, jokers follow trumps, a led joker forces the highest or lowest trump,
no trump lead before trumps are broken or a board opened them) and trick winners from the power
tables, and scores the hand with the reference's :func:`~tricktable.games.back_alley.scoring.side_points`.
It is kept separate from the reference rules and tested against them card by card
(``tests/games/back_alley/test_rollout.py``).

>>> import random
>>> from tricktable.games.back_alley import GAME
>>> state = GAME.new(seed=4)
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[1])  # bid 1 (four passes deal again)
>>> points = play_hand(state, random_policy(random.Random(1)))
>>> len(points)
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tricktable.cards import BIG_JOKER, LITTLE_JOKER

from .play import breaks_trumps
from .ranking import NO_TRUMP, POWER, SUIT
from .scoring import side_points

__all__ = ["Policy", "allowed_cards", "play_hand", "random_policy"]

SEATS = 4
_BIG = int(BIG_JOKER)
_LITTLE = int(LITTLE_JOKER)

Policy = Callable[[int, list[int], list[int]], int]
"""``policy(seat, allowed, trick)``: the index into ``allowed`` (card codes the seat may play, in
hand order) of the card to play; ``trick``: the codes played to the trick so far."""


def random_policy(rng: random.Random) -> Policy:
    """A uniformly random legal card."""
    below = rng.randrange

    def choose(seat: int, allowed: list[int], trick: list[int]) -> int:
        return below(len(allowed)) if len(allowed) > 1 else 0

    return choose


def allowed_cards(
    hand: list[int], trick: Sequence[int], trump: int, may_lead_trump: bool, forces: bool
) -> list[int]:
    """The codes of ``hand`` (sorted by code) that may be played to ``trick``."""
    suit = SUIT[trump]
    if not trick:
        if may_lead_trump or trump == NO_TRUMP:
            return hand
        side = [c for c in hand if suit[c] != trump]
        return side if side else hand
    led = trick[0]
    if led >= _LITTLE:
        trumps = [c for c in hand if suit[c] == trump]
        if not trumps:
            return hand
        if led == _BIG:
            return trumps[-1:]
        return trumps[:1] if forces else trumps
    led_suit = suit[led]
    follow = [c for c in hand if suit[c] == led_suit]
    return follow if follow else hand


def play_hand(
    state: Any, policy: Policy, record: list[tuple[int, int, int]] | None = None
) -> tuple[int, int]:
    """The points each side scores for the hand in progress of ``state`` (a Back Alley state in its
    play phase), played out by ``policy``; ``record`` (if given) receives ``(seat, card code, how
    many cards the seat could play)`` for each card played, in order.

    Each hand is held as its cards by effective suit (jokers with the trumps), sorted, so following
    suit is a lookup and a card leaves its hand by index."""
    deal = state.deal
    trump = deal.trump
    suit = SUIT[trump]
    power_by_led = POWER[trump]
    hands = [_by_suit(h, suit) for h in state.hands]
    trick = [int(c) for c in state.trick]
    leader = state.leader
    seat = state.mover
    progress = state.progress
    won = list(progress.won)
    broken = progress.broken or trump == NO_TRUMP
    opened = state.auction.trumps_open
    forces = state.config.little_joker_forces
    left = deal.size - len(progress.tricks)
    if trick:
        power = power_by_led[suit[trick[0]]]
        best, best_power = 0, power[trick[0]]
        for i in range(1, len(trick)):
            if power[trick[i]] > best_power:
                best, best_power = i, power[trick[i]]
    while left:
        hand = hands[seat]
        if trick:
            led = trick[0]
            bucket = hand[suit[led]]
            if not bucket:
                allowed = [c for b in hand for c in b]
                card = allowed[policy(seat, allowed, trick)] if len(allowed) > 1 else allowed[0]
                hand[suit[card]].remove(card)
            elif led >= _LITTLE and (led == _BIG or forces):
                allowed = [bucket[-1] if led == _BIG else bucket[0]]
                card = allowed[0]
                bucket.remove(card)
            else:
                allowed = bucket
                index = policy(seat, bucket, trick) if len(bucket) > 1 else 0
                if record is not None:
                    allowed = list(bucket)  # the offer, before the card leaves the hand
                card = bucket.pop(index)
            p = power[card]
            if p > best_power:
                best, best_power = len(trick), p
            trick.append(card)
        else:
            if broken or opened:
                allowed = [c for b in hand for c in b]
            else:
                allowed = [c for t, b in enumerate(hand) if t != trump for c in b] or list(hand[trump])
            card = allowed[policy(seat, allowed, trick)] if len(allowed) > 1 else allowed[0]
            hand[suit[card]].remove(card)
            trick.append(card)
            power = power_by_led[suit[card]]
            best, best_power = 0, power[card]
        if record is not None:
            record.append((seat, card, len(allowed)))
        if len(trick) < SEATS:
            seat = (seat + 1) % SEATS
            continue
        if not broken:
            broken = breaks_trumps(trick, trump)
        winner = (leader + best) % SEATS
        won[winner] += 1
        leader = seat = winner
        trick = []
        left -= 1
    contracts = state.auction.contracts
    config = state.config
    size = deal.size
    return (
        side_points(contracts[0], won[0] + won[2], size, config),
        side_points(contracts[1], won[1] + won[3], size, config),
    )


def _by_suit(hand: Sequence[Any], suit: Sequence[int]) -> list[list[int]]:
    """A hand's card codes by effective suit (0..3, and 4 for no-trump's unused slot), each sorted."""
    out: list[list[int]] = [[], [], [], [], []]
    for card in hand:
        out[suit[card]].append(int(card))
    return out
