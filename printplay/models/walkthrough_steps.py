"""A line of a deal replayed into steps and segments: the :class:`Walkthrough` a sheet, a
book and ``printplay solve`` show (built by :mod:`printplay.builders.walkthrough`).

Apart from :mod:`printplay.models.printable`, which names them too, so that a verb that
prints a line loads none of the other printables' classes.
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.cards import Card
from printplay.core.protocols import Position, SolitaireMove
from printplay.core.verdicts import ScoreOrder, SolveResult

Line = SolveResult[SolitaireMove]
"""A solver's answer for a deal, with its line."""


@dataclass(frozen=True)
class Step:
    """One move of a line: its number, the move, the engine states around it and the move
    in the engine's words."""

    number: int
    move: SolitaireMove
    before: Position
    after: Position
    words: str

    @property
    def opens(self) -> bool:
        """Whether the move is a milestone that takes no layout card (a stock turn, a
        redeal): it opens a new segment of the walkthrough."""
        return not self.move.slots and self.before.milestone(self.move, self.after)


@dataclass(frozen=True)
class Segment:
    """A stretch of a walkthrough drawn on one diagram.

    ``leading`` are the stock turns or redeals that open it (the diagram shows the board
    after them: :attr:`board`); ``previous`` is the number of the move before the segment
    (for its heading when nothing opens it).
    """

    steps: tuple[Step, ...]
    leading: tuple[Step, ...]
    board: Position
    previous: int | None

    @property
    def kind(self) -> str | None:
        """The kind of move that opens the segment (``"draw"``, ``"redeal"``), if any."""
        return self.leading[-1].move.kind if self.leading else None

    @property
    def opening_cards(self) -> tuple[Card, ...]:
        """The cards the opening stock turns show."""
        return tuple(card for step in self.leading for card in step.move.cards)

    @property
    def new_stock(self) -> tuple[Card, ...]:
        """The new stock an opening redeal lays down, top card first, when the move names
        it (a shuffled redeal: a player stacks the waste in this order instead of
        shuffling); empty otherwise."""
        for step in reversed(self.leading):
            if step.move.turns_stock and len(step.move.cards) > 1:
                return step.move.cards
        return ()


@dataclass(frozen=True)
class Walkthrough:
    """A line of a deal, replayed through the engine, cut into segments to draw.

    ``best_line`` is what the game's best line is (``"score"``, ``"shortest"``),
    ``score_order`` which score is best (``"highest"`` or ``"lowest"``), and ``result``
    the solver's answer the line came from.  ``opening_plays`` are the layout
    cards that could have been played at the start, and ``showing`` the face-up pile tops
    then, for a line that opens by turning the stock.
    """

    result: Line
    best_line: str | None
    start: Position
    steps: tuple[Step, ...]
    segments: tuple[Segment, ...]
    opening_plays: tuple[Card, ...]
    showing: tuple[tuple[str, Card], ...]
    seconds: float | None = None
    """The time the search for the line was given (said when it ran out)."""
    reason: str | None = None
    """For a deal proved lost, a short proof in words, where the game knows one."""
    attempt: bool = False
    """Whether the line is a simple attempt played for a lost deal the solver gave no
    line for (:func:`printplay.builders.walkthrough.simple_attempt`)."""
    score_order: ScoreOrder = "highest"
    """Which score the game counts best: the highest, or the lowest (strokes)."""

    @property
    def final(self) -> Position:
        """The position the line ends in."""
        return self.steps[-1].after if self.steps else self.start

    @property
    def opens_with_stock(self) -> bool:
        """Whether the start is drawn on its own: no moves, or the line opens by turning
        the stock."""
        return not self.segments or bool(self.segments[0].leading)

    @property
    def counts(self) -> tuple[tuple[str, int], ...]:
        """How many moves of each kind the line makes, in order of first appearance."""
        counts: dict[str, int] = {}
        for step in self.steps:
            counts[step.move.kind] = counts.get(step.move.kind, 0) + 1
        return tuple(counts.items())

    @property
    def cleared(self) -> int:
        """Layout cards the line clears."""
        return self.start.cards_left - self.final.cards_left


__all__ = ["Line", "Segment", "Step", "Walkthrough"]
