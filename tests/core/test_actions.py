"""Action notation: canonical text, round trips, and the errors for malformed input."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import ALL_CARDS
from tricktable.core.actions import Action, ArgKind, Verb, parse_action, play, verb_table
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
