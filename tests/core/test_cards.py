"""Card notation: parsing every accepted form, canonical formatting, packs."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import (
    ALL_CARDS,
    BIG_JOKER,
    LITTLE_JOKER,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_cards,
    pack,
    parse_cards,
    sorted_natural,
)

cards = st.sampled_from(ALL_CARDS)


def test_there_are_54_distinct_cards_with_canonical_text() -> None:
    texts = [str(c) for c in ALL_CARDS]
    assert len(set(texts)) == 54
    assert texts[:3] == ["2S", "3S", "4S"]
    assert str(BIG_JOKER) == "BJ" and str(LITTLE_JOKER) == "LJ"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "TH"),
        ("th", "TH"),
        ("A♠", "AS"),
        ("♠A", "AS"),
        ("7♦", "7D"),
        ("q♣", "QC"),
        ("bj", "BJ"),
        ("Lj", "LJ"),
        (" 2c ", "2C"),
        ("k♡", "KH"),
    ],
)
def test_parser_accepts_the_documented_forms(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "AX", "11S", "JJ", "RJ", "A", "10", "H"])
def test_parser_rejects_non_cards_with_the_allowed_forms(text: str) -> None:
    with pytest.raises(CardParseError, match=r"rank then suit|not a card"):
        Card.parse(text)


@given(st.lists(cards, max_size=30))
def test_format_then_parse_round_trips(cs: list[Card]) -> None:
    assert parse_cards(format_cards(cs)) == tuple(cs)


@given(cards)
def test_symbol_form_parses_back(card: Card) -> None:
    assert Card.parse(card.symbol) is card


@given(cards)
def test_rank_and_suit_rebuild_the_card(card: Card) -> None:
    if card.is_joker:
        assert card.rank is None and card.suit is None
    else:
        assert card.rank is not None and card.suit is not None
        assert Card.of(card.rank, card.suit) is card


def test_cards_are_interned_values() -> None:
    assert Card(5) is ALL_CARDS[5]
    assert Card.parse("AS") is Card.of(Rank.ACE, Suit.SPADES)
    with pytest.raises(CardParseError):
        Card(54)


def test_packs_hold_the_right_cards() -> None:
    assert Counter(pack()) == Counter(ALL_CARDS[:52])
    assert Counter(pack(jokers=2)) == Counter(ALL_CARDS)
    double = Counter(pack(decks=2, jokers=2))
    assert len(double) == 54 and set(double.values()) == {2}
    with pytest.raises(ValueError, match="at least one deck"):
        pack(decks=0)


def test_natural_order_puts_jokers_first_then_suits_high_to_low() -> None:
    assert format_cards(sorted_natural(parse_cards("2C 3S LJ AS BJ KD"))) == "BJ LJ AS 3S KD 2C"
