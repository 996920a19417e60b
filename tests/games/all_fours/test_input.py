"""Bad input: unreadable actions, illegal and out-of-turn actions, bad options, bad stacked decks."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tricktable.cards import ALL_CARDS, Card
from tricktable.core import Action, ConfigError, IllegalActionError, InvalidActionError, NotYourTurnError
from tricktable.core.state import evolve
from tricktable.games.all_fours import GAME, Config

from .helpers import new_game, seed_with_dealer

BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]


@pytest.mark.parametrize("text", ["", "dance", "play", "play AS KS", "stand up", "play ZZ", "call", "bid 3"])
def test_unreadable_actions_are_invalid(text: str) -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    with pytest.raises(InvalidActionError):
        state.apply(text)


def test_action_text_round_trips() -> None:
    for text in ("play TH", "stand", "beg", "give", "run", "expose AS", "call 2C"):
        assert str(GAME.parse_action(text)) == text
    assert str(GAME.parse_action("PLAY 10h")) == "play TH"


def test_jokers_are_refused() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    with pytest.raises(IllegalActionError, match="no jokers in All Fours"):
        state.apply("play BJ")


def test_malformed_actions_built_in_code_are_refused() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    ah, two = Card.parse("AH"), Card.parse("2H")
    for action, message in (
        (Action("play", (ah, two)), "'play' names exactly one card, not 2"),
        (Action("play"), "'play' needs a card"),
        (Action("stand", (ah,)), "'stand' takes nothing after it"),
        (Action("beg", (), 3), "'beg' takes nothing after it"),
        (Action("play", ("AH",)), r"'AH' \(str\) is not a card"),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidActionError, match=message):
            state.apply(action)


def test_illegal_play_leaves_the_state_unchanged_and_gives_the_reason() -> None:
    state = new_game(3, BASE, "8H").apply("stand").apply("play AH")
    record = GAME.record(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply("play 4S")
    assert "you must play a trump" in err.value.reason
    assert GAME.record(state) == record and state.to_move == 1
    with pytest.raises(IllegalActionError, match="you do not hold AS"):
        state.apply("play AS")


def test_out_of_turn() -> None:
    state = new_game(3, BASE, "8H")
    with pytest.raises(NotYourTurnError, match="seat 2 cannot act now: it is seat 0's turn"):
        state.apply("beg", 2)
    with pytest.raises(InvalidActionError, match="seat must be a number"):
        state.apply("beg", 4)


def test_verbs_in_the_wrong_phase_name_what_to_do() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    with pytest.raises(IllegalActionError, match=r"play has begun \(hearts are trumps\): play a card"):
        state.apply("beg")


def test_game_over_refuses_actions() -> None:
    state = new_game(3, BASE, "JD", config={"target": 3})
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply("stand", 0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "option 'players' cannot be 3"),
        ({"hang_jack_points": 0}, "option 'hang_jack_points' cannot be 0"),
        ({"hang_jack_points": 11}, "option 'hang_jack_points' cannot be 11"),
        ({"game_tie": "dealer"}, "option 'game_tie' cannot be 'dealer'"),
        ({"game_points": 3}, "option 'game_points' cannot be 3"),
        ({"target": 0}, "option 'target' cannot be 0"),
        ({"target": "seven"}, "option 'target' is a whole number"),
        ({"tobago": "maybe"}, "option 'tobago' is on or off"),
        ({"no_undertrump": 1}, "option 'no_undertrump' is on or off"),
        ({"jokers": True}, "unknown option 'jokers'"),
    ],
)
def test_bad_config_values(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.new(seed=1, config=options)


def test_config_presets_and_text_values() -> None:
    assert Config.from_value("short").target == 7
    assert Config.from_value("two-player").players == 2
    assert Config.from_value({"players": "2", "tobago": "on", "game_tie": "non_dealer"}) == Config(
        players=2, tobago=True, game_tie="non_dealer"
    )
    with pytest.raises(ConfigError, match="unknown preset 'long'"):
        Config.from_value("long")


PACK = list(ALL_CARDS[:52])


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (PACK[:51], "must hold exactly the 52 cards of the pack .it has 51.; missing AC"),
        ([*PACK[:51], PACK[0]], "missing AC; not in the pack or too many copies: 2S"),
        ([*PACK[:51], ALL_CARDS[53]], "not in the pack or too many copies: BJ"),
        ([PACK, PACK[1:]], "deck for deal 2"),
        (["AS", "XX"], "stacked deck"),
    ],
)
def test_bad_stacked_decks(deck: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.new(seed=seed_with_dealer(3), deck=deck)


def test_bad_seed() -> None:
    with pytest.raises(ConfigError, match="seed must be a whole number"):
        GAME.new(seed=-1)


def test_states_are_frozen_values() -> None:
    state = new_game(3, BASE, "8H")
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.mover = 3  # type: ignore[misc]
    after = state.apply("stand")
    assert state.phase == "beg" and after.phase == "play" and after != state
    assert evolve(after) == after and hash(evolve(after)) == hash(after)
