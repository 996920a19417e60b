"""The analysis of a finished game from its replay: asked for, its progress shown while the server's
worker runs it, then each step's evaluation, the graph of the expected score and the mistakes marked,
in English, Italian and Welsh."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.conftest import DESKTOP, Server, new_page, shot
from tests.browser.helpers import open_table, play_to_the_end, unnamed_controls

WORDS = {"en": "Analysis of your play", "it": "Analisi del tuo gioco", "cy": "Dadansoddiad o'ch chwarae"}
LABELS = {
    "en": {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"},
    "it": {"inaccuracy": "Imprecisione", "mistake": "Errore", "blunder": "Errore grave"},
    "cy": {"inaccuracy": "Anghywirdeb", "mistake": "Camgymeriad", "blunder": "Cam gwag"},
}


def test_a_finished_games_analysis_shows_its_evaluations_graph_and_mistakes(
    browser: Browser, server: Server
) -> None:
    # A short All Fours game (to 2 points); the player takes the first playable card each time, which
    # in this seeded game gives away points: the analysis marks it.
    bots = [None, "heuristic", "heuristic", "heuristic"]
    table = server.table("all-fours", bots, config={"target": 2}, seed=2)
    page = new_page(browser, DESKTOP)
    open_table(page, server.url, table)
    play_to_the_end(page)
    page.click("#replay-btn")
    page.click("#analysis-btn")
    page.wait_for_selector("#analysis-progress")
    shot(page, "analysis-running")
    page.wait_for_selector("#analysis-summary", timeout=180_000)
    analysis = server.api(f"/api/tables/{table}/analysis/0")["analysis"]
    decisions = analysis["decisions"]
    labelled = [d for d in decisions if d["label"]]
    assert labelled, [(d["action"], d["loss"]) for d in decisions]
    # the graph: a point per decision, from the server's numbers; a mark per labelled decision
    points = (page.get_attribute("#analysis-graph polyline.chosen", "points") or "").split()
    assert len(points) == len(decisions)
    assert page.locator("#analysis-graph circle.mark").count() == len(labelled)
    assert page.locator("#analysis-marks button").count() == len(labelled)
    # a mark goes to its step, which shows the evaluation: every legal action's value, the verdict
    first = labelled[0]
    page.click("#analysis-marks button >> nth=0")
    assert page.get_attribute("#analysis-step", "data-label") == first["label"]
    assert page.locator("#analysis-step tbody tr").count() == len(first["values"])
    assert LABELS["en"][first["label"]] in page.inner_text("#analysis-step")
    assert page.locator("#analysis-graph line.here").count() == 1
    assert not unnamed_controls(page)
    shot(page, "analysis-en")
    for code in ("it", "cy"):
        page.select_option("#lang-select", code)
        text = page.inner_text("#analysis")
        assert WORDS[code] in text and LABELS[code][first["label"]] in text
        shot(page, f"analysis-{code}")
    page.select_option("#lang-select", "en")
    # steps without a decision of the player's say so
    page.focus("#replay-next")
    page.keyboard.press("Home")
    assert page.get_attribute("#analysis-step", "data-label") is None
    page.context.close()
