"""Who wins a trick: rules/tractor.md "Who wins a trick", clause by clause."""

from __future__ import annotations

from tricktable.cards import parse_cards
from tricktable.games.tractor.trump import Trump
from tricktable.games.tractor.winner import trick_winner

H2 = Trump(rank="2", suit="H")


def winner(*plays: str, trump: Trump = H2) -> int:
    return trick_winner([parse_cards(p) for p in plays], trump)


# --- single, pair, tractor led ------------------------------------------------------------------


def test_single_highest_of_led_suit_wins() -> None:
    assert winner("9S", "KS", "3S", "AS") == 3


def test_single_any_trump_beats_the_led_suit_and_discards_never_win() -> None:
    assert winner("AS", "3H", "KD", "AC") == 1
    assert winner("AS", "3H", "2S", "4H") == 2  # 2S is a trump above 4H


def test_single_trump_order_through_the_rank_cards_and_jokers() -> None:
    assert winner("AH", "2C", "2H", "LJ") == 3
    assert winner("LJ", "BJ", "2H", "AH") == 1


def test_equal_off_suit_rank_cards_first_played_wins() -> None:
    assert winner("5S", "2D", "2C", "2S") == 1
    assert winner("2D", "2C", "2S", "AH") == 0


def test_pair_led_only_a_pair_can_win() -> None:
    assert winner("KS KS", "AS QS", "3H 4H", "5S 5S") == 0
    assert winner("KS KS", "AS AS", "3H 4H", "5S 5S") == 1
    assert winner("KS KS", "AS AS", "3H 3H", "5S 5S") == 2


def test_pair_of_trump_rank_cards_ties_first_played() -> None:
    assert winner("9S 9S", "2D 2D", "2C 2C", "AS AS") == 1


def test_tractor_led_only_a_tractor_can_win() -> None:
    assert winner("3S 3S 4S 4S", "AS AS KS KS", "JS JS 9S 9S", "8S 8S QS QS") == 1
    assert winner("3S 3S 4S 4S", "5H 5H 9H 9H", "6S 6S 7S 7S", "AS KS QS JS") == 2
    assert winner("3S 3S 4S 4S", "5H 5H 6H 6H", "6S 6S 7S 7S", "AS KS QS JS") == 1


def test_tractor_of_trumps_through_the_rank_cards() -> None:
    assert winner("3S 3S 4S 4S", "AH AH 2S 2S", "2D 2D 2C 2C", "KH KH AH AH") == 1
    assert winner("3S 3S 4S 4S", "AH AH 2D 2D", "AH AH 2C 2C") == 1  # exact tie: first played
    assert winner("3H 3H 4H 4H", "2H 2H LJ LJ", "LJ LJ BJ BJ") == 2


def test_gap_tractor_wins_with_rank_seven_and_not_without_the_gap_rule() -> None:
    assert winner("3C 3C 4C 4C", "6C 6C 8C 8C", trump=Trump("7", "S")) == 1
    assert winner("3C 3C 4C 4C", "6C 6C 8C 8C", trump=Trump("7", "S", gap_tractors=False)) == 0


def test_no_trump_rounds() -> None:
    nt = Trump("7", None)
    assert winner("6S 6S 7S 7S", "8S 8S 9S 9S", "7H 7H 7D 7D", trump=nt) == 1
    assert winner("KS", "7S", "LJ", "BJ", trump=nt) == 3
    variant = Trump("7", None, rank_cards_trump_in_no_trump=True)
    assert winner("KS", "7H", "AS", trump=variant) == 1
    assert winner("KS", "7H", "7S", trump=variant) == 1
    assert winner("KS", "7H", "LJ", trump=variant) == 2


# --- throw led ----------------------------------------------------------------------------------


def test_throw_the_leader_wins_against_the_led_suit() -> None:
    assert winner("AS AS KS", "QS QS JS", "3S 4S 5S", "9D 9D 8C") == 0


def test_throw_beaten_by_a_void_players_all_trump_copy() -> None:
    assert winner("AS AS KS", "QS QS JS", "3H 3H 4H", "9D 9D 8C") == 2


def test_throw_all_trumps_of_the_wrong_shape_does_not_win() -> None:
    assert winner("AS AS KS", "QS QS JS", "3H 4H 5H", "9D 9D 8C") == 0
    assert winner("AS AS KS KS QS", "3H 3H 5H 5H 7H") == 0  # the lead's tractor needs a tractor
    assert winner("AS AS KS QS QS", "3H 3H 5H 5H 7H") == 1  # two pairs and a single match two pairs
    assert winner("AS AS KS KS QS", "3H 3H 4H 4H 7H") == 1


def test_throw_several_trumpers_compare_the_copy_of_the_largest_unit() -> None:
    # Lead: a pair and a single. Compare the trump pairs: 5H 5H beats 4H 4H although 4H's single is higher.
    assert winner("AS AS KS", "4H 4H BJ", "5H 5H 3H", "9D 9D 8C") == 2
    # Lead with a tractor: compare the tractors.
    lead = "QS QS KS KS 3S"
    assert winner(lead, "3H 3H 4H 4H BJ", "6H 6H 7H 7H 5H", "8H 8H 9H 9H 5H") == 3
    # Lead of singles: compare the highest single.
    assert winner("AS KS", "3H BJ", "LJ 2H", "4D 5D") == 1


def test_throw_tied_copies_first_played_wins() -> None:
    assert winner("AS AS KS", "2D 2D 3H", "2C 2C 4H") == 1


def test_throw_copy_must_leave_the_rest_matching() -> None:
    # Lead: tractors of 3 and 2 pairs. Trump pairs 3-4-5-6-7: the highest 3-pair copy is 5-6-7 (top 7),
    # leaving 3-4 for the 2-pair tractor. Trump pairs 3-4 and 6-7-8: the copy is 6-7-8 (top 8): it wins.
    lead = "3S 3S 4S 4S 5S 5S 8S 8S 9S 9S"
    assert winner(lead, "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H", "3H 3H 4H 4H 6H 6H 7H 7H 8H 8H") == 2


def test_throw_led_in_trumps_is_always_won_by_the_leader() -> None:
    assert winner("AH AH KH", "BJ BJ LJ", "3S 3S 4S") == 0


def test_throw_where_the_led_suit_is_followed_by_a_mix_does_not_win() -> None:
    assert winner("AS AS KS", "QS 3H 3H", "5H 5H 6H") == 2
