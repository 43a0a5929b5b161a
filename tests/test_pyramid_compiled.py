"""The compiled Pyramid core (:mod:`printplay.solve.compiled`): the install builds it, it is
used only while built from the source beside it, and it searches exactly as the Python core
does (the other Pyramid tests drive it through :mod:`printplay.solve.pyramid`, and test the
core's parts on the Python module)."""

from __future__ import annotations

import os
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
