"""Saved games: a game record (``game.record(state)``) as JSON, written atomically after every action
so that Ctrl-C or a crash never loses a game, and read back with a clear message when it is damaged.

The file is the game's record plus a ``table`` entry (the human seat and the bots), which records
readers ignore; ``--resume`` uses it to seat everyone as before.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tricktable.cli.errors import CliError

__all__ = ["default_save_path", "load_json", "write_json"]

SAVE_DIR = "saves"


def default_save_path(game: str, seed: int) -> Path:
    """``$XDG_DATA_HOME/tricktable/saves/<game>-<seed>.json`` when that variable is set, else
    ``./saves/<game>-<seed>.json``: one file per game, found again from its seed."""
    data_home = os.environ.get("XDG_DATA_HOME")
    base = Path(data_home) / "tricktable" if data_home else Path.cwd()
    return base / SAVE_DIR / f"{game}-{seed}.json"


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` so that the file is always either the old or the new version."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Compact: the C encoder is used only without indentation, and a save follows every action.
        text = json.dumps(data, separators=(",", ":")) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as err:
        raise CliError(f"cannot save the game to {path}: {err.strerror or err}") from None


def load_json(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; a missing, unreadable or malformed file is a one-line error."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise CliError(f"{path} is a directory, not a saved game") from None
    except (OSError, UnicodeDecodeError) as err:
        raise CliError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise CliError(
            f"{path} is not valid JSON (line {err.lineno}, column {err.colno}): {err.msg}"
        ) from None
    if not isinstance(data, dict):
        raise CliError(f"{path} does not hold a game record (a JSON object)")
    return data
