"""Rules clauses: the draw, declaring and overturning, the last chance, the first-round redeal and
the later-round kitty reveal (rules/tractor.md, "Round outline" and "Declaring the trump suit")."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable.cards import Card, Suit, parse_cards
from tricktable.core import IllegalActionError, NotYourTurnError
from tricktable.games.tractor.declare import (
    Declaration,
    DeclareRules,
    declaration_reason,
    declarations,
    make_declaration,
)
from tricktable.games.tractor.state import TractorState

from .helpers import GAME, draw, draw_all, new, pass_all, stack


def test_draw_goes_one_card_at_a_time_counter_clockwise_from_the_first_round_starter() -> None:
    for first in (0, 2):
        state = GAME.new(seed=5, config={"first_round_starter": first})
        deck = state.round.deck
        for i in range(100):
            assert state.phase == "draw" and state.to_move == (first + i) % 4
            state = state.apply("draw")
            assert state.hands[(first + i) % 4][-1] == deck[i]
        assert [len(h) for h in state.hands] == [25, 25, 25, 25]
        assert state.card_locations()["kitty"] == deck[100:]
        assert state.phase == "last-declare" and state.to_move == first


def test_only_the_drawer_draws_but_anyone_holding_a_declaration_may_declare() -> None:
    state = draw(new({1: "2S"}), 2)  # seat 1 has drawn its 2S; seat 2 draws next
    assert state.to_move == 2
    assert state.may_act(1) and not state.may_act(3)
    assert [str(a) for a in state.legal_actions(1)] == ["declare 2S"]
    assert state.legal_actions(3) == ()
    with pytest.raises(IllegalActionError, match="seat 2's turn to draw; you may only declare"):
        state.apply("draw", 1)
    with pytest.raises(NotYourTurnError, match="seat 3 cannot act now"):
        state.apply("draw", 3)
    state = state.apply("declare 2S", 1)
    assert state.declaring.declaration is not None and state.declaring.declaration.seat == 1
    assert state.to_move == 2  # declaring does not take the drawer's turn
    assert "2S" in state.view(3).to_dict()["declaration"]["cards"]


def test_a_single_falls_to_a_pair_and_a_pair_only_to_jokers() -> None:
    state = draw(new({0: "2S", 1: "2H 2H", 2: "LJ LJ", 3: "2D 2D"}), 8)
    state = state.apply("declare 2S", 0)
    with pytest.raises(IllegalActionError, match="a single card cannot overturn"):
        state.apply("declare 2H", 1)
    state = state.apply("declare 2H 2H", 1)
    with pytest.raises(IllegalActionError, match="only a pair of identical jokers can overturn it"):
        state.apply("declare 2D 2D", 3)
    state = state.apply("declare LJ LJ", 2)
    assert state.declaring.declaration is not None and state.declaring.declaration.kind == "jokers"
    for seat in range(4):
        assert not state.legal_actions(seat) or [str(a) for a in state.legal_actions(seat)] == ["draw"]


def test_jokers_declare_no_trump_and_are_never_overturned() -> None:
    state = draw(new({0: "BJ BJ", 1: "LJ LJ"}), 8).apply("declare BJ BJ", 0)
    with pytest.raises(IllegalActionError, match="can never be overturned"):
        state.apply("declare LJ LJ", 1)
    state = pass_all(draw_all(state))
    assert state.phase == "kitty" and state.kitty.trump is not None and state.kitty.trump.suit is None
    assert state.view(2).trump.to_json() == {"rank": "2", "suit": None}


def test_a_declaration_needs_the_right_cards_held_now() -> None:
    state = draw(new({0: "2S LJ BJ 3S 2S"}), 16)
    cases = {
        "declare 3S": "3S is not of the trump rank",
        "declare LJ": "a single joker cannot declare",
        "declare LJ BJ": "not two identical cards",
        "declare 2S 2S 2S": "you showed 3 cards",
        "declare 2H": "you do not hold 2H",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(text, 0)
    with pytest.raises(IllegalActionError, match="you do not hold 2S 2S"):
        state.apply("declare 2S 2S", 0)  # the second 2S is the fifth card: not drawn yet
    assert [str(a) for a in state.legal_actions(0)] == ["draw", "declare 2S"]


def test_reinforcing_your_own_single_protects_it_from_pairs() -> None:
    hands = {0: "2S 2S", 1: "2H 2H", 3: "BJ BJ"}
    state = draw(new(hands, config={"allow_higher_suit_pair_overturn": True}), 8).apply("declare 2S", 0)
    state = state.apply("declare 2S 2S", 0)
    assert state.declaring.declaration is not None and state.declaring.declaration.reinforced
    with pytest.raises(IllegalActionError, match="reinforced single"):
        state.apply("declare 2H 2H", 1)  # hearts is below spades anyway; spades pair is protected
    assert state.apply("declare BJ BJ", 3).declaring.declaration.kind == "jokers"  # type: ignore[union-attr]


def test_reinforcing_is_refused_when_the_option_is_off() -> None:
    state = draw(new({0: "2S 2S"}, config={"allow_reinforce": False}), 8).apply("declare 2S", 0)
    with pytest.raises(IllegalActionError, match="allow_reinforce is off"):
        state.apply("declare 2S 2S", 0)


def test_a_player_may_overturn_their_own_single_with_another_pair() -> None:
    state = draw(new({0: "2S 2H 2H"}), 12).apply("declare 2S", 0).apply("declare 2H 2H", 0)
    assert state.declaring.declaration is not None and state.declaring.declaration.suit == Suit.HEARTS
    assert not state.declaring.declaration.reinforced


def test_higher_suit_pair_overturn_variant() -> None:
    hands = {0: "2D 2D", 1: "2S 2S", 2: "2C 2C"}
    off = draw(new(hands), 8).apply("declare 2D 2D", 0)
    with pytest.raises(IllegalActionError, match="only a pair of identical jokers"):
        off.apply("declare 2S 2S", 1)
    on = draw(new(hands, config={"allow_higher_suit_pair_overturn": True}), 8).apply("declare 2C 2C", 2)
    with pytest.raises(IllegalActionError, match="a pair of a higher suit"):
        on.apply("declare 2D 2D", 0)  # diamonds rank below clubs
    assert on.apply("declare 2S 2S", 1).declaring.declaration.seat == 1  # type: ignore[union-attr]


def test_last_chance_to_declare_goes_round_once_from_the_first_drawer() -> None:
    state = draw_all(new({3: "2C"}, config={"first_round_starter": 1}))
    assert state.phase == "last-declare"
    order = []
    while state.phase == "last-declare":
        order.append(state.to_move)
        state = state.apply("declare 2C" if state.to_move == 3 else "pass")
    assert order == [1, 2, 3, 0]
    assert state.phase == "kitty" and state.round.starter == 3 and state.round.declarers == 1
    with pytest.raises(IllegalActionError, match="only during the draw"):
        state.apply("declare 2C", 3)
    with pytest.raises(IllegalActionError, match="'pass' only"):
        state.apply("pass", 3)


def test_first_round_declarer_becomes_starter_and_takes_the_kitty() -> None:
    state = draw(new({2: "2H"}, kitty="KS KS 5D"), 4).apply("declare 2H", 2)
    state = pass_all(draw_all(state))
    assert state.phase == "kitty" and state.to_move == 2 and state.round.starter == 2
    assert state.round.declarers == 0
    assert (
        state.kitty.trump is not None
        and state.kitty.trump.suit == Suit.HEARTS
        and int(state.kitty.trump.rank) == 2
    )
    assert len(state.hands[2]) == 33
    assert state.view(2).kitty_taken[:3] == parse_cards("KS KS 5D")
    assert state.view(0).kitty_taken == ()


def test_first_round_without_a_declaration_is_dealt_again() -> None:
    second = stack({1: "2D"})
    state = GAME.new(seed=2, deck=[stack(), second])
    state = pass_all(draw_all(state))
    assert state.phase == "draw" and state.round.deal_no == 1 and state.round.number == 0
    assert state.round.deck == tuple(second) and all(h == () for h in state.hands)
    state = pass_all(draw(state, 8).apply("declare 2D", 1).apply("draw"))
    state = pass_all(draw_all(state))
    assert state.round.starter == 1 and state.round.declarers == 1


def _later_round(kitty: str, hands: dict[int, str] | None = None) -> TractorState:
    """The start of a later round: team 0 declares at level 5 with seat 2 the starter."""
    first: TractorState = GAME.new(seed=1)
    later = first._new_deal(first.log, 1, round_no=1, levels=(5, 2), declarers=0, starter=2)
    return dataclasses.replace(
        later, round=dataclasses.replace(later.round, deck=tuple(stack(hands, kitty, first=2)))
    )


def test_later_round_without_declaration_turns_the_kitty_up_until_a_trump_rank_card() -> None:
    state = pass_all(draw_all(_later_round("3S LJ 5C 9H 5D")))
    assert state.kitty.revealed == parse_cards("3S LJ 5C")
    assert (
        state.kitty.trump is not None
        and state.kitty.trump.suit == Suit.CLUBS
        and int(state.kitty.trump.rank) == 5
    )
    assert state.round.starter == 2 and len(state.hands[2]) == 33
    assert state.view(1).revealed == parse_cards("3S LJ 5C")


def test_later_round_kitty_reveal_without_a_trump_rank_card_takes_the_highest_card() -> None:
    state = pass_all(draw_all(_later_round("3S LJ KD 9H KC AS BJ 4C", hands={0: "5S 5S 5H 5H 5D 5D 5C 5C"})))
    assert state.kitty.revealed == parse_cards("3S LJ KD 9H KC AS BJ 4C")
    assert state.kitty.trump is not None and state.kitty.trump.suit == Suit.SPADES


def test_later_round_kitty_reveal_tie_goes_to_the_first_turned() -> None:
    state = pass_all(draw_all(_later_round("3S KD 9H KC 4C LJ BJ 7H", hands={0: "5S 5S 5H 5H 5D 5D 5C 5C"})))
    assert state.kitty.trump is not None and state.kitty.trump.suit == Suit.DIAMONDS


def test_later_round_declaration_only_chooses_the_suit() -> None:
    state = _later_round("", hands={3: "5H"})
    state = draw(state, 4)
    assert [str(a) for a in state.legal_actions(3)] == ["declare 5H"]
    state = pass_all(draw_all(state.apply("declare 5H", 3)))
    assert (
        state.round.declarers == 0 and state.round.starter == 2
    )  # fixed by the last round, not the declarer
    assert (
        state.kitty.trump is not None
        and state.kitty.trump.suit == Suit.HEARTS
        and int(state.kitty.trump.rank) == 5
    )


def test_a_single_falls_to_a_pair_of_jokers_too() -> None:
    state = draw(new({0: "2S", 1: "LJ LJ"}), 8).apply("declare 2S", 0).apply("declare LJ LJ", 1)
    assert state.declaring.declaration is not None and state.declaring.declaration.kind == "jokers"
    assert state.declaring.declaration.suit is None


def test_no_trump_rounds_follow_the_rank_card_variant() -> None:
    for variant in (False, True):
        state = draw(new({0: "BJ BJ"}, config={"no_trump_rank_cards_are_trump": variant}), 8)
        state = pass_all(draw_all(state.apply("declare BJ BJ", 0)))
        trump = state.kitty.trump
        assert trump is not None and trump.suit is None
        assert trump.is_trump(parse_cards("2C")[0]) is variant
        assert state.view(1).trump_options["rank_cards_trump_in_no_trump"] is variant


def test_a_stacked_game_replays_from_its_record() -> None:
    state = draw(new({1: "2D"}), 8).apply("declare 2D", 1)
    state = pass_all(draw_all(state))
    record = GAME.record(state)
    assert record["deck"] is not None and len(record["deck"][0]) == 108
    assert GAME.replay(record) == state


def test_declarations_can_be_picked_card_by_card() -> None:
    state = draw(new({1: "2S 2S LJ"}), 9)
    assert state.selectable(seat=1) == parse_cards("2S")
    assert state.selectable(parse_cards("2S"), seat=1) == parse_cards("2S")
    assert state.selectable(parse_cards("2S 2S"), seat=1) == ()
    assert state.selectable(seat=3) == ()
    state = draw(state, 4)  # seat 1 now holds LJ too, but one LJ declares nothing
    assert state.selectable(seat=1) == parse_cards("2S")


SPECIALS = parse_cards("2S 2H 2D 2C LJ BJ")


@settings(max_examples=scaled(200), deadline=None)
@given(
    st.lists(st.sampled_from(SPECIALS), max_size=6),
    st.integers(0, 3),
    st.one_of(
        st.none(),
        st.builds(
            make_declaration,
            st.integers(0, 3),
            st.sampled_from([(c,) for c in SPECIALS[:4]] + [(c, c) for c in SPECIALS]),
            st.none(),
            st.just(2),
        ),
    ),
    st.booleans(),
    st.booleans(),
)
def test_listed_declarations_are_exactly_those_the_reason_function_accepts(
    held: list[Card], seat: int, current: Declaration | None, reinforce: bool, higher: bool
) -> None:
    """The list (with its shortcut for hands holding no pair) against every candidate checked one by one."""
    rules = DeclareRules(reinforce, higher)
    specials = tuple(held)
    candidates = {(c,) for c in specials} | {(c, c) for c in specials}
    expected = {
        cards for cards in candidates if declaration_reason(specials, seat, cards, current, 2, rules) is None
    }
    assert set(declarations(specials, seat, current, 2, rules)) == expected
