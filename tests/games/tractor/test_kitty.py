"""Rules clause: the kitty exchange ("the starter takes the 8 kitty cards into hand and puts 8 cards
face down as the new kitty. Any cards may be buried, point cards included")."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tricktable.cards import parse_cards
from tricktable.core import Action, IllegalActionError
from tricktable.core.actions import action_key
from tricktable.games.tractor.kitty import bury_choices, bury_selectable
from tricktable.games.tractor.state import PACK, TractorState

from .helpers import draw, draw_all, new, pass_all


def _at_kitty() -> TractorState:
    state = draw(new({0: "2S KH KH TD 5C"}, kitty="KS KS 5D"), 4).apply("declare 2S", 0)
    return pass_all(draw_all(state))


def test_the_starter_holds_33_cards_and_must_bury_exactly_8() -> None:
    state = _at_kitty()
    assert state.phase == "kitty" and state.to_move == 0 and len(state.hands[0]) == 33
    with pytest.raises(IllegalActionError, match="exactly 8 cards: you chose 7"):
        state.apply("bury KH KH TD 5C KS KS 5D")
    with pytest.raises(IllegalActionError, match="exactly 8 cards: you chose 9"):
        state.apply("bury KH KH TD 5C KS KS 5D 2S 2S")
    with pytest.raises(IllegalActionError, match="you do not hold KC"):
        state.apply("bury KH KH TD 5C KS KS 5D KC")
    with pytest.raises(IllegalActionError, match="only once the tricks begin"):
        state.apply("play KH")


def test_point_cards_may_be_buried_and_the_kitty_is_the_starters_secret() -> None:
    state = _at_kitty().apply("bury KH KH TD 5C KS KS 5D 2S")
    assert state.phase == "play" and state.to_move == 0 and state.tricks.leader == 0
    assert Counter(state.kitty.buried) == Counter(parse_cards("KH KH TD 5C KS KS 5D 2S"))
    assert len(state.hands[0]) == 25
    assert Counter(state.view(0).kitty) == Counter(state.kitty.buried)
    for seat in (1, 2, 3, None):
        assert state.view(seat).kitty == ()
    with pytest.raises(IllegalActionError, match="only the starter buries"):
        state.apply("bury KH KH TD 5C KS KS 5D 2S")


def test_every_burial_is_listed_lazily_and_agrees_with_the_rule() -> None:
    state = _at_kitty()
    legal = state.legal_actions()
    hand = state.hands[0]
    assert len(legal) == len(bury_choices(hand)) > 100_000
    for i in (0, 1, len(legal) // 3, len(legal) - 1):
        action = legal[i]
        assert action.verb == "bury" and action in legal
        assert Counter(action.cards) <= Counter(hand) and len(action.cards) == 8
        assert state.is_legal(str(action))
    assert Action.make("bury", parse_cards("KC KC KC KC KC KC KC KC")) not in legal
    assert Action.make("bury", hand[:7]) not in legal
    assert state.view(0).legal == tuple(str(c) for c in sorted(set(hand), key=action_key))


def test_bury_choices_are_exactly_the_sub_multisets() -> None:
    rng = random.Random(5)
    hands = [parse_cards("7H 7H 8H 9S 9S TC JD QD QD KS")]
    for _ in range(60):
        deck = list(PACK)
        rng.shuffle(deck)
        hands.append(tuple(deck[: rng.randint(1, 12)]))
    for hand in hands:
        size = rng.randint(0, min(8, len(hand)))
        listed = list(bury_choices(hand, size))
        brute = {tuple(sorted(c, key=action_key)) for c in itertools.combinations(hand, size)}
        assert len(listed) == len(set(listed)) == len(brute)
        assert set(listed) == brute
        assert all(list(c) == sorted(c, key=action_key) for c in listed)


def test_card_by_card_selection_for_the_kitty() -> None:
    state = _at_kitty()
    picked = list(parse_cards("KH KH TD 5C KS KS 5D"))
    options = state.selectable(picked)
    assert parse_cards("KH")[0] not in options and parse_cards("2S")[0] in options
    assert state.selectable([*picked, options[0]]) == ()
    assert state.selectable(picked, seat=1) == ()
    with pytest.raises(IllegalActionError, match="not all in your hand"):
        bury_selectable(state.hands[0], parse_cards("KC KC KC"))
