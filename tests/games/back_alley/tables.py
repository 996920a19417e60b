"""Stacked tables for the Back Alley scenario tests.

``table(["AS KS", ...], stock="7H", hand=12, dealer=3)`` starts a game whose 12th hand deals those
cards to seats 0..3 (hands shorter than the hand size are filled with unnamed cards), with ``stock``
on top of the stock (its first card turned up for trump). Earlier hands are played out quickly by
:func:`autoplay`, which never passes, so no hand is thrown in on the way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tricktable.cards import ALL_CARDS, Card, parse_cards
from tricktable.games.back_alley import GAME, BackAlleyState, hand_sizes, stacked_deck
from tricktable.games.back_alley.deal import first_dealer


def seed_for(dealer: int, hand: int = 1) -> int:
    """A seed whose game has ``dealer`` dealing the given hand (when no hand is thrown in)."""
    return next(s for s in range(100) if (first_dealer(s) + hand - 1) % 4 == dealer)


def deck_for(hands: Sequence[str], stock: str, dealer: int, size: int) -> tuple[Card, ...]:
    named = [parse_cards(h) for h in (*hands, *[""] * (4 - len(hands)))]
    top = parse_cards(stock)
    used = {c for h in named for c in h} | set(top)
    spare: Iterator[Card] = (c for c in ALL_CARDS if c not in used)
    full = [list(h) + [next(spare) for _ in range(size - len(h))] for h in named]
    return stacked_deck(full, top, dealer)


def table(
    hands: Sequence[str],
    stock: str = "",
    *,
    hand: int = 1,
    dealer: int = 3,
    config: Mapping[str, Any] | None = None,
    then: Sequence[tuple[Sequence[str], str]] = (),
) -> BackAlleyState:
    """The game at the start of hand ``hand`` (1-based) with these cards dealt; ``then`` stacks the
    following deals as ``(hands, stock)``, each dealt by the next dealer."""
    seed = seed_for(dealer, hand)
    deals = GAME.Config.from_value(config).deals
    sizes = hand_sizes(deals)
    decks: list[Sequence[Card]] = [ALL_CARDS] * (hand - 1)
    for i, (h, s) in enumerate([(hands, stock), *then]):
        decks.append(deck_for(h, s, (dealer + i) % 4, sizes[hand - 1]))
    state = GAME.new(seed=seed, config=config, deck=decks)
    state = autoplay(state, until_hand=hand)
    assert state.deal.dealer == dealer
    return state


def autoplay(state: BackAlleyState, *, until_hand: int) -> BackAlleyState:
    """Play the first legal card, and the first bid that is not a pass, until that hand starts."""
    while state.match.number < until_hand and not state.is_over:
        legal = state.legal_actions()
        action = next((a for a in legal if a.arg != "pass"), legal[0])
        state = state.apply(action)
    return state


def finish_hand(state: BackAlleyState) -> BackAlleyState:
    """Play the first legal card until the hand is over."""
    number, deals = state.match.number, state.match.deals
    while (state.match.number, state.match.deals) == (number, deals) and not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def bid(state: BackAlleyState, *bids: str) -> BackAlleyState:
    """Each seat to move bids in turn: ``bid(state, "pass", "3", "board", "1")``."""
    for b in bids:
        state = state.apply(f"bid {b}")
    return state


def play(state: BackAlleyState, *cards: str) -> BackAlleyState:
    """Each seat to move plays the card named, in turn."""
    for c in cards:
        state = state.apply(f"play {c}")
    return state


def legal_cards(state: BackAlleyState) -> str:
    return " ".join(str(a.card) for a in state.legal_actions())
