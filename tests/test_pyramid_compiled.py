"""The compiled Pyramid core and TriPeaks' best-score search (:mod:`printplay.solve.compiled`):
the install builds them together, a part's build is used only while every part's build was
made from the source beside it, and each searches exactly as its Python module does (the
other Pyramid and TriPeaks tests drive them through their solvers, and test the core's
parts on the Python modules)."""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.machinery
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from printplay.core.deal import explicit_deal
from printplay.games.pyramid import Pyramid, PyramidOptions
from printplay.solve import (
    compiled,
    pyramid_bound,
    pyramid_cycle,
    pyramid_dead,
    pyramid_encoding,
    pyramid_moves,
    pyramid_search,
    tripeaks_score,
)
from printplay.solve import pyramid_solver as pyramid
from printplay.solve import tripeaks_solver as tripeaks
from printplay.solve.toolkit import Clock

DECKS = Path(__file__).resolve().parent / "data" / "random-decks-1500.txt"
PARTS = (
    pyramid_encoding,
    pyramid_cycle,
    pyramid_dead,
    pyramid_bound,
    pyramid_moves,
    pyramid_search,
    tripeaks_score,
)
"""The parts of the search core and TriPeaks' score search, the modules setup.py compiles."""


def test_the_install_compiled_the_pyramid_core() -> None:
    """``pip install`` (setup.py) builds every part of the core with mypyc; without the
    build every Pyramid search runs about half as fast (set ``PRINTPLAY_PURE=1`` to test
    without it)."""
    if os.environ.get("PRINTPLAY_PURE"):
        assert all(compiled.native(part) is part for part in PARTS)
        return
    for part in PARTS:
        assert compiled.native(part) is not part, (
            f"the compiled {part.__name__} is missing or stale: reinstall (with a C "
            "compiler), or set PRINTPLAY_PURE=1 to test the Python core"
        )
    assert pyramid.Searcher is compiled.native(pyramid_search).Searcher
    assert pyramid.Puzzle is compiled.native(pyramid_encoding).Puzzle


def compiled_part(part: ModuleType) -> ModuleType:
    """The compiled build of a part of the core (the test skips without one)."""
    build = compiled.native(part)
    if build is part:
        pytest.skip("no compiled core in this install")
    return build


def test_the_parts_of_a_compiled_searcher_are_compiled() -> None:
    """A compiled part calls the compiled builds of the others (each build imports the
    others' builds), never their Python modules."""
    search = compiled_part(pyramid_search)
    encoding = compiled_part(pyramid_encoding)
    puzzle = encoding.Puzzle(2, (5, 8, 1), (), (12, 5), 0, 2)
    searcher = search.Searcher(puzzle, Clock(None))
    assert type(searcher.t) is encoding.Tables
    assert type(searcher.index) is encoding.RankIndex
    assert type(searcher.moves) is compiled_part(pyramid_moves).Moves
    assert type(searcher.tests) is compiled_part(pyramid_dead).DeadTests
    assert type(searcher.bounds) is compiled_part(pyramid_bound).Bound
    dead = compiled_part(pyramid_dead)
    assert dead.fewest_in_cycle is compiled_part(pyramid_cycle).fewest_in_cycle


def test_an_edited_source_is_not_run_compiled() -> None:
    """A build is fresh only for the very source it was built from."""
    for part in PARTS:
        build = compiled_part(part)
        source = Path(part.__file__ or "").read_bytes()
        assert compiled.fresh(build, source)
        assert not compiled.fresh(build, source + b"\n")
        assert not compiled.fresh(part, source)


def fake_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> tuple[ModuleType, ModuleType]:
    """Two Python modules ``a`` and ``b`` of a package ``name`` and, as if an install had
    compiled them together, a build of each (a module that claims to be an extension,
    with the digest of its source and of the group's other sources)."""
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PRINTPLAY_PURE", raising=False)
    group = (f"{name}.a", f"{name}.b")
    sources = {full: f"WHO = {full.rpartition('.')[2]!r}\n".encode() for full in group}
    digests = {full: hashlib.sha256(source).hexdigest() for full, source in sources.items()}
    modules = []
    for full in group:
        leaf = full.rpartition(".")[2]
        (package / f"{leaf}.py").write_bytes(sources[full])
        module = importlib.import_module(full)
        monkeypatch.setitem(sys.modules, full, module)  # (gone after the test)
        build = ModuleType(f"{full}_native")
        build.__file__ = str(package / f"{leaf}_native{importlib.machinery.EXTENSION_SUFFIXES[0]}")
        build.SOURCE_SHA256 = digests[full]  # type: ignore[attr-defined]
        build.GROUP_SHA256 = {  # type: ignore[attr-defined]
            other: digest for other, digest in digests.items() if other != full
        }
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
    sys.modules["apart_group.b_native"].GROUP_SHA256 = {}  # type: ignore[attr-defined]
    assert compiled.native(c) is c


@pytest.mark.parametrize("deck", [2, 3, 5, 12])
def test_the_compiled_core_searches_as_the_python_one(deck: int) -> None:
    """The same verdict, the same shortest line and the same positions searched."""
    build = compiled_part(pyramid_search)
    game = Pyramid(PyramidOptions(clear_the_board=True))
    line = DECKS.read_text().splitlines()[deck - 1]
    puzzle = pyramid.encode(game.initial_state(explicit_deal(line, game.deck()))).puzzle
    found = []
    for core in (pyramid_search, build):
        searcher = core.Searcher(puzzle, Clock(None))
        won = searcher.decide()
        best = searcher.shortest() if won is not None else None
        found.append((won, best, searcher.states))
    assert found[0] == found[1]
    assert (found[0][1] is None) == (deck == 3)


@pytest.mark.parametrize(("seed", "options"), [(2, ()), (5, ("strict-draw",)), (8, ("no-wrap",))])
def test_the_compiled_score_search_finds_what_the_python_one_does(
    seed: int, options: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """TriPeaks' best score, compiled and as Python: the same score, the same line, the same
    positions searched (deal 8 with no wrapping cannot be won: every finished game counts)."""
    from printplay.core.deal import numbered_deal
    from printplay.games import make_solitaire

    build = compiled_part(tripeaks_score)
    assert tripeaks.compiled.native(tripeaks_score) is build  # the solver runs the build
    game = make_solitaire("tripeaks", options)
    state = game.initial_state(numbered_deal(game.deck(), seed))
    found = []
    for module in (build, tripeaks_score):
        monkeypatch.setattr(tripeaks.compiled, "native", lambda _, chosen=module: chosen)
        result = tripeaks.best_score(state)
        found.append((result.solvable, result.score, result.moves, result.states))
    assert found[0] == found[1]
    assert found[0][0] is (seed != 8)


@pytest.mark.parametrize("part", PARTS, ids=lambda part: part.__name__)
def test_compiled_parts_call_no_python_by_name(part: ModuleType) -> None:
    """What mypyc compiles into calls through Python stays out of the compiled modules:
    ``int.bit_count`` (no primitive in mypyc 2.4: a method looked up by its name each time;
    :func:`~printplay.solve.pyramid_encoding.ones` counts instead), and module constants not
    marked ``Final`` (read from the module's dictionary by name at each use; ``Final`` ones
    are written into the code).  ``LIMITED_WORK`` stays a variable: a test changes it."""
    tree = ast.parse(Path(part.__file__ or "").read_text(encoding="utf-8"))
    counted = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "bit_count"
    ]
    assert not counted, f"bit_count() at lines {counted}"
    plain = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id.isupper()
        if isinstance(node.value, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.Name))
    ]
    assert set(plain) <= {"LIMITED_WORK"}, f"constants not Final: {plain}"


def test_ones_counts_bits_as_bit_count() -> None:
    values = [0, 1, 2, 3, (1 << 32) - 1, 1 << 32, (1 << 62) - 1, (1 << 64) - 1, (1 << 130) + 5]
    values += [(seed * 0x9E3779B97F4A7C15) % (1 << (seed % 70 + 1)) for seed in range(3000)]
    for value in values:
        assert pyramid_encoding.ones(value) == value.bit_count()
        assert compiled.native(pyramid_encoding).ones(value) == value.bit_count()
    assert pyramid_encoding.ones(-6) == (-6).bit_count() == 2
