"""The build (``setup.py``) and what it tells: the Pyramid core compiled in ``build_ext``
only, from copies that never enter the source tree, or left Python with the reason, which
``printplay --version`` says (:func:`printplay.solve.compiled.describe`)."""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from printplay import __version__
from printplay.cli.app import main
from printplay.cli.version import version_lines
from printplay.solve import compiled, golf_solver, pyramid_search, tripeaks_score

REPO = Path(__file__).resolve().parent.parent
CORE = REPO / "printplay" / "solve" / "pyramid_search.py"


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    """``setup.py`` as a module (imported, it builds nothing)."""
    pytest.importorskip("setuptools")
    spec = importlib.util.spec_from_file_location("printplay_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def printplay_version(**env: str) -> list[str]:
    """The lines of the console script's ``printplay --version``."""
    script = Path(sys.executable).with_name("printplay")
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    environ = {k: v for k, v in os.environ.items() if k != "PRINTPLAY_PURE"} | env
    done = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, env=environ, check=False
    )
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout.splitlines()


def test_version_says_the_search_core_runs_as_python_when_asked() -> None:
    assert printplay_version(PRINTPLAY_PURE="1") == [
        f"printplay {__version__}",
        "Search core: Python (PRINTPLAY_PURE is set)",
    ]


def test_version_says_the_search_core_runs_compiled_after_a_compiling_install() -> None:
    """As tests/test_pyramid_compiled.py, the install compiled the core unless the tests
    run with ``PRINTPLAY_PURE`` (then the line is only checked for its form)."""
    lines = printplay_version()
    assert lines[0] == f"printplay {__version__}"
    assert re.fullmatch(r"Search core: (compiled \(mypyc, -O[0-3]\)|Python \(.+\))", lines[1])
    if not os.environ.get("PRINTPLAY_PURE"):
        assert lines[1].startswith("Search core: compiled (mypyc, -O")


def test_the_command_line_answers_version_as_the_console_script(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.splitlines() == version_lines()
    assert version_lines()[1] == f"Search core: {compiled.describe(pyramid_search)}"


def test_one_line_tells_how_the_whole_search_core_runs() -> None:
    """The Pyramid core, the Golf solver and TriPeaks' best-score search are compiled as one
    group, fresh or stale together: the line ``--version`` prints for the first is true of
    each."""
    said = {compiled.describe(module) for module in (pyramid_search, golf_solver, tripeaks_score)}
    assert said == {compiled.describe(pyramid_search)}


def test_version_does_not_import_the_command_line() -> None:
    """``printplay --version`` stays quick: no typer, rich or reportlab behind it."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(sorted({'typer', 'rich', 'reportlab', 'printplay.cli.app'}"
        " & set(sys.modules)), file=sys.stderr))\n"
        "sys.argv = ['printplay', '--version']\n"
        "from printplay.cli.launch import entry\n"
        "entry()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr.strip() == "[]"
    assert done.stdout.startswith(f"printplay {__version__}\n")


def fake_core(name: str, source: Path) -> ModuleType:
    """A module object named ``name`` whose source is ``source`` (not imported)."""
    module = ModuleType(name)
    module.__file__ = str(source)
    return module


def test_describe_gives_the_reason_the_install_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PRINTPLAY_PURE", raising=False)
    source = tmp_path / "core.py"
    source.write_text("x = 1\n")
    info = tmp_path / "native_build.json"
    monkeypatch.setattr(compiled, "BUILD_INFO", info)
    info.write_text(json.dumps({"compiled": False, "reason": "no C compiler at install"}))
    module = fake_core("printplay_test_absent_core", source)
    assert compiled.describe(module) == "Python (not compiled: no C compiler at install)"
    assert compiled.native(module) is module
    info.unlink()
    module = fake_core("printplay_test_absent_core", source)
    assert compiled.describe(module) == (
        "Python (not compiled: this install built no compiled core)"
    )
    monkeypatch.setenv("PRINTPLAY_PURE", "1")
    module = fake_core("printplay_test_absent_core", source)
    assert compiled.describe(module) == "Python (PRINTPLAY_PURE is set)"


def test_describe_calls_a_build_of_an_older_source_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The installed build, asked for on behalf of an edited copy of its source."""
    monkeypatch.delenv("PRINTPLAY_PURE", raising=False)
    if compiled.native(pyramid_search) is pyramid_search:
        pytest.skip("no compiled core in this install")
    edited = tmp_path / "pyramid_search.py"
    edited.write_bytes(CORE.read_bytes() + b"\n")
    module = fake_core(pyramid_search.__name__, edited)
    assert compiled.native(module) is module
    assert compiled.describe(module) == (
        "Python (the compiled build is older than its source: reinstall to compile it)"
    )


def test_a_build_is_stale_when_a_module_compiled_with_it_changed() -> None:
    build = compiled.native(pyramid_search)
    if build is pyramid_search:
        pytest.skip("no compiled core in this install")
    group = dict(build.GROUP_SHA256)
    assert group and compiled._group_fresh(build)
    name = next(iter(group))
    for digest in ("0" * 64, group[name]):
        stale = SimpleNamespace(__name__=build.__name__, GROUP_SHA256=group | {name: digest})
        assert compiled._group_fresh(stale) is (digest == group[name])  # type: ignore[arg-type]


def test_the_group_imports_one_another_compiled_and_keeps_its_lines(setup_py: ModuleType) -> None:
    source = (
        "from printplay.solve.bound import (\n"
        "    price,\n"
        "    walk,\n"
        ")  # the bound\n"
        "from printplay.solve import bound, toolkit\n"
        "from .bound import price as p\n"
        "import printplay.solve.bound as b\n"
        "import printplay.solve.bound\n"
        "from printplay.solve.toolkit import Clock\n"
        "x = 'é'; from printplay.solve.bound import walk\n"
        "AFTER = 1\n"
    )
    turned = setup_py.native_imports(source, "printplay.solve.core", ["printplay.solve.bound"])
    tree = ast.parse(turned)
    imports = [ast.unparse(node) for node in tree.body if not isinstance(node, ast.Assign)]
    assert imports == [
        "from printplay.solve.bound_native import price, walk",
        "from printplay.solve import bound_native as bound, toolkit",
        "from printplay.solve.bound_native import price as p",
        "import printplay.solve.bound_native as b",
        "import printplay.solve.bound",
        "from printplay.solve.toolkit import Clock",
        "from printplay.solve.bound_native import walk",
    ]
    assert turned.splitlines()[10] == "AFTER = 1"  # the same line as in the source


def test_the_compilers_input_is_written_apart_and_stamped(
    setup_py: ModuleType, tmp_path: Path
) -> None:
    group = ["printplay/solve/toolkit.py", "printplay/solve/pyramid_search.py"]
    copies = setup_py.native_sources(tmp_path, group)
    solve = tmp_path / "printplay" / "solve"
    assert copies == [solve / "toolkit_native.py", solve / "pyramid_search_native.py"]
    text = copies[1].read_text(encoding="utf-8")
    stamps = {
        ast.unparse(node.target): node.value
        for node in ast.parse(text).body
        if isinstance(node, ast.AnnAssign) and node.value is not None
    } | {
        ast.unparse(node.targets[0]): node.value
        for node in ast.parse(text).body
        if isinstance(node, ast.Assign)
    }
    toolkit = (REPO / group[0]).read_bytes()
    assert (
        ast.literal_eval(stamps["SOURCE_SHA256"]) == hashlib.sha256(CORE.read_bytes()).hexdigest()
    )
    assert ast.literal_eval(stamps["GROUP_SHA256"]) == {
        "printplay.solve.toolkit": hashlib.sha256(toolkit).hexdigest()
    }
    assert "from printplay.solve.toolkit_native import Clock" in text
    assert not list((REPO / "printplay").rglob("*_native.py"))


def command(setup_py: ModuleType, tmp_path: Path) -> Any:
    """setup.py's build_ext, building into ``tmp_path`` (never in place)."""
    distribution = importlib.import_module("setuptools").Distribution
    dist = distribution({"name": "printplay-test", "ext_modules": setup_py.declared()})
    build = setup_py.BuildCompiled(dist)
    build.build_lib = str(tmp_path / "lib")
    build.build_temp = str(tmp_path / "temp")
    build.ensure_finalized()
    return build


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({"CC": "/bin/false"}, "no working C compiler at install (/bin/false)"),
        ({"PATH": "/nonexistent"}, "no C compiler at install"),
        ({"PRINTPLAY_PURE": "1"}, "PRINTPLAY_PURE was set at install"),
        ({"MYPYC_OPT_LEVEL": "9"}, "MYPYC_OPT_LEVEL was '9', not 0 to 3"),
    ],
)
def test_a_build_that_cannot_compile_leaves_python_and_says_why_in_one_line(
    setup_py: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    env: dict[str, str],
    reason: str,
) -> None:
    for name in ("CC", "PRINTPLAY_PURE", "MYPYC_OPT_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    build = command(setup_py, tmp_path)
    build.run()
    assert build.extensions == []
    info = json.loads((tmp_path / "lib" / "printplay" / "solve" / "native_build.json").read_text())
    assert info == {"compiled": False, "reason": reason}
    said = [line for line in capfd.readouterr().err.splitlines() if "printplay:" in line]
    assert said == [f"printplay: the search core is left as Python: {reason}"]


@pytest.mark.slow
def test_an_sdist_holds_the_source_once_and_leaves_no_copy(tmp_path: Path) -> None:
    """``python -m build --sdist`` on a copy of the tracked files (no C code generated)."""
    pytest.importorskip("build")
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    files = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, check=True
    ).stdout.split(b"\0")
    tree = tmp_path / "tree"
    for name in filter(None, files):
        target = tree / name.decode()
        target.parent.mkdir(parents=True, exist_ok=True)
        if (REPO / name.decode()).is_file():
            shutil.copy2(REPO / name.decode(), target)
    done = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(tree)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert not list(tree.rglob("*_native*")), "the sdist left a compiler's copy in the tree"
    (sdist,) = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert [n for n in names if n.endswith("solve/pyramid_search.py")] == [
        "printplay-0.1.0/printplay/solve/pyramid_search.py"
    ]
    assert not [n for n in names if n.endswith((".so", ".c", "native_build.json"))]


def test_the_compiler_runs_on_as_many_sources_at_once_as_it_is_given(
    setup_py: ModuleType,
) -> None:
    """Two jobs: two sources are in the compiler at the same time (each waits for the other
    at a barrier, which a one-at-a-time compiler never passes), the largest started first;
    the objects come back in the sources' order."""
    barrier = threading.Barrier(2, timeout=30)
    started: list[str] = []

    def compile_one(sources: list[str], output_dir: str, **kwargs: Any) -> list[str]:
        assert len(sources) == 1 and output_dir == "out" and kwargs == {"debug": 0}
        started.append(sources[0])
        barrier.wait()
        return [f"{sources[0]}.o"]

    compile_all = setup_py.compile_at_once(compile_one, 2)
    assert compile_all(["a.c", "b.c"], "out", debug=0) == ["a.c.o", "b.c.o"]
    assert sorted(started) == ["a.c", "b.c"]


def test_the_largest_source_goes_first_and_a_failure_raises(
    setup_py: ModuleType, tmp_path: Path
) -> None:
    sizes = {"small.c": 10, "large.c": 1000, "middle.c": 100}
    for name, size in sizes.items():
        (tmp_path / name).write_text("x" * size)
    paths = [str(tmp_path / name) for name in [*sizes, "missing.c"]]
    assert [Path(p).name for p in setup_py.largest_first(paths)] == [
        "large.c",
        "middle.c",
        "small.c",
        "missing.c",
    ]

    def compile_one(sources: list[str]) -> list[str]:
        if sources[0].endswith("middle.c"):
            raise OSError("the compiler failed")
        return [sources[0] + ".o"]

    with pytest.raises(OSError, match="the compiler failed"):
        setup_py.compile_at_once(compile_one, 2)(paths)
    calls: list[list[str]] = []
    one_job = setup_py.compile_at_once(lambda sources: calls.append(sources) or [], 1)
    assert one_job(paths) == [] and calls == [paths]  # one job: the compiler's own call


@pytest.mark.slow
def test_mypyc_writes_a_c_file_a_module_that_finds_the_groups_header(
    setup_py: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the build hands the compiler: the group's library from one C file a module of
    the core (so that the files compile side by side), each finding the group's header."""
    pytest.importorskip("mypyc")
    monkeypatch.delenv("PRINTPLAY_PURE", raising=False)
    monkeypatch.delenv("CC", raising=False)
    build = command(setup_py, tmp_path)
    if build.compiler_problem() is not None:
        pytest.skip("no C compiler here")
    assert build.generate("1", "0") is None
    (library,) = [e for e in build.extensions if e.name == f"{setup_py.GROUP}__mypyc"]
    modules = {setup_py.module_name(path).rsplit(".", 1)[1] for path in setup_py.COMPILED}
    ours = {Path(s).name for s in library.sources if "printplay___solve___" in s}
    assert ours == {f"__native_printplay___solve___{m}_native.c" for m in modules}
    headers = {Path(d) for d in library.include_dirs}
    for source in ours:
        included = re.findall(
            r'#include "([^"/]+\.h)"', (Path(library.sources[0]).parent / source).read_text()
        )
        assert included and all(any((d / h).is_file() for d in headers) for h in included)
