"""Each game's lesson walked as a learner would: the right action of every step (a free step's
choice included), and for one step a wrong action with the refusal code the engine must give
(``None``: a legal action the step does not ask for, which the analysis explains). The engine, the
terminal and the browser tests walk the same paths."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable import games, learn

__all__ = ["PATHS", "Path", "right_actions"]


@dataclass(frozen=True)
class Path:
    free: dict[int, str]
    """The learner's action at each free step (by step index)."""
    wrong: tuple[tuple[int, str, str | None], ...]
    """(step index, action, refusal code or None for a legal but poor action)."""


PATHS = {
    "all-fours": Path(
        free={},
        wrong=((0, "play AH", "stand_or_beg"), (4, "play QS", "follow_or_trump"), (1, "play 2H", None)),
    ),
    "back-alley": Path(
        free={},
        wrong=((1, "play AS", "trumps_closed"), (0, "bid 13", "bid_range"), (0, "bid 2", None)),
    ),
    "tractor": Path(
        free={3: "bury 3C 4C 6D 8D 9S 3S 4S 7H"},
        wrong=((0, "declare 2H 2H", "declare_not_held"), (6, "play AD AD 9H", "lead_one_suit")),
    ),
}
assert set(PATHS) == set(games.names())


def right_actions(game: str) -> list[str]:
    """The right action of every step of the game's first lesson, in order."""
    lesson = learn.lesson(game)
    path = PATHS[game]
    return [path.free[i] if not step.accept else step.accept[0] for i, step in enumerate(lesson.steps)]
