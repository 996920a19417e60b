"""The test run as a whole: what each run collects, how much of each long check it does, and which
tests ``make check`` runs.

- A module that runs compiled (tricktable.builds) has no doctests pytest can read, so its source is not
  collected in the compiled run; the pure run (make pytest-pure, TRICKTABLE_PURE=1) runs its doctests.
- ``--budget small`` (make check) runs the long checks on fewer seeds and examples (tests/budget.py).
- The tests marked ``check`` are make check's quick loop: every test of the rules and the core (the
  directories below) but those marked ``slow``, and one smoke test per surface, marked by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests import budget

from tricktable import builds

_COMPILED_SOURCES = (
    {builds.source_path(m) for m in builds.COMPILED_MODULES} if builds.is_compiled() else set()
)
_ROOT = Path(__file__).parent
#: The rules clause tests, the core and the conformance suite: all of make check's but smoke tests.
CHECK_DIRECTORIES = tuple(_ROOT / "tests" / name for name in ("games", "core", "conformance"))


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    return True if collection_path in _COMPILED_SOURCES else None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--budget",
        choices=("full", "small"),
        default="full",
        help="full: every seed and example of the long checks (make test); small: a twentieth (make check)",
    )


def pytest_configure(config: pytest.Config) -> None:
    budget.set_small(config.getoption("budget") == "small")


@pytest.hookimpl(tryfirst=True)  # before -m selects by mark
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        quick = any(item.path.is_relative_to(d) for d in CHECK_DIRECTORIES)
        if quick and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.check)
