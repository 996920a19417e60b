"""Views: the same field means the same thing in every game, the JSON form follows the generated JSON
Schema (checked with jsonschema over thousands of random states), and the committed schema is current."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.budget import scaled
from tricktable import games
from tricktable.cards import ALL_CARDS, parse_cards
from tricktable.core import State, team_of, to_jsonable
from tricktable.core.schema import document, registered_views
from tricktable.core.views import SuitTrump, TrumpOrder

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "view-schema.json"
STATES_PER_GAME = scaled(1000)
COMMON = (
    "game",
    "seat",
    "phase",
    "to_move",
    "version",
    "deal_number",
    "hand",
    "hand_sizes",
    "stock_size",
    "trick",
    "last_trick",
    "last_winner",
    "tricks",
    "tricks_won",
    "team_tricks",
    "trump",
    "scores",
    "legal",
    "last_round",
)


def random_states(name: str, count: int) -> Iterator[State]:
    """``count`` states of random games (a new seeded game whenever one ends)."""
    game = games.get(name)
    rng = random.Random(name)
    seed = 0
    state = game.new(seed=seed)
    for _ in range(count):
        yield state
        if state.is_over:
            seed += 1
            state = game.new(seed=seed)
            continue
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])


def test_the_committed_schema_is_generated_from_the_view_classes() -> None:
    committed = json.loads(SCHEMA_FILE.read_text())
    assert committed == document(registered_views()), (
        "docs/view-schema.json is stale: python -m tricktable.core.schema > docs/view-schema.json"
    )
    jsonschema.Draft202012Validator.check_schema(committed)


@pytest.mark.parametrize("name", games.names())
def test_every_view_of_random_states_validates_against_the_schema(name: str) -> None:
    schema = json.loads(SCHEMA_FILE.read_text())
    whole = jsonschema.Draft202012Validator(schema)
    # The game's own branch of the document's oneOf: the same check, without trying the other games.
    own = jsonschema.Draft202012Validator(
        {**schema, "oneOf": [{"$ref": f"#/$defs/{registered_views()[name].__name__}"}]}
    )
    checked: set[int] = set()
    sheets: dict[str, Any] = {}  # each score sheet validated, by its JSON
    for i, state in enumerate(random_states(name, STATES_PER_GAME)):
        for seat in [*range(state.num_seats), None]:
            data = state.view(seat).to_dict()
            # marks (54 entries) are one shared object per trump: each is validated the first time
            # (kept alive by their cache, so an id is never reused by another)
            if id(data["marks"]) in checked:
                data = {**data, "marks": {}}
            else:
                checked.add(id(data["marks"]))
            # a score sheet (most of a Back Alley view, the same for every seat and all through a
            # hand) is validated the first time it is seen; after that, the first sheet stands in
            if "sheet" in data:
                text = json.dumps(data["sheet"])
                if text in sheets:
                    data = {**data, "sheet": next(iter(sheets.values()))}
                else:
                    sheets[text] = data["sheet"]
            error = jsonschema.exceptions.best_match((whole if i % 100 == 0 else own).iter_errors(data))
            assert error is None, f"{name} {state.phase} seat {seat}: {error.message} at {list(error.path)}"


def _check_common(state: State, seat: int | None) -> None:
    view = state.view(seat)
    data = view.to_dict()
    assert list(data)[: len(COMMON)] == list(COMMON)
    assert data == to_jsonable(view)  # the fast per-field plan agrees with the generic walk
    n = state.num_seats
    locations = state.card_locations()
    assert view.version == state.version == len(state.history)
    assert view.deal_number >= 1
    assert view.hand_sizes == tuple(len(locations[f"hand {s}"]) for s in range(n))
    assert view.stock_size == len(locations["stock"])
    assert len(view.tricks_won) == n and sum(view.tricks_won) == len(view.tricks)
    teams = len(view.team_tricks)
    assert view.team_tricks == tuple(
        sum(w for s, w in enumerate(view.tricks_won) if team_of(s, n) == t) for t in range(teams)
    )
    for trick in view.tricks:
        assert trick.leader == trick.plays[0][0] and len(trick.plays) == n
        assert trick.winner in {s for s, _ in trick.plays}
    if view.tricks and not view.trick and view.last_trick:
        assert view.tricks[-1].plays == view.last_trick and view.tricks[-1].winner == view.last_winner
    assert isinstance(view.trump, TrumpOrder) and data["trump"] == view.trump.to_json()
    ordered = sorted(ALL_CARDS, key=view.trump.sort_key)
    trumps = [c for c in ordered if view.trump.is_trump(c)]
    assert ordered[: len(trumps)] == trumps  # trumps sort first


@pytest.mark.parametrize("name", games.names())
def test_common_fields_mean_the_same_in_every_game(name: str) -> None:
    for i, state in enumerate(random_states(name, 600)):
        if i % 3 == 0:
            for seat in [*range(state.num_seats), None]:
                _check_common(state, seat)


@pytest.mark.parametrize("name", games.names())
def test_results_are_numbers_in_every_game(name: str) -> None:
    state = games.get(name).new(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    result = state.result
    assert result is not None
    assert all(type(score) is int for score in result.scores)


def test_a_suit_trump_orders_and_marks_cards() -> None:
    hearts = SuitTrump(parse_cards("2H")[0].suit, jokers=True)
    cards = parse_cards("2S AH LJ 3C BJ KS 9H")
    assert [str(c) for c in sorted(cards, key=hearts.sort_key)] == ["BJ", "LJ", "AH", "9H", "KS", "2S", "3C"]
    assert [hearts.is_trump(c) for c in cards] == [False, True, True, False, True, False, True]
    no_trump = SuitTrump(None)
    assert not any(no_trump.is_trump(c) for c in cards) and no_trump.to_json() is None
    spades = SuitTrump(parse_cards("2S")[0].suit)  # All Fours: no jokers in the pack
    assert spades.to_json() == "S" and not spades.is_trump(parse_cards("BJ")[0])


def test_to_dict_shares_no_top_level_dicts_between_calls() -> None:
    state: Any = games.get("back-alley").new(seed=1)
    rng = random.Random(1)
    while not state.view(0).sheet:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    first = state.view(0).to_dict()
    first["sheet"][0]["number"] = -1
    assert state.view(0).to_dict()["sheet"][0]["number"] == 1
