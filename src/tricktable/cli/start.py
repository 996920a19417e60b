"""Setting up ``tricktable play``: choosing the game, the seats and the bots, starting a new game or
resuming a saved one (whose ``table`` entry remembers the human seat and the bots)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from tricktable import games
from tricktable.cli.errors import CliError
from tricktable.cli.options import bot_names, get_game, parse_options, resolve_config
from tricktable.cli.play import PlaySession
from tricktable.cli.prompt import ask
from tricktable.cli.saves import default_save_path, load_json
from tricktable.core import Game, TricktableError
from tricktable.core.rng import MAX_SEED, fresh_seed

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
    except TricktableError as err:  # a RecordError names the field or the action index
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
