"""Random walks through a game, and the checks every state of every game must pass."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from tricktable.cards import ALL_CARDS, Card
from tricktable.core import Action, ArgKind, Game, IllegalActionError, InvalidActionError, State

EXPLICIT_LIMIT = 3000
"""Legal-action lists up to this size are compared card for card with the checker."""

REQUIRED_VIEW_FIELDS = (
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
    "last_round",
)
CARD_TEXTS = frozenset(str(c) for c in ALL_CARDS)

# Score sheets of finished deals: the cards there were public when played, in an earlier deal.
HISTORY_FIELDS = {"last_round", "sheet"}
EXTRA_VIEW_FIELDS = {
    "all-fours": ("dealer", "turn_up"),
    "back-alley": ("dealer", "turn_up"),
    "tractor": ("declarers", "starter", "points", "kitty"),
}


def acting_seats(state: State) -> list[int]:
    return [s for s in range(state.num_seats) if state.may_act(s)]


def random_step(state: State, rng: random.Random) -> tuple[int, Action]:
    """A random legal action: usually the seat to move's, sometimes another seat's that may act."""
    seats = acting_seats(state)
    mover = state.to_move
    seat = mover if mover is not None and (len(seats) == 1 or rng.random() < 0.9) else rng.choice(seats)
    legal = state.legal_actions(seat)
    if not legal:  # e.g. to_move has only out-of-turn options elsewhere
        seat = next(s for s in seats if state.legal_actions(s))
        legal = state.legal_actions(seat)
    return seat, legal[rng.randrange(len(legal))]


def walk(game: Game[Any, Any], seed: int, max_steps: int, config: Any = None) -> Iterator[State]:
    """The states of one random game, from the start, up to ``max_steps`` actions."""
    rng = random.Random(seed)
    state = game.new(seed=seed, config=config)
    yield state
    for _ in range(max_steps):
        if state.is_over:
            return
        seat, action = random_step(state, rng)
        state = state.apply(action, seat)
        yield state


def card_counts(state: State) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for cards in state.card_locations().values():
        counts.update(cards)
    return counts


def view_card_mentions(data: Any) -> Counter[str]:
    """Every card string anywhere in a view's JSON, counted by where it appears."""
    found: Counter[str] = Counter()

    def visit(x: Any) -> None:
        if isinstance(x, str):
            for token in x.replace(",", " ").split():
                if token in CARD_TEXTS:
                    found[token] += 1
        elif isinstance(x, dict):
            for v in x.values():
                visit(v)
        elif isinstance(x, list):
            for v in x:
                visit(v)

    visit(data)
    return found


def check_view(game: Game[Any, Any], state: State, seat: int | None, pack_counts: Counter[Card]) -> None:
    view = state.view(seat)
    data = view.to_dict()
    json.dumps(data)  # must be JSON-able
    for name in (*REQUIRED_VIEW_FIELDS, *EXTRA_VIEW_FIELDS.get(game.name, ())):
        assert hasattr(view, name), f"view lacks field {name}"
        assert name in data, f"view.to_dict() lacks key {name}"
    assert view.seat == seat and view.phase == state.phase and view.to_move == state.to_move
    if seat is None:
        assert tuple(view.hand) == ()
    else:
        hand_key = f"hand {seat}"
        assert Counter(view.hand) == Counter(state.card_locations()[hand_key]), (
            "view.hand is not the seat's hand"
        )
    # A card whose every copy is hidden from the seat must not appear anywhere in its view.
    hidden = Counter(state.hidden_cards(seat))
    assert not (hidden - pack_counts), "hidden_cards names cards that are not in the pack"
    fully_hidden = {str(c) for c, n in hidden.items() if n == pack_counts[c]}
    current = {k: v for k, v in data.items() if k not in HISTORY_FIELDS}
    leaked = fully_hidden & set(view_card_mentions(current))
    assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)} in phase {state.phase}"


def candidate_actions(game: Game[Any, Any], rng: random.Random, n: int) -> list[Action]:
    """Well-formed actions of the game's verbs with random arguments (mostly illegal)."""
    out = []
    verbs = list(game.verbs.values())
    for _ in range(n):
        verb = rng.choice(verbs)
        if verb.args is ArgKind.NONE:
            out.append(Action(verb.name))
        elif verb.args is ArgKind.CARD:
            out.append(Action.make(verb.name, [rng.choice(ALL_CARDS)]))
        elif verb.args is ArgKind.CARDS:
            out.append(Action.make(verb.name, rng.choices(ALL_CARDS, k=rng.randint(1, 4))))
        else:
            arg: int | str = rng.choice([*verb.words, *range(0, 15)])
            out.append(Action(verb.name, (), arg))
    return out


def check_legality_agrees(game: Game[Any, Any], state: State, rng: random.Random) -> None:
    """Listed actions apply (and ``apply_legal`` gives the same successor); unlisted ones are refused with
    a reason, leaving the state unchanged."""
    before = game.record(state)
    for seat in range(state.num_seats):
        legal: Sequence[Action] = state.legal_actions(seat)
        if not state.may_act(seat):
            assert len(legal) == 0, f"seat {seat} may not act but has legal actions"
        listed = set(legal) if len(legal) <= EXPLICIT_LIMIT else None
        if listed is not None:
            assert len(listed) == len(legal), "legal_actions lists an action twice"
        samples = [legal[rng.randrange(len(legal))] for _ in range(min(3, len(legal)))] if legal else []
        for action in samples:
            assert action in legal
            after = state.apply(action, seat)  # must not raise
            # the fast path for a listed action makes the same successor, named seat or not
            assert state.apply_legal(action, seat) == after, f"apply_legal({action}) differs from apply"
            if seat == state.to_move:
                assert state.apply_legal(action) == after
        if listed is None:
            continue
        for action in candidate_actions(game, rng, 6):
            if action in listed:
                continue
            try:
                state.apply(action, seat)
            except IllegalActionError as err:
                assert str(err).strip(), "an illegal action was refused without a reason"
            else:
                raise AssertionError(f"unlisted action {action} by seat {seat} was accepted ({state.phase})")
    assert game.record(state) == before, "a refused action changed the state"


def refusal(state: State, action: Any, seat: int) -> str | None:
    try:
        state.check(action, seat)
    except (IllegalActionError, InvalidActionError) as err:
        return f"{type(err).__name__}: {err}"
    return None


def check_twin(game: Game[Any, Any], state: State, twin: State, seat: int, rng: random.Random) -> None:
    """``twin`` (a world sampled for ``seat``) is one the seat cannot tell from ``state``: the same
    events, view, legal actions, selectable cards, acting seats and refusal reasons, and the same
    cards hidden from it."""
    assert twin.events(seat) == state.events(seat)
    assert twin.view(seat) == state.view(seat)
    assert twin.view(seat).to_dict() == state.view(seat).to_dict()
    assert Counter(twin.hidden_cards(seat)) == Counter(state.hidden_cards(seat))
    legal, twin_legal = state.legal_actions(seat), twin.legal_actions(seat)
    assert len(legal) == len(twin_legal)
    if len(legal) <= EXPLICIT_LIMIT:
        assert list(legal) == list(twin_legal)
    assert state.selectable((), seat) == twin.selectable((), seat)
    assert state.acting_seats(seen_by=seat) == twin.acting_seats(seen_by=seat)
    for action in [*candidate_actions(game, rng, 12), *list(legal)[:4]]:
        assert refusal(state, action, seat) == refusal(twin, action, seat), (game.name, seat, action)
