"""The compiled builds of the modules ``setup.py`` names, when the install made fresh ones.

``setup.py`` copies each such module ``name`` to ``name_native`` with the SHA-256 of its
source appended, compiles the copy with mypyc and removes it.  :func:`native` returns that
extension only while the digest is the source's own (an edited source in an editable
install runs as Python until the next install, never as a stale build), and the Python
module otherwise, or when ``PRINTPLAY_PURE`` is set.  Both run the same code and give the
same answers; the compiled one about twice as fast (docs/benchmarks.md).  The Pyramid
search core is compiled so.

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


def fresh(native: ModuleType | SimpleNamespace, source: bytes) -> bool:
    """Whether ``native`` is a compiled extension built from ``source``."""
    path = str(getattr(native, "__file__", None) or "")
    built = path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return built and getattr(native, "SOURCE_SHA256", None) == hashlib.sha256(source).hexdigest()


@cache
def native(module: ModuleType) -> ModuleType:
    """The fresh compiled build of ``module`` if there is one, else ``module`` itself."""
    if os.environ.get("PRINTPLAY_PURE"):
        return module
    try:
        build = importlib.import_module(f"{module.__name__}_native")
    except ImportError:
        return module
    source = Path(module.__file__ or "").read_bytes()
    return build if fresh(build, source) else module
