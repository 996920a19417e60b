"""Invariants of the rules file over random games, record/replay, and legality agreeing with itself."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable.cards import ALL_CARDS
from tricktable.core.actions import Action, play
from tricktable.core.errors import IllegalActionError
from tricktable.games.back_alley import BOARD, GAME, BackAlleyState

CONFIGS = st.fixed_dictionaries(
    {},
    optional={
        "deals": st.sampled_from([25, 26]),
        "little_joker_forces": st.booleans(),
        "board_multiplier": st.sampled_from(["linear", "doubling"]),
        "points_per_bid_trick": st.integers(1, 20),
        "zero_bid_scores_tricks": st.booleans(),
        "bid_must_increase": st.booleans(),
        "equal_bid_leader": st.sampled_from(["first", "last"]),
        "board_opens_trumps": st.booleans(),
        "overruled_board": st.sampled_from(["void", "failed"]),
    },
)
SETTINGS = settings(max_examples=scaled(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROBE_BIDS = [Action("bid", (), v) for v in ("pass", "board", 0, 1, 5, 12, 13)]  # malformed: core tests


def leaves(obj: Any) -> list[str]:
    if isinstance(obj, dict):
        return [x for v in obj.values() for x in leaves(v)]
    if isinstance(obj, list):
        return [x for v in obj for x in leaves(v)]
    return [obj] if isinstance(obj, str) else []


def check_invariants(state: BackAlleyState) -> None:
    """54 cards accounted for, hands the right size, and no seat shown another's hidden cards."""
    cards = [c for where in state.card_locations().values() for c in where]
    assert Counter(cards) == Counter(ALL_CARDS)
    won = state.progress.won
    assert sum(won) == len(state.progress.tricks) <= state.deal.size
    played_now = {(state.leader + i) % 4 for i in range(len(state.trick))}
    for seat, hand in enumerate(state.hands):
        assert len(hand) == state.deal.size - sum(won) - (seat in played_now)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        # The score sheet shows earlier deals' last tricks: those cards were public then.
        current = {k: v for k, v in view.to_dict().items() if k not in ("last_round", "sheet")}
        shown = set(leaves(current))
        assert not shown & {str(c) for c in state.hidden_cards(seat)}
        assert view.hand == (
            () if seat is None else tuple(sorted(state.hands[seat], key=view.trump.sort_key))
        )
    json.dumps(state.view(0).to_dict())


def check_legality(state: BackAlleyState) -> None:
    """Every listed action is accepted; every unlisted probe is refused with a reason."""
    legal = state.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    for action in legal:
        state.check(action)
    probes = PROBE_BIDS if state.phase == "bid" else [play(c) for c in ALL_CARDS]
    for action in probes:
        if action in legal:
            continue
        try:
            state.check(action)
        except IllegalActionError as err:
            assert err.reason
        else:
            raise AssertionError(f"{action} is accepted but not listed")


def check_hand_rows(state: BackAlleyState) -> None:
    sheet = state.match.sheet
    assert state.match.scores == tuple(sum(r.points[t] for r in sheet) for t in (0, 1))
    for row in sheet:
        assert sum(row.tricks) == (0 if row.thrown_in else row.size)


@SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32), config=CONFIGS, hands=st.integers(1, 2))
def test_random_hands_keep_every_invariant(seed: int, pick: int, config: dict[str, Any], hands: int) -> None:
    rng = random.Random(pick)
    state = GAME.new(seed=seed, config=config)
    while state.match.number <= hands:
        check_invariants(state)
        check_legality(state)
        legal = state.legal_actions()
        before, length = state, len(state.history)
        state = state.apply(legal[rng.randrange(len(legal))])
        assert len(before.history) == length and len(state.history) == length + 1
    check_hand_rows(state)
    record = json.loads(json.dumps(GAME.record(state)))
    assert GAME.replay(record) == state


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), config=CONFIGS)
def test_random_games_reach_the_one_card_hand_and_the_end(seed: int, config: dict[str, Any]) -> None:
    rng = random.Random(seed)
    state = GAME.new(seed=seed, config=config)
    sizes: list[int] = []
    while not state.is_over:
        if not sizes or sizes[-1] != state.deal.size:
            sizes.append(state.deal.size)
            check_invariants(state)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    assert 1 in sizes and sizes[0] == 13
    check_invariants(state)
    check_hand_rows(state)
    assert len(state.match.sheet) - sum(r.thrown_in for r in state.match.sheet) == state.config.deals
    result = state.result
    assert result is not None and result.scores == state.match.scores
    replayed = GAME.replay(json.loads(json.dumps(GAME.record(state))))
    assert replayed == state and replayed.result == result


def test_board_bids_are_listed_at_every_hand_size() -> None:
    state = GAME.new(seed=3)
    assert state.legal_actions()[-1].arg == "board" and BOARD == -1
