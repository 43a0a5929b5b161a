"""The exact TriPeaks solver: can a deal be won, what is the best score, the shortest win?

The solver knows every card, face-down ones too (perfect information, as the published
solvers assume; so the ``face-up`` option changes nothing here).  Verdicts come from the
play-or-draw core, :mod:`printplay.solve.playdraw`, which TriPeaks shares with Ricochet:
the tableau is the core's layout, with no rule on what may follow what (anything open may
be played onto a card one rank away), and ``strict-draw`` chooses the core's strict search.
The core's docstring explains the encoding and the pruning (dominance in the stock and
among stock cards, the counting test, turning through).  Every line is replayed move by
move through :meth:`TriPeaksState.apply` before anyone sees it.

**Best score.**  What is TriPeaks' own is the score.  Chain points depend only on the
chain's length (a chain of ``L`` cards scores ``L(L+1)/2``) and peak bonuses only on how
many peaks are cleared, so the value of the rest of a game right after a stock turn
depends only on ``(mask, k)``.  :func:`best_score` first decides the deal with the core; if
it can be won, only winning lines count, and the counting test and the nodes the core
proved lost prune the search (it adds the ones it proves lost itself); otherwise every
finished game counts (a lost one pays the card penalty).  The value after each stock turn
is memoised; the chains along the best line are searched again to write it out, and the
engine's final score of the replayed line must equal the claimed score.  The search is
:mod:`printplay.solve.tripeaks_score`, compiled with the Pyramid core when the install can.

**Verdicts past an allowance.**  :func:`solve` lets the core hand a deal its search has not
decided within :data:`~printplay.solve.playdraw.ALLOWANCE` nodes over to exact values per
played-card mask (most lost deals; see the core's docstring), with the same verdict and
the same line.  :func:`best_score` and :func:`shortest_line` search again with the lost
tables of the verdict, which the values do not fill, so they keep the search alone.

**Shortest line.**  Every win plays the 28 tableau cards, so the fewest moves (each play
and each stock turn one) is the fewest stock turns, and a win with at most ``L`` turns is a
win of the same position with the stock cut to ``L`` cards.  :func:`shortest_line` decides
the deal, then hands the line to the core's
:func:`~printplay.solve.playdraw.fewest_turns`, which searches again with the stock cut to
one card fewer than the best line so far turns until that is proved impossible (the lost
tables carry over).  It is the game's second kind of best line (the registry's
``other_lines``: ``solve tripeaks --shortest``); ``strict-draw``, ``no-wrap`` and jokers are
the core's as for verdicts.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games.tripeaks import TriPeaks
>>> game = TriPeaks()
>>> result = solve(game.initial_state(numbered_deal(game.deck(), 1)))
>>> result.solvable, len(result.moves) >= 28
(True, True)
>>> shortest = shortest_line(game.initial_state(numbered_deal(game.deck(), 1)))
>>> len(shortest.moves), shortest.optimal
(41, True)
"""

from __future__ import annotations

from printplay.core.protocols import Position
from printplay.core.verdicts import Budget, BudgetExhausted, SolveResult
from printplay.games.tripeaks import (
    LAYOUT,
    PEAK_TOPS,
    TABLEAU_SIZE,
    Draw,
    Move,
    TriPeaksState,
)
from printplay.solve import compiled, playdraw, tripeaks_score
from printplay.solve.packed import GUARD, GUARD_PAIRS, layout_masks, places
from printplay.solve.playdraw import DRAW, Encoded, LostTables, steps_to_moves
from printplay.solve.toolkit import (
    Clock,
    LineError,
    checked_result,
    deep_recursion,
    own_state,
    replay_line,
)
from printplay.solve.tripeaks_score import TERMINAL as _TERMINAL
from printplay.solve.tripeaks_score import ScoreSearch, Tail

RULES = playdraw.Rules(LAYOUT)
"""The tableau as the core sees it: anything open may follow anything."""

FULL = RULES.full
"""The mask of a cleared tableau."""

SHIPPED_LATTICES = ((RULES, *layout_masks((True,) * TABLEAU_SIZE, RULES.need)),)
"""The lattices of played-card masks printplay ships for this solver (``printplay data
rebuild lattices``): the tableau's from the start, where every deal's verdict search begins
(:func:`~printplay.solve.playdraw.lattice`)."""

_PEAKS = sum(1 << p for p in PEAK_TOPS)


def encode(state: TriPeaksState, limit: int | None = None) -> Encoded:
    """Build the core's encoding of ``state`` and the tables of its deal; ``limit`` keeps
    only that many stock cards.

    Raises :class:`ValueError` for a position no play can reach (an empty slot still
    covered by a card).
    """
    if len(state.tableau) != TABLEAU_SIZE:
        raise ValueError(f"a TriPeaks tableau has {TABLEAU_SIZE} slots, not {len(state.tableau)}")
    stock = state.stock if limit is None else state.stock[: max(0, limit)]
    sequence = (state.waste_top, *stock)
    return playdraw.encode(RULES, state.tableau, sequence, wrap=state.options.wrap)


def short_of_neighbours(supply: tuple[int, int], counts: int) -> bool:
    """The counting test: whether some rank, or pair of ranks two apart, has more cards
    left than places to go.

    ``supply`` is an entry of :attr:`Encoded.supply` (or :func:`places` of the cards outside
    the tableau), ``counts`` the packed tableau counts.  Each 8-bit field of ``(places) |
    guard`` minus the cards that need them keeps its guard bit exactly when there are
    enough places.

    >>> four, five, six, seven = (1 << 8 * rank for rank in (4, 5, 6, 7))
    >>> short_of_neighbours(places(0), five)  # one five, nothing to go onto
    True
    >>> short_of_neighbours(places(four), five)
    False
    >>> short_of_neighbours(places(0, jokers=1), five)
    False
    >>> short_of_neighbours(places(0), five + seven + six)  # two cards, one six between them
    True
    >>> short_of_neighbours(places(four), five + seven + six)
    False
    """
    return RULES.regions.short(supply, counts)


def replay(state: TriPeaksState, moves: tuple[Move, ...]) -> TriPeaksState:
    """The state after ``moves``, each applied by the engine (:class:`LineError` if one is
    refused: a solver bug)."""
    final: TriPeaksState = replay_line(state, moves)[-1]
    return final


def _decide(
    state: TriPeaksState, enc: Encoded, clock: Clock, tables: LostTables, hand_over: bool = True
) -> SolveResult[Move]:
    """The core's verdict under the options of ``state`` (``hand_over``: see
    :func:`~printplay.solve.playdraw.search`)."""
    free = not state.options.strict_draw
    return playdraw.decide(
        state, enc, clock, free=free, resets=True, tables=tables, hand_over=hand_over
    )


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """Decide whether ``state`` can be won, with a winning line if it can.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if ``budget`` ran out first.  ``score`` is
    the final score of the winning line (not the best possible: see :func:`best_score`).
    """
    state = own_state(position, TriPeaksState, "TriPeaks")
    return _decide(state, encode(state), Clock(budget), LostTables())


def shortest_line(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """A shortest winning line: the fewest moves, each play and each stock turn one.

    Every win plays all 28 tableau cards, so the fewest moves means the fewest stock turns:
    the deal is decided, then the core's :func:`~printplay.solve.playdraw.fewest_turns`
    searches again with the stock cut shorter until a shorter win is proved impossible,
    under every option (``strict-draw``, ``no-wrap``, jokers: the core's searches follow
    them).  ``optimal`` is ``True`` when the line is proved shortest; if ``budget`` runs
    out after a win was found, the shortest found so far comes back with
    ``optimal=False``, and before, the answer is unknown.  A position that cannot be won
    comes back with ``solvable=False`` and no moves.  The line is replayed through the
    engine.
    """
    state = own_state(position, TriPeaksState, "TriPeaks")
    clock = Clock(budget)
    tables = LostTables()
    enc = encode(state)
    free = not state.options.strict_draw
    try:
        steps, states = playdraw.search(
            enc, clock, free=free, resets=True, tables=tables, hand_over=False
        )
    except BudgetExhausted as stop:
        return SolveResult(None, (), stop.states, clock.seconds, reason=stop.reason)
    if steps is None:
        return SolveResult(False, (), states, clock.seconds, optimal=True)
    steps, more, reason = playdraw.fewest_turns(
        lambda limit: encode(state, limit), steps, clock, free=free, resets=True, tables=tables
    )
    return checked_result(
        state, steps_to_moves(enc, steps), solvable=True, clock=clock, states=states + more,
        optimal=not reason, reason=reason,
    )  # fmt: skip


def _line_from(search: ScoreSearch, enc: Encoded, tail: Tail) -> list[int]:
    """The best line right after a stock turn whose value is memoised: ``tail`` is
    ``(mask, exposed, k, counts)``; each chain along it is searched again to write it out."""
    ranks, seq, nbm, delta = enc.ranks, enc.sequence_ranks, enc.neighbours, enc.delta
    mask, exposed, k, counts = tail
    top, length, k = seq[k], 0, k + 1
    steps: list[int] = []
    values: dict[int, int] = {}
    search.chain(mask, exposed, top, length, 0, k, counts, values)
    while mask != FULL:
        choice = search.step(values, mask, exposed & nbm[top])
        if choice == _TERMINAL:
            break
        steps.append(choice)
        if choice == DRAW:
            top = seq[k]
            length = 0
            values = {}
            search.chain(mask, exposed, top, 0, 0, k + 1, counts, values)
            k += 1
            continue
        mask, exposed = RULES.play(mask, exposed, choice)
        top = ranks[choice]
        length += 1
        counts -= delta[choice]
    return steps


def _score_search(
    state: TriPeaksState,
    enc: Encoded,
    clock: Clock,
    *,
    win_only: bool,
    seed: tuple[int, list[int]],
    tables: LostTables,
) -> tuple[int, list[int], int, str]:
    """Best final score from ``state``: a memoised search over stock turns
    (:class:`~printplay.solve.tripeaks_score.ScoreSearch`, compiled when the install
    compiled it).

    With ``win_only`` only winning lines count (a line that loses is worth
    :data:`~printplay.solve.tripeaks_score.NO_SCORE`) and the counting test prunes;
    otherwise every finished game counts, a lost one with its card penalty.  ``seed`` is a
    known complete line (score, steps); ``tables`` hold the nodes the core proved lost, used
    (and extended) when only wins count and the stock may be turned at any time.

    Returns (best score, its steps, states, reason): the reason is empty when the search
    finished, else the budget message, and the line is then the best one found so far.
    """
    options = state.options
    regions = RULES.regions
    search = compiled.native(tripeaks_score).ScoreSearch(
        (enc.ranks, enc.sequence_ranks, enc.neighbours, enc.delta, enc.supply, RULES.uncovers),
        (
            FULL,
            _PEAKS,
            tuple(options.peak_bonuses),
            options.completion_bonus,
            options.card_penalty,
            TABLEAU_SIZE,
        ),
        (options.strict_draw, win_only),
        (tables.plays, tables.turns),
        (
            regions.all_shift,
            regions.outside,
            regions.guards,
            regions.guard_ranks,
            GUARD,
            GUARD_PAIRS,
        ),
        clock.check,
        clock.mask,
        seed,
    )
    reason = ""
    try:
        top = enc.sequence_ranks[0]
        search.chain(enc.mask, enc.exposed, top, state.chain, state.points, 1, enc.counts, {})
    except BudgetExhausted as stop:
        reason = stop.reason
    score, prefix, tail = search.stop()
    clock.enabled = False
    if tail is None:
        return score, prefix, search.count, reason
    rest = _line_from(search, enc, tail)
    return score, [*prefix, *rest], search.count, reason


def _greedy_steps(enc: Encoded) -> list[int]:
    """A quick complete line: play the first playable card, else turn, until the game ends."""
    mask, exposed, top, k = enc.mask, enc.exposed, enc.sequence_ranks[0], 1
    steps: list[int] = []
    while mask != FULL:
        cand = exposed & enc.neighbours[top]
        if cand:
            slot = cand.bit_length() - 1
            mask, exposed = RULES.play(mask, exposed, slot)
            top = enc.ranks[slot]
            steps.append(slot)
        elif k < len(enc.sequence_ranks):
            top = enc.sequence_ranks[k]
            k += 1
            steps.append(DRAW)
        else:
            break
    return steps


def best_score(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """The highest score: of a winning line if the deal can be won, else of any line.

    The score is the engine's final score (a lost game pays the card penalty).  ``optimal``
    is ``True`` when the search finished; if ``budget`` runs out the best line found so far
    comes back with ``optimal=False`` (``solvable`` then says what is known: ``True`` if a
    winning line was found, else ``None``).  The line is replayed through the engine and
    its final score checked against the claimed one.
    """
    state = own_state(position, TriPeaksState, "TriPeaks")
    clock = Clock(budget)
    enc = encode(state)
    if state.is_over:
        return SolveResult(state.is_won, (), 0, clock.seconds, state.score, True)
    tables = LostTables()
    found = _decide(state, enc, clock, tables, hand_over=False)
    verdict, states, reason = found.solvable, found.states, found.reason
    win_only = verdict is True
    if win_only:
        assert found.score is not None
        seed_score = found.score
        seed_steps = [DRAW if isinstance(move, Draw) else move.slot for move in found.moves]
    else:
        seed_steps = _greedy_steps(enc)
        seed_score = replay(state, steps_to_moves(enc, seed_steps)).score
    optimal = verdict is not None
    score, steps, count = seed_score, seed_steps, 0
    if optimal:
        with deep_recursion():
            score, steps, count, stop = _score_search(
                state,
                enc,
                clock,
                win_only=win_only,
                seed=(seed_score, seed_steps),
                tables=tables,
            )
        if stop:
            optimal, reason = False, stop
    line = steps_to_moves(enc, steps)
    final = replay(state, line)
    if not final.is_over:
        raise LineError("the best-score line, replayed through the engine, does not end")
    solvable = verdict if verdict is not None else (True if final.is_won else None)
    if win_only and not final.is_won:
        raise LineError("the best winning line, replayed through the engine, does not win")
    return checked_result(
        state,
        line,
        solvable=solvable,
        clock=clock,
        states=states + count,
        optimal=optimal,
        reason=reason,
        score=score,
    )


best_line = best_score
"""The game's best line (:class:`~printplay.core.protocols.SolverModule`): the best score."""


__all__ = [
    "DRAW",
    "FULL",
    "RULES",
    "SHIPPED_LATTICES",
    "Encoded",
    "best_line",
    "best_score",
    "encode",
    "places",
    "replay",
    "short_of_neighbours",
    "shortest_line",
    "solve",
    "steps_to_moves",
]
