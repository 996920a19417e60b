"""Rules clauses of "Scoring a round" and "Game end": the kitty and its multipliers, the bands, the
next declarers and starter, levels, the end past A and the must-defend levels."""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.cards import parse_cards
from tricktable.games.tractor import Trump
from tricktable.games.tractor.config import Config
from tricktable.games.tractor.scoring import PASSED_ACE, advance, band, card_points
from tricktable.games.tractor.state import TractorState

from .helpers import playing

KITTY = "KD TD 5C 3C 4C 6C 7C 8C"  # 25 points


def _last_trick(
    lead: str,
    follows: tuple[str, str, str],
    *,
    leader: int = 1,
    points: int = 0,
    levels: tuple[int, int] = (2, 2),
    declarers: int = 0,
    starter: int = 0,
    config: dict[str, Any] | None = None,
) -> TractorState:
    """Play the last trick of a round: ``leader`` leads, the next seats follow."""
    hands = {leader: lead, **{(leader + k) % 4: follows[k - 1] for k in (1, 2, 3)}}
    rank = levels[declarers]
    state = playing(
        hands,
        trump=Trump(rank=rank, suit="H"),
        declarers=declarers,
        starter=starter,
        leader=leader,
        kitty=KITTY,
        levels=levels,
        points=points,
        config=config,
    )
    for k in range(4):
        state = state.apply("play " + hands[(leader + k) % 4])
    return state


@pytest.mark.parametrize(
    ("mode", "lead", "follows", "multiplier"),
    [
        ("seed", "AS", ("3S", "4S", "6S"), 2),
        ("seed", "AS AS", ("3S 3S", "4S 4S", "6S 6S"), 4),
        ("seed", "JS JS QS QS", ("3S 3S 4S 4S", "6S 6S 7S 7S", "8S 8S 9S 9S"), 8),
        ("seed", "AS AS KS", ("3S 3S 4S", "6S 6S 7S", "8S 8S 9S"), 6),
        ("power_of_two", "AS", ("3S", "4S", "6S"), 2),
        ("power_of_two", "AS AS", ("3S 3S", "4S 4S", "6S 6S"), 4),
        ("power_of_two", "JS JS QS QS", ("3S 3S 4S 4S", "6S 6S 7S 7S", "8S 8S 9S 9S"), 8),
        ("power_of_two", "AS AS KS", ("3S 3S 4S", "6S 6S 7S", "8S 8S 9S"), 4),
        ("double_only", "JS JS QS QS", ("3S 3S 4S 4S", "6S 6S 7S 7S", "8S 8S 9S 9S"), 2),
    ],
)
def test_the_kitty_counts_for_the_opponents_multiplied(
    mode: str, lead: str, follows: tuple[str, str, str], multiplier: int
) -> None:
    state = _last_trick(lead, follows, config={"kitty_multiplier": mode})
    summary = state.round.last_round
    assert summary is not None and summary.kitty_won
    trick_points = card_points(parse_cards(" ".join((lead, *follows))))
    assert summary.multiplier == multiplier and summary.kitty_points == 25
    assert summary.points_before_kitty == trick_points
    assert summary.points == trick_points + 25 * multiplier


def test_the_kitty_does_not_count_when_the_declarers_win_the_last_trick() -> None:
    state = _last_trick("AS", ("3S", "4S", "6S"), leader=0, points=30)
    summary = state.round.last_round
    assert summary is not None and not summary.kitty_won and summary.points == 30


@pytest.mark.parametrize(
    ("points", "stay", "steps"),
    [
        (-20, True, 3),
        (0, True, 3),
        (5, True, 2),
        (35, True, 2),
        (40, True, 1),
        (75, True, 1),
        (80, False, 0),
        (115, False, 0),
        (120, False, 1),
        (155, False, 1),
        (160, False, 2),
        (195, False, 2),
        (200, False, 3),
        (235, False, 3),
        (240, False, 4),
        (280, False, 5),
    ],
)
def test_the_bands(points: int, stay: bool, steps: int) -> None:
    assert band(points, Config()) == (stay, steps)


def test_the_middle_band_variant_keeps_the_declarers() -> None:
    assert band(100, Config(middle_band="declarers_stay")) == (True, 0)


@pytest.mark.parametrize(
    ("points", "levels_after", "next_declarers", "next_starter"),
    [
        (0, (5, 4), 0, 2),  # declarers +3, the starter's partner starts
        (35, (4, 4), 0, 2),
        (75, (3, 4), 0, 2),
        (100, (2, 4), 1, 1),  # the opponents take over at their level; the next seat starts
        (130, (2, 5), 1, 1),
        (210, (2, 7), 1, 1),
    ],
)
def test_levels_and_the_next_starter(
    points: int, levels_after: tuple[int, int], next_declarers: int, next_starter: int
) -> None:
    state = _last_trick("AS", ("3S", "4S", "6S"), leader=0, points=points, levels=(2, 4))
    summary = state.round.last_round
    assert summary is not None and summary.points == points
    assert summary.levels_after == levels_after == state.round.levels
    assert (summary.next_declarers, summary.next_starter) == (next_declarers, next_starter)
    assert (
        state.phase == "draw"
        and state.round.declarers == next_declarers
        and state.round.starter == next_starter
    )
    assert state.to_move == next_starter and state.round.rank == levels_after[next_declarers]
    view = state.view(1).to_dict()
    assert view["last_round"]["level_change"] == [
        levels_after[0] - 2,
        levels_after[1] - 4,
    ]


def test_declarers_at_ace_who_advance_win_the_game() -> None:
    state = _last_trick("AS", ("3S", "4S", "6S"), leader=0, points=30, levels=(14, 9))
    assert state.is_over and state.phase == "over" and state.to_move is None
    assert state.result is not None and state.result.winner == 0
    assert state.result.scores == (14, 9) and state.view(0).scores == (14, 9)
    assert state.result.details["levels"] == ["A", "9"]
    assert state.legal_actions(0) == ()
    assert state.view(3).kitty  # everyone sees the kitty once it is over
    assert state.result.to_dict()["last_round"]["kitty"] == KITTY.split()


def test_an_advance_past_ace_without_declaring_at_ace_stops_at_ace() -> None:
    state = _last_trick("AS", ("3S", "4S", "6S"), leader=0, points=0, levels=(13, 9))
    assert not state.is_over and state.round.levels == (14, 9) and state.round.declarers == 0
    free = _last_trick(
        "AS", ("3S", "4S", "6S"), leader=0, levels=(13, 9), config={"win_requires_declaring_at_ace": False}
    )
    assert free.is_over and free.result is not None and free.result.winner == 0


def test_opponents_at_ace_taking_over_stay_at_ace() -> None:
    state = _last_trick("AS", ("3S", "4S", "6S"), leader=0, points=230, levels=(5, 14))
    assert not state.is_over and state.round.levels == (5, 14) and state.round.declarers == 1


def test_advance_with_must_defend_levels() -> None:
    config = Config(must_defend_levels="5,10,K")
    assert config.defend_levels == frozenset({5, 10, 13})
    assert advance(4, 3, True, config) == 5  # cannot skip 5
    assert advance(5, 2, True, config) == 7  # defended 5 as declarers
    assert advance(5, 1, False, config) == 5  # taking over does not defend it
    assert advance(3, 1, True, config) == 4
    assert advance(14, 1, True, config) == PASSED_ACE
    assert advance(14, 1, False, config) == 14
    assert advance(12, 3, True, Config(win_requires_declaring_at_ace=False)) == PASSED_ACE


def test_card_points_total_200() -> None:
    from tricktable.games.tractor.state import PACK

    assert card_points(PACK) == 200


def test_the_last_round_sheet_shows_everyone_the_kitty_and_the_last_trick() -> None:
    """DESIGN: last_round names the kitty and its multiplier; the kitty is turned up when the round is
    scored, so once the next round is being drawn every seat's sheet shows it, with the last trick."""
    state = _last_trick("AS", ("3S", "4S", "6S"), leader=1, points=30)
    assert state.phase == "draw"
    for seat in (0, 1, 2, 3, None):
        sheet = state.view(seat).to_dict()["last_round"]
        assert sheet["kitty"] == KITTY.split()
        assert sheet["kitty_won"] and sheet["multiplier"] == 2
        assert sheet["last_trick"] == [[1, ["AS"]], [2, ["3S"]], [3, ["4S"]], [0, ["6S"]]]
        assert sheet["last_winner"] == 1
