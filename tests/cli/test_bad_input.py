"""Entries and files the CLI must survive: one line (exit 2) or a question asked again, never a
traceback, never a move lost, never a whole pasted entry echoed back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable import games

from .conftest import CliRunner, Run, load

HUGE = "9" * 5000
AF = ("--bots", "random", "--option", "target=3")
LONGEST_LINE = 300
"""Longer than a message naming a pytest temporary path; far shorter than a pasted entry."""


def _calm(run: Run) -> None:
    """No traceback, and no line that echoes a pasted entry whole."""
    assert "Traceback" not in run.out + run.err
    assert max(len(line) for line in (run.out + run.err).splitlines()) < LONGEST_LINE


def test_odd_numbers_at_the_game_menu_ask_again(cli: CliRunner) -> None:
    run = cli("play", "--seed", "1", "--bots", "random", stdin=["²", HUGE, "0", "all-fours", "quit"])
    assert run.code == 0, run.err
    _calm(run)
    assert run.out.count("type a number from 1 to") == 3 and "All Fours" in run.out


def test_odd_numbers_at_the_action_prompt_ask_again(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "all-fours", "--seed", "2", *AF, stdin=["²", HUGE, "٣", "1", "quit"])
    assert run.code == 0, run.err
    _calm(run)
    assert run.out.count("choose a number from 1 to") == 3
    assert [s for s, _ in load(tmp_path / "saves" / "all-fours-2.json")["actions"]].count(0) == 1


def test_odd_bids_and_pasted_actions_are_refused_in_one_short_line(cli: CliRunner, tmp_path: Path) -> None:
    entries = ["bid ²", f"bid {HUGE}", f"play {'x' * 5000}", "x" * 5000, "1", "quit"]
    run = cli("play", "back-alley", "--seed", "2", "--bots", "random", stdin=entries)
    assert run.code == 0, run.err
    _calm(run)
    assert "…" in run.out
    assert [s for s, _ in load(tmp_path / "saves" / "back-alley-2.json")["actions"]].count(0) == 1


def _record(tmp_path: Path, name: str, **changes: object) -> Path:
    game = games.get("all-fours")
    record = game.record(game.new(seed=5))
    record.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_damaged_records_give_one_line(cli: CliRunner, tmp_path: Path, command: str) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    long_seed = tmp_path / "seed.json"
    long_seed.write_text(f'{{"game": "all-fours", "seed": {HUGE}, "actions": []}}')
    pasted = _record(tmp_path, "pasted.json", seed=int("7" * 4000))
    for path, fragment in [(deep, "nested too deeply"), (long_seed, "too long"), (pasted, "seed")]:
        argv = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
        run = cli(*argv)
        run.assert_clean_error(fragment)
        _calm(run)


def test_replay_of_an_endless_file_stops_at_the_size_cap(cli: CliRunner) -> None:
    cli("replay", "/dev/zero").assert_clean_error("too large for a game record")


def test_a_saved_seat_of_true_or_odd_bots_falls_back_to_the_defaults(cli: CliRunner, tmp_path: Path) -> None:
    for i, table in enumerate(
        [
            {"seat": True, "bots": ["random"] * 4},
            {"seat": 9, "bots": 3},
            {"seat": 1, "bots": [None, 2, "", []]},
        ]
    ):
        path = _record(tmp_path, f"t{i}.json", table=table)
        run = cli("play", "--resume", str(path), stdin=["quit"])
        assert run.code == 0, run.err
        _calm(run)
        seat = 1 if i == 2 else 0  # a seat of true is no seat: the default
        assert f"you are seat {seat}" in run.out
        assert load(path)["table"]["seat"] == seat


def test_a_failed_save_keeps_the_autosave_and_the_next_move(cli: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("")
    run = cli("play", "all-fours", "--seed", "4", *AF, stdin=["save afile/x.json", "1", "quit"])
    assert run.code == 0, run.err
    assert "cannot save the game to afile/x.json" in run.out and "still saved to" in run.out
    record = load(tmp_path / "saves" / "all-fours-4.json")
    assert [s for s, _ in record["actions"]].count(0) == 1  # the move after the failed save was kept


def test_a_new_game_never_overwrites_a_save(cli: CliRunner, tmp_path: Path) -> None:
    first = cli("play", "all-fours", "--seed", "6", *AF, stdin=["1", "quit"])
    assert first.code == 0, first.err
    path = tmp_path / "saves" / "all-fours-6.json"
    kept = path.read_text()
    again = cli("play", "all-fours", "--seed", "6", *AF, stdin=["quit"])
    again.assert_clean_error("already exists", f"--resume {path}", "--overwrite")
    assert path.read_text() == kept
    (tmp_path / "mine.json").write_text("precious")
    cli("play", "all-fours", "--save", "mine.json", *AF, stdin=["quit"]).assert_clean_error("already exists")
    assert (tmp_path / "mine.json").read_text() == "precious"
    over = cli("play", "all-fours", "--seed", "6", "--overwrite", *AF, stdin=["quit"])
    assert over.code == 0 and [s for s, _ in load(path)["actions"]].count(0) == 0


def test_long_arguments_are_cut_in_messages(cli: CliRunner) -> None:
    for argv in (
        ["play", "all-fours", "--bots", "x" * 5000],
        ["play", "all-fours", "--option", f"target={HUGE}"],
        ["play", "all-fours", "--seat", HUGE],
        ["simulate", "all-fours", "--bots", "random,random", "--games", HUGE],
    ):
        run = cli(*argv)
        run.assert_clean_error()
        _calm(run)


def test_simulate_jobs_has_a_ceiling(cli: CliRunner) -> None:
    cli("simulate", "all-fours", "--bots", "random,random", "--jobs", "100000").assert_clean_error(
        "--jobs must be from 1 to"
    )


def test_simulate_into_a_closed_pipe_exits_0_quietly() -> None:
    code = "import sys; from tricktable.cli.main import main; sys.exit(main())"
    argv = ["simulate", "all-fours", "--games", "3", "--bots", "random,random", "--option", "target=3"]
    with subprocess.Popen(
        [sys.executable, "-c", code, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # like '| head -1' gone before the table comes
        err = proc.stderr.read()
        proc.wait(timeout=60)
    assert proc.returncode == 0 and err == b""


def test_simulate_into_a_pipe_keeps_table_rows_whole(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    run = cli("simulate", "all-fours", "--games", "3", "--bots", "random,heuristic", "--option", "target=3")
    assert run.code == 0, run.err
    header = next(line for line in run.out.splitlines() if "team (seats)" in line)
    assert "win rate" in header and "95% CI" in header and "mean score" in header
    assert "heuristic" in run.out and "3 games in" in next(x for x in run.out.splitlines() if "games in" in x)
    assert any(line.endswith("actions per game") and "games/s" in line for line in run.out.splitlines())


@pytest.mark.parametrize("name", ["all-fours", "back-alley", "tractor"])
def test_rules_wrap_with_hanging_indents_when_piped(
    cli: CliRunner, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("COLUMNS", "70")
    run = cli("rules", name)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert all(len(line) <= 70 for line in lines), max(lines, key=len)
    options = lines[lines.index("Options (--option key=value):") + 1 :]
    docs = [line for line in options if line and not line.startswith("  ") and not line.startswith("Presets")]
    assert docs == []  # every description line, continued or not, keeps its indent
    assert any(line.startswith("      ") for line in options)
    actions = lines[lines.index("Actions:") + 1 : lines.index("Options (--option key=value):")]
    assert all(line.startswith("  ") for line in actions if line)
    assert any(line.startswith(" " * 25) for line in [*actions, *options]) or all(
        len(x) < 70 for x in actions
    )
