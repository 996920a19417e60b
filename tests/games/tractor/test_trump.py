"""Ranking: the clauses of rules/tractor.md "Ranking" and the trump-rank gap."""

from __future__ import annotations

import pytest

from tricktable.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from tricktable.games.tractor.trump import TRUMPS, Trump


def orders(trump: Trump, text: str) -> list[int]:
    return [trump.order(c) for c in parse_cards(text)]


def test_trump_suit_ranking_high_to_low() -> None:
    t = Trump(rank="2", suit="H")
    ranked = parse_cards("BJ LJ 2H 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")
    got = [t.order(c) for c in ranked]
    assert got == sorted(got, reverse=True) and len(set(got)) == len(got)
    assert all(t.is_trump(c) for c in ranked)


def test_off_suit_rank_cards_are_equal_and_between_trump_suit_rank_card_and_ace() -> None:
    t = Trump(rank="2", suit="H")
    assert len(set(orders(t, "2S 2D 2C"))) == 1
    assert t.order(Card.parse("2H")) == t.order(Card.parse("2S")) + 1
    assert t.order(Card.parse("2S")) == t.order(Card.parse("AH")) + 1
    assert orders(t, "AH 2S 2H LJ BJ") == list(
        range(t.order(Card.parse("AH")), t.order(Card.parse("AH")) + 5)
    )


def test_plain_suits_rank_ace_down_without_the_rank_card() -> None:
    t = Trump(rank="7", suit="C")
    assert t.suit_of(Card.parse("7S")) == TRUMPS
    assert t.suit_of(Card.parse("8S")) == Suit.SPADES
    assert t.order(Card.parse("8S")) == t.order(Card.parse("6S")) + 1
    assert orders(t, "2S 3S 4S 5S 6S 8S 9S TS JS QS KS AS") == list(range(12))


def test_gap_tractors_off_keeps_the_hole_in_every_suit() -> None:
    t = Trump(rank="7", suit="C", gap_tractors=False)
    assert t.order(Card.parse("8S")) == t.order(Card.parse("6S")) + 2
    assert t.order(Card.parse("8C")) == t.order(Card.parse("6C")) + 2
    # The trump suit's ace still touches the off-suit rank cards: that is no gap.
    assert t.order(Card.parse("7S")) == t.order(Card.parse("AC")) + 1


@pytest.mark.parametrize("rank", ["2", "A"])
def test_rank_at_either_end_leaves_an_unbroken_suit(rank: str) -> None:
    for gap in (True, False):
        t = Trump(rank=rank, suit="S", gap_tractors=gap)
        plain = [c for c in t.members[Suit.HEARTS]]
        assert [t.order(c) for c in plain] == list(range(t.order(plain[0]), t.order(plain[0]) + 12))
        top_trump_suit = t.members[TRUMPS][11]
        assert t.order(Card.parse(rank + "H")) == t.order(top_trump_suit) + 1


def test_no_trump_round_only_jokers_are_trumps() -> None:
    t = Trump(rank="7", suit=None)
    assert [str(c) for c in t.members[TRUMPS]] == ["LJ", "BJ"]
    assert t.order(Card.parse("BJ")) == t.order(Card.parse("LJ")) + 1
    assert orders(t, "6S 7S 8S") == [4, 5, 6]
    assert t.suit_of(Card.parse("7S")) == Suit.SPADES


def test_no_trump_variant_rank_cards_are_equal_trumps_below_the_jokers() -> None:
    t = Trump(rank="7", suit=None, rank_cards_trump_in_no_trump=True)
    assert sorted(str(c) for c in t.members[TRUMPS]) == ["7C", "7D", "7H", "7S", "BJ", "LJ"]
    assert len(set(orders(t, "7S 7H 7D 7C"))) == 1
    assert orders(t, "7S LJ BJ") == [0, 1, 2]
    assert t.order(Card.parse("8S")) == t.order(Card.parse("6S")) + 1


def test_every_card_has_one_suit_and_members_partition_the_pack() -> None:
    for t in (Trump("2", "H"), Trump("T", None), Trump("K", "D", gap_tractors=False), Trump("5", None, True)):
        seen = [c for group in t.members for c in group]
        assert sorted(seen) == list(ALL_CARDS)
        for suit, group in enumerate(t.members):
            assert all(t.suit_of(c) == suit for c in group)
            assert [t.order(c) for c in group] == sorted(t.order(c) for c in group)


def test_inputs_are_normalised_and_equal_trumps_are_equal() -> None:
    assert Trump("10", "h") == Trump(Rank.TEN, Suit.HEARTS) == Trump("T", "♥") == Trump(10, 1)
    assert hash(Trump("2", None)) == hash(Trump(2, None))
    assert Trump("2", "H") != Trump("2", "H", gap_tractors=False)
    assert repr(Trump("T", None, True)) == "Trump(rank='T', suit=None, rank_cards_trump_in_no_trump=True)"
    with pytest.raises(ValueError):
        Trump(1, "H")
    with pytest.raises(ValueError):
        Trump("2", "X")


def test_to_dict_round_trips_through_the_constructor() -> None:
    t = Trump("Q", "S")
    assert t.to_dict() == {"rank": "Q", "suit": "S"}
    assert Trump(**t.to_dict()) == t
    assert Trump("2", None).to_dict() == {"rank": "2", "suit": None}


def test_sort_key_puts_trumps_first_high_to_low() -> None:
    t = Trump(rank="2", suit="H")
    cards = sorted(parse_cards("3S AH 2D BJ KS 2H 5C"), key=t.sort_key)
    assert " ".join(map(str, cards)) == "BJ 2H 2D AH KS 3S 5C"


def test_trump_survives_pickle_and_copy_with_its_tables() -> None:
    import copy
    import pickle

    t = Trump("T", "D", gap_tractors=False)
    for clone in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t)):
        assert clone == t and clone.order_table == t.order_table and clone.members == t.members
