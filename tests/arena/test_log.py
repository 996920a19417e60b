"""The arena's log: a stopped match resumes where it stopped, with the results of one uninterrupted run."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tricktable.arena import Arena, Duel, run_arena
from tricktable.arena.log import ArenaLog
from tricktable.core.errors import ConfigError

SHORT = {"target": 4}


def _arena(games: int, seed: int = 5) -> Arena:
    return Arena("all-fours", ("heuristic", "random"), seed=seed, games=games, config=SHORT)


def _outcomes(duels: Sequence[Duel]) -> list[tuple[int, int, int | None, tuple[float, ...]]]:
    """What a game decided (its decision times differ from run to run)."""
    ordered = sorted(duels, key=lambda d: (d.pair, d.a_team))
    return [(d.pair, d.a_team, d.winner, d.deal_diffs) for d in ordered]


def _resume(path: Path, arena: Arena) -> tuple[list[int], list[Duel]]:
    """Run ``arena`` on the log at ``path`` as the CLI does: the pairs it played, and every game."""
    log = ArenaLog(path, arena)
    todo = log.pending(arena.pairs)
    run_arena(arena, pairs=todo, each=log.record)
    return todo, log.played(arena.pairs)


def test_a_match_extended_from_its_log_plays_only_the_new_pairs_and_equals_one_run(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    first, _ = _resume(path, _arena(4))
    assert first == [0, 1]
    played, duels = _resume(path, _arena(8))
    assert played == [2, 3]
    assert _outcomes(duels) == _outcomes(run_arena(_arena(8)))
    again, duels = _resume(path, _arena(8))
    assert again == [] and len(duels) == 8


def test_a_write_cut_off_by_a_stop_is_dropped_and_its_pair_played_again(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    _resume(path, _arena(4))
    lines = path.read_text().splitlines(keepends=True)
    # The stop came while pair 1's second game was being written: half its line, no newline.
    path.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2])
    log = ArenaLog(path, _arena(4))
    assert log.pending(2) == [1]
    assert path.read_text() == "".join(lines[:-1])  # cut back to the last whole line
    played, duels = _resume(path, _arena(4))
    assert played == [1]
    assert _outcomes(duels) == _outcomes(run_arena(_arena(4)))


def test_the_log_of_another_arena_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    _resume(path, _arena(2, seed=5))
    before = path.read_text()
    with pytest.raises(ConfigError, match=r"log of another arena \(all-fours, bots heuristic,random, seed 5"):
        ArenaLog(path, _arena(2, seed=6))
    assert path.read_text() == before


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ('{"pair": 0, "a_team"', "line 2, is not JSON"),
        ('{"pair": 0, "a_team": 0}', "line 2 is not a game of an arena log"),
        ('{"pair": -1, "a_team": 0, "winner": 0, "deal_diffs": [], "seconds": [[], []]}', "out of range"),
        ('{"pair": 0, "a_team": 0, "winner": 0, "deal_diffs": ["1"], "seconds": [[], []]}', "not a number"),
        ('{"pair": 0, "a_team": 0, "winner": 0, "deal_diffs": [], "seconds": [[]]}', "one list per side"),
    ],
)
def test_a_corrupt_line_is_an_error_naming_it(tmp_path: Path, line: str, error: str) -> None:
    path = tmp_path / "arena.jsonl"
    _resume(path, _arena(2))
    header, *games = path.read_text().splitlines(keepends=True)
    path.write_text(header + line + "\n" + "".join(games))
    with pytest.raises(ConfigError, match=error):
        ArenaLog(path, _arena(2))


def test_a_file_that_is_not_an_arena_log_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text('["some", "list"]\n')
    with pytest.raises(ConfigError, match="is not an arena log"):
        ArenaLog(path, _arena(2))


def test_the_pairs_to_play_are_checked() -> None:
    with pytest.raises(ConfigError, match="pairs are numbers from 0 to 1"):
        run_arena(_arena(4), pairs=[2])
