"""The browser table in headless Chromium against a real server: whole hands through the UI at phone
and desktop sizes, a refused card's reason, a reload in mid-trick, the languages, accessible names."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.browser.conftest import DESKTOP, PHONE, Server, new_page, shot
from tests.browser.helpers import (
    MY_TURN_OR_DONE,
    READY,
    act_once,
    no_horizontal_scroll,
    open_table,
    out_of_view,
    play_to_the_end,
    play_until_deal_scored,
    press,
    press_card,
    sheets_too_wide,
    summary_leaves_the_table_readable,
    tractor_turns,
    unnamed_controls,
    version,
    wait_past,
)
from tests.browser.refusals import examples

STATIC_LIMIT = 250 * 1024  # bytes of JavaScript, CSS and SVG the table page loads (uncompressed)


def create_from_lobby(page: Page, url: str, game: str, name: str = "Ada", screenshot: str = "") -> None:
    page.goto(url + "/")
    page.wait_for_function(READY)
    page.select_option("#game", game)
    if screenshot:
        shot(page, screenshot)
    page.fill("#player", name)
    assert not unnamed_controls(page)
    page.click("button[type=submit]")
    page.wait_for_selector("#board:not([hidden])")


@pytest.mark.parametrize(
    ("game", "size"),
    [("all-fours", "phone"), ("all-fours", "desktop"), ("back-alley", "phone"), ("back-alley", "desktop")],
)
def test_whole_hand_through_the_ui(browser: Browser, server: Server, game: str, size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    page = new_page(browser, viewport)
    create_from_lobby(page, server.url, game, screenshot=f"lobby-{size}-{game}")
    shot(page, f"{game}-{size}-start")
    assert page.locator(".seat").count() == 4
    assert page.locator(".seat.me").count() == 1
    assert page.locator("#hand .card").count() >= 6  # All Fours: 9 or more after a run of the pack
    assert no_horizontal_scroll(page)
    assert not unnamed_controls(page)
    page.wait_for_function(MY_TURN_OR_DONE)
    shot(page, f"{game}-{size}-turn")
    actions = play_until_deal_scored(page, shots=f"{game}-{size}-deal")
    assert actions >= 1
    assert page.is_visible("#banner")
    assert re.search(r"Deal \d+ scored: -?\d+ – -?\d+\.", page.inner_text("#log"))  # points, unlabelled
    sheet = page.inner_text("#score")  # the game's panel, drawn in the page's language
    assert "Team 1" in sheet and "Team 2" in sheet
    assert ("First to" in sheet and "Last deal" in sheet) if game == "all-fours" else "Hand 2 of 25" in sheet
    assert "{" not in sheet and "sheet." not in sheet and "panel." not in sheet  # every word found
    assert "(your team)" in page.inner_text("#banner .summary-sheet")  # the panel's teams, yours marked
    word = {"all-fours": "Deal", "back-alley": "Hand"}[game]  # the game's word, as its summary and sheet
    assert f"{word} 1 is over" in page.inner_text("#banner")
    shown = re.search(rf"· {word} (\d+)", page.inner_text("#info"))
    assert shown, page.inner_text("#info")
    # the next deal shows; in All Fours a pack run out is dealt again under the next number, and the
    # bots may have done that before our first turn of deal 2
    assert int(shown[1]) == 2 or (game == "all-fours" and int(shown[1]) > 2), shown[0]
    # a phone's sheet at the screen's foot, a wide screen's card over the side column: the seats and
    # the deal's last trick show, and the next deal's hand and controls are in view as they stand
    assert not out_of_view(page), out_of_view(page)
    assert not sheets_too_wide(page), sheets_too_wide(page)  # Back Alley's seven columns on a phone too
    shot(page, f"{game}-{size}-summary")
    summary_leaves_the_table_readable(page)
    page.click("#last-btn")
    assert page.locator("#last .card").count() >= 2
    assert not unnamed_controls(page)
    assert no_horizontal_scroll(page)
    shot(page, f"{game}-{size}-scored")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def tap_a_refused_card(page: Page, limit: int = 60) -> str:
    """Play on (passing each deal's summary) until a turn of the play offers some cards and not others;
    tap one it does not offer and wait for the refusal. The tapped card's accessible name."""
    for _ in range(limit):
        page.wait_for_function(MY_TURN_OR_DONE)
        dim = page.locator("#hand .card:not(.playable)")
        if page.evaluate("document.body.dataset.phase") == "play" and dim.count():
            label = dim.first.get_attribute("aria-label") or ""
            press_card(page, dim.first)
            page.wait_for_selector("#error:not([hidden]) .reason[data-rule]")
            assert "breaks a rule" in page.inner_text("#error")
            return label
        if page.is_visible("#banner"):
            press(page, page.locator("#banner button").first)
            continue
        act_once(page)
    raise AssertionError("no turn offered a card the rules refuse")


def test_refused_card_shows_the_rule(browser: Browser, server: Server) -> None:
    table = server.table("all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=11)
    page = new_page(browser, PHONE)
    open_table(page, server.url, table)
    label = tap_a_refused_card(page, 40)
    text = page.inner_text("#error")
    reason = page.inner_text("#error .reason").strip()
    assert len(reason) > 10, text
    # and, in the page's language, the cards the view allows now
    allowed = page.inner_text("#error .playable-now")
    assert len(re.findall("[♠♥♦♣]", allowed)) == page.locator("#hand .card.playable").count()
    shot(page, "all-fours-phone-refused")
    # the engine names the rule (a stable code with its cards and suits): worded in each language
    assert page.get_attribute("#error .reason", "data-rule") in ("follow_or_trump", "trump_led")
    page.select_option("#lang-select", "it")
    text = page.inner_text("#error")
    assert "viola una regola" in text and "devi" in text and "Puoi giocare" in text
    assert "in inglese" not in text and " you " not in text
    shot(page, "all-fours-phone-refused-it")
    page.select_option("#lang-select", "cy")
    assert "rhaid i chi" in page.inner_text("#error")
    shot(page, "all-fours-phone-refused-cy")
    assert label
    page.context.close()


def test_back_alley_refused_card_says_why_in_each_language(browser: Browser, server: Server) -> None:
    """A Back Alley card the rules refuse, tapped in play: the engine's rule, worded in each language."""
    table = server.table("back-alley", [None, "heuristic", "heuristic", "heuristic"], seed=3)
    page = new_page(browser, PHONE)
    open_table(page, server.url, table)
    tap_a_refused_card(page)
    words = {}
    for code in ("en", "it", "cy"):
        page.select_option("#lang-select", code)
        words[code] = page.inner_text("#error .reason").strip()
        assert len(words[code]) > 10 and "{" not in words[code] and "rule." not in words[code]
    assert len(set(words.values())) == 3, words
    page.select_option("#lang-select", "en")
    shot(page, "back-alley-phone-refused")
    page.context.close()


def test_reload_mid_trick_returns_to_the_seat(browser: Browser, server: Server) -> None:
    table = server.table("back-alley", [None, "heuristic", "heuristic", "heuristic"], seed=3)
    page = new_page(browser, DESKTOP)
    open_table(page, server.url, table, name="Bryn")
    for _ in range(60):
        page.wait_for_function(MY_TURN_OR_DONE)
        in_play = page.evaluate("document.body.dataset.phase") == "play"
        if (
            in_play
            and page.locator("#trick-cards .play").count()
            and not page.locator("#trick.finished").count()
        ):
            break
        act_once(page)
    else:
        raise AssertionError("never our turn in mid-trick")
    hand = page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    trick = page.locator("#trick-cards .card").count()
    me = page.inner_text(".seat.me .seat-name")
    before = version(page)
    page.reload()
    page.wait_for_function(READY)
    page.wait_for_selector("#board:not([hidden])")
    shown = page.evaluate("performance.getEntriesByName('table-shown')[0].startTime")
    print(f"the table page showed the table after {shown:.0f} ms")
    assert shown < 1500  # a functional bound: the 500 ms budget is measured by bench/first_paint.py
    assert page.is_hidden("#sit")
    assert version(page) == before
    assert page.inner_text(".seat.me .seat-name") == me
    assert "Bryn" in me
    assert page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    assert page.locator("#trick-cards .card").count() == trick
    assert page.evaluate("document.body.dataset.turn") == "me"
    # and play on from the same seat, by keyboard: Tab reaches the cards, Enter plays one
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#hand .card.playable')"):
            break
    else:
        raise AssertionError("Tab never reached a playable card")
    played = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    wait_past(page, before)
    assert played not in page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.fill("#chat-text", "well played")  # chat goes to everyone at the table
    page.press("#chat-text", "Enter")
    page.wait_for_selector("#chat-log li:has-text('well played')")
    assert "Bryn" in page.inner_text("#chat-log")
    shot(page, "back-alley-desktop-after-reload")
    page.context.close()


def english_fragments(page: Page) -> dict[str, list[str]]:
    """Per language, the English words of the catalogue that the language does not also use."""
    result: dict[str, list[str]] = page.evaluate(
        """async () => {
      const { MESSAGES } = await import('/static/i18n.js');
      const pieces = (text) => text.split(/\\{\\w+\\}/)
        .map((p) => p.replace(/[^\\p{L}' ]/gu, ' ').trim()).filter((p) => p.length >= 5);
      const out = {};
      for (const code of ['it', 'cy']) {
        const theirs = Object.values(MESSAGES[code]).join('\\n');
        const ours = [...new Set(Object.values(MESSAGES.en).flatMap(pieces))];
        out[code] = ours.filter((p) => !theirs.includes(p));
      }
      return out;
    }"""
    )
    return result


VISIBLE_TEXT = """() => {
  const parts = [];
  const walk = (el) => {
    const skip = '[hidden], [lang="en"], .user';  // hidden, the engine's English, names people chose
    if (el.closest && el.closest(skip)) return;
    if (el.nodeType === 3) {
      if (el.parentElement && !el.parentElement.closest(skip + ', option')) parts.push(el.textContent);
      return;
    }
    if (el.getAttribute && el.getAttribute('aria-label')) parts.push(el.getAttribute('aria-label'));
    for (const child of el.childNodes) walk(child);
  };
  walk(document.body);
  const select = document.querySelectorAll('select option:checked');
  for (const o of select) if (!o.closest('[lang="en"]') && o.lang !== 'en') parts.push(o.textContent);
  return parts.join('\\n');
}"""


def test_catalogue_and_language_switch(browser: Browser, server: Server) -> None:
    page = new_page(browser, PHONE, locale="it-IT")
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    keys = page.evaluate(
        "async () => { const { MESSAGES } = await import('/static/i18n.js');"
        " return Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, Object.keys(v).sort()])); }"
    )
    assert set(keys) == {"en", "it", "cy"}
    assert keys["it"] == keys["en"] and keys["cy"] == keys["en"]
    assert page.evaluate("document.documentElement.lang") == "it"  # picked from the browser's language
    assert page.inner_text("h1") == "Tavoli da gioco"
    fragments = english_fragments(page)
    for code, heading in (("it", "Tavoli da gioco"), ("cy", "Byrddau cardiau")):
        page.select_option("#lang-select", code)
        assert page.inner_text("h1") == heading
        for game in ("tractor", "back-alley", "all-fours"):  # each game's options, choices and presets
            page.select_option("#game", game)
            text = page.evaluate(VISIBLE_TEXT)
            assert not [f for f in fragments[code] if f in text], (code, game)
            assert not page.locator('#create [lang="en"]').count(), (code, game)  # none left in English
        page.click("#create details summary")
        shot(page, f"lobby-options-{code}")
    # the table page, in play, in each language
    page.select_option("#lang-select", "en")
    page.fill("#player", "Ceri")
    page.click("button[type=submit]")
    page.wait_for_selector("#board:not([hidden])")
    page.wait_for_function(MY_TURN_OR_DONE)
    english = page.inner_text("#status")
    page.click("#last-btn")
    for code in ("it", "cy"):
        page.select_option("#lang-select", code)
        assert page.inner_text("#status") != english
        text = page.evaluate(VISIBLE_TEXT)
        left = [f for f in fragments[code] if f in text]
        assert not left, (code, left)
        label = page.locator("#hand .card").first.get_attribute("aria-label") or ""
        assert label and not re.search(r"\b(of|hearts|spades|clubs|diamonds)\b", label)
        shot(page, f"all-fours-phone-{code}")
    page.select_option("#lang-select", "en")
    assert page.inner_text("#status") == english
    page.context.close()


WORD_RULES = """async (samples) => {
  const { ruleText } = await import('/static/rules.js');
  const { setLang } = await import('/static/i18n.js');
  const out = {};
  for (const code of ['en', 'it', 'cy']) {
    setLang(code);
    const seat = (s) => `Ceri ${s}`;
    out[code] = Object.fromEntries(Object.entries(samples).map(([r, p]) => [r, ruleText(r, p, seat)]));
  }
  setLang('en');
  return out;
}"""


def test_every_refusal_is_worded_in_each_language(browser: Browser, server: Server) -> None:
    """Each refusal code, with the params of a real refusal, as the page words it (rules.js): every
    placeholder filled, no key shown for words, and no English on the Italian and Welsh pages but the
    notation a player typed (a verb, a bid)."""
    samples = examples()
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    fragments = english_fragments(page)
    worded: dict[str, dict[str, str]] = page.evaluate(WORD_RULES, samples)
    for code in ("en", "it", "cy"):
        for rule, text in worded[code].items():
            assert text and "{" not in text and not text.startswith("Rule."), (code, rule, text)
            if code != "en" and not {"verb", "action"} & set(samples[rule]):
                assert not [f for f in fragments[code] if f in text], (code, rule, text)
    assert worded["it"]["follow_pair"].startswith("È uscita una coppia di ")  # a Tractor lead's words
    assert "pâr o " in worded["cy"]["follow_pair"]
    counts = {"count": {"n": 2, "played": 3}}  # the plural; with n = 1 the singular form
    assert page.evaluate(WORD_RULES, counts)["it"]["count"].startswith("Sono uscite 2 carte")
    assert page.evaluate(WORD_RULES, {"count": {"n": 1, "played": 2}})["it"]["count"].startswith(
        "È uscita una carta"
    )
    page.context.close()


def test_table_page_weight_and_origin(browser: Browser, server: Server) -> None:
    """The JavaScript, CSS and SVG the table page loads weigh at most the budget, and no request
    leaves the server's origin (every other request is refused and counted)."""
    table = server.table("tractor", [None, "heuristic", "heuristic", "heuristic"], seed=5)
    page = new_page(browser, PHONE)
    outside: list[str] = []
    sizes: dict[str, int] = {}

    def route(r: Route) -> None:
        if r.request.url.startswith(server.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on(
        "response",
        lambda response: (
            sizes.__setitem__(response.url, len(response.body()))
            if response.url.endswith((".js", ".css", ".svg"))
            else None
        ),
    )
    open_table(page, server.url, table)
    page.wait_for_function(MY_TURN_OR_DONE)
    total = sum(sizes.values())
    print(f"the table page loads {len(sizes)} files of JS, CSS and SVG: {total} bytes")
    assert any(url.endswith("/static/faces.js") for url in sizes)
    assert total <= STATIC_LIMIT, sorted(sizes.items(), key=lambda kv: -kv[1])
    assert not outside
    page.context.close()


def pick_until_complete(page: Page) -> int:
    """Pick highlighted cards one at a time (each checked by the server's selectable frame) until the
    pick is a legal play, then play it. Returns how many cards were played."""
    before = version(page)
    for n in range(1, 40):
        press_card(page, page.locator("#hand .card.playable:not(.picked)").first)
        page.wait_for_function(f"(document.body.dataset.pick || '').startsWith('{n}:')")
        if page.evaluate("document.body.dataset.pick").endswith(":complete"):
            assert page.is_enabled("#pick-go")
            press(page, page.locator("#pick-go"))
            wait_past(page, before)
            return n
        assert page.is_disabled("#pick-go")
    raise AssertionError("the pick never became a legal play")


def pick_pair(page: Page, size: str) -> bool:
    """Lead a pair card by card, if the hand holds one. True if it was played."""
    cards = page.locator("#hand .card.playable").evaluate_all("els => els.map(e => e.dataset.card)")
    pairs = [c for c in dict.fromkeys(cards) if cards.count(c) >= 2]
    if not pairs:
        return False
    before = version(page)
    copies = page.locator(f'#hand .card[data-card="{pairs[0]}"]')
    press_card(page, copies.nth(0))
    page.wait_for_function("document.body.dataset.pick === '1:complete'")
    press_card(page, copies.nth(1))
    page.wait_for_function("document.body.dataset.pick === '2:complete'")
    assert copies.nth(1).get_attribute("aria-pressed") == "true"
    shot(page, f"tractor-{size}-pair-picked")
    press(page, page.locator("#pick-go"))
    wait_past(page, before)
    return True


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_tractor_round_with_multi_card_plays_picked_card_by_card(
    browser: Browser, server: Server, size: str
) -> None:
    # the summary waits for the player, as at a real table (the test server's own deal pause is 0): the
    # deal's last trick stays on the table until Continue, however slowly the test reads the page
    table = server.table("tractor", [None, "heuristic", "heuristic", "heuristic"], seed=5, deal_pause=60)
    page = new_page(browser, PHONE if size == "phone" else DESKTOP)
    open_table(page, server.url, table)
    multi = 0
    turns = 0
    keyed = False
    for phase in tractor_turns(page):
        if size == "phone":  # the whole hand and the controls on screen, as the page stands
            assert not out_of_view(page), (phase, out_of_view(page))
        turns += 1
        shot(page, f"tractor-{size}-deal-{turns:02d}-{phase}")
        if phase == "last-declare":
            before = version(page)
            press(page, page.locator('[data-action="pass"]'))
            wait_past(page, before)
            continue
        if phase == "kitty":  # the prompt says how many cards to bury and how many are picked
            assert "Bury 8 cards · 0 picked" in page.inner_text("#control-body .pick-goal")
            assert pick_until_complete(page) == 8
            shot(page, f"tractor-{size}-kitty-buried")
            continue
        if not keyed and page.locator("#hand .hand-row").count() == 2:  # Up and Down go between the rows
            page.focus("#hand .hand-row:first-child .card")
            page.keyboard.press("ArrowDown")
            assert page.evaluate("document.activeElement.closest('.hand-row').matches(':last-child')")
            page.keyboard.press("ArrowUp")
            first = "#hand .hand-row:first-child .card:first-child"
            assert page.evaluate(f"document.activeElement.matches('{first}')")
            keyed = True
        leading = page.locator("#trick-cards .play").count() == 0 or page.locator("#trick.finished").count()
        if (leading and not multi and pick_pair(page, size)) or pick_until_complete(page) >= 2:
            multi += 1
    assert multi, "no multi-card play came up"
    assert keyed or size == "desktop"  # a phone shows the 25 cards in two rows
    assert re.search(r"plays (\S+) \1", page.inner_text("#log"))
    assert re.search(r"Deal 1 scored: the levels are now \d+ – \d+", page.inner_text("#log"))
    sheet = page.inner_text("#score")
    assert "Round 2" in sheet and "Levels" in sheet and "Last deal" in sheet and "Kitty:" in sheet
    assert "{" not in sheet and "sheet." not in sheet
    # the deal's summary: levels as levels, your team marked, the points, the kitty, who declares next
    summary = page.inner_text("#banner")
    assert "(your team)" in summary and "Level now" in summary and "Next declarers: team" in summary
    assert "Round 1 is over" in summary and "· Round 2" in page.inner_text("#info")
    assert "in tricks + the kitty" in summary or "the declarers kept the kitty" in summary
    assert page.locator("#banner .summary-sheet .team-mine").count() >= 2  # the level table's head, ...
    assert no_horizontal_scroll(page)
    shot(page, f"tractor-{size}-scored")
    summary_leaves_the_table_readable(page)
    shot(page, f"tractor-{size}-summary-closed")
    page.context.close()


JOKERS = """() => import('/static/faces.js').then(({ faceSvg }) => ['BJ', 'LJ'].map((card) => {
  const svg = faceSvg(card);
  return { html: svg.outerHTML, shapes: svg.querySelectorAll('path, circle, polygon, ellipse').length };
}))"""


def test_jokers_have_faces_of_their_own(browser: Browser, server: Server) -> None:
    """The big and the little joker are drawn, each its own face (a figure, not a star in text)."""
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    big, little = page.evaluate(JOKERS)
    assert big["html"] != little["html"]
    assert big["shapes"] >= 3 and little["shapes"] >= 3, (big["shapes"], little["shapes"])
    # in a line of text (the log, a refusal, the picked cards) a joker is named, not a star
    text = page.evaluate(
        "() => import('/static/i18n.js').then(({ cardsFace }) => cardsFace(['BJ', 'LJ', '5S']))"
    )
    assert text == "big joker, little joker, 5♠", text
    page.context.close()


@pytest.mark.check  # make check's smoke test of the browser table: the page loads
def test_spectator_sees_no_hand(browser: Browser, server: Server) -> None:
    table = server.table("all-fours", [None, "easy", "easy", "easy"])
    page = new_page(browser, PHONE)
    page.goto(f"{server.url}/table/{table}?watch=1")
    page.wait_for_selector("#board:not([hidden])")
    assert "watching" in page.inner_text("#status")
    assert page.locator("#hand .card").count() == 0
    assert page.locator(".seat.me").count() == 0
    page.click("#tab-chat")  # on a phone the chat is one tap away
    assert page.is_hidden("#chat-form") and page.is_visible("#chat-watchers")
    assert not unnamed_controls(page)
    page.context.close()


def test_finished_game_offers_its_record(browser: Browser, server: Server) -> None:
    table = server.table(
        "all-fours", [None, "heuristic", "heuristic", "heuristic"], config={"target": 2}, seed=4
    )
    page = new_page(browser, DESKTOP)
    open_table(page, server.url, table)
    play_to_the_end(page)
    assert "Game over" in page.inner_text("#banner")
    assert page.is_visible("#record")
    href = page.get_attribute("#record", "href") or ""
    record = page.evaluate(f"fetch({href!r}).then((r) => r.json())")
    assert record["actions"] and record["seed"] == 4
    # the replay steps through the whole game, narrated as the log is, by mouse and by keyboard
    page.click("#replay-btn")
    step = page.inner_text("#replay-step")
    assert re.fullmatch(r"Deal 1: step 1 of \d+", step), step
    total = int(step.rsplit(" ", 1)[1])
    assert page.get_attribute("#replay .replay-line", "data-kind") == "deal_started"
    assert page.is_disabled("#replay-prev") and page.is_disabled("#replay-first")
    page.click("#replay-next")
    assert page.inner_text("#replay-step").startswith("Deal 1: step 2 of")
    page.focus("#replay-next")
    page.keyboard.press("Home")
    assert page.inner_text("#replay-step").startswith("Deal 1: step 1 of")
    lines, kinds = [page.inner_text("#replay .replay-line")], {"deal_started"}
    for n in range(2, total + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.getElementById('replay-step').textContent.includes('step {n} of')")
        kind = page.get_attribute("#replay .replay-line", "data-kind") or ""
        kinds.add(kind)
        lines.append(page.inner_text("#replay .replay-line"))
        if kind == "trick_won":  # the trick as it was won, all four cards, and who won it
            assert page.locator("#replay .last-list .card").count() == 4
            assert "won by" in page.inner_text("#replay .last-list")
    assert page.is_disabled("#replay-next") and page.is_disabled("#replay-last")
    assert kinds >= {"deal_started", "turned_up", "decided", "played", "trick_won", "scored", "deal_scored"}
    assert page.get_attribute("#replay .replay-line", "data-kind") == "game_over"
    assert lines == page.locator("#log li").all_inner_texts()  # the same narration as the game log
    page.keyboard.press("ArrowLeft")
    assert f"step {total - 1} of" in page.inner_text("#replay-step")
    page.keyboard.press("End")
    assert f"step {total} of" in page.inner_text("#replay-step")
    assert not unnamed_controls(page)
    shot(page, "all-fours-desktop-over")
    page.context.close()


def test_readable_at_200_percent_zoom(browser: Browser, server: Server) -> None:
    """A 1280x800 screen at 200 % zoom lays the page out in 640x400 CSS pixels: nothing scrolls sideways."""
    table = server.table("back-alley", [None, "heuristic", "heuristic", "heuristic"], seed=2)
    context = browser.new_context(viewport={"width": 640, "height": 400}, device_scale_factor=2)
    page = context.new_page()
    open_table(page, server.url, table)
    page.wait_for_function(MY_TURN_OR_DONE)
    assert no_horizontal_scroll(page)
    page.goto(server.url + "/")
    page.wait_for_function(READY)
    assert no_horizontal_scroll(page)
    context.close()


MOTION = """() => {
  const probe = (cls, parent) => {
    const el = document.createElement('div');
    el.className = cls;
    document.querySelector(parent).append(el);
    const style = getComputedStyle(el);
    const out = `${style.animationName}/${style.transitionDuration}`;
    el.remove();
    return out;
  };
  return {
    arrive: probe('play arrive at-1', '#trick-cards'),
    dealt: probe('card', '#hand.dealt .hand-row, #hand'),
    turn: probe('seat acting', '#pos-2'),
  };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_motion_and_announcements(browser: Browser, server: Server, motion: str) -> None:
    """Plays, deals and the turn move unless the browser asks for reduced motion; what happens at
    the table is said in a live region."""
    table = server.table("all-fours", [None, "heuristic", "heuristic", "heuristic"], seed=11)
    context = browser.new_context(viewport=PHONE, has_touch=True, reduced_motion=motion)
    page = context.new_page()
    open_table(page, server.url, table)
    page.wait_for_function(MY_TURN_OR_DONE)
    page.evaluate("document.getElementById('hand').classList.add('dealt')")
    moves = page.evaluate(MOTION)
    if motion == "reduce":
        assert all(m.startswith("none/0s") for m in moves.values()), moves
    else:
        assert moves["arrive"].startswith("from-left/") and moves["turn"].startswith("turn-glow/"), moves
        assert moves["dealt"].startswith("deal/"), moves
    assert page.get_attribute("#announce", "aria-live") == "polite"
    act_once(page)
    page.wait_for_function("document.getElementById('announce').textContent.includes(' plays ')")
    context.close()
