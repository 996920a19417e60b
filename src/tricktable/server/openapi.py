"""The OpenAPI 3.1 document of the HTTP API. Its inputs (bodies, parameters, limits, the games) are
written from the definitions the app checks requests with (:mod:`tricktable.server.bodies`); the
responses are described here (tests check it names every route the app serves, and that responses
match it). The websocket protocol is in docs/protocol.md."""

from __future__ import annotations

from typing import Any

from tricktable import __version__
from tricktable.server.bodies import MAX_BODY, NEW_TABLE, SEAT, TABLE_ID, TAKE_SEAT
from tricktable.server.fields import CODES

__all__ = ["openapi_document"]

_ERROR = {"$ref": "#/components/schemas/Error"}
_TABLE = {"$ref": "#/components/schemas/Table"}
_ANALYSIS = {"$ref": "#/components/schemas/Analysis"}
_CARDS = {"type": "array", "items": {"type": "string"}}
_HANDS = {
    "type": "object",
    "required": ["events", "num_seats", "changes"],
    "properties": {
        "events": {"type": "integer", "description": "the game's events (a seat's events are as many)"},
        "num_seats": {"type": "integer"},
        "changes": {
            "type": "array",
            "description": "[event index, seat, cards gained, cards lost], in event order",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "integer"}, {"type": "integer"}, _CARDS, _CARDS],
                "minItems": 4,
                "maxItems": 4,
            },
        },
    },
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    words = {
        400: "a field is missing or wrong",
        403: "wrong token",
        404: "no such table or seat",
        409: "conflict (seat taken, game over or not yet over)",
        413: f"body larger than {MAX_BODY} bytes",
    }
    return {str(c): _json(_ERROR, words[c]) for c in codes}


_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": TABLE_ID.schema()}
_SEAT = {"name": "seat", "in": "path", "required": True, "schema": SEAT.schema()}


def openapi_document() -> dict[str, Any]:
    doc = _document()
    limited = _json(_ERROR, "rate_limited: over the requests a second one client address may make")
    limited["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds"}}
    for path in doc["paths"].values():
        for operation in path.values():
            operation["responses"]["429"] = limited
    return doc


def _document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "tricktable server",
            "version": __version__,
            "description": "Tables of Tractor, Back Alley and All Fours. Play happens over the websocket "
            "/ws/tables/{table_id} (docs/protocol.md).",
        },
        "paths": {
            "/": {
                "get": {
                    "summary": "Where things are",
                    "responses": {"200": _json({"type": "object"}, "links")},
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "This document",
                    "responses": {"200": _json({"type": "object"}, "OpenAPI")},
                }
            },
            "/healthz": {
                "get": {
                    "summary": "Whether this server process can serve: its database answers (for a "
                    "proxy, a process manager or monitoring)",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["status", "database"],
                                "properties": {
                                    "status": {"const": "ok"},
                                    "database": {"const": "reachable"},
                                    "process": {
                                        "type": "string",
                                        "description": "this process's name (also in a websocket "
                                        "handshake's x-server-process header)",
                                    },
                                    "tables": {"type": "integer", "description": "tables held in memory"},
                                },
                            },
                            "serving",
                        ),
                        "503": _json(
                            {
                                "type": "object",
                                "required": ["status", "reason"],
                                "properties": {
                                    "status": {"const": "unavailable"},
                                    "reason": {"type": "string"},
                                },
                            },
                            "not serving: the database is unreachable, or the process is stopping",
                        ),
                    },
                }
            },
            "/api/games": {
                "get": {
                    "summary": "The games, their options, presets and bots",
                    "responses": {"200": _json({"$ref": "#/components/schemas/Games"}, "the games")},
                }
            },
            "/api/tables": {
                "get": {
                    "summary": "The open (unfinished) tables",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["tables"],
                                "properties": {"tables": {"type": "array", "items": _TABLE}},
                            },
                            "the tables",
                        )
                    },
                },
                "post": {
                    "summary": "Create a table",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/NewTable"}}
                        },
                    },
                    "responses": {"201": _json(_TABLE, "the new table"), **_errors(400, 413)},
                },
            },
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "One table",
                    "parameters": [_TABLE_ID],
                    "responses": {"200": _json(_TABLE, "the table"), **_errors(404)},
                }
            },
            "/api/tables/{table_id}/seats/{seat}": {
                "post": {
                    "summary": "Join a seat by name; the answer holds the seat's secret token",
                    "parameters": [_TABLE_ID, _SEAT],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": TAKE_SEAT.schema()}},
                    },
                    "responses": {
                        "201": _json({"$ref": "#/components/schemas/Seat"}, "seated"),
                        **_errors(400, 404, 409, 413),
                    },
                },
                "delete": {
                    "summary": "Leave the seat (Authorization: Bearer <token>)",
                    "parameters": [_TABLE_ID, _SEAT],
                    "security": [{"seatToken": []}],
                    "responses": {"204": {"description": "left"}, **_errors(403, 404)},
                },
            },
            "/api/tables/{table_id}/rematch": {
                "post": {
                    "summary": "After a game: the next game at the same seats (Authorization: Bearer "
                    "<a seat's token>). The same game, rules, bots and pauses with a new deal; the "
                    "players keep their seats and their seat tokens. Every page at the finished "
                    "table is sent a rematch frame. Asked again, it is the same table (200).",
                    "parameters": [_TABLE_ID],
                    "security": [{"seatToken": []}],
                    "responses": {
                        "201": _json(_TABLE, "the new table"),
                        "200": _json(_TABLE, "the rematch table made before"),
                        **_errors(403, 404, 409),
                    },
                }
            },
            "/api/tables/{table_id}/record": {
                "get": {
                    "summary": "A finished game's record (config, seed, every action; which a bot made)",
                    "parameters": [_TABLE_ID],
                    "responses": {"200": _json({"type": "object"}, "the record"), **_errors(404, 409)},
                }
            },
            "/api/tables/{table_id}/analysis/{seat}": {
                "post": {
                    "summary": "Ask for the analysis of a seat's play in a finished game: each decision "
                    "valued from what the seat could know, the best action, the loss and a label. It "
                    "runs beside play, once per game and seat, and is kept with the game: asked again, "
                    "the one stored or running is given (200).",
                    "parameters": [_TABLE_ID, _SEAT],
                    "responses": {
                        "202": _json(_ANALYSIS, "started"),
                        "200": _json(_ANALYSIS, "stored or running already"),
                        **_errors(400, 404, 409),
                    },
                },
                "get": {
                    "summary": "A seat's analysis as it stands: its progress while it runs (poll this), "
                    "then its result",
                    "parameters": [_TABLE_ID, _SEAT],
                    "responses": {"200": _json(_ANALYSIS, "the analysis"), **_errors(400, 404)},
                },
            },
            "/api/tables/{table_id}/hands": {
                "get": {
                    "summary": "A finished game's hands for its replay: each change to a hand, after the "
                    "event it follows (the seat's events of the game, counted from 0)",
                    "parameters": [_TABLE_ID],
                    "responses": {"200": _json(_HANDS, "every change to every hand"), **_errors(404, 409)},
                }
            },
        },
        "components": {
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "reason"],
                    "properties": {
                        "error": {
                            "type": "string",
                            "description": "a code; those of input refused at the edge: "
                            + "; ".join(f"{code}: {words}" for code, words in CODES.items()),
                        },
                        "reason": {"type": "string"},
                    },
                },
                "NewTable": NEW_TABLE.schema(),
                "Analysis": {
                    "type": "object",
                    "required": ["table", "seat", "status", "done", "total", "analysis"],
                    "properties": {
                        "table": {"type": "string"},
                        "seat": {"type": "integer"},
                        "status": {
                            "enum": ["running", "done", "failed", "lost"],
                            "description": "lost: its server stopped; ask again to run it again",
                        },
                        "done": {"type": "integer", "description": "decisions analysed"},
                        "total": {
                            "type": "integer",
                            "description": "decisions to analyse (0: not counted yet)",
                        },
                        "analysis": {
                            "type": ["object", "null"],
                            "description": "once done: game, seat, thresholds (inaccuracy, mistake, "
                            "blunder), summary, and decisions, each as `tricktable analyse --json` gives "
                            "it with event (the seat's events before it) and value (the chosen action's)",
                        },
                    },
                },
                "Table": {
                    "type": "object",
                    "required": [
                        "id",
                        "name",
                        "game",
                        "config",
                        "num_seats",
                        "seats",
                        "version",
                        "phase",
                        "over",
                    ],
                    "properties": {
                        "id": {"type": "string"},
                        "name": {"type": "string"},
                        "game": {"type": "string"},
                        "config": {"type": "object"},
                        "num_seats": {"type": "integer"},
                        "seats": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["seat", "bot", "player", "connected"],
                                "properties": {
                                    "seat": {"type": "integer"},
                                    "bot": {"type": ["string", "null"]},
                                    "player": {"type": ["string", "null"]},
                                    "connected": {"type": "boolean"},
                                },
                            },
                        },
                        "bot_pause": {"type": "number"},
                        "absent_after": {"type": "number"},
                        "deal_pause": {"type": "number"},
                        "coach": {"type": "boolean", "description": "every seat may ask for a hint"},
                        "rematch": {"type": ["string", "null"]},
                        "version": {"type": "integer"},
                        "phase": {"type": "string"},
                        "over": {"type": "boolean"},
                        "result": {"type": ["object", "null"]},
                    },
                },
                "Seat": {
                    "type": "object",
                    "required": ["table", "seat", "player", "token"],
                    "properties": {
                        "table": {"type": "string"},
                        "seat": {"type": "integer"},
                        "player": {"type": "string"},
                        "token": {"type": "string"},
                    },
                },
                "Games": {
                    "type": "object",
                    "required": ["games", "words"],
                    "properties": {
                        "games": {"type": "array", "items": {"$ref": "#/components/schemas/Game"}},
                        "words": {"$ref": "#/components/schemas/Words"},
                    },
                },
                "Game": {
                    "type": "object",
                    "required": ["name", "title", "num_seats", "options", "presets", "bots", "words"],
                    "properties": {
                        "name": {"type": "string"},
                        "title": {"type": "string"},
                        "score_unit": {"type": "string", "enum": ["points", "levels"]},
                        "deal_word": {"type": "string"},
                        "default_bot": {"type": "string"},
                        "phases": {"type": "array", "items": {"type": "string"}},
                        "num_seats": {"type": "integer"},
                        "options": {"type": "array", "items": {"type": "object"}},
                        "presets": {"type": "array", "items": {"type": "string"}},
                        "bots": {"type": "array", "items": {"type": "string"}},
                        "lessons": {
                            "type": "integer",
                            "description": "how many learn-mode lessons the game has (page: /learn/{game})",
                        },
                        "words": {"$ref": "#/components/schemas/Words"},
                    },
                },
                "Words": {
                    "description": "texts by language code, then by word key",
                    "type": "object",
                    "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}},
                },
            },
        },
    }
