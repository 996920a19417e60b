"""After the game, the replay shows all four hands: a finished game's replay toggles every hand at each
step (the server gives them only once the game is over), in the page's language."""

from __future__ import annotations

import time
import urllib.error
from collections import Counter
from typing import Any

from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, Server, new_page, shot


def rows(page: Page) -> list[list[str]]:
    """Each seat's cards in the replay's hands, in seat order."""
    out: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('#replay .replay-hands li')].map(
          (li) => [...li.querySelectorAll('.card')].map((c) => c.dataset.card))"""
    )
    return out


def finished_bots_game(server: Server, game: str, seconds: float, **fields: Any) -> str:
    """A table of four heuristic bots with no pause, once its game is over."""
    table = server.table(game, ["heuristic"] * 4, bot_pause=0, **fields)
    deadline = time.monotonic() + seconds
    while not server.api(f"/api/tables/{table}")["over"]:
        if time.monotonic() > deadline:
            raise AssertionError(f"the bots' {game} game did not end in {seconds} s")
        time.sleep(0.1)
    return table


def open_replay_with_hands(browser: Browser, server: Server, table: str) -> Page:
    """A watcher's replay of the finished table, with every hand shown (on asking, not before)."""
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/table/{table}?watch=1")
    page.wait_for_selector("#replay-btn:not([hidden])")
    page.click("#replay-btn")
    assert page.locator("#replay .replay-hands").count() == 0  # shown when asked
    page.click("#replay-hands")
    page.wait_for_selector("#replay .replay-hands")
    assert page.get_attribute("#replay-hands", "aria-pressed") == "true"
    assert page.inner_text("#replay-hands") == "Hide the hands"
    return page


def step_to_the_next_play(page: Page) -> tuple[list[list[str]], Counter[str]]:
    """Step on to the next play: the hands just before it, and the cards it took from its player's
    hand (which are on the table now)."""
    before = rows(page)
    while page.get_attribute("#replay .replay-line", "data-kind") != "played":
        before = rows(page)
        page.click("#replay-next")
    after = rows(page)
    changed = [s for s in range(4) if before[s] != after[s]]
    assert len(changed) == 1, (before, after)
    (seat,) = changed
    gone = Counter(before[seat]) - Counter(after[seat])  # Tractor's two packs: a copy may stay
    for card in gone:
        assert page.locator(f'#replay .last-list li [data-card="{card}"]').count() >= 1
    return before, gone


def test_the_replay_of_a_finished_game_shows_all_four_hands(browser: Browser, server: Server) -> None:
    # a game waiting for a person never ends, so its hands stay hidden however loaded the machine
    waiting = server.table("all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=4)
    try:
        server.api(f"/api/tables/{waiting}/hands")
        raise AssertionError("the hands were given while the game runs")
    except urllib.error.HTTPError as err:
        assert err.code == 409
    table = finished_bots_game(server, "all-fours", 60, config={"target": 2}, seed=4)
    page = open_replay_with_hands(browser, server, table)
    # step forward to the turn-up: every seat holds its six cards, no card twice
    while page.get_attribute("#replay .replay-line", "data-kind") != "turned_up":
        page.click("#replay-next")
    dealt = rows(page)
    assert len(dealt) == 4 and all(len(hand) == 6 for hand in dealt), dealt
    assert len({c for hand in dealt for c in hand}) == 24
    shot(page, "all-fours-desktop-replay-hands")
    # at each play, the card leaves its player's hand for the table
    _, gone = step_to_the_next_play(page)
    assert sum(gone.values()) == 1, gone
    # in Welsh, and hidden again
    page.select_option("#lang-select", "cy")
    assert page.inner_text("#replay-hands") == "Cuddio'r dwylo"
    page.click("#replay-hands")
    assert page.locator("#replay .replay-hands").count() == 0
    assert page.inner_text("#replay-hands") == "Dangos pob llaw"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_replay_of_a_finished_tractor_game(browser: Browser, server: Server) -> None:
    # a whole Tractor game of four bots with no pause is a few seconds of the server's time
    table = finished_bots_game(server, "tractor", 180, seed=2)
    page = open_replay_with_hands(browser, server, table)
    # up to the first play of the first round: the draw is over and the kitty buried, 25 cards in each
    # hand; at the play, the leader's card leaves its hand for the table
    before, gone = step_to_the_next_play(page)
    assert [len(hand) for hand in before] == [25, 25, 25, 25], before
    assert sum(gone.values()) >= 1, gone
    shot(page, "tractor-desktop-replay-hands")
    # the last step is the game's end: every hand is empty
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelectorAll('#replay .replay-hands .card').length === 0")
    assert "Trump" in page.inner_text("#replay-body")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
