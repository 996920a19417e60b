"""A JSON Schema of the views' ``to_dict()`` form, derived from the view dataclasses' type hints.

One walk over the fields and their types gives each game's view schema: cards are strings of the
notation, tuples arrays (a fixed-length tuple an array of that length), mappings objects, ``X | None``
a union with null, a dataclass (a :class:`~tricktable.core.trick.Trick`, a contract) an object of its
fields, and a type that has its own JSON form (a trump) gives its own schema (``json_schema()``). A
field holding rows of a dataclass's mapping says so in its metadata (``field(metadata={"rows": T})``).

``python -m tricktable.core.schema > docs/view-schema.json`` writes the document for every registered
game; a test checks that the committed file is up to date and that random views validate against it.

>>> schema_of(tuple[int, ...])
{'type': 'array', 'items': {'type': 'integer'}}
>>> schema_of(int | None)
{'anyOf': [{'type': 'integer'}, {'type': 'null'}]}
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import sys
import types
import typing
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import Any

from tricktable.cards import Card

__all__ = ["CARD_PATTERN", "SCHEMA_DIALECT", "document", "schema_of", "view_schema"]

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
CARD_PATTERN = "^([2-9TJQKA][SHDC]|BJ|LJ)$"
_SCALARS: dict[Any, dict[str, Any]] = {
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    type(None): {"type": "null"},
}


def schema_of(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a value of type ``hint`` in its JSON form (see the module doc)."""
    if hint is Any:
        return {}
    if hint in _SCALARS:
        return dict(_SCALARS[hint])
    if hint is Card:
        return {"type": "string", "pattern": CARD_PATTERN}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [schema_of(a) for a in args]}
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin in (tuple, list, frozenset, set) or hint in (tuple, list):
        if not args:
            return {"type": "array"}
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [schema_of(a) for a in args]
            return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
        return {"type": "array", "items": schema_of(args[0])}
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        values = schema_of(args[1]) if len(args) == 2 else {}
        return {"type": "object", "additionalProperties": values} if values else {"type": "object"}
    if isinstance(hint, type):
        own = getattr(hint, "json_schema", None)
        if callable(own):
            return dict(own())
        if issubclass(hint, Enum):
            return {"enum": [m.value for m in hint]}
        if dataclasses.is_dataclass(hint):
            return _object(hint)
    raise TypeError(f"no JSON Schema for {hint!r}")


def _object(cls: type) -> dict[str, Any]:
    """A dataclass as the object of its fields, every one required and no others."""
    hints = _hints(cls)
    props: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        rows = f.metadata.get("rows")
        if rows is not None:
            props[f.name] = {"type": "array", "items": _object(rows)}
        else:
            props[f.name] = schema_of(hints[f.name])
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _hints(cls: type) -> dict[str, Any]:
    """The type hints of ``cls`` and its bases, as ``typing.get_type_hints`` gives them, from the
    annotations' text: a class that mypyc compiled keeps only erased types in its annotations
    (``tuple`` for ``tuple[int, ...]``), so there the text is read from the ``.py`` file beside the
    compiled module."""
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__[:-1]):
        texts = inspect.get_annotations(klass)
        if not all(isinstance(text, str) for text in texts.values()):  # compiled: erased
            texts = _source_annotations(klass)
        # A stand-in class with the texts as its annotations, evaluated in the module of the class.
        stand_in = type(klass.__name__, (), {"__annotations__": texts, "__module__": klass.__module__})
        hints.update(typing.get_type_hints(stand_in))
    return hints


def _source_annotations(cls: type) -> dict[str, str]:
    """The annotations of ``cls``'s body as written in its module's source (class variables left out)."""
    compiled = Path(sys.modules[cls.__module__].__file__ or "")
    source = compiled.with_name(compiled.name.split(".")[0] + ".py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return {
                stmt.target.id: ast.unparse(stmt.annotation)
                for stmt in node.body
                if isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and not ast.unparse(stmt.annotation).startswith("ClassVar")
            }
    raise TypeError(f"no class {cls.__name__} in the source of {cls.__module__}")


def view_schema(view_class: type, game: str) -> dict[str, Any]:
    """One game's view schema; its ``game`` field is the game's name."""
    out = _object(view_class)
    out["title"] = f"{view_class.__name__}: a seat's view of {game}"
    out["properties"]["game"] = {"const": game}
    return out


def document(views: Mapping[str, type]) -> dict[str, Any]:
    """The schema of any game's view: one of the games' view schemas (told apart by ``game``)."""
    defs = {cls.__name__: view_schema(cls, game) for game, cls in views.items()}
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "tricktable view (state.view(seat).to_dict())",
        "description": "Generated from the view dataclasses by `python -m tricktable.core.schema`; "
        "docs/views.md explains every field.",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }


def registered_views() -> dict[str, type]:
    """Each registered game's view class, by game name (from a new game's spectator view)."""
    from tricktable import games  # the command line entry asks the registry; the walk above does not

    return {name: type(games.get(name).new(seed=0).view(None)) for name in games.names()}


def main() -> None:
    print(json.dumps(document(registered_views()), indent=2))


if __name__ == "__main__":
    main()
