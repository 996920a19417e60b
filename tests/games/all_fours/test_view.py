"""What each seat sees: the contract's fields, the table's public information, nothing hidden."""

from __future__ import annotations

import json

from tricktable.cards import parse_cards
from tricktable.games.all_fours import AllFoursView

from .helpers import new_game, play_all

BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
WHOLE_DEAL = "AH JH TH 3H 2H 4C 2S KH QD KD 8D 6C 3C 5C 7C 9C 8C 9S 7D TS 3S 5S 4S 6S"
REQUIRED = (
    "game",
    "seat",
    "phase",
    "to_move",
    "hand",
    "trick",
    "last_trick",
    "last_winner",
    "trump",
    "scores",
)
MORE = (
    "legal",
    "last_round",
    "dealer",
    "turn_up",
    "exposed",
    "won",
    "game_count",
    "team_tricks",
    "this_deal",
)


def test_view_has_the_contract_fields_as_attributes_and_keys() -> None:
    view = new_game(3, BASE, "JH".replace("J", "6").replace("H", "D")).view(0)
    data = view.to_dict()
    json.dumps(data)
    for name in REQUIRED + MORE:
        assert hasattr(view, name) and name in data
    assert isinstance(view, AllFoursView)
    assert data["dealer"] == 3 and data["turn_up"] == ["6D"] and data["trump"] == "D"
    assert data["scores"] == [0, 2] and data["legal"] == ["stand", "beg"]
    assert data["hand"] == ["KD", "9S", "5S", "AH", "2H", "3C"]  # the proposed trumps first


def test_only_the_seat_to_move_has_legal_actions_before_play() -> None:
    state = new_game(3, BASE, "8H")
    assert state.view(1).legal == () and state.view(None).legal == () and state.view(None).hand == ()


def test_a_view_never_names_another_seats_hidden_card() -> None:
    state = play_all(new_game(3, BASE, "8H").apply("stand").apply("expose TS", 2), "5S")
    for seat in (None, 0, 1, 2, 3):
        # (marks name every card of the pack: a public table, no card's place)
        text = json.dumps({k: v for k, v in state.view(seat).to_dict().items() if k != "marks"})
        for card in state.hidden_cards(seat):
            assert f'"{card}"' not in text


def test_won_cards_and_the_card_point_tally_are_public() -> None:
    state = play_all(new_game(3, BASE, "8H").apply("stand"), "AH JH TH 3H")
    view = state.view(3)
    assert view.won[0] == parse_cards("AH JH TH 3H") and view.won[1] == ()
    assert view.game_count == (15, 0) and view.team_tricks == (1, 0) and view.tricks_won == (1, 0, 0, 0)
    assert view.hand_sizes == (5, 5, 5, 5) and view.stock_size == 27


def test_last_round_is_the_score_sheet_without_card_names() -> None:
    state = play_all(new_game(3, BASE, "8H").apply("beg").apply("give"), WHOLE_DEAL)
    sheet = state.view(1).last_round
    assert sheet is not None
    assert [(i["item"], i["team"], i["points"], i["seat"]) for i in sheet["items"]] == [
        ("Beg", 0, 1, 0),
        ("High", 0, 1, 0),
        ("Low", 0, 1, 0),
        ("Hang Jack", 0, 3, 0),
        ("Game", 0, 1, None),
    ]
    assert sheet["game_count"] == (20, 13) and sheet["scores"] == (7, 0) and sheet["dealer"] == 3
    assert sheet["decisions"] == ((0, "beg"), (3, "give")) and sheet["trump"] == "H"
    assert state.view(1).dealer == 0 and state.view(1).scores == (7, 0)


def test_the_trick_in_progress_lists_seats_in_play_order() -> None:
    state = play_all(new_game(3, BASE, "8H").apply("stand"), "AH JH TH 3H 2H 4C")
    assert state.view(None).trick == ((0, parse_cards("2H")), (1, parse_cards("4C")))
    assert state.view(None).to_dict()["trick"] == [[0, ["2H"]], [1, ["4C"]]]
