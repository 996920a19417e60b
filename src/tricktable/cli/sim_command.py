"""The ``tricktable simulate`` command: checking its arguments, a progress bar while the games run,
and the report (a table, or one JSON object with ``--json``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tricktable.cli.errors import CliError
from tricktable.cli.options import bot_names, get_game, parse_options, resolve_config
from tricktable.cli.simulate import Summary, simulate, summarize, timed
from tricktable.core import Game
from tricktable.core.rng import MAX_SEED

__all__ = ["simulate_command"]


def simulate_command(console: Console, args: argparse.Namespace) -> int:
    """``tricktable simulate``: check the arguments, play the games, print the report."""
    game = get_game(args.game)
    options = parse_options(args.option)
    config = resolve_config(game, options)
    if args.games < 1:
        raise CliError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise CliError(f"--jobs must be at least 1, not {args.jobs}")
    if not 0 <= args.seed <= MAX_SEED:
        raise CliError(f"--seed must be from 0 to {MAX_SEED}, not {args.seed}")
    num_seats = game.new(seed=0, config=config).num_seats
    names = bot_names(args.bots, game, 1)
    if len(names) == 2 and num_seats == 4:
        seat_bots = [names[s % 2] for s in range(num_seats)]
    elif len(names) == num_seats:
        seat_bots = names
    else:
        want = "2 (one per team)" + (f" or {num_seats} (one per seat)" if num_seats != 2 else "")
        raise CliError(f"--bots takes {want} names for {game.name}, not {len(names)}")
    changes = config.changes()
    jobs = min(args.jobs, args.games)

    def run(advance: Any = lambda n: None) -> Any:
        return simulate(game.name, changes, seat_bots, args.seed, args.games, jobs, advance)

    if args.json:
        outcomes, seconds = timed(run)
    else:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"{game.name}", total=args.games)
            outcomes, seconds = timed(lambda: run(lambda n: progress.advance(task, n)))
    summary = summarize(outcomes, seat_bots, num_seats)
    report = _sim_report(game, changes, seat_bots, args, jobs, summary, seconds)
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
    console.print(table)
    speed = report["games_per_second"]
    rate = "—" if speed is None else f"{speed:.1f}"
    console.print(
        f"{report['games']} games in {report['seconds']:.2f} s on {report['jobs']} process(es): "
        f"{rate} games/s, {report['mean_actions']:.1f} actions per game"
    )
