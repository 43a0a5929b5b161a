"""The limits the code keeps (issue 33's "typed seams"): no function more complex than ruff's
C901 limit of pyproject.toml, no class over 500 lines, few ``Any`` and ``cast``, and registry
lookups that check what an entry names instead of casting it."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from source_trees import classes, package_modules

from printplay.core.errors import GameError
from printplay.games import REGISTRY, entry
from printplay.makers.requests import book_maker, make_printable
from printplay.models.printable import PrintRequest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "printplay"
RUFF = Path(sys.executable).with_name("ruff")

MAX_COMPLEXITY = 25
MAX_CLASS_LINES = 500
MAX_ANY = 30
MAX_CAST = 3


def test_ruff_holds_functions_to_the_complexity_limit() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    lint = config["tool"]["ruff"]["lint"]
    assert "C901" in lint["select"]
    assert lint["mccabe"]["max-complexity"] == MAX_COMPLEXITY
    done = subprocess.run(
        [str(RUFF), "check", "--no-cache", "--select", "C901", str(PACKAGE)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_class_is_over_500_lines() -> None:
    long = [
        f"{path.relative_to(REPO)}:{kind.line} {kind.name} ({kind.length} lines)"
        for path in package_modules()
        for kind in classes(path)
        if kind.length > MAX_CLASS_LINES
    ]
    assert not long


def _lines_matching(pattern: str) -> list[str]:
    found = re.compile(pattern)
    return [
        f"{path.relative_to(REPO)}:{number}"
        for path in package_modules()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if found.search(line)
    ]


def test_any_and_cast_are_rare() -> None:
    # counted as `grep -rnw Any printplay --include=*.py | wc -l` and `grep -rn 'cast('` count
    anys = _lines_matching(r"(?<![\w])Any(?![\w])")
    casts = _lines_matching(r"cast\(")
    assert len(anys) <= MAX_ANY, anys
    assert len(casts) <= MAX_CAST, casts


def test_an_entry_naming_the_wrong_thing_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tripeaks = entry("tripeaks")
    wrong = dataclasses.replace(
        tripeaks,
        other_lines={"shortest": "printplay.core.deal:MAX_SEED"},
        printables={"sheet": "printplay.core.deal:MAX_SEED"},
        book="printplay.core.deal:MAX_SEED",
        engine="printplay.core.deal:MAX_SEED",
        solver="printplay.core.cards",
    )
    monkeypatch.setitem(REGISTRY, "tripeaks", wrong)
    with pytest.raises(GameError, match=r"names printplay.core.deal:MAX_SEED, which is not a line"):
        wrong.line_finder("shortest")
    with pytest.raises(GameError, match=r"names printplay.core.cards, which is not a solver"):
        wrong.solver_module()
    with pytest.raises(GameError, match=r"which is not a game class"):
        wrong.game_class()
    with pytest.raises(GameError, match=r"which is not a book maker"):
        book_maker("tripeaks")
    request = PrintRequest("tripeaks", Path("never-written.pdf"))
    with pytest.raises(GameError, match=r"which is not a printable's maker"):
        make_printable("sheet", request)
    assert not Path("never-written.pdf").exists()


def test_an_entry_naming_the_right_things_loads_them() -> None:
    tripeaks = entry("tripeaks")
    assert tripeaks.line_finder("shortest").__name__ == "shortest_line"
    assert tripeaks.solver_module().__name__ == "printplay.solve.tripeaks_solver"
    assert tripeaks.game_class().__name__ == "TriPeaks"
    assert book_maker("tripeaks").__name__ == "make_book"
