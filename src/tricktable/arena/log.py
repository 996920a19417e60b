"""An arena's games kept as they finish, so that a long match can be stopped and resumed.

The log is a JSON Lines file: its first line names the arena (game, bots, seed, rules changes: what
decides the games), each further line one finished game (:class:`~tricktable.arena.duplicate.Duel`).
Pairs are seeded by their number, so a run given the same log again plays only the games missing from
it, and with more ``games`` extends the match: the results are those of one uninterrupted run.

A process stopped in the middle of a write leaves a last line without its newline: it is dropped (that
game is played again). Any other line that cannot be read is an error naming the line: a log is never
silently cut short.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tricktable.arena.duplicate import SIDES, Arena, Duel
from tricktable.core.errors import ConfigError

__all__ = ["ArenaLog"]

_FORMAT = 1


class ArenaLog:
    """The games of ``arena`` kept in the file at ``path``: :attr:`duels` holds those already there
    (read when opened), :meth:`record` appends more. Raises :class:`ConfigError` when the file is of
    another arena or cannot be read."""

    def __init__(self, path: str | os.PathLike[str], arena: Arena) -> None:
        self.path = Path(path)
        self.header: dict[str, Any] = {"format": _FORMAT, "arena": _identity(arena)}
        self.duels: list[Duel] = []
        if self.path.exists() and self.path.stat().st_size > 0:
            self._read(arena)
        else:
            self._append([json.dumps(self.header)])

    def pending(self, pairs: int) -> list[int]:
        """The pairs of ``range(pairs)`` not yet played in full (both games) in the log."""
        games: dict[int, set[int]] = {}
        for duel in self.duels:
            games.setdefault(duel.pair, set()).add(duel.a_team)
        return [p for p in range(pairs) if len(games.get(p, ())) < SIDES]

    def played(self, pairs: int) -> list[Duel]:
        """The log's games of ``range(pairs)`` whose pair was played in full, one per pair and team,
        in order (pair, then A's team), as :func:`~tricktable.arena.duplicate.run_arena` returns them."""
        done = set(range(pairs)) - set(self.pending(pairs))
        kept = {(d.pair, d.a_team): d for d in self.duels if d.pair in done}
        return [kept[key] for key in sorted(kept)]

    def record(self, duels: Sequence[Duel]) -> None:
        """Append finished games (each on its line, written and flushed at once)."""
        self._append([json.dumps(_duel_json(d)) for d in duels])
        self.duels += duels

    # --- reading ---------------------------------------------------------------------------------
    def _read(self, arena: Arena) -> None:
        raw = self.path.read_bytes()
        complete = raw[: raw.rfind(b"\n") + 1]
        if len(complete) < len(raw):  # a write cut off by a stop: drop it before appending
            with self.path.open("r+b") as f:
                f.truncate(len(complete))
        lines = complete.decode("utf-8", errors="replace").splitlines()
        if not lines:
            self._append([json.dumps(self.header)])
            return
        first = self._line(lines[0], 1)
        if not isinstance(first, dict) or first.get("format") != _FORMAT or "arena" not in first:
            raise ConfigError(f"{self.path} is not an arena log (its first line names no arena)")
        if first["arena"] != self.header["arena"]:
            raise ConfigError(
                f"{self.path} is the log of another arena ({_described(first['arena'])}), not of "
                f"{_described(self.header['arena'])}: give the same game, bots, seed and options, "
                "or another file"
            )
        for number, line in enumerate(lines[1:], start=2):
            self.duels.append(_duel(self._line(line, number), f"{self.path}, line {number}"))

    def _line(self, line: str, number: int) -> Any:
        try:
            return json.loads(line)
        except ValueError:
            raise ConfigError(f"{self.path}, line {number}, is not JSON: {line[:60]!r}") from None

    def _append(self, lines: Sequence[str]) -> None:
        if not lines:
            return
        with self.path.open("a", encoding="utf-8") as f:
            f.write("".join(f"{line}\n" for line in lines))
            f.flush()
            os.fsync(f.fileno())


def _identity(arena: Arena) -> dict[str, Any]:
    """What decides an arena's games (not how many are asked for: a resumed run may ask for more)."""
    return {
        "game": arena.game,
        "bots": list(arena.bots),
        "seed": arena.seed,
        "config": json.loads(json.dumps(dict(arena.config), sort_keys=True)),
    }


def _described(identity: Mapping[str, Any]) -> str:
    bots = identity.get("bots")
    names = ",".join(str(b) for b in bots) if isinstance(bots, list) else "?"
    text = f"{identity.get('game')}, bots {names}, seed {identity.get('seed')}"
    return text + (f", options {identity['config']}" if identity.get("config") else "")


def _duel_json(duel: Duel) -> dict[str, Any]:
    return {
        "pair": duel.pair,
        "a_team": duel.a_team,
        "winner": duel.winner,
        "deal_diffs": list(duel.deal_diffs),
        "seconds": [list(side) for side in duel.seconds],
    }


def _duel(value: Any, where: str) -> Duel:
    """A game read back from its line; a clear error for anything else."""
    try:
        if not isinstance(value, dict):
            raise TypeError("not an object")
        pair, a_team, winner = value["pair"], value["a_team"], value["winner"]
        if not (_side(a_team) and _count(pair) and (winner is None or _side(winner))):
            raise ValueError("pair, a_team or winner out of range")
        seconds = value["seconds"]
        if not isinstance(seconds, list) or len(seconds) != SIDES:
            raise ValueError("seconds is not one list per side")
        return Duel(
            pair,
            a_team,
            winner,
            tuple(_number(x) for x in value["deal_diffs"]),
            (tuple(_number(x) for x in seconds[0]), tuple(_number(x) for x in seconds[1])),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise ConfigError(f"{where} is not a game of an arena log ({err})") from None


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _side(value: Any) -> bool:
    return _count(value) and value < SIDES


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{value!r} is not a number")
    return float(value)
