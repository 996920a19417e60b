"""Views: the DESIGN.md fields, Back Alley's own, JSON, and what each seat may see."""

from __future__ import annotations

import json
import random

from tricktable.cards import parse_cards
from tricktable.games.back_alley import GAME
from tricktable.games.back_alley.view import BackAlleyView

from .tables import bid, play, table

FOUR = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD", "AC KC QC JC"]
COMMON = (
    "seat",
    "phase",
    "to_move",
    "hand",
    "trick",
    "last_trick",
    "last_winner",
    "trump",
    "scores",
    "legal",
)


def test_view_has_the_common_fields_and_back_alleys_own() -> None:
    state = play(bid(table(FOUR, "2C", hand=10), "2", "pass", "1", "pass"), "AS")
    data = state.view(1).to_dict()
    json.dumps(data)
    for key in (*COMMON, "last_round", "dealer", "turn_up", "hand_number", "hand_size", "bids", "contracts"):
        assert key in data
    assert data["game"] == "back-alley" and data["phase"] == "play" and data["to_move"] == 1
    assert data["trick"] == [[0, ["AS"]]] and data["trump"] == "C" and data["turn_up"] == ["2C"]
    assert data["hand"] == ["AH", "KH", "QH", "JH"] and data["legal"] == [
        "play JH",
        "play QH",
        "play KH",
        "play AH",
    ]
    assert (
        data["dealer"] == 3
        and data["hand_number"] == 10
        and data["hand_size"] == 4
        and data["hands_total"] == 25
    )
    assert data["bids"] == [[0, "2"], [1, "pass"], [2, "1"], [3, "pass"]]
    assert data["contracts"] == [
        {"kind": "tricks", "tricks": 3, "level": 0},
        {"kind": "none", "tricks": 0, "level": 0},
    ]
    assert (
        data["leader"] == 0
        and data["hand_sizes"] == [3, 4, 4, 4]
        and data["scores"] == list(state.match.scores)
    )


def test_view_legal_is_only_for_the_seat_to_move_and_the_spectator_sees_no_hand() -> None:
    state = table(FOUR, "2C", hand=10)
    assert state.view(2).legal == () and state.view(None).legal == () and state.view(None).hand == ()
    assert state.view(0).legal == tuple(str(a) for a in state.legal_actions())


def test_view_shows_the_discarded_joker_but_not_the_card_drawn() -> None:
    state = table(["AS 2S", "AH 2H", "LJ 3H", "AD 2D"], "BJ 5C 6C", hand=12)
    view = state.view(0)
    assert view.discard == parse_cards("LJ") and view.discarded_by == 2
    # (marks name every card of the pack: a public table, left out)
    assert "5C" not in json.dumps(_placed(view)) and "5C" in json.dumps(_placed(state.view(2)))


def test_view_played_cards_and_tricks_won() -> None:
    state = bid(table(FOUR, "2C", hand=10), "2", "pass", "1", "pass")
    state = play(state, "AS", "AH", "AD", "AC")
    view = state.view(3)
    assert view.played == parse_cards("AS AH AD AC") and view.last_winner == 3  # clubs are trump
    assert view.tricks_won == (0, 0, 0, 1) and view.team_tricks == (0, 1) and view.trumps_broken


def test_hidden_cards_are_the_other_hands_and_the_stock() -> None:
    state = GAME.new(seed=9)
    hidden = set(state.hidden_cards(0))
    assert hidden == {c for s in (1, 2, 3) for c in state.hands[s]} | set(state.deal.stock)
    assert set(state.hidden_cards(None)) == hidden | set(state.hands[0])


def test_view_leader_is_set_once_the_bidding_is_over() -> None:
    state = table(FOUR, "2C", hand=10)
    assert state.view(0).leader is None
    state = bid(state, "pass", "2", "pass", "pass")
    assert state.view(0).leader == 1 == state.to_move


def _placed(view: BackAlleyView) -> dict[str, object]:
    """The view's JSON without ``marks``, which names every card of the pack."""
    return {k: v for k, v in view.to_dict().items() if k != "marks"}


def test_a_score_sheet_row_is_made_once_for_every_view() -> None:
    """A row's mapping is kept with the row (in both builds): views of a long game share the rows
    and their JSON rather than making them again at every view (a server makes one an action)."""
    state, rng = GAME.new(seed=3), random.Random(3)
    while not state.match.sheet:
        state = state.apply(rng.choice(state.legal_actions()), state.to_move)
    first, again = state.view(0).sheet, state.view(1).sheet
    assert first and all(a is b for a, b in zip(first, again, strict=True))
