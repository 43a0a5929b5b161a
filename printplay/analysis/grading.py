"""Grading a deal: how hard it is, measured, not guessed.

A winnable deal is measured four ways (:class:`~printplay.core.grades.Measures`):

* **random share**: the share of :data:`PLAYOUTS` games the random player wins
  (:mod:`printplay.analysis.players`; the generator is seeded from the deal);
* **greedy**: whether the greedy player wins;
* **decisions**: the real decisions on the winning line, positions with at least two
  legal moves of which at most half keep the deal winnable (each move's position is
  decided by the solver, within :data:`DECISION_STATES` states; a position it cannot
  settle counts as lost and is reported as ``unsettled``);
* **length**: the moves of the winning line.

The winning line is the game's shortest line where its best line is the shortest
(Pyramid, Ricochet: found within :data:`LINE_STATES` states, else any win), else the
solver's winning line (TriPeaks, whose best line is about points, not difficulty).
The cheap measures come first, the verdict, then the random and greedy players: a deal
wanted only at some levels (a book of hard deals) is not measured further once they
rule those levels out (:func:`possible_levels`).
:mod:`printplay.analysis.levels` turns the measures into a level.  Budgets are counts of
states, never seconds, so a grade is the same on every machine; a deal the solver cannot
decide within :data:`LINE_STATES` states is graded ``unknown``.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games import make_solitaire
>>> game = make_solitaire("ricochet")
>>> deal = numbered_deal(game.deck(), 1)
>>> found = graded(game, deal)
>>> found.grade.level in ("easy", "medium", "hard", "expert")
True
>>> found.grade == grade_line(game, deal, found.line.moves)
True
>>> grade_deal(game, deal, levels=[level for level in LEVELS if level != found.grade.level])
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass

from printplay.analysis.levels import level_of
from printplay.analysis.players import greedy_game, playout_rng, random_game
from printplay.core.deal import Deal
from printplay.core.grades import LEVELS, UNKNOWN, UNWINNABLE, Grade, Measures
from printplay.core.parallel import parallel_map
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove
from printplay.core.verdicts import Budget, SolveResult
from printplay.games import entry, solver_for
from printplay.solve.toolkit import LineError, replay_line

PLAYOUTS = 200
"""Random games played per deal."""

LINE_STATES = 3_000_000
"""The most states searched for a deal's verdict and its line (and again for the
shortest line)."""

DECISION_STATES = 50_000
"""The most states searched to decide one position one move off the winning line."""

Line = SolveResult[SolitaireMove]


@dataclass(frozen=True)
class Graded:
    """A deal with its grade and the line the grade was measured on (no moves unless the
    deal is winnable)."""

    deal: Deal
    grade: Grade
    line: Line


def shortest_line(game: RegisteredSolitaire, start: Position, found: Line) -> Line:
    """The line a winnable deal is graded on, and its books print: the game's best line
    (if the search finds it within :data:`LINE_STATES` states) where its declaration's
    :attr:`~printplay.games.GameEntry.graded_line` says so, as it does by default for a
    game whose best line is the shortest; else ``found``, the solver's winning line."""
    game_entry = entry(game.name)
    if game_entry.best_line is None or game_entry.line_graded() != "best":
        return found
    best = solver_for(game).best_line(start, budget=Budget(max_states=LINE_STATES))
    return best if best.solvable else found


def random_won(game: RegisteredSolitaire, deal: Deal, start: Position) -> int:
    """How many of :data:`PLAYOUTS` random games from ``start`` are won."""
    rng = playout_rng(game, deal)
    return sum(random_game(start, rng) for _ in range(PLAYOUTS))


def _keeps(solver_solve: Callable[[Position], bool | None], after: Position) -> bool | None:
    """Whether ``after`` can still be won (``None``: not settled within the budget)."""
    if after.is_won:
        return True
    if after.is_over:
        return False
    return solver_solve(after)


def _is_decision(
    state: Position, chosen: SolitaireMove, solve: Callable[[Position], bool | None]
) -> tuple[bool, int]:
    """Whether ``state`` is a real decision (at most half its legal moves keep the deal
    winnable; ``chosen``, the line's move, does), and how many positions the search left
    unsettled.  It stops as soon as the answer is known."""
    legal = state.legal_moves()
    limit = len(legal) // 2
    kept, unsettled = 1, 0
    others = [move for move in legal if move != chosen]
    for done, move in enumerate(others):
        if kept > limit:
            return False, unsettled
        if kept + len(others) - done <= limit:
            return True, unsettled
        verdict = _keeps(solve, state.apply(move))
        unsettled += verdict is None
        kept += verdict is True
    return kept <= limit, unsettled


def keeping_moves(game: RegisteredSolitaire, state: Position) -> tuple[int, int]:
    """How many of the legal moves in ``state`` keep the deal winnable, and how many the
    budgeted search left unsettled (counted as not keeping it)."""
    solver = solver_for(game)
    budget = Budget(max_states=DECISION_STATES)
    kept = unsettled = 0
    for move in state.legal_moves():
        verdict = _keeps(lambda p: solver.solve(p, budget=budget).solvable, state.apply(move))
        kept += verdict is True
        unsettled += verdict is None
    return kept, unsettled


def decisions(
    game: RegisteredSolitaire, start: Position, moves: Sequence[SolitaireMove]
) -> tuple[tuple[int, ...], int]:
    """The numbers of the moves of ``moves`` made at real decisions, and how many
    positions off the line the budgeted search left unsettled."""
    solver = solver_for(game)
    budget = Budget(max_states=DECISION_STATES)

    def solve(position: Position) -> bool | None:
        return solver.solve(position, budget=budget).solvable

    states = replay_line(start, moves)
    found: list[int] = []
    unsettled = 0
    for number, (state, move) in enumerate(zip(states, moves, strict=False), start=1):
        if len(state.legal_moves()) < 2:
            continue
        decision, unknown = _is_decision(state, move, solve)
        unsettled += unknown
        if decision:
            found.append(number)
    return tuple(found), unsettled


def measure(
    game: RegisteredSolitaire,
    deal: Deal,
    moves: Sequence[SolitaireMove],
    *,
    won: int | None = None,
    greedy: bool | None = None,
) -> Measures:
    """The measures of ``deal``, whose winning line is ``moves``
    (:class:`~printplay.solve.toolkit.LineError` if the line does not win); ``won`` and
    ``greedy`` are the random and greedy players' results if already known."""
    start = game.initial_state(deal)
    states = replay_line(start, moves)
    if not states[-1].is_won:
        raise LineError(f"the line of {deal.name} does not win: {states[-1].status()}")
    found, unsettled = decisions(game, start, moves)
    return Measures(
        random_won=random_won(game, deal, start) if won is None else won,
        playouts=PLAYOUTS,
        greedy_won=greedy_game(start).is_won if greedy is None else greedy,
        decisions=len(found),
        length=len(moves),
        decision_moves=found,
        unsettled=unsettled,
    )


def grade_line(game: RegisteredSolitaire, deal: Deal, moves: Sequence[SolitaireMove]) -> Grade:
    """The grade of ``deal`` measured on the winning line ``moves`` (a stored line is
    graded again without searching for one)."""
    measures = measure(game, deal, moves)
    return Grade(level_of(game.name, measures), measures)


def possible_levels(game: str, won: int, greedy: bool) -> tuple[str, ...]:
    """The levels a winnable deal whose random player won ``won`` games and whose greedy
    player won (or not) can still reach, whatever its line: the levels rise with the
    decisions and the length, never fall."""
    easiest = level_of(game, Measures(won, PLAYOUTS, greedy, 0, 0))
    hardest = level_of(game, Measures(won, PLAYOUTS, greedy, MANY, MANY))
    return LEVELS[LEVELS.index(easiest) : LEVELS.index(hardest) + 1]


MANY = 10**6
"""More decisions or moves than any line has."""


def grade_deal(
    game: RegisteredSolitaire, deal: Deal, levels: Collection[str] | None = None
) -> Graded | None:
    """Solve and grade ``deal``.  Given ``levels``, a deal that cannot be at one of them
    is not measured further and ``None`` is returned (an unwinnable or undecided deal
    too, unless its grade is among ``levels``): the cheap measures are taken first."""
    start = game.initial_state(deal)
    found = solver_for(game).solve(start, budget=Budget(max_states=LINE_STATES))
    if not found.solvable:
        grade = Grade(UNKNOWN if found.solvable is None else UNWINNABLE)
        return Graded(deal, grade, found) if levels is None or grade.level in levels else None
    won = random_won(game, deal, start)
    greedy = greedy_game(start).is_won
    if levels is not None and not set(possible_levels(game.name, won, greedy)) & set(levels):
        return None
    line = shortest_line(game, start, found)
    measures = measure(game, deal, line.moves, won=won, greedy=greedy)
    grade = Grade(level_of(game.name, measures), measures)
    return Graded(deal, grade, line) if levels is None or grade.level in levels else None


def graded(game: RegisteredSolitaire, deal: Deal) -> Graded:
    """:func:`grade_deal` of every deal, whatever its level."""
    found = grade_deal(game, deal)
    assert found is not None  # no levels asked: every deal is graded
    return found


def _grade_job(job: tuple[RegisteredSolitaire, Deal, tuple[str, ...] | None]) -> Graded | None:
    game, deal, levels = job
    return grade_deal(game, deal, levels)


def grade_deals(
    game: RegisteredSolitaire,
    deals: Sequence[Deal],
    *,
    levels: Collection[str] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Graded | None]:
    """:func:`grade_deal` of each of ``deals`` (``levels`` as there) on up to ``jobs``
    processes (:func:`printplay.core.parallel.parallel_map`), yielding the grades in input
    order, lazily: stop reading and the work stops."""
    wanted = tuple(levels) if levels is not None else None
    work = [(game, deal, wanted) for deal in deals]
    return parallel_map(_grade_job, work, jobs=jobs, chunksize=1, progress=progress)


__all__ = [
    "DECISION_STATES",
    "LINE_STATES",
    "MANY",
    "PLAYOUTS",
    "Graded",
    "decisions",
    "grade_deal",
    "grade_deals",
    "grade_line",
    "graded",
    "keeping_moves",
    "measure",
    "possible_levels",
    "random_won",
    "shortest_line",
]
