"""``tricktable learn GAME``: each game's lesson played at the terminal, with wrong actions
explained (the engine's refusal), in the chosen language."""

from __future__ import annotations

import pytest

from tests.learn.paths import LESSONS, PATHS, right_actions
from tricktable import learn
from tricktable.cli.refusals import messages, refusal_text

from .conftest import CliRunner


@pytest.mark.parametrize(
    ("game", "number", "lang"),
    [
        ("all-fours", 1, "cy"),
        ("back-alley", 1, "it"),
        ("tractor", 1, "en"),
        ("back-alley", 2, "cy"),
        ("tractor", 2, "it"),
    ],
)
def test_a_lesson_is_played_through_at_the_terminal(
    cli: CliRunner, game: str, number: int, lang: str
) -> None:
    """Every step's words, one refusal (each of them, for a lesson that has several), every right
    action, and the end: the score sheet of the deal the lesson played out."""
    rights = right_actions(game, number)
    lesson = learn.lesson(game, number)
    refused = [(i, a) for i, a, code in PATHS[lesson.name].wrong if code is not None]
    lines = list(rights)
    for index, action in sorted(refused, reverse=True):
        lines.insert(index, action)
    run = cli("learn", game, "--lesson", str(number), "--lang", lang, stdin=lines)
    assert run.code == 0, run.err
    words = learn.words(game)[lang]
    out = " ".join(run.out.split())  # the console wraps long lines
    for key in ("title", *(s.key for s in lesson.steps), "end"):
        assert " ".join(words[lesson.word(key)].split()[:4]) in out, key
    refusal = words["learn.refused"].split("{")[0].strip()
    assert run.out.count(refusal) == len(refused)
    assert run.out.count(words["learn.right"]) == len(rights)
    assert words["learn.done"] in run.out


def test_a_lesson_is_chosen_by_its_number(cli: CliRunner) -> None:
    run = cli("learn", "all-fours", "--lesson", "2", stdin=["run", *right_actions("all-fours", 2)])
    assert run.code == 0, run.err
    words = learn.words("all-fours")["en"]
    assert words["learn.all-fours.give.title"] in run.out and words["learn.done"] in run.out
    assert "run is allowed" in run.out  # the legal but wrong choice, valued by the analysis


def test_bare_cards_are_plays_and_input_ending_stops_cleanly(cli: CliRunner) -> None:
    run = cli("learn", "all-fours", stdin=["stand", "AH"])
    assert run.code == 2
    assert run.out.count("Right.") == 2 and "Traceback" not in run.out + run.err


def test_a_lesson_that_does_not_exist_is_a_one_line_error(cli: CliRunner) -> None:
    cli("learn", "tractor", "--lesson", "9").assert_clean_error("lessons 1 to 2")
    cli("learn", "tractor", "--lang", "fr").assert_clean_error("invalid choice")


@pytest.mark.parametrize("lang", ["it", "cy"])
@pytest.mark.parametrize(("game", "number"), LESSONS)
def test_the_engines_refusals_are_worded_in_the_lessons_language(
    cli: CliRunner, game: str, number: int, lang: str
) -> None:
    """Every refusal a lesson's path meets is shown in ``lang`` from the catalogue the browser reads
    (its code's words, params filled), not in the engine's English."""
    lesson = learn.lesson(game, number)
    rights = right_actions(game, number)
    for index, wrong, code in PATHS[lesson.name].wrong:
        if code is None:
            continue
        tutor = learn.Tutor.replay(lesson, rights[:index])
        english = tutor.attempt(wrong).reason
        stdin = [*rights[:index], wrong, "quit"]
        run = cli("learn", game, "--lesson", str(number), "--lang", lang, stdin=stdin)
        assert run.code == 0, run.err
        out = " ".join(run.out.split())  # the console wraps long lines
        text = messages()[lang][f"rule.{code}"]
        opening = text.split("{")[0].strip()
        assert (opening[:1].upper() + opening[1:]) in out, (code, opening)
        assert english not in out, english


def test_a_refusals_params_are_worded_in_the_language() -> None:
    params = {"first": "9H", "first_suit": "trumps", "card": "AD", "suit": "D"}
    assert refusal_text("lead_one_suit", params, "it", str) == (
        "Un'uscita dev'essere tutta di un seme (le briscole contano come un seme): "
        "9H è di briscola ma AD è di quadri ♦"
    )
    assert refusal_text("turn_of", {"mover_seat": 2, "phase": "bid"}, "it", lambda s: f"posto {s}") == (
        "Tocca a posto 2 (dichiarazioni)"
    )
    assert refusal_text("no_such_rule", {}, "cy", str) is None
