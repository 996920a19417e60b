"""Setting up ``tricktable play``: choosing the game, the seats and the bots, starting a new game or
resuming a saved one (whose ``table`` entry remembers the human seat and the bots)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from tricktable import games
from tricktable.cli.errors import CliError, clip
from tricktable.cli.options import get_game, parse_options, resolve_config
from tricktable.cli.play import PlaySession
from tricktable.cli.prompt import ask, menu_number
from tricktable.cli.saves import default_save_path, load_json
from tricktable.core import Game, TricktableError
from tricktable.core.rng import MAX_SEED, fresh_seed
from tricktable.table import Seats

__all__ = ["DEFAULT_BOT", "play_command"]

DEFAULT_BOT = "heuristic"


def play_command(console: Console, args: argparse.Namespace) -> int:
    """``tricktable play``: a new game, or a saved one resumed, played to its end or to 'quit'."""
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
        number = menu_number(entry, len(available))
        if number is not None:
            return available[number - 1]
        for game in available:
            if entry == game.name:
                return game
        console.print(f"type a number from 1 to {len(available)} or a game's name", style="red")


def _seating(game: Game[Any, Any], num_seats: int, seat: int, spec: str | list[str]) -> Seats:
    """The human at ``seat``, bots (one name, or one per other seat) everywhere else."""
    if not 0 <= seat < num_seats:
        raise CliError(f"--seat must be from 0 to {num_seats - 1} in this game, not {clip(str(seat))}")
    try:
        seats = Seats.assign(num_seats, spec, humans=(seat,))
        seats.check(game.name)
    except TricktableError as err:
        raise CliError(f"--bots: {err}") from None
    return seats


def _fresh_save_path(args: argparse.Namespace, game: Game[Any, Any], seed: int) -> Path:
    """Where a new game is saved: never over an existing file unless ``--overwrite`` says so."""
    path: Path = args.save or default_save_path(game.name, seed)
    if path.exists() and not args.overwrite:
        raise CliError(
            f"{path} already exists: continue that game with --resume {path}, "
            "or add --overwrite to start over"
        )
    return path


def _new_game(console: Console, args: argparse.Namespace) -> PlaySession:
    game = get_game(args.game) if args.game else _choose_game(console)
    config = resolve_config(game, parse_options(args.option))
    seed = fresh_seed() if args.seed is None else args.seed
    if not 0 <= seed <= MAX_SEED:
        raise CliError(f"--seed must be from 0 to {MAX_SEED}, not {clip(str(seed))}")
    try:
        state = game.new(seed=seed, config=config)
    except TricktableError as err:
        raise CliError(str(err)) from None
    seat = 0 if args.seat is None else args.seat
    seats = _seating(game, state.num_seats, seat, args.bots or DEFAULT_BOT)
    return PlaySession(console, game, state, seats, _fresh_save_path(args, game, seed))


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
    except TricktableError as err:  # a RecordError names the field or the action index
        raise CliError(f"{path} cannot be resumed: {err}") from None
    saved = _saved_seats(record.get("table"), state.num_seats)
    seat = args.seat if args.seat is not None else saved.humans[0] if saved is not None else 0
    spec: str | list[str] = args.bots or DEFAULT_BOT
    if args.bots is None and saved is not None and saved.humans == (seat,):
        spec = list(saved.bot_names().values())
    seats = _seating(game, state.num_seats, seat, spec)
    target: Path = args.save or path
    if args.save is not None and args.save.exists() and not args.overwrite and args.save != path:
        raise CliError(f"{args.save} already exists: add --overwrite to save this game over it")
    return PlaySession(console, game, state, seats, target)


def _saved_seats(table: Any, num_seats: int) -> Seats | None:
    """The seats a save's ``table`` entry records (the human's seat and a bot name for every other),
    or None when it records no seat that fits this game; missing bot names become the default."""
    if not isinstance(table, dict):
        return None
    seat, bots = table.get("seat"), table.get("bots")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_seats:
        return None
    others = bots[:seat] + bots[seat + 1 :] if isinstance(bots, list) and len(bots) == num_seats else []
    if others and all(isinstance(b, str) and b.strip() for b in others):
        return Seats.assign(num_seats, others, humans=(seat,))
    return Seats.assign(num_seats, DEFAULT_BOT, humans=(seat,))
