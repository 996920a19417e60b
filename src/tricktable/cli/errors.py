"""Errors the terminal interface reports as one line and an exit code, never as a traceback."""

from __future__ import annotations

__all__ = ["EXIT_INTERRUPTED", "EXIT_USAGE", "CliError", "InputEnded"]

EXIT_USAGE = 2
"""Exit code for anything the user can get wrong (the same code argparse uses)."""
EXIT_INTERRUPTED = 130
"""Exit code after Ctrl-C: 128 + SIGINT, as shells report it."""


class CliError(Exception):
    """A problem the user caused; ``str(err)`` is the whole message."""

    code = EXIT_USAGE


class InputEnded(CliError):
    """Standard input closed (end of file) while a question was waiting for an answer."""
