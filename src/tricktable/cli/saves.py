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
from typing import Any, BinaryIO

from tricktable.cli.errors import CliError

__all__ = ["default_save_path", "load_json", "write_json"]

SAVE_DIR = "saves"
MAX_RECORD_BYTES = 16 * 2**20
"""The largest record file read: a whole Tractor game's record is well under 1 MB."""
READ_CHUNK = 2**16


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
    """The JSON object in ``path``; a missing, unreadable, oversized or malformed file is a one-line
    error. At most :data:`MAX_RECORD_BYTES` are read, so ``/dev/zero`` or a huge file cannot fill memory."""
    try:
        with path.open("rb") as file:
            data = _read_capped(file, path)
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise CliError(f"{path} is a directory, not a saved game") from None
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        value = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise CliError(f"cannot read {path}: it is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise CliError(
            f"{path} is not valid JSON (line {err.lineno}, column {err.colno}): {err.msg}"
        ) from None
    except RecursionError:
        raise CliError(f"{path} is not a game record: its JSON is nested too deeply") from None
    except ValueError:  # a number too long to convert (Python's digit limit)
        raise CliError(f"{path} is not a game record: it holds a number too long to read") from None
    if not isinstance(value, dict):
        raise CliError(f"{path} does not hold a game record (a JSON object)")
    return value


def _read_capped(file: BinaryIO, path: Path) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while chunk := file.read(READ_CHUNK):
        size += len(chunk)
        if size > MAX_RECORD_BYTES:
            raise CliError(f"{path} is too large for a game record (over {MAX_RECORD_BYTES // 2**20} MB)")
        chunks.append(chunk)
    return b"".join(chunks)
