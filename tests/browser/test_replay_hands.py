"""After the game, the replay shows all four hands: a finished game's replay toggles every hand at each
step (the server gives them only once the game is over), in the page's language."""

from __future__ import annotations

import time
import urllib.error
from collections import Counter

from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, Server, new_page, shot


def rows(page: Page) -> list[list[str]]:
    """Each seat's cards in the replay's hands, in seat order."""
    out: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('#replay .replay-hands li')].map(
          (li) => [...li.querySelectorAll('.card')].map((c) => c.dataset.card))"""
    )
    return out


def test_the_replay_of_a_finished_game_shows_all_four_hands(browser: Browser, server: Server) -> None:
    # a game waiting for a person never ends, so its hands stay hidden however loaded the machine
    waiting = server.table("all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=4)
    try:
        server.api(f"/api/tables/{waiting}/hands")
        raise AssertionError("the hands were given while the game runs")
    except urllib.error.HTTPError as err:
        assert err.code == 409
    table = server.table("all-fours", ["heuristic"] * 4, config={"target": 2}, seed=4, bot_pause=0)
    for _ in range(600):
        if server.api(f"/api/tables/{table}")["over"]:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the bots' game did not end")
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/table/{table}?watch=1")
    page.wait_for_selector("#replay-btn:not([hidden])")
    page.click("#replay-btn")
    assert page.locator("#replay .replay-hands").count() == 0  # shown when asked
    page.click("#replay-hands")
    page.wait_for_selector("#replay .replay-hands")
    assert page.get_attribute("#replay-hands", "aria-pressed") == "true"
    assert page.inner_text("#replay-hands") == "Hide the hands"
    # step forward to the turn-up: every seat holds its six cards, no card twice
    while page.get_attribute("#replay .replay-line", "data-kind") != "turned_up":
        page.click("#replay-next")
    dealt = rows(page)
    assert len(dealt) == 4 and all(len(hand) == 6 for hand in dealt), dealt
    assert len({c for hand in dealt for c in hand}) == 24
    shot(page, "all-fours-desktop-replay-hands")
    # at each play, the card leaves its player's hand
    before = dealt
    while page.get_attribute("#replay .replay-line", "data-kind") != "played":
        before = rows(page)
        page.click("#replay-next")
    after = rows(page)
    changed = [s for s in range(4) if before[s] != after[s]]
    assert len(changed) == 1, (before, after)
    (seat,) = changed
    (gone,) = set(before[seat]) - set(after[seat])
    assert page.locator(f'#replay .last-list li [data-card="{gone}"]').count() >= 1  # on the table now
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
    table = server.table("tractor", ["heuristic"] * 4, seed=2, bot_pause=0)
    for _ in range(1800):
        if server.api(f"/api/tables/{table}")["over"]:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the bots' Tractor game did not end")
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/table/{table}?watch=1")
    page.wait_for_selector("#replay-btn:not([hidden])")
    page.click("#replay-btn")
    page.click("#replay-hands")
    page.wait_for_selector("#replay .replay-hands")
    # up to the first play of the first round: the draw is over and the kitty buried, 25 cards in each
    # hand; at the play, the leader's card leaves its hand for the table
    before = rows(page)
    while page.get_attribute("#replay .replay-line", "data-kind") != "played":
        before = rows(page)
        page.click("#replay-next")
    assert [len(hand) for hand in before] == [25, 25, 25, 25], before
    after = rows(page)
    changed = [s for s in range(4) if before[s] != after[s]]
    assert len(changed) == 1, (before, after)
    (seat,) = changed
    gone = Counter(before[seat]) - Counter(after[seat])  # two packs: a copy of the card may stay
    assert sum(gone.values()) >= 1
    for card in gone:
        assert page.locator(f'#replay .last-list li [data-card="{card}"]').count() >= 1
    shot(page, "tractor-desktop-replay-hands")
    # the last step is the game's end: every hand is empty
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelectorAll('#replay .replay-hands .card').length === 0")
    assert "Trump" in page.inner_text("#replay-body")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
