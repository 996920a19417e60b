"""Tractor (Sheng Ji): the game, its configuration, and the trick logic as pure functions.

>>> from tricktable.cards import parse_cards
>>> trump = Trump(rank="2", suit="H")
>>> trick_winner([parse_cards("AS"), parse_cards("3H"), parse_cards("KS"), parse_cards("2S")], trump)
3
"""

from tricktable.games.tractor.config import Config
from tricktable.games.tractor.follow import check_follow, legal_follows, selectable
from tricktable.games.tractor.game import TractorGame
from tricktable.games.tractor.lead import check_lead, legal_leads, throw_check
from tricktable.games.tractor.state import TractorState
from tricktable.games.tractor.trump import TRUMPS, Trump
from tricktable.games.tractor.units import Unit, decompose, lead_format
from tricktable.games.tractor.view import TractorView
from tricktable.games.tractor.winner import trick_winner

__all__ = [
    "GAME",
    "TRUMPS",
    "Config",
    "TractorGame",
    "TractorState",
    "TractorView",
    "Trump",
    "Unit",
    "check_follow",
    "check_lead",
    "decompose",
    "lead_format",
    "legal_follows",
    "legal_leads",
    "selectable",
    "throw_check",
    "trick_winner",
]

GAME = TractorGame()
