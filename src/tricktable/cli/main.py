"""The ``tricktable`` command: ``play``, ``simulate``, ``replay`` and ``rules``.

Anything a user can get wrong ends with one line on stderr and exit code 2 (130 after Ctrl-C),
never a traceback; a game in progress is saved first.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tricktable import __version__, games
from tricktable.cli.errors import EXIT_INTERRUPTED, CliError
from tricktable.cli.options import bot_names, get_game, parse_options, resolve_config
from tricktable.cli.play import PlaySession
from tricktable.cli.prompt import ask
from tricktable.cli.replay import check_seat, load_replay, print_all, step_through
from tricktable.cli.saves import default_save_path, load_json
from tricktable.cli.simulate import Summary, simulate, summarize, timed
from tricktable.core import Game, RecordError, TricktableError
from tricktable.core.rng import MAX_SEED, fresh_seed

__all__ = ["main"]

DEFAULT_BOT = "heuristic"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as a one-line :class:`CliError` (exit code 2)."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{self.prog} --help')")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tricktable", description="Tractor, Back Alley and All Fours at the terminal.")
    parser.add_argument("--version", action="version", version=f"tricktable {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    play = sub.add_parser("play", help="play against bots", description="Play a game against bots.")
    play.add_argument("game", nargs="?", help=f"one of: {', '.join(games.names())} (omit for a menu)")
    play.add_argument("--seat", type=int, help="your seat (default 0, or the saved seat with --resume)")
    play.add_argument(
        "--bots", help=f"the other seats' bot, or one per other seat, comma-separated (default {DEFAULT_BOT})"
    )
    play.add_argument("--seed", type=int, help="the game's seed (default: a fresh one, shown and saved)")
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rules option (repeatable)")
    play.add_argument("--save", type=Path, metavar="FILE", help="where to save the game after every action")
    play.add_argument("--resume", type=Path, metavar="FILE", help="continue a saved game")

    sim = sub.add_parser(
        "simulate", help="bots against bots, many games", description="Play many games between bots."
    )
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument(
        "--bots", required=True, help="2 names (team 0, team 1) or one per seat, comma-separated"
    )
    sim.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    sim.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rules option (repeatable)")

    rep = sub.add_parser("replay", help="step through a saved game", description="Step through a saved game.")
    rep.add_argument("record", type=Path, metavar="RECORD.json")
    rep.add_argument("--seat", type=int, help="see the game as this seat saw it (default: spectator)")
    rep.add_argument(
        "--step", action="store_true", help="step interactively even when input is not a terminal"
    )
    rep.add_argument("--all", action="store_true", help="print every step without asking")

    rules = sub.add_parser(
        "rules", help="rules summary, actions and options", description="Print a game's rules."
    )
    rules.add_argument("game")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    console = Console(highlight=False)
    try:
        args = _parser().parse_args(argv)
        command = {"play": _play, "simulate": _simulate, "replay": _replay, "rules": _rules}[args.command]
        return command(console, args)
    except CliError as err:
        print(f"tricktable: {err}", file=sys.stderr)
        return err.code
    except KeyboardInterrupt:
        print("\ntricktable: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader of our output went away (``| head``): point stdout at /dev/null so that the
        # interpreter's final flush does not fail again, and stop quietly.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


# --- rules ---------------------------------------------------------------------------------------------
def _rules(console: Console, args: argparse.Namespace) -> int:
    console.print(get_game(args.game).rules_text(), markup=False)
    return 0


# --- play ----------------------------------------------------------------------------------------------
def _play(console: Console, args: argparse.Namespace) -> int:
    session = _resume(console, args) if args.resume else _new_game(console, args)
    return session.run()


def _choose_game(console: Console) -> Game[Any, Any]:
    available = []
    for name in games.names():
        try:
            available.append(games.get(name))
        except ImportError:
            continue  # a game this build does not include yet
    if not available:
        raise CliError("no game is installed")
    for i, game in enumerate(available, 1):
        console.print(f"[bold yellow]{i}[/bold yellow] {game.title} ({game.name})")
    while True:
        entry = ask(console, "which game? ").lower()
        if entry.isdigit() and 1 <= int(entry) <= len(available):
            return available[int(entry) - 1]
        for game in available:
            if entry == game.name:
                return game
        console.print(f"type a number from 1 to {len(available)} or a game's name", style="red")


def _seating(game: Game[Any, Any], num_seats: int, seat: int, spec: str) -> dict[int, str]:
    if not 0 <= seat < num_seats:
        raise CliError(f"--seat must be from 0 to {num_seats - 1} in this game, not {seat}")
    others = [s for s in range(num_seats) if s != seat]
    names = bot_names(spec, game, len(others))
    if len(names) != len(others):
        raise CliError(f"--bots takes one name, or {len(others)} (one per other seat), not {len(names)}")
    return dict(zip(others, names, strict=True))


def _new_game(console: Console, args: argparse.Namespace) -> PlaySession:
    game = get_game(args.game) if args.game else _choose_game(console)
    config = resolve_config(game, parse_options(args.option))
    seed = fresh_seed() if args.seed is None else args.seed
    if not 0 <= seed <= MAX_SEED:
        raise CliError(f"--seed must be from 0 to {MAX_SEED}, not {seed}")
    try:
        state = game.new(seed=seed, config=config)
    except TricktableError as err:
        raise CliError(str(err)) from None
    seat = 0 if args.seat is None else args.seat
    seating = _seating(game, state.num_seats, seat, args.bots or DEFAULT_BOT)
    path = args.save or default_save_path(game.name, seed)
    return PlaySession(console, game, state, seat, seating, path)


def _resume(console: Console, args: argparse.Namespace) -> PlaySession:
    if args.option or args.seed is not None:
        raise CliError("--option and --seed cannot change a saved game; use them for a new game")
    path: Path = args.resume
    record = load_json(path)
    name = record.get("game")
    if not isinstance(name, str):
        raise CliError(f"{path} is not a game record: it names no game")
    game = get_game(name)
    if args.game and get_game(args.game).name != game.name:
        raise CliError(f"{path} is a game of {game.name}, not of {args.game}")
    try:
        state = game.replay(record)
    except RecordError as err:
        raise CliError(f"{path} cannot be resumed: {err}") from None
    except TricktableError as err:
        raise CliError(f"{path} cannot be resumed: {err}") from None
    saved = record.get("table")
    table: dict[str, Any] = saved if isinstance(saved, dict) else {}
    saved_seat = table.get("seat")
    seat = args.seat if args.seat is not None else saved_seat if isinstance(saved_seat, int) else 0
    saved_bots = table.get("bots")
    spec = args.bots
    if spec is None and isinstance(saved_bots, list) and len(saved_bots) == state.num_seats:
        others = [saved_bots[s] for s in range(state.num_seats) if s != seat]
        spec = ",".join(others) if all(isinstance(b, str) and b for b in others) else None
    seating = _seating(game, state.num_seats, seat, spec or DEFAULT_BOT)
    return PlaySession(console, game, state, seat, seating, args.save or path)


# --- simulate ------------------------------------------------------------------------------------------
def _simulate(console: Console, args: argparse.Namespace) -> int:
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


# --- replay --------------------------------------------------------------------------------------------
def _replay(console: Console, args: argparse.Namespace) -> int:
    replay = load_replay(args.record)
    check_seat(args.seat, replay.num_seats)
    interactive = args.step or (sys.stdin.isatty() and not args.all)
    if interactive and not args.all:
        step_through(console, replay, args.seat)
    else:
        print_all(console, replay, args.seat)
    return 0
