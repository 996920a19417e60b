"""Research interfaces: PettingZoo and Gymnasium environments for the three games (extra ``rl``).

- :func:`aec_env` — a PettingZoo AEC environment (:class:`TricktableAEC`), one agent per seat;
- :class:`SeatEnv` — a Gymnasium environment where one seat learns and bots play the others,
  registered as ``tricktable/BackAlley-v0``, ``tricktable/AllFours-v0``, ``tricktable/Tractor-v0``;
- :class:`VectorEnv` — many games stepped together, observations and masks as arrays;
- :class:`PolicyBot` — a policy over these observations playing as a tricktable bot;
- :mod:`tricktable.env.openspiel` — one deal of each game as an OpenSpiel Python game (import it to
  register ``python_tricktable_back_alley``, ``python_tricktable_all_fours``, ``python_tricktable_tractor``).

Observations come from the seat's events only (``docs/observations.md`` shows each layout); actions are
ids of a fixed ``Discrete`` space (:mod:`tricktable.env.actions`).
"""

from __future__ import annotations

from tricktable.env.aec import TricktableAEC, aec_env
from tricktable.env.policy_bot import PolicyBot
from tricktable.env.single import GYM_IDS, SeatEnv, register
from tricktable.env.vector import VectorEnv

__all__ = ["GYM_IDS", "PolicyBot", "SeatEnv", "TricktableAEC", "VectorEnv", "aec_env", "register"]

register()
