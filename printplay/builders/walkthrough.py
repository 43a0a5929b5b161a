"""Walkthroughs: the line a sheet shows, replayed through the engine and cut into segments.

:func:`choose_line` asks the game's solver for the line (the best line if found within a
fixed budget of states, else any win), and :func:`curated_line` takes the line a curated
deal of a kit or the demo is stored with (``seeds/<game>.json``: the same search's line,
written by ``benchmarks/curate_seeds.py``), checked by replaying it, instead of searching
again; :func:`build_walkthrough` replays it through the
engine, words every move, and decides where the walkthrough draws the board afresh (at
the game's milestones: a stock turn in TriPeaks, a redeal or a cleared row in Pyramid).
The command line's solution listing and the PDF sheet both read the same
:class:`~printplay.models.walkthrough_steps.Walkthrough`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from printplay.core.deal import Deal
from printplay.core.errors import GameError, PrintplayError
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove
from printplay.core.verdicts import Budget
from printplay.games import entry, make_solitaire, solver_for
from printplay.models.walkthrough_steps import Line, Segment, Step, Walkthrough
from printplay.solve.toolkit import replay_line

if TYPE_CHECKING:
    from printplay.analysis.curated import SeedDeal

WALKTHROUGH_BUDGET = Budget(max_states=6_000_000)
"""How far a sheet searches for the best line before settling for any win.

A count of states: the same deal must give the same sheet on any machine.  Six million
states (about 10 s here) prove the best line of nearly every deal."""

SHEET_SECONDS = 60.0
"""The most time a sheet spends deciding its deal (``--max-seconds``).  Only a deal the
solver cannot settle in time depends on it, and its sheet says so: "not decided within
60 s"."""

MIN_SEGMENT = 3
"""A walkthrough segment of fewer moves that take cards runs on into the next one."""


def choose_line(
    game: RegisteredSolitaire, state: Position, *, seconds: float | None = SHEET_SECONDS
) -> Line:
    """The line a walkthrough shows: the game's best line if found within
    :data:`WALKTHROUGH_BUDGET`, else any win; ``seconds`` bounds the whole search (the
    answer is then unknown, ``solvable is None``, if it runs out)."""
    solver = solver_for(game)
    start = time.perf_counter()
    budget = Budget(max_states=WALKTHROUGH_BUDGET.max_states, max_seconds=seconds)
    best = solver.best_line(state, budget=budget)
    if best.solvable is not None:
        return best
    left = None if seconds is None else max(0.001, seconds - (time.perf_counter() - start))
    result = solver.solve(state, budget=Budget(max_seconds=left))
    return replace(result, states=best.states + result.states)


LINES_COMMAND = "python benchmarks/curate_seeds.py --lines --game {game}"
"""The command that searches a game's printed curated deals again and stores their lines."""


def stored_line(deal: SeedDeal) -> Line | None:
    """The line a curated deal of a kit or the demo is stored with (:func:`choose_line`'s,
    stored by ``benchmarks/curate_seeds.py``), checked, not trusted: replayed through the
    engine it must win and reach the stored best (the score, or the length of a shortest
    line).  ``None`` for a deal stored with no line or no best (a graded deal's line is
    the grading's, not the walkthrough's); a stored line that fails the check is a
    :class:`GameError` naming the command that stores it again."""
    if deal.line is None or deal.best is None or deal.verdict is not True:
        return None
    game = make_solitaire(deal.game, deal.options)
    the_deal = deal.deal()

    def broken(why: str) -> GameError:
        return GameError(
            f"seeds/{game.name}.json: the stored line of {the_deal.name} {why}; "
            f"`{LINES_COMMAND.format(game=game.name)}` stores it again"
        )

    try:
        moves = tuple(game.move_from_json(move) for move in deal.line)
        final = replay_line(game.initial_state(the_deal), moves)[-1]
    except (PrintplayError, ValueError, KeyError, TypeError) as error:
        raise broken(f"does not replay: {error}") from None
    if not final.is_won:
        raise broken("does not win")
    by_score = entry(game.name).best_line == "score"
    best = final.score if by_score else len(moves)
    if best != deal.best:
        raise broken(f"reaches {best}, not the stored best {deal.best}")
    score = final.score if by_score else None
    return Line(True, moves, 0, 0.0, score=score, optimal=deal.optimal)


def curated_line(deal: SeedDeal, *, seconds: float | None = SHEET_SECONDS) -> Line:
    """The line a sheet of the curated ``deal`` prints: its stored line (:func:`stored_line`),
    else :func:`choose_line`'s search."""
    line = stored_line(deal)
    if line is not None:
        return line
    game = make_solitaire(deal.game, deal.options)
    return choose_line(game, game.initial_state(deal.deal()), seconds=seconds)


def steps_of(start: Position, moves: Sequence[SolitaireMove]) -> tuple[Step, ...]:
    """The steps of the line ``moves`` from ``start``, each applied by the engine
    (:class:`~printplay.solve.toolkit.LineError` if one is not legal)."""
    states = replay_line(start, moves)
    return tuple(
        Step(number, move, states[number - 1], states[number], "")
        for number, move in enumerate(moves, start=1)
    )


def _worded(steps: Sequence[Step]) -> tuple[Step, ...]:
    return tuple(
        Step(s.number, s.move, s.before, s.after, s.before.describe(s.move, s.after)) for s in steps
    )


def segments(steps: Sequence[Step]) -> list[list[Step]]:
    """Split a line where the walkthrough draws the board afresh: at the game's milestones.

    A milestone that takes no card of the layout (a stock turn, a redeal) opens a segment,
    together with the milestones right after it: the segment's diagram shows the board
    after them.  A milestone that takes cards (a pair that clears a row) closes its
    segment, so its cards are marked on the diagram before it.
    """
    groups: list[list[Step]] = [[]]
    for step in steps:
        milestone = step.before.milestone(step.move, step.after)
        leads = milestone and not step.move.slots
        if leads and any(not s.opens for s in groups[-1]):
            groups.append([])
        groups[-1].append(step)
        if milestone and not leads:
            groups.append([])
    return _join_short([group for group in groups if group])


def _join_short(groups: list[list[Step]]) -> list[list[Step]]:
    """Segments of fewer than :data:`MIN_SEGMENT` moves that take cards (Pyramid's end
    game, where nearly every pair clears a row) run on into the segment after them, unless
    that one opens with a stock turn or a redeal: a diagram per move would spend a page on
    three moves.  A last move alone is read on the diagram before it."""
    joined: list[list[Step]] = []
    for group in groups:
        lone_last = group is groups[-1] and len(group) == 1
        if joined and not group[0].opens and (len(joined[-1]) < MIN_SEGMENT or lone_last):
            joined[-1].extend(group)
            continue
        joined.append(list(group))
    return joined


def _segment(group: Sequence[Step], previous: int | None) -> Segment:
    leading: list[Step] = []
    for step in group:
        if not step.opens:
            break
        leading.append(step)
    board = leading[-1].after if leading else group[0].before
    return Segment(tuple(group), tuple(leading), board, previous)


def build_walkthrough(
    game: RegisteredSolitaire,
    deal: Deal,
    result: Line | None = None,
    *,
    seconds: float | None = SHEET_SECONDS,
) -> Walkthrough:
    """The walkthrough of ``deal``: ``result``'s line (by default :func:`choose_line`'s,
    searched for at most ``seconds``), replayed, worded and cut into segments."""
    start = game.initial_state(deal)
    line = result if result is not None else choose_line(game, start, seconds=seconds)
    attempt = line.solvable is False and not line.moves
    moves = simple_attempt(start) if attempt else line.moves
    steps = _worded(steps_of(start, moves))
    parts: list[Segment] = []
    previous: int | None = None
    for group in segments(steps):
        parts.append(_segment(group, previous))
        previous = group[-1].number
    plays = tuple(move.cards[0] for move in start.legal_moves() if move.slots and move.cards)
    showing = tuple(
        (pile.name, pile.cards[-1]) for pile in start.board().piles if pile.face_up and pile.cards
    )
    declared = entry(game.name)
    return Walkthrough(
        line,
        declared.best_line,
        start,
        steps,
        tuple(parts),
        plays,
        showing,
        seconds,
        reason=start.lost_reason() if line.solvable is False else None,
        attempt=attempt,
        score_order=declared.score_order,
    )


ATTEMPT_MOVES = 1000
"""The longest simple attempt played."""


def simple_attempt(start: Position) -> tuple[SolitaireMove, ...]:
    """A line played by a simple policy, for a deal proved lost with no line to show:
    take a card of the layout whenever one can be taken, else any move that is not a turn
    of the stock, else turn the stock; the first such legal move each time."""
    moves: list[SolitaireMove] = []
    state = start
    while not state.is_over and len(moves) < ATTEMPT_MOVES:
        legal = state.legal_moves()
        move = next(
            (m for m in legal if m.slots),
            next((m for m in legal if not m.turns_stock), legal[0]),
        )
        moves.append(move)
        state = state.apply(move)
    return tuple(moves)


__all__ = [
    "LINES_COMMAND",
    "MIN_SEGMENT",
    "SHEET_SECONDS",
    "WALKTHROUGH_BUDGET",
    "build_walkthrough",
    "choose_line",
    "curated_line",
    "segments",
    "simple_attempt",
    "steps_of",
    "stored_line",
]
