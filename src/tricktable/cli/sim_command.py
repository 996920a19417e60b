"""The ``tricktable simulate`` command: checking its arguments, a progress bar while the games run,
and the report (a table, or one JSON object with ``--json``)."""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tricktable.cli.errors import CliError, clip
from tricktable.cli.options import get_game, parse_options, resolve_config
from tricktable.core import Game, TricktableError
from tricktable.core.rng import MAX_SEED
from tricktable.table import MAX_JOBS, Match, Seats, Summary, run_match, summarize

__all__ = ["job_limit", "simulate_command"]

UNWRAPPED = 10_000
"""A width no report row reaches: the table is measured at it to learn its natural width."""


def job_limit() -> int:
    """The most worker processes ``--jobs`` may ask for: the processors here (at least 2, so that a
    parallel run can be tried anywhere), and never more than the library's cap."""
    return min(MAX_JOBS, max(2, os.cpu_count() or 1))


def check_run(args: argparse.Namespace) -> None:
    """The arguments every run of many games shares (simulate, arena): --games, --jobs, --seed."""
    if args.games < 1:
        raise CliError(f"--games must be at least 1, not {clip(str(args.games))}")
    limit = job_limit()
    if not 1 <= args.jobs <= limit:
        raise CliError(f"--jobs must be from 1 to {limit} (the processors here), not {clip(str(args.jobs))}")
    if not 0 <= args.seed <= MAX_SEED:
        raise CliError(f"--seed must be from 0 to {MAX_SEED}, not {clip(str(args.seed))}")


def simulate_command(console: Console, args: argparse.Namespace) -> int:
    """``tricktable simulate``: check the arguments, play the games, print the report."""
    game = get_game(args.game)
    options = parse_options(args.option)
    config = resolve_config(game, options)
    check_run(args)
    num_seats = game.num_seats(config)
    changes = config.changes()
    try:
        seats = Seats.for_teams(num_seats, args.bots)
        seats.check(game.name)
        match = Match(game.name, seats, seed=args.seed, games=args.games, config=changes)
    except TricktableError as err:
        raise CliError(f"--bots: {err}") from None
    jobs = min(args.jobs, args.games)
    start = time.perf_counter()
    if args.json:
        outcomes = run_match(match, jobs)
    else:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"{game.name}", total=args.games)
            outcomes = run_match(match, jobs, lambda n: progress.advance(task, n))
    seconds = time.perf_counter() - start
    summary = summarize(outcomes, seats)
    report = _sim_report(game, changes, list(seats.bot_names().values()), args, jobs, summary, seconds)
    if args.json:
        console.print_json(data=report) if console.is_terminal else print(json.dumps(report))
    else:
        _print_sim(console, report)
    return 0


def _sim_report(
    game: Game[Any, Any],
    changes: dict[str, Any],
    seat_bots: list[str],
    args: argparse.Namespace,
    jobs: int,
    summary: Summary,
    seconds: float,
) -> dict[str, Any]:
    return {
        "game": game.name,
        "rules_version": game.rules_version,
        "config": changes,
        "seed": args.seed,
        "games": summary.games,
        "bots": seat_bots,
        "jobs": jobs,
        "teams": [
            {
                "team": t.team,
                "seats": t.seats,
                "bots": t.bots,
                "wins": t.wins,
                "draws": t.draws,
                "losses": t.losses,
                "win_rate": t.win_rate,
                "ci95": list(t.ci95),
                "mean_score": t.mean_score,
            }
            for t in summary.teams
        ],
        "mean_actions": summary.mean_actions,
        "seconds": seconds,
        "games_per_second": summary.games / seconds if seconds > 0 else None,
    }


def _print_sim(console: Console, report: dict[str, Any]) -> None:
    table = Table(
        title=f"{report['game']}: {report['games']} games, seed {report['seed']}",
        box=box.SIMPLE,
        padding=(0, 1),
    )
    for heading in ("team (seats)", "bots", "won", "drawn", "lost", "win rate", "95% CI", "mean score"):
        left = heading in ("team (seats)", "bots")
        table.add_column(heading, justify="left" if left else "right", no_wrap=heading == "95% CI")
    for t in report["teams"]:
        lo, hi = t["ci95"]
        mean = "—" if t["mean_score"] is None else f"{t['mean_score']:.2f}"
        table.add_row(
            f"{t['team']} ({' & '.join(map(str, t['seats']))})",
            ", ".join(dict.fromkeys(t["bots"])),
            str(t["wins"]),
            str(t["draws"]),
            str(t["losses"]),
            f"{t['win_rate']:.1%}",
            f"{lo:.1%}–{hi:.1%}",
            mean,
        )
    if console.is_terminal:
        console.print(table)
    else:  # piped: rows whole, as wide as they need, for the tools that read them
        natural = Measurement.get(console, console.options.update_width(UNWRAPPED), table).maximum
        Console(file=console.file, width=natural, highlight=False).print(table)
    speed = report["games_per_second"]
    rate = "—" if speed is None else f"{speed:.1f}"
    console.print(
        f"{report['games']} games in {report['seconds']:.2f} s on {report['jobs']} process(es): "
        f"{rate} games/s, {report['mean_actions']:.1f} actions per game",
        soft_wrap=not console.is_terminal,
    )
