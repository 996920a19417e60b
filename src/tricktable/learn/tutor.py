"""A lesson being played: the engine's state, the bots at the other seats, and the learner's step.

The tutor plays the bots (deterministically: the lesson's seed seeds them), the learner's automatic
actions and those a stand-in bot takes for the learner (:attr:`Lesson.stand_in`) until a step is
due, then waits for :meth:`Tutor.attempt`. An attempt is checked by the engine: a right action is
applied and the lesson goes on; an illegal one comes back with the engine's refusal (its code and
params, for the words of any language); a legal one that the step does not ask for comes back with
the analysis's valuation of it against the step's action. A card tapped while picking cards
(:meth:`Tutor.tap`) that the rules refuse is a refused attempt too. A wrong attempt changes nothing,
so a lesson is replayed from the learner's right actions alone (:meth:`Tutor.replay`: the server
keeps no lesson state).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tricktable import games
from tricktable.analysis import assess
from tricktable.analysis.review import LABELS, thresholds
from tricktable.cards import Card
from tricktable.core import Action, State
from tricktable.core.errors import IllegalActionError, InvalidActionError
from tricktable.table import EventFeed, Seats, acting_seat, bot_choice, make_bots, next_bot_action

from .lesson import Lesson, LessonError, Step

__all__ = ["ROLLOUTS", "Tutor", "Verdict"]

ROLLOUTS = 48
"""The analysis's budget for valuing a legal but poor action (a second or so, the learner waits)."""

Kind = Literal["right", "refused", "poor", "unreadable"]


@dataclass(frozen=True)
class Verdict:
    """What the engine (and the analysis) said of an attempt.

    ``refused``: ``code``/``params`` name the rule, ``reason`` is the engine's English. ``poor``:
    ``best`` is the step's action, ``loss`` what the analysis says the attempt gives away against it
    (in the game's units of a deal; None where the search does not value this phase) and ``label``
    the review's word for that loss. ``unreadable``: ``reason`` says why the text is not an action."""

    kind: Kind
    action: str
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    reason: str = ""
    best: str | None = None
    loss: float | None = None
    label: str | None = None
    word: str = ""
    """The key of the lesson panel's words for this verdict (``learn.right``, ``learn.poor``...)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "action": self.action,
            "code": self.code,
            "params": dict(self.params),
            "reason": self.reason,
            "best": self.best,
            "loss": None if self.loss is None else round(self.loss, 2),
            "label": self.label,
            "word": self.word,
        }


class Tutor:
    """One learner's run through a lesson."""

    def __init__(self, lesson: Lesson, *, rollouts: int = ROLLOUTS) -> None:
        self.lesson = lesson
        self.game = games.get(lesson.game)
        self.state: State = self.game.new(seed=lesson.seed, config=dict(lesson.config), deck=lesson.decks)
        seats = range(self.state.num_seats)
        players = [None if s == lesson.seat else lesson.bot for s in seats]
        self.bots = make_bots(self.game.name, Seats(players), lesson.seed, self.state.config)
        alone = [lesson.bot if s == lesson.seat else None for s in seats]
        self.stand_in = make_bots(self.game.name, Seats(alone), lesson.seed, self.state.config)[lesson.seat]
        """Plays the learner's ``stand_in`` verbs where no step is due."""
        self.feed = EventFeed()
        self.index = 0
        self.taken: list[str] = []
        """The learner's right actions so far, in notation (what :meth:`replay` needs)."""
        self.rollouts = rollouts
        self._advance()

    @classmethod
    def replay(cls, lesson: Lesson, actions: Sequence[str], *, rollouts: int = ROLLOUTS) -> Tutor:
        """The lesson after the learner's right ``actions``; raises ``ValueError`` if one is not."""
        tutor = cls(lesson, rollouts=rollouts)
        for i, text in enumerate(actions):
            if tutor.done or not tutor._right(tutor._parse(text)):
                raise ValueError(f"action #{i} ({text!r}) is not the right action of that step")
            tutor.attempt(text)
        return tutor

    @property
    def seat(self) -> int:
        return self.lesson.seat

    @property
    def step(self) -> Step | None:
        """The step the learner is on; None once the lesson is done."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def expected(self) -> tuple[Action, ...]:
        step = self.step
        return () if step is None else tuple(self.game.parse_action(a) for a in step.accept)

    def attempt(self, text: str) -> Verdict:
        """The learner tries ``text``: applied if right; else the reason, and nothing changes."""
        if self.done:
            return Verdict("refused", text, "game_over", reason="the lesson is over", word="learn.refused")
        try:
            action = self._parse(text)
        except InvalidActionError as err:
            return Verdict("unreadable", text, reason=str(err), word="learn.unreadable")
        if self._right(action):
            self.taken.append(str(action))
            self._apply(action, self.seat)
            self.index += 1
            self._advance()
            return Verdict("right", str(action), word="learn.right")
        try:
            self.state.check(action, self.seat)
        except IllegalActionError as err:
            return Verdict("refused", str(action), err.code, err.params, err.reason, word="learn.refused")
        return self._poor(action)

    def tap(self, picked: Sequence[Card], card: Card) -> Verdict | None:
        """The learner, picking cards for one action (Tractor's plays and kitty), taps ``card`` after
        ``picked``: the engine's refusal if the rules do not let it join them, as a refused attempt
        at the action the cards would make; None if it may join (nothing is judged yet)."""
        if self.done:
            return None
        reason = self.state.pick_refusal(picked, card, self.seat)
        if reason is None:
            return None
        pick = self.state.view(self.seat).pick
        action = " ".join(["play" if pick is None else pick.verb, *map(str, [*picked, card])])
        return Verdict("refused", action, reason.code, reason.params, str(reason), word="learn.refused")

    def _parse(self, text: str) -> Action:
        return self.game.parse_action(text)

    def _right(self, action: Action) -> bool:
        expected = self.expected()
        if expected:
            return action in expected
        return not self.done and action in self.state.legal_actions(self.seat)

    def _poor(self, action: Action) -> Verdict:
        """A legal action the step does not ask for, valued by the analysis against the step's."""
        expected = self.expected()
        best = expected[0]
        decision = assess(
            self.state, self.seat, action, also=expected, rollouts=self.rollouts, seed=self.lesson.seed
        )
        if decision is None:
            return Verdict("poor", str(action), best=str(best), word="learn.poor_unvalued")
        best = max(expected, key=lambda a: decision.values[a])
        loss = decision.values[best] - decision.values[action]
        limits = thresholds(self.game.name, self.state.config)
        label = None
        for name, limit in zip(LABELS, limits, strict=True):
            if loss >= limit:
                label = name
        # Within half an inaccuracy the analysis cannot tell the two apart: the step only practises
        # one; and the sampled worlds may even value the learner's play higher, which is said so.
        word = "learn.poor" if loss >= limits[0] / 2 else "learn.poor_even"
        if loss <= -limits[0] / 2:
            word = "learn.poor_better"
        return Verdict("poor", str(action), best=str(best), loss=loss, label=label, word=word)

    def _apply(self, action: Action, seat: int) -> None:
        self.state = self.state.apply(action, seat)

    def _due(self) -> bool:
        """Whether the current step waits for the learner now."""
        expected = self.expected()
        if expected:
            legal = self.state.legal_actions(self.seat)
            return any(a in legal for a in expected)
        return acting_seat(self.state) == self.seat

    def _advance(self) -> None:
        """Bots and the learner's forced or automatic actions until a step is due; once the lesson is
        done, on to the end of the deal (the score sheet shows what the deal taught) unless the
        learner has a choice to make first."""
        deal = self.state.view(self.seat).deal_number
        while not self.state.is_over:
            if not self.done and self._due():
                return
            if self.done and self.state.view(self.seat).deal_number != deal:
                return
            seat = acting_seat(self.state)
            if seat == self.seat:
                legal = self.state.legal_actions(self.seat)
                auto = (
                    legal[0]
                    if len(legal) == 1
                    else next((a for a in legal if a.verb in self.lesson.auto), None)
                )
                if auto is None and any(a.verb in self.lesson.stand_in for a in legal):
                    auto = bot_choice(self.state, self.seat, self.stand_in, self.feed)
                if auto is None and self.done:
                    return
                if auto is None:
                    raise LessonError(
                        f"lesson {self.lesson.name}: the learner must choose ({self.state.phase}, version "
                        f"{self.state.version}) but step {self.index} is not due"
                    )
                self._apply(auto, self.seat)
                continue
            move = next_bot_action(self.state, self.bots, self.feed)
            if move is None:
                raise LessonError(
                    f"lesson {self.lesson.name}: nobody can act at version {self.state.version}"
                )
            self._apply(move[1], move[0])
