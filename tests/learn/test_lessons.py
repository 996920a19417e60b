"""The lessons against the engine: each game's scripted right path completes, a wrong action is
refused with the engine's code or valued by the analysis, every step is worded in three languages,
and a lesson replays from the learner's right actions."""

from __future__ import annotations

import re

import pytest

from tests.learn.paths import LESSONS, PATHS, right_actions
from tricktable import games, learn
from tricktable.learn import LANGS, Tutor, stack

GAMES = games.names()


@pytest.mark.parametrize(("game", "number"), LESSONS)
def test_the_right_path_completes_every_step(game: str, number: int) -> None:
    tutor = Tutor(learn.lesson(game, number))
    for i, action in enumerate(right_actions(game, number)):
        assert tutor.index == i
        verdict = tutor.attempt(action)
        assert verdict.kind == "right", (i, action, verdict)
        assert verdict.word == "learn.right"
    assert tutor.done
    assert tutor.attempt("pass").kind == "refused"


@pytest.mark.parametrize(("game", "number"), LESSONS)
def test_a_wrong_action_is_explained_and_changes_nothing(game: str, number: int) -> None:
    lesson = learn.lesson(game, number)
    rights = right_actions(game, number)
    for index, action, code in PATHS[lesson.name].wrong:
        tutor = Tutor.replay(lesson, rights[:index], rollouts=16)
        version = tutor.state.version
        verdict = tutor.attempt(action)
        if code is None:
            assert verdict.kind == "poor", verdict
            assert verdict.best == rights[index]
            assert verdict.word in (
                "learn.poor",
                "learn.poor_even",
                "learn.poor_better",
                "learn.poor_unvalued",
            )
        else:
            assert (verdict.kind, verdict.code) == ("refused", code), verdict
            assert verdict.reason and verdict.word == "learn.refused"
        assert tutor.state.version == version and tutor.index == index
        assert tutor.attempt(rights[index]).kind == "right"


def test_a_poor_bid_is_valued_by_the_analysis() -> None:
    """Back Alley: bidding 2 with six sure tricks is legal; the analysis says what it gives away."""
    tutor = Tutor(learn.lesson("back-alley"), rollouts=24)
    verdict = tutor.attempt("bid 2")
    assert verdict.kind == "poor" and verdict.best == "bid 6"
    assert verdict.loss is not None and verdict.loss > 0
    assert verdict.word == "learn.poor" and verdict.label is not None


def test_a_replay_rebuilds_the_lesson_and_refuses_a_wrong_history() -> None:
    rights = right_actions("all-fours")
    walked = Tutor(learn.lesson("all-fours"))
    for action in rights[:3]:
        walked.attempt(action)
    replayed = Tutor.replay(learn.lesson("all-fours"), rights[:3])
    assert replayed.state.history == walked.state.history and replayed.index == 3
    with pytest.raises(ValueError, match="action #1"):
        Tutor.replay(learn.lesson("all-fours"), ["stand", "play 4C"])


def test_an_unreadable_action_is_said_so() -> None:
    verdict = Tutor(learn.lesson("all-fours")).attempt("fly away")
    assert verdict.kind == "unreadable" and verdict.reason


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_lesson_is_given_in_every_language(game: str) -> None:
    words = learn.words(game)
    keys = set(words["en"])
    for lang in LANGS:
        assert set(words[lang]) == keys, lang
        for key, text in words[lang].items():
            assert text.strip() and set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", words["en"][key])
            ), (lang, key)
    for lesson in learn.lessons(game):
        needed = {lesson.word(k) for k in ("title", "intro", "end")} | {
            lesson.word(s.key) for s in lesson.steps
        }
        assert needed <= keys, sorted(needed - keys)
        own = {k for k in keys if k.startswith(f"learn.{lesson.name}.")}
        assert own <= needed, sorted(own - needed)  # no words for steps that are gone
    assert words["it"]["learn.heading"] != words["en"]["learn.heading"] != words["cy"]["learn.heading"]


def test_stack_deals_the_asked_hands() -> None:
    deck = stack("all-fours", 2, {0: "AH KH 2H QS 9D 4C"}, after="5H")
    state = games.get("all-fours").new(seed=2, deck=list(deck))
    assert sorted(map(str, state.view(0).hand)) == sorted(["AH", "KH", "2H", "QS", "9D", "4C"])
    assert [str(c) for c in state.view(0).turn_up] == ["5H"]
    tractor = stack("tractor", 1, {0: "2H 2H BJ"}, after="AS AS")
    assert tractor[0] == "2H" and tractor[-8:-6] == ("AS", "AS")
    with pytest.raises(learn.LessonError, match="dealt 6 cards"):
        stack("all-fours", 2, {0: "AH KH 2H QS 9D 4C 3C"})


def test_unknown_lessons_are_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="lessons 1 to 2"):
        learn.lesson("tractor", 3)
    with pytest.raises(ValueError, match="lessons 1 to 2"):
        learn.lesson("all-fours", 3)
    with pytest.raises(ValueError, match="all-fours"):
        learn.lessons("bridge")
