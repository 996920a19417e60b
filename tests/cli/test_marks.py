"""The terminal marks, groups and orders cards as the view's ``marks`` say (the game decides trumps,
not the terminal), and lists no presentation-only field such as ``marks`` as a table row."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from tests.games.tractor.helpers import draw, draw_all, new, pass_all
from tricktable import bots, games
from tricktable.cards import Card, Suit, parse_cards
from tricktable.cli.panels import table_panel
from tricktable.cli.render import PRESENTATION, group_hand, hand_text
from tricktable.core import State
from tricktable.table import acting_seat, bot_choice

TWO_SPADES = parse_cards("2S")[0]


def _text(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return re.sub(r" +", " ", out)


def _played(name: str, seed: int, actions: int) -> State:
    """A heuristic-bot game of ``name`` after ``actions`` actions (or at its end)."""
    game = games.get(name)
    state: State = game.new(seed=seed)
    players = {s: bots.get("heuristic", game=name, seed=seed + s) for s in range(state.num_seats)}
    for _ in range(actions):
        if state.is_over:
            break
        seat = acting_seat(state)
        state = state.apply(bot_choice(state, seat, players[seat]), seat)
    return state


def _underlined(hand: Text, card: Card) -> bool:
    """Whether ``card``'s notation in the drawn hand carries the underline style."""
    plain = hand.plain
    start = plain.index(str(card))
    return any(span.start <= start < span.end and "underline" in str(span.style) for span in hand.spans)


@pytest.mark.parametrize(
    ("name", "actions"), [("tractor", 0), ("tractor", 120), ("back-alley", 10), ("all-fours", 6)]
)
def test_no_presentation_field_is_listed_as_a_row(name: str, actions: int) -> None:
    state = _played(name, 1, actions)
    for seat in (0, None):
        view = state.view(seat)
        drawn = _text(table_panel(view, state.num_seats, title="t", config=state.config))
        assert "order=" not in drawn and "group=" not in drawn
        for field in PRESENTATION:
            label = field.replace("_", " ")
            assert not re.search(rf"│ {label} ", drawn), (field, drawn)
        # every view of these games carries marks, so the test is not vacuous
        assert "marks" in view.to_dict()


def _no_trump_round(rank_cards_trump: bool) -> State:
    """A first round seat 0 declares no trump with the big jokers, holding the trump-rank 2S."""
    config = {"no_trump_rank_cards_are_trump": rank_cards_trump}
    state = draw(new({0: "BJ BJ 2S AS"}, config=config), 8).apply("declare BJ BJ", 0)
    state = pass_all(draw_all(state))
    assert state.view(0).to_dict()["trump"] == {"rank": "2", "suit": None}
    assert TWO_SPADES in state.view(0).hand
    return state


@pytest.mark.parametrize("rank_cards_trump", [False, True])
def test_a_no_trump_rounds_rank_card_is_a_trump_only_with_the_option(rank_cards_trump: bool) -> None:
    view = _no_trump_round(rank_cards_trump).view(0)
    groups = dict(group_hand(view.hand, view.marks))
    assert groups["trumps"][:2] == list(parse_cards("BJ BJ"))
    assert (TWO_SPADES in groups["trumps"]) is rank_cards_trump
    assert (TWO_SPADES in groups["♠ spades"]) is not rank_cards_trump
    assert _underlined(hand_text(view.hand, view.marks), TWO_SPADES) is rank_cards_trump
    assert not _underlined(hand_text(view.hand, view.marks), parse_cards("AS")[0])
    # the table shows the hand the same way: 2S on the trumps line only with the option
    lines = _text(table_panel(view, 4, title="t")).splitlines()
    trumps = next(line for line in lines if "trumps" in line)
    assert ("2S" in trumps) is rank_cards_trump


def _suit_groups(hand: list[Card], trump: Suit | None, jokers: bool) -> list[tuple[str, list[Card]]]:
    """The grouping a suit game's hand has always had: trumps (jokers, then the trump suit, high to
    low), then the plain suits in S H D C order, each high to low."""
    order = [s for s in Suit if s is not trump]
    out: list[tuple[str, list[Card]]] = []
    trumps = sorted((c for c in hand if c.is_joker), reverse=True) if jokers else []
    trumps += sorted((c for c in hand if trump is not None and c.suit is trump), key=_rank, reverse=True)
    if trumps:
        out.append(("trumps", trumps))
    for suit in order:
        cards = sorted((c for c in hand if c.suit is suit), key=_rank, reverse=True)
        if cards:
            out.append((f"{suit.symbol} {suit.word}", cards))
    return out


def _rank(card: Card) -> int:
    assert card.rank is not None
    return int(card.rank)


@pytest.mark.parametrize(("name", "jokers"), [("all-fours", False), ("back-alley", True)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_suit_games_hands_group_trumps_then_suits(name: str, jokers: bool, seed: int) -> None:
    state = _played(name, seed, 8)
    for seat in range(state.num_seats):
        view: Any = state.view(seat)
        expected = _suit_groups(list(view.hand), view.trump.suit, jokers)
        assert group_hand(view.hand, view.marks) == expected
        drawn = hand_text(view.hand, view.marks)
        for label, cards in expected:
            assert all(_underlined(drawn, c) is (label == "trumps") for c in cards)
