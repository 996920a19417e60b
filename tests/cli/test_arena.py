"""``tricktable arena``: the --json shape, the table, the plot, and bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import CliRunner

SHORT = ("--option", "target=5")
KEYS = {
    "game",
    "bots",
    "games",
    "wins",
    "win_rate",
    "win_rate_ci",
    "score_diff",
    "score_diff_ci",
    "decision_ms",
}


def test_json_shape(cli: CliRunner) -> None:
    run = cli(
        "arena", "all-fours", "--bots", "heuristic,random", "--games", "6", "--seed", "3", "--json", *SHORT
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert set(data) == KEYS
    assert data["game"] == "all-fours" and data["bots"] == ["heuristic", "random"] and data["games"] == 6
    assert sum(data["wins"]) == 6 and data["win_rate"] == data["wins"][0] / 6
    lo, hi = data["win_rate_ci"]
    assert 0 <= lo <= data["win_rate"] <= hi <= 1
    lo, hi = data["score_diff_ci"]
    assert lo <= data["score_diff"] <= hi
    assert set(data["decision_ms"]) == {"heuristic", "random"}
    assert all(set(ms) == {"p50", "p99"} and ms["p50"] <= ms["p99"] for ms in data["decision_ms"].values())


def test_same_results_for_any_jobs_and_an_odd_count_rounded_up(cli: CliRunner) -> None:
    args = ("arena", "all-fours", "--bots", "heuristic,random", "--games", "5", "--json", *SHORT)
    one, two = (json.loads(cli(*args, "--jobs", jobs).out) for jobs in ("1", "2"))
    assert one["games"] == 6
    assert {k: v for k, v in one.items() if k != "decision_ms"} == {
        k: v for k, v in two.items() if k != "decision_ms"
    }


def test_table_and_plot(cli: CliRunner, tmp_path: Path) -> None:
    plot = tmp_path / "arena.png"
    run = cli("arena", "back-alley", "--bots", "medium,random", "--games", "4", "--plot", str(plot))
    assert run.code == 0, run.err
    for fragment in ("games won A / B / drawn", "win rate", "points per hand", "decision ms", "95% CI"):
        assert fragment in run.out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_arena_arguments(cli: CliRunner) -> None:
    cli("arena", "all-fours", "--bots", "random").assert_clean_error("--bots: an arena matches 2 bots")
    cli("arena", "all-fours", "--bots", "random,wizard").assert_clean_error("unknown bot 'wizard'")
    cli("arena", "all-fours", "--bots", "random,random", "--games", "0").assert_clean_error("--games")
    cli("arena", "all-fours", "--bots", "random,random", "--jobs", "0").assert_clean_error("--jobs")
    cli("arena", "all-fours", "--bots", "random,random", "--seed", "-1").assert_clean_error("--seed")
    cli("arena", "chess", "--bots", "random,random").assert_clean_error("unknown game 'chess'")


def test_a_logged_match_stopped_and_resumed_reports_one_runs_results(cli: CliRunner, tmp_path: Path) -> None:
    log = str(tmp_path / "arena.jsonl")
    base = ("arena", "all-fours", "--bots", "heuristic,random", "--seed", "3", "--json", *SHORT)
    first = cli(*base, "--games", "4", "--log", log)
    assert first.code == 0, first.err
    resumed = json.loads(cli(*base, "--games", "8", "--log", log).out)
    whole = json.loads(cli(*base, "--games", "8").out)
    assert {k: v for k, v in resumed.items() if k != "decision_ms"} == {
        k: v for k, v in whole.items() if k != "decision_ms"
    }
    assert len(Path(log).read_text().splitlines()) == 1 + 8
    cli("arena", "all-fours", "--bots", "random,heuristic", "--log", log).assert_clean_error(
        "--log: " + log + " is the log of another arena"
    )
