"""Sampled worlds and twin deals on Tractor states where a hidden hand decides what the seats saw.

A world sampled for a seat must show it exactly its events and view (``game.sample`` contract). The
events whose content the other hands decide are a throw's outcome (whether it stood; if not, the unit
forced and the penalty); the cards every seat saw (a declaration, overturned or not, a failed throw's
cards) stay known where they are until played, in the sampler's worlds and in ``hidden_cards`` alike.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tricktable.cards import Card, parse_cards
from tricktable.core import sampling
from tricktable.core.events import DealStarted, Declared, Event, KittyBuried, KittyTaken, Played, TurnedUp
from tricktable.games.tractor.lead import throw_check
from tricktable.games.tractor.sight import shown_cards
from tricktable.games.tractor.state import TractorState

from ...conformance.walk import check_twin
from .helpers import GAME, draw, draw_all, new, pass_all, stack

TWINS = 12


def _throw(hands: dict[int, str], throw: str, tricks: tuple[str, ...] = ()) -> TractorState:
    """Seat 0 declares 2H with its first card, buries the 8 cards it took, wins ``tricks`` (each
    four plays from seat 0 on) and leads ``throw``."""
    state = draw(new(hands), 1).apply("declare 2H", 0)
    state = pass_all(draw_all(state))
    assert state.phase == "kitty" and state.round.starter == 0
    state = state.apply(f"bury {' '.join(map(str, state.kitty.taken))}")
    for trick in tricks:
        for card in trick.split():
            state = state.apply(f"play {card}")
        assert state.tricks.leader == 0
    return state.apply(f"play {throw}")


def _assert_every_seat_gets_twins(state: TractorState) -> None:
    for seat in range(4):
        events = state.events(seat)
        for n in range(TWINS):
            world = GAME.sample(seat, events, config=state.config, rng=random.Random(n))
            check_twin(GAME, state, world, seat, random.Random(n))


def test_a_failed_throw_forcing_its_single_of_two_beatable_units() -> None:
    # Seat 1 can beat both QC (with KC) and 5C 5C (with 6C 6C): the single, the smaller, is forced.
    # Both AC and a KC have been played: a world for seat 2 or 3 must give the last KC to seat 1 or
    # 3, not to seat 0 or the kitty (there 5C 5C would be forced).
    hands = {0: "2H AC KC QC 5C 5C", 1: "3C 3C KC 6C 6C", 2: "AC 7C", 3: "4C 4C"}
    state = _throw(hands, "QC 5C 5C", ("AC 3C AC 4C", "KC 3C 7C 4C"))
    throw = state.tricks.failed_throws[-1]
    assert throw.forced == parse_cards("QC") and throw.penalty == 20
    assert state.kitty.trump is not None
    assert len(throw_check(throw.attempted, [state.hands[1]], state.kitty.trump).beatable) == 2
    _assert_every_seat_gets_twins(state)


def test_a_failed_throw_forcing_its_pair_when_its_single_stood() -> None:
    # Nobody can beat KC (seat 0 holds both AC) but seat 1 can beat 5C 5C: the pair is forced, and a
    # world that put an AC in another hand would force KC instead.
    state = _throw({0: "2H KC 5C 5C AC AC", 1: "6C 6C"}, "KC 5C 5C")
    throw = state.tricks.failed_throws[-1]
    assert throw.forced == parse_cards("5C 5C") and throw.penalty == 10
    _assert_every_seat_gets_twins(state)


def test_a_failed_throw_of_three_units_forcing_its_tractor() -> None:
    # AC and the pair 9C 9C cannot be beaten (no other AC, seat 0 holds the higher pairs); the tractor
    # 5C 5C 6C 6C can (seat 3's 7C 7C 8C 8C).
    hands = {0: "2H AC AC 9C 9C TC TC JC JC QC QC KC KC 5C 5C 6C 6C", 3: "7C 7C 8C 8C"}
    state = _throw(hands, "AC 9C 9C 5C 5C 6C 6C")
    assert state.tricks.failed_throws[-1].forced == parse_cards("5C 5C 6C 6C")
    _assert_every_seat_gets_twins(state)


def test_a_hand_that_beat_the_forced_unit_is_dealt_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # Only 7C 7C 8C 8C together in one hand beat the forced tractor: dealing at random, few worlds
    # would hold it; the sampler gives one hand the beating unit first, so each world takes one try.
    hands = {0: "2H AC AC 9C 9C TC TC JC JC QC QC KC KC 5C 5C 6C 6C", 3: "7C 7C 8C 8C"}
    state = _throw(hands, "AC 9C 9C 5C 5C 6C 6C")
    monkeypatch.setattr(sampling, "ATTEMPTS", 1)
    for seat in range(3):
        events = state.events(seat)
        for n in range(TWINS):
            world = GAME.sample(seat, events, config=state.config, rng=random.Random(n))
            assert world.events(seat) == events


def test_failed_throws_that_one_hidden_card_beat() -> None:
    # Seed 35, random play (no trump): as seat 0 sees it, only seat 1's QS could have beaten the unit
    # forced of two of seat 2's failed throws; the card given for the first serves the second.
    rng = random.Random(35)
    state = GAME.new(seed=35)
    while state.version < 168:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    last = state.tricks.failed_throws[-1]
    assert (last.seat, last.attempted, last.forced) == (2, parse_cards("5S 9S"), parse_cards("5S"))
    _assert_every_seat_gets_twins(state)


def test_a_throw_that_stood_keeps_every_beating_card_out_of_the_other_hands() -> None:
    state = _throw({0: "2H AC AC KC QC QC"}, "AC KC QC QC")
    assert not state.tricks.failed_throws and state.trick[0][1] == parse_cards("QC QC KC AC")
    _assert_every_seat_gets_twins(state)


def _random_failed_throws(count: int) -> list[TractorState]:
    """States right after failed throws that more than one unit of the throw could be beaten in."""
    found: list[TractorState] = []
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        while not state.is_over and state.round.number < 2 and len(found) < count:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            before = state
            state = state.apply(action)
            if len(state.tricks.failed_throws) > len(before.tricks.failed_throws):
                seat = state.tricks.failed_throws[-1].seat
                others = [before.hands[(seat + k) % 4] for k in (1, 2, 3)]
                assert state.kitty.trump is not None
                if len(throw_check(action.cards, others, state.kitty.trump).beatable) > 1:
                    found.append(state)
        if len(found) >= count:
            return found
    raise AssertionError(f"only {len(found)} failed throws with several beatable units in 200 games")


@pytest.mark.parametrize("state", _random_failed_throws(6), ids=lambda s: f"v{s.version}")
def test_random_failed_throws_with_several_beatable_units(state: TractorState) -> None:
    _assert_every_seat_gets_twins(state)


# --- cards every seat saw: hidden_cards, public_cards and the sampler agree ------------------------
OVERTURNED = {3: "2S", 1: "LJ LJ"}


def _overturned() -> TractorState:
    """Seat 3 declares 2S; seat 1 overturns it with the little jokers."""
    state = draw(new(OVERTURNED), 4).apply("declare 2S", 3)
    state = draw(state, 4).apply("declare LJ LJ", 1)
    assert state.declaring.declaration is not None and state.declaring.declaration.seat == 1
    return state


def test_an_overturned_declaration_stays_known_in_its_hand() -> None:
    state = _overturned()
    two = parse_cards("2S")[0]
    assert state.public_cards()[3][two] == 1
    for seat in (None, 0, 1, 2):
        seen = 0 if seat is None else Counter(state.hands[seat])[two]
        assert Counter(state.hidden_cards(seat))[two] == 2 - 1 - seen
    for seat in (0, 1, 2):
        events = state.events(seat)
        for n in range(TWINS):
            world = GAME.sample(seat, events, config=state.config, rng=random.Random(n))
            check_twin(GAME, state, world, seat, random.Random(n))
            assert two in world.hands[3]


def test_a_deal_with_the_declared_card_moved_is_no_twin() -> None:
    # Seat 3's 2S swapped with a card seat 3 never sees (seat 2's): its declaration is refused there.
    deck = stack(OVERTURNED)
    i = 3  # seat 3's first card
    assert deck[i] == parse_cards("2S")[0]
    j = next(k for k in range(10, 100, 4) if deck[k] != deck[i])
    deck[i], deck[j] = deck[j], deck[i]
    moved = draw(GAME.new(seed=1, deck=deck), 4)
    with pytest.raises(ValueError, match="2S"):
        moved.apply("declare 2S", 3)


def _known(events: list[Event]) -> list[dict[str, int]]:
    shown = shown_cards(events)
    return [{str(c): n for c, n in shown.known(s).items() if n} for s in range(4)]


def test_a_shown_card_stays_known_until_its_holder_plays_it() -> None:
    def cards(text: str) -> tuple[Card, ...]:
        return parse_cards(text)

    events: list[Event] = [DealStarted(1, 0, (2, 2)), Declared(3, cards("2S")), Declared(1, cards("LJ LJ"))]
    assert _known(events) == [{}, {"LJ": 2}, {}, {"2S": 1}]
    events += [Played(3, cards("2S")), Played(1, cards("LJ"))]
    assert _known(events) == [{}, {"LJ": 1}, {}, {}]
    # A failed throw shows what the thrower held then; the second AS it shows later is known again.
    events += [Played(2, cards("KS"), cards("AS KS"), 10), Played(2, cards("AS"))]
    assert _known(events)[2] == {}
    events.append(Played(2, cards("QS"), cards("AS QS"), 10))
    assert _known(events)[2] == {"AS": 1}


def test_the_starters_shown_cards_are_in_its_hand_or_the_kitty_once_it_buried() -> None:
    cards = parse_cards
    events: list[Event] = [DealStarted(2, 1, (3, 2)), TurnedUp(cards("5H")[0]), TurnedUp(cards("3D")[0])]
    events.append(KittyTaken(1, None, 8))
    shown = shown_cards(events)
    assert shown.burier is None and shown.held[1] == Counter(cards("5H 3D"))
    events.append(KittyBuried(1, None, 8))
    shown = shown_cards(events)
    assert shown.burier == 1 and not shown.held[1] and shown.held_or_buried == Counter(cards("5H 3D"))
    events += [Played(1, cards("3D")), Played(1, cards("QC"), cards("QC AC"), 10)]
    shown = shown_cards(events)
    assert shown.held[1] == Counter(cards("AC")) and shown.held_or_buried == Counter(cards("5H"))
    assert shown.known(1) == Counter(cards("AC 5H"))
