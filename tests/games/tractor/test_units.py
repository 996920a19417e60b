"""Units and lead formats: rules/tractor.md "Leads" and "Reading a lead's units"."""

from __future__ import annotations

import pytest

from tricktable.cards import parse_cards
from tricktable.core.errors import IllegalActionError
from tricktable.games.tractor.trump import Trump
from tricktable.games.tractor.units import decompose, lead_format, lead_shape, max_tractors, pair_runs

HEARTS_2 = Trump(rank="2", suit="H")


def units(text: str, trump: Trump = HEARTS_2) -> list[tuple[str, str]]:
    return [(u.kind, str(u)) for u in decompose(parse_cards(text), trump)]


@pytest.mark.parametrize(
    "text",
    ["AH AH 2S 2S", "2S 2S 2H 2H", "2H 2H LJ LJ", "LJ LJ BJ BJ", "KH KH AH AH 2C 2C 2H 2H LJ LJ BJ BJ"],
)
def test_tractors_through_the_trump_ranks(text: str) -> None:
    assert lead_format(parse_cards(text), HEARTS_2) == "tractor"


def test_two_off_suit_rank_pairs_are_not_consecutive() -> None:
    assert units("2S 2S 2D 2D") == [("pair", "2S 2S"), ("pair", "2D 2D")]
    assert lead_format(parse_cards("2S 2S 2D 2D"), HEARTS_2) == "throw"


def test_longest_tractor_wins_the_reading() -> None:
    # Not two 2-pair tractors (AH-2S, 2D-2H): a 3-pair tractor and a pair.
    assert units("AH AH 2S 2S 2D 2D 2H 2H") == [("tractor", "2S 2S 2H 2H AH AH"), ("pair", "2D 2D")]
    got = units("KH KH AH AH 2S 2S 2D 2D 2C 2C 2H 2H LJ LJ 3H")
    assert [kind for kind, _ in got] == ["tractor", "pair", "pair", "single"]
    assert decompose(parse_cards("KH KH AH AH 2S 2S 2D 2D 2C 2C 2H 2H LJ LJ 3H"), HEARTS_2)[0].length == 5


def test_gap_tractor_with_rank_seven() -> None:
    assert lead_format(parse_cards("6C 6C 8C 8C"), Trump("7", "S")) == "tractor"
    assert lead_format(parse_cards("6C 6C 8C 8C"), Trump("7", "S", gap_tractors=False)) == "throw"


def test_no_trump_rounds_both_ways() -> None:
    plain = Trump("7", None)
    assert lead_format(parse_cards("6S 6S 7S 7S"), plain) == "tractor"
    assert lead_format(parse_cards("LJ LJ BJ BJ"), plain) == "tractor"
    variant = Trump("7", None, rank_cards_trump_in_no_trump=True)
    assert lead_format(parse_cards("6S 6S 8S 8S"), variant) == "tractor"
    assert lead_format(parse_cards("7S 7S 7H 7H"), variant) == "throw"
    assert lead_format(parse_cards("7D 7D LJ LJ BJ BJ"), variant) == "tractor"
    with pytest.raises(IllegalActionError):
        decompose(parse_cards("6S 7S"), variant)


def test_formats_and_unit_fields() -> None:
    assert lead_format(parse_cards("5S"), HEARTS_2) == "single"
    assert lead_format(parse_cards("5S 5S"), HEARTS_2) == "pair"
    assert lead_format(parse_cards("5S 6S"), HEARTS_2) == "throw"
    assert lead_format(parse_cards("3S 3S 4S 4S 5S 5S"), HEARTS_2) == "tractor"
    (u,) = decompose(parse_cards("4S 4S 3S 3S"), HEARTS_2)
    assert (u.kind, u.length, u.top, u.cards) == ("tractor", 2, HEARTS_2.order(parse_cards("4S")[0]), u.cards)
    assert str(u) == "3S 3S 4S 4S"


def test_throw_units_longest_then_highest() -> None:
    assert units("AS AS KS 3S 3S 4S 4S 5S 5S 9S") == [
        ("tractor", "3S 3S 4S 4S 5S 5S"),
        ("pair", "AS AS"),
        ("single", "KS"),
        ("single", "9S"),
    ]


def test_mixed_suits_and_bad_leads_are_refused_with_the_reason() -> None:
    with pytest.raises(IllegalActionError, match="one suit"):
        decompose(parse_cards("AS KD"), HEARTS_2)
    # A trump-rank card is a trump, not a spade.
    with pytest.raises(IllegalActionError, match="2S is trumps"):
        decompose(parse_cards("AS 2S"), HEARTS_2)
    with pytest.raises(IllegalActionError):
        decompose((), HEARTS_2)
    with pytest.raises(IllegalActionError, match="only twice"):
        decompose(parse_cards("AS AS AS"), HEARTS_2)


def test_lead_shape_counts_tractor_pairs() -> None:
    shape = lead_shape(parse_cards("3S 3S 4S 4S 9S 9S KS"), HEARTS_2)
    assert (shape.size, shape.tractors, shape.pairs, shape.format) == (7, (2,), 3, "throw")


def test_tractor_packing() -> None:
    # Pairs at orders 1..4: one 4-run holds two 2-tractors, not a 3 and a 2.
    assert max_tractors(pair_runs([1, 2, 3, 4]), (2, 2)) == 2
    assert max_tractors(pair_runs([1, 2, 3, 4]), (2, 3)) == 1
    # Two pairs at one (rank) level feed two tractors, A-2S and 2D-2H.
    assert max_tractors(pair_runs([1, 2, 2, 3]), (2, 2)) == 2
    assert max_tractors(pair_runs([1, 2, 2, 3]), (3, 3)) == 1
    assert max_tractors(pair_runs([1, 2, 4, 5]), (3,)) == 0
    assert max_tractors(pair_runs([1, 3, 5]), (2,)) == 0
