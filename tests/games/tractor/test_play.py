"""Rules clauses of the play as the state applies them: leads and follows through the trick logic,
the failed throw and its penalty, who collects points, who leads next."""

from __future__ import annotations

import pytest

from tricktable.cards import parse_cards
from tricktable.core import IllegalActionError
from tricktable.games.tractor import Trump
from tricktable.games.tractor.state import TractorState

from .helpers import playing

HEARTS = Trump(rank="2", suit="H")


def test_reasons_for_bad_leads_and_follows() -> None:
    state = playing({0: "AS KD", 1: "3S 4D", 2: "5S 6D", 3: "7S 8D"}, trump=HEARTS)
    with pytest.raises(IllegalActionError, match="hold"):
        state.apply("play QS")
    with pytest.raises(IllegalActionError, match="suit"):
        state.apply("play AS KD")
    state = state.apply("play AS")
    with pytest.raises(IllegalActionError, match="spades"):
        state.apply("play 4D")
    with pytest.raises(IllegalActionError, match=r"1 card|one card|same number"):
        state.apply("play 3S 4D")
    state = state.apply("play 3S")
    assert state.to_move == 2 and state.trick[0] == (0, parse_cards("AS"))


def test_the_trick_winner_leads_next_and_only_opponents_collect_points() -> None:
    hands = {0: "3S 4S", 1: "KS 6D", 2: "5S 7D", 3: "TS 8D"}
    state = playing(hands, trump=HEARTS, declarers=0)
    for card in ("3S", "KS", "5S", "TS"):
        state = state.apply(f"play {card}")
    assert state.tricks.leader == 1 and state.to_move == 1 and state.tricks.points == 25
    assert state.view(0).last_trick == tuple(
        (s, parse_cards(c)) for s, c in enumerate(("3S", "KS", "5S", "TS"))
    )
    assert state.view(0).last_winner == 1 and state.view(3).points == 25
    declarers_win = playing(hands, trump=HEARTS, declarers=1)
    for card in ("3S", "KS", "5S", "TS"):
        declarers_win = declarers_win.apply(f"play {card}")
    assert declarers_win.tricks.points == 0 and declarers_win.tricks.won[1] == parse_cards("3S KS 5S TS")


def _throw_state(thrower: int, penalty: int = 10) -> TractorState:
    hands = {
        thrower: "AS KS QS 3D",
        (thrower + 1) % 4: "AS 4S 5D 6D",
        (thrower + 2) % 4: "7S 8S 9D TD",
        (thrower + 3) % 4: "9S JS JD QD",
    }
    return playing(
        hands, trump=HEARTS, declarers=0, starter=thrower, config={"failed_throw_penalty": penalty}
    )


def test_a_failed_throw_by_a_declarer_gives_the_opponents_the_penalty() -> None:
    state = _throw_state(0).apply("play AS KS QS")
    # KS and QS could each be beaten (by the other AS, by AS/KS); the smallest is QS
    assert state.trick == ((0, parse_cards("QS")),)
    assert sorted(state.hands[0]) == sorted(parse_cards("AS KS 3D"))
    assert state.tricks.points == 20
    info = state.view(2).failed_throws
    assert len(info) == 1 and info[0]["seat"] == 0 and info[0]["penalty"] == 20
    assert info[0]["attempted"] == parse_cards("QS KS AS") and info[0]["forced"] == parse_cards("QS")
    assert state.to_move == 1


def test_a_failed_throw_by_an_opponent_costs_their_points() -> None:
    state = _throw_state(1).apply("play AS KS QS")
    assert state.tricks.points == -20 and state.trick == ((1, parse_cards("QS")),)


def test_the_failed_throw_penalty_can_be_turned_off() -> None:
    state = _throw_state(1, penalty=0).apply("play AS KS QS")
    assert state.tricks.points == 0 and state.trick == ((1, parse_cards("QS")),)
    assert state.tricks.failed_throws[0].penalty == 0


def test_an_unbeatable_throw_stands() -> None:
    hands = {0: "AS AS KS 3D", 1: "4S 5S 5D 6D", 2: "7S 8S 9D TD", 3: "9S JS JD QD"}
    state = playing(hands, trump=HEARTS).apply("play AS AS KS")
    assert state.trick == ((0, parse_cards("KS AS AS")),) and state.tricks.failed_throws == ()


def test_selection_card_by_card_follows_the_trick_logic() -> None:
    state = playing({0: "AS AS", 1: "3S 3S 4D", 2: "5S 6D 7D", 3: "8D 9D 9D"}, trump=HEARTS)
    state = state.apply("play AS AS")
    assert state.selectable() == parse_cards("3S")
    assert state.view(1).legal == ("3S",)
    state = state.apply("play 3S 3S")
    # the one spade must be played: any card may be picked first, but a second off-suit card not
    assert set(state.selectable()) == set(parse_cards("5S 6D 7D"))
    assert state.selectable(parse_cards("6D")) == parse_cards("5S")
    assert set(state.selectable(parse_cards("5S"))) == set(parse_cards("6D 7D"))
    assert state.selectable(seat=0) == ()
