"""Tractor's trick-logic latencies.

1. ``check_follow`` over the follows met in random play (random rounds through the public API; each
   follower's hand, the lead and the chosen play are taken from the seat's view): median and p99 µs.
2. The worst case over 10,000 random situations however large the lead: random 25-card hands from the
   double pack, leads that are random one-suit multisets of up to 12 cards (single, pairs, tractors, big
   throws), in trumps and in plain suits, with random trumps. Per situation: ``check_follow`` on a random
   play, ``selectable`` with a random partial pick, ``len(legal_follows)`` and one random index into it.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tricktable import games
from tricktable.cards import Card, Rank, Suit, pack
from tricktable.core import IllegalActionError
from tricktable.games.tractor import Trump, check_follow, legal_follows
from tricktable.games.tractor.follow import selectable

SITUATIONS = 10_000
PLAY_ROUNDS = 40
LIMIT_MS = 50.0


def _timed(fn: Callable[..., Any], *args: Any) -> float:
    """Seconds one call takes; a refusal (IllegalActionError) is an answer like any other."""
    t0 = time.perf_counter()
    with contextlib.suppress(IllegalActionError):
        fn(*args)
    return time.perf_counter() - t0


def follows_in_random_play(
    rounds: int = PLAY_ROUNDS,
) -> list[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], Trump]]:
    """(hand, lead, play, trump) for every follow made in ``rounds`` random rounds."""
    game = games.get("tractor")
    rng = random.Random(7)
    out = []
    for seed in range(rounds):
        state = game.new(seed=seed)
        rounds_seen = 0
        while not state.is_over and rounds_seen < 1:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if state.phase == "play":
                view = state.view(state.to_move)
                if view.trick:
                    assert isinstance(view.trump, Trump)
                    out.append((tuple(view.hand), tuple(view.trick[0][1]), action.cards, view.trump))
            was_play = state.phase == "play"
            state = state.apply_legal(action)
            if was_play and state.phase != "play":
                rounds_seen += 1
    return out


def random_situation(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...], Trump]:
    deck = list(pack(decks=2, jokers=2))
    rng.shuffle(deck)
    hand, other = tuple(deck[:25]), deck[25:50]
    suit = rng.choice([None, *Suit])
    trump = Trump(rank=rng.choice(list(Rank)), suit=suit)
    led_suit = trump.suit_of(rng.choice(other))
    same = [c for c in other if trump.suit_of(c) == led_suit]
    size = rng.randint(1, min(12, len(same)))
    lead = tuple(rng.sample(same, size))
    return hand, lead, trump


def report_queries() -> dict[str, Any]:
    follows = follows_in_random_play()
    times = [_timed(check_follow, hand, lead, play, trump) * 1e6 for hand, lead, play, trump in follows]
    times.sort()
    median = statistics.median(times)
    p99 = times[int(0.99 * (len(times) - 1))]
    print(
        f"\ntractor check_follow over {len(times):,} follows met in random play: "
        f"median {median:.1f} µs, p99 {p99:.1f} µs (target: median ≤ 30 µs)"
    )

    rng = random.Random(11)
    worst: dict[str, float] = {
        "check_follow": 0.0,
        "selectable": 0.0,
        "len(legal_follows)": 0.0,
        "legal_follows[i]": 0.0,
    }
    largest = 0
    for _ in range(SITUATIONS):
        hand, lead, trump = random_situation(rng)
        play = tuple(rng.sample(hand, len(lead)))
        picked = tuple(rng.sample(hand, rng.randint(0, len(lead) - 1)))
        worst["check_follow"] = max(worst["check_follow"], _timed(check_follow, hand, lead, play, trump))
        worst["selectable"] = max(worst["selectable"], _timed(selectable, hand, lead, trump, picked))
        t0 = time.perf_counter()
        follows_seq = legal_follows(hand, lead, trump)  # building the lazy sequence counts too
        count = len(follows_seq)
        worst["len(legal_follows)"] = max(worst["len(legal_follows)"], time.perf_counter() - t0)
        index = rng.randrange(count)
        worst["legal_follows[i]"] = max(worst["legal_follows[i]"], _timed(follows_seq.__getitem__, index))
        largest = max(largest, count)
    print(
        f"worst of {SITUATIONS:,} random situations (leads up to 12 cards; largest follow set {largest:,}):"
    )
    for name, seconds in worst.items():
        print(f"  {name:<20} {seconds * 1e3:8.2f} ms   (limit {LIMIT_MS:.0f} ms)")
    return {
        "check_follow_median_us": median,
        "check_follow_p99_us": p99,
        "follows_measured": len(times),
        "worst_ms": {k: v * 1e3 for k, v in worst.items()},
        "largest_follow_set": largest,
    }
