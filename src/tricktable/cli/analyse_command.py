"""The ``tricktable analyse`` command: each decision of a recorded game valued from what its seat
could know (:func:`tricktable.analysis.analyse`), with the best action, the loss and a label, then a
summary per seat; ``--json`` prints one JSON object per decision and a last one with the summaries.
The work is the library's; this module only reads the file and prints."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from tricktable.analysis import Decision, Review, analyse
from tricktable.cli.errors import CliError
from tricktable.cli.saves import load_json
from tricktable.core import TricktableError

__all__ = ["add_analyse_parser", "analyse_command"]

_PLURAL = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def add_analyse_parser(sub: Any) -> None:
    """The ``analyse`` subcommand's arguments."""
    cmd = sub.add_parser(
        "analyse",
        help="value every decision of a recorded game",
        description=(
            "Value each decision of a recorded game from what its seat could know (sampled worlds, "
            "as the search bot sees them): the best action, the loss of the one taken, a label "
            "(inaccuracy, mistake, blunder), the double-dummy values where the exact solver finishes."
        ),
    )
    cmd.add_argument("record", type=Path, metavar="RECORD.json")
    cmd.add_argument("--seat", type=int, help="only this seat's decisions (default: every seat)")
    cmd.add_argument("--json", action="store_true", help="one JSON object per decision, then the summary")
    cmd.add_argument(
        "--rollouts", type=int, help="rollouts per decision (default: the hard search bot's budget)"
    )
    cmd.add_argument("--seed", type=int, default=0, help="the analysis's seed (default 0)")


def analyse_command(console: Console, args: argparse.Namespace) -> int:
    if args.rollouts is not None and args.rollouts < 1:
        raise CliError(f"--rollouts must be a whole number of at least 1, not {args.rollouts}")
    record = load_json(args.record)
    columns = (TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("analysing", total=None)
        try:
            review = analyse(
                record,
                seat=args.seat,
                rollouts=args.rollouts,
                seed=args.seed,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
        except TricktableError as err:
            raise CliError(f"{args.record}: {err}") from None
    if args.json:
        for decision in review.decisions:
            print(json.dumps(decision.to_dict()))
        print(json.dumps(_summary_dict(review)))
        return 0
    _print(console, review)
    return 0


def _summary_dict(review: Review) -> dict[str, Any]:
    return {
        "summary": [s.to_dict() for s in review.summaries],
        "game": review.game,
        "thresholds": dict(zip(("inaccuracy", "mistake", "blunder"), review.thresholds, strict=True)),
    }


def _print(console: Console, review: Review) -> None:
    """One line per decision, never wrapped (a pipe reads whole lines), then the summaries."""
    limits = ", ".join(
        f"{name} ≥ {limit:g}"
        for name, limit in zip(("inaccuracy", "mistake", "blunder"), review.thresholds, strict=True)
    )
    lines = [f"{review.game}: values are the deal's expected score difference for the seat's side ({limits})"]
    lines += [_line(decision) for decision in review.decisions]
    lines.append("")
    for s in review.summaries:
        counts = ", ".join(f"{n} {_PLURAL[name] if n != 1 else name}" for name, n in s.labels.items())
        lines.append(f"seat {s.seat}: {s.decisions} decisions, average loss {s.average_loss:.3f}; {counts}")
    for line in lines:
        console.print(line, markup=False, soft_wrap=True)


def _line(d: Decision) -> str:
    value = f"{d.values[d.action]:+8.2f} ±{d.margins[d.action]:.2f}"
    text = f"#{d.version:<4} seat {d.seat} {d.phase:<5} {d.action!s:<14} {value}"
    if len(d.values) == 1:
        text += "  (forced)"
    elif d.best != d.action:
        text += f"  best {d.best} {d.values[d.best]:+.2f}, loss {d.loss:.2f}"
    else:
        text += "  best"
    if d.label:
        text += f"  {d.label.upper()}"
    if d.double_dummy is not None:
        dd = d.double_dummy
        top = max(dd.values())
        text += f"  | double dummy {dd[d.action]:+g} (best {top:+g})"
    return text
