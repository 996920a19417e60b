"""``tricktable learn GAME``: each game's lesson played at the terminal, with wrong actions
explained (the engine's refusal), in the chosen language."""

from __future__ import annotations

import pytest

from tests.learn.paths import PATHS, right_actions
from tricktable import learn

from .conftest import CliRunner


@pytest.mark.parametrize(("game", "lang"), [("all-fours", "cy"), ("back-alley", "it"), ("tractor", "en")])
def test_a_lesson_is_played_through_at_the_terminal(cli: CliRunner, game: str, lang: str) -> None:
    rights = right_actions(game)
    refused = next((i, a) for i, a, code in PATHS[learn.lesson(game).name].wrong if code is not None)
    lines = list(rights)
    lines.insert(refused[0], refused[1])
    run = cli("learn", game, "--lang", lang, stdin=lines)
    assert run.code == 0, run.err
    words = learn.words(game)[lang]
    lesson = learn.lesson(game)
    for key in ("title", *(s.key for s in lesson.steps), "end"):
        assert words[lesson.word(key)].split()[0] in run.out, key
    refusal = words["learn.refused"].split("{")[0].strip()
    assert run.out.count(refusal) == 1
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
    cli("learn", "tractor", "--lesson", "9").assert_clean_error("lessons 1 to 1")
    cli("learn", "tractor", "--lang", "fr").assert_clean_error("invalid choice")
