"""Back Alley's trick search (partition search, bounds, merged cards, the table) against plain
minimax on the same masks, on random small endings; its bounds against the minimax count; and its
answers under other move orders."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.analysis.minimax import endgame
from tricktable.analysis.back_alley import TrickCount, position_of
from tricktable.analysis.search import bits, cards_of
from tricktable.games.back_alley.ranking import NO_TRUMP


def _minimax(search: TrickCount, hands: list[int], leader: int, trick: tuple[int, ...], opened: bool) -> int:
    """Team 0's tricks from the current trick on (the trick included): every card tried, no table,
    no bound, nothing merged."""
    seat = (leader + len(trick)) % 4
    if not hands[seat]:
        return 0
    results = []
    for card in bits(search._allowed(hands[seat], trick, opened)):
        hands[seat] ^= 1 << card
        played = (*trick, card)
        if len(played) < 4:
            results.append(_minimax(search, hands, leader, played, opened))
        else:
            winner, gained, now = search._trick_done(leader, played, opened)
            results.append(gained + _minimax(search, hands, winner, (), now))
        hands[seat] ^= 1 << card
    return max(results) if seat % 2 == 0 else min(results)


def _card_values(
    search: TrickCount, hands: list[int], leader: int, trick: tuple[int, ...], opened: bool
) -> dict[int, int]:
    seat = (leader + len(trick)) % 4
    out = {}
    for card in bits(search._allowed(hands[seat], trick, opened)):
        hands[seat] ^= 1 << card
        played = (*trick, card)
        if len(played) < 4:
            out[card] = _minimax(search, hands, leader, played, opened)
        else:
            winner, gained, now = search._trick_done(leader, played, opened)
            out[card] = gained + _minimax(search, hands, winner, (), now)
        hands[seat] ^= 1 << card
    return out


@st.composite
def endings(draw: Any) -> tuple[int, bool, list[int], int, tuple[int, ...], bool]:
    """A random ending: the trump, whether a led little joker forces the lowest trump, the hands
    (1 to 4 cards each, from the 52 cards and the jokers when there is a trump), the leader, a
    trick started with legal cards, and whether trumps may be led."""
    trump = draw(st.integers(0, NO_TRUMP))
    forces = draw(st.booleans())
    size = draw(st.integers(1, 4))
    deck = list(range(52 if trump == NO_TRUMP else 54))
    cards = draw(st.permutations(deck))[: 4 * size]
    hands = [cards_of(cards[s * size : (s + 1) * size]) for s in range(4)]
    leader = draw(st.integers(0, 3))
    opened = trump == NO_TRUMP or draw(st.booleans())
    search = TrickCount(trump, forces)
    trick: tuple[int, ...] = ()
    for _ in range(draw(st.integers(0, 3))):
        seat = (leader + len(trick)) % 4
        card = draw(st.sampled_from(bits(search._allowed(hands[seat], trick, opened))))
        hands[seat] ^= 1 << card
        trick = (*trick, card)
    return trump, forces, hands, leader, trick, opened


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endings(), st.integers(0, 3))
def test_each_cards_count_is_the_minimax_count(ending: Any, order: int) -> None:
    trump, forces, hands, leader, trick, opened = ending
    search = TrickCount(trump, forces)
    expected = _card_values(search, list(hands), leader, trick, opened)
    assert search.values(hands, leader, trick, opened, order) == expected


def _trick_start(seed: int, tricks: int) -> Any:
    """A random Back Alley position at a trick's start with ``tricks`` tricks or fewer left."""
    rng = random.Random(seed)
    state: Any = endgame("back-alley", seed, tricks)
    while state.phase == "play" and state.trick:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def _position(state: Any) -> tuple[TrickCount, list[int], bool]:
    search = TrickCount(state.deal.trump, state.config.little_joker_forces)
    hands, _, _, opened = position_of(state)
    search.hands = list(hands)
    return search, hands, opened


def test_the_bounds_hold_the_minimax_count() -> None:
    """Sure trumps and quick tricks (the partner's, through an entry, among them) never claim more
    than minimax finds: the search trusts them without looking."""
    checked = partner_entries = 0
    for seed in range(150):
        state = _trick_start(seed, 4)
        if state.phase != "play":
            continue
        search, hands, opened = _position(state)
        leader = state.leader
        value = _minimax(search, list(hands), leader, (), opened)
        left = hands[leader].bit_count()
        sure = search._sure_trumps()[0]  # team 0's sure tricks, or minus team 1's
        lo, hi = max(0, sure), left - max(0, -sure)
        quick = search._quick_tricks(leader, opened, left + 1)[0]
        if leader % 2 == 0:
            lo = max(lo, quick)
        else:
            hi = min(hi, left - quick)
        assert lo <= value <= hi, f"seed {seed}: {lo}..{hi} misses {value}"
        checked += 1
        own = search._quick(leader, opened)[0]
        through, entries, _ = search._quick((leader + 2) % 4, opened)
        partner_entries += through > own and search._entry(hands[leader], entries, opened)
    assert checked >= 100
    assert partner_entries >= 5  # the partner's quick tricks were the bound some of these times


def test_the_answer_does_not_depend_on_the_move_order() -> None:
    """Longer endings than minimax can check: the best-first order and two others (see
    :meth:`TrickCount.values`), each with its own table, give every card the same count."""
    for seed in (7, 8, 9):
        state = _trick_start(seed, 7)
        if state.phase != "play":
            continue
        _, hands, opened = _position(state)
        answers = [
            TrickCount(state.deal.trump, state.config.little_joker_forces).values(
                hands, state.leader, (), opened, order
            )
            for order in (0, 1, 2)
        ]
        assert answers[0] == answers[1] == answers[2]


def _alpha_beta(
    search: TrickCount,
    hands: list[int],
    leader: int,
    trick: tuple[int, ...],
    opened: bool,
    alpha: int,
    beta: int,
    table: dict[tuple[int, ...], tuple[int, int]],
) -> int:
    """Team 0's tricks from the current trick on, within the window ``alpha < value < beta`` (a
    value outside it is only a bound): every card tried, and a table of bounds keyed on the exact
    hands at a trick's start; nothing merged, no partition, no quick tricks."""
    seat = (leader + len(trick)) % 4
    if not hands[seat]:
        return 0
    key = (*hands, leader, int(opened))
    if not trick:
        lo, hi = table.get(key, (0, 13))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo - 1), min(beta, hi + 1)
    start_alpha, start_beta = alpha, beta
    maximise = seat % 2 == 0
    best = -1 if maximise else 99
    for card in bits(search._allowed(hands[seat], trick, opened)):
        hands[seat] ^= 1 << card
        played = (*trick, card)
        if len(played) < 4:
            value = _alpha_beta(search, hands, leader, played, opened, alpha, beta, table)
        else:
            winner, gained, now = search._trick_done(leader, played, opened)
            value = gained + _alpha_beta(search, hands, winner, (), now, alpha - gained, beta - gained, table)
        hands[seat] ^= 1 << card
        if maximise:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    if not trick:
        lo, hi = table.get(key, (0, 13))
        if best <= start_alpha:
            hi = min(hi, best)
        elif best >= start_beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        table[key] = (lo, hi)
    return best


def test_the_search_equals_plain_alpha_beta_on_longer_endings() -> None:
    """Six to eight cards a hand, from random points of random hands (mid-trick among them): every
    card's count is the one a plain alpha-beta finds (exact hands in its table, every card tried)."""
    checked = 0
    for seed in range(300, 308):
        tricks = 6 + seed % 3
        state: Any = endgame("back-alley", seed, tricks)
        if state.phase != "play":
            continue
        hands, leader, trick, opened = position_of(state)
        search = TrickCount(state.deal.trump, state.config.little_joker_forces)
        seat = (leader + len(trick)) % 4
        expected = {}
        table: dict[tuple[int, ...], tuple[int, int]] = {}
        for card in bits(search._allowed(hands[seat], trick, opened)):
            after = list(hands)
            after[seat] ^= 1 << card
            played = (*trick, card)
            if len(played) < 4:
                expected[card] = _alpha_beta(search, after, leader, played, opened, -1, 14, table)
            else:
                winner, gained, now = search._trick_done(leader, played, opened)
                expected[card] = gained + _alpha_beta(search, after, winner, (), now, -1, 14, table)
        assert search.values(hands, leader, trick, opened) == expected, f"seed {seed}"
        checked += 1
    assert checked >= 5
