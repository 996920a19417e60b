"""A refusal in the player's language at the terminal, worded from the catalogue the browser reads.

The engine gives every refusal a stable code and params (:class:`~tricktable.core.errors.Reason`); its
words in English, Italian and Welsh have one home, the page's catalogue ``server/static/i18n.js``
(``rule.<code>`` with the suits, phases and lead shapes they name). This module reads that file as data
(one ``"key": "text",`` entry a line inside each language's block, a JSON string each side) and fills
the params as the page's ``rules.js`` does, with cards in the terminal's notation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

import tricktable
from tricktable.cards import Card, CardParseError

__all__ = ["CATALOGUE", "STATIC", "messages", "refusal_text"]

STATIC = Path(tricktable.__file__).parent / "server" / "static"
CATALOGUE = "i18n.js"
"""The page's catalogue module, under :data:`STATIC`."""

_BLOCK = re.compile(r"^  (\w+): \{$")
_ENTRY = re.compile(r'^\s*("(?:[^"\\]|\\.)*"):\s*("(?:[^"\\]|\\.)*"),$')
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SUIT_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@cache
def messages(name: str = CATALOGUE) -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` of a catalogue module's ``MESSAGES``. Fails on a line inside a language
    block that is neither an entry nor a comment, so the reading cannot silently miss entries."""
    out: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for number, line in enumerate((STATIC / name).read_text(encoding="utf-8").splitlines(), 1):
        block = _BLOCK.match(line)
        if block:
            current = out.setdefault(block.group(1), {})
            continue
        if current is None:
            continue
        if line in ("  },", "};"):
            current = None
            continue
        entry = _ENTRY.match(line)
        if entry is None:
            if line.strip().startswith("//") or not line.strip():
                continue
            raise ValueError(f"{name}:{number}: not a catalogue entry: {line}")
        key, text = json.loads(entry.group(1)), json.loads(entry.group(2))
        if key in current:
            raise ValueError(f"{name}:{number}: {key} twice")
        current[key] = text
    return out


def _is_card(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        Card.parse(value)
    except CardParseError:
        return False
    return True


def refusal_text(
    code: str | None, params: Mapping[str, object], lang: str, seat: Callable[[int], str]
) -> str | None:
    """The refusal ``code`` with its ``params`` in ``lang`` (capitalised, as the page shows it), or
    None when the catalogue has no words for it (the caller keeps the engine's English). ``seat``
    names a seat number in that language."""
    catalogue = messages()
    words, english = catalogue.get(lang, {}), catalogue["en"]

    def t(key: str, **filled: object) -> str:
        text = words.get(key, english.get(key, key))
        return _PLACEHOLDER.sub(lambda m: str(filled[m[1]]) if m[1] in filled else m[0], text)

    def suit_words(value: str, key: str = "suit") -> str:
        sign = _SUIT_SIGN.get(value)
        return f"{t(f'{key}.{value}')} {sign}" if sign else t(f"{key}.{value}")

    if not code or f"rule.{code}" not in words:
        return None
    filled: dict[str, object] = {}
    for name, value in params.items():
        if (name == "seat" or name.endswith("_seat")) and isinstance(value, int):
            filled[name] = seat(value)
        elif name == "phase":
            filled[name] = t(f"phase.{value}") if f"phase.{value}" in english else value
        elif name == "rank":
            filled[name] = "10" if value == "T" else value
        elif isinstance(value, list | tuple):
            filled[name] = (
                " ".join(map(str, value)) if all(map(_is_card, value)) else ", ".join(map(str, value))
            )
        elif isinstance(value, str) and (value == "trumps" or value in _SUIT_SIGN):
            filled[name] = suit_words(value)
        else:
            filled[name] = value
    shape, suit = params.get("shape"), params.get("suit")
    if isinstance(shape, str) and isinstance(suit, str):
        filled["lead"] = t(f"lead.{shape}", suit=filled["suit"], suit_of=suit_words(suit, "suit_of"))
    n = params.get("n")
    key = f"rule.{code}_one" if n == 1 and f"rule.{code}_one" in words else f"rule.{code}"
    text = t(key, **filled)
    return text[:1].upper() + text[1:]
