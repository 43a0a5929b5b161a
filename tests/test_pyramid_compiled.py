"""The compiled Pyramid core (:mod:`printplay.solve.compiled`): the install builds it, it is
used only while built from the source beside it (and the builds of the modules compiled with
it from theirs), and it searches exactly as the Python core does (the other Pyramid tests
drive it through :mod:`printplay.solve.pyramid`, and test the core's parts on the Python
module)."""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from printplay.deal import explicit_deal
from printplay.games.pyramid import Pyramid, PyramidOptions
from printplay.solve import compiled, pyramid, pyramid_core
from printplay.solve.toolkit import Clock

DECKS = Path(__file__).resolve().parent / "data" / "random-decks-1500.txt"


def test_the_install_compiled_the_pyramid_core() -> None:
    """``pip install`` (setup.py) builds the core with mypyc; without the build every
    Pyramid search runs about half as fast (set ``PRINTPLAY_PURE=1`` to test without it)."""
    if os.environ.get("PRINTPLAY_PURE"):
        assert compiled.native(pyramid_core) is pyramid_core
        return
    assert compiled.native(pyramid_core) is not pyramid_core, (
        "the compiled Pyramid core is missing or stale: reinstall (with a C compiler), "
        "or set PRINTPLAY_PURE=1 to test the Python core"
    )
    assert pyramid.Searcher is compiled.native(pyramid_core).Searcher


def compiled_core() -> ModuleType:
    """The compiled Pyramid core (the test skips without one)."""
    build = compiled.native(pyramid_core)
    if build is pyramid_core:
        pytest.skip("no compiled core in this install")
    return build


def test_an_edited_source_is_not_run_compiled() -> None:
    """A build is fresh only for the very source it was built from."""
    build = compiled_core()
    source = Path(pyramid_core.__file__ or "").read_bytes()
    assert compiled.fresh(build, source)
    assert not compiled.fresh(build, source + b"\n")
    assert not compiled.fresh(pyramid_core, source)


def fake_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> tuple[ModuleType, ModuleType]:
    """Two Python modules ``a`` and ``b`` of a package ``name`` and, as if an install had
    compiled them together, a build of each (a module that claims to be an extension,
    with the digest of its source and the group's names)."""
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PRINTPLAY_PURE", raising=False)
    group = (f"{name}.a", f"{name}.b")
    modules = []
    for full in group:
        leaf = full.rpartition(".")[2]
        source = f"WHO = {leaf!r}\n".encode()
        (package / f"{leaf}.py").write_bytes(source)
        module = importlib.import_module(full)
        monkeypatch.setitem(sys.modules, full, module)  # (gone after the test)
        build = ModuleType(f"{full}_native")
        build.__file__ = str(package / f"{leaf}_native{importlib.machinery.EXTENSION_SUFFIXES[0]}")
        build.SOURCE_SHA256 = hashlib.sha256(source).hexdigest()  # type: ignore[attr-defined]
        build.GROUP = group  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, f"{full}_native", build)
        modules.append(module)
    monkeypatch.setitem(sys.modules, name, sys.modules[name])
    return modules[0], modules[1]


def test_a_fresh_group_is_run_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = fake_group(tmp_path, monkeypatch, "fresh_group")
    assert compiled.native(a) is sys.modules["fresh_group.a_native"]
    assert compiled.native(b) is sys.modules["fresh_group.b_native"]


def test_one_stale_part_keeps_its_whole_group_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``b`` edited since the install: ``a``'s build is fresh, but it would call ``b``'s
    stale build, so neither build is used."""
    a, b = fake_group(tmp_path, monkeypatch, "stale_group")
    (tmp_path / "stale_group" / "b.py").write_text("WHO = 'b, edited'\n")
    assert compiled.native(a) is a
    assert compiled.native(b) is b


def test_a_part_missing_or_built_apart_keeps_the_group_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``b``'s build, or with a build of ``b`` made in another group, ``a``'s build
    is not used either."""
    a, _b = fake_group(tmp_path, monkeypatch, "missing_group")
    monkeypatch.setitem(sys.modules, "missing_group.b_native", None)  # (an ImportError)
    assert compiled.native(a) is a
    c, _d = fake_group(tmp_path, monkeypatch, "apart_group")
    sys.modules["apart_group.b_native"].GROUP = ("apart_group.b",)  # type: ignore[attr-defined]
    assert compiled.native(c) is c


@pytest.mark.parametrize("deck", [2, 3, 5, 12])
def test_the_compiled_core_searches_as_the_python_one(deck: int) -> None:
    """The same verdict, the same shortest line and the same positions searched."""
    build = compiled_core()
    game = Pyramid(PyramidOptions(clear_the_board=True))
    line = DECKS.read_text().splitlines()[deck - 1]
    puzzle = pyramid.encode(game.initial_state(explicit_deal(line, game.deck()))).puzzle
    found = []
    for core in (pyramid_core, build):
        searcher = core.Searcher(puzzle, Clock(None))
        won = searcher.decide()
        best = searcher.shortest() if won is not None else None
        found.append((won, best, searcher.states))
    assert found[0] == found[1]
    assert (found[0][1] is None) == (deck == 3)
