"""The analysis of recorded games: a known blunder on a stacked deal, a forced sequence."""

from __future__ import annotations

from typing import Any

from tricktable import games
from tricktable.analysis import analyse
from tricktable.cards import parse_cards
from tricktable.games.back_alley.deal import stacked_deck

SEED = 3
STRONG = "BJ LJ AS KS QS JS TS 9S 8S 7S AH AD AC"
"""A hand that takes every trick with spades trump: the jokers and the top eight trumps, three aces."""
TWO_TRUMPS = "2S 3S KH QH JH TH 9H KD QD JD TD 9D KC"
THIRD = "8H 7H 6H 5H 4H 3H 2H 8D 7D 6D 5D 4D QC"
FOURTH = "5S 6S 3D 2D JC TC 9C 8C 7C 6C 5C 4C 3C"


def _board_deal() -> tuple[Any, list[int]]:
    """A Back Alley game whose first hand is stacked: the first bidder (left of the dealer) holds
    :data:`STRONG`, the next :data:`TWO_TRUMPS` (its only trumps are 2S 3S); spades are trumps.
    Returns the game's start and the seats in bidding order."""
    game = games.get("back-alley")
    dealer = game.new(seed=SEED).deal.dealer
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    hands: list[Any] = [()] * 4
    for seat, text in zip(order, (STRONG, TWO_TRUMPS, THIRD, FOURTH), strict=True):
        hands[seat] = parse_cards(text)
    deck = stacked_deck(hands, parse_cards("4S"), dealer)
    return game.new(seed=SEED, deck=list(deck)), order


def test_an_opponents_hopeless_board_is_a_blunder() -> None:
    """Over a board from a hand that holds both jokers, a board by the next seat (its side must
    then take every trick) is certain to fail: double the board's 130 points lost."""
    state, order = _board_deal()
    strong, blunderer = order[0], order[1]
    state = state.apply("bid board", strong).apply("bid board", blunderer)
    game = games.get("back-alley")
    review = analyse(game.record(state), seat=blunderer, rollouts=60, double_dummy=False)
    (decision,) = review.decisions
    assert str(decision.action) == "bid board"
    assert decision.label == "blunder"
    assert decision.loss >= 100
    assert decision.best != decision.action
    assert review.summaries[0].labels["blunder"] == 1


def test_a_forced_sequence_shows_no_loss() -> None:
    """The big joker led forces every other seat's highest trump, the little joker its lowest: the
    seat holding only 2S and 3S has one legal card twice running."""
    state, order = _board_deal()
    strong, forced = order[0], order[1]
    for seat in order:
        state = state.apply("bid board" if seat == strong else "bid pass", seat)
    for lead in ("BJ", "LJ"):
        for i in range(4):
            seat = (strong + i) % 4
            state = state.apply(f"play {lead}" if i == 0 else state.legal_actions()[0], seat)
    game = games.get("back-alley")
    review = analyse(game.record(state), seat=forced, rollouts=20)
    plays = [d for d in review.decisions if d.phase == "play"]
    assert [str(d.action) for d in plays] == ["play 3S", "play 2S"]
    for d in plays:
        assert d.forced and d.loss == 0 and d.label is None
        assert d.double_dummy is not None and list(d.double_dummy) == [d.action]


def test_tractor_card_play_is_valued_and_its_other_phases_are_left_out() -> None:
    """Tractor's draw, declarations and kitty are the heuristic bot's: only card play is analysed,
    over the search's candidates (the action taken among them)."""
    import random

    game = games.get("tractor")
    state: Any = game.new(seed=5)
    rng = random.Random(5)
    plays = 0
    while plays < 8:
        seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
        legal = state.legal_actions(seat)
        state = state.apply(legal[rng.randrange(len(legal))], seat)
        plays += state.phase == "play"
    review = analyse(game.record(state), rollouts=24)
    assert review.decisions and all(d.phase == "play" for d in review.decisions)
    for d in review.decisions:
        assert d.action in d.values and d.double_dummy is None


def test_one_seat_alone_gets_the_values_it_gets_among_all() -> None:
    game = games.get("all-fours")
    state: Any = game.new(seed=2)
    for _ in range(7):
        state = state.apply(state.legal_actions()[-1])
    record = game.record(state)
    alone = analyse(record, seat=1, rollouts=24, double_dummy=False).decisions
    among = [d for d in analyse(record, rollouts=24, double_dummy=False).decisions if d.seat == 1]
    assert alone and [d.values for d in alone] == [d.values for d in among]
