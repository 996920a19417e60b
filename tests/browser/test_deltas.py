"""The table page follows the table by deltas (docs/protocol.md), and asks for a full state frame
when one does not follow on from the frame it holds: here a delta is taken out of the websocket on
its way to the page."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, WebSocketRoute

from tests.browser.conftest import DESKTOP, Server, new_page
from tests.browser.helpers import act_once, open_table, version
from tricktable.server.frames import apply_delta


def test_the_page_follows_by_deltas_and_asks_for_a_full_frame_after_a_gap(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser, DESKTOP)
    from_page: list[dict[str, Any]] = []
    to_page: list[dict[str, Any]] = []  # the frames the page was given
    dropped: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()

        def sent(message: str | bytes) -> None:
            from_page.append(json.loads(message))
            upstream.send(message)

        def received(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame["type"] == "delta" and not dropped and frame["version"] >= 3:
                dropped.append(frame)  # lost on its way: the next delta does not follow on
                return
            to_page.append(frame)
            ws.send(message)

        ws.on_message(sent)
        upstream.on_message(received)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    table = server.table("back-alley", [None, "easy", "easy", "easy"], seed=4)
    open_table(page, server.url, table)
    for _ in range(40):
        if dropped and any(f["type"] == "full" for f in from_page):
            break
        page.wait_for_function("document.body.dataset.turn === 'me'", timeout=30000)
        act_once(page)
    page.wait_for_function("document.body.dataset.turn === 'me'", timeout=30000)  # the table waits
    hello = next(f for f in from_page if f["type"] == "hello")
    assert hello["deltas"] is True
    asked = [f for f in from_page if f["type"] == "full"]
    assert dropped and len(asked) == 1 and asked[0]["version"] == dropped[0]["since"]
    # what the page was given, put together as it does: every delta but the one after the gap applies
    held: dict[str, Any] = {}
    deltas, passed_over = 0, 0
    for frame in (f for f in to_page if f["type"] in ("state", "delta")):
        if frame["type"] == "state":
            held = frame
        elif frame["since"] == held["version"]:
            held, deltas = apply_delta(held, frame), deltas + 1
        else:  # the delta after the gap, and any sent before the server heard the page ask
            assert frame["since"] >= dropped[0]["version"]
            passed_over += 1
    assert deltas >= 3 and passed_over >= 1
    page.wait_for_function(f"document.body.dataset.version === '{held['version']}'")
    assert version(page) == str(held["version"])
    shown = page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(held["view"]["hand"])
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
