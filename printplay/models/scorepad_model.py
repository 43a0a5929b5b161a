"""The data of a scorepad: tables to fill in by hand, one row a deal or round, a group of
columns for each player, and the formulas that say how each entry is worked out.

A game's scorepad builder (named by its registry entry's ``scorepad``) decides every word
and figure from the game's engine; the renderer (:mod:`printplay.render.scorepad_pdf`) lays
each table out on a page of its own and draws it, computing nothing about the game.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreColumn:
    """A column: its ``heading``, a short ``note`` under it (what goes in it, in a few
    characters), whether its entries are running sums (``total``: a firmer rule on its left)
    and whether it holds only a seat number or a tick (``narrow``: half as wide)."""

    heading: str
    note: str = ""
    total: bool = False
    narrow: bool = False


@dataclass(frozen=True)
class ScoreTable:
    """One table of a scorepad, printed on a page of its own.

    Its rows are numbered from 1 under ``row_heading`` (as many as the page holds).
    ``shared`` columns come first, one a row for the whole table (the deal's number, the
    pot); then, for each of ``seats`` (the players' headings, with room to write a name),
    the same ``columns``.  A ``start_row`` (its label) comes before the numbered rows, for
    what each player starts with.  ``formulas`` are printed at the foot of the page
    (reportlab paragraph markup: ``<b>``, ``<i>``), ``intro`` under its title.
    """

    title: str
    intro: str
    row_heading: str
    shared: tuple[ScoreColumn, ...]
    seats: tuple[str, ...]
    columns: tuple[ScoreColumn, ...]
    formulas: tuple[str, ...]
    start_row: str | None = None

    @property
    def all_columns(self) -> tuple[ScoreColumn, ...]:
        """The columns left to right (without the row numbers)."""
        return self.shared + self.columns * len(self.seats)


@dataclass(frozen=True)
class Scorepad:
    """A game's scorepad: its ``title`` and ``subtitle`` (the rules it is kept under), its
    ``tables``, the page ``footer`` line, the ``paper``, the PDF's subject, and ``notes``
    for whoever asked for it (a table left out, and why)."""

    game: str
    title: str
    subtitle: str
    tables: tuple[ScoreTable, ...]
    footer: str
    paper: str
    subject: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScorepadRequest:
    """What ``printplay scorepad`` asks a game's scorepad builder for: the ``players``
    (``None``: the game's default), the options as written (``--option``) and the paper."""

    game: str
    players: int | None = None
    option_texts: tuple[str, ...] = ()
    paper: str = "a4"


__all__ = ["ScoreColumn", "ScoreTable", "Scorepad", "ScorepadRequest"]
