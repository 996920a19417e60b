"""axe-core's accessibility rules on the lobby and on a table in play, in the three languages: no
serious or critical violation. axe-core comes from npm for the tests only (installed once into a cache
directory, ``TRICKTABLE_AXE_DIR`` moves it) and is put into the page by the test: the app never serves it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, PHONE, Server, new_page, shot
from tests.browser.helpers import MY_TURN_OR_DONE, READY, open_table

AXE_DIR = Path(os.environ.get("TRICKTABLE_AXE_DIR", Path.home() / ".cache" / "tricktable-tests" / "axe"))
AXE_VERSION = "4"


@pytest.fixture(scope="session")
def axe_script() -> Path:
    script = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                "npm",
                "install",
                "--prefix",
                str(AXE_DIR),
                "--no-audit",
                "--no-fund",
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return script


def serious(page: Page, axe_script: Path) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands."""
    page.add_script_tag(path=str(axe_script))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact,
          nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
    }"""
    )
    return found


@pytest.mark.parametrize("lang", ["en", "it", "cy"])
def test_axe_lobby_and_table(browser: Browser, server: Server, axe_script: Path, lang: str) -> None:
    counts = {}
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = new_page(browser, viewport, locale={"en": "en-GB", "it": "it-IT", "cy": "cy-GB"}[lang])
        page.goto(server.url + "/")
        page.wait_for_function(READY)
        assert page.evaluate("document.documentElement.lang") == lang
        lobby = serious(page, axe_script)
        assert not lobby, (lang, size, lobby)
        table = server.table("tractor", [None, "heuristic", "heuristic", "heuristic"], seed=5)
        open_table(page, server.url, table)
        page.wait_for_function(MY_TURN_OR_DONE)
        found = serious(page, axe_script)
        assert not found, (lang, size, found)
        if size == "phone":  # and with the log open as a sheet over the table
            page.click("#tab-log")
            found = serious(page, axe_script)
            assert not found, (lang, size, "log", found)
            shot(page, f"tractor-phone-log-{lang}")
        counts[size] = (len(lobby), len(found))
        page.context.close()
    print(f"axe-core serious or critical violations ({lang}): {counts}")


def test_axe_lesson(browser: Browser, server: Server, axe_script: Path) -> None:
    """A lesson's page on a phone, its panel showing a step and a refusal's verdict (in Welsh)."""
    page = new_page(browser, PHONE, locale="cy-GB")
    page.goto(server.url + "/learn/back-alley")
    page.wait_for_selector("#lesson .lesson-step")
    page.wait_for_selector("#control-body button[data-action]")
    page.evaluate("""() => import('/static/connection.js').then((c) => c.act('bid 13'))""")
    page.wait_for_selector("#lesson .verdict.refused")
    found = serious(page, axe_script)
    assert not found, found
    shot(page, "lesson-phone-cy")
    page.context.close()
