"""Rules clauses "Scoring a deal" and "Game end": High, Low, Jack / Hang Jack, Game, in that order, and
the game ending the moment a side reaches the target."""

from __future__ import annotations

from dataclasses import replace

from tricktable.cards import parse_cards
from tricktable.games.all_fours import AllFoursState, Config, ScoreItem

from .helpers import new_game, play_all, play_out

# Dealer 3 (team 1), seat 0 leads, hearts trumps. A whole deal, trick by trick:
#   AH JH TH 3H -> seat 0 (captures seat 1's jack)   2H 4C 2S KH -> seat 3 (takes team 0's low 2H)
#   QD KD 8D 6C -> seat 0    3C 5C 7C 9C -> seat 3    8C 9S 7D TS -> seat 3    3S 5S 4S 6S -> seat 2
# Card points: team 0 AH JH TH QD KD = 20, team 1 KH TS = 13.
BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
WHOLE_DEAL = "AH JH TH 3H 2H 4C 2S KH QD KD 8D 6C 3C 5C 7C 9C 8C 9S 7D TS 3S 5S 4S 6S"


def items(state: AllFoursState) -> list[tuple[str, int | None, int]]:
    assert state.match.last_round is not None
    return [(i.item, i.team, i.points) for i in state.match.last_round.items]


def scored(config: dict[str, object] | None = None) -> AllFoursState:
    return play_all(new_game(3, BASE, "8H", config=config).apply("stand"), WHOLE_DEAL)


def test_whole_deal_scores_high_low_hang_jack_and_game_in_order() -> None:
    state = scored()
    assert items(state) == [("High", 0, 1), ("Low", 0, 1), ("Hang Jack", 0, 3), ("Game", 0, 1)]
    assert state.match.scores == (6, 0)
    assert state.match.last_round is not None
    assert state.match.last_round.game_count == (20, 13) and state.match.last_round.tricks_won == (3, 3)
    assert state.match.last_round.final_trick == (
        (3, parse_cards("3S")),
        (0, parse_cards("5S")),
        (1, parse_cards("4S")),
        (2, parse_cards("6S")),
    )


def test_high_goes_to_the_side_dealt_the_highest_trump() -> None:
    high = scored().match.last_round.items[0]  # type: ignore[union-attr]
    assert high == ScoreItem("High", 0, 1, parse_cards("AH"), 0)


def test_low_goes_to_its_original_holder_not_the_trick_winner() -> None:
    low = scored().match.last_round.items[1]  # type: ignore[union-attr]
    # seat 0's 2H fell to seat 3's KH in the second trick; the point stays with seat 0's side
    assert low == ScoreItem("Low", 0, 1, parse_cards("2H"), 0)


def test_hang_jack_scores_three_to_the_side_that_captures_it() -> None:
    jack = scored().match.last_round.items[2]  # type: ignore[union-attr]
    assert (jack.item, jack.team, jack.points, jack.cards, jack.seat) == (
        "Hang Jack",
        0,
        3,
        parse_cards("JH"),
        0,
    )


def test_hang_jack_points_six_in_tournaments() -> None:
    state = scored({"hang_jack_points": 6})
    assert ("Hang Jack", 0, 6) in items(state) and state.match.scores == (9, 0)
    assert Config.from_value("tournament") == Config(hang_jack_points=6, game_points=2)


def test_hang_jack_points_one_turns_hang_jack_off() -> None:
    state = scored({"hang_jack_points": 1})
    assert items(state)[2] == ("Jack", 0, 1)


def test_jack_scores_one_to_its_holders_side_when_that_side_takes_it() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    state = play_out(play_all(state, "5S JH TS KH"))  # seat 3 overtrumps its partner's jack
    jack = next(i for i in state.match.last_round.items if "Jack" in i.item)  # type: ignore[union-attr]
    assert (jack.item, jack.team, jack.points, jack.seat) == ("Jack", 1, 1, 1)


def test_no_jack_point_when_the_jack_of_trumps_was_not_dealt() -> None:
    state = play_out(new_game(3, BASE, "2C").apply("stand"))  # JC stays in the stock
    assert "JC" in map(str, new_game(3, BASE, "2C").card_locations()["stock"])
    assert not any("Jack" in item for item, _, _ in items(state))


def test_a_turned_up_jack_scores_three_but_no_jack_point() -> None:
    start = new_game(3, BASE, "JD")
    state = play_out(start.apply("stand"))
    assert [name for name, _, _ in items(state)][:1] == ["Turn-up"]
    assert items(state)[0] == ("Turn-up", 1, 3)
    assert not any(name in ("Jack", "Hang Jack") for name, _, _ in items(state))


def test_game_point_to_the_side_with_the_most_card_points() -> None:
    assert items(scored())[-1] == ("Game", 0, 1)
    assert scored().match.last_round.items[-1].note == "card points 20 to 13"  # type: ignore[union-attr]


def test_game_points_two() -> None:
    state = scored({"game_points": 2})
    assert items(state)[-1] == ("Game", 0, 2) and state.match.scores == (7, 0)


# Two players, dealer 1: only one trump (9S) is dealt and no card counts for Game.
ONE_TRUMP = ["9S 2D 3D 4D 5D 7D", "2H 3H 4H 5H 7H 9H"]


def test_one_trump_in_play_is_both_high_and_low() -> None:
    state = play_out(new_game(1, ONE_TRUMP, "8S").apply("stand"))
    assert items(state)[:2] == [("High", 0, 1), ("Low", 0, 1)]


def test_game_tie_gives_the_point_to_nobody_by_default() -> None:
    state = play_out(new_game(1, ONE_TRUMP, "8S").apply("stand"))
    assert items(state)[-1] == ("Game", None, 0) and state.match.scores == (2, 0)
    assert state.match.last_round.items[-1].note.endswith("tie: nobody scores")  # type: ignore[union-attr]


def test_game_tie_to_the_non_dealer_variant() -> None:
    state = play_out(new_game(1, ONE_TRUMP, "8S", config={"game_tie": "non_dealer"}).apply("stand"))
    assert items(state)[-1] == ("Game", 0, 1) and state.match.scores == (3, 0)


def test_no_trump_dealt_no_high_low_or_jack() -> None:
    state = play_out(new_game(1, ["2D 3D 4D 5D 7D 8D", "2H 3H 4H 5H 7H 9H"], "8S").apply("stand"))
    assert items(state) == [("Game", None, 0)]


def test_turn_up_and_beg_points_are_on_the_deals_sheet_before_the_count() -> None:
    state = play_all(new_game(3, BASE, "8H").apply("beg").apply("give"), WHOLE_DEAL)
    assert [name for name, _, _ in items(state)] == ["Beg", "High", "Low", "Hang Jack", "Game"]
    assert state.match.scores == (7, 0) and state.view(1).this_deal == ()


# BASE with 2H and 3H swapped: team 1 now holds Low, and takes its own jack when seat 3 overtrumps.
#   5S JH TS KH -> 3   9C 3C 5C 7C -> 3   8C KD 4C 6C -> 3   QD 9S 8D 2S -> 3   3S 3H 4S 6S -> 0
#   AH 7D TH 2H -> 0.  Card points: team 0 AH TH = 14, team 1 JH TS KH KD QD = 19.
SPLIT = ["AH 3H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 2H 3S QD 8C 9C"]
SPLIT_DEAL = "5S JH TS KH 9C 3C 5C 7C 8C KD 4C 6C QD 9S 8D 2S 3S 3H 4S 6S AH 7D TH 2H"


def split_deal(scores: tuple[int, int]) -> AllFoursState:
    """The split deal played from the given score (a position set up directly on the state value)."""
    state = new_game(3, SPLIT, "8H").apply("stand")
    return play_all(replace(state, match=replace(state.match, scores=scores)), SPLIT_DEAL)


def test_count_without_a_race_to_the_target() -> None:
    state = split_deal((0, 0))
    assert items(state) == [("High", 0, 1), ("Low", 1, 1), ("Jack", 1, 1), ("Game", 1, 1)]
    assert (
        state.match.scores == (1, 3)
        and state.match.last_round is not None
        and state.match.last_round.game_count == (14, 19)
    )


def test_both_on_thirteen_high_decides() -> None:
    state = split_deal((13, 13))
    assert state.is_over and state.result is not None and state.result.winner == 0
    assert items(state) == [("High", 0, 1)] and state.match.scores == (14, 13)


def test_the_game_can_end_in_the_middle_of_the_count() -> None:
    state = split_deal((12, 13))
    assert state.is_over and state.match.scores == (13, 14) and state.match.winner == 1
    assert items(state) == [("High", 0, 1), ("Low", 1, 1)]
    sheet = state.view(0).last_round
    assert sheet is not None and sheet["winner"] == 1


def test_first_to_the_target_wins() -> None:
    state = scored({"target": 6})
    assert state.is_over and state.match.scores == (6, 0) and state.result is not None
    assert state.result.winner == 0 and state.result.summary == "team 0 (seats 0 & 2) wins 6-0 (game to 6)"


def test_scores_carry_over_and_the_next_deal_begins() -> None:
    state = scored()
    assert not state.is_over and state.phase == "beg" and state.match.deals_done == 1
    assert state.match.sheet == () and state.deal.dealer == 0


def test_turn_up_points_can_end_the_game_at_once() -> None:
    state = new_game(3, BASE, "JD", config={"target": 3})
    assert (
        state.is_over and state.match.winner == 1 and state.match.scores == (0, 3) and state.to_move is None
    )
    assert state.legal_actions(0) == () and items(state) == [("Turn-up", 1, 3)]


def test_a_turn_up_after_running_can_end_the_game() -> None:
    run = (["4D 5D 6D", "7S 8S JS", "2C TC JC", "9D TD JD"], "AC")
    state = new_game(3, BASE, "8H", config={"target": 1}, runs=[run]).apply("beg").apply("run")
    assert state.is_over and state.match.winner == 1 and items(state) == [("Turn-up", 1, 1)]


def test_short_preset_plays_to_seven() -> None:
    assert new_game(3, BASE, "8H", config={"target": 7}).config.target == 7
    assert scored({"target": 7}).config.target == 7
