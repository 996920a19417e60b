"""Rules clause "Play": leading, following, trumping, the no-undertrump variant, who wins a trick."""

from __future__ import annotations

import pytest

from tricktable.cards import parse_cards
from tricktable.core import IllegalActionError
from tricktable.games.all_fours import AllFoursState
from tricktable.games.all_fours.play import trick_winner

from .helpers import new_game, play_all, play_out

# Dealer 3, so seat 0 leads. Hearts are trumps (8H turned).
BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]


def plays(cards: str) -> set[str]:
    return {f"play {c}" for c in cards.split(" ")}


def legal(state: AllFoursState, seat: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


@pytest.fixture
def started() -> AllFoursState:
    return new_game(3, BASE, "8H").apply("stand")


def test_player_to_the_dealers_right_leads_the_first_trick(started: AllFoursState) -> None:
    assert started.to_move == 0 and started.tricks.leader == 0


def test_any_card_may_be_led(started: AllFoursState) -> None:
    assert legal(started) == plays("AH 2H 5S 9S KD 3C")


def test_trump_led_every_player_must_play_a_trump(started: AllFoursState) -> None:
    state = started.apply("play AH")
    assert legal(state) == {"play JH"}
    with pytest.raises(
        IllegalActionError, match=r"trumps \(hearts\) were led and you hold JH: you must play a trump"
    ):
        state.apply("play 4S")
    state = play_all(state, "JH")
    assert legal(state) == {"play TH"}
    state = play_all(state, "TH")
    assert legal(state) == {"play KH", "play 3H"}


def test_trump_led_without_a_trump_any_card(started: AllFoursState) -> None:
    state = play_all(started, "AH JH TH 3H")  # seat 0 wins and leads its last trump
    state = state.apply("play 2H")
    assert state.to_move == 1 and legal(state) == plays("4S 7D 8D 4C 5C")


def test_other_suit_led_follow_or_trump_even_when_able_to_follow(started: AllFoursState) -> None:
    state = started.apply("play KD")
    assert legal(state) == {"play 7D", "play 8D", "play JH"}


def test_a_third_suit_is_illegal_while_holding_the_led_suit(started: AllFoursState) -> None:
    state = started.apply("play KD")
    before = state
    with pytest.raises(
        IllegalActionError,
        match=r"diamonds were led and you hold 7D 8D: you must follow suit or trump \(hearts\); "
        r"you may not play 4C from a third suit",
    ):
        state.apply("play 4C")
    assert state == before and state.to_move == 1


def test_void_in_the_led_suit_may_play_anything_and_need_not_trump(started: AllFoursState) -> None:
    state = play_all(started, "KD 8D")
    assert state.to_move == 2
    assert legal(state) == plays("TH 6S TS 2S 6C 7C")


def test_highest_card_of_the_led_suit_wins_without_trumps(started: AllFoursState) -> None:
    state = play_all(started, "KD 8D 6S QD")
    assert state.tricks.last_winner == 0 and state.to_move == 0 and state.tricks.tricks_won == (1, 0)
    assert state.tricks.won[0] == parse_cards("KD 8D 6S QD")


def test_highest_trump_wins_the_trick_and_its_winner_leads(started: AllFoursState) -> None:
    state = play_all(started, "5S JH TS KH")  # JH trumps, KH overtrumps
    assert state.tricks.last_winner == 3 and state.to_move == 3 and state.tricks.leader == 3
    assert state.trick == () and state.tricks.last_trick == parse_cards("5S JH TS KH")
    view = state.view(0)
    assert view.last_trick == (
        (0, parse_cards("5S")),
        (1, parse_cards("JH")),
        (2, parse_cards("TS")),
        (3, parse_cards("KH")),
    )
    assert view.last_winner == 3


def test_an_off_suit_card_never_wins(started: AllFoursState) -> None:
    state = play_all(started, "KD 7D TS QD")  # seat 2, void, discards the ten of spades
    assert state.tricks.last_winner == 0
    assert trick_winner(parse_cards("2D AS KS 3D"), trump=1) == 3


def test_play_lasts_six_tricks_normally(started: AllFoursState) -> None:
    state = play_out(started)
    assert state.match.last_round is not None and sum(state.match.last_round.tricks_won) == 6


UNDER = ["AH 5S 9S KD 3C 4C", "JH 4S 7D 8D 5C 6C", "TH 9H 7H 6H 5H 4H", "KH 3H 3S QD 8C 9C"]


def test_no_undertrump_forbids_a_lower_trump_when_something_else_is_legal() -> None:
    state = new_game(3, BASE, "8H", config={"no_undertrump": True}).apply("stand")
    state = play_all(state, "KD JH")  # seat 1 trumps a diamond lead with the jack
    # seat 2 is void in diamonds: anything but the lower trump TH
    assert legal(state) == plays("6S TS 2S 6C 7C")
    with pytest.raises(IllegalActionError, match="no-undertrump rule you may not play the lower trump TH"):
        state.apply("play TH")
    state = play_all(state, "6S")
    assert legal(state) == {"play QD", "play KH"}  # 3H would undertrump


def test_no_undertrump_allows_a_lower_trump_when_nothing_else_is_legal() -> None:
    state = new_game(3, UNDER, "8H", config={"no_undertrump": True}).apply("stand")
    state = play_all(state, "KD JH")
    assert legal(state) == plays("TH 9H 7H 6H 5H 4H")


def test_undertrumping_is_allowed_by_default() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    state = play_all(state, "KD JH")
    assert "play TH" in legal(state)
