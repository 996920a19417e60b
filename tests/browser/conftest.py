"""Browser tests: a real server process (``tricktable serve`` on a free port, a temporary SQLite
database) and Debian's Chromium driven by Playwright's sync API. Playwright's own browser download
does not work here, so the browser is launched from ``executable_path``; a missing Chromium fails
the tests (CI installs it with apt), it does not skip them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

CHROMIUM = os.environ.get("TRICKTABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Screenshots go here (kept by CI with the test output); TRICKTABLE_SHOTS moves them.
SHOTS = Path(
    os.environ.get("TRICKTABLE_SHOTS", Path(__file__).resolve().parents[2] / "test-output" / "browser")
)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


class Server:
    def __init__(self, url: str) -> None:
        self.url = url

    def api(self, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            headers={"content-type": "application/json", "accept": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def table(self, game: str, bots: list[str | None], **fields: Any) -> str:
        table = self.api("/api/tables", {"game": game, "name": f"{game} test", "bots": bots, **fields})
        table_id: str = table["id"]
        return table_id


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = _free_port()
    db = tmp_path_factory.mktemp("server") / "tables.db"
    command = Path(sys.executable).with_name("tricktable")
    log = (tmp_path_factory.getbasetemp() / "server.log").open("w")
    process = subprocess.Popen(
        [
            str(command),
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--bot-pause",
            "0.05",
            "--deal-pause",
            "0",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/api/games", timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start; see {log.name}") from None
                time.sleep(0.1)
        yield Server(url)
    finally:
        process.terminate()
        process.wait(10)
        log.close()


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return {"executable_path": CHROMIUM, "args": FLAGS}


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"the browser tests need Chromium at {CHROMIUM}: apt-get install chromium "
            "(or set TRICKTABLE_CHROMIUM to a Chromium binary)",
            pytrace=False,
        )
    browser = playwright.chromium.launch(**browser_type_launch_args)
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def _pages_closed_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test's pages close when it ends: one left open goes on drawing its table as the bots play,
    and the tests after it share the machine with every such page."""
    yield
    if "browser" in request.fixturenames:
        browser: Browser = request.getfixturevalue("browser")
        for context in browser.contexts:
            context.close()


def new_page(browser: Browser, viewport: dict[str, int], locale: str = "en-GB") -> Page:
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=viewport == PHONE)
    page = context.new_page()
    # a ceiling on each wait for a condition, never a pace: a loaded machine may take many seconds
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")  # as it settles
    return path
