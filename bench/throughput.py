"""Random play through the public API: deals per second and the cost of each call.

What is counted: a *deal* (a hand in Back Alley, a deal in All Fours, a round in Tractor) is everything
from the first action after the previous deal's last trick up to and including this deal's last trick —
for Back Alley the 4 bids and 13 tricks, for Tractor the draw, declarations, kitty and 25 tricks. Each step
is ``legal = state.legal_actions(); action = legal[rng.randrange(len(legal))]; state =
state.apply_legal(action)`` (the fast path for an action taken from the list; ``apply`` would check it
again), one process, one core. Tractor's optional out-of-turn declarations are not taken (the seat to
move only).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from tricktable import games


@dataclass(frozen=True)
class Throughput:
    game: str
    deals: int
    actions: int
    seconds: float
    legal_seconds: float
    apply_seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def us_per_legal(self) -> float:
        return 1e6 * self.legal_seconds / self.actions

    @property
    def us_per_apply(self) -> float:
        return 1e6 * self.apply_seconds / self.actions


def random_deals(
    name: str,
    seconds: float,
    *,
    config: Any = None,
    first_deal_only: bool = False,
    per_call_timers: bool = False,
) -> Throughput:
    """Play random deals for about ``seconds``. ``first_deal_only`` restarts a new game after each first
    deal (Back Alley's 13-card hand), otherwise games run on. ``per_call_timers`` also times each
    ``legal_actions`` and ``apply_legal`` call (off for the headline figure: then nothing but the API
    runs)."""
    game = games.get(name)
    rng = random.Random(1)
    clock = time.perf_counter
    deals = actions = seed = 0
    legal_time = apply_time = 0.0
    start = clock()
    state = game.new(seed=seed, config=config)
    while True:
        t0 = clock() if per_call_timers else 0.0
        legal = state.legal_actions()
        if per_call_timers:
            legal_time += clock() - t0
        action = legal[rng.randrange(len(legal))]
        was_play = state.phase == "play"
        t0 = clock() if per_call_timers else 0.0
        state = state.apply_legal(action)
        if per_call_timers:
            apply_time += clock() - t0
        actions += 1
        if was_play and state.phase != "play":
            deals += 1
            if deals % 8 == 0 and clock() - start >= seconds:
                break
            if first_deal_only or state.is_over:
                seed += 1
                state = game.new(seed=seed, config=config)
        elif state.is_over:
            seed += 1
            state = game.new(seed=seed, config=config)
    return Throughput(name, deals, actions, clock() - start, legal_time, apply_time)
