"""The ``tricktable`` command: ``play``, ``learn``, ``simulate``, ``replay``, ``rules``, ``serve``,
``arena`` and ``analyse``.

Anything a user can get wrong ends with one line on stderr and exit code 2 (130 after Ctrl-C),
never a traceback; a game in progress is saved first.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from rich.console import Console

from tricktable import __version__, games
from tricktable.cli.analyse_command import add_analyse_parser, analyse_command
from tricktable.cli.arena_command import add_arena_parser, arena_command
from tricktable.cli.errors import EXIT_INTERRUPTED, CliError, shorten
from tricktable.cli.learn_command import add_learn_parser, learn_command
from tricktable.cli.options import get_game
from tricktable.cli.replay import check_seat, load_replay, print_all, step_through
from tricktable.cli.rules import rules_text
from tricktable.cli.serve import add_serve_parser, serve_command
from tricktable.cli.sim_command import simulate_command
from tricktable.cli.start import DEFAULT_BOT, play_command

__all__ = ["main"]


class _Console(Console):
    """rich's console, but a reader gone away (``| head``) ends the command quietly with exit 0, as
    Unix tools do: rich's own handling exits with 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


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
    play.add_argument(
        "--overwrite", action="store_true", help="start over a game whose save file (or --save FILE) exists"
    )

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
    add_serve_parser(sub)
    add_arena_parser(sub)
    add_analyse_parser(sub)
    add_learn_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    console = _Console(highlight=False)
    if sys.stdin is not None and sys.stdin.isatty():
        # Line editing and history at the prompts, where the platform has it.
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401
    try:
        args = _parser().parse_args(argv)
        commands = {"play": play_command, "simulate": simulate_command, "replay": _replay, "rules": _rules}
        commands["serve"] = serve_command
        commands["arena"] = arena_command
        commands["analyse"] = analyse_command
        commands["learn"] = learn_command
        command = commands[args.command]
        code = command(console, args)
        sys.stdout.flush()  # here, so that a reader gone away is met below, not at exit
        return code
    except CliError as err:
        print(f"tricktable: {shorten(str(err))}", file=sys.stderr)
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
    # Wrapped here, to the terminal's width or 80 columns when piped; not wrapped again by rich.
    console.print(rules_text(get_game(args.game), console.width), markup=False, soft_wrap=True)
    return 0


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
