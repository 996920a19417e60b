"""The anchors our figures are compared with, run in their own interpreter (they are not our
dependencies): OpenSpiel's C++ Oh Hell driven from a Python loop (``../shared/bench/anchor_oh_hell.py``)
and RLCard's bridge with its random agents (``anchor_rlcard_bridge.py`` beside this file).

Install once with ``make anchors`` (a ``.anchor-venv`` in the repo); ``$TRICKTABLE_ANCHOR_PYTHON`` or
``/tmp/anchor-venv`` are used instead when present.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ANCHOR_PYTHON_ENV = "TRICKTABLE_ANCHOR_PYTHON"
REPO_ANCHOR_PYTHON = Path(__file__).resolve().parents[1] / ".anchor-venv" / "bin" / "python"
FALLBACK_ANCHOR_PYTHON = Path("/tmp/anchor-venv/bin/python")
OH_HELL_SCRIPT = Path(__file__).resolve().parents[2] / "shared" / "bench" / "anchor_oh_hell.py"
RLCARD_BRIDGE_SCRIPT = Path(__file__).resolve().parent / "anchor_rlcard_bridge.py"


def anchor_python() -> Path | None:
    configured = os.environ.get(ANCHOR_PYTHON_ENV)
    candidates = [Path(configured)] if configured else [REPO_ANCHOR_PYTHON, FALLBACK_ANCHOR_PYTHON]
    return next((path for path in candidates if path.exists()), None)


def oh_hell_games_per_second(seconds: float) -> float | None:
    """OpenSpiel Oh Hell (4 players, 12 tricks) games per second, or None if not installed here."""
    return _run_anchor(OH_HELL_SCRIPT, seconds)


def rlcard_bridge_games_per_second(seconds: float) -> float | None:
    """RLCard bridge games per second with random agents, or None if not installed here."""
    return _run_anchor(RLCARD_BRIDGE_SCRIPT, seconds)


def _run_anchor(script: Path, seconds: float) -> float | None:
    python = anchor_python()
    if python is None or not script.exists():
        return None
    done = subprocess.run(
        [str(python), str(script), str(seconds)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return None
    return float(done.stdout.strip().splitlines()[-1])
