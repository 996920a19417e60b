"""The contributor's loop as the README tells it: ``make help`` lists every target the Makefile
describes, and the tests marked ``check`` (``make check``) are the rules, the core and the conformance
suite, less those marked ``slow``, with one smoke test of each surface."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUICK = ("tests/games/", "tests/core/", "tests/conformance/")
SURFACES = ("tests/cli/", "tests/server/", "tests/browser/", "tests/env/")


def _described_targets() -> list[str]:
    makefile = (ROOT / "Makefile").read_text()
    return re.findall(r"^([a-z][a-z-]*):[^#\n]*## ", makefile, flags=re.MULTILINE)


def test_make_help_lists_every_described_target() -> None:
    targets = _described_targets()
    assert {"help", "serve", "test", "check", "play", "bench"} <= set(targets)
    out = subprocess.run(["make", "--no-print-directory", "help"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    listed = [line.split()[0] for line in out.stdout.splitlines()[1:]]
    assert listed == targets
    readme = (ROOT / "README.md").read_text()
    assert all(f"make {t}" in readme for t in ("serve", "test", "check", "help"))


def _collected(*args: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", "-n", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr
    return [line for line in out.stdout.splitlines() if "::" in line]


def test_make_checks_tests_are_the_quick_directories_and_one_smoke_test_per_surface() -> None:
    checked = _collected("-m", "check", "tests")
    quick = _collected("-m", "not slow", *QUICK)
    assert quick and set(quick) <= set(checked)
    smoke = Counter(next(s for s in SURFACES if t.startswith(s)) for t in checked if t.startswith(SURFACES))
    assert set(smoke) == set(SURFACES), smoke
    assert all(t.startswith(QUICK + SURFACES) for t in checked)
