"""The types of JSON values, for everything printplay reads or writes as JSON.

>>> value: JsonObject = {"type": "draw", "card": "Kd", "slots": [1, 2], "score": None}
>>> whole(value["slots"], "slots")
Traceback (most recent call last):
...
ValueError: slots is not a whole number
>>> [whole(slot, "a slot") for slot in array(value["slots"], "slots")]
[1, 2]
"""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""A JSON value of any kind."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object."""


def whole(value: JsonValue, what: str) -> int:
    """``value`` if it is a whole number (a bool is not); a :class:`ValueError` naming
    ``what`` otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} is not a whole number")
    return value


def number(value: JsonValue, what: str) -> float:
    """``value`` if it is a number, whole or not (a bool is not); a :class:`ValueError`
    naming ``what`` otherwise."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ValueError(f"{what} is not a number")
    return value


def flag(value: JsonValue, what: str) -> bool:
    """``value`` if it is ``true`` or ``false``; a :class:`ValueError` naming ``what``
    otherwise."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} is not true or false")
    return value


def string(value: JsonValue, what: str) -> str:
    """``value`` if it is a string; a :class:`ValueError` naming ``what`` otherwise."""
    if not isinstance(value, str):
        raise ValueError(f"{what} is not a string")
    return value


def obj(value: JsonValue, what: str) -> JsonObject:
    """``value`` if it is a JSON object; a :class:`ValueError` naming ``what`` otherwise."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not an object")
    return value


def array(value: JsonValue, what: str) -> list[JsonValue]:
    """``value`` if it is a JSON array; a :class:`ValueError` naming ``what`` otherwise."""
    if not isinstance(value, list):
        raise ValueError(f"{what} is not a list")
    return value


__all__ = ["JsonObject", "JsonValue", "array", "flag", "number", "obj", "string", "whole"]
