"""All Fours (Trinidad rules) for 2 or 4 players: ``games.get("all-fours")``.

>>> from tricktable import games
>>> state = games.get("all-fours").new(seed=7)
>>> state.phase, len(state.legal_actions())
('beg', 2)
"""

from tricktable.games.all_fours.config import Config
from tricktable.games.all_fours.game import AllFoursGame
from tricktable.games.all_fours.scoring import RoundSummary, ScoreItem
from tricktable.games.all_fours.state import AllFoursState, Phase
from tricktable.games.all_fours.view import AllFoursView

__all__ = [
    "GAME",
    "AllFoursGame",
    "AllFoursState",
    "AllFoursView",
    "Config",
    "Phase",
    "RoundSummary",
    "ScoreItem",
]

GAME = AllFoursGame()
