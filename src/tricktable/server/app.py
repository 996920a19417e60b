"""The ASGI application: the HTTP API (tables, seats, records) and the table websocket."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from tricktable import bots, games, learn
from tricktable.cards import Card, parse_cards
from tricktable.core import panel
from tricktable.server import protocol, web
from tricktable.server.bodies import MAX_BODY, NEW_TABLE, TABLE_ID, TAKE_SEAT
from tricktable.server.coach import Coach
from tricktable.server.fields import Field, Refused, Shape, parse
from tricktable.server.hub import GOING_AWAY_REASON, Hub, SeatTaken, Unhealthy
from tricktable.server.learn import routes as learn_routes
from tricktable.server.limits import Bucket, ClientLimit, frames_refused
from tricktable.server.openapi import openapi_document
from tricktable.server.protocol import TOKEN
from tricktable.server.room import GOING_AWAY, ActionRefused, Client, Room, Settings
from tricktable.server.store import hash_token, open_store

__all__ = ["create_app", "going_away"]

log = logging.getLogger("tricktable.server")

FLOOD = 10  # a websocket is closed once this many times its burst of frames were dropped in a row


class ApiError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _body(request: Request, shape: Shape) -> dict[str, Any]:
    """The request's JSON body, read no further than its limit, checked whole and by ``shape``."""
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise ApiError(413, "too_large", f"a request body is at most {MAX_BODY} bytes")
    try:
        return shape.check(parse(bytes(raw) or b"{}", MAX_BODY, "the body"), "the body")
    except Refused as err:
        raise ApiError(413 if err.code == "too_large" else 400, err.code, err.reason) from None


def _checked(field: Field, value: Any, name: str) -> Any:
    """A path parameter or header, checked by its field."""
    try:
        return field.check(value, name)
    except Refused as err:
        raise ApiError(400, err.code, err.reason) from None


async def _room(request: Request) -> Room:
    table_id = _checked(TABLE_ID, request.path_params["table_id"], "the table id")
    room = await _hub(request).room(table_id)
    if room is None:
        raise ApiError(404, "no_such_table", "there is no table with that id")
    return room


def _seat(request: Request, room: Room) -> int:
    seat: int = request.path_params["seat"]
    if not 0 <= seat < room.state.num_seats:
        raise ApiError(404, "no_such_seat", f"the seats are 0 to {room.state.num_seats - 1}")
    return seat


# --- HTTP ----------------------------------------------------------------------------------------------
async def index(request: Request) -> Response:
    if web.wants_html(request):
        return await web.lobby_page(request)
    return JSONResponse({"service": "tricktable", "openapi": "/openapi.json", "protocol": "docs/protocol.md"})


async def openapi(request: Request) -> Response:
    return JSONResponse(openapi_document())


async def healthz(request: Request) -> Response:
    """200 while this process can serve (its database answers); 503 and why not, or while stopping."""
    try:
        return JSONResponse(await _hub(request).health())
    except Unhealthy as err:
        return JSONResponse({"status": "unavailable", "reason": str(err)}, status_code=503)


async def list_games(request: Request) -> Response:
    return Response(_games_catalogue(), media_type="application/json")


@functools.cache
def _games_catalogue() -> bytes:
    """GET /api/games's body: the same for the process's life, so made once (every page asks)."""
    out = []
    for name in games.names():
        g = games.get(name)
        out.append(
            {
                **g.description.to_dict(),
                "name": name,
                "num_seats": g.num_seats(),
                "presets": sorted(g.Config.presets),
                "options": [
                    {"name": o.name, "default": o.default, "allowed": o.allowed, "doc": o.doc}
                    for o in g.Config.options()
                ],
                "bots": bots.names(name),
                "lessons": 0 if g.description.lessons is None else len(learn.lessons(name)),
            }
        )
    # The words every game's score sheet may use; each game's own are in its entry.
    return orjson.dumps({"games": out, "words": panel.WORDS})


async def create_table(request: Request) -> Response:
    body = await _body(request, NEW_TABLE)
    game, config = body["game"], body["config"]
    try:
        num = games.get(game).num_seats(config)
    except ValueError as err:
        raise ApiError(400, "bad_config", str(err)) from None
    seat_bots = body["bots"] if body["bots"] is not None else [None] * num
    if len(seat_bots) != num or not all(b is None or b in bots.names(game) for b in seat_bots):
        raise ApiError(
            400,
            "malformed",
            f"bots must list, for each of the {num} seats, null (a player) "
            f"or one of: {', '.join(bots.names(game))}",
        )
    try:
        room = await _hub(request).create(
            game=game,
            config=config,
            bots=seat_bots,
            name=body["name"],
            seed=body["seed"],
            bot_pause=body["bot_pause"],
            absent_after=body["absent_after"],
            deal_pause=body["deal_pause"],
            coach=body["coach"],
        )
    except ValueError as err:
        raise ApiError(400, "bad_config", str(err)) from None
    try:
        summary = await _hub(request).summary(room)  # the table as created, before any bot acts
    finally:
        room.start()
    return JSONResponse(summary, status_code=201)


async def list_tables(request: Request) -> Response:
    hub = _hub(request)
    rooms = [r for r in hub.rooms.values() if not r.state.is_over]
    return JSONResponse({"tables": [await hub.summary(r) for r in rooms]})


async def get_table(request: Request) -> Response:
    room = await _room(request)
    return JSONResponse(await _hub(request).summary(room))


async def join_seat(request: Request) -> Response:
    room = await _room(request)
    seat = _seat(request, room)
    player = (await _body(request, TAKE_SEAT))["name"]
    if room.row.bots[seat] is not None:
        raise ApiError(409, "seat_taken", f"seat {seat} is played by the {room.row.bots[seat]} bot")
    if room.state.is_over:
        raise ApiError(409, "game_over", "the game is over")
    try:
        token = await _hub(request).join(room, seat, player)
    except SeatTaken as err:
        raise ApiError(409, "seat_taken", str(err)) from None
    return JSONResponse({"table": room.id, "seat": seat, "player": player, "token": token}, status_code=201)


def _bearer(request: Request) -> str:
    """The request's seat token ('Authorization: Bearer <token>'), checked at the edge; "" if none."""
    token = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
    return _checked(TOKEN, token, "the token") if token else ""


async def rematch(request: Request) -> Response:
    room = await _room(request)
    token = _bearer(request)
    if not token or await room.seat_of(hash_token(token)) is None:
        raise ApiError(403, "bad_token", "send a seat's token as 'Authorization: Bearer <token>'")
    if not room.state.is_over:
        raise ApiError(409, "not_finished", "a rematch is for a finished game")
    made = room.row.rematch is None
    new = await _hub(request).rematch(room)
    return JSONResponse(await _hub(request).summary(new), status_code=201 if made else 200)


async def leave_seat(request: Request) -> Response:
    room = await _room(request)
    seat = _seat(request, room)
    token = _bearer(request)
    refused = ApiError(403, "bad_token", "send the seat's token as 'Authorization: Bearer <token>'")
    if not token or await room.seat_of(hash_token(token)) != seat:
        raise refused
    if not await _hub(request).leave(room, seat, hash_token(token)):
        raise refused
    return Response(status_code=204)


def _finished(room: Room, reason: str) -> None:
    if not room.state.is_over:
        raise ApiError(409, "not_finished", reason)


async def get_record(request: Request) -> Response:
    room = await _room(request)
    _finished(room, "a record holds every hidden card: it is given once the game is over")
    record = games.get(room.row.game).record(room.state)
    record["bot_actions"] = [i for i, b in enumerate(room.by_bot) if b]
    headers = {"content-disposition": f'attachment; filename="{room.row.game}-{room.id}.json"'}
    return JSONResponse(record, headers=headers)


async def request_analysis(request: Request) -> Response:
    """Start the analysis of a seat's play in a finished game (202), or give the one stored or
    running (200): it is run once per game and seat."""
    room = await _room(request)
    seat = _seat(request, room)
    _finished(room, "a game is analysed once it is over: this one is still being played")
    record = games.get(room.row.game).record(room.state)
    started = await _hub(request).analyst.request(room.id, seat, record)
    return await _analysis_answer(room, seat, 202 if started else 200)


async def get_analysis(request: Request) -> Response:
    """A seat's analysis as it stands: its progress while it runs, then its result."""
    room = await _room(request)
    seat = _seat(request, room)
    return await _analysis_answer(room, seat, 200)


async def _analysis_answer(room: Room, seat: int, status: int) -> Response:
    row = await room.store.analysis(room.id, seat)
    if row is None:
        raise ApiError(404, "no_analysis", f"seat {seat}'s play has not been analysed: POST to ask for it")
    body = {
        "table": room.id,
        "seat": seat,
        "status": "lost" if row.lost else row.status,
        "done": row.done,
        "total": row.total,
        "analysis": row.result,
    }
    return JSONResponse(body, status_code=status)


async def get_hands(request: Request) -> Response:
    """Every hand of a finished game, change by change, for its replay (the game's sight opens them
    once it is over: ``state.open_hands()``); refused while the game runs."""
    room = await _room(request)
    changes = room.state.open_hands()
    if changes is None:
        raise ApiError(409, "not_finished", "the hands are shown once the game is over")
    return JSONResponse(
        {
            "events": len(room.state.events()),
            "num_seats": room.state.num_seats,
            "changes": [change.to_json() for change in changes],
        }
    )


# --- websocket -----------------------------------------------------------------------------------------
def _origin_ok(ws: WebSocket, settings: Settings) -> bool:
    """No Origin header: not a browser (a bot, a script). A browser page must be served by this server
    or be one of the allowed origins."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    return origin in settings.allowed_origins or urlsplit(origin).netloc == ws.headers.get("host")


async def table_socket(ws: WebSocket) -> None:
    hub = _hub(ws)
    if not _origin_ok(ws, hub.settings):
        await ws.close(code=1008, reason="origin not allowed")
        return
    await ws.accept(headers=[(b"x-server-process", hub.server_id.encode())])
    if hub.draining:
        await ws.close(code=GOING_AWAY, reason=GOING_AWAY_REASON)
        return
    try:
        table_id = TABLE_ID.check(ws.path_params["table_id"], "the table id")
    except Refused as err:
        await ws.send_json(protocol.error_frame(err.code, err.reason))
        await ws.close(code=4400)
        return
    room = await hub.room(table_id)
    if room is None:
        await ws.send_json(protocol.error_frame("no_such_table", "there is no table with that id"))
        await ws.close(code=4404)
        return
    bucket = Bucket(hub.settings.rate, hub.settings.burst)
    client: Client | None = None
    writer = None
    try:
        async with contextlib.AsyncExitStack() as stack:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                target = client
                if not bucket.take():
                    if bucket.refused > FLOOD * bucket.burst:  # refusals unheeded: a flood, not a burst
                        reason = f"over {bucket.rate:g} frames a second: {bucket.refused} dropped in a row"
                        await _close(ws, target, 1008, reason)
                        return
                    refused = frames_refused(bucket)
                    frame = protocol.error_frame("rate_limited", refused.pop("reason"), room.state.version)
                    await _send(ws, target, {**frame, **refused})
                    continue
                try:
                    frame_in = protocol.read_frame(data)
                except protocol.ProtocolError as err:
                    await _send(ws, target, protocol.error_frame(err.code, err.reason, room.state.version))
                    continue
                if isinstance(frame_in, protocol.Hello):
                    seat, holder = None, None
                    if frame_in.token is not None:
                        holder = hash_token(frame_in.token)
                        seat = await room.seat_of(holder)
                        if seat is None:
                            reason = "the seat token is not this table's; send hello without a token to watch"
                            await _send(
                                ws, target, protocol.error_frame("bad_token", reason, room.state.version)
                            )
                            continue
                    if client is None:
                        client = Client(ws, room, seat, frame_in.version, holder, frame_in.deltas)
                        room.attach(client)
                        stack.callback(room.detach, client)
                        writer = _start_writer(client, ws)
                        stack.push_async_callback(_stop, writer)
                    else:
                        room.detach(client)
                        client.seat, client.holder, client.deltas = seat, holder, frame_in.deltas
                        room.attach(client)
                        client.resend(frame_in.version)
                    continue
                if client is None:
                    await _send(ws, None, protocol.error_frame("hello_first", "send a hello frame first"))
                    continue
                await _handle(room, client, frame_in, hub.coach)
    except WebSocketDisconnect:
        return


def _start_writer(client: Client, ws: WebSocket) -> Any:

    task = asyncio.create_task(client.run_writer())

    def done(task: Any) -> None:
        # A writer that failed would leave the connection open and silent: close it, so the client
        # reconnects (and is sent what it missed). A client gone as it was sent a frame is no failure.
        if not task.cancelled() and not isinstance(task.exception(), WebSocketDisconnect | None):
            log.error("a client's writer failed", exc_info=task.exception())
            closing = asyncio.ensure_future(ws.close(code=1011))
            closing.add_done_callback(lambda t: t.cancelled() or t.exception())

    task.add_done_callback(done)
    return task


async def _stop(task: Any) -> None:

    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


async def _close(ws: WebSocket, client: Client | None, code: int, reason: str) -> None:
    """Close the connection, after the frames its client is owed (a writer's, within a few seconds)."""
    if client is None:
        await ws.close(code=code, reason=reason)
        return
    client.close(code, reason)
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(5):
            await client.finished.wait()


async def _send(ws: WebSocket, client: Client | None, frame: dict[str, Any]) -> None:
    if client is not None:
        client.push(frame)  # in order with the state frames
    else:
        await ws.send_json(frame)


_HINTS: set[asyncio.Task[None]] = set()
"""Hints being worked out (kept referenced until done)."""


async def _hint(room: Room, client: Client, coach: Coach) -> None:
    """The coach's hint for the client's seat, pushed to it when the worker has it (with the version
    it was asked at: if the table has moved on meanwhile, the page lets it go)."""
    seat = client.seat
    assert seat is not None
    state = room.state
    try:
        frame = await coach.hint(state, seat)
    except Exception:
        log.exception("table %s: the coach failed", room.id)
        room.error(client, "coach_off", "the coach could not work out a hint", state.version)
        return
    client.push(frame)


async def _handle(room: Room, client: Client, frame: protocol.Frame, coach: Coach) -> None:
    if isinstance(frame, protocol.Ping):
        client.push({"type": "pong", "version": room.state.version})
    elif isinstance(frame, protocol.Full):
        client.resend(frame.version)
    elif isinstance(frame, protocol.Chat):
        if client.seat is None:
            room.error(client, "not_seated", "a spectator cannot chat: join a seat to talk at the table")
            return
        if client.holder is not None and not await room.store.holds(room.id, client.seat, client.holder):
            room.unseat(client.seat, client.holder)  # left through another process, a moment ago
            room.error(client, "not_seated", "the seat was left: its token holds it no more")
            return
        await room.say(client.seat, frame.text)
    elif isinstance(frame, protocol.Hint):
        if not room.row.coach:
            room.error(client, "coach_off", "this table was made without the coach: no hints")
            return
        if client.seat is None or not room.state.may_act(client.seat):
            room.error(client, "not_your_turn", "a hint is for a seat that may act now", room.state.version)
            return
        task = asyncio.create_task(_hint(room, client, coach))
        _HINTS.add(task)
        task.add_done_callback(_HINTS.discard)
    elif isinstance(frame, protocol.Ready):
        if client.seat is None:
            room.error(client, "not_seated", "a spectator does not hold up the table")
            return
        room.ready(client.seat)
    elif isinstance(frame, protocol.Select):
        if client.seat is None:
            room.error(client, "not_seated", "a spectator has no cards to select")
            return
        try:
            picked = parse_cards(" ".join(frame.picked))
            tap = None if frame.tap is None else Card.parse(frame.tap)
        except ValueError as err:
            room.error(client, "invalid_action", str(err))
            return
        client.push(protocol.selectable_frame(room.state, client.seat, picked, tap))
    elif isinstance(frame, protocol.Action):
        if client.seat is None:
            room.error(
                client, "not_seated", "a spectator cannot act: join a seat and send hello with its token"
            )
            return
        try:
            await room.act(client.seat, frame.text, frame.version, holder=client.holder)
        except ActionRefused as err:
            room.error(client, err.code, err.reason, err.version)


# --- the app -------------------------------------------------------------------------------------------
async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": exc.code, "reason": exc.reason}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    return JSONResponse({"error": code, "reason": str(exc.detail)}, status_code=exc.status_code)


async def _internal_error(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s %s", request.method, request.url.path)
    return JSONResponse(
        {"error": "internal", "reason": "the server failed; this was logged"}, status_code=500
    )


async def going_away(app: Starlette) -> None:
    """A graceful stop's first step, before the server closes its connections: see Hub.going_away."""
    hub: Hub | None = getattr(app.state, "hub", None)
    if hub is not None:
        await hub.going_away()


def create_app(db: str, settings: Settings | None = None) -> Starlette:
    """The server on the database at ``db`` (``sqlite:///file`` or ``postgresql://...``)."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(await open_store(db), settings)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    routes = [
        Route("/", index),
        Route("/openapi.json", openapi),
        Route("/healthz", healthz),
        Route("/api/games", list_games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/seats/{seat:int}", join_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat:int}", leave_seat, methods=["DELETE"]),
        Route("/api/tables/{table_id}/record", get_record),
        Route("/api/tables/{table_id}/hands", get_hands),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/analysis/{seat:int}", request_analysis, methods=["POST"]),
        Route("/api/tables/{table_id}/analysis/{seat:int}", get_analysis, methods=["GET"]),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
        *web.routes(),
        *learn_routes(),
    ]
    middleware = [
        Middleware(ClientLimit, rate=settings.http_rate, burst=settings.http_burst),
        Middleware(
            CORSMiddleware,
            allow_origins=list(settings.allowed_origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["authorization", "content-type"],
        ),
    ]
    return Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={ApiError: _api_error, HTTPException: _http_error, Exception: _internal_error},
    )
