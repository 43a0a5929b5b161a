"""The data a printable is drawn from: setups, walkthroughs, sheets, rulebooks.

Everything here is plain, frozen data built by the builders
(:mod:`printplay.builders.walkthrough`, :mod:`~printplay.builders.sheet`,
:mod:`~printplay.builders.rulebook`, :mod:`~printplay.builders.table_mat`) from engines and
solvers.  A renderer (:mod:`printplay.render`: PDF, and the website's HTML) draws it and
computes nothing: the engine states a diagram shows, the words of each move, where the
walkthrough draws the board afresh, are all decided here.  This module imports nothing
but the core: engine states are held through its protocols.  A walkthrough's classes live
in :mod:`printplay.models.walkthrough_steps` (``solve`` prints a line without loading the
rest), and are named here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from printplay.core.cards import Card
from printplay.core.deal import Deal
from printplay.core.layout import BoardView, Layout
from printplay.core.protocols import Position, SolitaireMove
from printplay.models.pieces import Piece
from printplay.models.walkthrough_steps import Line, Segment, Step, Walkthrough


@dataclass(frozen=True)
class PrintRequest:
    """Everything a printable may need: the game, its options, the deal, paper and place.

    ``option_texts`` are ``NAME`` / ``NAME=VALUE`` strings as the user wrote them (a maker
    reads them with the options its printable takes).  ``seed`` and ``deal_codes`` name a
    deal, for sheets; ``numbering`` says whose numbers ``seed`` counts in (``"printplay"``
    or ``"pysolfc"``).  ``rules_dir`` is a folder of house rulebook sources and templates,
    searched before the bundled ones.  ``result`` is a solver result to print instead of
    searching again (tests and kits pass one in).
    """

    game: str
    path: Path
    option_texts: tuple[str, ...] = ()
    seed: int | None = None
    deal_codes: str | None = None
    numbering: str = "printplay"
    paper: str = "a4"
    spoiler_free: bool = False
    rules_dir: Path | None = None
    result: Line | None = None
    max_seconds: float | None = 60.0
    """The most time a sheet spends deciding its deal."""
    level: str | None = None
    """The level a sheet's deal was picked for (``sheet --difficulty``), printed on it."""


@dataclass(frozen=True)
class DealOrderEntry:
    """One card of the deal order: its number in the pile, the card, where it goes, and the
    tag the setup diagram prints on that place (``Wm2``; empty for a pile)."""

    number: int
    card: Card
    place: str
    tag: str = ""


@dataclass(frozen=True)
class Setup:
    """What a player needs to lay out a deal: the start, the stock in order, the order to
    stack a deck in, the pieces to cut out, and the command that remakes the sheet."""

    game: str
    title: str
    deal: Deal
    rules: str
    chosen: tuple[str, ...]
    start: Position
    stock: tuple[Card, ...]
    deal_order: tuple[DealOrderEntry, ...]
    face_down: bool
    """Whether any layout card is dealt face down."""
    stock_from: int | None
    """The deal-order number of the stock's first card: the rest of the stacked pile, put
    down as it is, is the stock (``None``: the stock is dealt card by card)."""
    stock_top_face_up: bool
    """Whether the stock's top card lies face up (Pyramid) once the stock is down."""
    pieces: tuple[str, ...]
    """What the game needs besides the deck, in its words (``the Ricochet ball token (and
    a spare)``)."""
    remake: str
    """The command that prints this deal's sheet again."""
    level: str | None = None
    """The level the deal was picked for (``sheet --difficulty``), if it was."""
    cut_out: tuple[Piece, ...] = ()
    """The pieces of :attr:`pieces` to cut out, counted (Ricochet's ball and its spare)."""


@dataclass(frozen=True)
class TableMat:
    """What a solitaire's table mat is drawn from: the game's name and title, its layout, a
    board view of its start (deal 1: the piles and any tokens), what it needs besides the
    deck in its words, and those pieces counted, to cut out on the mat's first page."""

    game: str
    title: str
    layout: Layout
    start: BoardView
    pieces: tuple[str, ...] = ()
    cut_out: tuple[Piece, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """A setup sheet and its walkthrough."""

    setup: Setup
    walkthrough: Walkthrough


Figure = BoardView | Sequence[BoardView]
"""A rulebook figure: one board view, or several drawn side by side."""


@dataclass(frozen=True)
class ExampleMove:
    """A sample position and one legal play from it, for a rulebook's example move."""

    before: Position
    move: SolitaireMove
    after: Position
    caption: str


@dataclass(frozen=True)
class CaptionedCards:
    """Groups of cards drawn side by side, each over its caption (a row of poker hands,
    each under its name)."""

    groups: tuple[tuple[Card, ...], ...]
    captions: tuple[str, ...]


@dataclass(frozen=True)
class CardsFigure:
    """A figure whose markers name the cards they show, in their option ``option``
    (``[[diagram hands hands="Kd|Kc 3h"]]``): ``shown`` maps each value the markers of the
    rendered source give to the groups it draws, captioned by the builder (the game's own
    words for them, its evaluator's), so that drawing computes nothing."""

    option: str
    shown: Mapping[str, CaptionedCards]


@dataclass(frozen=True)
class StrategyChart:
    """A basic strategy as a chart: a row for each of your hands, a column for each of the
    other side's, a decision code in every cell (Ricochet Poker's casino strategy).

    ``header`` is ``"hand"`` then the dealer's hands; each row is a hand (``"AK"``) then a
    code per column: ``B`` (buy), ``F`` (fold), ``s`` or ``o`` (buy only suited, only
    offsuit).  ``groups`` give each row's group (``"pairs"``, or the high card of an unpaired
    hand); ``spans`` the words over runs of columns (``(words, first, end)``, header
    indices, ``end`` excluded); ``pair_column`` the first column where the dealer holds a
    pair.  ``legend`` explains the codes used, in order; ``rows_title`` names the rows and
    ``legend_title`` heads the legend.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    groups: tuple[str, ...]
    spans: tuple[tuple[str, int, int], ...]
    pair_column: int
    legend: tuple[tuple[str, str], ...]
    rows_title: str = "you"
    legend_title: str = "Key:"


RulebookFigure = Figure | ExampleMove | CardsFigure | StrategyChart
"""What a rulebook's ``[[diagram NAME …]]`` marker may draw: board views, an example move,
captioned cards the marker names, a strategy chart."""


@dataclass(frozen=True)
class Rulebook:
    """A rulebook, finished: the Markdown its source rendered to and the figures its
    ``[[diagram NAME …]]`` markers name, as data; a renderer typesets the text and draws
    the figures, and runs nothing of the source.

    ``source`` names the rulebook source the text came from (``tripeaks.md``), for messages.
    ``figures`` map a diagram name to what it draws (:data:`RulebookFigure`): board views
    (one, or several side by side), an :class:`ExampleMove` (before and after), cards the
    markers name (:class:`CardsFigure`) or a :class:`StrategyChart`.  ``rules`` says the
    rule set in words, ``chosen`` the options chosen.
    """

    game: str
    title: str
    source: str
    text: str
    figures: Mapping[str, RulebookFigure] = field(default_factory=dict)
    rules: str = "standard rules"
    chosen: tuple[str, ...] = ()


@dataclass(frozen=True)
class QuickCardText:
    """The Markdown of both sides of a game's quick-reference card, read from its source,
    and the figures its markers may draw (shrunk to the card's width)."""

    game: str
    title: str
    front: str
    back: str
    source: str
    """The template the words came from (for messages)."""
    figures: Mapping[str, RulebookFigure] = field(default_factory=dict)

    def side(self, side: str) -> str:
        """The Markdown of ``side`` (``"front"`` or ``"back"``)."""
        return self.front if side == "front" else self.back


__all__ = [
    "CaptionedCards",
    "CardsFigure",
    "DealOrderEntry",
    "ExampleMove",
    "Figure",
    "Line",
    "PrintRequest",
    "QuickCardText",
    "Rulebook",
    "RulebookFigure",
    "Segment",
    "Setup",
    "Sheet",
    "Step",
    "StrategyChart",
    "Walkthrough",
]
