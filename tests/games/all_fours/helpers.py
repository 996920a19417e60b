"""Stacked decks for scenario tests: say which cards each seat is dealt, get the 52-card order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from tricktable.cards import ALL_CARDS, Card, parse_cards
from tricktable.games.all_fours import GAME, AllFoursState
from tricktable.games.all_fours.deal import cut_for_dealer, deal_order


@cache
def seed_with_dealer(dealer: int, players: int = 4) -> int:
    """The first seed whose cut makes ``dealer`` the first dealer."""
    return next(s for s in range(10_000) if cut_for_dealer(s, players)[0] == dealer)


def stacked(
    dealer: int,
    hands: Sequence[str],
    turn_up: str,
    *,
    runs: Sequence[tuple[Sequence[str], str]] = (),
    in_threes: bool = False,
) -> list[Card]:
    """A deck that deals ``hands[seat]`` (six cards each) and turns up ``turn_up``; each run in ``runs``
    then deals three more cards per seat and turns up a card. Unnamed cards fill the rest in pack order."""
    n = len(hands)
    first = (dealer + 1) % n
    rounds = [([parse_cards(h) for h in hands], 6, Card.parse(turn_up))]
    rounds += [([parse_cards(h) for h in extra], 3, Card.parse(up)) for extra, up in runs]
    deck: list[Card] = []
    for per_seat, each, up in rounds:
        assert all(len(cards) == each for cards in per_seat), "give every seat exactly its cards"
        taken = dict.fromkeys(range(n), 0)
        for seat in deal_order(n, first, each, in_threes):
            deck.append(per_seat[seat][taken[seat]])
            taken[seat] += 1
        deck.append(up)
    assert len(set(deck)) == len(deck), "a card is named twice"
    return deck + [c for c in ALL_CARDS[:52] if c not in deck]


def new_game(
    dealer: int,
    hands: Sequence[str],
    turn_up: str,
    *,
    config: Mapping[str, Any] | None = None,
    runs: Sequence[tuple[Sequence[str], str]] = (),
    later: Sequence[Sequence[Card]] = (),
) -> AllFoursState:
    """A game whose first deal is stacked (and ``later`` decks for the deals after it)."""
    cfg = {"players": len(hands), **(config or {})}
    deck = stacked(dealer, hands, turn_up, runs=runs, in_threes=bool(cfg.get("deal_in_threes")))
    return GAME.new(seed=seed_with_dealer(dealer, len(hands)), config=cfg, deck=[deck, *later])


def play_all(state: AllFoursState, cards: str) -> AllFoursState:
    """Each card in turn played by the seat to move."""
    for card in cards.split():
        state = state.apply(f"play {card}")
    return state


def play_out(state: AllFoursState) -> AllFoursState:
    """Finish the deal in progress, each seat playing its first legal card."""
    deals = state.match.deals_done
    while not state.is_over and state.match.deals_done == deals:
        state = state.apply(state.legal_actions()[0])
    return state
