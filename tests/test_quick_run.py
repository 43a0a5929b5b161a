"""The plain command lines run without typer (``printplay.cli.run``) are run as typer runs
them: ``--help``'s page is typer's at every width, a plain ``deal``, ``solve`` or ``sheet``
hands the verb's work the values typer hands it, and every other line goes to typer."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
import typer

from printplay.cli import app as app_module
from printplay.cli.app import app, main, run_typer
from printplay.cli.root_help import VERBS, root_help, terminal_columns
from printplay.cli.run import quick_arguments, quick_call

# --- printplay --help --------------------------------------------------------------------------


def typers_page(columns: int, monkeypatch: pytest.MonkeyPatch) -> str:
    """The root's help page as typer writes it on a terminal ``columns`` wide."""
    monkeypatch.setenv("COLUMNS", str(columns))
    group = typer.main.get_group(app)
    return group.get_help(typer.Context(group, info_name="printplay")) + "\n"


def test_the_root_help_page_is_typers_at_every_width(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = {columns: typers_page(columns, monkeypatch) for columns in range(1, 200)}
    assert {columns: root_help(columns) for columns in pages} == pages
    assert len(set(pages.values())) == 29  # widths 50 to 78: every one of them compared
    assert all(page.isascii() for page in pages.values())  # the same bytes in any encoding


def test_the_verbs_listed_are_the_verbs_with_their_help() -> None:
    group = typer.main.get_group(app)
    context = typer.Context(group, info_name="printplay")
    names = group.list_commands(context)
    assert [name for name, _ in VERBS] == names
    for name, text in VERBS:
        help_text = group._verbs.summary(name).help  # type: ignore[attr-defined]
        assert text == " ".join(help_text.split("\n\n")[0].split()), name


@pytest.mark.parametrize("columns", [None, "100", "60", " 70", "7_0", "0", "-3", "x", ""])
def test_the_width_is_the_terminals_as_shutil_reads_it(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("LINES", raising=False)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_help_written_quickly_is_the_help_typer_writes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "64")
    assert quick_call(["--help"]) is not None
    assert main(["--help"]) == 0
    quick = capsys.readouterr()
    assert run_typer(["--help"]) == 0
    assert capsys.readouterr() == quick
    assert quick.out.startswith("Usage: printplay [OPTIONS] COMMAND [ARGS]...\n")


@pytest.mark.parametrize("env", [{}, {"FORCE_COLOR": "1"}], ids=["piped", "through rich"])
def test_the_page_printplay_alone_prints_is_typers(
    env: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from printplay.cli import common

    monkeypatch.setenv("COLUMNS", "90")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    pages = []
    for run in (main, run_typer):
        console = common.LazyConsole()  # made afresh, as a run's
        monkeypatch.setattr(common, "stdout", console)
        monkeypatch.setattr(app_module, "stdout", console)
        assert run([]) == 0
        pages.append(capsys.readouterr())
    assert quick_call([]) is not None
    assert pages[0] == pages[1] and pages[0].out.startswith("Usage: printplay")


# --- A plain deal or solve ---------------------------------------------------------------------

QUICK_LINES = [
    "deal tripeaks --seed 1",
    "deal tripeaks -s 7 --json",
    "deal --seed=12 pyramid",
    "deal golf --deal 'Th 7c As' --numbering pysolfc",
    "deal ricochet --seed 3 --option a --option b,c -O d=1",
    "deal tripeaks --option= --seed 0",
    "deal tripeaks --numbering=printplay --seed=-4 --deal=",
    "solve tripeaks --seed 1",
    "solve pyramid --seed 2 --json --best-score --timings --grade",
    "solve golf --shortest --seed 5 --max-states 1000 --jobs 2",
    "solve tripeaks -j 1 --max-states=7 --seed 99999999999999999999999 -O x",
    "solve tripeaks",
    "sheet tripeaks --seed 2 -o s.pdf",
    "sheet -o s.pdf pyramid --seed=2 --paper letter --spoiler-free",
    "sheet golf --output=out/s.pdf --deal 'Th 7c' --numbering pysolfc -O wrap,x --paper=a4",
    "sheet ricochet --rules-dir house -s 2 --output o.pdf",
    "sheet ricochet-poker --seed 1 -o s.pdf --option a -O b",
]
"""Lines read without typer."""

TYPER_LINES = [
    "deal tripeaks --seed 007",
    "deal tripeaks --seed +5",
    "deal tripeaks --seed x",
    "deal tripeaks --seed 1 --seed 2",
    "deal tripeaks -s1",
    "deal tripeaks --json=1",
    "deal tripeaks --json --json",
    "deal tripeaks --numbering PYSOLFC --seed 1",
    "deal tripeaks --seed",
    "deal tripeaks --seed -4",
    "deal tripeaks --deal -x",
    "deal tripeaks --seed 1 -o board.svg",
    "deal tripeaks extra --seed 1",
    "deal -- tripeaks",
    "deal nogame --seed 1",
    "deal --help",
    "deal tripeaks --help",
    "deal",
    "solve tripeaks --seed 1 --jobs 0",
    "solve tripeaks --max-states -1",
    "solve tripeaks --seed 1 --max-seconds 5",
    "solve tripeaks --deal-file deals.txt",
    "games",
    "--version",
    "--help extra",
    "sheet tripeaks --seed 2",
    "sheet tripeaks --seed 2 -o s.pdf -o t.pdf",
    "sheet tripeaks --seed 2 -o ''",
    "sheet tripeaks --seed 2 -o ' '",
    "sheet tripeaks --seed 2 -o out/",
    "sheet tripeaks --seed 2 -o=s.pdf",
    "sheet tripeaks --seed 2 --output -o",
    "sheet tripeaks --seed 2 -o s.pdf --paper A4",
    "sheet tripeaks --seed 2 -o s.pdf --paper legal",
    "sheet tripeaks --seed 2 -o s.pdf --spoiler-free=1",
    "sheet tripeaks --seed 2 -o s.pdf --rules-dir=",
    "sheet tripeaks --seed 2 -o s.pdf --max-seconds 5",
    "sheet tripeaks --difficulty easy -o s.pdf",
    "sheet tripeaks --difficulty easy --start 3 -o s.pdf",
    "sheet tripeaks --seed 2 -o s.pdf --json",
    "sheet tripeaks --seed 2 -o s.pdf --help",
    "sheet nogame --seed 2 -o s.pdf",
]
"""Lines left to typer: a value it would read unusually or refuse, an option read through a
parser or a file, help, another verb."""


def typers_arguments(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[str, str, dict[str, Any]] | None:
    """The verb, game and arguments typer hands ``deal``'s, ``solve``'s or ``sheet``'s work,
    if it does."""
    seen: list[tuple[str, str, dict[str, Any]]] = []
    for verb in ("deal", "solve", "sheet"):

        def record(game: str, *, verb: str = verb, **given: Any) -> None:
            seen.append((verb, game, given))

        monkeypatch.setattr(app_module, f"run_{verb}", record)
    run_typer(argv)
    assert len(seen) <= 1
    return seen[0] if seen else None


def kinds(given: dict[str, object]) -> dict[str, object]:
    """The type of each argument (a list's, its items' too): ``"a" == StrEnum("a")``."""
    return {
        name: (type(value), [type(each) for each in value] if isinstance(value, list) else 0)
        for name, value in given.items()
    }


@pytest.mark.parametrize("line", QUICK_LINES)
def test_a_plain_line_gets_the_values_typer_gives(
    line: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(line)
    quick = quick_arguments(argv)
    typers = typers_arguments(argv, monkeypatch)
    assert quick is not None and typers is not None
    assert quick == typers
    assert kinds(quick[2]) == kinds(typers[2])


@pytest.mark.parametrize("line", TYPER_LINES)
def test_any_other_line_goes_to_typer(line: str) -> None:
    assert quick_call(shlex.split(line)) is None


def test_a_shell_asking_for_completions_is_answered_by_typer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("_PRINTPLAY_COMPLETE", "bash_complete")
    assert quick_call(["deal", "tripeaks", "--seed", "1"]) is None
    assert quick_call(["--help"]) is None
    monkeypatch.setenv("_PRINTPLAY_COMPLETE", "")  # typer ignores it empty
    assert quick_call(["--help"]) is not None
