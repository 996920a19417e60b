"""Refusals of a card play carry a stable code and the cards and suits they name (core.errors.Reason),
beside the unchanged English text, so a front end can word the rule in another language."""

from __future__ import annotations

import random

import pytest

from tricktable import games
from tricktable.core.errors import IllegalActionError

CODES = {
    "all-fours": {"trump_led", "follow_or_trump", "no_undertrump"},
    "back-alley": {"follow_suit", "trump_led_jokers", "trumps_closed", "trumps_closed_joker", "big_joker_led",
                   "little_joker_led"},
}  # fmt: skip


def _strings(value: object) -> bool:
    if isinstance(value, list):
        return all(isinstance(v, str) for v in value)
    return isinstance(value, str | int)


@pytest.mark.parametrize("name", sorted(CODES))
def test_every_refused_card_names_its_rule(name: str) -> None:
    game = games.get(name)
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(4):
        config = {"no_undertrump": True} if name == "all-fours" else None
        state = game.new(seed=seed, config=config)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.to_move
            if state.phase == "play" and seat is not None:
                legal = {str(a) for a in state.legal_actions(seat)}
                for card in state.view(seat).hand:
                    action = f"play {card}"
                    if action in legal:
                        continue
                    with pytest.raises(IllegalActionError) as info:
                        state.apply(action, seat)
                    err = info.value
                    assert err.code in CODES[name], err.reason
                    assert all(_strings(v) for v in err.params.values()), err.params
                    named = [v for v in err.params.values() if isinstance(v, list)]
                    assert all(c in err.reason for cards in named for c in cards)  # the same cards
                    seen.add(err.code or "")
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen  # some refusal came up


def test_tractor_count_rule_has_a_code() -> None:
    game = games.get("tractor")
    state = game.new(seed=5)
    rng = random.Random(0)
    while not (state.phase == "play" and state.view(state.to_move).trick):
        state = state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    led = len(state.view(seat).trick[0][1])
    hand = state.view(seat).hand
    cards = " ".join(str(c) for c in hand[: led + 1])
    with pytest.raises(IllegalActionError) as info:
        state.apply(f"play {cards}", seat)
    assert info.value.code == "count"
    assert info.value.params == {"n": led, "played": led + 1}
