"""What the page shows beside the seats and as the trump comes from the view (``seat_marks``,
``trump_label``), worded in the page's language: Back Alley's bids at each seat, Tractor's trump
before anyone has declared."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from tests.browser.conftest import DESKTOP, Server, new_page, shot
from tests.browser.helpers import open_table

BIDS = re.compile(r"Bid \d+|Pass|Board|Double board|Triple board|Quadruple board")


def test_back_alley_bids_beside_the_seats(browser: Browser, server: Server) -> None:
    table = server.table("back-alley", ["easy", "easy", "easy", "easy"], seed=3, bot_pause=0.05)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/table/{table}?watch=1")
    page.wait_for_selector("#board:not([hidden])")
    texts = page.wait_for_function(
        """() => {
          const chips = [...document.querySelectorAll('.seat .mark-bid')].map((e) => e.textContent);
          return chips.length === 4 && chips;
        }""",
        timeout=60_000,
    ).json_value()
    assert all(BIDS.fullmatch(text) for text in texts), texts
    assert re.search(r"Trump: (♠ spades|♥ hearts|♦ diamonds|♣ clubs|no trump) ·", page.inner_text("#info"))
    shot(page, "back-alley-desktop-bids")
    page.context.close()


def test_tractor_trump_before_a_declaration(browser: Browser, server: Server) -> None:
    table = server.table("tractor", [None, "easy", "easy", "easy"], seed=5, bot_pause=30)
    page = new_page(browser, DESKTOP)
    open_table(page, server.url, table)
    assert page.inner_text("#info").startswith("Trump: 2 · not declared yet ·")
    assert page.locator(".seat .mark-declared").count() == 0
    page.select_option("#lang-select", "it")
    assert page.inner_text("#info").startswith("Briscola: 2 · non ancora dichiarata ·")
    shot(page, "tractor-desktop-undeclared")
    page.context.close()
