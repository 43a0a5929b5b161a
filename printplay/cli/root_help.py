"""``printplay --help``, written without the command-line library.

The root's help page lists the verbs by their first paragraph; the library would import
itself and every verb's module to write it.  Here the page is written from
:data:`VERBS` in the library's layout: the usage line, the program's help wrapped to the
terminal's width, the options and the verbs in two columns, each verb's summary cut to
the room left, at a sentence's end or with ``...``.  ``tests/test_startup.py`` checks the
page against the one typer writes, at every width it can take, and :data:`VERBS` against
the verbs' own help texts.
"""

from __future__ import annotations

import os
import sys
import textwrap

ROOT_HELP = "Deal, solve and print card games: setup sheets, walkthroughs and rulebooks."
"""What ``printplay --help`` says of the program."""

VERSION_HELP = "Show the version and whether the compiled search core runs compiled, and exit."
"""The help of ``--version``."""

VERBS: tuple[tuple[str, str], ...] = (
    (
        "book",
        "Write a book of winnable deals of the difficulty asked, one a page, with the "
        "solutions at the back (Ricochet Poker: close decisions, the answers at the back).",
    ),
    ("games", "List the games, what each can do, and their options."),
    ("deal", "Show a deal: the layout drawn in the terminal, its JSON, or a picture file."),
    ("solve", "Decide whether deals can be won, with a winning line replayed through the engine."),
    ("check", "Replay a line of moves through the engine: is every move legal, and does it win?"),
    ("stats", "How often a solitaire can be won: solve numbered deals exactly and sum them up."),
    (
        "sheet",
        "Write a setup sheet and walkthrough of a deal, with the layout, the deal order to "
        "stack a real deck and every move of the best line. A Ricochet Poker sheet is a round"
        " played by bots, with the odds of every buy: --seed N names the round, --option "
        "players=N (2 to 8) sets the players, and limit=N, jokers=N and ante=N the standard "
        "game's variants.",
    ),
    ("rules", "Write the rulebook of a game as a PDF (the options switch variant text on)."),
    (
        "deck",
        "Write a printable deck: 52 cards and two jokers at true size, backs for duplex "
        "printing, crop marks and a print check; or, with --export, each card side as a file "
        "a print-on-demand service takes, and a manifest.",
    ),
    (
        "components",
        "Write the pieces the games need besides the deck (chips, a ball token, a dealer "
        "button) to print and cut out, or with --tuck-box a tuck box for the deck.",
    ),
    (
        "scorepad",
        "Write a game's scorepad to fill in by hand: a row a deal or round, columns for each "
        "player, the formulas at the foot of every page.",
    ),
    (
        "mat",
        "Write a solitaire's table mat: its layout at true size on pages to tape together.",
    ),
    (
        "kit",
        "Write a game's print-and-play kit: cover, contents, rulebook, mat or pieces, setup "
        "sheets of curated deals, a puzzle book of its graded deals and the deck with quick-"
        "reference cards, in one PDF.",
    ),
    (
        "site",
        "Write the rules reference as a static website into a folder: an index, a page per "
        "game (the rulebook, from the same sources as the PDF), a page per variant, featured "
        "deals with their solutions, and the PDFs they link to. With --serve, serve a built "
        "site on 127.0.0.1 for a preview instead (Ctrl-C stops).",
    ),
    (
        "demo",
        "Write one of each printable of every game (rulebooks, sheets …), the books, a kit "
        "and the website, and print the paths.",
    ),
    (
        "poker",
        "Ricochet Poker: play scripted rounds, exact odds, the casino's house edge.",
    ),
    (
        "data",
        "The computed data printplay ships (win rates, lattices of played-card masks, and the"
        " games' own tables).",
    ),
)
"""The verbs in the order ``--help`` lists them, each with the start of its help: its first
paragraph, its words joined by single spaces."""

_NARROWEST = 50
_WIDEST = 78
"""The page's width: the terminal's less 2, within these bounds (as typer's library sets
it)."""

_OPTIONS = (("--version", VERSION_HELP), ("--help", "Show this message and exit."))


def terminal_columns() -> int:
    """The terminal's columns as ``shutil.get_terminal_size()`` gives them: ``COLUMNS`` if
    it is a positive whole number, else the size of the terminal on stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80
    return size.columns or 80


def summary(text: str, room: int) -> str:
    """``text``'s words in at most ``room`` characters: up to the first word that ends a
    sentence, or cut with ``...`` where they would not all fit."""
    words = text.split()
    length = -1
    for index, word in enumerate(words):
        length += len(word) + 1
        if length > room:
            break
        if word.endswith("."):
            return " ".join(words[: index + 1])
        if length == room and index < len(words) - 1:
            break
    else:
        return " ".join(words)
    kept = words[:index]
    while kept and len(" ".join(kept)) + 3 > room:
        kept.pop()
    return " ".join(kept) + "..."


def _columns(rows: tuple[tuple[str, str], ...], width: int) -> list[str]:
    """``rows`` as two columns under a heading's indent: names, then text wrapped to the
    width left."""
    left = max(len(name) for name, _ in rows) + 2
    lines = []
    for name, text in rows:
        wrapped = textwrap.wrap(text, max(width - left - 2, 10)) or [""]
        lines.append(f"  {name:<{left}}{wrapped[0]}".rstrip())
        lines.extend(" " * (left + 2) + more for more in wrapped[1:])
    return lines


def root_help(columns: int) -> str:
    """The root's help page for a terminal ``columns`` wide, its last line ended."""
    width = max(min(columns, _WIDEST + 2) - 2, _NARROWEST)
    room = width - 6 - max(len(name) for name, _ in VERBS)
    verbs = tuple((name, summary(text, room)) for name, text in VERBS)
    blurb = textwrap.wrap(ROOT_HELP, width, initial_indent="  ", subsequent_indent="  ")
    page = [
        "Usage: printplay [OPTIONS] COMMAND [ARGS]...",
        "",
        *blurb,
        "",
        "Options:",
        *_columns(_OPTIONS, width),
        "",
        "Commands:",
        *_columns(verbs, width),
    ]
    return "".join(f"{line}\n" for line in page)


__all__ = ["ROOT_HELP", "VERBS", "VERSION_HELP", "root_help", "summary", "terminal_columns"]
