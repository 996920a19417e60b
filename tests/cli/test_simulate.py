"""``tricktable simulate``: results, the --json shape, determinism whatever the number of processes."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .conftest import CliRunner

SHORT = ("--option", "target=5")


def _json(cli: CliRunner, *args: str) -> dict[str, Any]:
    run = cli("simulate", "all-fours", "--json", *SHORT, *args)
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert isinstance(data, dict)
    return data


def test_json_shape_and_tallies(cli: CliRunner) -> None:
    data = _json(cli, "--games", "12", "--bots", "random,random", "--seed", "3")
    assert data["game"] == "all-fours" and data["games"] == 12 and data["seed"] == 3
    assert data["config"] == {"target": 5} and data["bots"] == ["random"] * 4
    assert [t["seats"] for t in data["teams"]] == [[0, 2], [1, 3]]
    for team in data["teams"]:
        assert team["wins"] + team["draws"] + team["losses"] == 12
        assert team["win_rate"] == team["wins"] / 12
        lo, hi = team["ci95"]
        assert 0 <= lo <= team["win_rate"] <= hi <= 1
        assert team["mean_score"] >= 0
    assert data["teams"][0]["wins"] == data["teams"][1]["losses"]  # All Fours never ends in a draw
    assert data["games_per_second"] > 0 and data["mean_actions"] > 0


def _results(data: dict[str, Any]) -> Any:
    return [{k: v for k, v in t.items()} for t in data["teams"]], data["mean_actions"]


def test_same_seed_same_results_whatever_the_jobs(cli: CliRunner) -> None:
    args = ("--games", "10", "--bots", "random,random", "--seed", "7")
    one = _json(cli, *args, "--jobs", "1")
    two = _json(cli, *args, "--jobs", "2")
    assert one["jobs"] == 1 and two["jobs"] == 2
    assert _results(one) == _results(two)
    other = _json(cli, "--games", "10", "--bots", "random,random", "--seed", "8")
    assert _results(other) != _results(one)


def test_per_seat_bots_and_the_table(cli: CliRunner) -> None:
    run = cli("simulate", "all-fours", "--games", "4", "--bots", "random,random,random,random", *SHORT)
    assert run.code == 0, run.err
    for heading in ("won", "drawn", "lost", "win rate", "95% CI", "mean score"):
        assert heading in run.out
    assert "4 games in" in run.out and "games/s" in run.out


def test_bad_simulate_arguments(cli: CliRunner) -> None:
    cli("simulate", "all-fours", "--bots", "random").assert_clean_error(
        "--bots: give 2 bot names (one per team) or 4"
    )
    cli("simulate", "all-fours", "--bots", "random,wizard").assert_clean_error("unknown bot 'wizard'")
    cli("simulate", "all-fours", "--bots", "random,,random").assert_clean_error("separated by commas")
    cli("simulate", "all-fours", "--bots", "random,random", "--games", "0").assert_clean_error("--games")
    cli("simulate", "all-fours", "--bots", "random,random", "--jobs", "0").assert_clean_error("--jobs")
    cli("simulate", "all-fours", "--bots", "random,random", "--seed", "-2").assert_clean_error("--seed")
    cli("simulate", "all-fours", "--games", "2").assert_clean_error("--bots")
    cli("simulate", "chess", "--bots", "random,random").assert_clean_error("unknown game 'chess'")


def test_ctrl_c_stops_a_parallel_run_at_once_with_one_line() -> None:
    # As from a shell: Ctrl-C at its default and unblocked, whatever the state of this test run (an
    # ignored or blocked signal is inherited).
    code = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
        "from tricktable.cli.main import main; sys.exit(main())"
    )
    argv = ["simulate", "tractor", "--games", "400", "--bots", "heuristic,heuristic", "--jobs", "2"]
    with subprocess.Popen(
        [sys.executable, "-c", code, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as proc:
        _wait_for_workers(proc.pid, 2)  # 400 games take minutes: the run is under way
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    assert err.decode().strip() == "tricktable: interrupted"


def _wait_for_workers(pid: int, count: int) -> None:
    """Until ``pid`` has ``count`` worker processes (from Linux's /proc; elsewhere a fixed wait), and
    a little more: a fresh checkout's first run can take seconds to import before it starts them."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            time.sleep(2.5)
            return
        workers = 0
        for child in children:
            with contextlib.suppress(OSError):  # a child that has just gone
                workers += b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
        if workers >= count:
            time.sleep(3.0)  # and they have started work (a Ctrl-C among starting workers is not this test's)
            return
        time.sleep(0.1)
    raise AssertionError(f"the run did not start {count} workers in 60 s")
