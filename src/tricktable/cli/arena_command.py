"""The ``tricktable arena`` command: two bots on duplicate deals (:mod:`tricktable.arena`), a progress
bar on stderr while they play, then the report (a table, or one JSON object with ``--json``) and, with
``--plot FILE``, a PNG of the running estimates. ``--backend ray [--address ...]`` plays the same games
on a Ray cluster; ``--log FILE`` keeps each game as it ends, and a run given the same file resumes."""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tricktable import games
from tricktable.arena import Arena, Report, run_arena, summarize
from tricktable.arena.log import ArenaLog
from tricktable.cli.errors import CliError, clip
from tricktable.cli.options import get_game, parse_options, resolve_config
from tricktable.cli.sim_command import check_run
from tricktable.core import TricktableError
from tricktable.core.errors import ConfigError
from tricktable.table.parallel import BACKENDS, MAX_JOBS
from tricktable.table.ray_backend import import_ray

__all__ = ["add_arena_parser", "arena_command"]


def add_arena_parser(sub: Any) -> None:
    """The ``arena`` subcommand's arguments."""
    arena = sub.add_parser(
        "arena",
        help="measure two bots on duplicate deals",
        description="Two bots on duplicate deals: each deal is played twice, the bots swapping teams.",
    )
    arena.add_argument("game")
    arena.add_argument("--bots", required=True, help="two bot names, A,B (e.g. hard,medium)")
    arena.add_argument("--games", type=int, default=100, help="games in all, an even number (default 100)")
    arena.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    arena.add_argument(
        "--jobs",
        type=int,
        help="worker processes (default 1); with --backend ray, tasks at once (default: the cluster's CPUs)",
    )
    arena.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local processes (default) or a Ray cluster (the tricktable[ray] extra)",
    )
    arena.add_argument(
        "--address", help="with --backend ray: the cluster to join (default: start a local Ray instance)"
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    arena.add_argument("--plot", metavar="FILE", help="write the running estimates as a PNG")
    arena.add_argument(
        "--log",
        metavar="FILE",
        help="keep each finished game in FILE (JSON lines); given the same FILE again, a run plays only "
        "the games missing from it, so a long match can be stopped and resumed, or extended with --games",
    )
    arena.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rules option (repeatable)")


def arena_command(console: Console, args: argparse.Namespace) -> int:
    """``tricktable arena``: check the arguments, play the pairs, print the report."""
    game = get_game(args.game)
    config = resolve_config(game, parse_options(args.option))
    _check_backend(args)
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise CliError("--plot needs matplotlib: pip install 'tricktable[arena]'") from None
    try:
        names = tuple(args.bots.split(","))
        arena = Arena(game.name, names, seed=args.seed, games=args.games, config=config.changes())
    except TricktableError as err:
        raise CliError(f"--bots: {err}") from None
    log = None
    if args.log:
        try:
            log = ArenaLog(args.log, arena)
        except ConfigError as err:
            raise CliError(f"--log: {err}") from None
        except OSError as err:
            raise CliError(f"--log: cannot use {clip(args.log)}: {err.strerror}") from None
    todo = None if log is None else log.pending(arena.pairs)
    start = time.perf_counter()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{game.name}: {arena.bots[0]} vs {arena.bots[1]}", total=2 * arena.pairs)
        if todo is not None:
            progress.advance(task, 2 * (arena.pairs - len(todo)))
        try:
            duels = run_arena(
                arena,
                args.jobs,
                lambda n: progress.advance(task, n),
                backend=args.backend,
                address=args.address,
                pairs=todo,
                each=None if log is None else log.record,
            )
        except ConfigError as err:
            raise CliError(f"--backend {args.backend}: {err}") from None
    if log is not None:
        duels = log.played(arena.pairs)
    seconds = time.perf_counter() - start
    report = summarize(duels, arena.bots, game=arena.game)
    if args.plot:
        from tricktable.arena.plot import plot

        plot(duels, report, args.plot)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        _print_report(console, report, seconds, args)
    return 0


def _check_backend(args: argparse.Namespace) -> None:
    """--games, --jobs and --seed as for any run; with Ray, --jobs counts the cluster's tasks rather
    than this machine's processors, and Ray must be installed before the games start."""
    if args.backend == "local":
        if args.address is not None:
            raise CliError("--address is for --backend ray only")
        args.jobs = 1 if args.jobs is None else args.jobs
        check_run(args)
        return
    check_run(argparse.Namespace(**{**vars(args), "jobs": 1}))
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise CliError(f"--jobs must be from 1 to {MAX_JOBS} with --backend ray, not {clip(str(args.jobs))}")
    try:
        import_ray()
    except ConfigError as err:
        raise CliError(f"--backend ray: {err}") from None


def _print_report(console: Console, report: Report, seconds: float, args: argparse.Namespace) -> None:
    a, b = report.bots
    table = Table(
        title=f"{report.game}: {a} (A) vs {b} (B), {report.games} games in duplicate, seed {args.seed}",
        box=box.SIMPLE,
        padding=(0, 1),
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("95% CI", justify="right", no_wrap=True)
    lo, hi = report.win_rate_ci
    table.add_row("games won A / B / drawn", f"{report.wins[0]} / {report.wins[1]} / {report.draws}", "")
    table.add_row("A's win rate", f"{report.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}")
    lo, hi = report.score_diff_ci
    interval = f"{lo:+.3f} – {hi:+.3f}" if math.isfinite(lo) else "— (one pair)"
    described = games.get(report.game).description
    unit = f"{described.score_unit} per {described.deal_word}"
    table.add_row(f"A − B, {unit}", f"{report.score_diff:+.3f}", interval)
    for name, ms in report.decision_ms.items():
        p50, p99 = ms["p50"], ms["p99"]
        shown = "—" if p50 is None or p99 is None else f"{p50:.1f} / {p99:.1f}"
        table.add_row(f"{name}: decision ms p50 / p99", shown, "")
    console.print(table)
    where = f"{args.jobs} process(es)" if args.backend == "local" else "Ray"
    console.print(f"{report.games} games, {report.deals} deals in {seconds:.1f} s on {where}")
    if args.plot:
        console.print(f"plot written to {args.plot}")
