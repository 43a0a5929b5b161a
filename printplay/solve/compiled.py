"""The compiled build of the Pyramid search core, when the install made a fresh one.

``setup.py`` copies :mod:`printplay.solve.pyramid_core` to
``printplay.solve.pyramid_native`` with the SHA-256 of the source appended, compiles the
copy with mypyc and removes it.  :func:`pyramid_core` returns that extension only while
the digest is the source's own (an edited source in an editable install runs as Python
until the next install, never as a stale build), and the Python module otherwise, or
when ``PRINTPLAY_PURE`` is set.  Both run the same code and give the same answers; the
compiled one about twice as fast (docs/benchmarks.md).

>>> from types import SimpleNamespace
>>> built = SimpleNamespace(__file__="core.cpython-311-x86_64-linux-gnu.so",
...                         SOURCE_SHA256=hashlib.sha256(b"x = 1").hexdigest())
>>> fresh(built, b"x = 1"), fresh(built, b"x = 2")
(True, False)
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import os
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace

from printplay.solve import pyramid_core as python_core

NATIVE = "printplay.solve.pyramid_native"
"""The module name of the compiled build."""


def fresh(native: ModuleType | SimpleNamespace, source: bytes) -> bool:
    """Whether ``native`` is a compiled extension built from ``source``."""
    path = str(getattr(native, "__file__", None) or "")
    built = path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return built and getattr(native, "SOURCE_SHA256", None) == hashlib.sha256(source).hexdigest()


@cache
def pyramid_core() -> ModuleType:
    """The module to search Pyramid positions with: the fresh compiled build, if any."""
    if os.environ.get("PRINTPLAY_PURE"):
        return python_core
    try:
        native = importlib.import_module(NATIVE)
    except ImportError:
        return python_core
    source = Path(python_core.__file__ or "").read_bytes()
    return native if fresh(native, source) else python_core


def is_compiled() -> bool:
    """Whether the Pyramid searches run compiled (:func:`pyramid_core`)."""
    return pyramid_core() is not python_core
