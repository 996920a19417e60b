"""The error hierarchy. Every error a player or a caller can cause is a ``ValueError`` whose message
says what was wrong and what is allowed, in words a player understands."""

from __future__ import annotations

from tricktable.compiled import python_class

__all__ = [
    "ConfigError",
    "IllegalActionError",
    "InvalidActionError",
    "NotYourTurnError",
    "Reason",
    "RecordError",
    "TricktableError",
    "shown",
]


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about input of any type and size.
    Never raises: an int with more digits than Python converts to text is named by its type.

    >>> shown("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> shown(10**5000)
    '<int too long to show>'
    """
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} too long to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class TricktableError(ValueError):
    """Base of every error tricktable raises for bad input."""


class InvalidActionError(TricktableError):
    """The text cannot be read as an action of this game (unknown verb, bad card, missing argument)."""


@python_class
class Reason(str):
    """A refusal's words, in English, that also carry a stable ``code`` and the ``params`` it names
    (cards and suits as notation), so a front end can word the same rule in another language. It is
    the English text everywhere a string is expected.

    >>> r = Reason("you do not hold 7H", "not_held", card="7H")
    >>> r == "you do not hold 7H", r.code, r.params
    (True, 'not_held', {'card': '7H'})
    """

    code: str
    params: dict[str, object]

    def __new__(cls, text: str, code: str, **params: object) -> Reason:
        self = str.__new__(cls, text)
        self.code = code
        self.params = params
        return self


class IllegalActionError(TricktableError):
    """A well-formed action that the rules forbid now. ``reason`` names the rule in plain words;
    ``code`` and ``params`` name it for a translation: every refusal of the games and the core is a
    :class:`Reason` (a plain string, as the RL environments raise, has no code)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    @property
    def code(self) -> str | None:
        return getattr(self.reason, "code", None) or None

    @property
    def params(self) -> dict[str, object]:
        return dict(getattr(self.reason, "params", {}))


class NotYourTurnError(IllegalActionError):
    """An action by a seat that may not act now."""


class ConfigError(TricktableError):
    """An unknown option, or a value the option does not allow."""


class RecordError(TricktableError):
    """A game record that is malformed, tampered with, or whose actions do not replay.

    ``index`` is the position of the offending action in the record's action list, when there is one.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message if index is None else f"action #{index}: {message}")
        self.index = index
