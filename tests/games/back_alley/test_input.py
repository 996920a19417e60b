"""Bad input: unreadable actions, illegal ones (state unchanged, reason given), out of turn, bad
config, bad records."""

from __future__ import annotations

import pytest

from tricktable.core.actions import Action
from tricktable.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RecordError,
)
from tricktable.games.back_alley import GAME

from .tables import bid, table

FOUR = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD", "AC KC QC JC"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("dance", "'dance' is not an action in this game"),
        ("bid", "write a bid as"),
        ("bid lots", "is not a bid"),
        ("play", "needs cards"),
        ("play ZZ", "not a card"),
        (42, "not int"),
    ],
)
def test_unreadable_actions_are_refused(text: object, message: str) -> None:
    state = GAME.new(seed=1)
    with pytest.raises(InvalidActionError, match=message):
        state.apply(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("play AS", "the bidding comes first"),
        ("bid 4", "from 1 to 3 tricks"),
        (Action("bid", (), 0), "to bid no tricks, say 'bid pass'"),
    ],
)
def test_illegal_bids_leave_the_state_unchanged(action: str | Action, message: str) -> None:
    state = table(FOUR, "2C", hand=10)
    before = GAME.record(state)
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert GAME.record(state) == before and not state.is_legal(action)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("play AS KS", "play one card at a time"),
        ("play 2H", "you do not hold 2H"),
        ("bid 1", "the bidding is over"),
    ],
)
def test_illegal_plays_leave_the_state_unchanged(action: str | Action, message: str) -> None:
    state = bid(table(FOUR, "2C", hand=10), "1", "pass", "pass", "pass")
    before = GAME.record(state)
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert GAME.record(state) == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action("bid", (), "double"), "'double' is not a bid"),
        (Action("bid", (), True), "True is not a bid"),
        (Action("bid", (), -3), "-3 is not a bid"),
        (Action("bid", (), "3"), "a bid's number is an int, not the text '3'"),
        (Action("play", (), None), "'play' needs at least one card"),
        (Action("play", (), 1), "'play' takes only cards"),
        (Action("play", ("6H",)), r"'6H' \(str\) is not a card"),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_built_in_code_are_refused(action: Action, message: str) -> None:
    """Refused by the core's well-formedness check, in the bidding and in the play alike."""
    bidding = table(FOUR, "2C", hand=10)
    for state in (bidding, bid(bidding, "1", "pass", "pass", "pass")):
        before = GAME.record(state)
        with pytest.raises(InvalidActionError, match=message):
            state.apply(action)
        assert GAME.record(state) == before and not state.is_legal(action)


def test_out_of_turn_is_refused_naming_whose_turn_it_is() -> None:
    state = table(FOUR, "2C", hand=10)
    assert state.to_move == 0
    with pytest.raises(NotYourTurnError, match="seat 2 cannot act now: it is seat 0's turn"):
        state.apply("bid 1", 2)
    assert state.legal_actions(2) == ()
    assert state.apply("bid 1", 0).to_move == 1


@pytest.mark.parametrize("seat", [4, -1, True, "0"])
def test_bad_seats_are_refused(seat: object) -> None:
    with pytest.raises(InvalidActionError, match="seat must be a number from 0 to 3"):
        GAME.new(seed=1).apply("bid pass", seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"deals": 24}, "allowed values are 25, 26"),
        ({"board_multiplier": "tripling"}, "linear, doubling"),
        ({"points_per_bid_trick": 0}, "1 to 20"),
        ({"points_per_bid_trick": 21}, "1 to 20"),
        ({"little_joker_forces": "sometimes"}, "on or off"),
        ({"equal_bid_leader": "random"}, "first, last"),
        ({"overruled_board": "half"}, "void, failed"),
        ({"trump": "S"}, "unknown option 'trump'"),
        ("tournament", "unknown preset"),
    ],
)
def test_bad_config_is_refused(config: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.new(seed=1, config=config)  # type: ignore[arg-type]


def test_config_from_text_values() -> None:
    cfg = GAME.Config.from_value(
        {"deals": "26", "little_joker_forces": "off", "board_multiplier": "doubling"}
    )
    assert (cfg.deals, cfg.little_joker_forces, cfg.board_multiplier) == (26, False, "doubling")
    assert GAME.new(seed=1, config=cfg).config.changes() == {
        "deals": 26,
        "little_joker_forces": False,
        "board_multiplier": "doubling",
    }
    text = GAME.rules_text()
    assert (
        all(o.name in text for o in GAME.Config.options()) and "house rule (the sources are silent)" in text
    )


def test_bad_seed_is_refused() -> None:
    with pytest.raises(ConfigError, match="seed"):
        GAME.new(seed=-1)


def test_a_tampered_record_names_the_bad_action() -> None:
    state = bid(table(FOUR, "2C", hand=10), "1", "pass")
    record = GAME.record(state)
    record["actions"][-1] = [1, "bid 9"]
    with pytest.raises(RecordError, match=r"action #\d+: 'bid 9' by seat 1 does not replay"):
        GAME.replay(record)
    assert GAME.replay(GAME.record(state)) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "tractor"}, "not of 'back-alley'"),
        ({"rules_version": "0"}, "rules version"),
        ({"config": {"deals": 3}}, "bad record"),
        ({"deck": [["AS"]]}, "bad record"),
    ],
)
def test_bad_records_are_refused(change: dict[str, object], message: str) -> None:
    record = {**GAME.record(GAME.new(seed=4)), **change}
    with pytest.raises(RecordError, match=message):
        GAME.replay(record)


def test_action_text_round_trips() -> None:
    for text in ("bid pass", "bid 7", "bid board", "play BJ", "play TH"):
        assert str(GAME.parse_action(text)) == text
    assert str(GAME.parse_action("PLAY 10h")) == "play TH"
    assert str(GAME.parse_action("Bid Board")) == "bid board"
