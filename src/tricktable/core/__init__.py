"""What every game shares: the state protocol, actions, errors, config, records, views."""

from tricktable.core.actions import Action, ArgKind, Verb, parse_action, play, verb_table
from tricktable.core.config import GameConfig, option
from tricktable.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RecordError,
    TricktableError,
)
from tricktable.core.game import Game, check_deck
from tricktable.core.history import EMPTY_LOG, Log
from tricktable.core.state import Result, State, team_of
from tricktable.core.trick import Play
from tricktable.core.views import View, to_jsonable

__all__ = [
    "EMPTY_LOG",
    "Action",
    "ArgKind",
    "ConfigError",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "InvalidActionError",
    "Log",
    "NotYourTurnError",
    "Play",
    "RecordError",
    "Result",
    "State",
    "TricktableError",
    "Verb",
    "View",
    "check_deck",
    "option",
    "parse_action",
    "play",
    "team_of",
    "to_jsonable",
    "verb_table",
]
