"""Following: rules/tractor.md "Leads and how to follow" and "Matching a shape", clause by clause.

Each test names the clause it pins. Hands are written as text; ``legal`` lists every legal follow.
"""

from __future__ import annotations

import math
import random
import time

import pytest

from tricktable.cards import parse_cards
from tricktable.core.actions import Action, action_key
from tricktable.core.errors import IllegalActionError
from tricktable.games.tractor.follow import check_follow, legal_follows, selectable
from tricktable.games.tractor.trump import Trump

H2 = Trump(rank="2", suit="H")  # hearts trump, rank 2
S2 = Trump(rank="2", suit="S")  # spades trump: hearts is a plain suit


def legal(hand: str, lead: str, trump: Trump = S2) -> set[str]:
    return {" ".join(map(str, p)) for p in legal_follows(parse_cards(hand), parse_cards(lead), trump)}


def plays(*texts: str) -> set[str]:
    """The plays written in any order, as the canonical text ``legal`` gives."""
    return {" ".join(map(str, sorted(parse_cards(t), key=action_key))) for t in texts}


def ok(hand: str, lead: str, play: str, trump: Trump = S2) -> None:
    check_follow(parse_cards(hand), parse_cards(lead), parse_cards(play), trump)


def refused(hand: str, lead: str, play: str, trump: Trump = S2) -> str:
    with pytest.raises(IllegalActionError) as err:
        ok(hand, lead, play, trump)
    return err.value.reason


# --- following suit -----------------------------------------------------------------------------


def test_must_follow_suit_naming_the_cards_still_held() -> None:
    assert refused("3H 9C", "KH", "9C") == "you must follow hearts: you still hold 3H"
    assert legal("3H 9C", "KH") == plays("3H")


def test_void_in_suit_plays_anything() -> None:
    assert legal("3C 9C 4D", "KH") == plays("3C", "9C", "4D")


def test_trump_rank_cards_follow_trumps_not_their_printed_suit() -> None:
    # Hearts trump, rank 2: 2S is a trump; spades were not led, trumps were.
    assert refused("2S 5S", "AH", "5S", H2) == "you must follow trumps: you still hold 2S"
    assert legal("2S 5S", "9S", H2) == plays("5S")


def test_short_in_suit_plays_every_suit_card_then_fills() -> None:
    assert legal("7H 3C 4C", "9H 9H") == plays("7H 3C", "7H 4C")
    assert refused("7H 3C 4C", "9H 9H", "3C 4C") == "you must follow hearts: you still hold 7H"


def test_single_led_when_only_a_pair_is_left_in_suit() -> None:
    assert legal("7H 7H 3C", "KH") == plays("7H")


# --- pair led -----------------------------------------------------------------------------------


def test_pair_led_a_pair_if_held() -> None:
    assert legal("7H 7H 8H 9H", "KH KH") == plays("7H 7H")
    assert refused("7H 7H 8H 9H", "KH KH", "8H 9H") == (
        "a pair of hearts was led and you hold the pair 7H 7H: you must play it"
    )


def test_pair_led_choice_of_pairs() -> None:
    assert legal("7H 7H 9H 9H 8H", "KH KH") == plays("7H 7H", "9H 9H")
    assert refused("7H 7H 9H 9H 8H", "KH KH", "7H 8H").endswith(
        "you hold the pairs 7H 7H and 9H 9H: you must play one of them"
    )


def test_pair_led_no_pair_two_suit_cards() -> None:
    assert legal("7H 8H 9H 3C", "KH KH") == plays("7H 8H", "7H 9H", "8H 9H")


def test_pair_led_one_suit_card_plus_any() -> None:
    assert legal("7H 3C 3C", "KH KH") == plays("7H 3C")


def test_pair_led_void_any_two() -> None:
    assert legal("3C 3C 4D", "KH KH") == plays("3C 3C", "3C 4D")


# --- tractor led --------------------------------------------------------------------------------


def test_tractor_led_a_follower_who_holds_a_tractor_must_play_it() -> None:
    hand = "7H 7H 8H 8H JH JH 3H"
    assert legal(hand, "3H 3H 4H 4H") == plays("7H 7H 8H 8H")
    assert refused(hand, "3H 3H 4H 4H", "7H 7H JH JH") == (
        "a tractor of hearts was led and you hold the tractor 7H 7H 8H 8H: you must play it"
    )


def test_tractor_led_a_longer_tractor_is_cut() -> None:
    assert legal("6H 6H 7H 7H 8H 8H 3H", "3H 3H 4H 4H") == plays("6H 6H 7H 7H", "7H 7H 8H 8H")
    assert "you must play 2 consecutive pairs" in refused(
        "6H 6H 7H 7H 8H 8H 3H", "3H 3H 4H 4H", "6H 6H 8H 8H"
    )


def test_tractor_led_with_two_non_consecutive_pairs() -> None:
    hand = "7H 7H 9H 9H 8H KC"
    assert legal(hand, "3H 3H 4H 4H") == plays("7H 7H 9H 9H")
    assert refused(hand, "3H 3H 4H 4H", "7H 7H 8H 9H") == (
        "a tractor of hearts was led and you hold the pairs 7H 7H and 9H 9H: you must play both pairs"
    )


def test_tractor_led_as_many_pairs_as_held_then_suit_cards() -> None:
    assert legal("7H 7H 9H JH 3C", "3H 3H 4H 4H") == plays("7H 7H 9H JH")
    assert legal("7H 9H JH QH 3C", "3H 3H 4H 4H") == plays("7H 9H JH QH")
    assert legal("7H 7H 3C 4C", "3H 3H 4H 4H") == plays("7H 7H 3C 4C")


def test_three_pair_tractor_led_does_not_force_a_shorter_tractor() -> None:
    hand = "7H 7H 8H 8H JH JH KH KH"
    follows = legal(hand, "3H 3H 4H 4H 5H 5H")
    assert "7H 7H JH JH KH KH" in follows
    assert follows == plays(
        "7H 7H 8H 8H JH JH",
        "7H 7H 8H 8H KH KH",
        "7H 7H JH JH KH KH",
        "8H 8H JH JH KH KH",
    )


def test_gap_tractor_must_be_played_with_rank_seven() -> None:
    seven = Trump(rank="7", suit="S")
    assert legal("6C 6C 8C 8C 9C 9C TC", "2C 2C 3C 3C", seven) == plays("6C 6C 8C 8C", "8C 8C 9C 9C")
    no_gap = Trump(rank="7", suit="S", gap_tractors=False)
    assert legal("6C 6C 8C 8C 9C 9C TC", "2C 2C 3C 3C", no_gap) == plays("8C 8C 9C 9C")
    assert legal("6C 6C 8C 8C TC", "2C 2C 3C 3C", no_gap) == plays("6C 6C 8C 8C")


def test_tractor_through_the_trump_ranks_must_be_played() -> None:
    # A♥A♥-2♠2♠ is a tractor with rank 2 in hearts; 2♠2♠-2♦2♦ is not.
    assert legal("AH AH 2S 2S 5H 5H 9H", "3H 3H 4H 4H", H2) == plays("2S 2S AH AH")
    assert legal("2S 2S 2D 2D 9H KH", "3H 3H 4H 4H", H2) == plays("2S 2S 2D 2D")
    follows = legal("AH AH 2S 2S 2D 2D 2H 2H", "3H 3H 4H 4H", H2)
    assert follows == plays("2S 2S AH AH", "2D 2D AH AH", "2S 2S 2H 2H", "2D 2D 2H 2H")


def test_no_trump_rank_cards_stay_in_their_suit() -> None:
    nt = Trump(rank="7", suit=None)
    assert legal("6S 6S 7S 7S 9S 9S", "2S 2S 3S 3S", nt) == plays("6S 6S 7S 7S")
    variant = Trump(rank="7", suit=None, rank_cards_trump_in_no_trump=True)
    assert legal("6S 6S 7S 7S 9S 9S", "2S 2S 3S 3S", variant) == plays("6S 6S 9S 9S")
    # A pair and a single of trumps led: any trump pair plus any other trump.
    assert legal("7D 7D LJ LJ 7S", "7C 7C BJ", variant) == plays(
        "7D 7D LJ", "7D LJ LJ", "7S 7D 7D", "7S LJ LJ"
    )


# --- throw led ----------------------------------------------------------------------------------


def test_throw_tractors_for_tractors_then_pairs_for_pairs() -> None:
    lead = "3H 3H 4H 4H 9H 9H KH"
    hand = "6H 6H 7H 7H QH QH TH 5H 8H"
    assert legal(hand, lead) == plays("6H 6H 7H 7H QH QH TH", "6H 6H 7H 7H QH QH 5H", "6H 6H 7H 7H QH QH 8H")
    reason = refused(hand, lead, "6H 6H 7H TH QH QH 8H")
    assert reason == (
        "hearts were thrown with a tractor of 2 pairs and you hold the tractor 6H 6H 7H 7H: "
        "you must play a tractor from it to match"
    )


def test_throw_pairs_from_a_tractor_when_no_tractor_fits() -> None:
    # The lead's 3-pair tractor cannot be matched; its pairs still must be, from the 2-pair tractor too.
    lead = "3H 3H 4H 4H 5H 5H JH"
    assert legal("7H 7H 8H 8H TH TH QH KH", lead) == plays("7H 7H 8H 8H TH TH QH", "7H 7H 8H 8H TH TH KH")
    assert "with 3 pairs (counting its tractors' pairs)" in refused(
        "7H 7H 8H 8H TH TH QH KH", lead, "7H 7H 8H TH TH QH KH"
    )


def test_throw_of_singles_forces_nothing_but_suit() -> None:
    assert legal("7H 7H 8H 9H", "AH KH") == plays("7H 7H", "7H 8H", "7H 9H", "8H 9H")


def test_throw_two_tractors_from_one_long_tractor() -> None:
    lead = "3H 3H 4H 4H 6H 6H 7H 7H"
    assert legal("8H 8H 9H 9H TH TH JH JH AH", lead) == plays("8H 8H 9H 9H TH TH JH JH")


# --- bad plays ----------------------------------------------------------------------------------


def test_wrong_number_of_cards_and_cards_not_held() -> None:
    assert refused("7H 8H", "KH KH", "7H") == "2 cards were led: you must play exactly 2, not 1"
    assert refused("7H 8H", "KH", "9H") == "you do not hold 9H"
    assert refused("7H 8H", "KH KH", "7H 7H") == "you hold 7H only once"


# --- the lazy sequence --------------------------------------------------------------------------


def test_void_follower_to_a_ten_card_throw_counts_without_listing() -> None:
    hand = parse_cards("AS AS KS KS QS 3D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C 4C 5C 6C 7C 8C 9C")
    lead = parse_cards("3H 4H 5H 6H 7H 8H 9H TH JH QH")
    started = time.perf_counter()
    seq = legal_follows(hand, lead, S2)
    # 22 distinct cards, three held twice (AS KS 3D): the coefficient of x^10 in (1+x)^19 (1+x+x^2)^3.
    expected = sum(
        math.comb(3, twos) * math.comb(3 - twos, ones) * math.comb(19, 10 - 2 * twos - ones)
        for twos in range(4)
        for ones in range(4 - twos)
    )
    assert len(seq) == expected > 1_000_000
    play = random.Random(1).choice(seq)
    assert play in seq and seq[-1] == seq[len(seq) - 1]
    check_follow(hand, lead, play, S2)
    assert Action.make("play", play).cards == play
    assert time.perf_counter() - started < 1.0
    with pytest.raises(IndexError):
        seq[len(seq)]


def test_membership_asks_the_checker() -> None:
    seq = legal_follows(parse_cards("7H 7H 8H"), parse_cards("KH KH"), S2)
    assert parse_cards("7H 7H") in seq and list(parse_cards("7H 7H")) in seq
    assert parse_cards("7H 8H") not in seq and "7H 7H" not in seq


def test_worst_hand_of_chainable_pairs_stays_fast() -> None:
    # Twelve consecutive pairs: the largest set of chainable pairs a 25-card hand can hold (2**12
    # subsets), against a throw holding two tractors.
    hand = parse_cards("3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H TH TH JH JH QH QH KH KH AH AH 2C")
    lead = parse_cards("3H 3H 4H 4H 5H 5H 7H 7H 9H JH KH AH")
    started = time.perf_counter()
    seq = legal_follows(hand, lead, S2)
    assert len(seq) > 10_000
    for i in range(0, len(seq), 997):
        check_follow(hand, lead, seq[i], S2)
    assert time.perf_counter() - started < 2.0


# --- card-by-card selection ---------------------------------------------------------------------


def test_selectable_offers_only_cards_that_can_still_complete() -> None:
    hand = parse_cards("7H 7H 8H 8H JH JH 3C")
    lead = parse_cards("3H 3H 4H 4H")
    assert [str(c) for c in selectable(hand, lead, S2)] == ["7H", "8H"]
    assert [str(c) for c in selectable(hand, lead, S2, parse_cards("7H 7H 8H"))] == ["8H"]
    assert selectable(hand, lead, S2, parse_cards("7H 7H 8H 8H")) == ()
    assert selectable(hand, lead, S2, parse_cards("JH")) == ()  # already off the only legal play


def test_selectable_for_a_lead_keeps_to_one_suit() -> None:
    hand = parse_cards("7H 7H 3C 2S AS")
    assert {str(c) for c in selectable(hand, None, H2)} == {"7H", "3C", "2S", "AS"}
    assert {str(c) for c in selectable(hand, None, H2, parse_cards("7H"))} == {"7H", "2S"}
    assert selectable(hand, None, H2, parse_cards("7H 7H 2S")) == ()
    assert selectable(hand, None, H2, parse_cards("9D")) == ()
