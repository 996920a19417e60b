"""Adding a game is one package and one registry line: outside ``games/`` no source file of the package
names a game. The test lists every place a game is named by string — its registry name or its module
spelling, in a Python string or import (docstrings aside: examples may name a game), or anywhere in
the browser's scripts, pages and stylesheet (comments aside) — and allows none but the modules a
game's description names as its own code in a layer above the rules (its heuristic bot, its terminal
panel, its exact solver, its lessons), which are that game's by construction."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from tricktable import games

SRC = Path(__file__).resolve().parents[2] / "src" / "tricktable"

COLLISIONS = {("server/static/i18n.js", "lead.tractor")}
"""Words that are a game's name by coincidence: a Tractor lead's shape called a tractor (a refusal's
``shape`` param, worded in every language)."""


def _pattern() -> re.Pattern[str]:
    names = sorted({n for d in games.descriptions() for n in (d.name, d.module)}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w-])")


def _own_modules() -> set[Path]:
    """The modules the descriptions name as a game's own code (``package.module:attribute``)."""
    out = set()
    for d in games.descriptions():
        for path in (
            d.bots,
            d.terminal,
            d.search.candidates,
            d.search.fast_policy,
            d.search.playout,
            d.solver,
            d.lessons,
        ):
            if path is not None:
                module = path.partition(":")[0].removeprefix("tricktable.").replace(".", "/")
                out.add(SRC / f"{module}.py")
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _python(path: Path) -> Iterator[tuple[int, str, bool]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value, True
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name, False) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.lineno, ".".join([node.module or "", *(a.name for a in node.names)]), False


_STRING = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`""")


def _web(path: Path) -> Iterator[tuple[int, str, bool]]:
    """Each string literal, and the code around them (identifiers, selectors), line by line."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        code = re.sub(r"^\s*(//|/?\*).*|\s//\s.*$", "", line)  # a comment line, or a comment after code
        for literal in _STRING.findall(code):
            yield number, literal[1:-1], True
        yield number, _STRING.sub('""', code), False


def named_places() -> list[tuple[str, int, str]]:
    """Every place outside ``games/`` that names a game: (path, line, what names it)."""
    pattern, own = _pattern(), _own_modules()
    out = []
    for path in sorted(SRC.rglob("*")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("games/") or path in own or "migrations" in rel:
            continue
        if path.suffix == ".py":
            texts = _python(path)
        elif path.suffix in (".js", ".html", ".css"):
            texts = _web(path)
        else:
            continue
        for line, text in _naming(texts, pattern):
            if (rel, text) not in COLLISIONS:
                out.append((rel, line, text))
    return out


def _naming(texts: Iterator[tuple[int, str, bool]], pattern: re.Pattern[str]) -> Iterator[tuple[int, str]]:
    for line, text, literal in texts:
        if literal and " " in text.strip():
            continue  # words for people (a message, a help text), not a name a program reads
        if pattern.search(text):
            yield line, text.strip()


def test_no_game_is_named_outside_its_package_and_the_registry() -> None:
    places = named_places()
    assert not places, "\n".join(f"{path}:{line}: {text}" for path, line, text in places)


def test_the_string_count_finds_what_it_is_meant_to(tmp_path: Path) -> None:
    """The scanner sees a name in code, a key, an import and a page's script, and not in prose."""
    pattern = _pattern()
    module = tmp_path / "m.py"
    module.write_text(
        '"""Docs may say games.get("tractor")."""\n'
        "from tricktable.games.tractor import GAME\n"
        'KEY = "opt.back-alley.deals"\n'
        'WORDS = "a tractor of hearts was led"\n'
    )
    found = [text for _, text in _naming(_python(module), pattern)]
    assert sorted(found) == ["opt.back-alley.deals", "tricktable.games.tractor.GAME"]
    script = tmp_path / "s.js"
    script.write_text('// naming "tractor"\nif (v.game === "all-fours") x();\nfunction tractor() {}\n')
    assert [line for line, _ in _naming(_web(script), pattern)] == [2, 3]  # not the comment


def test_the_registry_is_one_line_per_game() -> None:
    registry = (SRC / "games" / "__init__.py").read_text(encoding="utf-8")
    for d in games.descriptions():
        assert registry.count(f'"{d.name}": "tricktable.games.{d.module}",') == 1
