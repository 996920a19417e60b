"""Learn mode in Chromium: from the lobby's Learn entry, each game's first lesson and the lessons on
Back Alley's boards and Tractor's overturning and levels walked through the card room's buttons in
English, Italian and Welsh. One wrong attempt per lesson is explained in the page's language: a legal
action the step does not ask for by the analysis, or (Tractor's picks) a card tapped that the rules
refuse by the engine's rule; then the step is done right, and the lesson ends with its closing words.
On a phone (390 x 844), every lesson's every step has the hand, the controls and the step's words on
one screen."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.catalogue import messages
from tests.browser.conftest import DESKTOP, PHONE, Server, new_page, shot
from tests.browser.helpers import READY, out_of_view, press, press_card
from tests.learn.paths import LESSONS, right_actions
from tricktable import learn

#: The wrong attempt before the step of that index, and the rule the engine refuses it by (None: a
#: legal action the step does not ask for, valued by the analysis). A refused one is a Tractor pick:
#: its cards but the last picked, the last tapped.
WRONG: dict[str, tuple[int, str, str | None]] = {
    "all-fours.first": (1, "play 2H", None),
    "back-alley.first": (0, "bid 2", None),
    "back-alley.board": (1, "play AH", None),
    "tractor.first": (6, "play AD AD 9H", "lead_one_suit"),
    "tractor.levels": (4, "play 9H 3H", "follow_pair"),
}
WALKS = [(g, n) for g, n in LESSONS if learn.lesson(g, n).name in WRONG]
LOCALES = {"en": "en-GB", "it": "it-IT", "cy": "cy-GB"}
BOTS_PLAY_OUT = 60_000
"""ms to wait for the next step where the bots (and a stand-in for the learner) play out a round
first: a loaded machine's worker thread may take that long."""


def _literal(template: str) -> str:
    """The longest run of a template's words between its placeholders (what must show in any case)."""
    return max(re.split(r"\{\w+\}", template), key=len).strip(" .,:")


def _pick(page: Page, cards: list[str]) -> None:
    """Pick ``cards`` one by one, each one waiting for the server's answer."""
    for i, card in enumerate(cards):
        copies = page.locator(f'#hand .card[data-card="{card}"]:not(.picked)')
        press_card(page, copies.first)
        page.wait_for_function(f"document.body.dataset.pick?.startsWith('{i + 1}:')")


def _take(page: Page, action: str, picked: Callable[[], None] = lambda: None) -> None:
    """Take ``action`` with the page's controls: a button, a card, or the cards of a pick (``picked``
    is called once the pick is complete, before it is sent)."""
    verb, *cards = action.split()
    button = page.locator(f'#control-body button[data-action="{action}"]')
    if button.count():
        press(page, button.first)
        return
    if page.locator("#pick-go").count():  # a multi-card action: pick each card, then go
        _pick(page, cards)
        page.wait_for_function("document.body.dataset.pick?.endsWith(':complete')")
        picked()
        press(page, page.locator("#pick-go"))
        return
    assert verb == "play" and len(cards) == 1, action
    press_card(page, page.locator(f'#hand .card.playable[data-card="{cards[0]}"]'))


def _verdict(page: Page, count: int) -> tuple[str, str]:
    """Wait for the lesson's ``count``-th verdict; its kind and words."""
    page.wait_for_function(f"window.__verdicts >= {count}", timeout=BOTS_PLAY_OUT)
    box = page.locator("#lesson .verdict")
    return box.get_attribute("data-kind") or "", box.inner_text()


COUNT_VERDICTS = """() => {
  window.__verdicts = 0;
  new MutationObserver((changes) => {
    for (const c of changes)
      for (const n of c.addedNodes) if (n.classList?.contains('verdict')) window.__verdicts++;
  }).observe(document.getElementById('lesson'), { childList: true });
}"""


def _try_wrong(page: Page, action: str, code: str | None) -> None:
    """Attempt ``action`` the step does not want: taken as any action, or (a refusal) its cards but
    the last picked and the last tapped, which the page sends to the engine to ask why not."""
    if code is None:
        _take(page, action)
        return
    *picked, tapped = action.split()[1:]
    _pick(page, picked)
    press_card(page, page.locator(f'#hand .card[data-card="{tapped}"]:not(.picked)').first)


@pytest.mark.parametrize("lang", ["en", "it", "cy"])
@pytest.mark.parametrize(("game", "number"), WALKS)
def test_a_lesson_is_walked_in_the_browser(
    server: Server, browser: Browser, game: str, number: int, lang: str
) -> None:
    words = learn.words(game)[lang]
    lesson = learn.lesson(game, number)
    wrong_at, wrong, code = WRONG[lesson.name]
    page = new_page(browser, DESKTOP, LOCALES[lang])
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    page.select_option("#lang-select", lang)
    with page.expect_navigation():
        page.locator(f'#learn li[data-game="{game}"] a[data-lesson="{number}"]').click()
    page.wait_for_function(READY)
    page.evaluate(COUNT_VERDICTS)
    page.wait_for_selector("#lesson .lesson-step")
    assert words[lesson.word("title")] in page.inner_text("#lesson")
    assert words[lesson.word("intro")] in page.inner_text("#lesson")
    name = f"learn-{lesson.name.replace('.', '-')}-{lang}"
    seen = 0
    for index, action in enumerate(right_actions(game, number)):
        page.wait_for_function(
            f"document.querySelector('#lesson .lesson-step')?.dataset.step === '{index}'",
            timeout=BOTS_PLAY_OUT,
        )
        assert words[lesson.word(lesson.steps[index].key)] in page.inner_text("#lesson .lesson-step")
        if wrong_at == index:
            _try_wrong(page, wrong, code)
            seen += 1
            kind, text = _verdict(page, seen)
            if code is None:
                assert kind == "poor", text
                said = [
                    w
                    for w in ("learn.poor", "learn.poor_even", "learn.poor_better")
                    if _literal(words[w]) in text
                ]
                assert said, text  # the analysis's verdict, in the page's language
            else:
                assert kind == "refused", text
                assert page.get_attribute("#lesson .verdict", "data-rule") == code
                # the engine's rule, worded in the page's language, and no other refusal box
                assert _literal(words["learn.refused"]) in text, text
                rule = _literal(messages()[lang][f"rule.{code}"])
                assert rule.lower() in text.lower(), text  # the rule's words, capitalised as a sentence
                assert page.is_hidden("#error")
            shot(page, f"{name}-wrong")
            if code is not None:  # the cards picked stay picked: tap them again to put them back
                for _ in range(page.locator("#hand .card.picked").count()):
                    press_card(page, page.locator("#hand .card.picked").first)
                page.wait_for_function("document.body.dataset.pick?.startsWith('0:')")
        _take(page, action)
        seen += 1
        kind, text = _verdict(page, seen)
        assert kind == "right", text
        assert words["learn.right"] in text
    page.wait_for_selector("#lesson .lesson-done", timeout=BOTS_PLAY_OUT)
    assert words[lesson.word("end")] in page.inner_text("#lesson")
    assert words["learn.done"] in page.inner_text("#lesson")
    shot(page, f"{name}-done")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


#: The lesson's words on a phone: where they are, and how large (CSS pixels).
LESSON_TEXT = """() => {
  const step = document.querySelector('#lesson .lesson-step');
  const r = step.getBoundingClientRect();
  const size = parseFloat(getComputedStyle(step).fontSize);
  return { top: r.top, bottom: r.bottom, size, scrolled: scrollY };
}"""


def _controls(action: str) -> str:
    """The controls that take ``action`` once it may be taken (as ``_take`` looks for them)."""
    verb, *cards = action.split()
    found = [f'#control-body button[data-action="{action}"]', "#pick-go"]
    if verb == "play" and len(cards) == 1:
        found.append(f'#hand .card.playable[data-card="{cards[0]}"]')
    return ", ".join(found)


def _one_screen(page: Page, where: str) -> None:
    """The whole hand, the controls that complete an action and the step's words are on the phone's
    screen as the page opened it (nothing scrolled), the words at a readable size."""
    assert not out_of_view(page), (where, out_of_view(page))
    text = page.evaluate(LESSON_TEXT)
    assert text["scrolled"] == 0, where
    assert text["top"] >= 0 and text["bottom"] <= PHONE["height"], (where, text)
    assert text["size"] >= 14, (where, text)


@pytest.mark.parametrize(("game", "number"), LESSONS)
def test_a_lesson_fits_a_phone(server: Server, browser: Browser, game: str, number: int) -> None:
    """At 390 x 844, at every step of every lesson, the hand and the controls that complete the step's
    action are on one screen with the step's words, without scrolling; the lesson's title and
    introduction are a tap away."""
    lesson = learn.lesson(game, number)
    words = learn.words(game)["en"]
    page = new_page(browser, PHONE)
    page.goto(f"{server.url}/learn/{game}?lesson={number}")
    page.wait_for_function(READY)
    page.evaluate(COUNT_VERDICTS)
    for index, action in enumerate(right_actions(game, number)):
        page.wait_for_function(
            f"document.querySelector('#lesson .lesson-step')?.dataset.step === '{index}'",
            timeout=BOTS_PLAY_OUT,
        )
        page.wait_for_selector(_controls(action), timeout=BOTS_PLAY_OUT)
        page.wait_for_selector("#trick:not(.finished)")  # a won trick goes to its winner in a second
        shot(page, f"learn-{game}-{number}-phone-step-{index + 1:02d}")
        _one_screen(page, f"step {index}")
        if index == 0:  # the introduction opens with a tap, and closes again
            intro = page.locator("#lesson .lesson-more")
            press(page, intro.locator("summary"))
            assert words[lesson.word("intro")] in intro.inner_text()
            shot(page, f"learn-{game}-{number}-phone-intro")
            press(page, intro.locator("summary"))
            _one_screen(page, "the introduction closed")
        _take(page, action, lambda: _one_screen(page, f"step {index}, picked"))  # noqa: B023
        kind, text = _verdict(page, index + 1)
        assert kind == "right", text
    page.wait_for_selector("#lesson .lesson-done", timeout=BOTS_PLAY_OUT)
    shot(page, f"learn-{game}-{number}-phone-done")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
