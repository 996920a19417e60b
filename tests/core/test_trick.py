"""The core's trick mechanics (effective suits, power, following suit, the winner, seats) and
``evolve``, the one typed way to build a successor state."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, dataclass, fields, is_dataclass
from typing import Any

import pytest

from tricktable import games
from tricktable.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, parse_cards
from tricktable.core.config import GameConfig
from tricktable.core.state import evolve, team_of
from tricktable.core.trick import (
    NO_TRUMP,
    RANK,
    following,
    is_void,
    next_seat,
    plain_power,
    power_table,
    single_plays,
    suit_span,
    suit_table,
    trick_seats,
    trick_winner,
)

# --- effective suits and power -------------------------------------------------------------------


def test_a_suited_cards_effective_suit_is_its_own_under_every_trump() -> None:
    for trump in range(NO_TRUMP + 1):
        for jokers in (False, True):
            table = suit_table(trump, jokers_are_trumps=jokers)
            assert len(table) == len(ALL_CARDS)
            assert all(table[c] == c.suit for c in ALL_CARDS if not c.is_joker)


def test_jokers_belong_to_the_trump_only_where_the_game_says_so() -> None:
    assert suit_table(2, jokers_are_trumps=True)[LITTLE_JOKER] == 2
    assert suit_table(2, jokers_are_trumps=True)[BIG_JOKER] == 2
    assert suit_table(2)[LITTLE_JOKER] == suit_table(2)[BIG_JOKER] == NO_TRUMP


def test_rank_is_the_natural_order_with_the_jokers_on_top() -> None:
    two, ace = parse_cards("2S AS")
    assert RANK[two] == 0 and RANK[ace] == 12
    assert RANK[LITTLE_JOKER] == 13 and RANK[BIG_JOKER] == 14


def test_power_puts_trumps_over_the_led_suit_over_the_rest() -> None:
    power = plain_power(1)[0]  # hearts trump, spades led
    two_h, ace_s, two_s, ace_d = parse_cards("2H AS 2S AD")
    assert power[two_h] > power[ace_s] > power[two_s] > power[ace_d] == 0


def test_without_trumps_only_the_led_suit_has_power() -> None:
    power = plain_power(NO_TRUMP)[3]  # clubs led
    assert {power[c] > 0 for c in parse_cards("2C AC")} == {True}
    assert {power[c] for c in parse_cards("AS AH AD")} == {0}


def test_power_tables_take_any_order_table() -> None:
    """A game with its own order (Tractor's, where off-suit rank cards tie) keeps its ties."""
    suits = suit_table(0)
    order = [RANK[c] for c in range(len(suits))]
    order[13] = order[26] = 5  # 2H and 2D tie
    power = power_table(suits, order, None, 1)
    assert power[13] == power[18]  # 2H ties 7H
    assert power[26] == 0  # 2D is off-suit


# --- following suit ------------------------------------------------------------------------------


def test_following_lists_the_led_suit_in_hand_order() -> None:
    hand = parse_cards("2S 9H KH 4D BJ")
    table = suit_table(1, jokers_are_trumps=True)
    assert following(hand, 1, table) == parse_cards("9H KH BJ")
    assert following(hand, 3, table) == ()
    assert is_void(hand, 3, table) and not is_void(hand, 2, table)


def test_suit_span_finds_a_suit_in_a_sorted_hand() -> None:
    hand = parse_cards("2S 9H KH 4D LJ")
    for suit in range(4):
        lo, hi = suit_span(hand, suit)
        assert hand[lo:hi] == following(hand, suit, suit_table(NO_TRUMP))


# --- the winner ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("QS 2H AS 9D", 1, 1),  # a trump beats the led ace
        ("QS 3S AS 9D", 1, 2),  # no trump played: the led suit's highest
        ("QS AD AH KC", 0, 0),  # off-suit cards never win
        ("QS 2H 5H 3H", 1, 2),  # the highest of several trumps
        ("9C 2S AS KC", NO_TRUMP, 3),  # no trumps at all
    ],
)
def test_trick_winner_cases(cards: str, trump: int, winner: int) -> None:
    played = parse_cards(cards)
    assert trick_winner(played, plain_power(trump)[played[0] // 13]) == winner


def test_equal_power_goes_to_the_first_played() -> None:
    """Tractor's two copies of a card (or two off-suit trump-rank cards) tie: the first wins."""
    played = parse_cards("7S 9S 9S")
    assert trick_winner(played, plain_power(NO_TRUMP)[0]) == 1


# --- seats and teams -----------------------------------------------------------------------------


def test_seats_go_round_from_the_leader() -> None:
    assert next_seat(3, 4) == 0 and next_seat(0, 2) == 1
    assert trick_seats(2, 4, 4) == (2, 3, 0, 1)
    assert trick_seats(1, 2, 2) == (1, 0)
    assert single_plays(3, parse_cards("7H 8H"), 4) == ((3, parse_cards("7H")), (0, parse_cards("8H")))


def test_single_card_plays_are_shared_values() -> None:
    # A finished trick lives as long as its game's log: its plays are the same objects every time,
    # not new tuples for the collector to walk.
    first = single_plays(1, parse_cards("2C 3C 4C"), 3)
    again = single_plays(1, parse_cards("2C 3C 4C"), 3)
    assert first == ((1, parse_cards("2C")), (2, parse_cards("3C")), (0, parse_cards("4C")))
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_team_of_pairs_opposite_seats() -> None:
    assert [team_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [team_of(s, 2) for s in range(2)] == [0, 1]


# --- evolve --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Point:
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class _SlottedPoint:
    x: int
    y: int


def test_evolve_changes_the_named_fields_and_leaves_the_original() -> None:
    p = _Point(1, 2)
    q = evolve(p, y=5)
    assert q == _Point(1, 5) and p == _Point(1, 2) and type(q) is _Point
    with pytest.raises(FrozenInstanceError):
        q.x = 3  # type: ignore[misc]
    assert evolve(_SlottedPoint(1, 2), x=7) == _SlottedPoint(7, 2)


@pytest.mark.parametrize("point", [_Point(1, 2), _SlottedPoint(1, 2)])
def test_evolve_refuses_a_misspelt_field_naming_it_and_the_class(point: _Point | _SlottedPoint) -> None:
    with pytest.raises(TypeError, match=rf"{type(point).__name__} has no field 'z'"):
        evolve(point, z=1)


@pytest.mark.parametrize("name", ["tractor", "all-fours", "back-alley"])
def test_game_states_refuse_a_misspelt_successor_field(name: str) -> None:
    state: Any = games.get(name).new(seed=1)
    with pytest.raises(TypeError, match=rf"{type(state).__name__} has no field 'mvoer'"):
        evolve(state, mvoer=3)
    moved = evolve(state, mover=3)
    assert moved.to_move == 3 and moved.log is state.log
    assert evolve(state) == state


@pytest.mark.parametrize("name", ["tractor", "all-fours", "back-alley"])
def test_evolve_sets_each_field_of_a_state_and_its_records(name: str) -> None:
    # A native record's __init__ takes its fields in order, which evolve relies on (it calls the
    # class with every field, in order): a field out of place would land in another. Each field of
    # a new game's state and records is given the value it has in another game, 120 actions on.
    game = games.get(name)
    state: Any = game.new(seed=1)
    other: Any = game.new(seed=2)
    rng = random.Random(2)
    for _ in range(120):
        legal = other.legal_actions()
        other = other.apply_legal(legal[rng.randrange(len(legal))])
    pairs = [(state, other), *((getattr(state, f.name), getattr(other, f.name)) for f in fields(state))]
    for record, elsewhere in ((r, e) for r, e in pairs if is_dataclass(r) and not isinstance(r, GameConfig)):
        for f in fields(record):
            value = getattr(elsewhere, f.name)
            changed = evolve(record, **{f.name: value})
            assert type(changed) is type(record) and getattr(changed, f.name) == value
            kept = (g.name for g in fields(record) if g is not f)
            assert all(getattr(changed, n) == getattr(record, n) for n in kept)
        with pytest.raises(FrozenInstanceError):
            setattr(record, fields(record)[0].name, getattr(elsewhere, fields(record)[0].name))
