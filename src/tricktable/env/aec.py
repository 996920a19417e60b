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
from tricktable.core.actions import Action
from tricktable.core.errors import ConfigError, IllegalActionError
from tricktable.core.state import State, team_of
from tricktable.env.actions import Codec, codec_for
from tricktable.env.episode import Episode
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
        self.episode = Episode(
            self.codec,
            TableEncoder(name, self.num_seats),
            self.num_seats,
            out_of_turn=self.out_of_turn,
            reward_mode=reward,
            max_deals=max_deals,
        )
        """The game in progress: its state, picked cards, observation table and rewards."""
        self.wait = self.episode.wait
        """The id of ``wait`` (declining to act out of turn), or -1 without ``out_of_turn``."""
        self.size = self.episode.size
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

    # --- spaces (the same objects on every call) ----------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the game, kept by the episode ------------------------------------------------------------
    @property
    def state(self) -> State | None:
        """The engine's state of the game (None before :meth:`reset`)."""
        return self.episode.state

    @property
    def picked(self) -> tuple[Card, ...]:
        """The cards picked toward a Tractor play, not yet played."""
        return self.episode.picked

    @property
    def table(self) -> TableEncoder:
        """Every seat's observation, read from the events as the game goes (reset with the game)."""
        return self.episode.table

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
            state = self.game.new(seed=game_seed, config=self.config, deck=options.get("deck"))
            # A game over before anyone acts (an All Fours turn-up reaching a tiny target) offers no
            # decision: with a seed of our own choosing, deal another.
            if not (chosen and state.is_over):
                break
        gains = self.episode.start(state)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()
        self._settle(gains)

    def _select(self) -> None:
        self.agent_selection = self.possible_agents[self.episode.seat()]

    @property
    def waiting(self) -> bool:
        """Whether the agent to act is being offered an out-of-turn action (it may ``wait``)."""
        return bool(self.episode.queue)

    def _mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        mask = self.codec.mask(state, seat, self.picked)
        if not self.out_of_turn:
            return mask
        out = np.zeros(self.size, dtype=np.int8)
        out[: self.codec.size] = mask
        out[self.wait] = 1 if self.episode.may_wait() else 0
        return out

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
                if not self.episode.may_wait():
                    why = "a card is picked: finish the action" if self.picked else "it is its turn"
                    raise IllegalActionError(
                        f"action {action} (wait) is not legal for seat {seat} now: {why}"
                    )
                self.episode.pass_turn()
                self._select()
                self._accumulate_rewards()
                return
            gains = self.episode.advance(int(action))
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self._penalize(agent, str(err))
            return
        self._settle(gains)
        self._select()
        self._accumulate_rewards()

    def advance(self, index: int) -> list[float] | None:
        """Id ``index`` taken by the agent to act, as :meth:`step` takes it but without PettingZoo's
        bookkeeping (the reward dicts are left alone): the vector environment's step. Returns what
        each seat received (None: nothing) and sets the terminations or truncations when the game
        ends. Raises :class:`IllegalActionError` for an id outside the mask, the game unchanged; the
        ``wait`` id is :meth:`step`'s alone."""
        gains = self.episode.advance(index)
        self._end_if_done()
        self._select()
        return gains

    def apply_action(self, action: Action, seat: int) -> None:
        """Apply an engine action (a bot's, from ``legal_actions``) for the seat to move, as
        :meth:`step` would for its id: rewards, terminations and the next agent follow. Raises, with
        the game unchanged, if it is illegal."""
        self._live()
        agent = _agent(seat)
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            raise IllegalActionError(f"{agent} may not act now (the agent to act is {self.agent_selection})")
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        gains = self.episode.apply(action, seat)
        self._settle(gains)
        self._select()
        self._accumulate_rewards()

    @property
    def deals_scored(self) -> int:
        """Deals scored so far in this game (counted when ``reward="deal"`` or ``max_deals`` is set)."""
        return self.episode.deals

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

    def _settle(self, gains: list[float] | None) -> None:
        """An action's rewards into the dict (zeroed by the step), and the game's end into the
        terminations or truncations."""
        if gains is not None:
            for a, gain in zip(self.possible_agents, gains, strict=True):
                self.rewards[a] = gain
        self._end_if_done()

    def _end_if_done(self) -> None:
        episode = self.episode
        if episode.terminated:
            for a in self.agents:
                self.terminations[a] = True
        elif episode.truncated:
            for a in self.agents:
                self.truncations[a] = True

    def _live(self) -> State:
        return self.episode.live()

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
