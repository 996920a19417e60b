"""Rules clause "Exposed cards (the calling penalty)": expose out of turn, call, forced play."""

from __future__ import annotations

import random

import pytest

from tricktable.cards import parse_cards
from tricktable.core import IllegalActionError, NotYourTurnError
from tricktable.core.events import Called
from tricktable.games.all_fours import GAME, AllFoursState

from ...conformance.walk import check_twin
from .helpers import new_game, play_all

BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]


def started(config: dict[str, object] | None = None) -> AllFoursState:
    return new_game(3, BASE, "8H", config=config).apply("stand")


def test_exposing_is_only_possible_during_play() -> None:
    state = new_game(3, BASE, "8H")
    assert not state.may_act(2)
    with pytest.raises(NotYourTurnError):
        state.apply("expose TS", 2)


def test_a_seat_not_to_move_may_expose_one_of_its_cards() -> None:
    state = started()
    assert state.may_act(2) and "expose TS" in {str(a) for a in state.legal_actions(2)}
    after = state.apply("expose TS", 2)
    assert after.calls.exposed[2] == parse_cards("TS") and after.to_move == 0
    assert "expose TS" not in {str(a) for a in after.legal_actions(2)}
    with pytest.raises(IllegalActionError, match="TS is already exposed"):
        after.apply("expose TS", 2)
    with pytest.raises(IllegalActionError, match="you do not hold AS, so you cannot expose it"):
        after.apply("expose AS", 2)


def test_the_seat_to_move_cannot_expose() -> None:
    with pytest.raises(IllegalActionError, match="your own turn"):
        started().apply("expose 5S", 0)


def test_an_exposed_card_is_visible_to_every_seat() -> None:
    state = started().apply("expose TS", 2)
    for seat in (None, 0, 1, 3):
        view = state.view(seat)
        assert view.exposed[2] == parse_cards("TS")
        assert "TS" in view.to_dict()["exposed"][2]
    assert parse_cards("TS")[0] not in state.hidden_cards(1)
    assert parse_cards("6S")[0] in state.hidden_cards(1)


def test_an_opponent_calls_an_exposed_card_and_its_owner_must_play_it() -> None:
    state = play_all(started().apply("expose TS", 2), "5S 4S")
    assert state.to_move == 2
    assert "call TS" in {str(a) for a in state.legal_actions(1)}
    assert "call TS" in {str(a) for a in state.legal_actions(3)}
    called = state.apply("call TS", 3)
    assert called.calls.called == parse_cards("TS")[0] and called.view(0).called == parse_cards("TS")[0]
    assert [str(a) for a in called.legal_actions(2)] == ["play TS"]
    with pytest.raises(IllegalActionError, match="TS was called: you must play that exposed card now"):
        called.apply("play 6S", 2)
    after = called.apply("play TS", 2)
    assert (
        after.calls.exposed[2] == () and after.calls.called is None and after.trick == parse_cards("5S 4S TS")
    )


def test_the_owners_partner_may_not_call_by_default() -> None:
    state = play_all(started().apply("expose TS", 2), "5S 4S")
    assert "call TS" not in {str(a) for a in state.legal_actions(0)}
    with pytest.raises(
        IllegalActionError,
        match="TS is your partner's exposed card: only the opponents of seat 2 may call it",
    ):
        state.apply("call TS", 0)


def test_partner_may_call_variant() -> None:
    state = play_all(started({"partner_may_call": True}).apply("expose TS", 2), "5S 4S")
    assert state.apply("call TS", 0).calls.called == parse_cards("TS")[0]


def test_a_call_binds_only_when_the_card_is_a_legal_play() -> None:
    # Whether 6C is playable depends on seat 2's hidden hand, so an opponent may always call it (its
    # legal actions never depend on cards it cannot see); a call of an unplayable card falls, and the
    # answer is public: everyone sees the Called event with stands=False.
    state = play_all(started().apply("expose 6C", 2), "5S 4S")  # spades led: 6C is not playable
    assert "call 6C" in {str(a) for a in state.legal_actions(1)}
    fallen = state.apply("call 6C", 1)
    assert fallen.calls.called is None and fallen.to_move == 2
    assert fallen.events(0)[-1] == Called(1, parse_cards("6C")[0], 2, stands=False)
    assert "call 6C" not in {str(a) for a in fallen.legal_actions(3)}
    with pytest.raises(IllegalActionError, match="6C was already called this turn and is not a legal play"):
        fallen.apply("call 6C", 3)
    after = fallen.apply("play TS")  # the owner plays freely; the next turn starts afresh
    assert after.calls.refused == ()


def test_a_card_can_be_called_only_when_its_owner_is_to_play() -> None:
    state = started().apply("expose TS", 2)
    with pytest.raises(
        IllegalActionError, match="TS is seat 2's exposed card: it can be called only when seat 2"
    ):
        state.apply("call TS", 1)
    with pytest.raises(IllegalActionError, match="AS is not an exposed card"):
        state.apply("call AS", 1)


def test_a_card_cannot_be_called_twice() -> None:
    state = play_all(started().apply("expose TS", 2).apply("expose 6S", 2), "5S 4S")
    called = state.apply("call TS", 1)
    with pytest.raises(IllegalActionError, match="TS has already been called"):
        called.apply("call 6S", 3)


def test_the_owner_may_play_an_exposed_card_of_its_own_accord() -> None:
    state = play_all(started().apply("expose TS", 2), "5S 4S TS")
    assert state.calls.exposed[2] == ()


def test_exposed_cards_are_still_bound_by_the_play_rules() -> None:
    state = play_all(started().apply("expose 6C", 2), "5S 4S")
    with pytest.raises(IllegalActionError, match="you may not play 6C from a third suit"):
        state.apply("play 6C")


def test_exposing_is_recorded_and_replays() -> None:
    state = play_all(started().apply("expose TS", 2), "5S 4S").apply("call TS", 1).apply("play TS", 2)
    assert GAME.replay(GAME.record(state)) == state


def test_out_of_turn_only_expose_or_call() -> None:
    with pytest.raises(IllegalActionError, match="out of turn you may only expose one of your cards"):
        started().apply("play 6S", 2)


@pytest.mark.parametrize(("call", "stands"), [("call TS", True), ("call 6C", False)])
def test_sampled_worlds_answer_a_call_as_the_table_did(call: str, stands: bool) -> None:
    # Whether a call stands depends on the owner's hidden cards (6C falls: seat 2 can follow spades):
    # every world sampled for any seat answers it the same way.
    exposed = call.split()[1]
    state = play_all(started().apply(f"expose {exposed}", 2), "5S 4S").apply(call, 1)
    last = state.events(0)[-1]
    assert isinstance(last, Called) and last.stands is stands
    for seat in range(4):
        events = state.events(seat)
        for n in range(8):
            world = GAME.sample(seat, events, config=state.config, rng=random.Random(n))
            check_twin(GAME, state, world, seat, random.Random(n))
