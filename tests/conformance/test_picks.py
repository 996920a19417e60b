"""What a page shows about cards and picks comes from the engine, and agrees with its rules, in every game:
the views' ``marks`` with the view's trump, and ``pick`` / ``completes`` / ``pick_refusal`` with the legal
actions and ``selectable``, over random states."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tricktable import games
from tricktable.cards import ALL_CARDS, Card
from tricktable.core import Action, State
from tricktable.core.errors import IllegalActionError, NotYourTurnError, Reason

from .walk import acting_seats, card_counts, walk

GAMES = games.names()
CARD_VERBS = {"play", "bury", "declare"}


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Any:
    return games.get(request.param)


def sampled_states(game: Any, seeds: int, steps: int, every: int) -> Iterator[State]:
    """Every ``every``-th state of random games (the first deals: the draw, bidding, kitty, play)."""
    for seed in range(seeds):
        for i, state in enumerate(walk(game, seed, steps)):
            if i % every == seed % every:
                yield state


def test_marks_agree_with_the_views_trump(game: Any) -> None:
    for state in sampled_states(game, 12, 500, 17):
        pack = set(card_counts(state))
        spectator = state.view(None)
        for seat in (None, *range(state.num_seats)):
            view = state.view(seat)
            marks, trump = view.marks, view.trump
            assert set(marks) == pack, "marks cover every distinct card of the pack"
            assert view.to_dict()["marks"] == spectator.to_dict()["marks"], "the same for every seat"
            for card in pack:
                mark = marks[card]
                assert mark.trump == trump.is_trump(card)
                assert (mark.group == "trump") == mark.trump
                if not mark.trump:
                    assert mark.group == ("joker" if card.is_joker else "SHDC"[card // 13])
            by_order = sorted(pack, key=lambda c: marks[c].order)
            assert by_order == sorted(pack, key=trump.sort_key)
            assert [marks[c].order for c in by_order] == list(range(len(pack)))
            assert list(view.hand) == sorted(view.hand, key=trump.sort_key), "the hand is in display order"
            assert view.to_dict()["marks"] == {str(c): m.to_json() for c, m in marks.items()}


def _legal_sample(state: State, seat: int, rng: random.Random, n: int = 12) -> list[Action]:
    legal = state.legal_actions(seat)
    if len(legal) <= n:
        return list(legal)
    return [legal[rng.randrange(len(legal))] for _ in range(n)]


def test_pick_and_completes_agree_with_the_legal_actions(game: Any) -> None:
    rng = random.Random(5)
    checked = Counter[str]()
    for state in sampled_states(game, 10, 500, 11):
        for seat in range(state.num_seats):
            pick = state.pick(seat)
            assert state.view(seat).pick == pick
            sample = _legal_sample(state, seat, rng)
            if pick is None:
                assert not any(a.verb in CARD_VERBS for a in sample), (state, seat, sample[:3])
                continue
            ours = [a for a in sample if a.verb == pick.verb]
            assert ours, f"{pick} but no legal {pick.verb} for seat {seat} in {state!r}"
            checked[pick.verb] += 1
            for action in ours:
                if pick.count is not None:
                    assert len(action.cards) == pick.count
                done = state.completes(action.cards, seat)
                assert done == action, (action, done)
                state.check(done, seat)
                if len(action.cards) > 1:  # one card fewer: an action only if the rules say so
                    fewer = action.cards[:-1]
                    made = state.completes(fewer, seat)
                    assert (made is not None) == state.is_legal(Action.make(pick.verb, fewer), seat)
    assert checked["play"] > 20, checked
    if game.name == "tractor":
        assert checked["bury"] and checked["declare"], checked


def _expected_refusal(state: State, seat: int, card: Card) -> str:
    """The code of the refusal for playing one card, as the rules check it."""
    try:
        state.check(Action.make("play", (card,)), seat)
    except (IllegalActionError, NotYourTurnError) as err:
        assert isinstance(err.reason, Reason)
        return err.reason.code
    raise AssertionError(f"play {card} is legal for seat {seat}")


def test_every_card_not_selectable_has_the_engines_refusal(game: Any) -> None:
    """Pick card by card at random: each card that may not be added has a refusal naming a rule (a
    stable code), each that may has none; in single-card games it is the refusal of playing it."""
    rng = random.Random(9)
    codes = Counter[str]()
    for state in sampled_states(game, 8, 500, 13):
        for seat in range(state.num_seats):
            if seat not in acting_seats(state):
                refusal = state.pick_refusal((), rng.choice(ALL_CARDS), seat)
                assert refusal is not None and refusal.code in ("turn_of", "nobody_acts")
                if refusal.code == "turn_of":
                    assert refusal.params["mover_seat"] == state.to_move  # the seat the status shows
                codes[refusal.code] += 1
                continue
            picked: tuple[Card, ...] = ()
            for _ in range(40):
                selectable = set(state.selectable(picked, seat))
                hand = state.view(seat).hand
                tries = rng.sample(list(ALL_CARDS), 6) + rng.sample(list(hand), min(6, len(hand)))
                for card in tries:
                    refusal = state.pick_refusal(picked, card, seat)
                    if card in selectable:
                        assert refusal is None, (picked, card, refusal)
                        continue
                    assert isinstance(refusal, Reason) and refusal.code, (picked, card)
                    codes[refusal.code] += 1
                    pick = state.pick(seat)
                    if not picked and (pick is None or pick.count == 1) and game.name != "tractor":
                        assert refusal.code == _expected_refusal(state, seat, card)
                if not selectable or (state.completes(picked, seat) is not None and rng.random() < 0.3):
                    break
                picked = (*picked, rng.choice(sorted(selectable)))
    assert len(codes) >= 4, codes
    if game.name == "tractor":
        assert {"must_follow", "kitty_size", "not_held"} <= set(codes), codes
