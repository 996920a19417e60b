"""Driving the table page as a player would: by its buttons, reading what it shows."""

from __future__ import annotations

import time
from collections.abc import Iterator

from playwright.sync_api import Locator, Page

from tests.browser.conftest import shot

READY = 'document.body.dataset.ready === "1"'
MY_TURN_OR_DONE = (
    "document.body.dataset.turn === 'me' || !document.getElementById('banner').hidden"
    " || document.body.dataset.phase === 'over'"
)


def open_table(page: Page, url: str, table_id: str, name: str = "Ada") -> None:
    """Open a table's page and sit at its first free seat, as a new visitor does."""
    page.goto(f"{url}/table/{table_id}")
    page.wait_for_function(READY)
    page.fill("#sit-name", name)
    page.locator("#sit-body button.primary").first.click()
    page.wait_for_selector("#board:not([hidden])")


def tractor_turns(page: Page, limit: int = 400) -> Iterator[str]:
    """The phase at each of the player's turns of a Tractor round after the draw (the page draws by
    itself), until the round's banner or another phase shows; fails if the round has not ended in
    ``limit`` turns."""
    for _ in range(limit):
        page.wait_for_function(MY_TURN_OR_DONE, timeout=60000)
        phase = page.evaluate("document.body.dataset.phase")
        if page.is_visible("#banner") or phase not in ("draw", "last-declare", "kitty", "play"):
            return
        if phase == "draw":  # the page draws for us (auto draw)
            page.wait_for_timeout(100)
            continue
        yield phase
    raise AssertionError("the round did not end")


def version(page: Page) -> str:
    return page.evaluate("document.body.dataset.version")


def wait_past(page: Page, before: str) -> None:
    page.wait_for_function(f"document.body.dataset.version !== {before!r}")


# Where a person touches a card of the hand: its corner index, the part every overlapping card shows.
CARD_SPOT = {"x": 8, "y": 14}


def press(page: Page, target: Locator, spot: dict[str, float] | None = None) -> None:
    """Tap (on a touch screen) or click a control, as a person would."""
    if page.evaluate("navigator.maxTouchPoints > 0"):
        target.tap(position=spot)
    else:
        target.click(position=spot)


def press_card(page: Page, card: Locator) -> None:
    press(page, card, CARD_SPOT)


IN_VIEW = """() => {
  const out = [];
  const boxes = '#hand .card, #control-body button:not([disabled]), #control-body summary';
  for (const el of document.querySelectorAll(boxes)) {
    const r = el.getBoundingClientRect();
    const off = r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
    if (off) out.push(el.dataset.card || el.textContent);
  }
  return out;
}"""


UNDIMMED = """() => [...document.querySelectorAll('#hand .card')].every((card) =>
  getComputedStyle(card).opacity === '1'
  && !getComputedStyle(card.firstChild).filter.includes('brightness'))"""


def out_of_view(page: Page) -> list[str]:
    """The hand's cards and the controls that are not wholly within the viewport (where the page is)."""
    result: list[str] = page.evaluate(IN_VIEW)
    return result


def act_once(page: Page) -> str:
    """Take one action: the first highlighted card, else the first action button. Returns what."""
    before = version(page)
    playable = page.locator("#hand .card.playable")
    buttons = page.locator("#control-body > .actions button.action")
    bids = page.locator("#control-body .bid-pad button")
    if bids.count():  # bid one (passing all round throws the hand in)
        button = bids.nth(min(1, bids.count() - 1))
        what = button.inner_text()
        press(page, button)
    elif playable.count():
        what = playable.first.get_attribute("data-card") or ""
        press_card(page, playable.first)
    elif buttons.count():
        what = buttons.first.get_attribute("data-action") or ""
        press(page, buttons.first)
    else:
        return ""
    wait_past(page, before)
    return what


def play_to_the_end(page: Page, limit: int = 100) -> None:
    """Take the player's turns (and pass each deal's summary) until the game is over."""
    for _ in range(limit):
        page.wait_for_function(MY_TURN_OR_DONE)
        if page.evaluate("document.body.dataset.phase") == "over":
            return
        if page.is_visible("#banner button"):
            page.click("#banner button")
            continue
        act_once(page)
    raise AssertionError("the game did not end")


def play_until_deal_scored(page: Page, limit: float = 90.0, shots: str = "") -> int:
    """Play every turn of ours until a deal is scored (the round summary shows) or the game ends. On a
    phone, every turn's hand and controls must be on screen as they are (no scrolling); with
    ``shots``, each turn is saved as a screenshot named from it."""
    deadline = time.monotonic() + limit
    actions = 0
    phone = page.viewport_size is not None and page.viewport_size["width"] < 600
    while time.monotonic() < deadline:
        page.wait_for_function(MY_TURN_OR_DONE, timeout=int(limit * 1000))
        if page.is_visible("#banner") or page.evaluate("document.body.dataset.phase") == "over":
            return actions
        if phone:
            assert not out_of_view(page), (actions, out_of_view(page))
        if not page.locator("#hand .card.playable").count():  # a bid or a word: the hand is read, not dimmed
            assert page.evaluate(UNDIMMED), page.evaluate("document.body.dataset.phase")
        if shots:
            shot(page, f"{shots}-{actions:02d}-{page.evaluate('document.body.dataset.phase')}")
        if act_once(page):
            actions += 1
    raise AssertionError("the deal did not end in time")


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


SHEETS_TOO_WIDE = """() => [...document.querySelectorAll('table.sheet')]
  .filter((t) => t.offsetParent !== null)
  .filter((t) => {
    const box = t.parentElement.getBoundingClientRect(), r = t.getBoundingClientRect();
    return t.scrollWidth > t.parentElement.clientWidth + 1 || r.right > box.right + 1 || r.right > innerWidth;
  })
  .map((t) => `${t.closest('[id]')?.id}: ${t.scrollWidth} px in ${t.parentElement.clientWidth} px`)"""


def sheets_too_wide(page: Page) -> list[str]:
    """The score sheets on screen that do not fit their box (a wide one would need sideways scrolling)."""
    return list(page.evaluate(SHEETS_TOO_WIDE))


UNNAMED = """() => {
  const out = [];
  for (const el of document.querySelectorAll('button, a[href], select, input, [role=button], [role=img]')) {
    if (el.closest('[hidden]')) continue;
    let name = (el.getAttribute('aria-label') || '').trim();
    if (!name && el.id) {
      const label = document.querySelector(`label[for="${el.id}"]`);
      if (label) name = label.textContent.trim();
    }
    if (!name && el.closest('label')) name = el.closest('label').textContent.trim();
    if (!name && el.getAttribute('aria-labelledby')) {
      name = el.getAttribute('aria-labelledby').split(' ')
        .map((id) => document.getElementById(id)?.textContent || '').join(' ').trim();
    }
    if (!name && el.tagName !== 'SELECT' && el.tagName !== 'INPUT') name = el.textContent.trim();
    if (!name) out.push(el.outerHTML.slice(0, 120));
  }
  return out;
}"""


def unnamed_controls(page: Page) -> list[str]:
    """Controls and images without an accessible name (an axe-style check)."""
    result: list[str] = page.evaluate(UNNAMED)
    return result


#: What the deal's summary must leave in view: the seats, the deal's last trick (kept on
#: the table while the summary shows) and the status line; the summary's own Continue in view too.
UNDER_SUMMARY = """() => {
  scrollTo(0, 0);
  const b = document.getElementById('banner').getBoundingClientRect();
  const hidden = [];
  for (const el of document.querySelectorAll('.seat, #trick .card, #status, #summary-continue')) {
    const r = el.getBoundingClientRect();
    const under = !el.closest('#banner')
      && r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right;
    if (under || r.top < 0 || r.bottom > innerHeight) {
      hidden.push(el.dataset.card || el.textContent.trim().slice(0, 40));
    }
  }
  return hidden;
}"""


def summary_leaves_the_table_readable(page: Page) -> None:
    """The deal's summary covers neither the seats, nor the deal's last trick (which stays
    on the table while it shows), nor the status; Continue closes it and the trick goes to its winner."""
    assert page.is_visible("#summary-continue")
    assert page.locator("#trick-held .card").count() >= 4  # the deal's last trick, every seat's play
    hidden = page.evaluate(UNDER_SUMMARY)
    assert not hidden, hidden
    press(page, page.locator("#summary-continue"))
    page.wait_for_selector("#banner", state="hidden")
    page.wait_for_function("!document.querySelector('#trick-held .card')")
