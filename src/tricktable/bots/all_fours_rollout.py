"""The All Fours heuristic bot's card play on the game's fast path: the search's rollouts.

The search plays each sampled world out with the heuristic bots. Through the reference engine each of
their cards costs a view and a new immutable state; here the rest of the deal is played on
:func:`~tricktable.games.all_fours.rollout.play_deal`'s code lists, and each card is the one
:meth:`HeuristicBot.play <tricktable.bots.all_fours.HeuristicBot.play>` picks from what the seat's
view would show: its hand, the cards played and turned up, the exposed cards. The plays are the
reference rollout's, card for card, so the search's values are too
(``tests/bots/test_heuristic_rollouts.py``).
"""

from __future__ import annotations

from typing import Any

from tricktable.bots.all_fours import HeuristicBot, Table
from tricktable.bots.fast_rollout import PlayWatcher
from tricktable.cards import ALL_CARDS, Card
from tricktable.games.all_fours.rollout import play_deal

__all__ = ["heuristic_value"]


class _Policy(PlayWatcher):
    """The heuristic bot's choice at each card, from what each seat has seen since ``state``."""

    def __init__(self, state: Any, record: list[tuple[int, int, int]]) -> None:
        self.n: int = state.num_seats
        self.trump: int = state.deal.trump
        self.hands = [list(hand) for hand in state.hands]
        self.exposed = [list(shown) for shown in state.calls.exposed]
        seen: set[Card] = {*state.trick, *state.deal.turned}
        for pile in state.tricks.won:
            seen.update(pile)
        for shown in self.exposed:
            seen.update(shown)
        self.hidden = {card for card in ALL_CARDS[:52] if card not in seen}
        """Cards no seat has seen but in its own hand: in unexposed hands and the stock."""
        self.bot = HeuristicBot(None)
        super().__init__(record)

    def played(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.hidden.discard(card)
        if card in self.exposed[seat]:
            self.exposed[seat].remove(card)

    def __call__(self, seat: int, allowed: list[int], trick: list[int]) -> int:
        self.catch_up()
        hand = self.hands[seat]
        n = self.n
        leader = (seat - len(trick)) % n
        table = Table(
            seat,
            n,
            self.trump,
            tuple(hand),
            tuple(((leader + i) % n, ALL_CARDS[c]) for i, c in enumerate(trick)),
            frozenset(self.hidden.difference(hand)),
            tuple(map(tuple, self.exposed)),
        )
        card = self.bot.play(table, sorted(ALL_CARDS[c] for c in allowed))
        return allowed.index(card)


def heuristic_value(state: Any, team: int) -> float | None:
    """What ``team`` gains over the other side for the rest of the deal of ``state`` when the
    heuristic bots play it out; None outside the play phase or while a called card waits (the fast
    path has no calls)."""
    if state.is_over or state.phase != "play" or state.calls.called is not None:
        return None
    record: list[tuple[int, int, int]] = []
    gains = play_deal(state, _Policy(state, record), record)
    others = [g for t, g in enumerate(gains) if t != team]
    return gains[team] - sum(others) / len(others)
