"""The two builds (tricktable.builds): the modules mypyc compiles in place run compiled when their
extensions are there and fresh, the pure source runs with ``TRICKTABLE_PURE=1``, and a stale or partial
build falls back to the source with a warning instead of running code that is not its source."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from tricktable import builds

_SRC = Path(builds.__file__).parent.parent

# Imports every listed module and a few others, then prints where each tricktable module came from
# and the solver's values of the first All Fours and Back Alley plays of two seeds.
_PROBE = """
import importlib, json, sys, warnings
warnings.simplefilter("always")
from tricktable import builds
for module in builds.COMPILED_MODULES:
    importlib.import_module(module)
from tricktable.analysis import solve
from tricktable.games.all_fours import GAME as ALL_FOURS
from tricktable.games.back_alley import GAME as BACK_ALLEY

def first_lead(game, seed, tricks_left):
    state = game.new(seed=seed)
    while state.phase != "play":
        legal = state.legal_actions()
        state = state.apply(legal[1] if state.phase == "bid" else legal[0])
    while len(state.hands[state.to_move]) > tricks_left or state.trick:
        state = state.apply(state.legal_actions()[0])
    return state

values = []
for game, tricks in ((ALL_FOURS, 6), (BACK_ALLEY, 6)):
    for seed in (3, 4):
        solved = solve(first_lead(game, seed, tricks))
        values.append(sorted((str(a), v) for a, v in solved.values.items()))
files = {
    name: module.__file__
    for name, module in sys.modules.items()
    if name.startswith("tricktable.") and getattr(module, "__file__", None)
}
print(json.dumps({"files": files, "compiled": builds.compiled_modules(), "values": values}))
"""


def _probe(src: Path, *, pure: bool) -> tuple[dict[str, object], str]:
    env = {k: v for k, v in os.environ.items() if k != "TRICKTABLE_PURE"}
    env["PYTHONPATH"] = str(src)
    if pure:
        env["TRICKTABLE_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout), out.stderr


def _built() -> bool:
    return not builds.stale_modules() and any(
        builds.source_path(m).with_name(builds.source_path(m).stem + EXTENSION_SUFFIXES[0]).exists()
        for m in builds.COMPILED_MODULES
    )


def test_the_switch_runs_every_module_from_source() -> None:
    found, _ = _probe(_SRC, pure=True)
    assert found["compiled"] == []
    files = found["files"]
    assert isinstance(files, dict) and set(builds.COMPILED_MODULES) <= set(files)
    assert all(path.endswith(".py") for path in files.values()), files


def test_a_fresh_build_runs_exactly_the_listed_modules_compiled_with_the_same_values() -> None:
    """CI requires the compiled build (TRICKTABLE_REQUIRE_COMPILED=1); a machine with no C compiler
    has none, and then the source runs."""
    if os.environ.get("TRICKTABLE_REQUIRE_COMPILED") == "1":
        assert _built(), f"no fresh compiled build in {_SRC} (make compile; build/compile.log)"
    compiled, _ = _probe(_SRC, pure=False)
    pure, _ = _probe(_SRC, pure=True)
    assert compiled["compiled"] == (sorted(builds.COMPILED_MODULES) if _built() else [])
    assert compiled["values"] == pure["values"]


def _copy_of_the_package(tmp_path: Path) -> Path:
    copy = tmp_path / "src"
    shutil.copytree(_SRC / "tricktable", copy / "tricktable", ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _fake_extension(src: Path, module: str) -> Path:
    """An extension file that would crash if imported: only the guard's decision keeps it unloaded."""
    _, *parts = module.split(".")
    path = src.joinpath("tricktable", *parts[:-1], parts[-1] + EXTENSION_SUFFIXES[0])
    path.write_bytes(b"not a shared object")
    return path


def test_a_partial_build_runs_the_source_with_a_warning(tmp_path: Path) -> None:
    src = _copy_of_the_package(tmp_path)
    for path in src.rglob("*.so"):
        path.unlink()
    _fake_extension(src, builds.COMPILED_MODULES[0])
    found, err = _probe(src, pure=False)
    assert found["compiled"] == []
    assert "compiled build is stale" in err and builds.COMPILED_MODULES[1] in err


def test_a_source_edited_after_the_build_runs_the_source_with_a_warning(tmp_path: Path) -> None:
    src = _copy_of_the_package(tmp_path)
    for module in builds.COMPILED_MODULES:
        _fake_extension(src, module)
    edited = src / "tricktable" / "analysis" / "back_alley.py"
    later = time.time() + 5
    os.utime(edited, (later, later))
    found, err = _probe(src, pure=False)
    assert found["compiled"] == []
    assert "tricktable.analysis.back_alley" in err and "tricktable.analysis.search" not in err.split("(")[1]
