"""Driving ``tricktable`` in-process: ``main(argv)`` with scripted standard input, captured output."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tricktable.cli.main import main


@dataclass
class Run:
    code: int
    out: str
    err: str

    def assert_clean_error(self, *fragments: str) -> None:
        """A user error: exit 2, one line on stderr naming the problem, no traceback."""
        assert self.code == 2, (self.code, self.out[-2000:], self.err)
        assert "Traceback" not in self.out + self.err
        lines = self.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("tricktable: "), self.err
        for fragment in fragments:
            assert fragment in lines[0], (fragment, lines[0])


class ScriptedInput(io.StringIO):
    """Standard input that gives its lines, then end of file (or raises ``interrupt_after`` lines)."""

    def __init__(self, lines: Iterable[str], interrupt_after: int | None = None) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.read_lines = 0
        self.interrupt_after = interrupt_after

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.interrupt_after is not None and self.read_lines >= self.interrupt_after:
            raise KeyboardInterrupt
        self.read_lines += 1
        return super().readline(-1 if size is None else size)


CliRunner = Callable[..., Run]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> CliRunner:
    """``cli("play", "all-fours", stdin=[...])`` runs the command in ``tmp_path`` and returns a Run."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("COLUMNS", "100")

    def run(*argv: str, stdin: Iterable[str] = (), interrupt_after: int | None = None) -> Run:
        monkeypatch.setattr("sys.stdin", ScriptedInput(stdin, interrupt_after))
        code = main(list(argv))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    assert isinstance(data, dict)
    return data
