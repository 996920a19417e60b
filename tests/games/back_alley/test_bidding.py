"""Rules file, "Bidding" and the first lead of "Play"."""

from __future__ import annotations

import pytest

from tricktable.cards import parse_cards
from tricktable.core.errors import IllegalActionError
from tricktable.games.back_alley import Contract

from .tables import bid, finish_hand, table

FOUR = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD", "AC KC QC JC"]  # hand 10: 4 cards each


def bids_of(state: object) -> list[str]:
    return [str(a) for a in state.legal_actions()]  # type: ignore[attr-defined]


def test_bidding_each_player_bids_exactly_once_from_left_of_the_dealer() -> None:
    state = table(FOUR, "2C", hand=10, dealer=1)
    seats = []
    for b in ("1", "pass", "2", "pass"):
        seats.append(state.to_move)
        state = bid(state, b)
    assert seats == [2, 3, 0, 1]
    assert state.phase == "play"
    assert state.view(0).bids == ((2, "1"), (3, "pass"), (0, "2"), (1, "pass"))


def test_bidding_a_number_goes_from_1_to_cards_in_hand_minus_1() -> None:
    state = table(FOUR, "2C", hand=10)
    assert bids_of(state) == ["bid pass", "bid 1", "bid 2", "bid 3", "bid board"]
    with pytest.raises(
        IllegalActionError, match="with 4 cards you may bid from 1 to 3 tricks; to take them all"
    ):
        state.apply("bid 4")
    with pytest.raises(IllegalActionError, match="say 'bid pass'"):
        state.apply("bid 0")


def test_bidding_thirteen_cards_allows_up_to_twelve() -> None:
    state = table([], "2C", hand=1)
    assert bids_of(state)[-2:] == ["bid 12", "bid board"]
    state.check("bid 12")
    with pytest.raises(IllegalActionError, match="from 1 to 12"):
        state.apply("bid 13")


def test_bidding_gap_one_card_hand_allows_only_pass_or_board() -> None:
    state = table(["AS", "AH", "AD", "AC"], "2C", hand=13)
    assert bids_of(state) == ["bid pass", "bid board"]
    with pytest.raises(IllegalActionError, match="with one card in hand you may only pass or bid board"):
        state.apply("bid 1")


def test_bidding_gap_a_bid_need_not_be_higher_than_the_one_before() -> None:
    state = bid(table(FOUR, "2C", hand=10), "3")
    state = bid(state, "1")
    assert state.view(0).bids[-1][1] == "1"


def test_bidding_variant_bids_must_increase() -> None:
    state = bid(table(FOUR, "2C", hand=10, config={"bid_must_increase": True}), "2")
    assert bids_of(state) == ["bid pass", "bid 3", "bid board"]
    with pytest.raises(IllegalActionError, match="must be higher than the last: 2 was bid already"):
        state.apply("bid 2")
    state = bid(state, "board", "pass")
    assert bids_of(state) == ["bid pass", "bid 3", "bid board"]


def test_bidding_later_boards_are_double_triple_and_quadruple() -> None:
    state = bid(table(FOUR, "2C", hand=10), "board", "board", "board", "board")
    assert [b for _, b in state.view(0).bids] == ["board", "double board", "triple board", "quadruple board"]
    assert state.view(0).contracts == (Contract("void", 4, 3), Contract("board", 4, 4))


def test_bidding_contract_is_the_sum_of_the_partners_bids() -> None:
    state = bid(table(FOUR, "2C", hand=10, dealer=3), "1", "2", "2", "pass")
    assert state.view(0).contracts == (Contract("tricks", 3), Contract("tricks", 2))
    assert [str(c) for c in state.view(0).contracts or ()] == ["3 tricks", "2 tricks"]


def test_bidding_board_makes_the_partners_bid_no_longer_count() -> None:
    state = bid(table(FOUR, "2C", hand=10, dealer=3), "3", "1", "board", "pass")
    assert state.view(0).contracts == (Contract("board", 4, 1), Contract("tricks", 1))
    assert [str(c) for c in state.view(2).contracts or ()] == ["board", "1 trick"]


def test_bidding_a_side_whose_players_both_passed_has_no_contract() -> None:
    state = bid(table(FOUR, "2C", hand=10, dealer=3), "pass", "2", "pass", "pass")
    assert state.view(0).contracts == (Contract("none", 0), Contract("tricks", 2))


def test_bidding_all_four_pass_throws_the_hand_in_and_the_next_dealer_deals_the_same_size() -> None:
    redeal = (["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D", "2C 3C 4C 5C"], "AH")
    state = table(FOUR, "9C", hand=10, dealer=2, then=[redeal])
    scores, deals = state.match.scores, state.match.deals
    state = bid(state, "pass", "pass", "pass", "pass")
    assert state.phase == "bid" and state.match.number == 10 and state.deal.size == 4
    assert state.deal.dealer == 3 and state.to_move == 0
    assert state.match.scores == scores and state.match.deals == deals + 1
    assert state.view(0).trump.to_json() == "H" and state.hands[0] == parse_cards("2S 3S 4S 5S")
    row = state.view(1).last_round
    assert row is not None and row["thrown_in"] and row["points"] == (0, 0) and row["number"] == 10


def test_lead_the_highest_number_bidder_leads() -> None:
    state = bid(table(FOUR, "9C", hand=10, dealer=3), "1", "3", "2", "pass")
    assert state.phase == "play" and state.to_move == 1


def test_lead_board_beats_any_number() -> None:
    state = bid(table(FOUR, "9C", hand=10, dealer=3), "3", "board", "3", "pass")
    assert state.to_move == 1


def test_lead_gap_among_equal_numbers_the_first_to_bid_it_leads() -> None:
    state = bid(table(FOUR, "9C", hand=10, dealer=3), "1", "2", "2", "pass")
    assert state.to_move == 1


def test_lead_variant_among_equal_numbers_the_last_to_bid_it_leads() -> None:
    state = table(FOUR, "9C", hand=10, dealer=3, config={"equal_bid_leader": "last"})
    state = bid(state, "1", "2", "2", "pass")
    assert state.to_move == 2


def test_lead_among_boards_the_last_board_leads() -> None:
    state = bid(table(FOUR, "9C", hand=10, dealer=3), "board", "pass", "board", "1")
    assert state.to_move == 2


def test_lead_after_the_bidding_the_lead_is_a_play_not_a_bid() -> None:
    state = bid(table(FOUR, "9C", hand=10, dealer=3), "1", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="the bidding is over: play a card"):
        state.apply("bid 2")
    assert finish_hand(state).match.number == 11
