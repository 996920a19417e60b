"""The browser's JavaScript holds no card rule: which cards are trumps, how a hand is ordered and what a
pick makes come from the server (the view's ``marks`` and ``pick``, the ``selectable`` frame). This reads
every static script and fails on the shapes such rules take: a rank or suit order spelt out, a card's
rank or suit letter looked up in one or compared with the trump's, a joker tested by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tricktable.server

STATIC = Path(tricktable.server.__file__).parent / "static"
# Drawing a card's face reads its notation (which glyphs, which pips) and decides nothing.
DRAWING = {"faces.js"}

RULE_SHAPES = {
    "a rank order": re.compile(r"""["'`][^"'`\n]*(AKQJ|KQJT|QJT9|23456789|9TJQ|TJQKA)[^"'`\n]*["'`]"""),
    "a suit order": re.compile(r"""["'`](SHDC|SDHC|CDHS|SHCD|HSDC|CDSH)["'`]"""),
    "a rank or suit looked up in an order": re.compile(r"\.indexOf\(\s*\w+\[[01]\]\s*\)"),
    # (a card's letters, c[0] or card[1], against a variable; any [0] or [1] against a rank, suit or trump)
    "a card's rank or suit compared with a variable": re.compile(
        r"\b(c|card|\w*Card)\[[01]\]\s*[!=]==?\s*[A-Za-z_$]|[A-Za-z_$\])]\s*[!=]==?\s*(c|card|\w*Card)\[[01]\]"
    ),
    "a rank or suit letter compared with a rank, suit or trump": re.compile(
        r"\[[01]\]\s*[!=]==?\s*[\w.?]*(rank|suit|trump)|(rank|suit|trump)\w*\s*[!=]==?\s*\w+\[[01]\]", re.I
    ),
    "a joker tested by name": re.compile(r"""[!=]==?\s*["'](BJ|LJ)["']|["'](BJ|LJ)["']\s*[!=]==?"""),
    "the trump's rank or suit compared": re.compile(
        r"trump\??\.(rank|suit)\s*[!=]==?|[!=]==?\s*\w*\.?trump\??\.(rank|suit)"
    ),
}

# What cards.js held before the view carried marks: each line must be caught.
OLD_RULES = [
    'const RANKS = "AKQJT98765432";',
    'const SUITS = "SHDC";',
    'return (c) => c === "BJ" || c === "LJ" || c[0] === rank || (suit != null && c[1] === suit);',
    "const r = RANKS.indexOf(c[0]);",
    "if (rank && c[0] === rank) return [0, c[1] === suit ? 2 : 3, s];",
    "const open = trump.suit === null;",
    "const same = w[1] === trumpSuit;",
]


def rule_shapes(text: str) -> list[str]:
    """Each line of ``text`` that has a rule's shape, with what it looks like."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0] if line.lstrip().startswith("//") else line
        for what, pattern in RULE_SHAPES.items():
            if pattern.search(code):
                found.append(f"{number}: {what}: {line.strip()}")
    return found


@pytest.mark.parametrize("line", OLD_RULES)
def test_the_shapes_of_a_rule_are_caught(line: str) -> None:
    assert rule_shapes(line), line


def test_no_static_script_holds_a_card_rule() -> None:
    scripts = sorted(STATIC.glob("*.js"))
    assert {"cards.js", "table.js", "i18n.js"} <= {p.name for p in scripts}
    found = {p.name: rule_shapes(p.read_text()) for p in scripts if p.name not in DRAWING}
    assert not any(found.values()), {name: lines for name, lines in found.items() if lines}
