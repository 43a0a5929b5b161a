"""The compiled builds of the modules ``setup.py`` names, when the install made fresh ones.

The install's ``build_ext`` compiles each such module ``name`` with mypyc, from a copy
``name_native`` stamped with the SHA-256 of its source (and of the other modules compiled
with it), and writes ``native_build.json`` beside them: what it compiled, or why it left
the modules Python.  :func:`native` returns that extension only while every stamp is its
source's own (an edited source in an editable install runs as Python until the next
install, never as a stale build), and the Python module otherwise, or when
``PRINTPLAY_PURE`` is set; :func:`describe` says which, and why (``printplay --version``).
Both run the same code and give the same answers; the compiled one about twice as fast
(docs/benchmarks.md).  The Pyramid search core is compiled so.

>>> import hashlib
>>> from types import SimpleNamespace
>>> built = SimpleNamespace(__file__="core.cpython-311-x86_64-linux-gnu.so",
...                         SOURCE_SHA256=hashlib.sha256(b"x = 1").hexdigest())
>>> fresh(built, b"x = 1"), fresh(built, b"x = 2")
(True, False)
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace

from printplay.core.deal import sha256_digest

BUILD_INFO = Path(__file__).with_name("native_build.json")
"""What the install's build compiled, or why it left the modules Python (``setup.py``)."""


def fresh(native: ModuleType | SimpleNamespace, source: bytes) -> bool:
    """Whether ``native`` is a compiled extension built from ``source``."""
    path = str(getattr(native, "__file__", None) or "")
    built = path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return built and getattr(native, "SOURCE_SHA256", None) == sha256_digest(source).hex()


def _group_fresh(native: ModuleType) -> bool:
    """Whether the modules compiled with ``native`` still have the sources it was built
    with, and each has a build of the same group (``native`` calls their builds: one
    missing, stale or compiled in another group would be mixed with it)."""
    group = dict(getattr(native, "GROUP_SHA256", {}))
    own = native.__name__.removesuffix("_native")
    for name, digest in group.items():
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            return False
        if sha256_digest(Path(spec.origin).read_bytes()).hex() != digest:
            return False
        try:
            member = importlib.import_module(f"{name}_native")
        except ImportError:
            return False
        if getattr(member, "SOURCE_SHA256", None) != digest:
            return False
        if {*getattr(member, "GROUP_SHA256", {}), name} != {*group, own}:
            return False
    return True


def _install_said(key: str) -> str | None:
    """What ``native_build.json`` says of ``key`` ("reason", "opt_level"), if it does."""
    try:
        info = json.loads(BUILD_INFO.read_text(encoding="utf-8")[:10_000])
    except (OSError, ValueError):
        return None
    value = info.get(key) if isinstance(info, dict) else None
    return value if isinstance(value, str) else None


@cache
def _choice(module: ModuleType) -> tuple[ModuleType, str | None]:
    """The module to run for ``module``, and why it is the Python one (None if compiled)."""
    if os.environ.get("PRINTPLAY_PURE"):
        return module, "PRINTPLAY_PURE is set"
    name = f"{module.__name__}_native"
    try:
        build = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            return module, f"the compiled build does not load: {error}"
        said = _install_said("reason")
        return module, f"not compiled: {said or 'this install built no compiled core'}"
    except ImportError as error:
        return module, f"the compiled build does not load: {error}"
    source = Path(module.__file__ or "").read_bytes()
    if not (fresh(build, source) and _group_fresh(build)):
        return module, "the compiled build is older than its source: reinstall to compile it"
    return build, None


def native(module: ModuleType) -> ModuleType:
    """The fresh compiled build of ``module`` if there is one, else ``module`` itself."""
    return _choice(module)[0]


def describe(module: ModuleType) -> str:
    """Which of ``module``'s builds runs, and why the Python one when it does.

    "compiled (mypyc, -O3)" (the C compiler's optimisation level, as the install says), or
    "Python (...)" with the reason: ``PRINTPLAY_PURE``, the install's (no C compiler, ...),
    a stale build, or a build that does not load.
    """
    reason = _choice(module)[1]
    if reason is not None:
        return f"Python ({reason})"
    level = _install_said("opt_level")
    return "compiled (mypyc)" if level is None else f"compiled (mypyc, -O{level})"
