"""Tractor's long throws in the trick, at phone and desktop sizes: every card of every seat's play
shows its corner index (rank over suit) unhidden, at a readable size, within the trick's box and the
screen. Measured, not just photographed: the page is watched with a MutationObserver that, each time
a trick is drawn, hit-tests a grid of points over each card's index (``elementFromPoint``: what
covers it, another card, another seat's play or anything else, is found) and records the card's
size; the observer runs before the next frame, so no drawing is missed however slow the machine.

The game is a table of four heuristic bots with seed 7, watched as a spectator until a trick whose
four plays have six cards or more each (its second round has a lead of nine cards, ``play 8S 8S 9S 9S
JS JS KS KS AS``); every trick drawn until then is measured too. The throw comes for certain however
loaded the machine: a table's bot is asked once a state, so the spectator's coming (which wakes the
table) does not change the bots' course (tests/server/test_play.py shows it); the test waits for the
throw's drawing, never a fixed time."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import DESKTOP, PHONE, Server, new_page, shot

SEED = 7
LONG = 6  # the least cards of a long throw's plays
#: The least of an index that must show (hit-test points that find the card itself), and the least
#: card width in CSS pixels (the rank is drawn 0.26 of the card wide: 36 px gives a 9.4 px glyph).
SHOWN = 0.95
MIN_WIDTH = {"phone": 36.0, "desktop": 46.0}

#: Installed before the page's scripts: hit-testing needs the trick's layers to take pointer events
#: (the won trick's layer, over the next trick, lets taps through), reduced motion draws each card
#: where it stays (an arriving card's animation would move it), and a frame can be held back while
#: a screenshot is taken (``__queue``), then let through in order (``__release``).
WATCH = """
(() => {
  const Native = window.WebSocket;
  window.__queue = null;
  window.WebSocket = class extends Native {
    addEventListener(type, fn, options) {
      if (type !== 'message') return super.addEventListener(type, fn, options);
      const held = (m) => (window.__queue ? window.__queue.push(() => fn(m)) : fn(m));
      return super.addEventListener(type, held, options);
    }
  };
  // one frame a task, as they came: each drawing is measured before the next frame is read. Frames
  // that come while the held ones are let through join the queue, so none overtakes them
  window.__release = () => {
    const q = window.__queue;
    const next = () => {
      if (q.length === 0) window.__queue = null;
      else { q.shift()(); setTimeout(next); }
    };
    setTimeout(next);
  };
  window.__tricks = [];
  const measure = () => {
    const layers = ['trick-cards', 'trick-held'].map((id) => document.getElementById(id));
    // three plays of the long throw drawn: hold the next frames back for a screenshot of them. Held
    // here, before anything else is looked at: a loaded browser may read the next plays before the
    // trick won just before goes (on a timer, not a frame), and the three would never show alone
    const now = [...layers[0].querySelectorAll('.play')];
    const long = now.every((p) => p.querySelectorAll('.card').length >= __LONG__);
    // (once only: the three plays drawn again after the release, as a seats frame may redraw
    // them, must not hold the frames a second time, for nothing would let them through)
    if (now.length === 3 && long && !window.__held) {
      window.__held = true;
      window.__queue = [];
    }
    if (layers[1].classList.contains('collect')) return; // a won trick going to its winner, fading
    const drawn = layers.filter((l) => l.querySelector('.play'));
    if (drawn.length !== 1) return; // none, or a won trick shown while the next is led
    const layer = drawn[0];
    // hit-testing sees only the viewport: a deal's summary above the table may have pushed it down
    document.getElementById('trick').scrollIntoView({ block: 'nearest' });
    const box = layer.getBoundingClientRect();
    const seats = [...document.querySelectorAll('.seat')].map((s) => s.getBoundingClientRect());
    const plays = [...layer.querySelectorAll('.play')].map((play) => ({
      at: [...play.classList].find((c) => c.startsWith('at-')),
      cards: [...play.querySelectorAll('.card')].map((card) => {
        const r = card.getBoundingClientRect();
        let hits = 0, points = 0;
        // the index: the rank over the suit, x 0-26 and y 0-51 of the 100 x 140 card
        for (let i = 0; i < 5; i++) for (let j = 0; j < 8; j++) {
          const x = r.left + r.width * (0.03 + 0.22 * i / 4), y = r.top + r.height * (0.02 + 0.34 * j / 7);
          points++;
          if (document.elementFromPoint(x, y)?.closest('.card') === card) hits++;
        }
        const inBox = r.left >= box.left - 0.5 && r.right <= box.right + 0.5
          && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
        const onSeat = seats.some((s) =>
          r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom);
        return { card: card.dataset.card, shown: hits / points, width: r.width, inBox, onSeat };
      }),
    }));
    window.__tricks.push({ layer: layer.id, plays });
  };
  document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = '.trick-cards.held { pointer-events: auto !important; }';
    document.head.append(style);
    const observer = new MutationObserver(measure);
    for (const id of ['trick-cards', 'trick-held'])
      observer.observe(document.getElementById(id), { childList: true });
  });
})();
""".replace("__LONG__", str(LONG))


def _bad(trick: dict[str, Any], size: str) -> list[str]:
    """What is wrong with a drawn trick: each card whose index is hidden, too small, or out of place."""
    out = []
    for play in trick["plays"]:
        for card in play["cards"]:
            where = f"{play['at']} {card['card']}"
            if card["shown"] < SHOWN:
                out.append(f"{where}: {card['shown']:.0%} of its index shows")
            if card["width"] < MIN_WIDTH[size]:
                out.append(f"{where}: {card['width']:.1f} px wide")
            if not card["inBox"] or card["onSeat"]:
                out.append(f"{where}: outside the trick's box or over a seat")
    return out


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_index_of_a_long_throw_shows(browser: Browser, server: Server, size: str) -> None:
    table = server.table("tractor", ["heuristic"] * 4, seed=SEED)
    page = new_page(browser, PHONE if size == "phone" else DESKTOP)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH)
    page.goto(f"{server.url}/table/{table}?watch=1")
    # the round's draw and kitty come first: minutes on a loaded machine
    page.wait_for_function("window.__queue !== null", timeout=300_000)
    # the next frames held, the trick won before goes (on its timer) and the three plays show alone
    every = f"t.plays.every((p) => p.cards.length >= {LONG})"
    three = f"window.__tricks.some((t) => t.layer === 'trick-cards' && t.plays.length === 3 && {every})"
    page.wait_for_function(three)
    shot(page, f"tractor-{size}-long-throw")
    page.evaluate("window.__release()")
    full = f"window.__tricks.some((t) => t.plays.length === 4 && {every})"
    page.wait_for_function(full, timeout=60_000)
    tricks: list[dict[str, Any]] = page.evaluate("window.__tricks")
    long = [t for t in tricks if t["plays"] and min(len(p["cards"]) for p in t["plays"]) >= LONG]
    assert any(len(t["plays"]) == 4 for t in long)
    for trick in tricks:  # every trick drawn, the long throw's and all before it
        assert not _bad(trick, size), (trick["layer"], _bad(trick, size))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
