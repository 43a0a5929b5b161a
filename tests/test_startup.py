"""Verbs start light: what a run imports, checked by module name in a fresh process, and the
machinery that keeps it light (verbs built when reached, values read without pydantic, the
poker tables built on first use) giving what typer and the eager code gave."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from typer._coercion import build_runtime_param
from typer.core import TyperGroup, _TyperParameter

from printplay.cli.app import app, verbs
from printplay.cli.quick_values import QuickParam
from printplay.cli.run import QUICK_MODULES
from printplay.cli.verb_table import FunctionVerb, GroupVerb

PROBE = """
import json, sys
from printplay.cli.app import main
runs = json.loads(sys.argv[1])
statuses = [main(argv) for argv in runs]
with open(sys.argv[2], "w", encoding="utf-8") as found:
    json.dump({"statuses": statuses, "modules": sorted(sys.modules)}, found)
"""
"""Runs the command line in-process, verb after verb, and writes down the statuses and
every module then imported."""

HEAVY = {
    "reportlab": "reportlab",
    "the poker evaluator": "printplay.games.poker.hands",
    "Dask": "dask",
    "Dask's distributed": "distributed",
    "pydantic": "pydantic",
    "rich, printing to a pipe": "rich",
    "typer's rich help and errors": "typer.rich_utils",
    "PySolFC's generators (--numbering pysolfc)": "pysol_cards",
    "OpenSSL, through hashlib": "_hashlib",
    "the curated collections (seeds/)": "printplay.analysis.curated",
}
"""What no plain verb imports (its output piped), by the module that shows it was."""


def imported(
    tmp_path: Path, *runs: Sequence[str], env: dict[str, str] | None = None
) -> tuple[list[int], set[str]]:
    """The exit statuses of ``runs`` in one fresh Python process (its output piped), and
    the modules imported by their end."""
    record = tmp_path / "modules.json"
    plain = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps([list(run) for run in runs]), str(record)],
        cwd=tmp_path,
        env={**plain, "COLUMNS": "100", **(env or {})},
        capture_output=True,
        check=True,
        timeout=300,
    )
    found = json.loads(record.read_text(encoding="utf-8"))
    return found["statuses"], set(found["modules"])


def test_deal_and_solve_import_no_drawing_no_poker_no_dask_no_pydantic(tmp_path: Path) -> None:
    statuses, modules = imported(
        tmp_path,
        ["deal", "tripeaks", "--seed", "1"],
        ["deal", "pyramid", "--seed", "2", "--json"],
        ["solve", "tripeaks", "--seed", "1"],
        ["solve", "ricochet", "--seed", "1", "--json"],
        ["solve", "golf", "--seed", "5"],
        ["solve", "pyramid", "--seed", "2"],  # its compiled core, checked fresh by hash
    )
    assert statuses == [0, 0, 0, 0, 0, 0]
    assert "printplay.solve.pyramid_search_native" in modules
    assert "printplay.games.tripeaks" in modules and "printplay.solve.ricochet_solver" in modules
    loaded = {what for what, module in HEAVY.items() if module in modules}
    assert loaded == set()


def test_each_heavy_name_is_a_module_there_is() -> None:
    """A misspelt name in :data:`HEAVY` would never be found imported."""
    assert [name for name in HEAVY.values() if importlib.util.find_spec(name) is None] == []


def test_help_and_json_need_no_rich(tmp_path: Path) -> None:
    statuses, modules = imported(
        tmp_path,
        ["--help"],
        ["deal", "--help"],
        ["deal", "tripeaks", "--seed", "3", "--json"],
        ["games"],  # Ricochet Poker's options listed without its evaluator
    )
    assert statuses == [0, 0, 0, 0]
    assert "rich" not in modules
    assert "printplay.core.grades" not in modules  # the registry's thresholds are apart
    assert not {module for module in HEAVY.values() if module in modules}


@pytest.mark.parametrize(
    ("argv", "status", "module"),
    [
        (["deal", "tripeaks", "--seed", "1", "-o", "board.svg"], 0, "reportlab"),
        (["poker", "odds", "--hands", "Kd 5c | Jc 3h"], 0, "printplay.games.poker.hands"),
        (["stats", "tripeaks", "--deals", "1..2", "--scheduler", "tcp://127.0.0.1:1"], 1, "dask"),
        (["deal", "tripeaks", "--seed", "x"], 2, "pydantic"),  # typer reads what is unusual
        (["deal", "tripeaks", "--seed", "617", "--numbering", "pysolfc"], 0, "pysol_cards"),
    ],
    ids=["drawing", "poker", "scheduler", "odd value", "pysolfc"],
)
def test_a_verb_that_needs_it_imports_it(
    tmp_path: Path, argv: list[str], status: int, module: str
) -> None:
    """The other side of the checks above: the names looked for are the ones imported."""
    statuses, modules = imported(tmp_path, argv)
    assert statuses == [status]
    assert module in modules


@pytest.mark.parametrize("env", [{"FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "1"}])
def test_a_deal_that_may_print_in_colour_prints_through_rich(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """The other side of the piped checks: rich prints where it may colour."""
    statuses, modules = imported(tmp_path, ["deal", "tripeaks", "--seed", "1"], env=env)
    assert statuses == [0]
    assert "rich.console" in modules


TYPER_AND_ITS_LIBRARY = {
    "typer": "typer",
    "typer's copy of click": "typer._click",
    "typer's completion machinery": "typer.completion",
    "shellingham (the shell, for completion)": "shellingham",
    "subprocess": "subprocess",
    "uuid, and platform behind it": "uuid",
    "difflib (typer's suggestions)": "difflib",
    "datetime": "datetime",
}
"""What ``printplay`` alone, ``--help`` or a plain ``deal``, ``solve`` or ``sheet`` run by the
console script does not import
(``printplay.cli.run``), by the module that shows it was."""

LAUNCH = """
import atexit, json, sys
from printplay.cli.launch import entry
record = sys.argv[1]
atexit.register(lambda: json.dump(sorted(sys.modules), open(record, "w", encoding="utf-8")))
sys.argv = ["printplay", *sys.argv[2:]]
entry()
"""
"""Runs the console script's entry and writes down every module imported by its end."""


def launched(tmp_path: Path, *argv: str) -> tuple[int, str, set[str]]:
    """The exit status, the output and the modules of ``printplay ARGV`` run by the console
    script's entry in a fresh process (its output piped)."""
    record = tmp_path / "launched.json"
    plain = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH, str(record), *argv],
        cwd=tmp_path,
        env={**plain, "COLUMNS": "100"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.returncode, done.stdout, set(json.loads(record.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    "argv",
    [[], ["--help"], ["deal", "tripeaks", "--seed", "1"], ["solve", "tripeaks", "--seed", "1"]],
    ids=["alone", "help", "deal", "solve"],
)
def test_a_plain_line_runs_without_typer(tmp_path: Path, argv: list[str]) -> None:
    status, out, modules = launched(tmp_path, *argv)
    assert status == 0 and out.startswith(("Usage: printplay", "TriPeaks"))
    assert {what for what, name in TYPER_AND_ITS_LIBRARY.items() if name in modules} == set()
    assert not {module for module in HEAVY.values() if module in modules}
    if argv in ([], ["--help"]):  # nor the games, nor the standard library's heavier modules
        assert not {"printplay.games", "dataclasses", "inspect"} & modules


FROZEN = """
import gc, json, sys
from printplay.cli.launch import entry
freeze = gc.freeze
firsts = []
def noted() -> None:
    if not firsts:
        firsts.append(sorted(sys.modules))
    freeze()
gc.freeze = noted
record = sys.argv[1]
sys.argv = ["printplay", *sys.argv[2:]]
try:
    entry()
finally:
    json.dump(firsts[0], open(record, "w", encoding="utf-8"))
"""
"""Runs the console script's entry and writes down the modules loaded when it first froze
what was made (after the command line's imports, before the verb's work)."""


def test_a_plain_sheets_libraries_load_with_the_command_line(tmp_path: Path) -> None:
    """The libraries a plain sheet draws with load before its work, the collector asleep,
    and are frozen with the command line's modules: no collection walks them again."""
    record = tmp_path / "frozen.json"
    argv = ["sheet", "ricochet", "--seed", "2", "-o", "s.pdf"]
    subprocess.run(
        [sys.executable, "-c", FROZEN, str(record), *argv],
        cwd=tmp_path,
        capture_output=True,
        check=True,
        timeout=300,
    )
    frozen = set(json.loads(record.read_text(encoding="utf-8")))
    assert set(QUICK_MODULES["sheet"]) | {"reportlab.platypus", "jinja2"} <= frozen
    assert "printplay.solve.ricochet_solver" not in frozen  # the work had not begun


def test_a_plain_sheet_runs_without_typer(tmp_path: Path) -> None:
    """A sheet's line read without typer (reportlab, which draws it, imports datetime)."""
    status, out, modules = launched(tmp_path, "sheet", "ricochet", "--seed", "2", "-o", "s.pdf")
    assert status == 0 and out == "s.pdf\n" and (tmp_path / "s.pdf").is_file()
    drawing = {"datetime"}
    spared = {name for name in TYPER_AND_ITS_LIBRARY.values() if name not in drawing}
    assert not spared & modules


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["deal", "tripeaks", "--seed", "x"], 2),
        (["games"], 0),
        (["deal", "--help"], 0),
        (["sheet", "ricochet", "--seed", "2", "-o", "s.pdf", "--paper", "A4"], 0),
    ],
)
def test_any_other_line_runs_through_typer(tmp_path: Path, argv: list[str], status: int) -> None:
    """The other side of the check above: the names looked for are the ones imported."""
    assert launched(tmp_path, *argv)[0] == status
    assert set(TYPER_AND_ITS_LIBRARY.values()) <= launched(tmp_path, *argv)[2]


SHEET_SPARES = {
    "markdown-it (rulebooks' Markdown)": "markdown_it",
    "the Markdown typesetter": "printplay.render.markdown_pdf",
    "xml.sax, and urllib and email behind it": "xml.sax.saxutils",
    "the SVG writer": "printplay.render.svg",
    "rich (the spinner, where it would show nothing)": "rich",
    "Pillow's Image module run (reportlab imports it; it loads when used)": "PIL.ExifTags",
    "the puzzle books' model": "printplay.models.book_model",
}
"""What a sheet does not import (it sets no Markdown, writes no SVG and draws no bitmap),
by the module that shows it was."""


def test_a_sheet_imports_no_markdown_no_svg_no_xml(tmp_path: Path) -> None:
    statuses, modules = imported(tmp_path, ["sheet", "ricochet", "--seed", "2", "-o", "s.pdf"])
    assert statuses == [0]
    assert "printplay.render.sheet_pdf" in modules and (tmp_path / "s.pdf").is_file()
    loaded = {what for what, module in SHEET_SPARES.items() if module in modules}
    assert loaded == set()
    drawing = {"reportlab", "_hashlib"}  # reportlab draws the sheet, and imports hashlib
    assert not {module for module in HEAVY.values() if module in modules} - drawing
    assert set(QUICK_MODULES["sheet"]) <= modules  # what the console script loads first


@pytest.mark.parametrize(
    ("argv", "spared"),
    [
        (["rules", "ricochet", "-o", "r.pdf"], ["markdown_it", "printplay.render.markdown_pdf"]),
        (["deal", "ricochet", "--seed", "2", "-o", "b.svg"], ["printplay.render.svg"]),
        (["deal", "ricochet", "--seed", "2", "-o", "b.png"], ["PIL.ExifTags"]),
        (["sheet", "ricochet", "--seed", "2", "-o", "s.pdf"], ["rich.progress"]),
    ],
    ids=["rulebook", "picture", "bitmap", "sheet in colour"],
)
def test_a_verb_that_needs_what_a_sheet_spares_imports_it(
    tmp_path: Path, argv: list[str], spared: list[str]
) -> None:
    """The other side of the check above: the names looked for are the ones imported (a
    sheet whose stderr rich may colour shows its spinner through rich)."""
    env = {"FORCE_COLOR": "1"} if argv[0] == "sheet" else None
    statuses, modules = imported(tmp_path, argv, env=env)
    assert statuses == [0]
    assert set(spared) <= modules


def test_the_console_script_spares_the_last_garbage_collections(tmp_path: Path) -> None:
    """Once the command line has returned, the objects left are frozen (``gc.freeze``): the
    interpreter's final collections skip them; exit handlers still run, output is whole."""
    probe = (
        "import atexit, gc, sys\n"
        "from printplay.cli.launch import entry\n"
        "atexit.register(lambda: sys.stderr.write(f'frozen {gc.get_freeze_count() > 0}'))\n"
        "sys.argv = ['printplay', 'deal', 'tripeaks', '--seed', '1', '--json']\n"
        "entry()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["deal_code"] == "BUZX-PAEV"
    assert done.stderr == "frozen True"


def test_the_verb_runs_with_the_collector_on_and_the_command_line_frozen(
    tmp_path: Path,
) -> None:
    """The collector sleeps only while the command line loads: a long verb still collects
    its garbage, and never walks the modules' objects again (frozen)."""
    probe = (
        "import gc, sys\n"
        "import printplay.cli.app as app\n"
        "from printplay.cli.launch import entry\n"
        "def main():\n"
        "    print(gc.isenabled(), gc.get_freeze_count() > 1000)\n"
        "    return 0\n"
        "app.main = main\n"
        "sys.argv = ['printplay', 'games']\n"
        "entry()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert (done.returncode, done.stdout) == (0, "True True\n")


def test_drawings_still_skip_reportlabs_shape_checks(tmp_path: Path) -> None:
    """The renderers are imported before reportlab now; its shape checks stay off."""
    probe = (
        "import printplay.render.text, sys\n"
        "assert 'reportlab' not in sys.modules\n"
        "import printplay.render.faces, reportlab.graphics.shapes as shapes\n"
        "print(shapes.shapeChecking)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert done.stdout.strip() == "0"


def test_the_card_sizes_count_millimetres_as_reportlab_does() -> None:
    from reportlab.lib.units import mm

    from printplay.render.card_sizes import CARD_SIZES, MM

    assert mm == MM
    assert CARD_SIZES["poker"].width == 63.0 * mm and CARD_SIZES["bridge"].height == 88.9 * mm


def test_the_poker_tables_are_built_on_first_use(tmp_path: Path) -> None:
    probe = (
        "import json, printplay.games.poker.hands as hands\n"
        "seen = [len(hands._PLAIN), hands.describe('8h 8s Kc'), len(hands._PLAIN)]\n"
        "seen += [hands.strength('8h 8s Kc'), len(hands._PLAIN) > 0]\n"
        "print(json.dumps(seen))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    from printplay.games.poker.hands import strength

    naming_needs_none = [0, "pair of eights, king kicker", 0]
    assert json.loads(done.stdout) == [*naming_needs_none, strength("8h 8s Kc"), True]


# --- The verbs, built one at a time, are the commands typer builds ----------------------------


def eager_app() -> typer.Typer:
    """The same verbs registered on a plain typer app, which builds them all at once."""
    eager = typer.Typer(
        name="printplay",
        help=app.info.help,
        add_completion=False,
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )
    assert app.registered_callback is not None
    eager.registered_callback = app.registered_callback
    for name, verb in verbs.verbs.items():
        if isinstance(verb, FunctionVerb):
            function = verb.info().callback
            assert function is not None
            eager.command(name, **verb.settings)(function)
        else:
            assert isinstance(verb, GroupVerb)
            module, _, attribute = verb.path.partition(":")
            eager.add_typer(getattr(__import__(module, fromlist=[attribute]), attribute), name=name)
    return eager


def helps(group: Any, path: tuple[str, ...], width: int) -> Iterator[tuple[str, str]]:
    """Every command's ``--help`` under ``group``, as written ``width`` characters wide."""
    context = typer.Context(group, info_name=" ".join(path), terminal_width=width)
    yield " ".join(path), group.get_help(context)
    for name in group.list_commands(context) if isinstance(group, TyperGroup) else ():
        yield from helps(group.get_command(context, name), (*path, name), width)


@pytest.mark.parametrize("width", [60, 100, 140])
def test_every_help_is_the_one_typer_writes(width: int) -> None:
    lazy = typer.main.get_group(app)  # a fresh group: get_command's is kept a run (conftest)
    assert isinstance(lazy, TyperGroup)
    context = typer.Context(lazy, info_name="printplay", terminal_width=width)
    listed = lazy.get_help(context)  # from the verbs' summaries: nothing built yet
    assert not lazy.commands._built  # type: ignore[attr-defined]
    eager = dict(helps(typer.main.get_command(eager_app()), ("printplay",), width))
    assert dict(helps(lazy, ("printplay",), width)) == eager
    assert listed == eager["printplay"]
    assert lazy.list_commands(context)[:4] == ["book", "games", "deal", "solve"]
    assert lazy.list_commands(context)[-2:] == ["poker", "data"]


def test_an_unknown_verb_is_named_with_the_verbs_close_to_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from printplay.cli.app import main

    assert main(["dael", "tripeaks"]) == 2
    assert capsys.readouterr().err == (
        "printplay: error: No such command 'dael'. Did you mean 'deal'?\n"
    )


# --- Values read quickly are the values typer reads -------------------------------------------

SAMPLES: tuple[Any, ...] = (
    "1",
    "0",
    "-1",
    "12",
    "007",
    "+5",
    " 5",
    "1_000",
    "٣",
    "99999999999999999999999",
    "x",
    "",
    "tripeaks",
    "a4",
    "A4",
    "letter",
    "pysolfc",
    "long-edge",
    "gutter-fold",
    "0.5",
    "inf",
    "nan",
    "1e3",
    "out.pdf",
    "dir/",
    ".",
    "/",
    "/nonexistent/deals.txt",
    "\udcff",
    "a\0b",
    3,
    0,
    -2,
    2**70,
    True,
    2.5,
    Path("out.pdf"),
)
"""Values of every kind a parameter is handed: words as typed, defaults as declared."""


def parameters() -> Iterator[tuple[str, Any, Any]]:
    """Every typer parameter of every verb: its command path, the parameter, the command."""

    def walk(command: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
        context = typer.Context(command)
        for param in [*command.params, command.get_help_option(context)]:
            if isinstance(param, _TyperParameter):
                yield f"{path} {param.name}", param, command
        for name in command.list_commands(context) if isinstance(command, TyperGroup) else ():
            yield from walk(command.get_command(context, name), f"{path} {name}")

    yield from walk(typer.main.get_command(app), "printplay")


def outcome(read: Any, value: Any, param: Any, context: Any) -> tuple[str, Any]:
    """What reading ``value`` gives: the value and its type, or the error and its message."""
    try:
        got = read(value, param=param, ctx=context)
    except Exception as error:  # the error is the outcome compared
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        return "error", (type(error).__name__, message)
    if isinstance(got, float) and math.isnan(got):
        got = "nan"  # equal to itself, as NaN is not
    return "value", (got, type(got), [type(each) for each in got] if isinstance(got, list) else 0)


def test_every_parameter_reads_every_value_as_typer_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dir").mkdir()
    (tmp_path / "out.pdf").write_text("")
    monkeypatch.chdir(tmp_path)
    checked = 0
    for where, param, command in parameters():
        assert isinstance(param._runtime_param, QuickParam), where
        context = typer.Context(command)
        typers = build_runtime_param(param.type_descriptor)
        values = [*SAMPLES, param.default]
        if param.multiple or param.nargs == -1:
            values = [(), *((each,) for each in SAMPLES), ("1", "2"), ("x", "1")]
        for value in values:
            if value is None:
                continue
            quick = outcome(param._runtime_param.coerce, value, param, context)
            assert quick == outcome(typers.coerce, value, param, context), (where, value)
            checked += 1
    assert checked > 2000
