"""A game's description: every fact about a game that a surface shows or a tool needs, held in one
place beside the game (``game.description``) so that no surface keeps a table keyed by game name.

Facts that are data (phases, words, score units, bounds) are fields. Facts that are code in the
rules layer (the panel, the deal's value, the fast rollout) are functions of the game's package.
Facts that are code in a layer above the rules (the game's heuristic bot, its terminal panel, its
reinforcement-learning action codec) are named by an import path ``"package.module:attribute"``:
the rules core imports nothing above it, and the layer that owns the code resolves the path with
:func:`resolve` when it needs it.

The words a surface shows (the title, the options' labels and help, the presets, the panel's words)
are in :attr:`GameDescription.words`, by language (``en``, ``it``, ``cy``) and key; the server serves
them with the game (``GET /api/games``), and the browser and the terminal look keys up in them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from tricktable.compiled import python_class

if TYPE_CHECKING:
    from tricktable.core.actions import Action
    from tricktable.core.panel import Panel
    from tricktable.core.state import State

__all__ = ["FastPolicy", "GameDescription", "Observation", "Search", "resolve"]

FastPolicy = Callable[[int, list[int], list[int]], int]
"""A fast-path policy: ``(seat, allowed card codes, trick so far as codes) -> index into allowed``."""

GreedyFactory = Callable[[random.Random, Sequence[Sequence[int]], Sequence[int] | None, int], FastPolicy]
"""Makes a greedy fast-path policy from a random source, the card powers per led suit, the effective
suit of each card code (None: ``code // 13``) and the number of seats."""


@python_class
@dataclass(frozen=True, slots=True)
class Observation:
    """The observation layout's facts: which blocks a seat's vector has, and their scales."""

    phases: tuple[str, ...]
    """The phases, in the order of the one-hot ``phase`` block."""
    words: tuple[str, ...]
    """The words a seat may say (``decided`` events), in the order of the ``decisions`` block."""
    hand_max: float
    """Scale of hand sizes and trick counts (the most cards a hand can hold)."""
    score_scale: float
    """Scale of the scores block."""
    blocks: frozenset[Literal["bids", "exposures", "declarations"]] = frozenset()
    """The blocks beyond the common ones: a bid per seat, exposed cards, Tractor-style declarations
    (trump rank, declaration, declarers, round points, kitty, picked cards)."""
    actions: Callable[[], tuple[Action, ...]] | None = None
    """The fixed action space, one id per action (None: multi-card actions are built a card at a
    time through ``State.selectable``, then finished)."""


@python_class
@dataclass(frozen=True, slots=True)
class Search:
    """What the search bots need: where a deal ends, what a position is worth, their budgets."""

    deal_key: Callable[[Any], object]
    """A value that changes when a new deal starts (the search plays out the current deal)."""
    scores: Callable[[Any], tuple[float, ...]]
    """Each team's standing as the search values it (points; Tractor: levels with the round's points
    as fractions)."""
    phases: frozenset[str] | None
    """The phases searched (None: every phase); the heuristic bot decides in the others."""
    rollouts: int
    max_candidates: int
    choice_phases: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Phases outside ``phases`` that a search level searches too, by level (Tractor's declarations
    and kitty): their rollouts go through the game with the heuristic bots up to the card play, and
    on the fast path from there."""
    level_phases: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Where a level above ``hard`` spends its multiple of the budget, by level (a level not named:
    in every phase it searches); in its other phases it searches with ``hard``'s budget. Back Alley's
    ``expert`` chose better bids with four times the worlds, where ``hard`` gives each of up to 14
    bids about 30 worlds; in the card play they were not shown to gain, and cost most of its time
    (``bench/README.md``)."""
    tree: Mapping[str, int] = field(default_factory=dict)
    """By level, the iterations of the information-set tree search (:mod:`tricktable.bots.tree_search`)
    that decides for that level instead of the world search (a level not named: the world search).
    It suits games whose seats have few legal actions at each turn."""
    tree_exploration: float = 0.0
    """The tree search's UCB exploration constant, in the game's score units (0: the game has no tree
    search: Tractor, whose seats' multi-card plays number in the thousands)."""
    belief_phases: frozenset[str] = frozenset()
    """Phases whose actions (bids) weigh a search's sampled worlds, at the levels with beliefs: a world
    counts as more likely where the other seats' actions there are what the heuristic bot would do."""
    fast: int = 0
    """The default ``fast`` of the search bot (0: the play phase is rolled out by the heuristic bots)."""
    fast_rollouts: int = 0
    """The default ``fast_rollouts`` of ``hard`` (candidate-world pairs per decision)."""
    max_worlds: int = 0
    """At most this many worlds per decision for ``hard`` (0: no cap)."""
    candidates: str | None = None
    """Import path of the game's own choice of candidates when the legal actions are too many
    (None: a random spread of them beside the heuristic's choice)."""
    fast_policy: str | None = None
    """Import path of the game's own greedy rollout policy (a bot, made once per rollout) for its
    fast path; None: the bots' generic greedy policy, made by a :data:`GreedyFactory`."""
    playout: str | None = None
    """Import path of the heuristic bots' card play of the rest of a deal on the game's fast path
    (``(state, team) -> value``, None where it cannot go): the same cards as a rollout through the
    game at a fraction of the cost; None: the search's rollouts play the cards through the game."""
    fast_value: Callable[[Any, int, random.Random, int, Callable[..., Any]], float | None] | None = None
    """The mean gain of a team for the rest of the deal over greedy rollouts on the game's fast path
    (``state, team, rng, repeats, greedy``: the bots layer passes as ``greedy`` the class that
    ``fast_policy`` names, else its :data:`GreedyFactory`); None from it when the fast path does not
    apply."""
    closing_scores: Callable[[Any, Any], tuple[float, ...]] | None = None
    """Each team's standing as ``start``'s deal closed, read from ``end`` (a state past that deal),
    for a game whose next deal scores as it is dealt (All Fours' turn-up); None: ``scores(end)``."""


@python_class
@dataclass(frozen=True, slots=True)
class GameDescription:
    """One game's facts for every surface. See the module's docstring for how it is read."""

    name: str
    """The registry name, as records and the server spell it."""
    module: str
    """The Python spelling of the name (the package's name): environment ids are made from it."""
    title: str
    """The English title; other languages' are the ``title`` word."""
    score_unit: Literal["points", "levels"]
    """What a team's score counts."""
    deal_word: Literal["deal", "hand", "round"]
    """What the game calls one deal."""
    utility_bound: float
    """Bound of a deal's margin between the teams, in score units (generous)."""
    max_length: int
    """Most player actions in one deal (beyond the cards dealt)."""
    observation: Observation
    search: Search
    panel: Callable[[Mapping[str, Any]], Panel]
    """The score sheet of a view's data (``view.to_dict()``), for every surface to draw."""
    words: Mapping[str, Mapping[str, str]]
    """The game's words by language and key: ``title``, ``opt.<option>`` (and ``.help``),
    ``choice.<option>.<value>``, ``preset.<preset>``, and the keys its panel uses."""
    bots: str | None = None
    """Import path of the game's heuristic bot class (None: only the generic bots play it)."""
    terminal: str | None = None
    """Import path of the game's terminal table panel (None: the terminal draws the view generically)."""
    loss_thresholds: Callable[[Any], tuple[float, float, float]] = lambda config: (0.25, 0.5, 1.0)
    """A decision's losses, in score units, that a game review calls an inaccuracy, a mistake and a
    blunder under a config."""
    solver: str | None = None
    """Import path of the game's exact double-dummy solver of a play position, ``(state, max_nodes)
    -> {card: value}`` (None: the analysis estimates with the search bot)."""
    lessons: str | None = None
    """Import path of the game's learn-mode course (its lessons and their words; None: no lessons)."""
    aliases: tuple[str, ...] = field(default=())
    """Other spellings ``games.get`` accepts."""

    @property
    def default_bot(self) -> str:
        """The bot that takes a seat when none is chosen: the game's heuristic, else ``random``."""
        return "random" if self.bots is None else "heuristic"

    @property
    def env_name(self) -> str:
        """The PettingZoo environment name."""
        return f"tricktable_{self.module}_v0"

    @property
    def gym_id(self) -> str:
        """The Gymnasium id."""
        return f"tricktable/{self.title.replace(' ', '')}-v0"

    def deal_value(self, start: State, end: State, team: int) -> float:
        """What the play from ``start`` to ``end`` gained ``team`` over the other side(s), in score
        units (the search's valuation: Tractor counts the round's points as fractions of a level)."""
        closing = self.search.closing_scores
        before = self.search.scores(start)
        after = self.search.scores(end) if closing is None else closing(start, end)
        gains = [a - b for a, b in zip(after, before, strict=True)]
        others = [g for t, g in enumerate(gains) if t != team]
        return gains[team] - sum(others) / len(others)

    def to_dict(self) -> dict[str, Any]:
        """The description's data as JSON (what ``GET /api/games`` serves; code is left out)."""
        return {
            "name": self.name,
            "title": self.title,
            "score_unit": self.score_unit,
            "deal_word": self.deal_word,
            "default_bot": self.default_bot,
            "phases": list(self.observation.phases),
            "words": {lang: dict(words) for lang, words in self.words.items()},
        }


def resolve(path: str) -> Any:
    """The object an import path ``"package.module:attribute"`` names (imported on first use)."""
    module, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"an import path is 'package.module:attribute', not {path!r}")
    return getattr(importlib.import_module(module), attribute)
