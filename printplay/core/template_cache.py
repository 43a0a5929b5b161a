"""The bundled templates' compiled code, kept between runs, as Python keeps its bytecode.

Jinja compiles a template's source to Python code each process; for the sheet's words
(``sheet.j2``) that is a good part of a sheet's start.  The code of the *bundled* templates
is kept in a per-user cache folder (``$PRINTPLAY_CACHE_DIR``, else
``$XDG_CACHE_HOME/printplay``, else ``~/.cache/printplay``) and read back by later runs.
House templates (``--rules-dir``) are compiled each time, as before: nothing of theirs is
kept.

What is kept is checked before it is used: Jinja's own header (its format and the Python
version) and a checksum of the template's source *and* of what compiles it (Jinja's version
and the sandbox's code generator, :mod:`printplay.core.templating` and
:mod:`printplay.core.sandbox_limits`), so an upgrade compiles afresh.  The folder is used
only if it is the user's own and nobody else may write in it (what it holds is run).  As
with Python's bytecode, nothing is written when ``PYTHONDONTWRITEBYTECODE`` is set (but
what is there is read), and a folder that cannot be made or written is no error: the
template is compiled as before.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2
from jinja2.bccache import Bucket, FileSystemBytecodeCache

if TYPE_CHECKING:
    from collections.abc import MutableMapping

CACHE_ENV = "PRINTPLAY_CACHE_DIR"
"""The environment variable naming the cache folder, before the usual places."""

_FORMAT = "templates-1"
"""The layout of the cache folder's entries (a subfolder, so a new layout starts afresh)."""


def cache_folder() -> Path:
    """Where printplay keeps what it may compute again: ``$PRINTPLAY_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/printplay``, else ``~/.cache/printplay``."""
    named = os.environ.get(CACHE_ENV)
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "printplay"


def _own_folder(folder: Path) -> bool:
    """Make ``folder`` (mode 0700) if it is missing; whether it is a real folder of this
    user that no one else may write in."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        found = os.lstat(folder)
    except OSError:
        return False
    others_write = stat.S_IWGRP | stat.S_IWOTH
    return (
        stat.S_ISDIR(found.st_mode)
        and found.st_uid == os.geteuid()
        and not found.st_mode & others_write
    )


def _fingerprint() -> str:
    """What the compiled code depends on besides the source: Jinja's version and the
    sandbox's modules (its code generator, its limits)."""
    from printplay.core import sandbox_limits, templating

    digest = hashlib.sha256(jinja2.__version__.encode())
    for module in (templating, sandbox_limits):
        digest.update(Path(str(module.__file__)).read_bytes())
    return digest.hexdigest()


class CompiledTemplates(FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, checked against what compiles them, and
    quiet when the folder cannot be read or written (see the module's docstring)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder), "%s.jinja")
        self.fingerprint = _fingerprint()

    def get_source_checksum(self, source: str) -> str:
        """The checksum of ``source`` and of what compiles it."""
        return hashlib.sha1(f"{self.fingerprint}\0{source}".encode()).hexdigest()

    def load_bytecode(self, bucket: Bucket) -> None:
        """The kept code into ``bucket``, if it is there and whole; else nothing."""
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError, pickle.UnpicklingError):
            bucket.reset()  # a torn or foreign file: compiled again

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep ``bucket``'s code, unless bytecode is not to be written; a failure to write
        is no error."""
        if sys.dont_write_bytecode:
            return
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


@functools.cache
def compiled_templates() -> CompiledTemplates | None:
    """The cache of compiled bundled templates, or ``None`` if its folder is not safe to use
    (made once a process)."""
    folder = cache_folder() / _FORMAT
    return CompiledTemplates(folder) if _own_folder(folder) else None


class CachedFunctionLoader(jinja2.FunctionLoader):
    """Jinja's function loader (the bundled templates), keeping their compiled code in
    :func:`compiled_templates` between runs."""

    def load(
        self,
        environment: jinja2.Environment,
        name: str,
        globals: MutableMapping[str, object] | None = None,
    ) -> jinja2.Template:
        """The template ``name``, its code read from the cache or compiled (and kept)."""
        cache = compiled_templates()
        if cache is None:
            return super().load(environment, name, globals)
        source, filename, uptodate = self.get_source(environment, name)
        bucket = cache.get_bucket(environment, name, filename, source)
        if bucket.code is None:
            bucket.code = environment.compile(source, name, filename)
            cache.set_bucket(bucket)
        return environment.template_class.from_code(
            environment, bucket.code, globals if globals is not None else {}, uptodate
        )


__all__ = ["CACHE_ENV", "CachedFunctionLoader", "CompiledTemplates", "cache_folder"]
