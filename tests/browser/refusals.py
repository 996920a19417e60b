"""Refusals to hold the browser's words to: the errors of random games with illegal actions tried at
every step, and the rare refusals the games seldom reach, made directly."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from tests.conformance.walk import random_step
from tricktable import games
from tricktable.cards import ALL_CARDS, Card, Suit, parse_cards
from tricktable.core import Action, ArgKind, State
from tricktable.core.errors import IllegalActionError, InvalidActionError, Reason
from tricktable.games.all_fours.play import play_problem
from tricktable.games.tractor import Trump, check_follow, decompose
from tricktable.games.tractor.declare import Declaration, DeclareRules, declaration_reason
from tricktable.games.tractor.kitty import bury_selectable
from tricktable.games.tractor.lead import check_lead

CARD_TEXTS = {str(c) for c in ALL_CARDS}


def _attempts(state: State, seat: int, rng: random.Random) -> Iterator[str]:
    """Actions to try for ``seat``: every verb with arguments drawn from its hand and beyond, many of
    them against the rules, some well aimed (the led suit's cards, pairs, trump-rank cards)."""
    hand = [str(c) for c in state.view(seat).hand]
    others = rng.sample(sorted(CARD_TEXTS), 6)
    trick = state.view(seat).trick
    n = len(trick[0][1]) if trick else rng.randint(1, 4)
    for name, verb in state.VERBS.items():
        if verb.args is ArgKind.NONE:
            yield name
        elif verb.args is ArgKind.BID:
            yield from (f"bid {x}" for x in ("pass", "board", 0, 1, 3, 7, 12, 14))
        elif verb.args is ArgKind.CARD:
            yield from (f"{name} {c}" for c in rng.sample(hand, min(4, len(hand))) + others[:2])
        else:
            pool = hand or others
            yield from (f"{name} {c}" for c in [*pool[:2], others[0]])
            yield f"{name} {' '.join(rng.sample(pool, min(7, len(pool))) + others[:1])}"
            yield from (f"{name} {c} {c}" for c in hand[:3] if hand.count(c) == 1)
            for size in {1, 2, n, n + 1, 8}:
                if size <= len(pool):
                    yield f"{name} {' '.join(rng.sample(pool, size))}"
            pairs = sorted({c for c in hand if hand.count(c) == 2})
            yield from (f"{name} {c} {c}" for c in pairs[:3])
            if trick and hand:  # n cards of the led suit, where the pairs and tractors rules bite
                led = str(trick[0][1][0])
                same = [c for c in hand if c[-1] == led[-1] and c[0] != led[0]] or hand
                for _ in range(3):
                    yield f"{name} {' '.join(rng.sample(same, min(n, len(same))))}"


CONFIGS: dict[str, list[Any]] = {
    "all-fours": [None, {"no_undertrump": True, "players": 2}],
    "back-alley": [None, {"bid_must_increase": True, "little_joker_forces": False}],
    "tractor": [None, {"allow_reinforce": False, "allow_higher_suit_pair_overturn": True}],
}


@cache
def random_refusals(name: str) -> tuple[IllegalActionError, ...]:
    """Every refusal met in six random games of ``name`` (configs in turn), trying at each step the
    actions of :func:`_attempts` for every seat (in Tractor's draw, at a fifth of the steps)."""
    game = games.get(name)
    rng = random.Random(8)
    found: list[IllegalActionError] = []
    for seed in range(6):
        state = game.new(seed=seed, config=CONFIGS[name][seed % len(CONFIGS[name])])
        for _ in range(400):
            if state.is_over:
                break
            if state.phase != "draw" or rng.random() < 0.2:
                for seat in range(state.num_seats):
                    for text in _attempts(state, seat, rng):
                        try:
                            state.check(text, seat)
                        except InvalidActionError:
                            continue
                        except IllegalActionError as err:
                            found.append(err)
            seat, action = random_step(state, rng)
            state = state.apply(action, seat)
    return tuple(found)


def _rare_refusals(tractor_trump: Trump) -> Iterator[tuple[str, Callable[[], object]]]:
    """Refusals the random games seldom reach, each made directly: the expected code and a call."""
    t, p = tractor_trump, parse_cards
    yield "follow_tractor", lambda: check_follow(p("7H 7H 8H 8H 3H"), p("JH JH QH QH"), p("7H 7H 8H 3H"), t)
    yield (
        "follow_tractor_pairs",
        lambda: check_follow(p("6H 6H 7H 7H 8H 8H"), p("JH JH QH QH"), p("6H 6H 7H 8H"), t),
    )
    yield (
        "follow_throw_tractors",
        lambda: check_follow(p("6H 6H 7H 7H 9H 3H"), p("JH JH QH QH AH"), p("6H 6H 7H 9H 3H"), t),
    )
    yield "follow_throw_pairs", lambda: check_follow(p("6H 6H 9H 9H 3H 4H"), p("JH JH AH"), p("3H 4H 6H"), t)
    yield "follow_pairs", lambda: check_follow(p("6H 6H 9H 9H 3H 4H"), p("JH JH"), p("3H 4H"), t)
    yield "follow_pair", lambda: check_follow(p("6H 6H 3H 4H"), p("JH JH"), p("3H 4H"), t)
    yield "follow_no_lead", lambda: check_follow(p("6H"), (), p("6H"), t)
    yield "held_only", lambda: check_lead(p("7H 8H"), p("7H 7H"), t)
    yield "lead_empty", lambda: check_lead(p("7H 8H"), (), t)
    yield "play_empty", lambda: decompose((), t)
    yield "two_copies", lambda: decompose(p("7H 7H 7H"), t)
    yield "picked_not_held", lambda: bury_selectable(p("7H"), p("8H"))
    higher = DeclareRules(allow_higher_suit_pair_overturn=True)
    reinforced = Declaration(1, tuple(p("2H 2H")), "pair", reinforced=True)
    yield (
        "declare_reinforced_stands",
        lambda: declaration_reason(p("2S 2S"), 0, p("2S 2S"), reinforced, 2, higher),
    )
    spades = Declaration(1, tuple(p("2S 2S")), "pair")
    yield "declare_higher_suit", lambda: declaration_reason(p("2D 2D"), 0, p("2D 2D"), spades, 2, higher)
    yield (
        "no_undertrump",
        lambda: play_problem(Card.parse("3H"), p("3H 9H 4D"), p("KS 5H"), int(Suit.HEARTS), True),
    )
    tractor = games.get("tractor").new(seed=1)
    yield "unknown_verb", lambda: tractor._illegal_reason(Action("stand"), 0)
    over = games.get("all-fours").new(seed=1, config={"target": 1})
    rng = random.Random(1)
    while not over.is_over:
        over = over.apply(rng.choice(over.legal_actions()))
    yield "game_over", lambda: over.check(str(over.history[-1][1]), 0)


@cache
def rare_refusals() -> tuple[tuple[str, IllegalActionError], ...]:
    """``(the code expected, the refusal)`` for each of :func:`_rare_refusals`; a checker that returns
    its reason rather than raising gives an error made from it."""
    out = []
    for code, call in _rare_refusals(Trump(rank="2", suit="S")):
        try:
            made = call()
        except IllegalActionError as err:
            out.append((code, err))
            continue
        assert isinstance(made, Reason), (code, made)
        out.append((code, IllegalActionError(made)))
    return tuple(out)


def examples() -> dict[str, dict[str, Any]]:
    """One refusal's params for every code met, random games first."""
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(CONFIGS):
        for err in random_refusals(name):
            out.setdefault(err.code or "", err.params)
    for _, err in rare_refusals():
        out.setdefault(err.code or "", err.params)
    return out
