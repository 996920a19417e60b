"""The coach in Chromium: a table made with the lobby's Coach box tells every seat (and a watcher)
that it is on, and the player's Hint button shows the search bot's play with its reason."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.conftest import DESKTOP, Server, new_page, shot
from tests.browser.helpers import READY, press

MY_TURN = "document.body.dataset.turn === 'me' && document.getElementById('hint-btn')"

LEGAL = """() => [
  ...[...document.querySelectorAll('#control-body button[data-action]')].map((b) => b.dataset.action),
  ...[...document.querySelectorAll('#hand .card.playable')].map((c) => `play ${c.dataset.card}`),
]"""


def test_the_coach_gives_a_hint_from_the_lobby_to_the_table(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP, "it-IT")
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    page.select_option("#lang-select", "it")
    page.select_option("#game", "all-fours")
    assert not page.is_checked("#coach")  # off by default
    page.check("#coach")
    with page.expect_navigation():
        page.locator("#create button[type=submit]").click()
    page.wait_for_selector("#coach:not([hidden]) .coach-on")
    assert "Allenatore attivo" in page.inner_text("#coach")
    page.wait_for_function(MY_TURN, timeout=60000)
    press(page, page.locator("#hint-btn"))
    page.wait_for_selector("#hint", timeout=60000)
    text = page.inner_text("#hint")
    action = page.get_attribute("#hint", "data-action") or ""
    assert text.startswith("Allenatore: ") and action, text
    legal = page.evaluate(LEGAL)
    assert action in legal, (action, legal)  # one of the actions the page offers now
    shot(page, "coach-hint-it")
    table = page.url.rsplit("/", 1)[1]
    watcher = new_page(browser, DESKTOP, "en-GB")
    watcher.goto(f"{server.url}/table/{table}?watch=1")
    watcher.wait_for_selector("#coach:not([hidden]) .coach-on")
    assert "Coach on" in watcher.inner_text("#coach") and not watcher.locator("#hint-btn").count()
    assert not page.errors and not watcher.errors  # type: ignore[attr-defined]
    page.context.close()
    watcher.context.close()
