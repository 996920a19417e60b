"""Many games stepped together, observations and masks as one array each.

>>> from tricktable.env import VectorEnv
>>> venv = VectorEnv("back-alley", 4, seed=1)
>>> obs, mask, seats = venv.reset()
>>> obs.shape, mask.shape, seats.shape
((4, 584), (4, 68), (4,))
>>> actions = [int(m.nonzero()[0][0]) for m in mask]
>>> obs, mask, seats, rewards, terminated, truncated = venv.step(actions)
>>> rewards.shape
(4, 4)

By default every seat is a policy seat (self-play): each step takes one action id per game, for the
seat in ``seats`` (the seat to act in that game), and returns the observation and mask of the seat to
act next. With ``seat=k`` only seat k is a policy seat and ``bots`` play the others, as in
:class:`tricktable.env.SeatEnv`. ``rewards[i, s]`` is what seat ``s`` of game ``i`` received during the
step (rewards of a new game before the policy seat's first decision are not counted). A game that
ends is reset at once (its ``terminated`` or ``truncated`` is True for that step and
the returned row is the first observation of the next game).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktable import bots as bot_registry
from tricktable.bots import Bot
from tricktable.env.aec import TricktableAEC
from tricktable.table.loop import EventFeed, bot_choice

__all__ = ["VectorEnv"]


class VectorEnv:
    """``num_envs`` games of ``game`` (options as :class:`TricktableAEC` takes them)."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        seat: int | None = None,
        bots: str = "random",
        seed: int | None = None,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        self.envs = [TricktableAEC(game, **options) for _ in range(num_envs)]
        # Each game's episode, stepped directly (compiled) where the AEC would add only its dicts.
        self._episodes = [env.episode for env in self.envs]
        first = self.envs[0]
        self.num_envs = num_envs
        self.num_seats = first.num_seats
        self._agents = first.possible_agents
        if seat is not None and not 0 <= seat < self.num_seats:
            raise ValueError(f"seat must be None or a number from 0 to {self.num_seats - 1}, not {seat!r}")
        self.seat = seat
        self.bot_name = bots
        self.observation_size = first.layout.size
        self.action_size = first.size
        self._rng = np.random.default_rng(seed)
        self._bots: list[dict[int, Bot]] = [{} for _ in range(num_envs)]
        self._feeds = [EventFeed() for _ in range(num_envs)]
        # The batch's rows live in flat buffers written a row at a time (a memory copy of the table's
        # row, the mask's bytes), with numpy arrays over them for the caller.
        self._obs_buf = array("f", bytes(4 * num_envs * self.observation_size))
        self._obs_rows = memoryview(self._obs_buf)
        self._mask_buf = bytearray(num_envs * self.action_size)
        self.obs = np.frombuffer(self._obs_buf, dtype=np.float32).reshape(num_envs, self.observation_size)
        self.mask = np.frombuffer(self._mask_buf, dtype=np.int8).reshape(num_envs, self.action_size)
        self._seats = [0] * num_envs
        self._rewards = np.zeros((num_envs, self.num_seats), dtype=np.float32)

    @property
    def seats(self) -> npt.NDArray[np.int64]:
        """The seat to act in each game."""
        return np.array(self._seats, dtype=np.int64)

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Start every game; returns observations, masks and the seat to act in each game."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._rewards[:] = 0.0
        for i in range(self.num_envs):
            self._start(i)
        return self.obs.copy(), self.mask.copy(), self.seats

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """One action id per game; returns observations, masks, seats to act, rewards (games × seats),
        terminated and truncated. An id outside its game's mask raises before any game is stepped."""
        if len(actions) != self.num_envs:
            raise ValueError(f"one action per game: {self.num_envs} expected, {len(actions)} given")
        chosen = [int(a) for a in (actions.tolist() if isinstance(actions, np.ndarray) else actions)]
        size, mask = self.action_size, self._mask_buf
        bad = [i for i, a in enumerate(chosen) if not (0 <= a < size and mask[i * size + a])]
        if bad:
            i = bad[0]
            self.envs[i].step(chosen[i])  # raises the engine's reason, game unchanged
        rewards = self._rewards
        rewards[:] = 0.0
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        # Without out-of-turn actions no id is the AEC step's own ``wait``; in self-play no bot needs
        # the AEC's agent to act: then the episode alone takes the id.
        lean = not self.envs[0].out_of_turn
        direct = lean and self.seat is None
        for i, env in enumerate(self.envs):
            if direct:
                episode = self._episodes[i]
                gains = episode.advance(chosen[i])
                if gains is not None:
                    rewards[i] += gains
                if episode.done:
                    terminated[i] = episode.terminated
                    truncated[i] = episode.truncated
                    self._start(i)
                else:
                    self._write(i)
                continue
            if lean:
                gains = env.advance(chosen[i])
                if gains is not None:
                    rewards[i] += gains
            else:
                env.step(chosen[i])
                self._collect(i, env)
            self._play_bots(i)
            if env.done:
                agent = env.agent_selection
                terminated[i] = env.terminations[agent]
                truncated[i] = env.truncations[agent]
                self._start(i)
            else:
                self._write(i)
        return self.obs.copy(), self.mask.copy(), self.seats, rewards.copy(), terminated, truncated

    # --- internals -----------------------------------------------------------------------------------
    def _start(self, i: int) -> None:
        """A new game in slot ``i``, played by the bots up to the policy seat's first decision (a game
        the bots finish before that offers the policy nothing: another is dealt)."""
        env = self.envs[i]
        while True:
            env.reset(seed=int(self._rng.integers(2**31 - 1)))
            if self.seat is not None:
                base = int(self._rng.integers(2**31 - 1))
                game = env.game.name
                self._bots[i] = {
                    s: bot_registry.get(self.bot_name, game=game, seed=base + s)
                    for s in range(self.num_seats)
                    if s != self.seat
                }
                self._feeds[i] = EventFeed()
                self._play_bots(i, collect=False)
            if not env.done:
                break
        self._write(i)

    def _collect(self, i: int, env: TricktableAEC) -> None:
        rewards = env.rewards
        if not any(rewards.values()):  # most steps reward no one
            return
        for s, agent in enumerate(env.possible_agents):
            self._rewards[i, s] += rewards.get(agent, 0.0)

    def _play_bots(self, i: int, *, collect: bool = True) -> None:
        if self.seat is None:
            return
        env, bots, feed = self.envs[i], self._bots[i], self._feeds[i]
        policy_agent = env.possible_agents[self.seat]
        while not env.done and env.agent_selection != policy_agent:
            if env.waiting:  # bots never act out of turn
                env.step(env.wait)
                if collect:
                    self._collect(i, env)
                continue
            state = env.state
            assert state is not None
            seat = state.to_move
            if seat is None:
                return
            env.apply_action(bot_choice(state, seat, bots[seat], feed), seat)
            if collect:
                self._collect(i, env)

    def _write(self, i: int) -> None:
        """Game i's row: the observation and mask of its seat to act (the AEC's agent to act, kept
        in step where the episode alone took the id)."""
        env = self.envs[i]
        seat = self._episodes[i].write(
            self._obs_rows, i * self.observation_size, self._mask_buf, i * self.action_size
        )
        env.agent_selection = self._agents[seat]
        self._seats[i] = seat

    def close(self) -> None:
        for env in self.envs:
            env.close()
