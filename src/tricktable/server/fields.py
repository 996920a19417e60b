"""Everything that enters the server, checked once at its edge: HTTP bodies, path parameters, headers
and websocket frames. One definition per field serves both the check and the OpenAPI document.

:func:`parse` reads JSON (orjson: no recursion in Python, and it refuses lone surrogates and bytes that
are not UTF-8) after checking the size in bytes of UTF-8, then walks the value once, without recursion:
no nesting deeper than :data:`MAX_DEPTH`, no control character (C0, DEL, C1) in any string or key.
Characters outside the Basic Multilingual Plane (emoji, 4 bytes of UTF-8) are text like any other.
The field specs (:class:`Text`, :class:`Integer`, :class:`Number`, :class:`Choice`, :class:`Shape`...)
then check each field's type and range. Every refusal is a :class:`Refused` with a code (see
:data:`CODES`) and words saying what was wrong and what is allowed.

>>> parse('{"name": "Ann 🂡"}', 100, "a body")
{'name': 'Ann 🂡'}
>>> try:
...     parse('{"name": "\\\\ud800"}', 100, "a body")
... except Refused as err:
...     print(err.code)
bad_text
>>> Text(4, what="a name").check("Zoë!", "name")
Traceback (most recent call last):
...
tricktable.server.fields.Refused: name must be at most 4 bytes of UTF-8 (this one has 5)
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from tricktable.core.errors import shown

__all__ = [
    "CODES",
    "MAX_DEPTH",
    "Choice",
    "Field",
    "Integer",
    "ListOf",
    "Nullable",
    "Number",
    "OneOf",
    "Refused",
    "Shape",
    "Text",
    "check_text",
    "parse",
]

MAX_DEPTH = 8  # the deepest JSON the server reads: a body's config object is at depth 2

#: The codes of input refused at the edge, and what each means.
CODES = {
    "malformed": "not JSON, not an object, a missing field, or a field of the wrong type or range",
    "bad_text": "text holding a control character, a lone surrogate, or bytes that are not UTF-8",
    "too_long": "a text field longer than its limit in bytes of UTF-8",
    "too_deep": f"JSON nested more than {MAX_DEPTH} deep",
    "too_large": "a body or frame longer than its limit in bytes",
}

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class Refused(ValueError):
    """Input the server does not take; ``code`` is one of :data:`CODES` (or the caller's own)."""

    def __init__(self, reason: str, code: str = "malformed") -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def check_text(text: str, name: str) -> str:
    """``text``, or :class:`Refused` (``bad_text``) naming its first control character or surrogate."""
    bad = _CONTROL.search(text)
    if bad is not None:
        char = bad.group()
        kind = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "a control character"
        raise Refused(
            f"{name} holds {kind} (U+{ord(char):04X} at {bad.start()}); text may hold any character but "
            "control characters and surrogates",
            "bad_text",
        )
    return text


def _size(raw: str | bytes) -> int:
    if isinstance(raw, bytes):
        return len(raw)
    if raw.isascii():
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))  # a lone surrogate is refused by the parser


def parse(raw: str | bytes, limit: int, what: str) -> Any:
    """The JSON value in ``raw`` (at most ``limit`` bytes of UTF-8), every string and key of it checked
    by :func:`check_text` and its depth by :data:`MAX_DEPTH`; ``what`` names it in the refusals."""
    size = _size(raw)
    if size > limit:
        raise Refused(f"{what} is at most {limit} bytes of UTF-8; this one has {size}", "too_large")
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        words = str(err)
        if "surrogate" in words or "UTF-8" in words:
            raise Refused(
                f"{what} is not UTF-8 text: it holds a lone surrogate (\\ud800 to \\udfff) or bytes that "
                "are not UTF-8",
                "bad_text",
            ) from None
        if "depth" in words or "recursion" in words.lower():
            raise Refused(f"{what} is nested more than {MAX_DEPTH} deep", "too_deep") from None
        raise Refused(f"{what} is not valid JSON") from None
    _walk(value, what)
    return value


def _walk(value: Any, what: str) -> None:
    """Depth and text of every part of a parsed JSON value, with a stack of our own (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            check_text(item, f"a text in {what}")
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise Refused(f"{what} is nested more than {MAX_DEPTH} deep", "too_deep")
            if isinstance(item, dict):
                for key in item:
                    check_text(key, f"a field name in {what}")
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)


# --- the fields --------------------------------------------------------------------------------------
class Field(ABC):
    """One field's check and its JSON Schema (for the OpenAPI document)."""

    @abstractmethod
    def check(self, value: Any, name: str) -> Any:
        """The value as the server uses it, or :class:`Refused` saying what is allowed."""

    @abstractmethod
    def schema(self) -> dict[str, Any]: ...

    def wrong(self, value: Any, name: str, allowed: str) -> Refused:
        return Refused(f"{name} must be {allowed}, not {shown(value)}")


@dataclass(frozen=True)
class Text(Field):
    """A string of 1 to ``max_bytes`` bytes of UTF-8 (after stripping spaces, if ``strip``), of any
    characters but control characters; ``pattern``, if given, is what it must match in full."""

    max_bytes: int
    what: str = "a string"
    strip: bool = False
    pattern: str | None = None

    def check(self, value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise self.wrong(value, name, f"{self.what} of 1 to {self.max_bytes} bytes")
        text = value.strip() if self.strip else value
        if not text:
            said = "only spaces" if value else "empty"
            raise Refused(f"{name} must be {self.what} of 1 to {self.max_bytes} bytes, not {said}")
        check_text(text, name)
        size = len(text.encode())
        if size > self.max_bytes:
            raise Refused(
                f"{name} must be at most {self.max_bytes} bytes of UTF-8 (this one has {size})", "too_long"
            )
        if self.pattern is not None and not re.fullmatch(self.pattern, text):
            raise self.wrong(value, name, self.what)
        return text

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "string",
            "minLength": 1,
            "maxLength": self.max_bytes,  # characters: a limit in bytes holds at most as many
            "description": f"{self.what}: at most {self.max_bytes} bytes of UTF-8, no control characters",
        }
        if self.pattern is not None:
            out["pattern"] = f"^{self.pattern}$"
        return out


@dataclass(frozen=True)
class Choice(Field):
    """One of the strings ``options()`` gives (asked each time: the games or bots known now)."""

    options: Callable[[], Sequence[str]]

    def check(self, value: Any, name: str) -> str:
        options = self.options()
        if not isinstance(value, str) or value not in options:
            raise self.wrong(value, name, f"one of {', '.join(options)}")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.options())}


@dataclass(frozen=True)
class Integer(Field):
    low: int
    high: int

    def check(self, value: Any, name: str) -> int:
        # orjson reads an integer too large for 64 bits as a float: refused here as not whole
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise self.wrong(value, name, f"a whole number from {self.low} to {self.high}")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}


@dataclass(frozen=True)
class Boolean(Field):
    def check(self, value: Any, name: str) -> bool:
        if not isinstance(value, bool):
            raise self.wrong(value, name, "true or false")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Number(Field):
    low: float
    high: float

    def check(self, value: Any, name: str) -> float:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not self.low <= value <= self.high:
            raise self.wrong(value, name, f"a number from {self.low:g} to {self.high:g}")
        return float(value)

    def schema(self) -> dict[str, Any]:
        return {"type": "number", "minimum": self.low, "maximum": self.high}


@dataclass(frozen=True)
class Nullable(Field):
    inner: Field

    def check(self, value: Any, name: str) -> Any:
        return None if value is None else self.inner.check(value, name)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [self.inner.schema(), {"type": "null"}]}


@dataclass(frozen=True)
class ListOf(Field):
    item: Field
    max_items: int
    what: str = "a list"

    def check(self, value: Any, name: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > self.max_items:
            raise self.wrong(value, name, f"{self.what} of at most {self.max_items} items")
        return [self.item.check(v, f"{name}[{i}]") for i, v in enumerate(value)]

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "items": self.item.schema(), "maxItems": self.max_items}


@dataclass(frozen=True)
class OneOf(Field):
    """An object of any fields (each checked by whoever reads it), or a :class:`Text`."""

    text: Text
    what: str

    def check(self, value: Any, name: str) -> Any:
        if isinstance(value, dict):
            return value
        if isinstance(value, str):
            return self.text.check(value, name)
        raise self.wrong(value, name, self.what)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "object"}, self.text.schema()], "description": self.what}


@dataclass(frozen=True)
class Shape:
    """A JSON object's fields: each present one is checked; a missing one is its default, or refused
    if it has none (``REQUIRED``). Fields not named are left alone (they were checked for depth and
    text by :func:`parse`)."""

    fields: Mapping[str, Field]
    defaults: Mapping[str, Any] = field(default_factory=dict)

    def check(self, value: Any, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Refused(f"{what} must be a JSON object, not {type(value).__name__}")
        out: dict[str, Any] = {}
        for name, spec in self.fields.items():
            if name in value:
                out[name] = spec.check(value[name], name)
            elif name in self.defaults:
                out[name] = self.defaults[name]
            else:  # missing: refused in the words of its check (a required field is never Nullable)
                spec.check(None, name)
                raise Refused(f"{what} needs the field {name!r}")
        return out

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "required": [n for n in self.fields if n not in self.defaults],
            "properties": {n: spec.schema() for n, spec in self.fields.items()},
        }
