"""What a lesson's words say of its position holds in the engine: the deal is stacked so that the
position arises (a bot's declaration, the trumps that fall, a round's points and the levels they
move, the lead a step follows), not written into the lesson."""

from __future__ import annotations

from typing import Any

from tests.learn.paths import right_actions
from tricktable import learn
from tricktable.cards import Card, parse_cards
from tricktable.learn import Tutor


def _walk(game: str, number: int, steps: int) -> Tutor:
    """The lesson after the right actions of its first ``steps`` steps."""
    return Tutor.replay(learn.lesson(game, number), right_actions(game, number)[:steps])


def _trumps(tutor: Tutor, seat: int) -> list[Card]:
    view: Any = tutor.state.view(seat)
    return [c for c in view.hand if view.marks[c].trump]


def test_a_board_draws_every_trump_with_the_jokers_and_scores_ten_a_trick() -> None:
    tutor = _walk("back-alley", 2, 1)  # board bid: the learner leads, trumps open
    view: Any = tutor.state.view(0)
    assert view.bids[0] == (0, "board") and view.contracts[0].kind == "board"
    assert "board" not in {bid for seat, bid in view.bids[1:]}  # nobody overrules it
    assert tutor.state.legal_actions(0) and "play BJ" in map(str, tutor.state.legal_actions(0))
    tutor.attempt("play BJ")  # three trumps fall on the big joker: the others' highest
    assert [str(c) for _, (c,) in tutor.state.view(0).last_trick] == ["BJ", "7S", "5S", "3S"]
    assert sum(len(_trumps(tutor, s)) for s in (1, 2, 3)) == 2  # "only two are still out"
    tutor.attempt("play LJ")
    assert all(not _trumps(tutor, s) for s in (1, 2, 3))  # "nobody else holds a trump"
    tutor.attempt("play AH")
    assert tutor.done
    row = tutor.state.view(0).sheet[0]
    assert row["tricks"] == (13, 0) and row["points"][0] == 130  # board made: 10 a trick


def test_a_single_is_overturned_by_a_pair_and_the_round_moves_the_levels() -> None:
    tutor = _walk("tractor", 2, 0)
    view: Any = tutor.state.view(0)
    assert view.declaration["seat"] == 1 and list(view.declaration["cards"]) == list(parse_cards("2D"))
    assert view.hand.count(Card.parse("2S")) == 2  # the second two of spades just drawn
    tutor = _walk("tractor", 2, 3)  # overturned, passed, buried: round 1 played out
    last = tutor.state.view(0).last_round
    assert last["points"] == 0 and last["level_change"] == [3, 0] and last["levels_after"] == ["5", "2"]
    assert last["next_declarers"] == 0 and last["next_starter"] == 2
    round_two = tutor.state.round  # type: ignore[attr-defined]
    assert (round_two.rank, round_two.first_drawer, round_two.declarers) == (5, 2, 0)
    assert tutor.state.view(0).hand[0] == Card.parse("5S")
    tutor.attempt("declare 5S")  # the follow: the partner leads its only sure unit
    assert tutor.state.view(0).trick[0] == (2, tuple(parse_cards("AH AH")))


def test_a_tapped_card_the_rules_refuse_is_a_refused_attempt_that_changes_nothing() -> None:
    tutor = _walk("tractor", 2, 4)
    version = tutor.state.version
    verdict = tutor.tap(parse_cards("9H"), Card.parse("3H"))
    assert verdict is not None and (verdict.kind, verdict.code) == ("refused", "follow_pair")
    assert verdict.action == "play 9H 3H" and verdict.params["pair"] == ["9H", "9H"]
    assert verdict.word == "learn.refused" and "9H 9H" in verdict.reason
    assert tutor.tap(parse_cards("9H"), Card.parse("9H")) is None  # the pair's second card may join
    assert tutor.state.version == version and tutor.index == 4
    assert tutor.attempt("play 9H 9H").kind == "right" and tutor.done
    assert tutor.tap([], Card.parse("3H")) is None  # the lesson is over: nothing is judged
