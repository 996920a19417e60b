"""Analysis of play: a double-dummy solver (:func:`solve`), the review of a finished game's
decisions (:func:`analyse`) and a coach's hint (:func:`advise`). Built on the engine, the sampled
worlds and the search bots: it sits above ``bots`` and below the interfaces."""

from tricktable.analysis.advice import Advice, advise
from tricktable.analysis.review import THRESHOLDS, Decision, PlayerSummary, Review, analyse, assess
from tricktable.analysis.solver import EXACT_GAMES, Solution, SolveError, SolveLimitError, solve

__all__ = [
    "EXACT_GAMES",
    "THRESHOLDS",
    "Advice",
    "Decision",
    "PlayerSummary",
    "Review",
    "Solution",
    "SolveError",
    "SolveLimitError",
    "advise",
    "analyse",
    "assess",
    "solve",
]
