"""The review of a finished (or unfinished) game: each decision of a seat valued from what that seat
could know, the best action, the loss of the action taken and a label.

For each decision the seat's view and events (nothing more) go to the ``hard`` search bot's
evaluation (:meth:`~tricktable.bots.search.SearchBot.evaluate`): worlds the seat cannot tell from the
real one, each legal action played in each world and the deal played out by the rollout policy, so
each value is a mean over worlds with a 95% confidence interval; every action is tried in the same
worlds with the same rollout seeds, which makes their differences sharper than the intervals. The
*loss* is the best action's mean minus the chosen action's. A decision is labelled when its loss
reaches the game's threshold (:data:`THRESHOLDS`) **and** the paired difference is significant at
95%, so that the noise of a few dozen worlds does not call a sound play a mistake. A forced action
(the only legal one) has no loss. In the play phase of All Fours and Back Alley the double-dummy
values with every card known (the record holds the whole deal) are given beside, when the exact
search finishes within its position budget.

The thresholds, in the game's units of a deal (what :func:`tricktable.analysis.solve` values):

- All Fours (points): inaccuracy ¼ point, mistake ½, blunder 1. A deal's count is worth 4 points
  (and a hang jack 3 more): giving away one expected point, a Game or a Jack, is a blunder.
- Back Alley (hand points, scaled by ``points_per_bid_trick``, 5 by default): inaccuracy 2 (two
  overtricks), mistake 5 (a bid trick), blunder 10 (setting a one-trick contract swings 10).
- Tractor (levels, points as fractions of a level as the search bots count them, 40 points a level):
  inaccuracy 0.1 (4 points), mistake 0.25 (10 points), blunder 0.5 (20 points).

>>> from tricktable import games
>>> game = games.get("all-fours")
>>> state = game.new(seed=2)
>>> state = state.apply(state.legal_actions()[0])  # stand
>>> review = analyse(game.record(state), rollouts=16)
>>> [(d.seat, str(d.action), sorted(map(str, d.values)), d.label) for d in review.decisions]
[(0, 'stand', ['beg', 'stand'], None)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable import games
from tricktable.bots.search import SearchBot
from tricktable.core import Action, State
from tricktable.core.errors import RecordError
from tricktable.core.sampling import SampleError

from .solver import EXACT_GAMES, SolveLimitError, interval, solve

__all__ = ["LABELS", "THRESHOLDS", "Decision", "PlayerSummary", "Review", "analyse", "assess", "thresholds"]

LABELS = ("inaccuracy", "mistake", "blunder")
THRESHOLDS: Mapping[str, tuple[float, float, float]] = {
    d.name: d.loss_thresholds(games.get(d.name).Config()) for d in games.descriptions()
}
"""Each game's loss thresholds for the labels (inaccuracy, mistake, blunder) under its default rules,
from its description (Back Alley's scale with its points per bid trick)."""
DOUBLE_DUMMY_NODES = 40_000
"""The exact search's budget per decision (positions): late in a Back Alley hand it finishes, early
it may not, and the double-dummy values are then left out."""
FORCED_ROLLOUTS = 8
"""Worlds for the value of a forced action (nothing to compare: only its expected value is shown)."""


def thresholds(game: str, config: Any) -> tuple[float, float, float]:
    """The loss thresholds of the labels for a game under its options."""
    return games.get(game).description.loss_thresholds(config)


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: the values of its actions from what it could know, and the verdict."""

    version: int
    """Actions applied before this one (the state's version when the seat decided)."""
    seat: int
    phase: str
    action: Action
    values: Mapping[Action, float]
    """Each legal action's mean value over the worlds (Tractor's card play: the search's candidates)."""
    margins: Mapping[Action, float]
    """Half the width of each value's 95% interval."""
    best: Action
    loss: float
    label: str | None
    worlds: int
    double_dummy: Mapping[Action, float] | None = None
    """Each legal action's exact value with every card known, when solved."""

    @property
    def forced(self) -> bool:
        return len(self.values) == 1 and self.loss == 0

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON: actions in notation."""
        out: dict[str, Any] = {
            "version": self.version,
            "seat": self.seat,
            "phase": self.phase,
            "action": str(self.action),
            "values": {str(a): _round(v) for a, v in self.values.items()},
            "margins": {str(a): _round(m) for a, m in self.margins.items()},
            "best": str(self.best),
            "loss": _round(self.loss),
            "label": self.label,
            "worlds": self.worlds,
            "double_dummy": None,
            "double_dummy_loss": None,
        }
        if self.double_dummy is not None:
            dd = self.double_dummy
            out["double_dummy"] = {str(a): v for a, v in dd.items()}
            out["double_dummy_loss"] = max(dd.values()) - dd[self.action]
        return out


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's decisions in sum."""

    seat: int
    decisions: int
    average_loss: float
    """Mean loss per decision (forced ones count, at 0)."""
    labels: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "average_loss": _round(self.average_loss),
            "labels": dict(self.labels),
        }


@dataclass(frozen=True)
class Review:
    """The analysis of a record: its decisions in order, and a summary per seat analysed."""

    game: str
    decisions: tuple[Decision, ...]
    summaries: tuple[PlayerSummary, ...] = field(default=())
    thresholds: tuple[float, float, float] = (0.0, 0.0, 0.0)


def _round(x: float) -> float:
    return x if math.isinf(x) else round(x, 3)


def analyse(
    record: Mapping[str, Any],
    *,
    seat: int | None = None,
    rollouts: int | None = None,
    seed: int = 0,
    double_dummy: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Analyse every decision of ``seat`` (None: every seat) in a game record. ``rollouts``: the
    budget per decision (default: the ``hard`` bot's); ``seed`` makes it reproducible; ``progress``
    is called with (decisions done, decisions to do), first with none done. Raises ``RecordError``
    for a bad record."""
    name = record.get("game") if isinstance(record, Mapping) else None
    if name not in games.names():
        raise RecordError(f"not a record of a game this program plays (games: {', '.join(games.names())})")
    game = games.get(str(name))
    final = game.replay(record)
    state: State = game.replay_start(record)
    if seat is not None and not 0 <= seat < state.num_seats:
        raise RecordError(f"seat {seat} is not at this table (seats 0 to {state.num_seats - 1})")
    steps: list[tuple[State, int, Action]] = []
    for who, action in final.history:
        if who == state.to_move and (seat is None or who == seat):
            steps.append((state, who, action))
        state = state.apply(action, who)
    limits = thresholds(game.name, state.config)
    decisions: list[Decision] = []
    if progress is not None:
        progress(0, len(steps))
    for done, (before, who, action) in enumerate(steps):
        decision = _decide(before, who, action, rollouts, seed, double_dummy, limits)
        if decision is not None:
            decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(steps))
    seats = sorted({d.seat for d in decisions})
    return Review(game.name, tuple(decisions), tuple(_summary(s, decisions) for s in seats), limits)


def assess(
    state: State,
    seat: int,
    action: Action,
    *,
    also: Sequence[Action] = (),
    rollouts: int | None = None,
    seed: int = 0,
) -> Decision | None:
    """One decision valued as :func:`analyse` values it, before it is taken: ``seat`` taking
    ``action`` in ``state``, with the actions of ``also`` among the candidates compared (the play a
    lesson expects). None where the search does not decide (see :func:`analyse`)."""
    limits = thresholds(state.GAME_NAME, state.config)
    return _decide(state, seat, action, rollouts, seed, False, limits, also)


def _decide(
    state: State,
    seat: int,
    action: Action,
    rollouts: int | None,
    seed: int,
    double_dummy: bool,
    limits: tuple[float, float, float],
    also: Sequence[Action] = (),
) -> Decision | None:
    """The decision ``seat`` took in ``state``, valued; None where the search does not decide (Tractor's
    draw, declarations and kitty) or no world can be sampled."""
    phases = games.get(state.GAME_NAME).description.search.phases
    if phases is not None and state.phase not in phases:
        return None
    legal = state.legal_actions(seat)
    forced = len(legal) == 1
    budget = FORCED_ROLLOUTS if forced else rollouts
    # Each decision draws from its own stream, so analysing one seat or all four gives the same
    # values; the budget counts rollouts on the fast path too (Tractor's card play).
    decision_seed = seed * 1_000_003 + state.version
    bot = SearchBot(
        state.GAME_NAME, seed=decision_seed, config=state.config, rollouts=budget, fast_rollouts=budget
    )
    view = state.view(seat)
    events = state.events(seat)
    if forced:
        candidates = [action]
    else:
        candidates = bot.candidates(view, legal, bot.fallback.choose(view, legal, events))
        for extra in (action, *also):
            if extra not in candidates:
                candidates.append(extra)
    try:
        samples = bot.evaluate(view, events, candidates)
    except SampleError:
        return None
    values: dict[Action, float] = {}
    margins: dict[Action, float] = {}
    for candidate, sample in zip(candidates, samples, strict=True):
        values[candidate], margins[candidate] = interval(sample)
    best = max(candidates, key=lambda a: values[a])
    loss = values[best] - values[action]
    diffs = [
        a - b for a, b in zip(samples[candidates.index(best)], samples[candidates.index(action)], strict=True)
    ]
    label = _label(loss, diffs, limits)
    dd = None
    if double_dummy and state.GAME_NAME in EXACT_GAMES and state.phase == "play":
        try:
            dd = dict(solve(state, max_nodes=DOUBLE_DUMMY_NODES).values)
        except SolveLimitError:
            dd = None
    return Decision(
        version=state.version,
        seat=seat,
        phase=state.phase,
        action=action,
        values=values,
        margins=margins,
        best=best,
        loss=loss,
        label=label,
        worlds=len(samples[0]),
        double_dummy=dd,
    )


def _label(loss: float, diffs: list[float], limits: tuple[float, float, float]) -> str | None:
    """The worst label whose threshold the loss reaches, if the loss is significant: the mean of the
    paired differences (best minus chosen, world by world) above 1.96 standard errors."""
    if loss <= 0 or len(diffs) < 2:
        return None
    _, margin = interval(diffs)
    if loss <= margin:
        return None
    label = None
    for name, limit in zip(LABELS, limits, strict=True):
        if loss >= limit:
            label = name
    return label


def _summary(seat: int, decisions: list[Decision]) -> PlayerSummary:
    mine = [d for d in decisions if d.seat == seat]
    counts = {name: sum(d.label == name for d in mine) for name in LABELS}
    return PlayerSummary(seat, len(mine), sum(d.loss for d in mine) / len(mine), counts)
