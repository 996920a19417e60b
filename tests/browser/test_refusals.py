"""Tractor's refusals in the page, end to end: a card tapped that the rules refuse shows the engine's own
rule (asked with ``select``'s ``tap``), worded in the page's language — the kitty's, a lead's (a throw of
two suits) and a follow's — and a "not your turn" refusal never outlives the turn it names."""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page

from tests.browser.conftest import DESKTOP, Server, new_page, shot
from tests.browser.helpers import open_table, press, press_card, tractor_turns, version, wait_past
from tests.browser.test_table import pick_until_complete

# The words each language gives these rules (the catalogue's, capitalised as the page shows them).
WORDS = {
    "kitty_size": {
        "en": "The kitty holds exactly 8 cards: you chose 9",
        "it": "Il monte ha esattamente 8 carte: ne hai scelte 9",
        "cy": "Mae'r gath yn dal 8 cerdyn yn union: dewisoch chi 9",
    },
    "lead_one_suit": {"en": "A lead must be all of one suit", "it": "Un'uscita dev'essere tutta di un seme"},
    "must_follow": {"en": "You must follow", "it": "Devi rispondere a", "cy": "Rhaid i chi ddilyn"},
}


def press_and_wait(page: Page, control: Locator) -> None:
    """Press a control that takes an action; wait for the table to move past it."""
    before = version(page)
    press(page, control)
    wait_past(page, before)


def tap_refused(page: Page, card_selector: str) -> str:
    """Tap a card the page does not offer; wait for the refusal the server sends. Its rule code."""
    press_card(page, page.locator(card_selector).first)
    page.wait_for_selector("#error:not([hidden]) .reason[data-rule]")
    rule = page.get_attribute("#error .reason", "data-rule") or ""
    text = page.inner_text("#error")
    assert "That play breaks a rule." in text and "{" not in text, text
    return rule


def words_in_each_language(page: Page, rule: str) -> None:
    for lang, words in WORDS[rule].items():
        page.select_option("#lang-select", lang)
        assert words in page.inner_text("#error .reason"), (lang, page.inner_text("#error"))
        shot(page, f"tractor-refused-{rule}-{lang}")
    page.select_option("#lang-select", "en")


def test_tractor_kitty_throw_and_follow_refusals_say_why(browser: Browser, server: Server) -> None:
    # seed 4: seat 0 declares at its last chance and stands, so it takes the kitty and leads
    table = server.table("tractor", [None, "heuristic", "heuristic", "heuristic"], seed=4)
    page = new_page(browser, DESKTOP)
    open_table(page, server.url, table)
    seen: dict[str, str] = {}
    for phase in tractor_turns(page):
        if phase == "last-declare":  # declare if we can
            declare = page.locator('[data-action^="declare"]')
            press_and_wait(page, declare.first if declare.count() else page.locator('[data-action="pass"]'))
            continue
        if phase == "kitty":  # eight cards picked, then a ninth tapped
            for n in range(1, 9):
                press_card(page, page.locator("#hand .card.playable:not(.picked)").first)
                page.wait_for_function(f"(document.body.dataset.pick || '').startsWith('{n}:')")
            assert page.evaluate("document.body.dataset.pick") == "8:complete"
            seen["kitty"] = tap_refused(page, "#hand .card:not(.picked)")
            assert seen["kitty"] == "kitty_size"
            words_in_each_language(page, "kitty_size")
            press_and_wait(page, page.locator("#pick-go"))
            continue
        leading = page.locator("#trick-cards .play").count() == 0 or page.locator("#trick.finished").count()
        if leading and "lead" not in seen:  # one card picked, then one of another suit
            press_card(page, page.locator("#hand .card.playable").first)
            page.wait_for_function("(document.body.dataset.pick || '').startsWith('1:')")
            if page.locator("#hand .card:not(.playable):not(.picked)").count():
                seen["lead"] = tap_refused(page, "#hand .card:not(.playable):not(.picked)")
                assert seen["lead"] == "lead_one_suit"
                words_in_each_language(page, "lead_one_suit")
            press_and_wait(page, page.locator("#pick-go"))
            continue
        lead_size = page.locator("#trick-cards .play").first.locator(".card").count()
        if not leading and lead_size == 1 and page.locator("#hand .card:not(.playable)").count():
            rule = tap_refused(page, "#hand .card:not(.playable)")
            assert rule == "must_follow", rule
            if "follow" not in seen:
                seen["follow"] = rule
                words_in_each_language(page, "must_follow")
        pick_until_complete(page)
        if len(seen) == 3:
            break
    assert seen == {"kitty": "kitty_size", "lead": "lead_one_suit", "follow": "must_follow"}, seen
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_not_your_turn_refusal_goes_when_the_turn_moves_on(browser: Browser, server: Server) -> None:
    """A card tapped while a bot is to move: the refusal names the seat the status line names, and once
    that seat has moved it is gone (it named a seat no longer to move). All Fours with long bot pauses:
    Tractor's draw runs at a dealer's pace, too fast for a tap to be sure to fall in another's turn.
    (Seed 0: seat 3 decides first, seat 2 deals, so the player's seat 0 waits.)"""
    table = server.table("all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=0, bot_pause=3.0)
    page = new_page(browser, DESKTOP)
    open_table(page, server.url, table)
    page.wait_for_function("document.body.dataset.turn && document.body.dataset.turn !== 'me'")
    page.wait_for_selector("#hand .card")
    press_card(page, page.locator("#hand .card").first)
    page.wait_for_selector("#error:not([hidden]) .reason[data-rule='turn_of']")
    at = version(page)
    status = page.inner_text("#status")
    reason = page.inner_text("#error .reason")
    named = reason.split("It is ", 1)[1].split("'s turn", 1)[0]
    assert named in status, (reason, status)
    wait_past(page, at)
    assert page.is_hidden("#error"), page.inner_text("#error")
    page.context.close()
