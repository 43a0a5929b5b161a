"""Builds printplay; the modules named in :data:`COMPILED` are also compiled with mypyc.

Everything else is declared in ``pyproject.toml``.  The compiling happens in one command,
``build_ext``, so once per build: pip runs this file for each of its build hooks (the
requirements, the metadata, the build), and only the last builds anything.

``build_ext`` writes, under its temporary folder, a copy ``name_native.py`` of each
module, stamped with the SHA-256 of its source (and of the other modules of the group),
with the group's imports of one another turned to their compiled names; mypyc compiles
the copies as one group into C extensions, which land beside the sources (in place for an
editable install, in the wheel otherwise).  The source tree never holds a copy.
:func:`printplay.solve.compiled.native` uses an extension only while the stamp is its
sources' own, so an edited module runs as Python, never as a stale build.

No C compiler (or no Python headers), a module mypy rejects, a failed compile, or
``PRINTPLAY_PURE=1`` at install time leaves the Python modules: the same answers, about
half as fast.  The outcome is one line of the build's output and :data:`BUILD_INFO`, which
``printplay --version`` reads.  ``MYPYC_OPT_LEVEL`` (0 to 3; by default
:data:`OPT_LEVELS`) and ``MYPYC_DEBUG_LEVEL`` (0 to 3, default 0) set the C compiler's
``-O`` and ``-g``.

mypyc writes one C file a module (and the runtime's own files beside them), and the
compiler runs on as many of them at once as this process has cores: the code of a group
is otherwise one file, which one core compiles alone.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
COMPILED = [
    *(
        f"printplay/solve/pyramid_{part}.py"
        for part in ("encoding", "cycle", "dead", "bound", "moves", "search")
    ),
    "printplay/solve/golf_solver.py",
    "printplay/solve/tripeaks_score.py",
]
"""The modules worth compiling, compiled together as one mypyc group: the parts of the
Pyramid search core, the Golf solver and TriPeaks' best-score search.  A module of the group
that imports another gets its compiled build."""
GROUP = "printplay.solve.native"
"""The group's name: its shared library is ``native__mypyc`` beside the modules."""
BUILD_INFO = "printplay/solve/native_build.json"
"""What the build compiled, or why it left the modules Python."""
OPT_LEVELS = {"editable": "1", "wheel": "3"}
"""The C compiler's default optimisation level: -O1 for an editable install, compiled in
half the time of -O3 and searching about 10% slower; -O3 for a wheel, built once and run
long (docs/benchmarks.md, "Install")."""
LEVELS = ("0", "1", "2", "3")


def module_name(path: str) -> str:
    """The dotted name of the module at ``path`` (relative to the project)."""
    return path.removesuffix(".py").replace("/", ".")


def native_name(module: str) -> str:
    """The compiled build's module name."""
    return f"{module}_native"


def digest(source: bytes) -> str:
    """The stamp of one source."""
    return hashlib.sha256(source).hexdigest()


def native_imports(source: str, module: str, group: Sequence[str]) -> str:
    """``source`` with its imports of the ``group``'s modules turned to their compiled names.

    ``from m import x``, ``from pkg import m [as y]`` and ``import m as y`` are turned (each
    keeps the lines after it where they were); a plain ``import m`` is left, and runs the
    Python module.

    >>> native_imports("from a.b import c\\nfrom a import b\\n", "a.z", ["a.b"])
    'from a.b_native import c\\nfrom a import b_native as b\\n'
    >>> native_imports("from . import b\\nimport a.b\\n", "a.z", ["a.b"])
    'from a import b_native as b\\nimport a.b\\n'
    """
    members = set(group)
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:  # ast counts columns in UTF-8 bytes
        return starts[line - 1] + len(lines[line - 1].encode()[:column].decode())

    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        text = _native_import(node, module, members)
        if text is not None:
            last = node.end_lineno or node.lineno
            # the lines that follow stay where they were: the statement is joined to them
            text += " \\\n" * (last - node.lineno)
            end = offset(last, node.end_col_offset or 0)
            edits.append((offset(node.lineno, node.col_offset), end, text))
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    return source


def _native_import(node: ast.Import | ast.ImportFrom, module: str, members: set[str]) -> str | None:
    """The import ``node`` turned to the compiled names, or None when it imports none."""
    if isinstance(node, ast.Import):
        if not any(alias.name in members and alias.asname for alias in node.names):
            return None
        names = [
            ast.alias(native_name(a.name), a.asname) if a.name in members and a.asname else a
            for a in node.names
        ]
        return ast.unparse(ast.Import(names=names))
    package = module.rsplit(".", node.level)[0] if node.level else ""
    base = ".".join(part for part in (package, node.module or "") if part)
    if base in members:
        turned = ast.ImportFrom(module=native_name(base), names=node.names, level=0)
    elif any(f"{base}.{a.name}" in members for a in node.names):
        names = [
            ast.alias(native_name(a.name), a.asname or a.name)
            if f"{base}.{a.name}" in members
            else a
            for a in node.names
        ]
        turned = ast.ImportFrom(module=base, names=names, level=0)
    else:
        return None
    return ast.unparse(turned)


def native_sources(root: Path, group: Sequence[str] = COMPILED) -> list[Path]:
    """Writes the compiler's input under ``root``: each module of ``group`` stamped.

    A copy ends with ``SOURCE_SHA256``, its source's digest, and ``GROUP_SHA256``, the
    digests of the group's other modules, which :mod:`printplay.solve.compiled` checks.
    """
    modules = [module_name(path) for path in group]
    sources = {
        module: (HERE / path).read_bytes() for module, path in zip(modules, group, strict=True)
    }
    copies = []
    for module, source in sources.items():
        others = {name: digest(text) for name, text in sources.items() if name != module}
        stamp = (
            f'\nSOURCE_SHA256 = "{digest(source)}"\n'
            '"""The digest of the source this build was compiled from."""\n'
            f"GROUP_SHA256: dict[str, str] = {others!r}\n"
            '"""The digests of the sources of the other modules compiled with it."""\n'
        )
        copy = root.joinpath(*native_name(module).split(".")).with_suffix(".py")
        copy.parent.mkdir(parents=True, exist_ok=True)
        text = native_imports(source.decode(), module, modules) + stamp
        copy.write_text(text, encoding="utf-8")
        copies.append(copy)
    return copies


@contextmanager
def mypy_finds(root: Path) -> Iterator[None]:
    """Lets mypy name the copies under ``root`` and find the package in the project."""
    before = os.getcwd(), os.environ.get("MYPYPATH")
    os.chdir(HERE)
    os.environ["MYPYPATH"] = str(root)
    try:
        yield
    finally:
        os.chdir(before[0])
        if before[1] is None:
            del os.environ["MYPYPATH"]
        else:
            os.environ["MYPYPATH"] = before[1]


def compile_at_once(compile: Callable[..., list[str]], jobs: int) -> Callable[..., list[str]]:
    """A compiler's ``compile`` that runs on up to ``jobs`` sources at a time.

    Each source is compiled by a call of its own, the largest first (so that no large one
    starts last); the objects come back in the order of the sources.  A failure raises as
    the compiler's own does.
    """

    def compile_all(sources: Sequence[str], *args: Any, **kwargs: Any) -> list[str]:
        if jobs < 2 or len(sources) < 2:
            return compile(sources, *args, **kwargs)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            running = {
                s: pool.submit(compile, [s], *args, **kwargs) for s in largest_first(sources)
            }
            return [made for source in sources for made in running[source].result()]

    return compile_all


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def largest_first(sources: Sequence[str]) -> list[str]:
    """The C files, the largest (the longest to compile) first; a missing one counts 0."""

    def size(path: str) -> int:
        try:
            return os.path.getsize(path)
        except OSError:
            return 0

    return sorted(sources, key=size, reverse=True)


def one_line(error: BaseException) -> str:
    """An error as one short line."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


class BuildCompiled(build_ext):  # type: ignore[misc]
    """Compiles the modules of :data:`COMPILED`, or says why not and leaves them Python."""

    extensions: list[Extension]

    def run(self) -> None:
        """Generates the C code, compiles it and records the outcome."""
        levels = self.levels()
        reason = levels if isinstance(levels, str) else self.generate(*levels)
        if reason is None:
            try:
                super().run()
            except Exception as error:  # any compile or link failure leaves Python
                reason = f"the C compiler failed on mypyc's code ({one_line(error)})"
        if reason is not None:
            self.extensions = []
            if self.inplace:
                self.remove_builds()
        self.record(reason, levels)

    def levels(self) -> tuple[str, str] | str:
        """The optimisation and debug levels, or what is wrong with them."""
        kind = "editable" if self.inplace or self.editable_mode else "wheel"
        opt = os.environ.get("MYPYC_OPT_LEVEL", OPT_LEVELS[kind])
        debug = os.environ.get("MYPYC_DEBUG_LEVEL", "0")
        for name, value in (("MYPYC_OPT_LEVEL", opt), ("MYPYC_DEBUG_LEVEL", debug)):
            if value not in LEVELS:
                return f"{name} was {value!r}, not 0 to 3"
        return opt, debug

    def generate(self, opt_level: str, debug_level: str) -> str | None:
        """Sets :attr:`extensions` to mypyc's, or returns why there are none."""
        if os.environ.get("PRINTPLAY_PURE"):
            return "PRINTPLAY_PURE was set at install"
        problem = self.compiler_problem()
        if problem is not None:
            return problem
        try:
            from mypyc.build import mypycify
        except ImportError:
            return "mypyc was missing at install"
        work = Path(self.build_temp).resolve() / "mypyc"
        shutil.rmtree(work, ignore_errors=True)
        try:
            with mypy_finds(work / "src"):
                copies = native_sources(work / "src")
                built = mypycify(
                    [
                        "--ignore-missing-imports",
                        "--follow-imports=silent",
                        "--explicit-package-bases",
                        *map(str, copies),
                    ],
                    opt_level=opt_level,
                    debug_level=debug_level,
                    target_dir=str(work / "c"),
                    group_name=GROUP,
                    multi_file=True,
                )
        except SystemExit:  # mypy printed its errors and stopped
            return f"mypy rejected {', '.join(COMPILED)} (its errors are in the build log)"
        except Exception as error:
            return f"mypyc could not compile {', '.join(COMPILED)} ({one_line(error)})"
        return self.fill(built, work.joinpath("c", *GROUP.split(".")[:-1]))

    def fill(self, built: list[Extension], headers: Path) -> str | None:
        """Gives the declared extensions mypyc's sources and flags, or says they differ;
        ``headers`` is where mypyc wrote the group's header, which each module's C file
        includes by its bare name (mypyc puts it under the group's dotted name)."""
        made = {extension.name: extension for extension in built}
        if sorted(made) != sorted(extension.name for extension in self.extensions):
            return f"mypyc made the extensions {sorted(made)}, not those declared"
        for extension in self.extensions:
            vars(extension).update(vars(made[extension.name]))
            extension.include_dirs = [*extension.include_dirs, str(headers)]
        return None

    def build_extensions(self) -> None:
        """Builds the extensions, compiling their C files on every core at once."""
        self.compiler.compile = compile_at_once(self.compiler.compile, cores())
        super().build_extensions()

    def compiler_problem(self) -> str | None:
        """Why no extension can be compiled here (no compiler, no Python headers), if so."""
        from distutils.ccompiler import new_compiler
        from distutils.errors import CCompilerError, DistutilsError
        from distutils.sysconfig import customize_compiler

        compiler: Any = new_compiler(compiler=self.compiler)
        customize_compiler(compiler)
        command = getattr(compiler, "compiler_so", None) or ["cc"]
        if shutil.which(command[0]) is None:
            return "no C compiler at install"
        probe = Path(self.build_temp).resolve() / "probe"
        probe.mkdir(parents=True, exist_ok=True)

        def compiles(name: str, text: str) -> bool:
            (probe / name).write_text(text, encoding="utf-8")
            try:
                compiler.compile([str(probe / name)], str(probe), include_dirs=self.include_dirs)
            except (CCompilerError, DistutilsError, OSError):
                return False
            return True

        if compiles("python.c", "#include <Python.h>\n"):
            return None
        if compiles("c.c", "int probe;\n"):
            return "no Python headers at install (Debian: python3-dev)"
        return f"no working C compiler at install ({command[0]})"

    def remove_builds(self) -> None:
        """Removes the group's earlier builds in place: what runs is what this install made."""
        names = [native_name(module_name(path)) for path in COMPILED] + [f"{GROUP}__mypyc"]
        for name in names:
            for suffix in EXTENSION_SUFFIXES:
                HERE.joinpath(name.replace(".", "/") + suffix).unlink(missing_ok=True)

    def record(self, reason: str | None, levels: tuple[str, str] | str) -> None:
        """Writes :data:`BUILD_INFO` beside the modules and says the outcome in one line."""
        info: dict[str, object] = {"compiled": reason is None, "reason": reason}
        if reason is None and isinstance(levels, tuple):
            from mypy.version import __version__ as mypy_version

            info |= {"mypyc": mypy_version, "opt_level": levels[0]}
        places = [Path(self.build_lib, BUILD_INFO)]
        if self.inplace:  # an editable install runs the modules where they are
            places.append(HERE / BUILD_INFO)
        for place in places:
            place.parent.mkdir(parents=True, exist_ok=True)
            place.write_text(json.dumps(info) + "\n", encoding="utf-8")
        if reason is None:
            line = f"compiled with mypyc {info['mypyc']} (-O{info['opt_level']})"
        else:
            line = f"left as Python: {reason}"
        print(f"printplay: the search core is {line}", file=sys.stderr, flush=True)

    def get_outputs(self) -> list[str]:
        """The extensions and :data:`BUILD_INFO`."""
        outputs: list[str] = super().get_outputs()
        return [*outputs, str(Path(self.build_lib, BUILD_INFO))]


def declared() -> list[Extension]:
    """The group's extensions by name (its shared library, a module each), without their
    sources: :meth:`BuildCompiled.run` fills them in from mypyc, or builds none."""
    names = [f"{GROUP}__mypyc", *(native_name(module_name(path)) for path in COMPILED)]
    return [Extension(name, sources=[]) for name in names]


if __name__ == "__main__":  # as setuptools runs it; a test may import it
    setup(ext_modules=declared(), cmdclass={"build_ext": BuildCompiled})
