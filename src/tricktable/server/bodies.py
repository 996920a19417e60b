"""The HTTP API's inputs, defined once: the app checks requests with these and the OpenAPI document is
written from them (see :mod:`tricktable.server.fields`)."""

from __future__ import annotations

from tricktable import games
from tricktable.core.rng import MAX_SEED
from tricktable.server.fields import Boolean, Choice, Integer, ListOf, Nullable, Number, OneOf, Shape, Text

__all__ = ["MAX_BODY", "MAX_PLAYER", "MAX_TABLE_NAME", "NEW_TABLE", "SEAT", "TABLE_ID", "TAKE_SEAT"]

MAX_BODY = 16384  # bytes: the longest request body
# Bytes of UTF-8; the columns (varchar(80), varchar(40)) count characters, so they always hold them.
MAX_TABLE_NAME = 80
MAX_PLAYER = 40

TABLE_ID = Text(32, what="a table id")
SEAT = Integer(0, 2**31)

NEW_TABLE = Shape(
    {
        "game": Choice(games.names),
        "name": Text(MAX_TABLE_NAME, what="a table's name", strip=True),
        "config": Nullable(
            OneOf(Text(64, what="a preset's name"), "an object of options, or a preset's name")
        ),
        "bots": Nullable(ListOf(Nullable(Text(32, what="a bot's name")), 16, "a list, one entry per seat,")),
        "seed": Nullable(Integer(0, MAX_SEED - 1)),
        "bot_pause": Nullable(Number(0, 30)),
        "absent_after": Nullable(Number(0.05, 3600)),
        "deal_pause": Nullable(Number(0, 120)),
        "coach": Boolean(),  # every seat may ask for a hint (the search bot's play and its reason)
    },
    {
        "config": None,
        "bots": None,
        "seed": None,
        "bot_pause": None,
        "absent_after": None,
        "deal_pause": None,
        "coach": False,
    },
)

TAKE_SEAT = Shape({"name": Text(MAX_PLAYER, what="a player's name", strip=True)})
