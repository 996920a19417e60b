"""OpenSpiel adapter: each game registered as an OpenSpiel Python game (extra ``rl`` with open-spiel).

>>> import pyspiel
>>> import tricktable.env.openspiel  # registers the games
>>> game = pyspiel.load_game("python_tricktable_back_alley")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 54)

An OpenSpiel game here is **one deal** of the tricktable game: chance nodes deal the pack card by card
(each outcome a card id, with the probability of its remaining copies), the engine then starts the
game from that stacked pack (``game.new(seed, deck=...)``, the parameter ``seed`` fixing the first
dealer) and the players act until the first deal is scored. The returns are the change in the score
margin over the deal (Back Alley points, All Fours game points, Tractor levels): +margin to each
player of team 0, -margin to each of team 1 (zero-sum). A deal that the engine itself redeals (an All
Fours pack that runs out) takes its new pack from the engine's seed, not from chance nodes.

Actions are the ids of :mod:`tricktable.env.actions` (Tractor picks cards one at a time, then
``finish``). Observations come from the observer (``make_py_observer``): the tensor is the AEC
environment's observation of the player (:mod:`tricktable.env.observe`); the information-state string
is every event the player has seen (perfect recall) and the picked cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from tricktable import games
from tricktable.cards import ALL_CARDS, Card, format_cards
from tricktable.core import events as ev
from tricktable.core.state import State, team_of
from tricktable.env.actions import Codec, codec_for
from tricktable.env.observe import CARD_IDS, Encoder, layout_for

__all__ = ["SHORT_NAMES", "register"]

SHORT_NAMES = {d.name: f"python_tricktable_{d.module}" for d in games.descriptions()}
"""Each game's OpenSpiel short name. Its utility bounds and length are in its description."""


def _pack(name: str) -> tuple[Card, ...]:
    state = games.get(name).new(seed=0)
    out: list[Card] = []
    for cards in state.card_locations().values():
        out += cards
    return tuple(sorted(out))


class _Engine:
    """The engine state of an OpenSpiel state. OpenSpiel clones a Python state by deep-copying its
    attributes and serializes it by pickling them: an engine state is an immutable value, so a clone
    shares it, and a pickle holds its record (config, seed, deck, actions), replayed when loaded."""

    __slots__ = ("_before", "encoders", "state")

    def __init__(self, state: State, before: _Engine | None = None) -> None:
        self.state = state
        self.encoders: list[Encoder | None] = [None] * state.num_seats
        self._before = None if before is None else before.encoders

    def encoder(self, player: int) -> Encoder:
        """The player's encoder at this state: read on from the state before's, when it was made."""
        enc = self.encoders[player]
        if enc is None:
            previous = None if self._before is None else self._before[player]
            enc = (
                Encoder(self.state.GAME_NAME, self.state.num_seats, player)
                if previous is None
                else previous.clone()
            )
            enc.update(self.state)
            self.encoders[player] = enc
            if all(e is not None for e in self.encoders):
                self._before = None
        return enc

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        return _replayed, (self.state.GAME_NAME, games.get(self.state.GAME_NAME).record(self.state))


def _replayed(name: str, record: dict[str, Any]) -> _Engine:
    return _Engine(games.get(name).replay(record))


_CODECS: dict[str, Codec] = {}


def _codec(name: str) -> Codec:
    if name not in _CODECS:
        _CODECS[name] = codec_for(name)
    return _CODECS[name]


class _Game(pyspiel.Game):  # type: ignore[misc]
    name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind, info = _TYPES[self.name]
        super().__init__(kind, info, params or {})
        self.params = self.get_parameters()
        self.engine = games.get(self.name)
        self.pack = _pack(self.name)
        self.counts = bytes(self.pack.count(c) for c in ALL_CARDS[:CARD_IDS])
        self.num_seats = self.engine.num_seats()

    def new_initial_state(self) -> _State:
        return _State(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observer parameters are not supported, not {params!r}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.name, self.num_seats, perfect_recall=perfect)


class _State(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self.name = game.name
        self.seed = int(game.params["seed"])
        # Plain ints and strings where OpenSpiel deep-copies (clone) and pickles (serialize) them.
        self.pack_size = len(game.pack)
        self.num_seats = game.num_seats
        self.dealt = b""
        self.remaining = game.counts
        """Copies of each card id not yet dealt."""
        self.seen: list[str] = [""] * game.num_seats
        """Per player, the events it has seen so far, as text (the information-state string)."""
        self.engine: _Engine | None = None
        self.picked: tuple[Card, ...] = ()
        self.start_scores: tuple[int, ...] = ()
        self.end_scores: tuple[int, ...] = ()
        self.deals_scored = 0
        self.version_read = 0

    @property
    def tt(self) -> State | None:
        """The engine state (None while the pack is being dealt)."""
        return None if self.engine is None else self.engine.state

    @property
    def codec(self) -> Codec:
        return _codec(self.name)

    # --- whose turn ----------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.tt is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        mover = self.tt.to_move
        assert mover is not None
        return mover

    def _terminal(self) -> bool:
        return self.tt is not None and (self.tt.is_over or self.deals_scored >= 1)

    def is_terminal(self) -> bool:
        return self._terminal()

    # --- chance: the pack, card by card --------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        total = sum(self.remaining)
        return [(c, n / total) for c, n in enumerate(self.remaining) if n]

    # --- players ---------------------------------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[int]:
        assert self.tt is not None
        mask = self.codec.mask(self.tt, player, self.picked)
        return [int(i) for i in np.flatnonzero(mask)]

    def _apply_action(self, action: int) -> None:
        if self.tt is None:
            left = bytearray(self.remaining)
            left[action] -= 1
            self.remaining = bytes(left)
            self.dealt += bytes((action,))
            if len(self.dealt) == self.pack_size:
                engine = games.get(self.name)
                self.engine = _Engine(engine.new(seed=self.seed, deck=[ALL_CARDS[c] for c in self.dealt]))
                self._read_scores()
            return
        seat = self.tt.to_move
        assert seat is not None
        step = self.codec.step(self.tt, seat, self.picked, action)
        if step.action is None:
            self.picked = step.picked
        else:
            # The codec has checked the id against the mask: the action is one of the legal ones.
            self.engine = _Engine(self.tt.apply_legal(step.action, seat), self.engine)
            self.picked = ()
            self._read_scores()

    def _read_scores(self) -> None:
        """Scores at the deal's start and end, and each player's events as text, read forward."""
        tt = self.tt
        assert tt is not None
        since = self.version_read or None
        for p in range(self.num_seats):
            new = tt.events(p) if since is None else tt.events(p, since=since)
            self.seen[p] += "".join(f"{e!r};" for e in new)
        for e in tt.events(None) if not self.version_read else tt.events(None, since=self.version_read):
            if isinstance(e, ev.DealStarted) and not self.start_scores:
                self.start_scores = e.scores
            elif isinstance(e, ev.DealScored):
                self.deals_scored += 1
                if self.deals_scored == 1:
                    self.end_scores = e.scores
            elif isinstance(e, ev.GameOver) and self.deals_scored == 0:
                self.end_scores = e.scores
                self.deals_scored = 1
        self.version_read = tt.version

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {ALL_CARDS[action]}"
        return self.codec.label(action)

    def returns(self) -> list[float]:
        if not self._terminal():
            return [0.0] * self.num_seats
        old, new = self.start_scores, self.end_scores
        margin = float((new[0] - old[0]) - (new[1] - old[1]))
        return [margin if team_of(s, self.num_seats) == 0 else -margin for s in range(self.num_seats)]

    def __str__(self) -> str:
        if self.tt is None:
            return f"dealing: {len(self.dealt)} of {self.pack_size} cards"
        lines = [f"{self.tt!r}"]
        for s in range(self.num_seats):
            lines.append(f"seat {s}: {format_cards(sorted(self.tt.view(s).hand))}")
        if self.picked:
            lines.append(f"picked: {format_cards(self.picked)}")
        return "\n".join(lines)


class _Observer:
    """What a player has seen: the AEC observation vector as the tensor, the events as the string."""

    def __init__(self, name: str, num_seats: int, *, perfect_recall: bool) -> None:
        self.name = name
        self.num_seats = num_seats
        self.perfect_recall = perfect_recall
        layout, _ = layout_for(name, num_seats)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {b.name: self.tensor[b.slice] for b in layout.blocks}

    def set_from(self, state: _State, player: int) -> None:
        self.tensor.fill(0.0)
        if state.tt is None:
            return
        assert state.engine is not None
        encoder = state.engine.encoder(player)
        picked = state.picked if state.tt.to_move == player else ()
        encoder.fill(state.tt.phase, state.tt.to_move, picked)
        self.tensor[:] = encoder.vec

    def string_from(self, state: _State, player: int) -> str:
        if state.tt is None:
            return f"p{player} dealing"
        tt = state.tt
        picked = state.picked if tt.to_move == player else ()
        if self.perfect_recall:
            return f"p{player} {state.seen[player]} picked:{format_cards(picked)}"
        view = tt.view(player)
        trick = " ".join(f"{s}:{format_cards(c)}" for s, c in view.trick)
        return (
            f"p{player} {tt.phase} to_move:{tt.to_move} hand:{format_cards(sorted(view.hand))} "
            f"trick:{trick} scores:{list(view.scores)} picked:{format_cards(picked)}"
        )


def _types(name: str) -> tuple[Any, Any]:
    engine = games.get(name)
    description = engine.description
    seats = engine.num_seats()
    kind = pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"Python tricktable {engine.title} (one deal)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0},
    )
    pack = len(_pack(name))
    info = pyspiel.GameInfo(
        num_distinct_actions=codec_for(name).size,
        max_chance_outcomes=CARD_IDS,
        num_players=seats,
        min_utility=-description.utility_bound,
        max_utility=description.utility_bound,
        utility_sum=0.0,
        max_game_length=pack + description.max_length,
    )
    return kind, info


_TYPES: dict[str, tuple[Any, Any]] = {}


def register() -> None:
    """Register the three games with OpenSpiel (done on import; again is harmless)."""
    registered = set(pyspiel.registered_names())
    for name, short in SHORT_NAMES.items():
        if short in registered:
            continue
        _TYPES[name] = _types(name)
        cls = type(f"TricktableGame_{name.replace('-', '_')}", (_Game,), {"name": name})
        pyspiel.register_game(_TYPES[name][0], cls)


register()
