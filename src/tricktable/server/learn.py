"""Learn mode in the browser: a lesson's page (``/learn/{game}``, the card room's page with its lesson
panel) and its websocket (``/ws/learn/{game}/{lesson}``).

The socket speaks the table's protocol (docs/protocol.md): ``hello`` is answered with a state frame,
``select`` with a selectable frame, ``ping`` with ``pong``; an ``action`` goes to the lesson's
:class:`~tricktable.learn.Tutor`, and the answer is a ``lesson`` frame (the step, the verdict on the
attempt), after a state frame when the attempt was right and the lesson moved on. A card tapped
in a pick that the rules refuse is an attempt too: the selectable frame comes without its refusal,
and a lesson frame with the refused verdict follows (the panel explains it, as any refused action).
Each connection has its own lesson, held in memory only (a reload starts it again); the tutor's
work (bots, the analysis of a poor play) runs in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from tricktable import games, learn
from tricktable.cards import Card, parse_cards
from tricktable.core.state import State
from tricktable.server import protocol
from tricktable.server.web import STATIC

__all__ = ["lesson_frame", "routes", "state_frame"]

_NO_CACHE = {"cache-control": "no-cache"}


async def learn_page(request: Request) -> Response:
    return FileResponse(STATIC / "table.html", headers=_NO_CACHE)


def state_frame(state: State, seat: int, since: int | None) -> dict[str, Any]:
    """The seat's state frame, as a table sends it: the view, the score sheet, the events and actions
    since ``since`` (None: from the start); every action but the learner's is a bot's."""
    view = state.view(seat).to_dict()
    start = since or 0
    return {
        "type": "state",
        "table": None,
        "seat": seat,
        "version": state.version,
        "since": since,
        "view": view,
        "panel": games.get(state.GAME_NAME).description.panel(view).to_dict(),
        "events": [e.to_dict() for _, e in state.caused_events(seat, since=since)],
        "actions": [
            {"index": i, "seat": s, "by_bot": s != seat}
            for i, (s, _) in enumerate(state.log.tail(state.version - start), start=start)
        ],
        "acting": list(state.acting_seats(seen_by=seat)),
        "over": state.is_over,
        "result": None if state.result is None else state.result.to_dict(),
    }


def lesson_frame(tutor: learn.Tutor, number: int, verdict: learn.Verdict | None) -> dict[str, Any]:
    """Where the learner stands in the lesson: its words' keys, the step, and the verdict on the
    last attempt (None at the start). ``words`` (the lesson's, in every language) comes once, in the
    first frame; ``table`` is what the page shows of the seats (the learner and the bots)."""
    lesson = tutor.lesson
    step = tutor.step
    return {
        "type": "lesson",
        "game": lesson.game,
        "number": number,
        "title": lesson.word("title"),
        "intro": lesson.word("intro"),
        "end": lesson.word("end"),
        "step": None if step is None else {"key": lesson.word(step.key), "index": tutor.index},
        "steps": len(lesson.steps),
        "done": tutor.done,
        "unit": tutor.game.description.score_unit,
        "verdict": None if verdict is None else verdict.to_dict(),
        "version": tutor.state.version,
    }


def _opening(tutor: learn.Tutor, number: int) -> dict[str, Any]:
    frame = lesson_frame(tutor, number, None)
    frame["words"] = {lang: dict(w) for lang, w in learn.words(tutor.lesson.game).items()}
    bots = [None if s == tutor.seat else tutor.lesson.bot for s in range(tutor.state.num_seats)]
    frame["table"] = {
        "name": None,
        "game": tutor.lesson.game,
        "num_seats": tutor.state.num_seats,
        "seats": [{"seat": s, "bot": b, "player": None} for s, b in enumerate(bots)],
        "over": False,
    }
    return frame


async def learn_socket(ws: WebSocket) -> None:
    await ws.accept()
    name = ws.path_params["game"]
    number = ws.path_params["lesson"]
    try:
        lesson = learn.lesson(games.get(name).name, number)
    except ValueError as err:
        await ws.send_json(protocol.error_frame("no_such_table", str(err)))
        await ws.close(code=4404)
        return
    tutor = await asyncio.to_thread(learn.Tutor, lesson)
    sent = -1
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            data = await ws.receive_text()
            try:
                frame = protocol.read_frame(data)
            except protocol.ProtocolError as err:
                await ws.send_json(protocol.error_frame(err.code, err.reason, tutor.state.version))
                continue
            if isinstance(frame, protocol.Hello):
                # the lesson first: the page names the seats from it before it tells the deal
                await ws.send_json(_opening(tutor, number))
                await ws.send_json(state_frame(tutor.state, tutor.seat, None))
                sent = tutor.state.version
            elif isinstance(frame, protocol.Ping):
                await ws.send_json({"type": "pong", "version": tutor.state.version})
            elif isinstance(frame, protocol.Select):
                selectable = _selectable(tutor, frame)
                refused = None
                if "refusal" in selectable and frame.tap is not None:
                    # a tapped card the rules refuse is the learner's attempt: explained in the panel
                    refused = tutor.tap(parse_cards(" ".join(frame.picked)), Card.parse(frame.tap))
                    if refused is not None:
                        del selectable["refusal"]
                await ws.send_json(selectable)
                if refused is not None:
                    await ws.send_json(lesson_frame(tutor, number, refused))
            elif isinstance(frame, protocol.Action):
                verdict = await asyncio.to_thread(tutor.attempt, frame.text)
                if tutor.state.version != sent:
                    await ws.send_json(state_frame(tutor.state, tutor.seat, sent if sent >= 0 else None))
                    sent = tutor.state.version
                await ws.send_json(lesson_frame(tutor, number, verdict))
            # chat and ready mean nothing at a lesson's table: nobody else is there


def _selectable(tutor: learn.Tutor, frame: protocol.Select) -> dict[str, Any]:
    try:
        picked = parse_cards(" ".join(frame.picked))
        tap = None if frame.tap is None else Card.parse(frame.tap)
    except ValueError as err:
        return protocol.error_frame("invalid_action", str(err), tutor.state.version)
    return protocol.selectable_frame(tutor.state, tutor.seat, picked, tap)


def routes() -> list[BaseRoute]:
    return [
        Route("/learn/{game}", learn_page),
        WebSocketRoute("/ws/learn/{game}/{lesson:int}", learn_socket),
    ]
