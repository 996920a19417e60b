"""Two browsers at one table: a friend invited to a seat is seen at once on the host's page (seat box,
log, chat author); the friend goes away (marked, with the countdown to the stand-in), the stand-in's
plays are marked in the log, the friend comes back; chat survives a reload; the deal's summary waits
for the players; a finished game's rematch; the lobby updates itself, words its counts and fits a
phone. Screenshots of each state go to test-output/browser/."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, PHONE, Server, new_page, shot
from tests.browser.helpers import MY_TURN_OR_DONE, READY, act_once, no_horizontal_scroll, open_table

SEAT_1 = "#felt .seat[data-seat='1']"


def play_until(page: Page, done: str, limit: float = 120.0) -> None:
    """Play the page's turns (its first playable card or action) until ``done`` (JS) is true."""
    deadline = time.monotonic() + limit
    while not page.evaluate(done):
        assert time.monotonic() < deadline, f"not reached in time: {done}"
        page.wait_for_function(f"({MY_TURN_OR_DONE}) || ({done})", timeout=int(limit * 1000))
        if page.evaluate(done):
            return
        if page.is_visible("#summary-continue"):
            page.click("#summary-continue")
        elif page.evaluate("document.body.dataset.turn") == "me":
            act_once(page)
        else:
            page.wait_for_timeout(100)


def test_two_browsers_join_away_stand_in_return_chat(browser: Browser, server: Server) -> None:
    table = server.table(
        "all-fours", [None, None, "heuristic", "heuristic"], seed=5, absent_after=4, deal_pause=0
    )
    host = new_page(browser, DESKTOP)
    open_table(host, server.url, table, "Ann")
    host.wait_for_selector("#invite:not([hidden]) .invite-url")
    invite = host.input_value("#invite .invite-url")
    assert invite.endswith(f"/table/{table}?seat=1")
    # the friend opens the link with a name remembered on her device: seated at once
    friend = new_page(browser, PHONE)
    friend.goto(server.url + "/")
    friend.evaluate("localStorage.setItem('tricktable.name', 'Bea')")
    friend.goto(invite)
    friend.wait_for_selector("#board:not([hidden])")
    # the host sees her at once: the seat box, the log, her chat line's author (no reload, no move)
    host.wait_for_function(f"document.querySelector(\"{SEAT_1}\")?.textContent.includes('Bea')")
    host.wait_for_function("document.getElementById('log').textContent.includes('Bea sits at seat 2')")
    friend.click("#tab-chat")  # on a phone the chat is a sheet, a tap away
    friend.fill("#chat-text", "hello from Bea")
    friend.click("#chat-form button[type=submit]")
    host.wait_for_function("document.getElementById('chat-log').textContent.includes('Bea: hello from Bea')")
    shot(host, "people-joined-desktop")
    shot(friend, "people-invited-phone")
    # the friend closes her page: marked away on the host's page, and once it is her turn, the
    # seconds until her stand-in acts
    friend.context.close()
    host.wait_for_selector(f"{SEAT_1} [data-presence='away']")
    assert "Bea is away." in host.inner_text("#log")
    play_until(host, f'Boolean(document.querySelector("{SEAT_1} .countdown")?.textContent.trim())')
    assert "a bot plays in" in host.inner_text(f"{SEAT_1} .countdown")
    shot(host, "people-away-countdown-desktop")
    # her stand-in plays, marked in the log
    play_until(host, "document.getElementById('log').textContent.includes('(by a stand-in bot)')")
    assert "A bot plays for Bea until they are back." in host.inner_text("#log")
    host.wait_for_selector(f"{SEAT_1} [data-presence='standin']")
    shot(host, "people-stand-in-desktop")
    # the host reloads: what was said is still there, and the stand-in's plays are still marked
    host.reload()
    host.wait_for_selector("#board:not([hidden])")
    host.wait_for_function("document.getElementById('chat-log').textContent.includes('hello from Bea')")
    assert "(by a stand-in bot)" in host.inner_text("#log")
    assert not host.errors  # type: ignore[attr-defined]


def test_friend_returns_and_is_seen(browser: Browser, server: Server) -> None:
    table = server.table(
        "all-fours", [None, None, "heuristic", "heuristic"], seed=7, absent_after=60, deal_pause=0
    )
    host = new_page(browser, DESKTOP)
    open_table(host, server.url, table, "Ann")
    friend = new_page(browser, DESKTOP)
    open_table(friend, server.url, table, "Bea")
    host.wait_for_function(f"document.querySelector(\"{SEAT_1}\")?.textContent.includes('Bea')")
    friend.close()  # the tab closes; the seat's token stays on her device
    host.wait_for_selector(f"{SEAT_1} [data-presence='away']")
    again = friend.context.new_page()
    again.goto(f"{server.url}/table/{table}")
    again.wait_for_selector("#board:not([hidden])")
    host.wait_for_function("document.getElementById('log').textContent.includes('Bea is back.')")
    assert not host.query_selector(f"{SEAT_1} [data-presence]")
    shot(host, "people-back-desktop")


def test_deal_summary_waits_for_the_players(browser: Browser, server: Server) -> None:
    table = server.table("all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=4, deal_pause=60)
    page = new_page(browser, PHONE)
    open_table(page, server.url, table, "Ann")
    play_until(page, "Boolean(document.getElementById('summary-continue'))")
    # each team's points, yours marked, the game's own breakdown; the bots wait for the players
    summary = page.inner_text("#banner")
    assert "Deal 1 is over" in summary and "(your team)" in summary, summary
    assert page.is_visible("#banner .summary-sheet table")
    page.wait_for_selector("#banner .summary-wait")
    assert "The game goes on in" in page.inner_text("#banner .summary-wait")
    shot(page, "summary-deal-phone")
    before = page.evaluate("document.body.dataset.version")
    page.wait_for_timeout(800)
    if page.evaluate("document.body.dataset.turn") != "me":
        assert page.evaluate("document.body.dataset.version") == before, "the bots did not wait"
    page.click("#summary-continue")
    page.wait_for_selector("#banner", state="hidden")
    if page.evaluate("document.body.dataset.turn") != "me":  # the bots go on at once
        page.wait_for_function(f"document.body.dataset.version !== {before!r}")
    page.select_option("#lang-select", "cy")
    assert not page.errors  # type: ignore[attr-defined]


def test_game_over_offers_a_rematch_at_the_same_seats(browser: Browser, server: Server) -> None:
    table = server.table(
        "all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=4, config={"target": 1}, deal_pause=0
    )
    page = new_page(browser, PHONE)
    open_table(page, server.url, table, "Ann")
    play_until(page, "document.body.dataset.phase === 'over'")
    page.wait_for_selector("#banner[data-kind='over'] #rematch")
    assert "Game over" in page.inner_text("#banner") and "(your team)" in page.inner_text("#banner")
    shot(page, "summary-game-over-phone")
    page.click("#rematch")
    page.wait_for_url(lambda url: table not in url)
    page.wait_for_selector("#board:not([hidden])")
    seat = page.evaluate("document.querySelector('#felt .seat.me')?.dataset.seat")
    assert seat == "0"  # the same seat, with the same token
    shot(page, "summary-rematch-phone")
    assert not page.errors  # type: ignore[attr-defined]


def test_lobby_updates_itself_words_counts_and_fits_a_phone(browser: Browser, server: Server) -> None:
    page = new_page(browser, PHONE)
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    page.select_option("#game", "tractor")
    page.click("#create details summary")
    assert no_horizontal_scroll(page), "the lobby scrolls sideways on a phone"
    shot(page, "lobby-tractor-phone")
    # a table made elsewhere shows up by itself, named as made, its counts worded
    made = server.api(
        "/api/tables",
        {"game": "back-alley", "name": "Cara's table", "bots": [None] * 4},
    )
    page.wait_for_selector(f"#open li[data-table='{made['id']}']")
    line = page.inner_text(f"#open li[data-table='{made['id']}']")
    assert "4 free seats" in line and "not started" in line and "nobody at the table" in line
    server.api(f"/api/tables/{made['id']}/seats/0", {"name": "Cara"})
    row = f"#open li[data-table='{made['id']}']"
    page.wait_for_function(f"document.querySelector({row!r}).textContent.includes('3 free seats')")
    for code, free in (("it", "3 posti liberi"), ("cy", "3 sedd wag")):
        page.select_option("#lang-select", code)
        assert free in page.inner_text(f"#open li[data-table='{made['id']}']")
    page.select_option("#lang-select", "en")
    # the name a player gives is remembered, and names the table they make
    page.fill("#player", "Dai")
    page.click("button[type=submit]")
    page.wait_for_selector("#board:not([hidden])")
    assert page.inner_text("#title") == "Dai's table"
