"""Errors the terminal interface reports as one line and an exit code, never as a traceback."""

from __future__ import annotations

__all__ = ["CLIP", "EXIT_INTERRUPTED", "EXIT_USAGE", "CliError", "InputEnded", "clip", "shorten"]

EXIT_USAGE = 2
"""Exit code for anything the user can get wrong (the same code argparse uses)."""
EXIT_INTERRUPTED = 130
"""Exit code after Ctrl-C: 128 + SIGINT, as shells report it."""
CLIP = 60
"""The most characters of a user's input quoted back in a message."""


def clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to ``limit`` characters, ending in "…" when cut: a message quotes what was typed
    without echoing a whole pasted page.

    >>> clip("x" * 100, 5)
    'xxxx…'
    >>> clip("short")
    'short'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


class CliError(Exception):
    """A problem the user caused; ``str(err)`` is the whole message."""

    code = EXIT_USAGE


class InputEnded(CliError):
    """Standard input closed (end of file) while a question was waiting for an answer."""


def shorten(message: str, limit: int = CLIP) -> str:
    """``message`` with every word longer than ``limit`` clipped, file paths (words with a ``/``)
    excepted: a reason that quotes a pasted 5,000-character entry stays one readable line.

    >>> shorten("not a card: " + "x" * 100, 6)
    'not a card: xxxxx…'
    """
    return " ".join(word if "/" in word else clip(word, limit) for word in message.split(" "))
