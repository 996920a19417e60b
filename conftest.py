"""Collection across the whole tree: a module that runs compiled (tricktable.builds) has no doctests
pytest can read, so its source is not collected in the compiled run; the pure run (make pytest-pure,
TRICKTABLE_PURE=1) runs its doctests."""

from __future__ import annotations

from pathlib import Path

from tricktable import builds

_COMPILED_SOURCES = (
    {builds.source_path(m) for m in builds.COMPILED_MODULES} if builds.is_compiled() else set()
)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    return True if collection_path in _COMPILED_SOURCES else None
