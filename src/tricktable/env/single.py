"""A Gymnasium environment where one seat learns and tricktable bots play the other seats.

>>> import gymnasium as gym
>>> import tricktable.env  # registers the ids
>>> env = gym.make("tricktable/AllFours-v0", bots="random")
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

Observations and actions are the AEC environment's (:mod:`tricktable.env.aec`) for the learning seat.
A step takes the learner's action id, then lets the bots act until the learner is to act again or the
game ends; its reward is the learner's (``reward="game"``: +1 / -1 at the end; ``"deal"``: the change
in the score margin after each deal). The bots get the seat's view, legal actions and events through
the table loop (:func:`tricktable.table.loop.bot_choice`), seeded from the reset seed.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from tricktable import bots as bot_registry
from tricktable import games
from tricktable.bots import Bot
from tricktable.env.aec import ObsDict, TricktableAEC
from tricktable.table.loop import EventFeed, bot_choice

__all__ = ["GYM_IDS", "SeatEnv", "register"]

GYM_IDS = {d.gym_id: d.name for d in games.descriptions()}
"""Each game's Gymnasium id (from its description's title)."""


class SeatEnv(gym.Env[ObsDict, int]):
    """One learning ``seat`` of ``game`` against ``bots`` (one name, or one per other seat)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 (gymnasium's convention)

    def __init__(
        self,
        game: str = games.DEFAULT,
        *,
        seat: int = 0,
        bots: str | list[str] = "random",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.aec = TricktableAEC(game, render_mode=render_mode, **options)
        n = self.aec.num_seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a number from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        others = [s for s in range(n) if s != seat]
        names = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(names) != len(others):
            raise ValueError(f"bots: one name, or one per other seat ({len(others)}), not {bots!r}")
        self.bot_names = dict(zip(others, names, strict=True))
        self.bots: dict[int, Bot] = {}
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._feed = EventFeed()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision (a game they finish before
        that offers the learner nothing: another is dealt)."""
        super().reset(seed=seed)
        game = self.aec.game.name
        while True:
            self.aec.reset(seed=int(self.np_random.integers(2**31 - 1)), options=options)
            base = int(self.np_random.integers(2**31 - 1))
            self.bots = {s: bot_registry.get(n, game=game, seed=base + s) for s, n in self.bot_names.items()}
            self._feed = EventFeed()
            reward = self._play_bots()
            if not self.aec.done:
                return self.aec.observe(self.agent), {"reward_before_first_action": reward}

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.done:
            raise RuntimeError("the game is over: call reset()")
        aec.step(action)
        reward = float(aec.rewards[self.agent]) + self._play_bots()
        info: dict[str, Any] = {}
        if aec.infos.get(self.agent):
            info = dict(aec.infos[self.agent])
        return (
            aec.observe(self.agent),
            reward,
            bool(aec.terminations[self.agent]),
            bool(aec.truncations[self.agent]),
            info,
        )

    def _play_bots(self) -> float:
        """Let the bots act until the learner is to act or the game ends; the learner's reward meanwhile."""
        aec, reward = self.aec, 0.0
        while not aec.done and aec.agent_selection != self.agent:
            if aec.waiting:  # bots never act out of turn
                aec.step(aec.wait)
                reward += float(aec.rewards[self.agent])
                continue
            state = aec.state
            assert state is not None and state.to_move is not None
            seat = state.to_move
            aec.apply_action(bot_choice(state, seat, self.bots[seat], self._feed), seat)
            reward += float(aec.rewards[self.agent])
        return reward

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's current mask (the name sb3-contrib's maskable algorithms look for)."""
        return self.aec.action_mask(self.agent)

    def render(self) -> str | None:  # type: ignore[override]
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def register() -> None:
    """Register the Gymnasium ids (done on ``import tricktable.env``); again is harmless."""
    for env_id, game in GYM_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="tricktable.env.single:SeatEnv", kwargs={"game": game})
