"""Back Alley: a partnership bidding game of 25 hands with two jokers as top trumps.

>>> from tricktable import games
>>> state = games.get("back-alley").new(seed=7)
>>> state.phase, len(state.hands[0]), state.to_move == (state.deal.dealer + 1) % 4
('bid', 13, True)
"""

from tricktable.games.back_alley.bidding import BOARD, PASS, Contract
from tricktable.games.back_alley.config import Config
from tricktable.games.back_alley.deal import hand_sizes, stacked_deck
from tricktable.games.back_alley.game import BackAlleyGame
from tricktable.games.back_alley.state import BackAlleyState
from tricktable.games.back_alley.view import BackAlleyView

__all__ = [
    "BOARD",
    "GAME",
    "PASS",
    "BackAlleyGame",
    "BackAlleyState",
    "BackAlleyView",
    "Config",
    "Contract",
    "hand_sizes",
    "stacked_deck",
]

GAME = BackAlleyGame()
