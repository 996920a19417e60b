"""Rules file, "Scoring" and "Game end"."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tricktable.games.back_alley import GAME, BackAlleyState
from tricktable.games.back_alley.state import Match

from .tables import autoplay, bid, finish_hand, table

# Hand 10 (4 cards), dealer 3, spades trump: seat 0 holds every trump and takes all four tricks.
STRONG = ["AS KS QS JS", "2H 3H 4H 5H", "6H 7H 8H TH", "2D 3D 4D 5D"]


def hand_points(*bids: str, config: dict[str, Any] | None = None) -> tuple[int, int]:
    state = finish_hand(bid(table(STRONG, "9S", hand=10, config=config), *bids))
    row = state.view(0).last_round
    assert row is not None and row["tricks"] == (4, 0)
    assert state.match.scores == row["scores"]
    points: tuple[int, int] = row["points"]
    return points


def test_made_contract_scores_5_per_bid_trick_and_1_per_overtrick() -> None:
    assert hand_points("2", "pass", "1", "pass")[0] == 3 * 5 + 1


def test_failed_contract_loses_5_per_bid_trick() -> None:
    assert hand_points("1", "2", "pass", "1") == (5 + 3, -3 * 5)


def test_variant_points_per_bid_trick() -> None:
    assert hand_points("2", "pass", "pass", "pass", config={"points_per_bid_trick": 10})[0] == 2 * 10 + 2


def test_board_made_scores_10_per_card_in_the_hand() -> None:
    assert hand_points("board", "pass", "pass", "pass") == (40, 0)


def test_board_failed_loses_10_per_card_in_the_hand_and_the_other_side_keeps_its_contract() -> None:
    assert hand_points("1", "board", "pass", "pass") == (5 + 3, -40)


def test_double_board_stands_alone_and_the_overruled_side_scores_nothing() -> None:
    assert hand_points("board", "board", "pass", "pass") == (0, -80)


def test_gap_variant_overruled_board_counts_as_failed() -> None:
    assert hand_points("board", "board", "pass", "pass", config={"overruled_board": "failed"}) == (-40, -80)


@pytest.mark.parametrize(
    ("multiplier", "triple", "quadruple"), [("linear", 120, -160), ("doubling", 160, -320)]
)
def test_variant_board_multiplier_for_triple_and_quadruple_boards(
    multiplier: str, triple: int, quadruple: int
) -> None:
    cfg = {"board_multiplier": multiplier}
    assert hand_points("board", "board", "board", "pass", config=cfg) == (triple, 0)
    assert hand_points("board", "board", "board", "board", config=cfg) == (0, quadruple)


def test_gap_a_side_that_passed_twice_scores_1_per_trick() -> None:
    assert hand_points("pass", "1", "pass", "pass") == (4, -5)


def test_gap_variant_a_side_that_passed_twice_scores_nothing() -> None:
    assert hand_points("pass", "1", "pass", "pass", config={"zero_bid_scores_tricks": False}) == (0, -5)


def test_score_sheet_records_each_hand() -> None:
    state = finish_hand(bid(table(STRONG, "9S", hand=10), "2", "1", "pass", "pass"))
    row = state.view(3).last_round
    assert row is not None
    assert row["number"] == 10 and row["size"] == 4 and row["trump"] == "S" and not row["thrown_in"]
    assert [str(c) for c in row["contracts"]] == ["2 tricks", "1 trick"]
    assert row["bids"] == ((0, "2"), (1, "1"), (2, "pass"), (3, "pass"))
    assert row["last_winner"] == 0 and len(row["last_trick"]) == 4
    assert state.view(3).sheet[-1] == row and len(state.view(3).sheet) == 10


@pytest.fixture(scope="module")
def finished() -> BackAlleyState:
    return autoplay(GAME.new(seed=5), until_hand=99)


def test_game_ends_after_the_25th_hand(finished: BackAlleyState) -> None:
    assert finished.is_over and finished.phase == "over" and finished.to_move is None
    assert len(finished.match.sheet) == 25 and finished.legal_actions() == ()
    result = finished.result
    assert result is not None
    totals = tuple(sum(row.points[t] for row in finished.match.sheet) for t in (0, 1))
    assert result.scores == totals == finished.match.scores
    a, b = totals
    assert result.winner == (None if a == b else int(b > a))
    assert str(max(a, b)) in result.summary
    assert result.details["hands"] == 25 and result.to_dict()["hands"] == 25


def test_game_end_variant_26_deals_plays_26_hands() -> None:
    state = autoplay(GAME.new(seed=5, config={"deals": 26}), until_hand=99)
    assert state.is_over and len(state.match.sheet) == 26


def test_game_end_equal_totals_are_a_draw(finished: BackAlleyState) -> None:
    m = finished.match
    tied = dataclasses.replace(finished, match=Match(m.number, m.deals, (120, 120), m.sheet))
    result = tied.result
    assert result is not None and result.winner is None and result.is_draw
    assert result.to_dict()["draw"] is True and "draw" in result.summary
    assert finished.result is not None and finished.result.winner is not None


def test_game_end_no_action_after_the_end(finished: BackAlleyState) -> None:
    from tricktable.core.errors import IllegalActionError

    with pytest.raises(IllegalActionError, match="the game is over"):
        finished.apply("bid pass", 0)
