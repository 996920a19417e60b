"""Leads and the throw check: rules/tractor.md "Leads and how to follow" (formats) and "Failed throw"."""

from __future__ import annotations

import random

import pytest

from tricktable.cards import parse_cards
from tricktable.core.errors import IllegalActionError
from tricktable.games.tractor.lead import check_lead, legal_leads, throw_check
from tricktable.games.tractor.trump import Trump

H2 = Trump(rank="2", suit="H")


def check(lead: str, *others: str, trump: Trump = H2) -> tuple[bool, str, list[str]]:
    r = throw_check(parse_cards(lead), [parse_cards(o) for o in others], trump)
    return r.ok, " ".join(map(str, r.forced)), [str(u) for u in r.beatable]


# --- what may be led ----------------------------------------------------------------------------


def test_any_one_suit_set_may_be_led() -> None:
    hand = parse_cards("AS KS KS 3S 2D 7H LJ")
    check_lead(hand, parse_cards("AS KS KS 3S"), H2)
    check_lead(hand, parse_cards("2D 7H LJ"), H2)  # all trumps: one suit


def test_bad_leads_are_refused_with_the_reason() -> None:
    hand = parse_cards("AS KS 7H")
    with pytest.raises(IllegalActionError, match="one suit"):
        check_lead(hand, parse_cards("AS 7H"), H2)
    with pytest.raises(IllegalActionError, match="do not hold QS"):
        check_lead(hand, parse_cards("QS"), H2)
    with pytest.raises(IllegalActionError, match="only once"):
        check_lead(hand, parse_cards("AS AS"), H2)
    with pytest.raises(IllegalActionError, match="at least one card"):
        check_lead(hand, (), H2)


def test_legal_leads_count_every_one_suit_sub_multiset() -> None:
    hand = parse_cards("AS AS KS 3S 2D 7H 7H LJ 9C")
    seq = legal_leads(hand, H2)
    # spades: AS x2, KS, 3S -> 3*2*2 - 1; trumps: 2D, 7H x2, LJ -> 2*3*2 - 1; clubs: 1.
    assert len(seq) == (3 * 2 * 2 - 1) + (2 * 3 * 2 - 1) + 1
    listed = list(seq)
    assert len(set(listed)) == len(listed)
    for lead in listed:
        check_lead(hand, lead, H2)
    assert seq[-1] == listed[-1] and seq[0] == listed[0]
    assert parse_cards("AS AS KS") in seq and parse_cards("AS 9C") not in seq


def test_legal_leads_of_a_full_hand_are_lazy() -> None:
    hand = parse_cards("AS AS KS KS QS QS JS JS TS TS 9S 9S 8S 8S 7S 7S 6S 6S 5S 5S 4S 4S 3S 3S 2C")
    seq = legal_leads(hand, H2)
    assert len(seq) == 3**12 - 1 + 1
    lead = random.Random(3).choice(seq)
    check_lead(hand, lead, H2)
    assert seq[-1] == parse_cards("2C") and len(seq[-2]) == 24


# --- the throw check ----------------------------------------------------------------------------


def test_single_pair_and_tractor_leads_always_stand() -> None:
    assert check("3S", "AS")[0]
    assert check("3S 3S", "AS AS")[0]
    assert check("3S 3S 4S 4S", "AS AS KS KS")[0]


def test_throw_of_top_cards_stands() -> None:
    assert check("AS AS KS", "QS QS JS", "KS 3S", "") == (True, "", [])


def test_throw_fails_on_a_higher_single_forcing_the_smallest_unit() -> None:
    ok, forced, beatable = check("AS QS JS JS", "KS", "", "")
    assert (ok, forced, beatable) == (False, "QS", ["QS"])


def test_throw_forced_unit_is_the_fewest_cards_then_lowest() -> None:
    # Both the pair JS JS and the singles 9S and QS can be beaten: the lowest single is forced.
    ok, forced, beatable = check("AS QS 9S JS JS", "KS KS", "TS", "")
    assert not ok and forced == "9S"
    assert sorted(beatable) == sorted(["JS JS", "QS", "9S"])
    # Only the pair can be beaten: the pair is forced.
    assert check("AS JS JS", "QS QS", "", "")[:2] == (False, "JS JS")


def test_pair_of_the_throw_is_beaten_only_by_a_higher_pair() -> None:
    assert check("AS JS JS", "QS KS", "QS", "")[0]


def test_tractor_of_the_throw_is_beaten_only_by_a_higher_tractor_of_its_length() -> None:
    assert check("AS 3S 3S 4S 4S", "9S 9S JS JS", "QS QS KS KS", "")[:2] == (False, "3S 3S 4S 4S")
    assert check("AS 3S 3S 4S 4S", "9S 9S JS JS KS KS", "", "")[0]  # pairs, no tractor
    # A longer higher tractor holds a higher one of the throw's length.
    assert not check("AS 3S 3S 4S 4S", "8S 8S 9S 9S TS TS", "", "")[0]


def test_equal_off_suit_rank_cards_do_not_beat_each_other() -> None:
    # Trumps thrown: 2S 2S and BJ. Another hand's 2D 2D is equal, not higher.
    assert check("2S 2S BJ", "2D 2D", "2C", "")[0]
    assert check("2S 2S BJ", "2H 2H", "", "")[:2] == (False, "2S 2S")


def test_only_cards_of_the_led_suit_can_beat_a_throw() -> None:
    # Trumps are no threat to a throw in spades; the kitty is not one of the hands passed in.
    assert check("AS KS", "2H 2H BJ BJ", "AH", "")[0]


def test_throw_check_in_a_no_trump_round() -> None:
    nt = Trump(rank="7", suit=None)
    assert not check("AS 7S", "8S", "", "", trump=nt)[0]
    variant = Trump(rank="7", suit=None, rank_cards_trump_in_no_trump=True)
    assert check("AS 8S", "7S", "", "", trump=variant)[0]
