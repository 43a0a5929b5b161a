"""Shared fixtures: paths to the external data and small helpers."""

from __future__ import annotations

import fcntl
import gc
import hashlib
import json
import os
import pickle
from collections.abc import Callable, Container, Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeVar

import pytest
from _pytest.doctest import DoctestModule
from developer_loop import LEFT_OUT
from hypothesis import settings

from printplay.analysis.curated import SeedDeal
from printplay.builders.commands import sheet_request
from printplay.builders.sheet import build_sheet
from printplay.builders.site import featured_deals
from printplay.builders.walkthrough import choose_line
from printplay.core import options as opts
from printplay.core.deal import Deal, numbered_deal
from printplay.core.verdicts import SolveResult
from printplay.games import REGISTRY, make_solitaire
from printplay.makers.demo import SITE_FOLDER, run_demo
from printplay.makers.printable_words import printable_words
from printplay.makers.requests import make_printable
from printplay.models.printable import Line, PrintRequest
from printplay.render.sheet_pdf import draw_sheet

if TYPE_CHECKING:
    from printplay.makers.kit_maker import Kit

# --- Doctests: only files that hold an example ---------------------------------------------


class PromptlessDoctests:
    """``--doctest-modules`` imports every ``.py`` file under the test paths, in every xdist
    worker, to look for examples; most of the package's modules hold none. A file whose
    text has no ``>>>`` prompt can hold no doctest (the parser finds examples by their
    prompt), so its doctest collector is dropped before it imports anything: the tests
    collected are the same. That every module of the package imports is checked by
    ``test_architecture.py::test_every_module_of_the_package_imports``, in one worker.

    Registered as a plugin (:func:`pytest_configure`), not as this file's own hook: a
    conftest's collection hooks see only the files under its folder, and the package's
    modules are not under ``tests/``."""

    @pytest.hookimpl(wrapper=True)
    def pytest_collect_file(
        self,
    ) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
        """The collectors of a file, without a doctest collector where it holds no prompt."""
        found = yield
        return [
            collector
            for collector in found
            if not isinstance(collector, DoctestModule) or b">>>" in collector.path.read_bytes()
        ]


def pytest_configure(config: pytest.Config) -> None:
    """Register :class:`PromptlessDoctests` for the whole run."""
    config.pluginmanager.register(PromptlessDoctests(), "printplay-promptless-doctests")


# --- The garbage collector: what collection built is never walked again ---------------------

COLLECTOR_THRESHOLD = 10_000
"""Allocations between two collections of the young generation in a test process (Python's
default is 700)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection built (the test modules, their items, the package's modules
    they imported), so no later collection walks it, and collect the young generation
    every :data:`COLLECTOR_THRESHOLD` allocations: with Python's defaults, collections of a
    worker's ever larger heap cost about a tenth of the developer's loop's processor time
    (docs/benchmarks.md, "The developer's loop"). Cycles are still collected; no check
    depends on when."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(COLLECTOR_THRESHOLD, *gc.get_threshold()[1:])
    AFTER_COLLECTION.update(frozen=gc.get_freeze_count(), threshold=gc.get_threshold()[0])


AFTER_COLLECTION: dict[str, int] = {}
"""What :func:`pytest_collection_finish` left: objects frozen, the young generation's
threshold (a test that runs mypy in the process leaves mypy's own settings behind it)."""


# --- Property tests: the same examples every run ----------------------------------------------

settings.register_profile("printplay", derandomize=True, database=None)
settings.load_profile("printplay")
"""Every property test draws the same examples each run (``derandomize``: seeded from the
test's name, no example database): its cost and what it covers stay the same from run to
run, and a failure is seen again by running again. The agreement tests' sample sizes were
chosen by the example at which each caught the bugs planted in the solvers
(docs/benchmarks.md, "The test suite"), which holds only for these fixed examples."""

# --- The command line in-process: its click command built once -------------------------------


@pytest.fixture(autouse=True, scope="session")
def click_command_built_once() -> Iterator[None]:
    """Typer builds an app's click command again at every call (printplay's root group,
    then the verb a run reaches, reading its signature and annotations: about 4 ms a call,
    more than many verbs take); the tests call the command line in-process hundreds of
    times, so each app's command is built once a run, each verb in it once, and called
    again. The command holds the verbs themselves, which look up what they call as they
    run: a test patching a module's function still reaches it."""
    import typer.main

    build = typer.main.get_command
    built: dict[int, tuple[Any, Any]] = {}

    def get_command(typer_instance: Any) -> Any:
        known = built.get(id(typer_instance))
        if known is None or known[0] is not typer_instance:
            known = built[id(typer_instance)] = (typer_instance, build(typer_instance))
        return known[1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.main, "get_command", get_command)
        yield


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
    return draw_sheet(sheet, path, words=printable_words("sheet.j2"), **kwargs)


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


# --- Built once a run, for every pytest-xdist worker ------------------------------------------

T = TypeVar("T")


def shared_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every pytest-xdist worker of this run shares (each worker's own
    base folder is inside it), or the run's base folder without xdist."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], T]) -> T:
    """``build(folder)`` run once a run, whichever worker asks first (the others wait for
    it, then read what it returned): an expensive printable typeset once and read by every
    test that checks it. ``folder`` is empty and kept for the run; what ``build`` returns
    must pickle. The tests read what was built and change none of it."""
    root = shared_folder(factory)
    record = root / f"{name}.pickle"
    with _locked(root / f"{name}.lock"):
        if not record.exists():
            folder = root / name
            folder.mkdir(exist_ok=True)
            record.write_bytes(pickle.dumps(build(folder)))
    value: T = pickle.loads(record.read_bytes())
    return value


def _slug(*parts: object) -> str:
    """A file name made of ``parts`` (options joined by ``+``, none as ``standard``)."""
    words = ["+".join(p) or "standard" if isinstance(p, tuple) else str(p) for p in parts]
    return "-".join(words).replace("/", "_")


@dataclass(frozen=True)
class Printed:
    """Printables typeset once a run (:func:`built_once`), for every test that reads them:
    a sheet walks through its golden line (:func:`sheet_with_line`), the others are made
    by the registry's maker as ``printplay VERB`` makes them. A test that checks the same
    input gives the same bytes typesets once more and compares with these."""

    factory: pytest.TempPathFactory

    def sheet(
        self,
        game: str,
        seed: int,
        options: tuple[str, ...] = (),
        *,
        paper: str = "a4",
        spoiler_free: bool = False,
    ) -> Path:
        """The sheet of numbered deal ``seed`` of ``game`` under ``options``."""
        name = _slug("sheet", game, options, seed, paper, *(["sf"] if spoiler_free else []))

        def build(folder: Path) -> Path:
            solitaire = make_solitaire(game, options)
            deal = numbered_deal(solitaire.deck(), seed)
            path = folder / f"{name}.pdf"
            return sheet_with_line(solitaire, deal, path, paper=paper, spoiler_free=spoiler_free)

        return built_once(self.factory, f"printed-{name}", build)

    def printable(
        self, kind: str, game: str, options: tuple[str, ...] = (), *, paper: str = "a4"
    ) -> Path:
        """``printplay KIND GAME`` (a rulebook, a mat, a table card …) under ``options``."""
        name = _slug(kind.replace(" ", "-"), game, options, paper)

        def build(folder: Path) -> Path:
            request = PrintRequest(game, folder / f"{name}.pdf", options, paper=paper)
            return make_printable(kind, request)

        return built_once(self.factory, f"printed-{name}", build)

    def rulebook(self, game: str, options: tuple[str, ...] = (), *, paper: str = "a4") -> Path:
        """``printplay rules GAME`` under ``options``."""
        return self.printable("rulebook", game, options, paper=paper)

    def curated_book(self, game: str, *, paper: str = "a4") -> Path:
        """``printplay book GAME --difficulty curated``: the curated puzzles, from their
        stored lines (nothing searched)."""
        return self.curated_book_sketched(game, paper=paper)[0]

    def curated_book_sketched(self, game: str, *, paper: str = "a4") -> tuple[Path, dict[str, int]]:
        """:meth:`curated_book`, and where the first layout pass of it found its marks
        (what a kit printing the same book is handed)."""
        from printplay.makers.book_maker import curated_book

        name = _slug("curated-book", game, paper)

        def build(folder: Path) -> tuple[Path, dict[str, int]]:
            path, _, pages = curated_book(game, folder / f"{name}.pdf", paper=paper)
            return path, dict(pages.sketched)

        return built_once(self.factory, f"printed-{name}", build)

    def kit(self, game: str, *, paper: str) -> Kit:
        """``printplay kit GAME``: every part, the game's kit deals walked through their
        golden lines (:func:`kit_lines`). Its rulebook and mat are this run's (:meth:`rulebook`,
        :meth:`printable`: other tests read them), taken renumbered, and a puzzle book of
        :data:`BOOKS_READ` starts from the first layout pass of :meth:`curated_book_sketched`,
        as the demo hands its kit what it made already: the kit is the same file, byte for
        byte (``test_kit::test_a_kit_takes_the_parts_made_already_renumbered``)."""
        from printplay.games import entry
        from printplay.makers.kit_maker import build_kit
        from printplay.makers.requests import made_key

        name = _slug("kit", game, paper)

        def build(folder: Path) -> Kit:
            made = {
                made_key(kind, PrintRequest(game, Path(), paper=paper)): self.printable(
                    kind, game, paper=paper
                )
                for kind in ("rulebook", "mat")
                if kind in entry(game).printables
            }
            sketched = None
            if (game, paper) in BOOKS_READ:
                sketched = self.curated_book_sketched(game, paper=paper)[1]
            path = folder / f"{name}.pdf"
            return build_kit(
                game, path, paper=paper, results=kit_lines(game), made=made, sketched=sketched
            )

        return built_once(self.factory, f"printed-{name}", build)


BOOKS_READ = {("ricochet", "letter"), ("pyramid", "letter"), ("tripeaks", "a4"), ("ricochet", "a4")}
"""The curated puzzle books that tests read (:meth:`Printed.curated_book`): a kit of the same
game and paper starts its book from their first layout pass (another kit's book would be
typeset whole only for that)."""


def kit_lines(game: str) -> dict[tuple[int, tuple[str, ...]], SolveResult]:
    """The walkthrough lines of ``game``'s kit deals, from the golden file (no search)."""
    from printplay.builders.kit import kit_deals
    from printplay.games import entry

    if not entry(game).is_solitaire:
        return {}
    lines: dict[tuple[int, tuple[str, ...]], SolveResult] = {}
    for deal in kit_deals(game):
        assert deal.seed is not None
        solitaire = make_solitaire(game, list(deal.options))
        lines[(deal.seed, deal.options)] = walkthrough_line(solitaire, deal.deal())
    return lines


@pytest.fixture(scope="session")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    """The printables typeset once a run (:class:`Printed`)."""
    return Printed(tmp_path_factory)


KIT_DEALS = [8, 2]
"""The deals of :func:`tripeaks_kit`: deal 8 (in first-deals: it cannot be won) and deal 2
(not in it: standard options)."""


@pytest.fixture(scope="session")
def tripeaks_kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """TriPeaks' whole kit on A4 (rulebook, mat, the sheets of :data:`KIT_DEALS`, puzzles,
    deck), built once a run with the golden walkthrough lines (no search)."""

    def build(folder: Path) -> Kit:
        from printplay.makers.kit_maker import build_kit

        game = make_solitaire("tripeaks")
        lines = {n: walkthrough_line(game, numbered_deal(game.deck(), n)) for n in KIT_DEALS}
        return build_kit("tripeaks", folder / "kit.pdf", deals=KIT_DEALS, results=lines)

    return built_once(tmp_path_factory, "tripeaks-kit", build)


@dataclass(frozen=True)
class MadeParts:
    """Parts of :func:`tripeaks_kit` made on their own, in full ink, as the demo makes them
    before its kit: the PDFs by their :func:`~printplay.makers.requests.made_key`, and where
    the first layout pass of the curated puzzle book found its marks."""

    made: dict[Any, Path]
    sketched: dict[str, int]


@pytest.fixture(scope="session")
def tripeaks_made(tmp_path_factory: pytest.TempPathFactory, printed: Printed) -> MadeParts:
    """TriPeaks' rulebook, mat and the sheets of :data:`KIT_DEALS` (their golden lines),
    each typeset once a run, and the curated book's marks: what a kit is handed to take
    instead of typesetting them again (the full kit and the lite kit tests both read it)."""
    from printplay.builders.kit import kit_deals
    from printplay.makers.requests import made_key

    def sheets(folder: Path) -> dict[Any, Path]:
        game = make_solitaire("tripeaks")
        made: dict[Any, Path] = {}
        for deal in kit_deals("tripeaks", KIT_DEALS):
            assert deal.seed is not None
            request = PrintRequest(
                "tripeaks",
                folder / f"deal-{deal.seed}.pdf",
                deal.options,
                seed=deal.seed,
                deal_codes=deal.cards,
                result=walkthrough_line(game, numbered_deal(game.deck(), deal.seed)),
            )
            made[made_key("sheet", request)] = make_printable("sheet", request)
        return made

    made = built_once(tmp_path_factory, "tripeaks-kit-sheets", sheets)
    for kind in ("rulebook", "mat"):
        made[made_key(kind, PrintRequest("tripeaks", Path()))] = printed.printable(kind, "tripeaks")
    return MadeParts(made, printed.curated_book_sketched("tripeaks")[1])


@dataclass(frozen=True)
class DemoRun:
    """What ``printplay demo`` wrote: its folder and the paths it returned, in order."""

    folder: Path
    paths: tuple[Path, ...]


def _golden_choose_line(real: Callable[..., SolveResult]) -> Callable[..., SolveResult]:
    """:func:`~printplay.builders.walkthrough.choose_line` answering from the golden
    lines (:func:`walkthrough_line`) for the deals the demo prints (every game's demo
    deals and its website's featured deals), searching for any other position."""
    from printplay.makers.demo import demo_deals
    from printplay.makers.site_maker import DEFAULT_DEALS

    known: dict[tuple[str, tuple[str, ...], Any], SeedDeal] = {}
    for name, entry in REGISTRY.items():
        if entry.is_solitaire:
            for deal in [*demo_deals(name), *featured_deals(name, DEFAULT_DEALS)]:
                game = make_solitaire(name, deal.options)
                start = game.initial_state(deal.deal())
                known[(name, tuple(opts.chosen(game.options)), start)] = deal

    def choose(game: Any, state: Any, **kwargs: Any) -> SolveResult:
        deal = known.get((game.name, tuple(opts.chosen(game.options)), state))
        if deal is None:
            return real(game, state, **kwargs)
        return walkthrough_line(game, deal.deal())

    return choose


def _printed_for_the_demo(printed: Printed, patch: pytest.MonkeyPatch) -> None:
    """Make the demo take from :class:`Printed` the printables and curated books it asks
    for as Printed makes them (a rulebook, mat or table card with no options, deal or
    house folder; a curated book on its own), copied to where the demo writes them, instead
    of typesetting them again: other tests read the same files (the same bytes: the same
    maker, an equal request). Anything else, and the kit's book, the demo makes itself."""
    import shutil

    from printplay.makers import book_maker, demo

    real_printable, real_book = make_printable, book_maker.curated_book
    busy: list[bool] = []  # Printed typesetting a book: its own call goes to the real one

    def printable(kind: str, request: PrintRequest, made: Any = None) -> Path:
        plain = PrintRequest(request.game, request.path, paper=request.paper)
        if kind == "sheet" or made is not None or request != plain:
            return real_printable(kind, request, made)
        shutil.copyfile(printed.printable(kind, request.game, paper=request.paper), request.path)
        return request.path

    def curated_book(game: str, path: Path, *, paper: str = "a4", **kwargs: Any) -> Any:
        if busy or kwargs:
            return real_book(game, path, paper=paper, **kwargs)
        busy.append(True)
        try:
            made, sketched = printed.curated_book_sketched(game, paper=paper)
        finally:
            busy.clear()
        shutil.copyfile(made, path)
        return path, None, SimpleNamespace(sketched=sketched)

    patch.setattr(demo, "make_printable", printable)
    patch.setattr(book_maker, "curated_book", curated_book)


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory: pytest.TempPathFactory, printed: Printed) -> DemoRun:
    """``printplay demo`` run once a run (:func:`built_once`): the demo's own test reads
    what it wrote, and the website's tests read the site it built (every game, its
    featured deals). The walkthroughs it prints take the lines stored in seeds/ (checked),
    as the demo does; a deal stored with none takes its line from the golden file, as
    every sheet test does, instead of searching for it again. The rulebooks, mats and
    curated books other tests read are this run's (:func:`_printed_for_the_demo`)."""

    def run(folder: Path) -> list[str]:
        from printplay.builders import walkthrough

        with pytest.MonkeyPatch.context() as patch:
            choose = _golden_choose_line(walkthrough.choose_line)
            patch.setattr(walkthrough, "choose_line", choose)
            _printed_for_the_demo(printed, patch)
            return [str(path) for path in run_demo(folder)]

    paths = built_once(tmp_path_factory, "demo", run)
    return DemoRun(shared_folder(tmp_path_factory) / "demo", tuple(Path(p) for p in paths))


@pytest.fixture(scope="session")
def built_site(demo_run: DemoRun) -> Path:
    """The website the demo built: every game, :data:`DEFAULT_DEALS` featured deals each."""
    return demo_run.folder / SITE_FOLDER


# --- A deal graded once a process -------------------------------------------------------------

_GRADES: dict[tuple[Any, ...], tuple[Any, Any]] = {}
"""What :func:`grades_once` has graded in this process: the game's declaration (kept so its
``id`` is not reused) and the answer, by the call's every input."""

_BUNDLED = dict(REGISTRY)
"""The games the package declares (a test may register one of its own for a while)."""


def _shared_grade(
    folder: Path, game: Any, deal: Deal, levels: Any, grade: Callable[[], Any]
) -> Any:
    """``grade()``, kept in ``folder`` for every pytest-xdist worker of the run by the
    call's inputs (a bundled game's name, options, deal and levels): with ``--dist
    loadfile`` the files that grade the same deals (the books', the grading's, the seeds',
    the statistics') often run on different workers."""
    wanted = None if levels is None else tuple(sorted(levels))
    key = pickle.dumps((game.name, tuple(opts.chosen(game.options)), deal, wanted))
    record = folder / f"{hashlib.sha256(key).hexdigest()}.pickle"
    if record.exists():
        return pickle.loads(record.read_bytes())
    found = grade()
    part = record.with_suffix(f".{os.getpid()}.part")
    part.write_bytes(pickle.dumps(found))
    part.replace(record)  # whole or not at all: another worker may read it now
    return found


@pytest.fixture
def grades_once(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """:func:`~printplay.analysis.grading.grade_deal` answering a call it answered before in
    this run (the same game, declaration, options, deal and levels) with what it answered
    then, instead of grading the deal again: the books', the grading's, the seeds' and the
    verbs' tests grade many of the same deals (the first deals of each level). Kept in the
    process, and for a game the package declares in the run's shared folder too
    (:func:`_shared_grade`). The grading is deterministic for given inputs (its random
    games are seeded by the deal and the options), which
    :func:`test_grading.test_a_grade_is_the_same_on_every_run` checks with fresh grades (a
    test marked ``fresh_grades`` grades as the package does). A test that puts its own
    ``grade_deal`` in place after this fixture is answered by its own."""
    if request.node.get_closest_marker("fresh_grades"):
        return
    from printplay.analysis import grading
    from printplay.games import entry

    real = grading.grade_deal
    folder = shared_folder(tmp_path_factory) / "grades"
    folder.mkdir(exist_ok=True)

    def grade_deal(game: Any, deal: Deal, levels: Any = None) -> Any:
        declared = entry(game.name)
        wanted = None if levels is None else frozenset(levels)
        key = (game.name, id(declared), tuple(opts.chosen(game.options)), deal, wanted)
        if key not in _GRADES:
            if declared is _BUNDLED.get(game.name):
                found = _shared_grade(folder, game, deal, levels, lambda: real(game, deal, levels))
            else:
                found = real(game, deal, levels)
            _GRADES[key] = (declared, found)
        return _GRADES[key][1]

    monkeypatch.setattr(grading, "grade_deal", grade_deal)


SLOW_FIXTURES = {"demo_run"}
"""Fixtures that build something large (the demo and its website): the tests using them are slow."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses a :data:`SLOW_FIXTURES` fixture ``slow`` (``-m "not slow"``
    leaves them out while developing; CI runs them), and those the developer's loop
    leaves out (:data:`developer_loop.LEFT_OUT`), and every test asking for
    :func:`unprivileged` ``unprivileged`` (``.ci/run`` runs those again without root's
    power over files)."""
    seen: dict[str, int] = {}
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if SLOW_FIXTURES & names:
            item.add_marker(pytest.mark.slow)
        if "unprivileged" in names:
            item.add_marker(pytest.mark.unprivileged)
        key = loop_key(item)
        kept = LEFT_OUT.get(key)
        if kept is not None:
            index = seen[key] = seen.get(key, -1) + 1
            callspec = getattr(item, "callspec", None)
            if not kept.keeps(callspec.id if callspec else None, index):
                item.add_marker(pytest.mark.slow)


def loop_key(item: pytest.Item) -> str:
    """``file::function`` of a test, as :data:`developer_loop.LEFT_OUT` names it."""
    name = getattr(item, "originalname", item.name)
    return f"{item.path.name}::{name}"


# --- What file permissions refuse -------------------------------------------------------------

UNPRIVILEGED_RUN = "PRINTPLAY_TESTS_UNPRIVILEGED"
"""Set by ``.ci/run`` for its run of the ``unprivileged`` tests: there, a test that finds
that permissions do not bite fails instead of skipping."""


def permissions_bite(folder: Path) -> bool:
    """Whether this process is refused a file its mode forbids (root, or any process with
    ``CAP_DAC_OVERRIDE``, is not)."""
    probe = folder / ".permission-probe"
    probe.write_bytes(b"")
    probe.chmod(0)
    try:
        with open(probe, "rb"):
            return False
    except PermissionError:
        return True
    finally:
        probe.chmod(0o600)
        probe.unlink()


@pytest.fixture
def unprivileged(tmp_path: Path) -> None:
    """For a test of what file permissions refuse (an unreadable source, a folder one may
    not write in): skipped where permissions do not bite, as for root, who reads and
    writes every file. CI runs as root, so ``.ci/run`` runs these tests again without that
    power (``setpriv``, the capabilities that override file modes dropped), with
    :data:`UNPRIVILEGED_RUN` set: there a test that cannot check what it is for fails."""
    if permissions_bite(tmp_path):
        return
    if os.environ.get(UNPRIVILEGED_RUN):
        pytest.fail("file permissions do not bite in the unprivileged run (see .ci/run)")
    pytest.skip("file permissions do not bite for this user (root): .ci/run runs this unprivileged")


def mostly_slow(values: Iterable[Any], fast: Container[Any]) -> list[Any]:
    """``values`` for ``pytest.mark.parametrize``, each marked ``slow`` unless it is in
    ``fast``: an agreement test keeps a few cases in the developer's loop (``-m "not
    slow"``) and runs them all in CI."""
    return [
        value if value in fast else pytest.param(value, marks=pytest.mark.slow) for value in values
    ]
