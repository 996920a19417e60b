"""Learn mode: guided deals that teach each game one rule at a time.

A lesson (:class:`Lesson`) is data: a stacked deal, the learner's seat, and steps that each expect
an action and say what to do and why, in English, Italian and Welsh. The :class:`Tutor` plays it:
the engine checks every action, the bots play the other seats, and a wrong action is explained with
the engine's refusal or, for a legal but poor one, the analysis's valuation.

>>> tutor = Tutor(lesson("all-fours"))
>>> tutor.attempt("play AH").code      # the turned-up card must be accepted or begged first
'stand_or_beg'
>>> tutor.attempt("stand").kind
'right'
"""

from __future__ import annotations

from collections.abc import Mapping

from tricktable import games
from tricktable.core.description import resolve

from .lesson import LANGS, Course, Lesson, LessonError, Step, stack
from .tutor import ROLLOUTS, Tutor, Verdict
from .words import COMMON

__all__ = [
    "LANGS",
    "ROLLOUTS",
    "Course",
    "Lesson",
    "LessonError",
    "Step",
    "Tutor",
    "Verdict",
    "lesson",
    "lessons",
    "stack",
    "words",
]


def _course(game: str) -> Course:
    path = games.get(game).description.lessons
    if path is None:
        raise ValueError(f"{game} has no lessons")
    course: Course = resolve(path)
    return course


def lessons(game: str) -> tuple[Lesson, ...]:
    """A game's lessons, in the order to take them."""
    return _course(game).lessons


def lesson(game: str, number: int = 1) -> Lesson:
    """A game's lesson by its number (from 1)."""
    found = lessons(game)
    if not 1 <= number <= len(found):
        raise ValueError(f"{game} has lessons 1 to {len(found)}, not {number}")
    return found[number - 1]


def words(game: str) -> Mapping[str, Mapping[str, str]]:
    """Every word of a game's lessons and of the lesson panel, per language."""
    own = _course(game).words
    return {lang: {**COMMON[lang], **own[lang]} for lang in LANGS}
