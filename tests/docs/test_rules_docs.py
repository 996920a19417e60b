"""The players' rules in ``docs/rules/``: every option of every game is described there with its default,
and no option doc shown to a user carries the internal ``[gap]`` marker."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tricktable import games

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
HOUSE_RULE = "house rule"


def _as_written(value: Any) -> str:
    """An option value as typed after ``--option name=``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rules_file(name: str) -> str:
    return (RULES_DIR / f"{name}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", games.names())
def test_every_option_is_described_with_its_default(name: str) -> None:
    text = _rules_file(name)
    missing = []
    for opt in games.get(name).Config.options():
        stated = re.compile(rf"`{re.escape(opt.name)}`, default `{re.escape(_as_written(opt.default))}`")
        if not stated.search(text):
            missing.append(f"{opt.name} (default {_as_written(opt.default)})")
    assert not missing, f"docs/rules/{name}.md does not name, with '`name`, default `value`': {missing}"


@pytest.mark.parametrize("name", games.names())
def test_no_user_facing_text_carries_the_gap_marker(name: str) -> None:
    game = games.get(name)
    for opt in game.Config.options():
        assert "[gap]" not in opt.doc, f"{name} option {opt.name}: {opt.doc}"
    assert "[gap]" not in game.rules_text()
    assert "[gap]" not in _rules_file(name)


@pytest.mark.parametrize("name", games.names())
def test_the_rules_file_names_its_sources_and_house_rules(name: str) -> None:
    text = _rules_file(name)
    assert "## Sources" in text and ".txt" in text
    assert HOUSE_RULE in text


def test_the_index_links_every_game() -> None:
    index = (RULES_DIR / "README.md").read_text(encoding="utf-8")
    for name in games.names():
        assert f"({name}.md)" in index
