"""Shared fixtures: paths to the external data and small helpers."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Container, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from printplay.analysis.curated import SeedDeal
from printplay.builders.commands import sheet_request
from printplay.builders.sheet import build_sheet
from printplay.builders.site import featured_deals
from printplay.builders.walkthrough import choose_line
from printplay.core import options as opts
from printplay.core.deal import Deal
from printplay.core.verdicts import SolveResult
from printplay.games import REGISTRY, make_solitaire
from printplay.makers.demo import SITE_FOLDER, run_demo
from printplay.models.printable import Line
from printplay.render.sheet_pdf import draw_sheet

REPO = Path(__file__).resolve().parent.parent
BUNDLED = REPO / "tests" / "data" / "random-decks-1500.txt"


@pytest.fixture(scope="session")
def external_decks() -> list[str]:
    """The 1500 published test decks, one line of 52 codes each."""
    return BUNDLED.read_text(encoding="utf-8").split("\n")[:1500]


# --- Walkthrough lines, solved once and kept -------------------------------------------------

LINES = REPO / "tests" / "golden" / "walkthrough_lines.json"
"""The lines sheet tests print, as the solver found them (regenerate with
``PRINTPLAY_REGENERATE_GOLDEN=1``): a sheet test typesets, it does not search again.
Every line is replayed through the engine when the sheet is built."""

_lines: dict[str, Any] | None = None


def _line_key(game: Any, deal: Deal) -> str:
    return f"{game.name}|{','.join(opts.chosen(game.options))}|{deal.code}"


def _normal(lines: dict[str, Any]) -> dict[str, Any]:
    """Entries read from the file (``head`` and ``moves``) back in the flat shape."""
    return {k: ({**v["head"], "moves": v["moves"]} if "head" in v else v) for k, v in lines.items()}


def _format_lines(lines: dict[str, Any]) -> str:
    """The golden lines, one move to a line, keys sorted (small, readable diffs)."""
    out = []
    for key, data in sorted(lines.items()):
        head = {k: v for k, v in data.items() if k != "moves"}
        moves = ",\n".join(f"   {json.dumps(move)}" for move in data["moves"])
        body = f'  "head": {json.dumps(head)},\n  "moves": [\n{moves}\n  ]'
        out.append(f" {json.dumps(key)}: {{\n{body}\n }}")
    return "{\n" + ",\n".join(out) + "\n}\n"


def walkthrough_line(game: Any, deal: Deal) -> SolveResult:
    """The line ``printplay sheet`` shows for ``deal``: from the golden file, or searched
    (and written to it when regenerating)."""
    global _lines
    if _lines is None:
        _lines = json.loads(LINES.read_text(encoding="utf-8")) if LINES.exists() else {}
    key = _line_key(game, deal)
    data = _lines.get(key)
    if data is None:
        result = choose_line(game, game.initial_state(deal))
        data = result.to_json()
        data["stats"]["seconds"] = 0.0  # the file pins lines, not timings
        data["reason"] = result.reason
        _lines[key] = data
        if os.environ.get("PRINTPLAY_REGENERATE_GOLDEN"):
            LINES.write_text(_format_lines(_normal(_lines)), encoding="utf-8")
    if "head" in data:
        data = {**data["head"], "moves": data["moves"]}
    return SolveResult(
        solvable=data["solvable"],
        moves=tuple(game.move_from_json(move) for move in data["moves"]),
        states=data["stats"]["states"],
        seconds=0.0,
        score=data["score"],
        optimal=data["optimal"],
        reason=data.get("reason", ""),
    )


def sheet_with_line(game: Any, deal: Deal, path: Path, **kwargs: Any) -> Path:
    """The sheet of ``deal`` (:func:`~printplay.render.sheet_pdf.draw_sheet`) with the line of
    :func:`walkthrough_line`, printing the command that makes it again (its paper, its
    spoiler-free flag) as ``printplay sheet`` does."""
    flags = {key: kwargs[key] for key in ("paper", "spoiler_free") if key in kwargs}
    request = sheet_request(game, deal, **flags)
    sheet = build_sheet(game, deal, walkthrough_line(game, deal), request=request)
    return draw_sheet(sheet, path, **kwargs)


# --- The website, built once --------------------------------------------------------------

SITE_DEALS = 1
"""Featured deals a solitaire gets in the site the tests build."""


def site_results(deals: int = SITE_DEALS) -> dict[SeedDeal, Line]:
    """The lines of the featured deals, from the golden file (the site typesets them)."""
    results: dict[SeedDeal, Line] = {}
    for name in REGISTRY:
        for deal in featured_deals(name, deals):
            results[deal] = walkthrough_line(make_solitaire(name, deal.options), deal.deal())
    return results


@dataclass(frozen=True)
class DemoRun:
    """What ``printplay demo`` wrote: its folder and the paths it returned, in order."""

    folder: Path
    paths: tuple[Path, ...]


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> DemoRun:
    """``printplay demo`` run once a run, into a folder pytest-xdist's workers share (the
    first to ask runs it under a lock): the demo's own test reads what it wrote, and the
    website's tests read the site it built (every game, its featured deals solved)."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "demo"
    record = root / "demo-paths.json"
    with open(root / "demo.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not record.exists():
            paths = run_demo(folder)
            record.write_text(json.dumps([str(path) for path in paths]), encoding="utf-8")
    return DemoRun(folder, tuple(Path(p) for p in json.loads(record.read_text(encoding="utf-8"))))


@pytest.fixture(scope="session")
def built_site(demo_run: DemoRun) -> Path:
    """The website the demo built: every game, :data:`DEFAULT_DEALS` featured deals each."""
    return demo_run.folder / SITE_FOLDER


SLOW_FIXTURES = {"demo_run"}
"""Fixtures that build something large (the demo and its website): the tests using them are slow."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses a :data:`SLOW_FIXTURES` fixture ``slow`` (``-m "not slow"``
    leaves them out while developing; CI runs them)."""
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def mostly_slow(values: Iterable[Any], fast: Container[Any]) -> list[Any]:
    """``values`` for ``pytest.mark.parametrize``, each marked ``slow`` unless it is in
    ``fast``: an agreement test keeps a few cases in the developer's loop (``-m "not
    slow"``) and runs them all in CI."""
    return [
        value if value in fast else pytest.param(value, marks=pytest.mark.slow) for value in values
    ]
