"""Game configuration: frozen data with keyword-only fields, validated on creation, with presets.

A game's ``Config`` subclasses :class:`GameConfig` and declares each variant with :func:`option`,
giving its allowed values and a one-line description; ``tricktable rules GAME`` lists them.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Demo(GameConfig):
...     target: int = option(14, allowed=range(1, 100), doc="points to win")
...     tie: str = option("none", allowed=("none", "dealer"), doc="who takes a tie")
>>> Demo.from_value({"target": "7"}).target
7
>>> Demo(tie="nobody")
Traceback (most recent call last):
...
tricktable.core.errors.ConfigError: option 'tie' cannot be 'nobody': allowed values are none, dealer
>>> Demo.from_value({"targte": 7})
Traceback (most recent call last):
...
tricktable.core.errors.ConfigError: unknown option 'targte'; the options are: target, tie
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

from tricktable.compiled import python_class
from tricktable.core.errors import ConfigError

__all__ = ["GameConfig", "OptionInfo", "option"]

_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}
_DEFAULTS: dict[type[GameConfig], GameConfig] = {}


def option(default: Any, *, allowed: Collection[Any] | None = None, doc: str) -> Any:
    """Declare one configuration option (a dataclass field with its rules attached)."""
    return dataclasses.field(default=default, metadata={"allowed": allowed, "doc": doc})


@python_class
@dataclass(frozen=True, slots=True)
class OptionInfo:
    name: str
    default: Any
    allowed: str
    doc: str


@python_class
@dataclass(frozen=True, kw_only=True)
class GameConfig:
    """Base of every game's configuration."""

    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = type(f.default)
            if kind is bool and not isinstance(value, bool):
                raise ConfigError(f"option {f.name!r} is on or off (true/false), not {value!r}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise ConfigError(f"option {f.name!r} is a whole number, not {value!r}")
            if kind is str and not isinstance(value, str):
                raise ConfigError(f"option {f.name!r} is one of {_describe(f)}, not {value!r}")
            allowed = f.metadata.get("allowed")
            if allowed is not None and value not in allowed:
                raise ConfigError(
                    f"option {f.name!r} cannot be {_show(value)}: allowed values are {_describe(f)}"
                )

    @classmethod
    def from_value(cls, value: GameConfig | Mapping[str, Any] | str | None = None) -> Self:
        """A config from None (the defaults), a preset name, a mapping (values may be text, as typed
        on a command line), or a config of this game."""
        if value is None:
            # The defaults, made and validated once per class: a config is frozen, and every game
            # started without one (each random game of a benchmark or a simulation) asks for them.
            made = _DEFAULTS.get(cls)
            if made is None:
                made = _DEFAULTS[cls] = cls()
            return cast(Self, made)
        if isinstance(value, cls):
            return value
        if isinstance(value, GameConfig):
            raise ConfigError(f"that is a config for another game ({type(value).__qualname__})")
        if isinstance(value, str):
            if value not in cls.presets:
                names = ", ".join(cls.presets) or "none"
                raise ConfigError(f"unknown preset {value!r}; the presets are: {names}")
            return cls.from_value(cls.presets[value])
        if not isinstance(value, Mapping):
            raise ConfigError(f"a config is a mapping of option names to values, not {value!r}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, raw in value.items():
            if key not in fields:
                raise ConfigError(f"unknown option {key!r}; the options are: {', '.join(fields)}")
            kwargs[key] = _coerce(fields[key], raw)
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        """Every option and its value (JSON-safe)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changes(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        }

    @classmethod
    def options(cls) -> list[OptionInfo]:
        return [
            OptionInfo(f.name, f.default, _describe(f), f.metadata.get("doc", ""))
            for f in dataclasses.fields(cls)
        ]


def _coerce(f: dataclasses.Field[Any], raw: Any) -> Any:
    """Turn command-line text into the option's type; other values pass to validation unchanged."""
    if not isinstance(raw, str):
        return raw
    kind: type = type(f.default)
    text = raw.strip().lower()
    if kind is bool:
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ConfigError(f"option {f.name!r} is on or off, not {raw!r}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise ConfigError(f"option {f.name!r} is a whole number ({_describe(f)}), not {raw!r}") from None
    return raw.strip()


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _describe(f: dataclasses.Field[Any]) -> str:
    allowed = f.metadata.get("allowed")
    if type(f.default) is bool:
        return "true, false"
    if isinstance(allowed, range):
        return f"{allowed.start} to {allowed.stop - 1}"
    if allowed is not None:
        return ", ".join(str(a) for a in allowed)
    return "any " + type(f.default).__name__
