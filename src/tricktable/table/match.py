"""A match: many whole games between bots, optionally spread over worker processes.

Game ``i`` of a match is seeded from the match's seed and ``i`` alone, and each bot from its game's
seed and seat, so a match gives the same games and the same outcomes whatever the number of
processes, and any single game can be played again alone (:func:`play_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable import games
from tricktable.core.errors import ConfigError
from tricktable.core.rng import MAX_SEED, rng_for
from tricktable.table.loop import play_out
from tricktable.table.parallel import MAX_JOBS, map_chunks
from tricktable.table.seats import Seats, make_bots

__all__ = ["MAX_JOBS", "Match", "Outcome", "game_seed", "play_game", "run_games", "run_match"]


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game ``index`` of a match."""
    return rng_for(match_seed, f"simulate game {index}").randrange(MAX_SEED)


@dataclass(frozen=True, slots=True)
class Match:
    """What to play: ``games`` games of ``game`` with these config changes, bots at every seat, from
    one seed. A plain value, so it travels to worker processes."""

    game: str
    seats: Seats
    seed: int = 0
    games: int = 1
    config: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.seats.humans:
            raise ConfigError(f"a match is played by bots only; seats {list(self.seats.humans)} have none")
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ConfigError(f"a match has at least 1 game, not {self.games!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed <= MAX_SEED:
            raise ConfigError(f"the seed is a number from 0 to {MAX_SEED}, not {self.seed!r}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one game of a match ended: its index and seed, the winning team (None: a draw), the
    scores, and how many actions it took."""

    index: int
    winner: int | None
    scores: tuple[Any, ...]
    actions: int
    seed: int = 0


def play_game(game: str, seats: Seats, seed: int, config: Mapping[str, Any], index: int = 0) -> Outcome:
    """Play one game with bots at every seat, seeded by ``seed``."""
    state = games.get(game).new(seed=seed, config=dict(config))
    final = play_out(state, make_bots(game, seats, seed, state.config)).final
    result = final.result
    if result is None:
        raise RuntimeError(f"the bots stopped before the end of {final!r}")
    return Outcome(index, result.winner, tuple(result.scores), final.version, seed)


def run_games(match: Match, indices: Sequence[int]) -> list[Outcome]:
    """Play the games ``indices`` of a match (in a worker process or in this one)."""
    return [play_game(match.game, match.seats, game_seed(match.seed, i), match.config, i) for i in indices]


def run_match(match: Match, jobs: int = 1, advance: Callable[[int], None] = lambda n: None) -> list[Outcome]:
    """Play the match over ``jobs`` processes (at most :data:`MAX_JOBS`; 1: in this process);
    ``advance(n)`` is called as n more games finish. The outcomes come back in game order."""
    match.seats.check(match.game)
    outcomes = map_chunks(run_games, match, match.games, jobs, advance)
    outcomes.sort(key=lambda o: o.index)
    return outcomes
