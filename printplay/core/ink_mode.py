"""Whether printables are drawn ink-light, as a lite kit's are: a mode set round the making
of a document, read by the renderers as they draw (:mod:`printplay.render.ink_light`) and by
the words that describe the drawing (the templates' ``ink_light()``).

The mode is a context variable, as the kit's page numbers are: a kit turns it on round the
parts it makes, whatever builds and draws them.  Outside it nothing changes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

_LIGHT: ContextVar[bool] = ContextVar("printplay_ink_light", default=False)


@contextlib.contextmanager
def ink_light(on: bool = True) -> Iterator[None]:
    """Draw ink-light inside the block when ``on`` (as usual when not)."""
    token = _LIGHT.set(on)
    try:
        yield
    finally:
        _LIGHT.reset(token)


def is_ink_light() -> bool:
    """Whether documents made now are drawn ink-light (inside :func:`ink_light`)."""
    return _LIGHT.get()


__all__ = ["ink_light", "is_ink_light"]
