"""Who sits where: a human or a named bot at each seat, and each bot seeded from the game's seed.

>>> seats = Seats.assign(4, "heuristic,random,easy", humans=(0,))
>>> seats
Seats(None, 'heuristic', 'random', 'easy')
>>> seats.humans, seats.bot_seats
((0,), (1, 2, 3))
>>> Seats.for_teams(4, "heuristic,random").players
('heuristic', 'random', 'heuristic', 'random')
>>> bot_seed(7, 1) == bot_seed(7, 1) != bot_seed(7, 2)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable import bots
from tricktable.bots import Bot
from tricktable.core.errors import ConfigError
from tricktable.core.rng import MAX_SEED, rng_for
from tricktable.core.state import team_of

__all__ = ["Seats", "bot_seed", "make_bots", "split_names"]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``, derived from the game's seed: a seeded game is repeatable
    whoever else sits at the table."""
    return rng_for(game_seed, f"bot {seat}").randrange(MAX_SEED)


def split_names(spec: str | Sequence[str]) -> tuple[str, ...]:
    """Bot names from ``"heuristic,random"`` (or a sequence of names), stripped; an empty name is an
    error."""
    names = tuple(n.strip() for n in (spec.split(",") if isinstance(spec, str) else spec))
    if not names or any(not n for n in names):
        raise ConfigError(f"bot names are separated by commas, like 'heuristic,random', not {spec!r}")
    return names


@dataclass(frozen=True, slots=True, init=False)
class Seats:
    """The players of one table: ``players[seat]`` is a bot's name, or None for a human. A value:
    it says who sits where, and :func:`make_bots` makes the bots for one game from it."""

    players: tuple[str | None, ...]

    def __init__(self, players: Iterable[str | None]) -> None:
        checked = tuple(players)
        if not checked:
            raise ConfigError("a table needs at least one seat")
        for name in checked:
            if name is not None and (not isinstance(name, str) or not name.strip()):
                raise ConfigError(f"a seat holds a bot's name or None (a human), not {name!r}")
        object.__setattr__(self, "players", checked)

    @classmethod
    def assign(cls, num_seats: int, bots: str | Sequence[str], *, humans: Iterable[int] = ()) -> Seats:
        """Humans at ``humans``, bots at every other seat: one name for all of them, or one per
        bot seat in seat order."""
        human_seats = set()
        for seat in humans:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_seats:
                raise ConfigError(f"a seat is a number from 0 to {num_seats - 1}, not {seat!r}")
            human_seats.add(seat)
        others = [s for s in range(num_seats) if s not in human_seats]
        names = split_names(bots) if others else ()
        if len(names) == 1:
            names *= len(others)
        if len(names) != len(others):
            raise ConfigError(f"give one bot name, or {len(others)} (one per other seat), not {len(names)}")
        by_seat = dict(zip(others, names, strict=True))
        return cls(by_seat.get(s) for s in range(num_seats))

    @classmethod
    def for_teams(cls, num_seats: int, bots: str | Sequence[str]) -> Seats:
        """Bots only: one name per team (team 0 first), or one per seat."""
        names = split_names(bots)
        num_teams = len({team_of(s, num_seats) for s in range(num_seats)})
        if len(names) == num_teams:
            return cls(names[team_of(s, num_seats)] for s in range(num_seats))
        if len(names) == num_seats:
            return cls(names)
        per_seat = f" or {num_seats} (one per seat)" if num_seats != num_teams else ""
        raise ConfigError(f"give {num_teams} bot names (one per team){per_seat}, not {len(names)}")

    @classmethod
    def from_list(cls, players: Any) -> Seats:
        """From the JSON list :meth:`to_list` gives (a saved game's seats); anything else is a
        :class:`ConfigError`."""
        if not isinstance(players, list) or not all(p is None or isinstance(p, str) for p in players):
            raise ConfigError("the seats are a list of bot names, with null for a human")
        return cls(players)

    def to_list(self) -> list[str | None]:
        return list(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def __repr__(self) -> str:
        return f"Seats({', '.join(map(repr, self.players))})"

    @property
    def num_seats(self) -> int:
        return len(self.players)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, name in enumerate(self.players) if name is None)

    @property
    def bot_seats(self) -> tuple[int, ...]:
        return tuple(s for s, name in enumerate(self.players) if name is not None)

    def is_human(self, seat: int) -> bool:
        return self.players[seat] is None

    def bot_names(self) -> dict[int, str]:
        """``{seat: bot name}`` for the bot seats."""
        return {s: name for s, name in enumerate(self.players) if name is not None}

    def check(self, game: str) -> None:
        """Raise :class:`ConfigError` naming the first bot that ``game`` lacks."""
        for name in dict.fromkeys(self.bot_names().values()):
            _new_bot(name, game, 0, None)


def make_bots(game: str, seats: Seats, game_seed: int, config: Any = None) -> dict[int, Bot]:
    """A new bot for each bot seat of ``seats``, seeded by :func:`bot_seed`: the same game seed always
    gives the same bots. ``config`` is the table's rules (a search bot samples worlds under them). A
    bot the game lacks is a :class:`ConfigError`."""
    return {
        seat: _new_bot(name, game, bot_seed(game_seed, seat), config)
        for seat, name in seats.bot_names().items()
    }


def _new_bot(name: str, game: str, seed: int, config: Any) -> Bot:
    try:
        return bots.get(name, game=game, seed=seed, config=config)
    except ImportError:
        # The registry names a bot whose module this build does not ship (yet).
        raise ConfigError(f"the {name} bot for {game} is not available in this installation") from None
