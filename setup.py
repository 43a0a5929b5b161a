"""Builds printplay; the modules named in :data:`COMPILED` are also compiled with mypyc.

Everything else is declared in ``pyproject.toml``.  For each such module the build copies
``name.py`` to ``name_native.py`` with the SHA-256 of the source appended, compiles the
copy to a C extension and removes it; :func:`printplay.solve.compiled.native` uses the
extension only while that digest is the source's own, so an edited module runs as Python,
never as a stale build.  No compiler, a module mypy rejects, or ``PRINTPLAY_PURE=1`` at
install time leaves the Python modules: the same answers, about half as fast.
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
COMPILED = (HERE / "printplay" / "solve" / "pyramid_core.py",)
"""The modules worth compiling: the Pyramid search core."""
COPIES = tuple(path.with_name(f"{path.stem}_native.py") for path in COMPILED)
"""The compiler's input: each module with its digest, under its compiled name."""


def remove_copies() -> None:
    """Removes the compiler's input: no second source of a module stays."""
    for copy in COPIES:
        copy.unlink(missing_ok=True)


def native_extensions() -> list[Extension]:
    """The mypyc extensions of the copied modules, or none when they cannot be built."""
    if os.environ.get("PRINTPLAY_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("printplay: mypyc is missing; every module stays Python", file=sys.stderr)
        return []
    for path, copy in zip(COMPILED, COPIES, strict=True):
        source = path.read_bytes()
        digest = hashlib.sha256(source).hexdigest()
        stamp = f'\nSOURCE_SHA256 = "{digest}"\n"""The digest of the source this build copied."""\n'
        text = source.decode() + stamp
        if not copy.exists() or copy.read_text() != text:
            copy.write_text(text)
    os.chdir(HERE)  # mypy finds the package from here
    try:
        extensions: list[Extension] = mypycify(
            [
                "--ignore-missing-imports",
                "--follow-imports=silent",
                *(str(copy.relative_to(HERE)) for copy in COPIES),
            ],
            opt_level="3",
        )
    except (Exception, SystemExit) as error:  # mypy's own errors end in SystemExit
        print(f"printplay: every module stays Python ({error})", file=sys.stderr)
        remove_copies()
        return []
    return extensions


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """Builds the compiled modules, or says why not and leaves them Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any build failure falls back
            print(f"printplay: every module stays Python ({error})", file=sys.stderr)
        finally:
            remove_copies()

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"printplay: could not compile {ext.name} ({error})", file=sys.stderr)


class BuildPyWithoutCopies(build_py):  # type: ignore[misc]
    """Leaves the compiler's input out of a wheel: a module ships once, as its source."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        modules: list[tuple[str, str, str]] = super().find_package_modules(package, package_dir)
        copies = {copy.resolve() for copy in COPIES}
        return [module for module in modules if Path(module[2]).resolve() not in copies]


setup(
    ext_modules=native_extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithoutCopies},
)
