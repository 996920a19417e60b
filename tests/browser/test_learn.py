"""Learn mode in Chromium: from the lobby's Learn entry, each game's lesson walked through the card
room's buttons in English, Italian and Welsh; one wrong action (legal, but not the step's) is
explained by the analysis in the page's language, and the lesson ends with its closing words."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, Server, new_page, shot
from tests.browser.helpers import READY, press, press_card
from tests.learn.paths import right_actions
from tricktable import learn

#: The wrong action tried before the step of that index: legal, and not what the step asks.
WRONG = {"all-fours": (1, "play 2H"), "back-alley": (0, "bid 2"), "tractor": (4, "play AS")}
LOCALES = {"en": "en-GB", "it": "it-IT", "cy": "cy-GB"}


def _literal(template: str) -> str:
    """The longest run of a template's words between its placeholders (what must show in any case)."""
    return max(re.split(r"\{\w+\}", template), key=len).strip(" .,:")


def _take(page: Page, action: str) -> None:
    """Take ``action`` with the page's controls: a button, a card, or the cards of a pick."""
    verb, *cards = action.split()
    button = page.locator(f'#control-body button[data-action="{action}"]')
    if button.count():
        press(page, button.first)
        return
    if page.locator("#pick-go").count():  # a multi-card action: pick each card, then go
        for i, card in enumerate(cards):
            copies = page.locator(f'#hand .card[data-card="{card}"]:not(.picked)')
            press_card(page, copies.first)
            page.wait_for_function(f"document.body.dataset.pick?.startsWith('{i + 1}:')")
        page.wait_for_function("document.body.dataset.pick?.endsWith(':complete')")
        press(page, page.locator("#pick-go"))
        return
    assert verb == "play" and len(cards) == 1, action
    press_card(page, page.locator(f'#hand .card.playable[data-card="{cards[0]}"]'))


def _verdict(page: Page, count: int) -> tuple[str, str]:
    """Wait for the lesson's ``count``-th verdict; its kind and words."""
    page.wait_for_function(f"window.__verdicts >= {count}")
    box = page.locator("#lesson .verdict")
    return box.get_attribute("data-kind") or "", box.inner_text()


COUNT_VERDICTS = """() => {
  window.__verdicts = 0;
  new MutationObserver((changes) => {
    for (const c of changes)
      for (const n of c.addedNodes) if (n.classList?.contains('verdict')) window.__verdicts++;
  }).observe(document.getElementById('lesson'), { childList: true });
}"""


@pytest.mark.parametrize("lang", ["en", "it", "cy"])
@pytest.mark.parametrize("game", ["all-fours", "back-alley", "tractor"])
def test_a_lesson_is_walked_in_the_browser(server: Server, browser: Browser, game: str, lang: str) -> None:
    words = learn.words(game)[lang]
    lesson = learn.lesson(game)
    page = new_page(browser, DESKTOP, LOCALES[lang])
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    page.select_option("#lang-select", lang)
    with page.expect_navigation():
        page.locator(f'#learn li[data-game="{game}"] a[data-lesson="1"]').click()
    page.wait_for_function(READY)
    page.evaluate(COUNT_VERDICTS)
    page.wait_for_selector("#lesson .lesson-step")
    assert words[lesson.word("title")] in page.inner_text("#lesson")
    assert words[lesson.word("intro")] in page.inner_text("#lesson")
    seen = 0
    for index, action in enumerate(right_actions(game)):
        page.wait_for_function(f"document.querySelector('#lesson .lesson-step')?.dataset.step === '{index}'")
        assert words[lesson.word(lesson.steps[index].key)] in page.inner_text("#lesson .lesson-step")
        if WRONG[game][0] == index:
            _take(page, WRONG[game][1])
            seen += 1
            kind, text = _verdict(page, seen)
            assert kind == "poor", text
            said = [
                w
                for w in ("learn.poor", "learn.poor_even", "learn.poor_better")
                if _literal(words[w]) in text
            ]
            assert said, text  # the analysis's verdict, in the page's language
            shot(page, f"learn-{game}-{lang}-wrong")
            if game == "tractor":  # the pick is still made: clear it
                press(page, page.locator("#pick-clear"))
        _take(page, action)
        seen += 1
        kind, text = _verdict(page, seen)
        assert kind == "right", text
        assert words["learn.right"] in text
    page.wait_for_selector("#lesson .lesson-done")
    assert words[lesson.word("end")] in page.inner_text("#lesson")
    assert words["learn.done"] in page.inner_text("#lesson")
    shot(page, f"learn-{game}-{lang}-done")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
