"""The Back Alley heuristic bot's card play on the game's fast path: the search's rollouts.

As :mod:`tricktable.bots.all_fours_rollout`: the rest of the hand is played on
:func:`~tricktable.games.back_alley.rollout.play_hand`'s code lists, each card the one the heuristic
bot's :class:`~tricktable.bots.back_alley.Table` picks from what the seat's view would show (its hand,
the cards played, turned up and discarded, the contracts and the tricks each side has taken), so the
plays are the reference rollout's, card for card (``tests/bots/test_heuristic_rollouts.py``).
"""

from __future__ import annotations

from typing import Any

from tricktable.bots.back_alley import Table
from tricktable.bots.fast_rollout import PlayWatcher
from tricktable.cards import ALL_CARDS, Card
from tricktable.games.back_alley.deal import SEATS
from tricktable.games.back_alley.ranking import trick_winner
from tricktable.games.back_alley.rollout import play_hand

__all__ = ["heuristic_value"]


class _Policy(PlayWatcher):
    """The heuristic bot's choice at each card, from what each seat has seen since ``state``."""

    def __init__(self, state: Any, record: list[tuple[int, int, int]]) -> None:
        deal = state.deal
        self.trump: int = deal.trump
        self.size: int = deal.size
        self.contracts = state.auction.contracts
        self.hands = [set(hand) for hand in state.hands]
        seen: set[Card] = {*state.trick, *deal.turn_up, *deal.discard}
        for done in state.progress.tricks:
            seen.update(done.cards)
        self.hidden = {card for card in ALL_CARDS if card not in seen}
        """Cards no seat has seen but in its own hand: in the hands and out of play face down."""
        won = state.progress.won
        self.taken = [won[0] + won[2], won[1] + won[3]]
        self.trick: list[Card] = list(state.trick)
        self.leader: int = state.leader
        super().__init__(record)

    def played(self, seat: int, card: Card) -> None:
        self.hands[seat].discard(card)
        self.hidden.discard(card)
        self.trick.append(card)
        if len(self.trick) == SEATS:
            winner = (self.leader + trick_winner(self.trick, self.trump)) % SEATS
            self.taken[winner % 2] += 1
            self.leader = winner
            self.trick = []

    def __call__(self, seat: int, allowed: list[int], trick: list[int]) -> int:
        self.catch_up()
        hand = self.hands[seat]
        unseen = sorted(c for c in self.hidden if c not in hand)
        taken = (self.taken[0], self.taken[1])
        table = Table(seat, self.trump, list(self.trick), unseen, self.size, self.contracts, taken)
        card = table.choose(sorted(ALL_CARDS[c] for c in allowed))
        return allowed.index(card)


def heuristic_value(state: Any, team: int) -> float | None:
    """What ``team`` gains over the other side for the rest of the hand of ``state`` when the
    heuristic bots play it out; None outside the play phase."""
    if state.is_over or state.phase != "play":
        return None
    record: list[tuple[int, int, int]] = []
    a, b = play_hand(state, _Policy(state, record), record)
    return float(a - b if team == 0 else b - a)
