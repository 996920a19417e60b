"""Rules file, "Play": following suit, breaking trumps, joker leads, who wins a trick."""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.cards import parse_cards
from tricktable.core.errors import IllegalActionError
from tricktable.games.back_alley import BackAlleyState
from tricktable.games.back_alley.play import breaks_trumps
from tricktable.games.back_alley.ranking import NO_TRUMP

from .tables import bid, legal_cards, play, table

# Hand 10 (4 cards each), dealer 3: seat 0 bids first. "9S" turned: spades are trump.
FOLLOW = ["AH 2H 3C 4C", "KH 5D 6D 7D", "QH 2S 3D 4D", "8C 9C TC JC"]


def opened(
    hands: list[str],
    stock: str = "9S",
    bids: tuple[str, ...] = ("1", "pass", "pass", "pass"),
    config: dict[str, Any] | None = None,
) -> BackAlleyState:
    """Hand 10 dealt (dealer 3) and bid: seat 0 bids first."""
    return bid(table(hands, stock, hand=10, config=config), *bids)


def test_follow_suit_when_you_can() -> None:
    state = play(opened(FOLLOW), "AH")
    assert legal_cards(state) == "KH"
    with pytest.raises(IllegalActionError, match="hearts were led and you hold KH: you must follow suit"):
        state.apply("play 5D")
    state = play(state, "KH")
    assert legal_cards(state) == "QH"


def test_follow_otherwise_any_card_trumps_included() -> None:
    state = play(opened(FOLLOW), "AH", "KH", "QH")
    assert legal_cards(state) == "8C 9C TC JC"
    hands = ["AH 2H 3C 4C", "KH 5D 6D 7D", "QD 2S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands), "AH", "KH")
    assert set(legal_cards(state).split()) == {"2S", "QD", "3D", "4D"}


def test_follow_jokers_count_as_trumps() -> None:
    hands = ["2S 3S 4S 5S", "LJ 5D 6D 7D", "AH 2H 3D 4D", "BJ 9C TC JC"]
    state = play(opened(hands), "2S")
    assert legal_cards(state) == "LJ"
    with pytest.raises(
        IllegalActionError, match="trumps were led and you hold LJ: you must follow with a trump"
    ):
        state.apply("play 5D")
    state = play(state, "LJ")
    assert set(legal_cards(state).split()) == {"AH", "2H", "3D", "4D"}
    state = play(state, "AH")
    assert legal_cards(state) == "BJ"


def test_follow_a_joker_does_not_follow_a_plain_suit() -> None:
    hands = ["AH 2H 3C 4C", "LJ KH 6D 7D", "BJ 2S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands), "AH")
    assert legal_cards(state) == "KH"
    state = play(state, "KH")
    assert set(legal_cards(state).split()) == {"BJ", "2S", "3D", "4D"}


def test_trumps_may_not_be_led_before_they_are_broken() -> None:
    hands = ["AH 2S 3C BJ", "KH 5D 6D 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = opened(hands)
    assert state.view(0).trumps_broken is False
    assert set(legal_cards(state).split()) == {"AH", "3C"}
    with pytest.raises(
        IllegalActionError, match="trumps are not broken yet: you may not lead a trump while you hold"
    ):
        state.apply("play 2S")
    with pytest.raises(IllegalActionError, match="you may not lead a joker \\(jokers are trumps\\)"):
        state.apply("play BJ")


def test_trumps_a_leader_holding_only_trumps_may_lead_one() -> None:
    hands = ["2S 3S 4S BJ", "KH 5D 6D 7D", "QH AH 3D 4D", "8C 9C TC JC"]
    state = opened(hands)
    assert set(legal_cards(state).split()) == {"2S", "3S", "4S", "BJ"}


def test_trumps_are_broken_by_a_trump_played_in_an_earlier_trick() -> None:
    hands = ["AH 2S 3C 4C", "KD 5S 6D 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands), "AH")
    state = play(state, "5S")  # seat 1 cannot follow hearts and trumps
    assert state.view(0).trumps_broken is False  # broken for the tricks after this one
    state = play(state, "QH", "8C")
    assert state.to_move == 1 and state.view(0).last_winner == 1
    assert "5S" not in legal_cards(state) and state.view(1).trumps_broken
    assert set(legal_cards(state).split()) == {"KD", "6D", "7D"}


def test_trumps_discarding_a_joker_breaks_trumps() -> None:
    hands = ["AH 2S 3C 4C", "LJ 5D 6D 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands), "AH", "LJ", "QH", "8C")
    assert state.view(0).trumps_broken and state.to_move == 1
    hands = ["AH 2S 3C 4C", "KH 5D 6D 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands, "LJ BJ"), "AH", "KH", "QH", "8C")
    assert state.view(0).trumps_broken is False  # no trumps in a no-trump hand


def test_trumps_after_a_trump_was_played_the_winner_may_lead_trumps() -> None:
    hands = ["AH 2S 3C 4C", "KD 5S 6S 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands), "AH", "5S", "QH", "8C")
    assert set(legal_cards(state).split()) == {"KD", "6S", "7D"}


def test_trumps_a_board_bid_lets_trumps_be_led_from_the_first_trick() -> None:
    hands = ["AH 2S 3C 4C", "KH 5D 6D 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = opened(hands, bids=("pass", "board", "pass", "pass"))
    assert state.to_move == 1
    state = opened(hands, bids=("board", "pass", "pass", "pass"))
    assert "2S" in legal_cards(state).split()


def test_trumps_variant_a_board_does_not_open_trumps() -> None:
    hands = ["AH 2S 3C 4C", "KH 5D 6D 7D", "QH 3S 3D 4D", "8C 9C TC JC"]
    state = opened(hands, bids=("board", "pass", "pass", "pass"), config={"board_opens_trumps": False})
    assert "2S" not in legal_cards(state).split()


BOARD = ("board", "pass", "pass", "pass")


def test_joker_lead_big_joker_draws_every_highest_trump() -> None:
    hands = ["BJ AH 2H 3H", "2S TS KD 3C", "AD 4H 3D 4D", "LJ 3S 9C TC"]
    state = play(opened(hands, "8S", bids=BOARD), "BJ")
    assert legal_cards(state) == "TS"
    with pytest.raises(
        IllegalActionError, match="the big joker was led: you must play your highest trump, TS"
    ):
        state.apply("play 2S")
    state = play(state, "TS")
    assert set(legal_cards(state).split()) == {"AD", "4H", "3D", "4D"}  # no trump: anything
    state = play(state, "4H")
    assert legal_cards(state) == "LJ"


def test_joker_lead_little_joker_draws_every_lowest_trump() -> None:
    hands = ["LJ AH 2H 3H", "2S TS KD 3C", "AD 4H 3D 4D", "BJ 3S 9C TC"]
    state = play(opened(hands, "8S", bids=BOARD), "LJ")
    assert legal_cards(state) == "2S"
    with pytest.raises(
        IllegalActionError, match="the little joker was led: you must play your lowest trump, 2S"
    ):
        state.apply("play TS")
    state = play(state, "2S", "AD")
    assert legal_cards(state) == "3S"
    state = play(state, "3S")
    assert state.view(0).last_winner == 0


def test_joker_lead_variant_little_joker_does_not_force() -> None:
    hands = ["LJ AH 2H 3H", "2S TS KD 3C", "AD 4H 3D 4D", "BJ 3S 9C TC"]
    state = opened(hands, "8S", bids=BOARD, config={"little_joker_forces": False})
    state = play(state, "LJ")
    assert set(legal_cards(state).split()) == {"2S", "TS"}
    state = play(state, "TS", "AD")
    assert set(legal_cards(state).split()) == {"BJ", "3S"}


def test_joker_lead_needs_trumps_broken_like_any_trump() -> None:
    hands = ["BJ AH 2H 3H", "2S TS KD 3C", "AD 4H 3D 4D", "LJ 3S 9C TC"]
    state = opened(hands, "8S")
    with pytest.raises(IllegalActionError, match="trumps are not broken yet"):
        state.apply("play BJ")


def test_winner_highest_trump_wins_the_trick() -> None:
    state = play(opened(FOLLOW), "AH", "KH", "QH", "8C")
    assert state.view(0).last_winner == 0
    hands = ["AH 2H 3C 4C", "KD 5S 6D 7D", "QH 2S 3D 4D", "8C 9C TC JC"]
    state = play(opened(hands), "AH", "5S", "QH", "8C")
    assert state.view(0).last_winner == 1 and state.to_move == 1


def test_winner_otherwise_the_highest_card_of_the_led_suit() -> None:
    hands = ["2H AH 3C 4C", "KH 5D 6D 7D", "QH 2S 3D 4D", "AC 9C TC JC"]
    state = play(opened(hands), "2H", "KH", "QH", "AC")
    assert state.view(0).last_winner == 1
    assert state.view(0).last_trick == (
        (0, parse_cards("2H")),
        (1, parse_cards("KH")),
        (2, parse_cards("QH")),
        (3, parse_cards("AC")),
    )


def test_winner_jokers_rank_big_over_little_over_the_ace_of_trumps() -> None:
    hands = ["AS 2H 3C 4C", "LJ 5D 6D 7D", "BJ 2S 3D 4D", "AC 9C TC JC"]
    state = play(opened(hands, "9S", bids=BOARD), "AS", "LJ")
    assert set(legal_cards(state).split()) == {"BJ", "2S"}
    state = play(state, "BJ", "AC")
    assert state.view(0).last_winner == 2
    hands = ["AS 2H 3C 4C", "LJ 5D 6D 7D", "KH 2D 3D 4D", "AC 9C TC JC"]
    state = play(opened(hands, "9S", bids=BOARD), "AS", "LJ", "KH", "AC")
    assert state.view(0).last_winner == 1


def test_winner_no_trump_hand_the_led_suit_wins_and_any_card_may_lead() -> None:
    hands = ["2H 2S 3C 4C", "KH 5S 6D 7D", "QH AS 3D 4D", "AC 9C TC JC"]
    state = opened(hands, "BJ LJ")
    assert state.view(0).trump.suit is None
    assert set(legal_cards(state).split()) == {"2H", "2S", "3C", "4C"}
    state = play(state, "2S", "5S", "AS", "AC")
    assert state.view(0).last_winner == 2 and state.to_move == 2


def test_winner_leads_the_next_trick() -> None:
    state = play(opened(FOLLOW), "AH", "KH", "QH", "8C")
    assert state.to_move == 0 and state.view(0).leader == 0 and state.view(0).trick == ()
    assert state.view(0).tricks_won == (1, 0, 0, 0) and state.view(0).team_tricks == (1, 0)


def test_play_you_must_hold_the_card() -> None:
    state = opened(FOLLOW)
    with pytest.raises(IllegalActionError, match="you do not hold AS"):
        state.apply("play AS")


def test_trumps_broken_is_one_rule_function() -> None:
    """``breaks_trumps``, which the state, the fast rollout and the sampler all ask: a trump or a joker
    in a finished trick breaks trumps; a plain trick does not; with no trump suit nothing breaks."""
    spades, no_trump = 0, NO_TRUMP
    assert breaks_trumps(parse_cards("7H 9H 2S AH"), spades)
    assert breaks_trumps(parse_cards("7H 9H LJ AH"), spades)
    assert not breaks_trumps(parse_cards("7H 9H 2D AH"), spades)
    assert not breaks_trumps(parse_cards("7H 9H BJ AH"), no_trump)
