"""Action notation: canonical text, round trips, and the errors for malformed input."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import ALL_CARDS, parse_cards
from tricktable.core.actions import (
    Action,
    ArgKind,
    Verb,
    action_key,
    checked_action,
    is_well_formed,
    parse_action,
    play,
    verb_table,
)
from tricktable.core.errors import InvalidActionError

VERBS = verb_table(
    Verb("play", ArgKind.CARDS, "play cards"),
    Verb("bid", ArgKind.BID, "bid"),
    Verb("expose", ArgKind.CARD, "expose a card"),
    Verb("stand", ArgKind.NONE, "stand"),
)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=12))
def test_card_actions_round_trip_and_ignore_order(cards: list) -> None:  # type: ignore[type-arg]
    action = Action.make("play", cards)
    assert parse_action(str(action), VERBS) == action
    assert Action.make("play", reversed(cards)) == action


@given(st.one_of(st.integers(0, 30), st.sampled_from(["pass", "board"])))
def test_bids_round_trip(arg: int | str) -> None:
    action = Action("bid", (), arg)
    assert parse_action(str(action), VERBS) == action


def test_canonical_order_is_suit_then_rank_ascending_then_jokers() -> None:
    assert str(parse_action("play BJ 8h 7H LJ 7h as", VERBS)) == "play AS 7H 7H 8H LJ BJ"


def test_single_card_play_is_cached() -> None:
    assert play(ALL_CARDS[3]) is play(ALL_CARDS[3]) == Action("play", (ALL_CARDS[3],))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("jump", "'jump' is not an action in this game; this game's actions are: play <cards>"),
        ("play", "needs cards"),
        ("play 7X", "not a card"),
        ("bid three", "not a bid"),
        ("bid 1 2", "write a bid as"),
        ("stand now", "takes nothing"),
        ("expose AS KS", "exactly one card"),
    ],
)
def test_malformed_actions_say_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        parse_action(text, VERBS)


def test_non_text_is_refused() -> None:
    with pytest.raises(InvalidActionError, match="not int"):
        parse_action(3, VERBS)


@pytest.mark.parametrize("digits", ["²", "٣", "３", "1²"])
def test_bids_take_ascii_digits_only(digits: str) -> None:
    with pytest.raises(
        InvalidActionError,
        match=re.escape("is not a bid: write 'bid <n>|pass|board', the number in digits 0-9"),
    ):
        parse_action(f"bid {digits}", VERBS)


def test_a_bid_too_long_for_an_int_is_refused_cleanly() -> None:
    with pytest.raises(InvalidActionError, match="is too long to be a bid"):
        parse_action("bid " + "7" * 5000, VERBS)
    assert str(parse_action("bid 007", VERBS)) == "bid 7"


def test_canonical_order_is_the_order_of_the_card_codes() -> None:
    # checked_action compares cards directly, relying on this
    assert tuple(sorted(ALL_CARDS, key=action_key)) == tuple(sorted(ALL_CARDS)) == ALL_CARDS


AS, H7, H8 = parse_cards("AS 7H 8H")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action("play", ("AS",)), r"'AS' \(str\) is not a card"),  # type: ignore[arg-type]
        (Action("play", (5,)), r"5 \(int\) is not a card"),  # type: ignore[arg-type]
        (Action("play", None), "a tuple of Card values, not None"),  # type: ignore[arg-type]
        (Action("play", [H7]), r"not a list \[Card\('7H'\)\]"),  # type: ignore[arg-type]
        (Action("play", (H8, H7)), r"8H 7H are not in canonical order \(7H 8H\)"),
        (Action("play"), "'play' needs at least one card"),
        (Action("play", (H7,), 3), "'play' takes only cards, no argument like 3"),
        (Action("expose", (AS, H7)), "'expose' names exactly one card, not 2"),
        (Action("expose"), "'expose' needs a card"),
        (Action("stand", (), 1), "'stand' takes nothing after it: write just 'stand'"),
        (Action("stand", (AS,)), "'stand' takes nothing after it"),
        (Action("bid", (), "3"), "a bid's number is an int, not the text '3'"),
        (Action("bid", (), True), "True is not a bid: a bid is an int of 0 or more"),
        (Action("bid", (), -1), "-1 is not a bid"),
        (Action("bid", (), "Pass"), "'Pass' is not a bid: .* one of the words pass, board"),
        (Action("bid", (AS,), 3), "'bid' names no cards"),
        (Action("fly"), "'fly' is not an action in this game"),
        (Action(None), "'None' is not an action in this game"),  # type: ignore[arg-type]
    ],
)
def test_hand_built_actions_must_be_well_formed(action: Action, message: str) -> None:
    assert isinstance(str(action), str) and isinstance(repr(action), str)  # never raise
    with pytest.raises(InvalidActionError, match=message):
        checked_action(action, VERBS)
    with pytest.raises(InvalidActionError, match=message):
        parse_action(action, VERBS)
    assert not is_well_formed(action, VERBS)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=12))
def test_well_formed_means_its_text_reads_back_to_it(cards: list) -> None:  # type: ignore[type-arg]
    for action in (Action.make("play", cards), Action("bid", (), len(cards)), Action("stand")):
        assert checked_action(action, VERBS) is action
        assert parse_action(str(action), VERBS) == action


def test_text_of_malformed_actions_never_raises() -> None:
    assert str(Action("play", ("AS",))) == "play ('AS',)"  # type: ignore[arg-type]
    assert str(Action("bid", (), 10**5000)) == "bid <int too long to show>"
    assert repr(Action("play", None)) == "Action('play')"  # type: ignore[arg-type]


def test_an_action_subclass_is_read_as_a_plain_action() -> None:
    class Mine(Action):
        __slots__ = ()

    got = parse_action(Mine("play", (H7,)), VERBS)
    assert type(got) is Action and got == Action("play", (H7,))
