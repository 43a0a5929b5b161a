"""Printing without rich (printplay.cli.plain_output) writes what rich writes to a stream
that is no terminal, or declines and lets rich print."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape

from printplay.cli.plain_output import escape_markup, plain_text
from printplay.games import make_solitaire
from printplay.games.numbering import choose
from printplay.render.text import board_text

FRAGMENTS = (
    "a",
    "Play Q♥",
    " ",
    "\n",
    "[",
    "]",
    "\\",
    "/",
    ":",
    "=",
    "[bold]",
    "[/bold]",
    "[dim]",
    "[/dim]",
    "[red]",
    "[/red]",
    "[italic]",
    "[/]",
    "[/ dim]",
    "[bold ]",
    "[card]",
    "[/card]",
    "[b]",
    "[link=x]",
    "[@click]",
    "[#ff0000]",
    ":smile:",
    ":x:",
    "\t",
    "\r",
    "\x1b[31m",
    "\x07",
)
"""Pieces of what a verb may print: text, markup and escapes, rich's special cases."""

texts = st.lists(st.sampled_from(FRAGMENTS), max_size=14).map("".join)


def rich_prints(*objects: object, markup: bool = True, sep: str = " ", end: str = "\n") -> str:
    """What the verbs' console writes of ``objects`` to a stream that is no terminal (or
    the error it raises)."""
    out = io.StringIO()
    console = Console(
        file=out, highlight=False, soft_wrap=True, force_terminal=False, force_jupyter=False
    )
    try:
        console.print(*objects, markup=markup, sep=sep, end=end)
    except MarkupError as error:
        return f"MarkupError: {error}"
    return out.getvalue()


@settings(max_examples=1600, deadline=None)
@given(texts, st.booleans())
def test_plain_text_is_what_rich_prints_or_nothing(text: str, markup: bool) -> None:
    plain = plain_text((text,), " ", "\n", markup)
    if plain is not None:
        assert plain == rich_prints(text, markup=markup)


@settings(max_examples=350, deadline=None)
@given(st.lists(texts, min_size=1, max_size=3), st.sampled_from([" ", "", ", "]))
def test_several_objects_are_joined_as_rich_joins_them(objects: list[str], sep: str) -> None:
    plain = plain_text(tuple(objects), sep, "!\n", True)
    if plain is not None:
        assert plain == rich_prints(*objects, sep=sep, end="!\n")


@settings(max_examples=600, deadline=None)
@given(texts)
def test_markup_is_escaped_as_rich_escapes_it(text: str) -> None:
    assert escape_markup(text) == escape(text)
    plain = plain_text((escape_markup(text),), " ", "\n", True)
    if plain is not None:
        assert plain == rich_prints(escape(text))


@pytest.mark.parametrize(
    "text",
    [
        "Verdict: winnable; score 256. Searched 38 states in 0.000 s.",
        "\n[dim]\\[card] face up, (card) face down; the stock, next card first:[/dim]",
        "[bold]tripeaks[/bold]  TriPeaks  [dim](deal, solve)[/dim]",
        " 12. Play 10♠ from row 4, 8th card onto J♦: chain 3  [dim](score 6)[/dim]",
        "a\\\\[bold]b[/bold]",
        "[dim]stock:[/dim] \\[2 cards",
    ],
)
def test_the_verbs_lines_print_without_rich(text: str) -> None:
    """The other side of the checks above: what the verbs print is not declined."""
    plain = plain_text((text,), " ", "\n", True)
    assert plain is not None
    assert plain == rich_prints(text)


@pytest.mark.parametrize(
    "text", [":smile:", "a\tb", "a\rb", "[link=x]y[/link]", "[/dim]", "[bold]a[/dim]"]
)
def test_what_rich_may_print_otherwise_is_declined(text: str) -> None:
    assert plain_text((text,), " ", "\n", True) is None


@pytest.mark.parametrize(("game", "seed"), [("tripeaks", 1), ("pyramid", 2), ("ricochet", 3)])
def test_a_board_prints_its_plain_text_as_rich_prints_it(game: str, seed: int) -> None:
    solitaire = make_solitaire(game)
    board = board_text(solitaire.initial_state(choose(solitaire, seed=seed, codes=None)).board())
    assert plain_text((board,), " ", "\n", True) == rich_prints(board) == board.plain + "\n"
    terminal = io.StringIO()
    Console(file=terminal, force_terminal=True, color_system="standard").print(board)
    assert "\x1b[31m" in terminal.getvalue()  # red suits, on a terminal


RUNS = [
    ["deal", "tripeaks", "--seed", "1"],
    ["deal", "pyramid", "--seed", "2"],
    ["solve", "tripeaks", "--seed", "1"],
    ["solve", "golf", "--seed", "5"],
    ["games"],
    ["deal", "tripeaks", "--seed", "1", "--json"],
]


def run(argv: list[str], tmp_path: Path, **env: str) -> tuple[int, str, str]:
    """``printplay argv`` in a fresh process, its output piped: status, stdout, stderr."""
    clean = {k: v for k, v in os.environ.items() if k not in ("TTY_COMPATIBLE", "FORCE_COLOR")}
    done = subprocess.run(
        [sys.executable, "-m", "printplay", *argv],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**clean, **env},
        timeout=300,
    )
    return done.returncode, done.stdout.replace(" s.", ""), done.stderr


def test_piped_verbs_print_the_bytes_rich_prints(tmp_path: Path) -> None:
    """``TTY_COMPATIBLE=0`` sends every line through rich (which then prints no colour):
    the same bytes as the plain path's."""
    for argv in RUNS:
        status, plain, _ = run(argv, tmp_path)
        assert status == 0
        rich_status, through_rich, _ = run(argv, tmp_path, TTY_COMPATIBLE="0")
        assert (status, _timeless(plain)) == (rich_status, _timeless(through_rich)), argv


def _timeless(text: str) -> str:
    """``text`` without the solver's time (``in 0.012``), which differs run to run."""
    return "\n".join(line.partition(" in 0.")[0] for line in text.splitlines())


def test_a_terminal_still_gets_colours(tmp_path: Path) -> None:
    status, out, _ = run(["deal", "tripeaks", "--seed", "1"], tmp_path, FORCE_COLOR="1")
    assert status == 0
    assert "\x1b[31m" in out and "\x1b[2m" in out
