"""Rules clause "Standing and begging": stand, beg, take one (give), running the pack."""

from __future__ import annotations

import pytest

from tricktable.cards import parse_cards
from tricktable.core import IllegalActionError, NotYourTurnError

from .helpers import new_game, play_out, stacked

BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
RUN_TO_CLUBS = (["4D 5D 6D", "7S 8S JS", "2C TC JC", "9D TD JD"], "AC")
RUN_HEARTS_AGAIN = (["4D 5D 6D", "7S 8S JS", "2C TC JC", "9D TD JD"], "6H")
SECOND_RUN_TO_CLUBS = (["QS KS AS", "3D AD QC", "KC 5H 7H", "9H QH 4H"], "AC")
SECOND_RUN_HEARTS = (["QS KS AS", "3D AD QC", "KC 5H AC", "9H QH 4H"], "7H")


def test_player_to_the_dealers_right_stands_or_begs() -> None:
    state = new_game(3, BASE, "8H")
    assert state.phase == "beg" and state.to_move == 0
    assert [str(a) for a in state.legal_actions()] == ["stand", "beg"]
    for seat in (1, 2, 3):
        assert not state.may_act(seat) and state.legal_actions(seat) == ()
        with pytest.raises(NotYourTurnError, match="seat 0's turn"):
            state.apply("stand", seat)


def test_stand_accepts_the_trump_and_play_begins() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    assert state.phase == "play" and state.to_move == 0 and state.trump_letter == "H"
    assert state.match.scores == (0, 0) and state.deal.decisions == ((0, "stand"),)


def test_beg_passes_the_choice_to_the_dealer() -> None:
    state = new_game(3, BASE, "8H").apply("beg")
    assert state.phase == "give" and state.to_move == 3
    assert [str(a) for a in state.legal_actions()] == ["give", "run"]


def test_take_one_scores_one_to_the_begging_side_and_keeps_trumps() -> None:
    state = new_game(3, BASE, "8H").apply("beg").apply("give")
    assert state.match.scores == (1, 0) and state.trump_letter == "H"
    assert state.phase == "play" and state.to_move == 0
    item = state.view(None).this_deal[-1]
    assert (item["item"], item["team"], item["points"], item["seat"]) == ("Beg", 0, 1, 0)


def test_take_one_in_a_two_player_game() -> None:
    state = new_game(1, ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C"], "8H").apply("beg").apply("give")
    assert state.match.scores == (1, 0)


def test_take_one_that_reaches_the_target_is_given_and_ends_the_game() -> None:
    state = new_game(3, BASE, "8H", config={"target": 1}).apply("beg").apply("give")
    assert state.is_over and state.phase == "over" and state.to_move is None
    assert state.result is not None and state.result.winner == 0 and state.match.scores == (1, 0)
    sheet = state.view(2).last_round
    assert sheet is not None and sheet["winner"] == 0


def test_run_discards_the_turn_up_deals_three_more_and_the_new_suit_is_trumps() -> None:
    state = new_game(3, BASE, "8H", runs=[RUN_TO_CLUBS]).apply("beg").apply("run")
    assert state.phase == "play" and state.to_move == 0 and state.trump_letter == "C"
    assert state.deal.turned == parse_cards("8H AC")
    assert state.hands[0] == tuple(sorted(parse_cards("AH 2H 5S 9S KD 3C 4D 5D 6D")))
    assert all(len(h) == 9 for h in state.hands)
    assert state.match.scores == (0, 1)  # the new turn-up, an Ace, scores for the dealer's side
    assert state.card_locations()["turned"] == parse_cards("8H AC")
    assert len(state.card_locations()["stock"]) == 52 - 25 - 13


def test_run_same_suit_repeats_and_each_turn_up_may_score() -> None:
    state = new_game(3, BASE, "8H", runs=[RUN_HEARTS_AGAIN, SECOND_RUN_TO_CLUBS])
    state = state.apply("beg").apply("run")
    assert state.deal.turned == parse_cards("8H 6H AC") and state.trump_letter == "C"
    assert all(len(h) == 12 for h in state.hands)
    assert state.match.scores == (0, 3)  # Six (2) then Ace (1), both to the dealer's side
    assert [i["item"] for i in state.view(0).this_deal] == ["Turn-up", "Turn-up"]
    assert state.deal.decisions == ((0, "beg"), (3, "run"))


def test_play_lasts_until_every_card_is_played_after_running() -> None:
    state = new_game(3, BASE, "8H", runs=[RUN_HEARTS_AGAIN, SECOND_RUN_TO_CLUBS])
    state = play_out(state.apply("beg").apply("run"))
    assert state.match.last_round is not None and sum(state.match.last_round.tricks_won) == 12


def test_pack_runs_out_so_the_same_dealer_deals_again_keeping_points() -> None:
    later = stacked(
        3, ["AS 2S 3S 4S 5S 7S", "AD 2D 3D 4D 5D 7D", "AC 2C 3C 4C 5C 7C", "KH 2H 3H 4H 5H 7H"], "8D"
    )
    state = new_game(3, BASE, "8H", runs=[RUN_HEARTS_AGAIN, SECOND_RUN_HEARTS], later=[later])
    state = state.apply("beg").apply("run")
    # 8H, 6H and 7H turned: one card left, too few for three each and a turn-up
    assert state.deal.number == 1 and state.deal.dealer == 3 and state.phase == "beg" and state.to_move == 0
    assert state.deal.turned == parse_cards("8D") and state.trump_letter == "D"
    assert state.hands[0] == tuple(sorted(parse_cards("AS 2S 3S 4S 5S 7S")))
    assert state.match.scores == (0, 2)  # the 6H kept
    assert state.deal.decisions == ((0, "beg"), (3, "run"))
    assert state.match.deals_done == 0


def test_reshuffled_deal_can_be_begged_again() -> None:
    later = stacked(
        3, ["AS 2S 3S 4S 5S 7S", "AD 2D 3D 4D 5D 7D", "AC 2C 3C 4C 5C 7C", "KH 2H 3H 4H 5H 7H"], "8D"
    )
    state = new_game(3, BASE, "8H", runs=[RUN_HEARTS_AGAIN, SECOND_RUN_HEARTS], later=[later])
    state = state.apply("beg").apply("run").apply("beg").apply("give")
    assert state.match.scores == (1, 2) and state.phase == "play"
    assert [i["item"] for i in state.view(0).this_deal] == ["Turn-up", "Beg"]


def _two_player_runs(last_turn_up: str) -> list[tuple[list[str], str]]:
    """Five runs for a two-player deal with 3D turned: 4D 5D 7D 8D, then ``last_turn_up``."""
    rest = parse_cards(
        "JH QH KH AH JS QS KS AS 2C 3C 4C 5C 6C 7C 8C TC JC QC KC AC 8H 9H TH 8S 9S TS TD JD QD 6D"
    )
    turn_ups = ["4D", "5D", "7D", "8D", last_turn_up]
    return [
        ([" ".join(map(str, rest[6 * i : 6 * i + 3])), " ".join(map(str, rest[6 * i + 3 : 6 * i + 6]))], up)
        for i, up in enumerate(turn_ups)
    ]


TWO_HANDS = ["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"]


def test_two_players_can_run_the_pack_five_times() -> None:
    state = new_game(1, TWO_HANDS, "3D", runs=_two_player_runs("9C"))
    state = state.apply("beg").apply("run")
    # 13 cards, then five runs of 3 + 3 + a turn-up: 48 cards out, 4 in the stock
    assert state.phase == "play" and state.trump_letter == "C"
    assert [len(h) for h in state.hands] == [21, 21] and len(state.card_locations()["stock"]) == 4


def test_two_players_pack_runs_out_at_the_sixth_run() -> None:
    later = stacked(1, ["AS 2S 3S 4S 5S 7S", "AD 2D 3D 4D 5D 7D"], "8C")
    state = new_game(1, TWO_HANDS, "3D", runs=_two_player_runs("9D"), later=[later])
    state = state.apply("beg").apply("run")
    assert state.deal.number == 1 and state.deal.dealer == 1 and state.deal.turned == parse_cards("8C")
    assert state.phase == "beg" and state.to_move == 0


def test_give_and_run_belong_to_the_dealer_only_after_a_beg() -> None:
    state = new_game(3, BASE, "8H")
    with pytest.raises(IllegalActionError, match="'stand' to accept or 'beg'"):
        state.apply("give")
    with pytest.raises(IllegalActionError, match="'stand' to accept or 'beg'"):
        state.apply("play AH")
    begged = state.apply("beg")
    with pytest.raises(IllegalActionError, match="as dealer say 'give'"):
        begged.apply("stand")
    with pytest.raises(NotYourTurnError):
        begged.apply("give", 0)
