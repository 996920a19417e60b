"""A coach's hint: the play the search bot suggests to a seat, from what that seat knows, with the
figures of a one-line reason.

The search is the review's (:func:`~tricktable.analysis.review.assess`: sampled worlds the seat
cannot tell from the real one, each candidate played out in each), so a hint and the analysis of
the same decision agree. Where the search does not decide (Tractor's draw, declarations and kitty)
the hint is the heuristic bot's choice; a forced action is said to be the only one.

>>> from tricktable import games
>>> state = games.get("all-fours").new(seed=2)
>>> hint = advise(state, state.to_move, rollouts=16)
>>> hint.kind, str(hint.action) in ("stand", "beg"), hint.other is not None
('search', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable import bots, games
from tricktable.core import Action, State

from .review import assess

__all__ = ["Advice", "advise"]


@dataclass(frozen=True)
class Advice:
    """``kind``: ``search`` (``gain``: the suggested action's value over the next best, ``other``,
    in the game's units of a deal, averaged over ``worlds`` sampled deals), ``heuristic`` (the
    search does not decide this phase) or ``forced`` (the only legal action)."""

    action: Action
    kind: str
    other: Action | None = None
    gain: float | None = None
    worlds: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "kind": self.kind,
            "other": None if self.other is None else str(self.other),
            "gain": None if self.gain is None else round(self.gain, 2),
            "worlds": self.worlds,
        }


def advise(state: State, seat: int, *, rollouts: int | None = None, seed: int = 0) -> Advice:
    """The play the search bot suggests to ``seat`` now (it must be able to act)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Advice(legal[0], "forced")
    description = games.get(state.GAME_NAME).description
    heuristic = bots.get(description.default_bot, game=state.GAME_NAME, seed=seed)
    default = heuristic.choose(state.view(seat), legal, state.events(seat))
    decision = assess(state, seat, default, rollouts=rollouts, seed=seed)
    if decision is None:
        return Advice(default, "heuristic")
    ranked = sorted(decision.values, key=lambda a: decision.values[a], reverse=True)
    best, other = ranked[0], ranked[1]
    gain = decision.values[best] - decision.values[other]
    return Advice(best, "search", other, gain, decision.worlds)
