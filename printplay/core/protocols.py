"""What shared code may ask of any solitaire: its game, its states, its moves, its solver.

Sheets, walkthroughs, rulebooks, batch solving and the command line work on TriPeaks,
Pyramid and Ricochet alike through these protocols, and never through a game's own
attributes.  A game module provides a class satisfying :class:`Solitaire`, whose states
satisfy :class:`SolitaireState` and whose moves satisfy :class:`SolitaireMove`; its solver
module satisfies :class:`SolverModule`.  The registry (:mod:`printplay.games`) binds the
two, so an engine never imports its solver.

The protocols are generic, ``Solitaire[S, M]`` over a game's state and move types and
``SolitaireState[M]`` over its moves, so a function written for any game keeps the game's
own types (a TriPeaks walkthrough holds TriPeaks moves).  Both parameters are covariant:
a state's :meth:`~SolitaireState.apply` takes any :class:`SolitaireMove` and refuses (with
:class:`~printplay.core.errors.MoveError`) one that is not legal, as it refuses any illegal
move; so every game is a :data:`RegisteredSolitaire`, which is what the registry hands out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, Self, TypeAlias, TypeVar, runtime_checkable

if TYPE_CHECKING:  # the protocols name them; importing one loads none of them
    from printplay.core.cards import Card
    from printplay.core.deal import Deal
    from printplay.core.jsontypes import JsonObject, JsonValue
    from printplay.core.layout import BoardView, Layout
    from printplay.core.options import GameOptions
    from printplay.core.verdicts import Budget, SolveResult


class SolitaireMove(Protocol):
    """A move, as shared code sees it: what kind, which slots, which cards.

    ``kind`` is the ``type`` of its JSON (``"play"``, ``"draw"``, ``"pair"`` …).
    ``slots`` are the layout slots whose cards the move takes (none, one or two; a
    walkthrough numbers them on the diagram).  ``turns_stock`` is true for a move that
    turns the stock or redeals it: a walkthrough starts a new diagram there.  ``cards``
    are the cards the move moves, for headings ("Stock turn: K♦").
    """

    @property
    def kind(self) -> str:
        """The move's type, as in its JSON."""
        ...

    @property
    def slots(self) -> tuple[int, ...]:
        """Layout slots whose cards this move takes, in the order it names them."""
        ...

    @property
    def turns_stock(self) -> bool:
        """Whether this move turns a stock card or redeals the stock."""
        ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards this move moves."""
        ...

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of ``docs/json.md``."""
        ...


M_co = TypeVar("M_co", bound=SolitaireMove, covariant=True)
"""A game's move type."""


class SolitaireState(Protocol[M_co]):
    """A position of a solitaire: immutable; :meth:`apply` returns the next one."""

    @property
    def layout(self) -> Layout:
        """The layout the cards lie in."""
        ...

    def legal_moves(self) -> Sequence[M_co]:
        """Every legal move, in a fixed order."""
        ...

    def apply(self, move: SolitaireMove) -> Self:
        """The state after ``move``; raises :class:`~printplay.core.errors.MoveError` if it is
        not legal here (a move of another game never is)."""
        ...

    @property
    def is_won(self) -> bool:
        """Whether the game is won."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether no move is left (won or lost)."""
        ...

    @property
    def cards_left(self) -> int:
        """Cards still in the layout (those a win must clear)."""
        ...

    @property
    def stock_left(self) -> int:
        """Cards still in the stock."""
        ...

    @property
    def score(self) -> int | None:
        """The score as it stands, end-of-game adjustments included (``None``: the game
        keeps no score)."""
        ...

    @property
    def running_score(self) -> int | None:
        """Points earned so far, before any end-of-game adjustment (``None``: no score)."""
        ...

    def status(self) -> str:
        """A short line about the piles, for walkthrough headings ("12 left in the stock")."""
        ...

    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        """The position as a renderer draws it, with optional badges on layout slots."""
        ...

    def to_json(self) -> JsonObject:
        """The position in the JSON layout of ``docs/json.md``."""
        ...

    def describe(self, move: SolitaireMove, after: Self) -> str:
        """``move`` (legal here, leading to ``after``) in words, with what it did."""
        ...

    def milestone(self, move: SolitaireMove, after: Self) -> bool:
        """Whether a walkthrough draws the board afresh at ``move``: a stock turn in
        TriPeaks, a redeal or a cleared row in Pyramid."""
        ...

    def lost_reason(self) -> str | None:
        """A short proof, in words, that this position cannot be won, where the game knows
        one (Pyramid: cards that can pair only with too few partners); ``None`` otherwise,
        which says nothing either way."""
        ...


Position: TypeAlias = SolitaireState[SolitaireMove]
"""A position of any solitaire."""

S_co = TypeVar("S_co", bound=Position, covariant=True)
"""A game's state type."""


@runtime_checkable
class Solitaire(Protocol[S_co, M_co]):
    """A solitaire game under some options: deck, layout, deals, words and rulebook facts."""

    @property
    def name(self) -> str:
        """The registry name (``"tripeaks"``)."""
        ...

    @property
    def title(self) -> str:
        """The name as printed (``"TriPeaks"``)."""
        ...

    @property
    def options_type(self) -> type[GameOptions]:
        """The game's options dataclass."""
        ...

    @property
    def options(self) -> GameOptions:
        """The options this game is played under."""
        ...

    @property
    def layout(self) -> Layout:
        """The layout of a deal under these options."""
        ...

    def deck(self) -> list[Card]:
        """The deck in canonical order under the game's options."""
        ...

    def numbered_deal(self, seed: int) -> Deal:
        """Deal number ``seed`` in printplay's numbering under the game's options: the
        pp1 shuffle of the deck, or the game's documented variation of it
        (docs/deals.md)."""
        ...

    def initial_state(self, deal: Deal) -> S_co:
        """The starting position of a deal in layout order."""
        ...

    def deal_json(self, deal: Deal) -> JsonObject:
        """The layout of a deal as ``deal --json`` prints it."""
        ...

    def move_from_json(self, data: Mapping[str, JsonValue]) -> M_co:
        """Read one move of ``docs/json.md``; raises :class:`~printplay.core.errors.MoveError`."""
        ...

    def deal_positions(self) -> list[str]:
        """Where each card of a deal goes, in words, in layout order."""
        ...

    def deal_order(self) -> list[int]:
        """The order a player deals a deal's cards onto the table, as indices into layout
        order: cards that lie under others first (Ricochet's outer layer before its inner
        ring), so a setup sheet's deal order can be followed card by card."""
        ...

    def rulebook_context(self) -> Mapping[str, object]:
        """Facts the rulebook source uses, computed from the engine."""
        ...

    def move_kinds(self) -> tuple[str, ...]:
        """The kinds of move (:attr:`SolitaireMove.kind`) a line may hold under these
        options, in the order the rules bring them in: what printed words about moves
        speak of (a book's key to its solutions)."""
        ...

    def shuffles_in_play(self) -> bool:
        """Whether play shuffles cards after the deal under these options (Pyramid's
        ``reshuffle``).  The shuffle is still fixed by the deal, and the move that shuffles
        names the order it made (its :attr:`SolitaireMove.cards`)."""
        ...


RegisteredSolitaire: TypeAlias = Solitaire[Position, SolitaireMove]
"""A solitaire of whichever game, as the registry hands it out."""

S_contra = TypeVar("S_contra", bound=Position, contravariant=True)


@runtime_checkable
class SolverModule(Protocol[S_contra]):
    """A game's solver: an exact verdict, and the game's best line (best score or shortest).

    Every line a solver returns has been replayed through the engine
    (:func:`printplay.solve.toolkit.checked_result`).  A solver bound to a game in the
    registry is an ``SolverModule[Position]``: it refuses, with
    :class:`~printplay.core.errors.GameError`, a position of another game.
    """

    def solve(self, state: S_contra, *, budget: Budget | None = None) -> SolveResult[SolitaireMove]:
        """Decide whether ``state`` can be won, with a winning line if it can."""
        ...

    def best_line(
        self, state: S_contra, *, budget: Budget | None = None
    ) -> SolveResult[SolitaireMove]:
        """The game's best line: the best score (the highest, or the lowest where the
        game's registry entry says its scores run so) or the fewest moves, proved if it
        can."""
        ...


@dataclass(frozen=True)
class BookPage:
    """A page a game adds to its puzzle book: its ``title`` (a heading and a bookmark) and
    its ``markdown``, typeset as a rulebook's text is (a scorecard is a table)."""

    title: str
    markdown: str


@dataclass(frozen=True)
class BookExtras:
    """What a game adds to its puzzle book, through its declaration (``book_extras``):
    ``notes``, a line printed under each puzzle's heading, one a puzzle in book order (a
    golf course's par for each hole), and ``pages`` after the puzzles (its scorecard)."""

    notes: tuple[str, ...] = ()
    pages: tuple[BookPage, ...] = ()


@runtime_checkable
class BookExtrasMaker(Protocol):
    """What a game's declaration names in ``book_extras``: given the game and the start of
    each puzzle's deal, in book order, the extras its book prints."""

    def __call__(self, game: RegisteredSolitaire, starts: Sequence[Position]) -> BookExtras:
        """The book's extras for these deals."""
        ...


@runtime_checkable
class LineFinder(Protocol):
    """A solver function that finds a kind of best line (a solver's ``best_line``, or
    another kind a game offers besides, as TriPeaks' ``shortest_line``)."""

    def __call__(
        self, state: Position, *, budget: Budget | None = None
    ) -> SolveResult[SolitaireMove]:
        """The best line of its kind from ``state``, proved best if it can be."""
        ...


__all__ = [
    "BookExtras",
    "BookExtrasMaker",
    "BookPage",
    "LineFinder",
    "M_co",
    "Position",
    "RegisteredSolitaire",
    "S_co",
    "Solitaire",
    "SolitaireMove",
    "SolitaireState",
    "SolverModule",
]
