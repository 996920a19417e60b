"""``tricktable rules``: a game's rules summary, actions and options, wrapped to the output's width
with hanging indents, so that a description continues under itself rather than at the margin."""

from __future__ import annotations

import textwrap
from typing import Any

from tricktable.core import Game

__all__ = ["rules_text"]

USAGE_COLUMN = 25
"""Where an action's description starts: after the indent and the widest usage."""
DOC_INDENT = "      "


def _fill(text: str, width: int, first: str, rest: str) -> str:
    return textwrap.fill(
        " ".join(text.split()), width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


def rules_text(game: Game[Any, Any], width: int) -> str:
    """The rules of ``game`` as text no wider than ``width`` (words longer than it excepted)."""
    width = max(width, USAGE_COLUMN + 20)
    paragraphs = [p for p in game.summary.strip().split("\n\n") if p.strip()]
    lines = [f"{game.title} ({game.name}), rules version {game.rules_version}", ""]
    for paragraph in paragraphs:
        lines += [_fill(paragraph, width, "", ""), ""]
    lines.append("Actions:")
    for verb in game.verbs.values():
        lines.append(_fill(verb.summary, width, f"  {verb.usage:<{USAGE_COLUMN - 3}} ", " " * USAGE_COLUMN))
    lines += ["", "Options (--option key=value):"]
    for opt in game.Config.options():
        lines.append(f"  {opt.name} = {opt.default!r}  [{opt.allowed}]")
        lines.append(_fill(opt.doc, width, DOC_INDENT, DOC_INDENT))
    if game.Config.presets:
        lines += ["", _fill("Presets: " + ", ".join(game.Config.presets), width, "", "  ")]
    return "\n".join(lines)
