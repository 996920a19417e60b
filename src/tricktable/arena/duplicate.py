"""Duplicate play: every deal twice, the two bots swapping teams, so that the luck of the cards falls
on both sides alike.

Pair ``i`` of an arena is one game seed (so the same deals, in the same order) played once with bot A
on team 0 and once with bot A on team 1. Each bot is seeded from the game's seed and its seat, as at
any table, so a pair, and a whole arena, plays the same for any number of worker processes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable import bots, games
from tricktable.bots import Bot
from tricktable.core.errors import ConfigError
from tricktable.core.events import DealScored, DealStarted
from tricktable.core.rng import MAX_SEED
from tricktable.core.state import team_of
from tricktable.table import bot_seed, game_seed, play_out, split_names
from tricktable.table.parallel import map_chunks

__all__ = ["SIDES", "Arena", "Duel", "play_duel", "play_pairs", "run_arena"]

SIDES = 2
"""An arena matches two bots: side 0 is bot A, side 1 bot B."""
CHUNKS_PER_JOB = 4
"""Pairs are handed to the workers in this many pieces per process (progress, load balance)."""


@dataclass(frozen=True, slots=True)
class Arena:
    """What to play: ``games`` games of ``game`` (an odd number is rounded up: every deal is played
    twice) between bot ``bots[0]`` (side A) and ``bots[1]`` (side B), from one seed, with these
    changes to the rules. A plain value, so it travels to worker processes."""

    game: str
    bots: tuple[str, str]
    seed: int = 0
    games: int = 2
    config: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = split_names(self.bots)
        if len(names) != SIDES:
            raise ConfigError(f"an arena matches 2 bots, like 'hard,medium', not {len(names)}")
        object.__setattr__(self, "bots", names)
        object.__setattr__(self, "game", games.get(self.game).name)
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ConfigError(f"an arena plays at least 1 game, not {self.games!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed <= MAX_SEED:
            raise ConfigError(f"the seed is a number from 0 to {MAX_SEED}, not {self.seed!r}")
        for name in names:
            bots.get(name, game=self.game, seed=0, config=dict(self.config))

    @property
    def pairs(self) -> int:
        """How many deals-in-duplicate: each is two games."""
        return math.ceil(self.games / SIDES)


@dataclass(frozen=True, slots=True)
class Duel:
    """One game of an arena: its pair, the team bot A sat in, the winning side (0: A, 1: B, None:
    a draw), the score difference of each deal (A's gain minus B's: points, or levels in Tractor),
    and each side's decision times in seconds (decisions with more than one legal action only)."""

    pair: int
    a_team: int
    winner: int | None
    deal_diffs: tuple[float, ...]
    seconds: tuple[tuple[float, ...], tuple[float, ...]]


def play_duel(arena: Arena, pair: int, a_team: int) -> Duel:
    """Play one game of ``arena``: pair ``pair``'s seed, with bot A at the seats of ``a_team``."""
    game = games.get(arena.game)
    seed = game_seed(arena.seed, pair)
    config = dict(arena.config)
    state = game.new(seed=seed, config=config)
    num_seats = state.num_seats
    side = [0 if team_of(s, num_seats) == a_team else 1 for s in range(num_seats)]
    players: dict[int, Bot] = {
        s: bots.get(arena.bots[side[s]], game=arena.game, seed=bot_seed(seed, s), config=config)
        for s in range(num_seats)
    }
    played = play_out(state, players)
    final = played.final
    result = final.result
    if result is None:
        raise RuntimeError(f"the bots stopped before the end of {final!r}")
    winner = None if result.winner is None else (0 if result.winner == a_team else 1)
    seconds: tuple[list[float], list[float]] = ([], [])
    for decision in played.decisions:
        if decision.options > 1:
            seconds[side[decision.seat]].append(decision.seconds)
    b_team = next(team_of(s, num_seats) for s in range(num_seats) if side[s] == 1)
    diffs = _deal_diffs(final.events(None), a_team, b_team)
    return Duel(pair, a_team, winner, diffs, (tuple(seconds[0]), tuple(seconds[1])))


def _deal_diffs(events: Sequence[object], a_team: int, b_team: int) -> tuple[float, ...]:
    """A's gain minus B's in each scored deal, from the spectator's events."""
    diffs: list[float] = []
    before: tuple[int, ...] | None = None
    for event in events:
        if isinstance(event, DealStarted) and before is None:
            before = event.scores
        elif isinstance(event, DealScored) and before is not None:
            after = event.scores
            diffs.append(float((after[a_team] - before[a_team]) - (after[b_team] - before[b_team])))
            before = after
    return tuple(diffs)


def play_pairs(arena: Arena, pairs: Sequence[int]) -> list[Duel]:
    """Both games of each pair in ``pairs`` (in a worker process or in this one)."""
    return [play_duel(arena, pair, a_team) for pair in pairs for a_team in range(SIDES)]


@dataclass(frozen=True, slots=True)
class _Some:
    """Some of an arena's pairs, as a worker's job: chunk ``k`` of the work is ``pairs[k]``."""

    arena: Arena
    pairs: tuple[int, ...]


def _play_some(job: _Some, chunk: Sequence[int]) -> list[Duel]:
    return play_pairs(job.arena, [job.pairs[k] for k in chunk])


def run_arena(
    arena: Arena,
    jobs: int | None = None,
    advance: Callable[[int], None] = lambda n: None,
    *,
    backend: str = "local",
    address: str | None = None,
    pairs: Sequence[int] | None = None,
    each: Callable[[Sequence[Duel]], None] | None = None,
) -> list[Duel]:
    """Play the arena over ``jobs`` processes (None or 1: in this one); ``advance(n)`` is called as
    ``n`` more games finish. The games come back in order (pair, then A's team): the same for any
    ``jobs`` and either backend. ``backend="ray"`` plays on the Ray cluster at ``address`` (None: a
    local instance; see :mod:`tricktable.table.ray_backend`), ``jobs`` tasks at once (None: one per
    CPU of the cluster).

    ``pairs`` plays only those of the arena's pairs (a resumed run: :class:`~tricktable.arena.log.ArenaLog`);
    ``each(duels)`` is told of every pair's two games as they finish, in this process."""
    todo = tuple(range(arena.pairs)) if pairs is None else tuple(pairs)
    if any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < arena.pairs for p in todo):
        raise ConfigError(f"pairs are numbers from 0 to {arena.pairs - 1}, not {list(todo)!r}")
    # Kept as they come, a pair at a time; otherwise in a few chunks per worker (less overhead).
    per_job = max(1, len(todo)) if each is not None else CHUNKS_PER_JOB
    duels = map_chunks(
        _play_some,
        _Some(arena, todo),
        len(todo),
        jobs,
        advance,
        per_job,
        backend=backend,
        address=address,
        each=each,
    )
    duels.sort(key=lambda d: (d.pair, d.a_team))
    return duels
