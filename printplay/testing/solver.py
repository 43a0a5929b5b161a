"""A game's solver against the plain searches of :mod:`printplay.testing.reference`.

On a position small enough for a breadth-first search through the engine, the solver's
verdict must be the search's; its winning line must win when replayed; its best line must
replay, win exactly when the position can be won, and be proved (``optimal``) when no
budget stops it.  Where the game's best line is the shortest, it must be as short as the
search's; where it is the best score, it must end the game with the score it claims, no
worse than any other line the kit knows, and equal to the best score of an exhaustive search
when that is in reach, the best being the highest or the lowest as the game's registry entry
says (``score_order``).  A game that offers another kind of best line besides (TriPeaks'
shortest line) has that one checked the same way.

>>> from printplay.core.cards import parse_card
>>> from printplay.games import make_solitaire
>>> from printplay.games.ricochet import RicochetState
>>> game = make_solitaire("ricochet")
>>> walls = (None,) * 24 + (parse_card("Kc"),) + (None,) * 7
>>> state = RicochetState(game.options, walls, (parse_card("Ad"),), ())
>>> agreement = check_solver(game, state)
>>> agreement.reference.solvable, len(agreement.best.moves)
(True, 1)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from printplay.core.options import chosen
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove
from printplay.core.verdicts import ScoreOrder, SolveResult, better_score
from printplay.games import BestLine, entry, solver_for
from printplay.solve.toolkit import LineError, replay_line
from printplay.testing.failures import Where
from printplay.testing.reference import (
    DEFAULT_CAP,
    BestScore,
    Reference,
    SearchTooBig,
    reference_best_score,
    reference_search,
)


@dataclass(frozen=True)
class Agreement:
    """What :func:`check_solver` compared: the reference search, the solver's verdict and
    best line, (for a game that keeps score, when in reach) the best scores, and the other
    kinds of best line the game offers, each checked as its own best line is."""

    reference: Reference
    verdict: SolveResult[SolitaireMove]
    best: SolveResult[SolitaireMove]
    best_score: BestScore | None = None
    others: Mapping[str, SolveResult[SolitaireMove]] = field(default_factory=dict)
    """The other kinds of best line the game offers (TriPeaks' shortest), by kind."""


def _said(solvable: bool | None) -> str:
    return {True: "won", False: "lost", None: "unknown"}[solvable]


def _final(state: Position, moves: Sequence[SolitaireMove], what: str, where: Where) -> Position:
    try:
        return replay_line(state, moves)[-1]
    except LineError as error:
        raise where.fail(f"{what} does not replay through the engine: {error}") from None


def _json_line(moves: Sequence[SolitaireMove]) -> str:
    return json.dumps([move.to_json() for move in moves])


def check_solver(
    game: RegisteredSolitaire,
    state: Position,
    *,
    cap: int = DEFAULT_CAP,
    key: Callable[[Position], Hashable] | None = None,
    score_key: Callable[[Position], Hashable] | None = None,
    lines: Sequence[Sequence[SolitaireMove]] = (),
    where: Where | None = None,
) -> Agreement:
    """Check the registered solver of ``game`` on ``state`` against a breadth-first search
    through the engine (``cap`` and ``key`` as in
    :func:`~printplay.testing.reference.reference_search`); for a game that keeps score,
    also against ``lines`` (other lines from ``state`` played to the end) and, when in
    reach, :func:`~printplay.testing.reference.reference_best_score` (with ``score_key``).

    Raises :class:`~printplay.testing.reference.SearchTooBig` if the position is too big
    for the reference, and :class:`~printplay.testing.failures.ConformanceError` if the
    solver disagrees with it.
    """
    here = where or Where.of(game.name, chosen(game.options), state)
    reference = reference_search(state, cap, key=key)
    solver = solver_for(game)
    verdict = solver.solve(state)
    shortest = reference.line
    if verdict.solvable is not reference.solvable:
        found = f" in {len(shortest)} moves: {_json_line(shortest)}" if shortest else ""
        raise here.fail(
            f"solve() says {_said(verdict.solvable)}, a breadth-first search through the "
            f"engine says {_said(reference.solvable)}{found}"
        )
    reason = state.lost_reason()
    if reason is not None and reference.solvable:
        raise here.fail(f"lost_reason() claims the position is lost ({reason}), yet it is won")
    if verdict.solvable and not _final(state, verdict.moves, "solve()'s line", here).is_won:
        raise here.fail("solve()'s winning line does not win")
    game_entry = entry(game.name)
    scores = (score_key, game_entry.score_order)
    best = solver.best_line(state)
    exact = None
    if game_entry.best_line is not None:
        known = [*lines, verdict.moves, *([shortest] if shortest else [])]
        exact = _check_best(
            state, game_entry.best_line, "best_line()", best, reference, known, scores, cap,
            here,
        )  # fmt: skip
    others: dict[str, SolveResult[SolitaireMove]] = {}
    for kind, path in game_entry.other_lines.items():
        other = game_entry.line_finder(kind)(state)
        known = [*lines, verdict.moves, best.moves, *([shortest] if shortest else [])]
        label = f"{path.rpartition(':')[2]}()"
        _check_best(state, kind, label, other, reference, known, scores, cap, here)
        others[kind] = other
    return Agreement(reference, verdict, best, exact, others)


def _check_best(
    state: Position,
    kind: BestLine,
    label: str,
    best: SolveResult[SolitaireMove],
    reference: Reference,
    known: Sequence[Sequence[SolitaireMove]],
    scores: tuple[Callable[[Position], Hashable] | None, ScoreOrder],
    cap: int,
    here: Where,
) -> BestScore | None:
    """Check a best line of ``kind`` (found by ``label``) against the reference search
    (``scores``: the key a best-score search may merge positions by, and the game's order
    of scores)."""
    shortest = reference.line
    if best.solvable is not reference.solvable:
        raise here.fail(
            f"{label} says {_said(best.solvable)}, the search {_said(reference.solvable)}"
        )
    if best.optimal is not True:
        raise here.fail(f"{label} is not proved best without a budget ({best.reason})")
    final = _final(state, best.moves, f"{label}'s line", here)
    if final.is_won != reference.solvable:
        raise here.fail(f"{label}'s line ends {'won' if final.is_won else 'not won'}")
    if kind == "shortest" and shortest is not None and len(best.moves) != len(shortest):
        raise here.fail(
            f"{label} wins in {len(best.moves)} moves, the search in {len(shortest)}: "
            f"{_json_line(shortest)}"
        )
    if kind == "score":
        return _check_score(state, best, final, known, scores, cap, here, label)
    return None


def _check_score(
    state: Position,
    best: SolveResult[SolitaireMove],
    final: Position,
    known: Sequence[Sequence[SolitaireMove]],
    scores: tuple[Callable[[Position], Hashable] | None, ScoreOrder],
    cap: int,
    where: Where,
    label: str,
) -> BestScore | None:
    """Check a best-score line: it ends the game with the score it claims, no other known
    line ending the game alike scores better, and an exhaustive search in reach (with the
    key and the game's order of ``scores``) finds the same score."""
    score_key, order = scores
    if not final.is_over:
        raise where.fail(f"{label}'s best-score line does not end the game")
    if best.score != final.score:
        raise where.fail(f"{label} claims {best.score}, its line scores {final.score}")
    assert best.score is not None
    for line in known:
        end = _final(state, line, "a known line", where)
        if (
            end.is_over
            and end.is_won == final.is_won
            and better_score(order, end.score or 0, best.score)
        ):
            raise where.fail(
                f"{label} scores {best.score}, but this line scores {end.score}: {_json_line(line)}"
            )
    try:
        exact = reference_best_score(state, cap, key=score_key, order=order)
    except SearchTooBig:
        return None
    expected = exact.win if final.is_won else exact.overall
    if best.score != expected:
        raise where.fail(f"{label} scores {best.score}, an exhaustive search {expected}")
    return exact


__all__ = ["Agreement", "check_solver"]
