"""Stacked decks and ready-made states for Tractor's scenario tests."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from typing import Any

from tricktable import games
from tricktable.cards import Card, parse_cards
from tricktable.games.tractor import Trump
from tricktable.games.tractor.config import Config
from tricktable.games.tractor.state import PACK, Kitty, TractorState, Tricks

GAME = games.get("tractor")


def stack(hands: Mapping[int, str] | None = None, kitty: str = "", first: int = 0) -> list[Card]:
    """108 cards in drawing order: seat s draws ``hands[s]`` first (in that order), the kitty starts
    with ``kitty``; everything else comes from the pack, jokers and high cards last so that filler
    rarely makes declarations."""
    hands = hands or {}
    per_seat = {s: list(parse_cards(hands.get(s, ""))) for s in range(4)}
    kitty_cards = list(parse_cards(kitty))
    pool = Counter(PACK)
    pool.subtract(c for cards in per_seat.values() for c in cards)
    pool.subtract(kitty_cards)
    assert all(n >= 0 for n in pool.values()), "a card is stacked more than twice"
    rest = sorted(pool.elements(), key=lambda c: (c >= 52, c % 13 if c < 52 else 13, int(c)))
    for s in range(4):
        while len(per_seat[s]) < 25:
            per_seat[s].append(rest.pop(0))
    kitty_cards += rest
    assert len(kitty_cards) == 8
    deck = [per_seat[(first + i) % 4][i // 4] for i in range(100)]
    return deck + kitty_cards


def new(
    hands: Mapping[int, str] | None = None, kitty: str = "", config: Mapping[str, Any] | None = None
) -> TractorState:
    cfg = dict(config or {})
    first = int(cfg.get("first_round_starter", 0))
    state: TractorState = GAME.new(seed=1, config=cfg, deck=stack(hands, kitty, first))
    return state


def draw(state: TractorState, n: int) -> TractorState:
    """``n`` draw actions by whoever draws next."""
    for _ in range(n):
        state = state.apply("draw")
    return state


def draw_all(state: TractorState) -> TractorState:
    while state.phase == "draw":
        state = state.apply("draw")
    return state


def pass_all(state: TractorState) -> TractorState:
    while state.phase == "last-declare":
        state = state.apply("pass")
    return state


def playing(
    hands: Mapping[int, str],
    *,
    trump: Trump,
    declarers: int = 0,
    starter: int = 0,
    leader: int | None = None,
    kitty: str = "",
    levels: tuple[int, int] = (2, 2),
    points: int = 0,
    config: Mapping[str, Any] | None = None,
    round_no: int = 1,
) -> TractorState:
    """A state in the middle of the play phase with the given hands (the end of a round, for
    scoring tests): built from a fresh game's state, only the fields of the round replaced."""
    base: TractorState = GAME.new(seed=1, config=dict(config or {}))
    return dataclasses.replace(
        base,
        config=Config.from_value(dict(config or {})),
        stage="play",
        mover=starter if leader is None else leader,
        drawn=100,
        hands=tuple(parse_cards(hands.get(s, "")) for s in range(4)),
        round=dataclasses.replace(
            base.round,
            number=round_no,
            levels=levels,
            declarers=declarers,
            starter=starter,
            first_drawer=starter,
        ),
        kitty=Kitty(trump, buried=parse_cards(kitty)),
        tricks=Tricks(starter if leader is None else leader, points=points),
    )
