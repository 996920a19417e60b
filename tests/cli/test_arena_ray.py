"""``tricktable arena --backend ray``: the same games on a Ray cluster as in local processes, and its
errors as one line (Ray missing, a cluster that cannot be reached, --address without Ray).

Starting Ray takes about 11 s here, so one test starts it; the others never do."""

from __future__ import annotations

import json
import socket
import sys
import time
from typing import Any

import pytest

from tricktable.arena import Arena, run_arena
from tricktable.core.errors import ConfigError

from .conftest import CliRunner

ARGS = ("arena", "back-alley", "--bots", "medium,random", "--games", "6", "--seed", "11", "--json")


def _without_times(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "decision_ms"}


def test_ray_plays_the_same_games_as_local_processes(cli: CliRunner) -> None:
    import ray

    local = cli(*ARGS)
    assert local.code == 0, local.err
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = cli(*ARGS, "--backend", "ray")
        assert remote.code == 0, remote.err
        assert ray.is_initialized()  # a caller's instance is used and left running
        arena = Arena("all-fours", ("medium", "random"), seed=4, games=5, config={"target": 5})
        on_ray = run_arena(arena, jobs=2, backend="ray")
    finally:
        ray.shutdown()
    print(f"Ray: started, two arenas played and stopped in {time.perf_counter() - start:.1f} s")
    one, two = json.loads(local.out), json.loads(remote.out)
    assert set(two["decision_ms"]) == {"medium", "random"}
    assert _without_times(one) == _without_times(two)
    local_duels = run_arena(arena, jobs=1)
    assert [(d.pair, d.a_team, d.winner, d.deal_diffs) for d in on_ray] == [
        (d.pair, d.a_team, d.winner, d.deal_diffs) for d in local_duels
    ]
    assert len(on_ray) == 6


def test_without_ray_the_error_names_the_extra(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    cli(*ARGS, "--backend", "ray").assert_clean_error("needs Ray", "tricktable[ray]")
    with pytest.raises(ConfigError, match=r"tricktable\[ray\]"):
        run_arena(Arena("all-fours", ("random", "random")), backend="ray")


def test_an_unreachable_cluster_is_one_line(cli: CliRunner) -> None:
    with socket.socket() as free:  # a port that nothing listens on once closed
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    cli(*ARGS, "--backend", "ray", "--address", f"127.0.0.1:{port}").assert_clean_error(
        "cannot reach the Ray cluster", f"127.0.0.1:{port}"
    )


def test_backend_arguments(cli: CliRunner) -> None:
    cli(*ARGS, "--address", "127.0.0.1:6379").assert_clean_error("--address is for --backend ray")
    cli(*ARGS, "--backend", "spark").assert_clean_error("--backend")
    cli(*ARGS, "--backend", "ray", "--jobs", "0").assert_clean_error("--jobs")
