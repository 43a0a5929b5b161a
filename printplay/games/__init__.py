"""The game registry: every game printplay knows, by name, and what each can do.

A game is an engine module, a solver module, a rulebook source and one :class:`GameEntry`
in :data:`REGISTRY`: the game's one declaration (its names, pieces, best line, the rule
sets worth a win-rate row, its printables).  The entry names its modules as strings, so
importing one game loads no other, and binds the engine to its solver (the engine never
imports it).  The command line, ``demo`` and the rulebook builder ask an entry what the
game can do (:attr:`GameEntry.capabilities`) and never branch on a game's name.

>>> sorted(REGISTRY)
['golf', 'pyramid', 'ricochet', 'ricochet-poker', 'tripeaks']
>>> make_game("TriPeaks", ["no-wrap"]).options.wrap
False
>>> sorted(entry("poker").capabilities)
['book', 'components', 'rulebook', 'scorepad', 'sheet', 'table card', 'verbs']
>>> sorted(entry("tripeaks").printables)
['mat', 'rulebook', 'sheet']
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from printplay.core.errors import GameError
from printplay.core.grade_thresholds import Thresholds

if TYPE_CHECKING:
    from printplay.core.options import GameOptions
    from printplay.core.protocols import (
        BookExtrasMaker,
        LineFinder,
        Position,
        RegisteredSolitaire,
        SolverModule,
    )
    from printplay.core.verdicts import ScoreOrder

SOLITAIRE_SHEET = "printplay.makers.sheet_maker:make_sheet"
"""The printable maker of a solitaire's setup sheet and walkthrough."""

SOLITAIRE_RULEBOOK = "printplay.makers.rulebook_maker:make_rulebook"
"""The printable maker of a game's rulebook from ``rules/<name>.md``."""

SOLITAIRE_MAT = "printplay.makers.mat_maker:make_mat"
"""The printable maker of a solitaire's table mat: its layout at true size, tiled."""

SOLITAIRE_BOOK = "printplay.makers.book_maker:make_book"
"""The book maker of a solitaire: graded, winnable deals, solutions at the back."""

SOLITAIRE_SOURCE = "printplay.builders.rulebook:rulebook_source"
"""What reads a solitaire's rulebook source with its context (for quick-reference cards)."""

SOLITAIRE_RULEBOOK_MODEL = "printplay.builders.rulebook:rulebook_model"
"""What builds the whole model a solitaire's rulebook is drawn from (for the website)."""

SOLITAIRE_RULEBOOK_PDF = "printplay.makers.rulebook_maker:draw_model"
"""What draws a solitaire's whole rulebook model to a PDF."""

BestLine = Literal["score", "shortest"]
"""What a game's best line is: the best score (the highest or the lowest, as the game's
:attr:`GameEntry.score_order` says) or the fewest moves."""

GradedLine = Literal["best", "winning"]
"""The line a game's deals are graded on and its books print: its best line, or the
solver's first winning line."""

BEST_LINES: dict[BestLine, str] = {"score": "--best-score", "shortest": "--shortest"}
"""What a game's best line can be, and the ``solve`` flag that asks for it."""

OptionTexts = tuple[str, ...]
"""Options as a user writes them (``("no-wrap", "jokers=1")``)."""


class Game(Protocol):
    """A game as the registry builds it, solitaire or not: a name and options."""

    @property
    def name(self) -> str:
        """The registry name."""
        ...

    @property
    def title(self) -> str:
        """The name as printed."""
        ...

    @property
    def options(self) -> GameOptions:
        """The options the game is played under."""
        ...


@dataclass(frozen=True)
class PieceWords:
    """What a game calls a piece it needs besides the deck: its ``name`` on the component
    sheets (``"Ricochet ball"``) and how a setup sheet or a mat ``listed`` it (``"the
    Ricochet ball token (and a spare)"``)."""

    name: str
    listed: str


@runtime_checkable
class GameClass(Protocol):
    """A game's class: built from its options."""

    options_type: type[GameOptions]

    def __call__(self, options: GameOptions) -> Game:
        """The game under ``options``."""
        ...


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its names, its modules (as import paths) and its printables.

    ``engine`` is ``"module:Class"``, the game class, built from its options object.
    ``solver`` names a module satisfying :class:`~printplay.core.protocols.SolverModule`
    (a solitaire has one; it can then be dealt and solved).  ``best_line`` says what the
    solver's best line is: ``"score"`` (the best score) or ``"shortest"`` (the fewest
    moves); ``score_order`` says which score is best, ``"highest"`` (points) or
    ``"lowest"`` (strokes, as golf counts them): every line ranked, checked or described
    as the best score follows it.  ``other_lines`` are the kinds of best line the game
    offers besides, each with the ``"module:function"`` that finds it (called as
    ``best_line`` is: TriPeaks' best line is the best score, and it offers the shortest
    too).  ``printables`` map a name (``"sheet"``, ``"rulebook"``, …) to the
    ``"module:function"`` that writes it from a
    :class:`~printplay.models.printable.PrintRequest`.  ``verbs`` names a typer app of
    extra commands (``printplay poker …``), as ``"module:app"``.  ``pieces`` maps the
    kinds of print-and-play piece a table needs besides the deck (kinds of
    :data:`printplay.models.pieces.KINDS`: ``"chips"``, ``"ball"``, ``"dealer"``) to what
    the game calls them (:class:`PieceWords`).
    ``book`` is the ``"module:function"`` making the game's book (``printplay book``) from a
    :class:`~printplay.models.book_model.BookRequest`, or ``None``.
    ``rulebook_source`` is the ``"module:function"`` giving the rulebook's source
    (:class:`printplay.builders.rulebook_text.RulebookSource`: template, context and
    figures), from which the kit's quick-reference cards take their words.
    ``rulebook_model`` is the ``"module:function"`` giving the finished model the rulebook
    is drawn from (:class:`printplay.models.printable.Rulebook`: the text its source
    rendered to, its figures and charts included; the website draws it, as the PDF does);
    ``rulebook_pdf`` the ``"module:function"`` drawing that model to a PDF
    (``function(model, path, *, paper)``; a house source's deadline is its caller's), so
    that the website prints the model it built for its own use.
    ``win_rates`` are the rule sets whose win rates the rulebook prints, one row each
    (``()`` is the standard game).
    ``pysolfc`` names the ``"module:function"`` that deals PySolFC's game #N in the game's
    layout order under its options (``function(options, N) -> Deal``, refusing options
    PySolFC's game does not match), for a game PySolFC has; ``None`` otherwise
    (docs/deals.md).  ``scorepad`` is the ``"module:function"`` building the game's
    scorepad (``printplay scorepad``): its tables and formulas, every word and figure of
    the game decided there, from the engine.  ``levels`` are the thresholds that grade its
    deals (docs/difficulty.md; ``None``: the default of :mod:`printplay.analysis.levels`,
    until ``benchmarks/grading.py`` has measured the game).
    """

    name: str
    title: str
    engine: str
    solver: str | None = None
    best_line: BestLine | None = None
    score_order: ScoreOrder = "highest"
    """Which score is best: the highest or the lowest."""
    other_lines: Mapping[BestLine, str] = field(default_factory=dict)
    """Other kinds of best line offered: kind to ``"module:function"``."""
    printables: Mapping[str, str] = field(
        default_factory=lambda: {
            "rulebook": SOLITAIRE_RULEBOOK,
            "sheet": SOLITAIRE_SHEET,
            "mat": SOLITAIRE_MAT,
        }
    )
    verbs: tuple[str, str] | None = None
    """``(command name, "module:app")`` of extra verbs, or ``None``."""
    options: str | None = None
    """``"module:Class"``: the game's options dataclass, where a module lighter than the
    engine's holds it (listing the options then loads no engine); ``None``: the engine's
    ``options_type``."""
    aliases: tuple[str, ...] = ()
    sheet_help: str = ""
    """What ``printplay sheet --help`` says of this game's sheet, when it differs."""
    pieces: Mapping[str, PieceWords] = field(default_factory=dict)
    """Print-and-play pieces the game needs besides a deck (``"chips"``, ``"ball"`` …),
    each with what the game calls it."""
    rulebook_source: str = SOLITAIRE_SOURCE
    rulebook_model: str = SOLITAIRE_RULEBOOK_MODEL
    rulebook_pdf: str = SOLITAIRE_RULEBOOK_PDF
    win_rates: tuple[OptionTexts, ...] = ((),)
    pysolfc: str | None = None
    """``"module:function"`` dealing PySolFC's game #N, or ``None``."""
    book: str | None = SOLITAIRE_BOOK
    scorepad: str | None = None
    """``"module:function"`` building the game's scorepad from a ``ScorepadRequest``, or
    ``None``."""
    levels: Thresholds | None = None
    """The thresholds that grade the game's deals (``None``: the default)."""
    lattices: str | None = None
    """``"module:attribute"``: the lattices of played-card masks its solver ships
    (``printplay data rebuild lattices`` lists them), or ``None``."""
    rebuilds: tuple[str, ...] = ()
    """``"module:function"`` of each command rebuilding a data file of the game's own
    (added under ``printplay data rebuild``)."""
    book_extras: str | None = None
    """``"module:function"`` (a :class:`~printplay.core.protocols.BookExtrasMaker`) giving
    what the game adds to its puzzle book: a line under each puzzle, pages after them."""
    graded_line: GradedLine | None = None
    """The line a winnable deal is graded on and its books print: ``"best"`` (the best
    line) or ``"winning"`` (the solver's first winning line); ``None``: the best line
    where it is the shortest, else the winning line (:meth:`line_graded`)."""

    @property
    def capabilities(self) -> frozenset[str]:
        """What the game can do: ``deal``, ``solve``, ``best line``, printables,
        ``components`` (pieces to print), ``verbs``, ``pysolfc numbering``, ``book``,
        ``scorepad``."""
        found = set(self.printables)
        if self.scorepad is not None:
            found.add("scorepad")
        if self.pysolfc is not None:
            found.add("pysolfc numbering")
        if self.book is not None:
            found.add("book")
        if self.pieces:
            found.add("components")
        if self.solver is not None:
            found |= {"deal", "solve"}
        if self.best_line is not None:
            found.add("best line")
        if self.verbs is not None:
            found.add("verbs")
        return frozenset(found)

    @property
    def is_solitaire(self) -> bool:
        """Whether the game has a layout to deal, solve and draw."""
        return self.solver is not None

    def game_class(self) -> GameClass:
        """The engine's game class (imported on first use)."""
        found = load(self.engine)
        if not isinstance(found, GameClass):
            raise not_a(self.engine, "game class")
        return found

    @property
    def options_type(self) -> type[GameOptions]:
        """The game's options dataclass (from :attr:`options` when declared)."""
        if self.options is None:
            return self.game_class().options_type
        found = load(self.options)
        if not isinstance(found, type):
            raise not_a(self.options, "class")
        return found

    @property
    def lines(self) -> tuple[BestLine, ...]:
        """Every kind of best line the game offers, its own first."""
        own = () if self.best_line is None else (self.best_line,)
        return (*own, *(kind for kind in self.other_lines if kind != self.best_line))

    def line_finder(self, kind: BestLine) -> LineFinder:
        """What finds the best line of ``kind``: the solver's ``best_line`` for the game's
        own kind, else the function :attr:`other_lines` names (:class:`GameError` for a
        kind not offered)."""
        if kind == self.best_line:
            return self.solver_module().best_line
        if kind not in self.other_lines:
            raise GameError(f"{self.title} has no {BEST_LINES[kind]}")
        from printplay.core.protocols import LineFinder

        module, _, name = self.other_lines[kind].partition(":")
        found = getattr(importlib.import_module(module), name)  # read anew: tests replace it
        if not isinstance(found, LineFinder):
            raise not_a(self.other_lines[kind], "line finder")
        return found

    def line_graded(self) -> GradedLine:
        """The line a winnable deal is graded on and its books print (see
        :attr:`graded_line`): a book whose notes speak of the best score (a hole's par)
        prints the line that reaches it."""
        if self.graded_line is not None:
            return self.graded_line
        return "best" if self.best_line == "shortest" else "winning"

    def extras_maker(self) -> BookExtrasMaker | None:
        """What makes the extras of the game's puzzle book (``book_extras``), if any."""
        if self.book_extras is None:
            return None
        from printplay.core.protocols import BookExtrasMaker

        found = load(self.book_extras)
        if not isinstance(found, BookExtrasMaker):
            raise not_a(self.book_extras, "book extras maker")
        return found

    def solver_module(self) -> SolverModule[Position]:
        """The game's solver module (imported on first use)."""
        if self.solver is None:
            raise GameError(f"{self.name} has no solver")
        from printplay.core.protocols import SolverModule

        found = importlib.import_module(self.solver)
        if not isinstance(found, SolverModule):
            raise not_a(self.solver, "solver module")
        return found


REGISTRY: dict[str, GameEntry] = {
    entry.name: entry
    for entry in (
        GameEntry(
            "tripeaks",
            "TriPeaks",
            engine="printplay.games.tripeaks:TriPeaks",
            solver="printplay.solve.tripeaks_solver",
            best_line="score",
            other_lines={"shortest": "printplay.solve.tripeaks_solver:shortest_line"},
            aliases=("tri-peaks", "tritowers", "tri-towers", "three-peaks"),
            scorepad="printplay.builders.tripeaks_scorepad:tripeaks_scorepad",
            win_rates=(
                (),
                ("no-wrap",),
                ("strict-draw",),
                ("jokers=1",),
                ("jokers=2",),
                ("jokers=1", "jokers-in-stock"),
                ("jokers=2", "jokers-in-stock"),
            ),
            pysolfc="printplay.games.tripeaks:pysolfc_deal",
            lattices="printplay.solve.tripeaks_solver:SHIPPED_LATTICES",
            levels=Thresholds(easy=0.6, medium=0.3, hard=0.1, easy_decisions=3, expert_decisions=9),
        ),
        GameEntry(
            "pyramid",
            "Pyramid",
            engine="printplay.games.pyramid:Pyramid",
            solver="printplay.solve.pyramid_solver",
            best_line="shortest",
            aliases=("pile-of-twenty-eight", "pile-of-28", "pyramid-solitaire"),
            win_rates=(
                (),
                ("reserve",),
                ("clear-the-board",),
                ("small",),
                ("one-deal",),
                ("waste-off-limits",),
                ("reshuffle",),
                ("small", "reserve"),
                ("waste-off-limits", "clear-the-board"),
            ),
            pysolfc="printplay.games.pyramid:pysolfc_deal",
            levels=Thresholds(
                easy=0.3, medium=0.1, hard=0.02, easy_decisions=1, expert_decisions=2
            ),
        ),
        GameEntry(
            "ricochet",
            "Ricochet",
            engine="printplay.games.ricochet:Ricochet",
            solver="printplay.solve.ricochet_solver",
            best_line="shortest",
            pieces={"ball": PieceWords("Ricochet ball", "the Ricochet ball token (and a spare)")},
            pysolfc="printplay.games.ricochet:pysolfc_deal",
            aliases=("ricochet-solitaire", "breakout"),
            win_rates=(
                (),
                ("ball-resets",),
                ("free-draw",),
                ("ball-resets", "free-draw"),
                ("stock-ends-game",),
            ),
            levels=Thresholds(
                easy=0.1, medium=0.03, hard=0.01, easy_decisions=4, expert_decisions=6
            ),
        ),
        GameEntry(
            "golf",
            "Golf",
            engine="printplay.games.golf:Golf",
            solver="printplay.solve.golf_solver",
            best_line="score",
            score_order="lowest",
            aliases=("golf-solitaire", "golf-patience"),
            win_rates=((), ("queens-on-kings",), ("wrap",)),
            pysolfc="printplay.games.golf:pysolfc_deal",
            book_extras="printplay.solve.golf_solver:course",
            graded_line="best",
            levels=Thresholds(
                easy=0.01, medium=0.01, hard=0.005, easy_decisions=18, expert_decisions=26
            ),
        ),
        GameEntry(
            "ricochet-poker",
            "Ricochet Poker",
            engine="printplay.games.poker.game:RicochetPoker",
            options="printplay.games.poker.book_options:PokerBookOptions",
            printables={
                "rulebook": "printplay.makers.poker_rulebook_maker:make_rulebook",
                "sheet": "printplay.makers.poker_sheet_maker:make_sheet",
                "table card": "printplay.makers.table_card_maker:make_table_card",
            },
            verbs=("poker", "printplay.cli.poker_verb:poker_app"),
            rebuilds=(
                "printplay.cli.poker_rebuild:strategy",
                "printplay.cli.poker_rebuild:edge",
            ),
            aliases=("poker", "ricochetpoker"),
            pieces={
                "chips": PieceWords("chips", "Ricochet Poker chips, 1s and 5s (20 antes a player)"),
                "dealer": PieceWords("dealer button", "a dealer button (and a spare)"),
            },
            rulebook_source="printplay.builders.poker_rulebook:rulebook_source",
            rulebook_model="printplay.builders.poker_rulebook:book_model",
            rulebook_pdf="printplay.makers.poker_rulebook_maker:draw_model",
            book="printplay.makers.problem_book_maker:make_book",
            scorepad="printplay.builders.poker_scorepad:poker_scorepad",
            sheet_help="A Ricochet Poker sheet is a round played by bots, with the odds of "
            "every buy: --seed N names the round, --option players=N (2 to 8) sets the "
            "players, and limit=N, jokers=N and ante=N the standard game's variants.",
        ),
    )
}
"""Every game printplay knows, by registry name."""


@cache
def load(path: str) -> object:
    """The object named by ``"module:attribute"``, importing the module on first use."""
    module, _, attribute = path.partition(":")
    found: object = getattr(importlib.import_module(module), attribute)
    return found


def not_a(path: str, kind: str) -> GameError:
    """The error of a registry entry naming, at ``path``, something that is not a ``kind``."""
    return GameError(f"the registry names {path}, which is not a {kind}")


def game_name(name: str) -> str:
    """The registry name for ``name`` (case, spaces, underscores and aliases forgiven)."""
    from printplay.core.options import shown

    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for game in REGISTRY.values():
        if key == game.name or key in game.aliases:
            return game.name
    raise GameError(f"unknown game {shown(name)} (games: {', '.join(sorted(REGISTRY))})")


def entry(name: str) -> GameEntry:
    """The registry entry of ``name`` (see :func:`game_name`)."""
    return REGISTRY[game_name(name)]


def make_game(name: str, option_texts: Sequence[str] = ()) -> Game:
    """The game ``name`` with options read from ``NAME`` / ``NAME=VALUE`` strings."""
    from printplay.core.options import parse_options

    cls = entry(name).game_class()
    return cls(parse_options(cls.options_type, option_texts))


def make_solitaire(name: str, option_texts: Sequence[str] = ()) -> RegisteredSolitaire:
    """Like :func:`make_game`, for verbs that need a layout (deal, solve)."""
    game_entry = entry(name)
    if not game_entry.is_solitaire:
        solitaires = ", ".join(sorted(n for n, e in REGISTRY.items() if e.is_solitaire))
        hint = f"; see `printplay {game_entry.verbs[0]} --help`" if game_entry.verbs else ""
        raise GameError(
            f"{game_entry.name} has no layout to deal or solve (solitaires: {solitaires}){hint}"
        )
    from printplay.core.protocols import Solitaire

    game = make_game(game_entry.name, option_texts)
    if not isinstance(game, Solitaire):
        raise not_a(game_entry.engine, "solitaire")
    return game


def solver_for(game: RegisteredSolitaire) -> SolverModule[Position]:
    """The solver bound to ``game`` in the registry."""
    return entry(game.name).solver_module()


__all__ = [
    "BEST_LINES",
    "REGISTRY",
    "GameEntry",
    "GradedLine",
    "PieceWords",
    "entry",
    "game_name",
    "load",
    "make_game",
    "make_solitaire",
    "solver_for",
]
