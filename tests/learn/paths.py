"""Each lesson walked as a learner would: the right action of every step (a free step's
choice included), and for one step a wrong action with the refusal code the engine must give
(``None``: a legal action the step does not ask for, which the analysis explains). The engine, the
terminal and the browser tests walk the same paths."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable import games, learn

__all__ = ["LESSONS", "PATHS", "Path", "right_actions"]


@dataclass(frozen=True)
class Path:
    free: dict[int, str]
    """The learner's action at each free step (by step index)."""
    wrong: tuple[tuple[int, str, str | None], ...]
    """(step index, action, refusal code or None for a legal but poor action)."""


PATHS = {
    "all-fours.first": Path(
        free={},
        wrong=((0, "play AH", "stand_or_beg"), (4, "play QS", "follow_or_trump"), (1, "play 2H", None)),
    ),
    "all-fours.give": Path(free={}, wrong=((0, "play AS", "give_or_run"), (1, "play 9D", None))),
    "back-alley.first": Path(
        free={},
        wrong=((1, "play AS", "trumps_closed"), (0, "bid 13", "bid_range"), (0, "bid 2", None)),
    ),
    "back-alley.board": Path(
        free={},
        wrong=((0, "bid 13", "bid_range"), (0, "bid 12", None), (1, "play AH", None)),
    ),
    "tractor.levels": Path(
        free={},
        wrong=(
            (0, "declare 2S", "declare_single_stands"),
            (3, "declare 2S", "declare_rank"),
            (4, "play 9H 3H", "follow_pair"),
        ),
    ),
    "tractor.first": Path(
        free={3: "bury 3C 4C 6D 8D 9S 3S 4S 7H"},
        wrong=((0, "declare 2H 2H", "declare_not_held"), (6, "play AD AD 9H", "lead_one_suit")),
    ),
}
LESSONS = [(g, n) for g in games.names() for n in range(1, len(learn.lessons(g)) + 1)]
"""Every lesson of every game, as (game, number)."""
assert {learn.lesson(g, n).name for g, n in LESSONS} == set(PATHS)


def right_actions(game: str, number: int = 1) -> list[str]:
    """The right action of every step of the game's lesson, in order."""
    lesson = learn.lesson(game, number)
    path = PATHS[lesson.name]
    return [path.free[i] if not step.accept else step.accept[0] for i, step in enumerate(lesson.steps)]
