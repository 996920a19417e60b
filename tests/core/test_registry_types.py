"""``games.get`` is typed per game: mypy knows each game's state and view, so a registry caller's
misspelt field is a type error (the registry's overloads, one per name, with Literal names)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[2]

TYPED = """
from tricktable import games

kitty = games.get("tractor").new(seed=1).view(0).kitty
contracts = games.get("back-alley").new(seed=1).view(0).contracts
target: int = games.get("all-fours").new(seed=1).view(0).target
"""

MISSPELT = """
from tricktable import games

kitty = games.get("tractor").new(seed=1).view(0).kitty_cards
name: str = "tractor"
anything = games.get(name).new(seed=1).view(0).kitty_cards  # a name mypy cannot read: Any
"""


def test_registry_callers_are_type_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))  # this source, not an installed copy
    (tmp_path / "typed.py").write_text(textwrap.dedent(TYPED))
    (tmp_path / "misspelt.py").write_text(textwrap.dedent(MISSPELT))
    out, err, _ = mypy_api.run(
        [
            "--strict",
            "--no-error-summary",
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            "--python-version",
            "3.11",
            str(tmp_path / "typed.py"),
            str(tmp_path / "misspelt.py"),
        ]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert not [e for e in errors if "typed.py" in e], errors
    assert [e.split(": error: ")[1] for e in errors if "misspelt.py" in e] == [
        '"TractorView" has no attribute "kitty_cards"  [attr-defined]'
    ], (out, err)
