"""The browser's string catalogue (``static/i18n.js``, read as the terminal reads it:
:func:`tricktable.cli.refusals.messages`) and the refusal codes the engine can give, so tests can hold
one to the other without a browser."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import tricktable
from tricktable.cli.refusals import STATIC, messages

__all__ = [
    "LANGS",
    "SOURCE",
    "STATIC",
    "messages",
    "placeholders",
    "reason_codes",
    "reason_sites",
    "rule_texts",
]

SOURCE = Path(tricktable.__file__).parent
LANGS = ("en", "it", "cy")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def rule_texts(words: dict[str, str], code: str) -> list[str]:
    """A rule's words in one language: ``rule.<code>``, and its singular ``rule.<code>_one`` (used
    when the param ``n`` is 1) where the catalogue has one."""
    return [words[key] for key in (f"rule.{code}", f"rule.{code}_one") if key in words]


@cache
def reason_sites() -> dict[str, list[tuple[str, frozenset[str] | None]]]:
    """Every refusal code in the engine's source: ``{code: [(where, the params named there)]}``, the
    params None where some come from a ``**mapping``. A :class:`~tricktable.core.errors.Reason` names
    its code as a string literal, so all of them can be found by reading the source; the one exception
    is re-wrapping a reason under its own code."""
    found: dict[str, list[tuple[str, frozenset[str] | None]]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Reason"
            ):
                continue
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            code = (
                node.args[1]
                if len(node.args) > 1
                else next((k.value for k in node.keywords if k.arg == "code"), None)
            )
            if isinstance(code, ast.Attribute) and code.attr == "code":
                continue  # Reason(text, reason.code, **reason.params): the wrapped reason's own code
            for literal in _literals(code):
                assert (
                    isinstance(literal, ast.Constant) and isinstance(literal.value, str) and literal.value
                ), f"{where}: a Reason's code must be a non-empty string literal"
                names = [k.arg for k in node.keywords if k.arg != "code"]
                params = None if None in names else frozenset(n for n in names if n)
                found.setdefault(literal.value, []).append((where, params))
    return found


def reason_codes() -> set[str]:
    return set(reason_sites())


def _literals(node: ast.expr | None) -> list[ast.expr | None]:
    """The expressions a code can be: both sides of ``"a" if x else "b"``, else the node itself."""
    if isinstance(node, ast.IfExp):
        return [*_literals(node.body), *_literals(node.orelse)]
    return [node]
