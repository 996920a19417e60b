"""The hands of a finished game, for its replay: every game's sight keeps them shut while the game runs
and opens them once it is over, and the changes read from the events give, at every step, exactly the
hands the state held."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from tests.conformance.walk import random_step
from tricktable import games
from tricktable.cards import Card
from tricktable.core import State
from tricktable.core import events as ev
from tricktable.core.reveal import hand_changes, hands_at
from tricktable.core.state import _seen

# Small games that end: All Fours to 3 points, Back Alley's 25 hands; Tractor's games run long, so its
# hands are checked over its first rounds, and it ends only in the server's finished-game tests.
CONFIGS: dict[str, Any] = {"all-fours": {"target": 3}, "back-alley": None, "tractor": None}
STEPS = {"all-fours": 5000, "back-alley": 5000, "tractor": 700}


def hands(state: State) -> tuple[tuple[Any, ...], ...]:
    where = state.card_locations()
    return tuple(tuple(sorted(where[f"hand {s}"])) for s in range(state.num_seats))


@pytest.mark.parametrize("name", games.names())
def test_the_hands_are_shut_while_the_game_runs_and_read_exactly_after(name: str) -> None:
    game = games.get(name)
    rng = random.Random(7)
    state = game.new(seed=11, config=CONFIGS[name])
    seen = [(len(state.events()), hands(state))]
    for _ in range(STEPS[name]):
        if state.is_over:
            break
        assert state.open_events() is None and state.open_hands() is None
        seat, action = random_step(state, rng)
        state = state.apply(action, seat)
        seen.append((len(state.events()), hands(state)))
    whole = state.open_events() if state.is_over else tuple(state._logged(0))
    assert whole is not None and len(whole) == len(state.events())
    # each event seen whole is the event every seat saw, with the cards its own seat saw
    for seat in range(state.num_seats):
        assert tuple(e.seen_by(seat) for e in whole) == state.events(seat)
    changes = hand_changes(whole, state.num_seats)
    if state.is_over:
        assert changes == state.open_hands()
    for count, held in seen:
        if count:
            assert hands_at(changes, count - 1, state.num_seats) == held
    assert state.is_over or name == "tractor"


def test_a_hidden_card_cannot_be_read_as_a_hand() -> None:
    state = games.get("back-alley").new(seed=1)
    with pytest.raises(ValueError, match="hides its cards"):
        hand_changes(state.events(0), 4)


def test_the_log_readers_run_each_event_class_own_sight() -> None:
    """``State.events`` calls the shared rules directly (whole for public events, the private rule for
    private ones) and any other ``seen_by`` as the class defines it."""

    @dataclass(frozen=True)
    class Masked(ev.Event):
        kind: ClassVar[str] = "masked"
        seat: int

        def seen_by(self, viewer: int | None) -> ev.Event:
            return self if viewer == self.seat else Masked(-1)

    cards = tuple(Card.parse(c) for c in ("AS", "KD"))
    dealt = ev.Dealt(2, cards, 2)
    assert _seen(dealt, 2) is dealt
    hidden = _seen(dealt, 0)
    assert isinstance(hidden, ev.Dealt) and hidden.cards is None and hidden.count == 2 and hidden.seat == 2
    assert _seen(dealt, None) is hidden  # one copy per event, for every seat that may not see it
    played = ev.Played(1, cards[:1])
    assert _seen(played, 3) is played
    assert _seen(Masked(1), 1) == Masked(1) and _seen(Masked(1), 0) == Masked(-1)
