"""``tricktable learn GAME``: a game's lesson at the terminal, in English, Italian or Welsh.

The lesson and its checks are the library's (:mod:`tricktable.learn`): this module shows the table,
the step's words and the verdict on each attempt, all in ``--lang``: the engine's refusals are worded
from their code and params with the catalogue the browser reads (:mod:`~tricktable.cli.refusals`),
in English (and for a code the catalogue does not word) the engine's own words.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from tricktable import games, learn
from tricktable.cards import CardParseError, parse_cards
from tricktable.cli.errors import EXIT_USAGE, CliError, InputEnded
from tricktable.cli.narrate import narrate
from tricktable.cli.options import get_game
from tricktable.cli.panels import score_sheet, table_panel
from tricktable.cli.prompt import ask
from tricktable.cli.refusals import messages, refusal_text
from tricktable.table import EventFeed

__all__ = ["add_learn_parser", "learn_command", "verdict_text"]

_HELP = "type an action ('play AS', 'stand', 'bid 3'...) or bare cards for 'play'; 'table', 'again', 'quit'"


def add_learn_parser(sub: Any) -> None:
    """The ``learn`` subcommand's arguments."""
    cmd = sub.add_parser(
        "learn",
        help="a guided first game, one rule at a time",
        description="Play a game's lesson: a stacked deal where each step says what to do and why.",
    )
    cmd.add_argument("game", help=f"one of: {', '.join(games.names())}")
    cmd.add_argument("--lesson", type=int, default=1, help="the lesson's number (default 1)")
    cmd.add_argument("--lang", choices=learn.LANGS, default="en", help="the lesson's language (default en)")


def verdict_text(
    verdict: learn.Verdict, words: dict[str, str], unit: str, lang: str = "en", seat: int = 0
) -> str:
    """A verdict in the lesson's words; a refusal's reason in ``lang`` where the catalogue words its
    code, else the engine's English. ``seat`` is the learner's."""
    label = words[f"learn.label.{verdict.label or 'none'}"]
    loss = "" if verdict.loss is None else f"{verdict.loss:.2f}"
    reason = verdict.reason
    if verdict.kind == "refused" and lang != "en":  # in English, the engine's own words
        reason = refusal_text(verdict.code, verdict.params, lang, lambda s: _seat(s, seat, lang)) or reason
    return words[verdict.word].format(
        action=verdict.action,
        best=verdict.best or "",
        reason=reason,
        loss=loss,
        unit=words[f"learn.unit.{unit}"],
        label=label,
    )


def learn_command(console: Console, args: argparse.Namespace) -> int:
    game = get_game(args.game)
    try:
        lesson = learn.lesson(game.name, args.lesson)
    except ValueError as err:
        raise CliError(str(err)) from None
    words = dict(learn.words(game.name)[args.lang])
    unit = game.description.score_unit
    tutor = learn.Tutor(lesson)
    told = EventFeed()
    console.print(f"[bold]{words[lesson.word('title')]}[/bold]")
    console.print(words[lesson.word("intro")])
    _tell(console, tutor, told)
    try:
        while not tutor.done:
            step = tutor.step
            assert step is not None
            console.print(_table(tutor))
            n, of = tutor.index + 1, len(lesson.steps)
            console.print(
                f"[bold]{words['learn.step'].format(n=n, of=of)}[/bold] {words[lesson.word(step.key)]}"
            )
            while True:
                text = ask(console, "[bold]> [/bold]")
                if text in ("quit", "q"):
                    return 0
                if text in ("", "help"):
                    console.print(_HELP, style="dim")
                    continue
                if text == "table":
                    console.print(_table(tutor))
                    continue
                if text == "again":
                    console.print(words[lesson.word(step.key)])
                    continue
                verdict = tutor.attempt(_as_action(text, tutor))
                style = "green" if verdict.kind == "right" else "red"
                console.print(verdict_text(verdict, words, unit, args.lang, tutor.seat), style=style)
                if verdict.kind == "right":
                    break
            _tell(console, tutor, told)
    except InputEnded:
        return EXIT_USAGE
    last = tutor.state.view(tutor.seat).last_round
    if last:
        console.print(score_sheet(last, game.name, tutor.seat, tutor.state.num_seats))
    console.print(words[lesson.word("end")])
    console.print(f"[bold]{words['learn.done']}[/bold]")
    return 0


def _seat(seat: int, learner: int, lang: str) -> str:
    """A seat named in a refusal: ``you`` for the learner, else ``seat 2`` (numbered as on the table)."""
    words = messages()[lang]
    return words["create.you"] if seat == learner else words["create.seat"].format(n=seat)


def _as_action(text: str, tutor: learn.Tutor) -> str:
    """Bare cards stand for ``play <cards>``, as at ``tricktable play``."""
    head = text.split()[0].lower()
    if head in tutor.state.VERBS:
        return text
    try:
        parse_cards(text)
    except CardParseError:
        return text
    return f"play {text}"


def _table(tutor: learn.Tutor) -> Any:
    view = tutor.state.view(tutor.seat)
    return table_panel(
        view,
        tutor.state.num_seats,
        title=f"{tutor.game.title} — seat {tutor.seat}",
        config=tutor.state.config,
    )


def _tell(console: Console, tutor: learn.Tutor, told: EventFeed) -> None:
    events = told.new_events(tutor.state, tutor.seat)
    for line in narrate(events, tutor.seat, tutor.state.num_seats):
        console.print(f"  {line}", style="dim")
