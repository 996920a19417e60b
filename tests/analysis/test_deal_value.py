"""All Fours' deal value counts the deal's own score sheet: not the next deal's turn-up, which has
scored by the time a rollout sees the deal end, and not past the item that ended the game."""

from __future__ import annotations

from typing import Any

from tests.games.all_fours.helpers import new_game, play_out, stacked
from tricktable.bots.search import deal_value

HANDS = ["AH KH QH 9H 8H 7H", "AS KS QS JS TS 9S", "AD KD QD JD TD 9D", "AC KC QC JC TC 9C"]
"""Hearts trumps (2H turned up, worth nothing), the jack of trumps not dealt: seat 0 holds every trump
dealt, and its side counts High, Low and Game however the cards are played."""
NEXT = stacked(
    1,
    ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2S 3S 4S 5S 6S 7S", "3H 4H 5H 6H TH 8C"],
    "JH",
)
"""The second deal (seat 1 deals) turns up a jack: 3 points to the dealer's side, team 1."""


def _first_play(config: dict[str, Any] | None = None, *, beg: bool = False) -> Any:
    state: Any = new_game(0, HANDS, "2H", config=config, later=[NEXT])
    state = state.apply("beg").apply("give") if beg else state.apply("stand")
    assert state.phase == "play"
    return state


def _sheet_gain(start: Any, summary: Any, team: int) -> float:
    """What the sheet's items scored after ``start`` gained ``team`` over the other side."""
    items = summary.items[len(start.match.sheet) :]
    gain = [sum(i.points for i in items if i.team == t) for t in (0, 1)]
    return float(gain[team] - gain[1 - team])


def test_the_next_deals_turn_up_is_not_this_deals_value() -> None:
    start = _first_play()
    end = play_out(start)
    assert end.match.deals_done == 1 and not end.is_over
    first = end.match.last_round
    turned = [a - b for a, b in zip(end.match.scores, first.scores, strict=True)]
    assert turned == [0, 3]  # the jack turned up in the second deal has scored for team 1
    for team in (0, 1):
        assert deal_value("all-fours", start, end, team) == _sheet_gain(start, first, team)
    assert deal_value("all-fours", start, end, 0) == 3.0  # High, Low and Game; not 3 - 3


def test_a_game_ended_mid_sheet_values_the_items_scored() -> None:
    """To 2 points, the count ends the game at Low: Game is not scored."""
    start = _first_play({"target": 2})
    end = play_out(start)
    assert end.is_over and end.match.last_round.deal == 1
    assert [i.item for i in end.match.last_round.items] == ["High", "Low"]
    assert deal_value("all-fours", start, end, 0) == _sheet_gain(start, end.match.last_round, 0) == 2.0


def test_a_game_ended_by_the_next_turn_up_values_this_deal_alone() -> None:
    """To 4 points: seat 1 begs and is given a point; the count (3 to team 0) ends nothing; the jack
    turned up in the second deal takes team 1 to 4 and ends the game there, in the second deal."""
    start = _first_play({"target": 4}, beg=True)
    assert start.match.scores == (0, 1)
    end = play_out(start)
    assert end.is_over and end.match.last_round.deal == 2 and end.match.scores == (3, 4)
    assert deal_value("all-fours", start, end, 0) == 3.0
