"""Builds printplay; the Pyramid search core is also compiled with mypyc when it can be.

Everything else is declared in ``pyproject.toml``.  The build copies
``printplay/solve/pyramid_core.py`` to ``printplay/solve/pyramid_native.py`` with the
SHA-256 of the source appended, compiles the copy to a C extension and removes it;
:mod:`printplay.solve.compiled` uses the extension only while that digest is the
source's own, so an edited core runs as Python, never as a stale build.  No compiler, or
``PRINTPLAY_PURE=1`` at install time, leaves the pure-Python core: the same answers,
about half as fast.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
CORE = HERE / "printplay" / "solve" / "pyramid_core.py"
NATIVE = CORE.with_name("pyramid_native.py")


def native_extensions() -> list[Extension]:
    """The mypyc extension of the copied core, or none when it cannot be built."""
    if os.environ.get("PRINTPLAY_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("printplay: mypyc is missing; the Pyramid core stays Python", file=sys.stderr)
        return []
    source = CORE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()
    stamp = f'\nSOURCE_SHA256 = "{digest}"\n"""The digest of the source this build copied."""\n'
    copy = source.decode() + stamp
    if not NATIVE.exists() or NATIVE.read_text() != copy:
        NATIVE.write_text(copy)
    os.chdir(HERE)  # mypy finds the package from here
    try:
        extensions: list[Extension] = mypycify(
            ["--ignore-missing-imports", "--follow-imports=silent", str(NATIVE.relative_to(HERE))],
            opt_level="3",
        )
    except (Exception, SystemExit) as error:  # mypy's own errors end in SystemExit
        print(f"printplay: the Pyramid core stays Python ({error})", file=sys.stderr)
        NATIVE.unlink(missing_ok=True)
        return []
    return extensions


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """Builds the compiled core, or says why not and leaves the Python core in use."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any build failure falls back
            print(f"printplay: the Pyramid core stays Python ({error})", file=sys.stderr)
        finally:
            # the copy was only the compiler's input: no second source of the core stays
            NATIVE.unlink(missing_ok=True)

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"printplay: could not compile {ext.name} ({error})", file=sys.stderr)


class BuildPyWithoutCopy(build_py):  # type: ignore[misc]
    """Leaves the compiler's input out of a wheel: the core ships once, as its source."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        modules: list[tuple[str, str, str]] = super().find_package_modules(package, package_dir)
        return [module for module in modules if Path(module[2]).resolve() != NATIVE.resolve()]


setup(
    ext_modules=native_extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithoutCopy},
)
