"""Rules file, "Table and cards", "The 25 hands" and "Trump": the pack, the deal, the turn-up."""

from __future__ import annotations

from collections import Counter

import pytest

from tricktable.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, parse_cards
from tricktable.games.back_alley import GAME, hand_sizes

from .tables import finish_hand, table


def test_table_pack_has_54_cards_with_a_big_and_a_little_joker() -> None:
    state = GAME.new(seed=1)
    cards = [c for where in state.card_locations().values() for c in where]
    assert Counter(cards) == Counter(ALL_CARDS)
    assert BIG_JOKER in cards and LITTLE_JOKER in cards and len(cards) == 54
    assert {str(BIG_JOKER), str(LITTLE_JOKER)} == {"BJ", "LJ"}


def test_table_first_dealer_is_seeded_and_the_deal_passes_clockwise() -> None:
    assert GAME.new(seed=11).deal.dealer == GAME.new(seed=11).deal.dealer
    assert {GAME.new(seed=s).deal.dealer for s in range(40)} == {0, 1, 2, 3}
    state = GAME.new(seed=11)
    first = state.deal.dealer
    for n in range(1, 4):
        state = finish_hand(state.apply("bid 1"))
        assert state.deal.dealer == (first + n) % 4
        assert state.match.number == n + 1


def test_table_bidding_starts_left_of_the_dealer() -> None:
    for seed in range(8):
        state = GAME.new(seed=seed)
        assert state.phase == "bid"
        assert state.to_move == (state.deal.dealer + 1) % 4


def test_hands_go_from_13_down_to_1_and_back_up_to_13() -> None:
    assert hand_sizes(25) == (
        13,
        12,
        11,
        10,
        9,
        8,
        7,
        6,
        5,
        4,
        3,
        2,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
    )
    assert hand_sizes(26) == (*hand_sizes(25)[:13], 1, *hand_sizes(25)[13:])


def test_hands_variant_26_deals_plays_the_one_card_hand_twice() -> None:
    one = ["AS", "AH", "AD", "AC"]
    state = table(one, "2C", hand=13, config={"deals": 26}, then=[(["KS", "KH", "KD", "KC"], "2D")])
    assert state.deal.size == 1
    state = finish_hand(state.apply("bid board"))
    assert (state.match.number, state.deal.size) == (14, 1)
    assert state.hands[0] + state.hands[1] == parse_cards("KS KH")


def test_hands_each_seat_is_dealt_the_hand_size_and_the_rest_is_the_stock() -> None:
    state = table(["AS KS QS"], "7H", hand=11)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.deal.stock) == 54 - 12 - 1
    assert state.hands[0] == parse_cards("QS KS AS")


def test_trump_is_the_suit_of_the_turned_up_stock_card() -> None:
    state = table(["AS"], "7H 2C", hand=13)
    view = state.view(0)
    assert view.trump.to_json() == "H" and view.turn_up == parse_cards("7H")
    assert state.card_locations()["turned"] == parse_cards("7H")
    assert state.deal.stock[0] == parse_cards("2C")[0]


def test_trump_joker_turned_up_means_no_trump_and_the_other_joker_is_swapped_for_the_next_card() -> None:
    state = table(["AS 2S", "AH 2H", "LJ 3H", "AD 2D"], "BJ 5C 6C", hand=12)
    view = state.view(0)
    assert view.trump.suit is None and view.turn_up == parse_cards("BJ")
    assert state.hands[2] == parse_cards("3H 5C")
    assert view.discard == parse_cards("LJ") and view.discarded_by == 2
    assert state.deal.stock[0] == parse_cards("6C")[0]
    assert parse_cards("5C")[0] not in [c for s in (0, 1, 3) for c in state.view(s).hand]


def test_trump_little_joker_turned_up_makes_the_big_joker_holder_swap() -> None:
    state = table(["BJ 2S", "AH 2H", "3H 4H", "AD 2D"], "LJ 9C", hand=12)
    assert state.view(None).trump.suit is None
    assert state.hands[0] == parse_cards("2S 9C")
    assert state.deal.discard == parse_cards("BJ")


def test_trump_joker_turned_up_with_the_other_joker_undealt_swaps_nothing() -> None:
    state = table(["AS 2S", "AH 2H", "3H 4H", "AD 2D"], "LJ BJ", hand=12)
    assert state.view(0).trump.suit is None
    assert state.deal.discard == () and state.deal.discarded_by is None
    assert state.deal.stock[0] == BIG_JOKER


def test_trump_joker_turned_up_in_a_13_card_hand_draws_the_last_stock_card() -> None:
    state = table(["LJ"], "BJ 2C", hand=1)
    assert state.deal.size == 13 and state.deal.stock == ()
    assert parse_cards("2C")[0] in state.hands[0] and LITTLE_JOKER not in state.hands[0]
    assert state.deal.discard == (LITTLE_JOKER,)
    cards = [c for where in state.card_locations().values() for c in where]
    assert Counter(cards) == Counter(ALL_CARDS)


def test_trump_joker_turned_up_in_a_13_card_hand_with_the_other_joker_as_the_last_card() -> None:
    state = table(["AS"], "LJ BJ", hand=1)
    assert state.deal.stock == (BIG_JOKER,) and state.deal.discard == ()
    assert all(BIG_JOKER not in h and LITTLE_JOKER not in h for h in state.hands)


def test_stacked_decks_stack_successive_deals() -> None:
    state = table(
        ["AS", "AH", "AD", "AC"], "2C", hand=13, then=[(["KS 2S", "KH 2H", "KD 2D", "KC 3C"], "9H")]
    )
    state = finish_hand(state.apply("bid board"))
    assert state.deal.size == 2 and state.view(0).trump.to_json() == "H"
    assert state.hands[1] == parse_cards("2H KH")


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (list(ALL_CARDS[:-1]), "missing BJ"),
        ([*ALL_CARDS, ALL_CARDS[0]], "too many copies: 2S"),
        ([list(ALL_CARDS), list(ALL_CARDS[1:])], "deck #2"),
        (["AS", "XX"], "not a card"),
    ],
)
def test_stacked_deck_must_be_the_whole_54_card_pack(deck: object, message: str) -> None:
    from tricktable.core.errors import ConfigError

    with pytest.raises(ConfigError, match=message):
        GAME.new(seed=1, deck=deck)  # type: ignore[arg-type]
