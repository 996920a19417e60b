"""The search bots ``hard`` and ``expert``: determinized Monte Carlo over the game protocol.

For a decision with a real choice the bot samples worlds the seat cannot tell from the real one
(``game.sample(seat, events, ...)``: the unseen cards dealt at random among the places they could
be), plays each candidate action in each world, lets the heuristic bots play the deal out from there
(their card play on the game's fast path where its description names one, ``search.playout``: the
same cards at a fraction of the cost; or, in the fast mode, a greedy policy on the game's fast path:
Tractor's default), and picks the candidate whose deals end best for its team on average — provided
it beats the heuristic bot's own choice by a clear margin, else it keeps that choice. Every candidate
is tried in the same worlds with the same rollout seeds (common random numbers), so the comparison
between candidates is sharper than the spread of the deals.

The bot sees only the seat's view, its legal actions and its events, like any bot; the worlds it
samples are its own imaginings. The table's rules (``config``) are public knowledge at a table: give
them when the game does not use the defaults. Its budget is a number of rollouts, never a clock, so
a seeded bot makes the same decisions on any machine.

What the search cannot handle it leaves to the heuristic bot: decisions outside the phases a game
searches at the bot's level, and events a world cannot be sampled from. In the fast mode a decision
before the card play (Tractor's kitty) is rolled out by the heuristic bots through the game up to the
card play, and on the fast path from there.

With beliefs (``expert``) the worlds are not all equally likely: four times as many are sampled, and
those in which the other seats' bids (All Fours: stand or beg, give or run) are what the heuristic bot
would bid with the hands the world gives them are kept first (:meth:`SearchBot.likelihood`).

With ``exact`` (an option of the games with an exact solver, off at every level) the last tricks'
worlds are solved instead of rolled out: each candidate's value in a world is what perfect play by
every seat makes of it there.

>>> from tricktable import games
>>> state = games.get("all-fours").new(seed=5)
>>> bot = SearchBot("all-fours", seed=1, rollouts=40)
>>> seat = state.to_move
>>> bot.choose(state.view(seat), state.legal_actions(seat), state.events(seat)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from tricktable import games
from tricktable.bots import heuristic_factory
from tricktable.bots.base import Bot
from tricktable.bots.fast_rollout import fast_value
from tricktable.bots.tree_search import tree_search
from tricktable.bots.turns import next_turn
from tricktable.core.actions import Action
from tricktable.core.description import resolve
from tricktable.core.errors import ConfigError
from tricktable.core.events import Event
from tricktable.core.sampling import SampleError
from tricktable.core.state import State, team_of
from tricktable.core.views import View

__all__ = ["LEVELS", "SearchBot", "deal_value", "rollout"]

Candidates = Callable[[View, Sequence[Action], Action, random.Random, int], list[Action]]
"""A game's own choice of candidates (its description's ``search.candidates`` names it)."""


LEVELS: Mapping[str, int] = {"hard": 1, "expert": 4}
"""Each search level's budget, as a multiple of the game's ``hard`` rollouts per decision (in the
phases the game's ``level_phases`` names for the level, where it names any)."""

MAX_WORLDS = 240
"""At most this many worlds per decision of a level's own budget where the game sets no cap of its
own (``max_worlds``): a world costs a sample that replays the deal (with beliefs, :data:`OVERSAMPLE`
of them), which with few candidates outweighs the rollouts. ``hard`` never meets it (All Fours' 360
rollouts make 180 worlds of two candidates, Back Alley's 420 make 210); ``expert`` with few
candidates does."""

MIN_WORLDS = 4
"""Every candidate is tried in at least this many worlds, however many candidates there are."""
CONFIDENCE = 1.0
"""How many standard errors the search's best candidate must gain over the heuristic's choice."""
BELIEF_EPSILON = 0.1
"""With beliefs: the chance that another seat's bid (or declaration) is not the heuristic's."""
OVERSAMPLE = 4
"""With beliefs: worlds sampled per world kept."""
EXACT_WORLDS = 2
"""A decision valued by the exact solver samples this many times fewer worlds: a solve costs about
as much as rolling out two worlds' candidates (and values every candidate exactly in its world)."""


def deal_value(game: str, start: State, end: State, team: int) -> float:
    """What the play from ``start`` to ``end`` (the end of that deal) gained ``team`` over the other
    side: points (All Fours, Back Alley) or levels (Tractor, with the round's points as fractions).
    The game's description says how (:meth:`~tricktable.core.description.GameDescription.deal_value`)."""
    return games.get(game).description.deal_value(start, end, team)


def rollout(
    state: State,
    policies: Mapping[int, Bot],
    deal_key: Callable[[Any], object],
    key: object,
    until: Callable[[State], bool] = lambda state: False,
) -> State:
    """``state`` played on by ``policies`` (a bot per seat, shown only that seat's view, and its
    events if it wants them: a search bot does) until the deal ``key`` is over (``deal_key`` gives
    another), the game is, or ``until(state)`` holds."""
    while not state.is_over and deal_key(state) == key and not until(state):
        seat, named = next_turn(state)
        legal = state.legal_actions(named)
        if len(legal) == 1:
            action = legal[0]
        else:
            policy = policies[seat]
            events = state.events(seat) if policy.wants_events else ()
            action = policy.choose(state.view(seat), legal, events)
        state = state.apply_legal(action, named)
    return state


def _at_play(state: State) -> bool:
    return state.phase == "play"


class SearchBot(Bot):
    """Determinized Monte Carlo search with heuristic rollouts. ``rollouts`` is the budget per
    decision (rollouts across all candidates; default: the game's ``hard`` budget times the level's
    multiple), though every candidate is tried in at least ``min_worlds`` worlds; ``config`` the
    table's rules (default: the game's defaults); ``searched`` the phases searched (default: the
    game's ``phases`` and its ``choice_phases`` at this level). ``beliefs`` (default: ``expert``
    only) weighs the sampled worlds by how likely the other seats' bids are in them
    (:meth:`likelihood`) in the phases ``belief_phases`` names (default: the game's; none keeps
    the worlds uniformly from the same pool: the baseline for measuring the beliefs). ``exact``
    (default 0: off) values the card-play decisions with at most that many cards in hand by the
    game's exact solver (its description's ``solver``) in each world, in :data:`EXACT_WORLDS` times
    fewer worlds: measured against the rollouts, it has not yet won (``bench/README.md``).

    ``fast`` (0: off) plays the card-play phase on the game's fast path instead (Back Alley, All
    Fours, Tractor): each candidate in each world is then scored by ``fast`` greedy rollouts
    (:mod:`tricktable.bots.fast_rollout`), and ``fast_rollouts`` (candidate-world pairs) is the budget
    of such decisions. Both default to the game's: on for Tractor, whose heuristic rollouts through
    the reference engine afford too few worlds to see much. ``playout`` (default on) plays the
    heuristic bots' card play on the game's fast path (its description's ``search.playout``) rather
    than through the reference engine: the same values, so it is off only to compare the two.
    ``multiple`` (default: the level's, :data:`LEVELS`) scales the game's ``hard`` budgets: rollouts,
    fast rollouts and the cap on worlds; only in the phases the game's ``level_phases`` names for the
    level, when it names any (elsewhere the level searches with ``hard``'s budgets). ``tree`` (default:
    the game's ``tree`` iterations for the level; 0: off) decides by the information-set tree search
    of :mod:`tricktable.bots.tree_search` instead, in every phase searched: its worlds are sampled
    uniformly, so beliefs and the world search's budgets do not apply to it."""

    wants_events = True

    def __init__(
        self,
        game: str,
        seed: int | None = None,
        *,
        level: str = "hard",
        rollouts: int | None = None,
        min_worlds: int = MIN_WORLDS,
        fast: int | None = None,
        fast_rollouts: int | None = None,
        config: Any = None,
        searched: frozenset[str] | None = None,
        beliefs: bool | None = None,
        belief_phases: frozenset[str] | None = None,
        exact: int = 0,
        playout: bool = True,
        multiple: float | None = None,
        tree: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.game = games.get(game)
        self.name = level
        self.rules = self.game.description.search
        phases = self.rules.phases
        if searched is None and phases is not None:
            searched = phases | self.rules.choice_phases.get(level, frozenset())
        self.searched = searched
        self.beliefs = (level == "expert" if beliefs is None else beliefs) and bool(
            self.rules.belief_phases or belief_phases is not None
        )
        self.belief_phases = self.rules.belief_phases if belief_phases is None else belief_phases
        solver = self.game.description.solver
        self.exact = 0 if solver is None else exact
        """Card-play decisions with at most this many cards in hand are valued by the exact solver."""
        # Imported only when used: off (every level's default), no bot loads the solver's module.
        self.solver: Callable[[State, int | None], Mapping[int, float]] | None = (
            None if solver is None or self.exact <= 0 else resolve(solver)
        )
        scale = LEVELS[level] if multiple is None else multiple
        self.level_phases = (
            self.rules.level_phases.get(level) if rollouts is None and fast_rollouts is None else None
        )
        """The phases where the level's own budget applies (None: every phase); ``hard``'s elsewhere."""
        self.rollouts = rollouts if rollouts is not None else round(self.rules.rollouts * scale)
        self.min_worlds = min_worlds
        self.max_worlds = (
            round(self.rules.max_worlds * scale)
            if self.rules.max_worlds
            else (MAX_WORLDS if rollouts is None else 0)
        )
        """At most this many worlds per decision (0: no cap): the game's, else :data:`MAX_WORLDS`
        for a level's own budget (a budget given, as the analysis gives one, buys its worlds)."""
        self.fast = self.rules.fast if fast is None else fast
        default_fast = round(self.rules.fast_rollouts * scale)
        self.fast_rollouts = default_fast if fast_rollouts is None else fast_rollouts
        self.config = self.game.Config.from_value(config)
        num_seats = self.game.num_seats(self.config)
        path = self.rules.playout if playout and not self.fast else None
        self.playout: Callable[[State, int], float | None] | None = None if path is None else resolve(path)
        self.tree = self.rules.tree.get(level, 0) if tree is None else tree
        """Iterations of the information-set tree search that decides instead of the world search
        (0: the world search decides)."""
        if self.tree and not self.rules.tree_exploration:
            raise ConfigError(
                f"{self.game.name} has no tree search (its seats' legal actions are too many for one);"
                " tree=N is for the games whose search sets tree_exploration: "
                + ", ".join(d.name for d in games.descriptions() if d.search.tree_exploration)
            )
        factory = heuristic_factory(self.game.name)
        self.fallback = factory(seed)
        self.policies: dict[int, Bot] = {s: factory(None) for s in range(num_seats)}

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        if len(legal) == 1:
            return legal[0]
        phases = self.searched
        seat = view.seat
        if seat is None or not events or (phases is not None and view.phase not in phases):
            return self.fallback.choose(view, legal, events)
        if self.tree > 0:
            try:
                return tree_search(self, view, legal, events, self.tree, self.rules.tree_exploration)
            except SampleError:
                return self.fallback.choose(view, legal, events)
        default = self.fallback.choose(view, legal, events)
        candidates = self.candidates(view, legal, default)
        try:
            values = self.evaluate(view, events, candidates)
        except SampleError:
            return default
        return candidates[self._pick(values, candidates.index(default))]

    def _pick(self, values: Sequence[Sequence[float]], default: int) -> int:
        """The candidate with the best mean, if it beats the heuristic's choice (``default``) by more
        than :data:`CONFIDENCE` standard errors of their paired difference (the same worlds, the
        same rollout seeds); else the heuristic's choice. Among a few dozen noisy estimates the
        best-looking one is often only lucky: this keeps the search from trading a sound play for one."""
        means = [sum(v) / len(v) for v in values]
        best = max(range(len(values)), key=lambda i: (means[i], -i))
        if best == default:
            return best
        diffs = [a - b for a, b in zip(values[best], values[default], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
        return best if mean > CONFIDENCE * spread / math.sqrt(n) else default

    def candidates(self, view: View, legal: Sequence[Action], default: Action) -> list[Action]:
        """Every legal action when they are few; else the game's own choice (Tractor's multi-card
        leads and follows can number in the thousands), or the heuristic's choice and a random
        spread of the others."""
        limit = self.rules.max_candidates
        count = len(legal)
        if count <= limit:
            return list(legal)
        if self.rules.candidates is not None:
            choose: Candidates = resolve(self.rules.candidates)
            return choose(view, legal, default, self.rng, limit)
        chosen = [default]
        for index in self.rng.sample(range(count), min(count, 4 * limit)):
            action = legal[index]
            if action not in chosen:
                chosen.append(action)
            if len(chosen) == limit:
                break
        return chosen

    def evaluate(
        self, view: View, events: Sequence[Event], candidates: Sequence[Action]
    ) -> list[list[float]]:
        """Each candidate's value in each world, in world order: what the rest of the deal gains
        the team of the seat of ``view`` over the other side when that seat (to move, having seen
        ``events``) takes it
        and the deal is played out by the rollout policy. Raises ``SampleError`` when no world can be
        sampled from the events. (The game analysis values a seat's decisions with it too.)"""
        seat = view.seat
        assert seat is not None
        game = self.game.name
        deal_key = self.rules.deal_key
        team = team_of(seat, self.game.num_seats(self.config))
        early = self.rules.phases is not None and view.phase not in self.rules.phases
        fast = self.fast and (view.phase == "play" or early)
        if self.level_phases is None or view.phase in self.level_phases:
            budget = self.fast_rollouts if fast else self.rollouts
            cap = self.max_worlds
        else:
            budget = self.rules.fast_rollouts if fast else self.rules.rollouts
            cap = self.rules.max_worlds or MAX_WORLDS
        worlds = max(self.min_worlds, budget // len(candidates))
        if cap:
            worlds = min(worlds, max(self.min_worlds, cap))
        values: list[list[float]] = [[] for _ in candidates]
        rng = self.rng
        solver = self.solver if view.phase == "play" and len(view.hand) <= self.exact else None
        if solver is not None:
            worlds = max(self.min_worlds, worlds // EXACT_WORLDS)
        for world, _ in self._worlds(seat, events, worlds):
            if solver is not None:
                # So few cards that a solve is quick whatever the world: no bound is needed.
                exact = solver(world, None)
                for i, action in enumerate(candidates):
                    values[i].append(exact[action.cards[0]])
                continue
            rollout_seed = rng.getrandbits(64)
            key = deal_key(world)
            for i, action in enumerate(candidates):
                after = world.apply(action, seat)
                if self.fast and deal_key(after) == key:
                    value = fast_value(game, after, team, random.Random(rollout_seed), self.fast)
                    if value is not None:
                        values[i].append(value)
                        continue
                for s, policy in self.policies.items():
                    policy.rng.seed(rollout_seed + s)
                if self.playout is not None:
                    values[i].append(self.play_out(world, after, key, team))
                    continue
                if self.fast and early:
                    # Up to the card play through the game, then the fast path.
                    after = rollout(after, self.policies, deal_key, key, _at_play)
                    rest = fast_value(game, after, team, random.Random(rollout_seed), self.fast)
                    if rest is not None:
                        values[i].append(deal_value(game, world, after, team) + rest)
                        continue
                end = rollout(after, self.policies, deal_key, key)
                values[i].append(deal_value(game, world, end, team))
        return values

    def play_out(self, world: State, after: State, key: object, team: int) -> float:
        """The heuristic bots' rollout from ``after`` (``world`` after the candidate) to the end of the
        deal ``key``: through the game up to the card play, then on the game's fast path (its
        description's ``search.playout``: the same plays), or through the game to the end where that
        cannot go (or the game has no such path)."""
        game = self.game.name
        deal_key = self.rules.deal_key
        at_play = rollout(after, self.policies, deal_key, key, _at_play)
        if self.playout is not None and deal_key(at_play) == key:
            rest = self.playout(at_play, team)
            if rest is not None:
                return deal_value(game, world, at_play, team) + rest
        end = rollout(at_play, self.policies, deal_key, key)
        return deal_value(game, world, end, team)

    def _worlds(self, seat: int, events: Sequence[Event], count: int) -> Iterator[tuple[State, float]]:
        """``count`` sampled worlds, each with its :meth:`likelihood` (1 without beliefs). With
        beliefs, :data:`OVERSAMPLE` times as many are sampled and ``count`` of them kept at random in
        proportion to their likelihood (without replacement): the worlds in which the other seats'
        bids are what their hands call for come first."""
        rng = self.rng
        if not self.beliefs:
            for _ in range(count):
                yield (
                    self.game.sample(
                        seat, events, config=self.config, rng=random.Random(rng.getrandbits(64))
                    ),
                    1.0,
                )
            return
        keyed: list[tuple[float, int, State, float]] = []
        for k in range(OVERSAMPLE * count):
            steps: list[tuple[State, int, Action]] = []
            world = self.game.sample(
                seat, events, config=self.config, rng=random.Random(rng.getrandbits(64)), visit=steps.append
            )
            weight = self.likelihood(seat, steps)
            # Efraimidis and Spirakis' weighted sampling: the largest keys u ** (1 / weight).
            keyed.append((rng.random() ** (1 / weight), k, world, weight))
        keyed.sort(key=lambda item: (-item[0], item[1]))
        for _, _, world, weight in keyed[:count]:
            yield world, weight

    def likelihood(self, seat: int, steps: Sequence[tuple[State, int, Action]]) -> float:
        """How likely the other seats' actions in ``steps`` (the deal so far in a world: the state
        before each, its seat, the action) are in the phases the game's beliefs read, if each seat
        takes the heuristic bot's choice but with chance :data:`BELIEF_EPSILON` another."""
        phases = self.belief_phases
        weight = 1.0
        for before, who, action in steps:
            if who == seat or before.phase not in phases:
                continue
            named = None if who == before.to_move else who
            legal = before.legal_actions(named)
            if len(legal) > 1:
                model = self.policies[who].choose(before.view(who), legal)
                weight *= 1 - BELIEF_EPSILON if model == action else BELIEF_EPSILON
        return weight
