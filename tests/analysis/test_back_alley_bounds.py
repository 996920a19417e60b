"""Back Alley's search bounds (sure trumps, quick tricks, the partner's quick tricks reached through
an entry) against plain minimax on the search's masks: a bound the search trusts must hold; and its
table key, which merges positions by relative rank only."""

from __future__ import annotations

import random
from typing import Any

from tests.analysis.minimax import endgame
from tricktable.analysis.back_alley import BackAlleyRules
from tricktable.analysis.search import TrickSearch, bits, cards_of
from tricktable.games.back_alley.ranking import NO_TRUMP


def _tricks(
    search: TrickSearch, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], status: Any
) -> int:
    """Team 0's tricks from here, both sides playing perfectly: minimax with no bound and no table."""
    rules = search.rules
    seat = (leader + len(trick)) % 4
    if not hands[seat]:
        return 0
    results = []
    for card in bits(rules.allowed(hands[seat], trick, status)):
        after = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
        played = (*trick, card)
        if len(played) < 4:
            results.append(_tricks(search, after, leader, played, status))
        else:
            winner = (leader + search.winner(played)) % 4
            new_status, gained = rules.trick_done(status, played, winner)
            results.append(gained + _tricks(search, after, winner, (), new_status))
    return max(results) if seat % 2 == 0 else min(results)


def _trick_start(seed: int, tricks: int) -> Any:
    """A random Back Alley position at a trick's start with ``tricks`` tricks or fewer left."""
    rng = random.Random(seed)
    state: Any = endgame("back-alley", seed, tricks)
    while state.phase == "play" and state.trick:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_bounds_hold_the_minimax_trick_count() -> None:
    checked = partner_entries = 0
    for seed in range(150):
        state = _trick_start(seed, 4)
        if state.phase != "play":
            continue
        rules = BackAlleyRules(state.deal.trump, state.config.little_joker_forces)
        hands = tuple(cards_of(int(c) for c in h) for h in state.hands)
        status = state.progress.broken or state.auction.trumps_open or state.deal.trump == NO_TRUMP
        leader = state.leader
        lo, hi = rules.bounds(hands, leader, status)
        value = _tricks(TrickSearch(rules), hands, leader, (), status)
        assert lo <= value <= hi, f"seed {seed}: {lo}..{hi} misses {value}"
        checked += 1
        own, _ = rules._quick(hands, leader, status)
        through, entries = rules._quick(hands, (leader + 2) % 4, status)
        partner_entries += through > own and rules._entry(hands[leader], entries, status)
    assert checked >= 100
    assert partner_entries >= 5  # the partner's quick tricks were the bound some of these times


def test_the_table_key_keeps_relative_ranks_and_no_more() -> None:
    rules = BackAlleyRules(1, True)  # hearts trump: codes 13 to 25, the jokers 52 and 53
    spades = rules.key((1 << 12, 1 << 10, 1 << 5, 1 << 3), 0, True)
    assert rules.key((1 << 11, 1 << 9, 1 << 2, 1 << 0), 0, True) == spades  # only low cards gone
    assert rules.key((1 << 10, 1 << 12, 1 << 5, 1 << 3), 0, True) != spades  # the top changed hands
    assert rules.key((1 << 12, 1 << 10, 1 << 5, 1 << 3), 1, True) != spades  # another leader
    assert rules.key((1 << 12, 1 << 10, 1 << 5, 1 << 16), 0, True) != spades  # a heart, not a spade
    jokers = rules.key((1 << 52, 1 << 53, 1 << 5, 1 << 3), 0, False)
    assert rules.key((1 << 53, 1 << 52, 1 << 5, 1 << 3), 0, False) != jokers
