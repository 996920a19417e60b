"""A policy over the environments' observations, playing as a tricktable bot.

:class:`PolicyBot` takes any ``policy(observation, mask) -> action id`` (a trained network, a numpy
function) and plays it wherever bots play — the table loop, a match, the CLI — from what a bot is given:
the seat's view, its legal actions and its events. The observation is built from the events exactly as
the AEC environment builds it, and the mask from the legal actions, so a policy trained in
:mod:`tricktable.env.aec` sees the same inputs here.

>>> from tricktable import games
>>> from tricktable.table.loop import play_out
>>> first_legal = lambda obs, mask: int(mask.nonzero()[0][0])
>>> state = games.get("all-fours").new(seed=2, config={"target": 3})
>>> seats = {s: PolicyBot("all-fours", first_legal) for s in range(4)}
>>> play_out(state, seats).final.is_over
True

Back Alley and All Fours only: Tractor's actions are built card by card through the state's
``selectable``, which a bot (seeing no state) cannot ask.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktable import games
from tricktable.bots import Bot
from tricktable.core.actions import Action
from tricktable.core.errors import ConfigError
from tricktable.core.events import Event
from tricktable.core.views import View
from tricktable.env.actions import TableCodec, codec_for
from tricktable.env.observe import Encoder

__all__ = ["Policy", "PolicyBot"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]


class PolicyBot(Bot):
    """Plays ``policy`` for ``game`` (``"back-alley"`` or ``"all-fours"``)."""

    name = "policy"
    wants_events = True

    def __init__(self, game: str, policy: Policy, seed: int | None = None, config: Any = None) -> None:
        super().__init__(seed)
        g = games.get(game)
        codec = codec_for(g.name)
        if not isinstance(codec, TableCodec):
            raise ConfigError(f"a policy bot plays Back Alley or All Fours, not {g.name}")
        self.game = g.name
        self.codec = codec
        self.num_seats = g.num_seats(config)
        self.policy = policy

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        seat = view.seat
        assert seat is not None
        encoder = Encoder(self.game, self.num_seats, seat)
        encoder.consume(events)
        observation = encoder.observe(view.phase, view.to_move)
        by_id = {self.codec.index[a]: a for a in legal}
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[list(by_id)] = 1
        choice = int(self.policy(observation, mask))
        if choice not in by_id:
            raise ValueError(f"the policy chose id {choice} ({self.codec.label(choice)}), outside the mask")
        return by_id[choice]
