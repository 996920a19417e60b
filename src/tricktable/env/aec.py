"""PettingZoo AEC environments for Tractor, Back Alley and All Fours.

>>> from tricktable.env import aec_env
>>> env = aec_env("back-alley")
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].shape, env.agent_selection
((584,), (68,), 'player_1')

One agent acts at a time: the seat to move (``state.to_move``). Options that the engine lets a seat
take out of turn — a Tractor declaration while another seat draws, an All Fours exposure or call —
are offered only with ``out_of_turn=True``: then after every action each other seat that may act is
asked in turn (from the mover's left) before the mover, and may decline with the extra id ``wait``
(the last id of the space). Without it (the default) a Tractor seat declares on its own turn to draw or
in the last chance after the draw, and All Fours exposures and calls never happen. There is no
``parallel_env``: in these games one seat acts at a time, so a parallel step would be one real action
and three no-ops.

Rewards (``reward=``): ``"game"`` (default) gives +1 to each seat of the winning team and -1 to the
others when the game ends (0 each for a draw); ``"deal"`` gives after every deal the change in the
seat's team's score minus the change in the other team's (in the game's own units: Back Alley points,
All Fours game points, Tractor levels), so a game's rewards add up to the final margin. ``max_deals``
truncates the game after that many deals (the rewards of the game mode are then 0).

An id outside the mask raises :class:`tricktable.core.errors.IllegalActionError` (a ``ValueError``)
naming the id and the rule, and the game is unchanged; with ``illegal_action="penalize"`` the agent
instead gets ``illegal_reward`` (default -1), the others 0, and the game ends (terminations).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tricktable import games
from tricktable.cards import Card, format_cards
from tricktable.core import events as ev
from tricktable.core.actions import Action
from tricktable.core.errors import ConfigError, IllegalActionError
from tricktable.core.state import State, team_of
from tricktable.env.actions import Codec, codec_for
from tricktable.env.observe import SPECS, layout_for
from tricktable.env.table import TableEncoder

__all__ = ["TricktableAEC", "aec_env"]

ObsDict = dict[str, npt.NDArray[Any]]
_IDS = (int, np.integer)
"""The types an action id may have (not bool)."""


def _agent(seat: int) -> str:
    return f"player_{seat}"


class TricktableAEC(AECEnv[str, ObsDict, int]):
    """One tricktable game as a PettingZoo AEC environment (see the module doc)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it per instance)
        "render_modes": ["human", "ansi"],
        "name": "tricktable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = games.DEFAULT,
        *,
        config: Mapping[str, Any] | str | None = None,
        reward: str = "game",
        max_deals: int | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        out_of_turn: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = games.get(game)
        name = self.game.name
        if reward not in ("game", "deal"):
            raise ConfigError(f"reward must be 'game' or 'deal', not {reward!r}")
        if illegal_action not in ("raise", "penalize"):
            raise ConfigError(f"illegal_action must be 'raise' or 'penalize', not {illegal_action!r}")
        if max_deals is not None and (
            isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1
        ):
            raise ConfigError(f"max_deals must be a whole number from 1, or None, not {max_deals!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.config = self.game.Config.from_value(config)
        self.spec = SPECS[name]
        self.metadata = {**self.metadata, "name": self.spec.env_name}
        self.reward_mode = reward
        self.max_deals = max_deals
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.num_seats = self.game.num_seats(self.config)
        self.possible_agents = [_agent(s) for s in range(self.num_seats)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.codec: Codec = codec_for(name)
        self.out_of_turn = bool(out_of_turn)
        self.wait = self.codec.size if self.out_of_turn else -1
        """The id of ``wait`` (declining to act out of turn), or -1 without ``out_of_turn``."""
        self.size = self.codec.size + (1 if self.out_of_turn else 0)
        layout, _ = layout_for(name, self.num_seats)
        self.layout = layout
        low, high = layout.bounds()
        # Every seat's spaces are the same: one object each, shared by the agents (gymnasium's Box
        # formats its bounds when made, most of an environment's construction for 584 of them).
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.size,), dtype=np.int8),
            }
        )
        action_space: spaces.Space[Any] = spaces.Discrete(self.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces: dict[str, spaces.Space[Any]] = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = np.random.default_rng()
        self.state: State | None = None
        self.picked: tuple[Card, ...] = ()
        self.table = TableEncoder(name, self.num_seats)
        """Every seat's observation, read from the events as the game goes (reset with the game)."""
        self._queue: list[int] = []
        self._track = reward == "deal" or max_deals is not None
        self._version_read = 0
        self._scores: tuple[int, ...] | None = None
        self._deals = 0

    # --- spaces (the same objects on every call) ----------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode --------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` fixes it (and the seeds of the games after it); ``options`` may name
        ``game_seed`` (the engine's seed itself) or ``deck`` (a stacked deck, as ``game.new`` takes).
        A game that a seed of the environment's choosing would end before anyone acts is skipped; one
        given by ``game_seed`` starts terminated."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        options = options or {}
        game_seed = options.get("game_seed")
        chosen = game_seed is None
        while True:
            if chosen:
                game_seed = int(self._seeds.integers(2**31 - 1))
            self.state = self.game.new(seed=game_seed, config=self.config, deck=options.get("deck"))
            # A game over before anyone acts (an All Fours turn-up reaching a tiny target) offers no
            # decision: with a seed of our own choosing, deal another.
            if not (chosen and self.state.is_over):
                break
        self.picked = ()
        self.table.reset()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = None
        self._deals = 0
        self._version_read = 0
        self._skip_agent_selection = None
        self._open_window(self.state)
        self._select()
        if self.state.is_over:
            self._settle(self.state)

    def _open_window(self, state: State) -> None:
        """With ``out_of_turn``: after each action, the seats other than the one to move that may act
        (in turn order from the mover's left) are each asked in turn, and may ``wait``."""
        if not self.out_of_turn:
            return  # the queue stays empty
        self._queue = []
        mover = state.to_move
        if mover is None or state.is_over:
            return
        acting = state.acting_seats()
        n = self.num_seats
        self._queue = [s for s in ((mover + k) % n for k in range(1, n)) if s in acting]

    def _select(self) -> None:
        assert self.state is not None
        mover = self.state.to_move
        seat = self._queue[0] if self._queue else (mover if mover is not None else 0)
        self.agent_selection = self.possible_agents[seat]

    @property
    def waiting(self) -> bool:
        """Whether the agent to act is being offered an out-of-turn action (it may ``wait``)."""
        return bool(self._queue)

    def _mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        mask = self.codec.mask(state, seat, self.picked)
        if not self.out_of_turn:
            return mask
        out = np.zeros(self.size, dtype=np.int8)
        out[: self.codec.size] = mask
        out[self.wait] = 0 if self.picked else int(bool(self._queue))
        return out

    def write_mask(self, out: bytearray, start: int, state: State, seat: int) -> None:
        """:meth:`_mask` written into ``out[start : start + size]`` (a row of a batch's masks)."""
        self.codec.write_mask(out, start, state, seat, self.picked)
        if self.out_of_turn:
            out[start + self.wait] = 0 if self.picked else int(bool(self._queue))

    def observe(self, agent: str) -> ObsDict:
        state = self._live()
        seat = self._seat_of[agent]
        acting = agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent])
        table = self.table
        table.update(state)
        picked = self.picked if acting else ()
        observation = table.observe(seat, state.phase, state.to_move, picked)
        live = acting and not state.is_over
        mask = self._mask(state, seat) if live else np.zeros(self.size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The mask alone (what :meth:`observe` gives as ``action_mask``)."""
        state = self._live()
        seat = self._seat_of[agent]
        if (
            agent != self.agent_selection
            or state.is_over
            or self.terminations[agent]
            or self.truncations[agent]
        ):
            return np.zeros(self.size, dtype=np.int8)
        return self._mask(state, seat)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        try:
            if type(action) is not int and (
                action is None or isinstance(action, bool) or not isinstance(action, _IDS)
            ):
                raise IllegalActionError(
                    f"an action is an id from 0 to {self.size - 1} (an int), not {action!r}"
                )
            if action == self.wait and self.out_of_turn:
                if not self._queue or self.picked:
                    why = "a card is picked: finish the action" if self.picked else "it is its turn"
                    raise IllegalActionError(
                        f"action {action} (wait) is not legal for seat {seat} now: {why}"
                    )
                self._queue.pop(0)
                self._select()
                self._accumulate_rewards()
                return
            step = self.codec.step(state, seat, self.picked, int(action))
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self._penalize(agent, str(err))
            return
        if step.action is None:
            self.picked = step.picked
        else:
            # The codec has checked the id against the mask: the action is one of the legal ones.
            self.state = state = state.apply_legal(step.action, seat)
            self.picked = ()
            self._settle(state)
            self._open_window(state)
        self._select()
        self._accumulate_rewards()

    def advance(self, index: int) -> list[float] | None:
        """Id ``index`` taken by the agent to act, as :meth:`step` takes it but without PettingZoo's
        bookkeeping (the reward dicts are left alone): the vector environment's step. Returns what
        each seat received (None: nothing) and sets the terminations or truncations when the game
        ends. Raises :class:`IllegalActionError` for an id outside the mask, the game unchanged; the
        ``wait`` id is :meth:`step`'s alone."""
        state = self._live()
        seat = self._seat_of[self.agent_selection]
        step = self.codec.step(state, seat, self.picked, index)
        if step.action is None:
            self.picked = step.picked
            return None
        self.state = state = state.apply_legal(step.action, seat)
        self.picked = ()
        gains = self._payoff(state)
        self._open_window(state)
        self._select()
        return gains

    def apply_action(self, action: Action, seat: int) -> None:
        """Apply an engine action (a bot's, from ``legal_actions``) for the seat to move, as
        :meth:`step` would for its id: rewards, terminations and the next agent follow. Raises, with
        the game unchanged, if it is illegal."""
        state = self._live()
        agent = _agent(seat)
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            raise IllegalActionError(f"{agent} may not act now (the agent to act is {self.agent_selection})")
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        self.state = state = state.apply(action, seat)
        self.picked = ()
        self._settle(state)
        self._open_window(state)
        self._select()
        self._accumulate_rewards()

    @property
    def deals_scored(self) -> int:
        """Deals scored so far in this game (counted when ``reward="deal"`` or ``max_deals`` is set)."""
        return self._deals

    @property
    def done(self) -> bool:
        """Whether the game has ended (terminated) or been cut short (truncated)."""
        agent = self.agent_selection
        return self.terminations.get(agent, True) or self.truncations.get(agent, True)

    def _penalize(self, agent: str, message: str) -> None:
        self.rewards[agent] = self.illegal_reward
        self.infos[agent] = {"illegal_action": message}
        for a in self.agents:
            self.terminations[a] = True
        self._accumulate_rewards()

    def _settle(self, state: State) -> None:
        """Rewards (into the dict, zeroed by the step), terminations and truncations after an action."""
        gains = self._payoff(state)
        if gains is not None:
            for a, gain in zip(self.possible_agents, gains, strict=True):
                self.rewards[a] = gain

    def _payoff(self, state: State) -> list[float] | None:
        """What each seat receives for reaching ``state`` (None: nothing), with the terminations and
        truncations set when the game ends: one home for the rewards of :meth:`step` and
        :meth:`advance`."""
        gains = self._read_scores(state) if self._track else None
        if state.is_over:
            result = state.result
            if self.reward_mode == "game" and result is not None and result.winner is not None:
                n = self.num_seats
                gains = [1.0 if team_of(s, n) == result.winner else -1.0 for s in range(n)]
            for a in self.agents:
                self.terminations[a] = True
        elif self.max_deals is not None and self._deals >= self.max_deals:
            for a in self.agents:
                self.truncations[a] = True
        return gains

    def _read_scores(self, state: State) -> list[float] | None:
        """Count the deals scored since the last reading; with ``reward="deal"``, each seat's reward
        for them (None when no deal was scored)."""
        since = self._version_read if self._scores is not None else None
        gains: list[float] | None = None
        for e in state.events(None) if since is None else state.events(None, since=since):
            if isinstance(e, ev.DealStarted) and self._scores is None:
                self._scores = e.scores
            elif isinstance(e, ev.DealScored | ev.GameOver):
                if isinstance(e, ev.DealScored):
                    self._deals += 1
                old, self._scores = self._scores, e.scores
                if self.reward_mode == "deal" and old is not None:
                    deal = self._deal_rewards(old, e.scores)
                    gains = deal if gains is None else [g + d for g, d in zip(gains, deal, strict=True)]
        self._version_read = state.version
        return gains

    def _deal_rewards(self, old: tuple[int, ...], new: tuple[int, ...]) -> list[float]:
        """Each seat's reward for a deal: its team's gain minus the other team's."""
        gains = [n - o for n, o in zip(new, old, strict=True)]
        total = sum(gains)
        out = []
        for s in range(self.num_seats):
            own = gains[team_of(s, self.num_seats)]
            out.append(float(own - (total - own)))
        return out

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    # --- rendering ----------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as text: every hand (a god's view, for people watching; observations never show
        it), the trick, trumps and scores. ``ansi`` returns it, ``human`` prints it."""
        if self.render_mode is None:
            return None
        text = self.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def render_text(self) -> str:
        state = self._live()
        table = state.view(None)
        mover = "" if state.to_move is None else f" · to move: {_agent(state.to_move)}"
        lines = [f"{self.game.title} · {state.phase}{mover} · version {state.version}"]
        lines.append(f"scores {list(table.scores)} · trump {table.trump}")
        for s in range(self.num_seats):
            hand = format_cards(sorted(state.view(s).hand))
            lines.append(f"  {_agent(s)} (team {team_of(s, self.num_seats)}): {hand}")
        trick = "  ".join(f"{_agent(s)}: {format_cards(cards)}" for s, cards in table.trick)
        lines.append(f"trick: {trick or '-'}")
        if self.picked:
            lines.append(f"picked: {format_cards(self.picked)}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def aec_env(game: str = games.DEFAULT, **options: Any) -> AECEnv[str, ObsDict, int]:
    """A PettingZoo AEC environment for ``game`` (one of ``games.names()``),
    wrapped in PettingZoo's order-enforcing wrapper. Options: see :class:`TricktableAEC`."""
    return wrappers.OrderEnforcingWrapper(TricktableAEC(game, **options))
