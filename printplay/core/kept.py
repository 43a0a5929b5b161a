"""A few values kept by key in a process, the oldest dropped first: what a printable made
once (a figure's drawing, a parsed text, an SVG) handed out again when the same key comes
back (the same board in the rulebook of every variant, on its page and in its PDF).

>>> squares = Kept[int, int](2)
>>> squares.get(3, lambda: 9), squares.get(3, lambda: 0)
(9, 9)
>>> squares.get([3], lambda: 9)  # a key that cannot be hashed: made each time
9
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """At most ``limit`` values by key; a value made once is handed out again, shared:
    whoever takes it must not change it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._values: dict[K, V] = {}

    def get(self, key: K | None, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()`` kept for it (the oldest value dropped
        when ``limit`` are kept). A key of ``None``, or one holding something that cannot
        be hashed, keeps nothing: the value is made each time."""
        try:
            found = None if key is None else self._values.get(key)
        except TypeError:
            return make()
        if found is None:
            found = make()
            if key is not None:
                if len(self._values) >= self.limit:
                    del self._values[next(iter(self._values))]
                self._values[key] = found
        return found


__all__ = ["Kept"]
