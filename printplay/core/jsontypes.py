"""The types of JSON values, for everything printplay reads or writes as JSON.

>>> value: JsonObject = {"type": "draw", "card": "Kd", "slots": [1, 2], "score": None}
"""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""Any JSON value."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object."""

__all__ = ["JsonObject", "JsonValue"]
