"""The exact TriPeaks solver: can a deal be won, and what is the best score?

The solver knows every card, face-down ones too (perfect information, as the published
solvers assume; so the ``face-up`` option changes nothing here).  It works on a compact
encoding and checks itself against the readable engine of :mod:`printplay.games.tripeaks`:
every line it returns is replayed move by move through :meth:`TriPeaksState.apply` before
anyone sees it.

**Encoding.**  A position is a few small integers: ``mask`` (28 bits, the tableau slots
already played), the rank of the waste top (0 for a joker) and ``k``, the position of the
next card to turn in the sequence ``[waste top, stock...]``.  The exposed slots are a
bitmask carried along and updated incrementally (removing a slot can uncover only the one
or two slots it lies on), and the playable slots are ``exposed & NEIGHBOURS[top]``, where
``NEIGHBOURS[r]`` is computed once per deal: the slots whose card may go onto rank ``r``.
A position's future depends on the top only through that set of playable slots, so
positions are keyed by ``(mask, playable)``, which merges tops that allow the same plays.

**Pruning** (each one exact: it never throws away a win):

* *Memo with dominance* (stock turns at any time).  A position that cannot be won with the
  next stock card at ``k`` cannot be won with it at any later ``k'`` either: from the
  earlier one the player can do all the later one can, drawing through to the same stock
  card.  So the solver keeps, per position, the smallest ``k`` proved lost, and per
  ``mask`` the smallest ``k`` from which turning the stock was proved lost.
* *Counting.*  Every tableau card still to be played goes onto a card one rank away: the
  waste top (if the card is playable now), a stock card still to come, or another tableau
  card; and each of those takes at most one card directly on top of it.  So for every rank
  ``r`` the cards of rank ``r`` left in the tableau cannot outnumber the cards of ranks
  ``r - 1`` and ``r + 1`` among the top, the stock still to come and the tableau (a joker
  counts for every rank; jokers left in the tableau need no count, they go anywhere).
  The same holds for two ranks two apart: the cards of ranks ``r`` and ``r + 2`` cannot
  outnumber the places of ranks ``r - 1``, ``r + 1`` and ``r + 3`` (Hall's condition for
  that pair; a place of rank ``r + 1`` takes a card of either rank, but only one).  The
  counts per rank are packed into one integer (8 bits a rank) and all the comparisons are
  done at once with guard bits, each time a stock card is about to be turned.

* *Turning through.*  A stock card that no exposed card fits on leaves nothing to do but
  turn the next one, so the search turns on to the first stock card that allows a play
  (or gives up if none is left) without stopping at the positions in between.

Move order: plays before the stock turn, the lowest row first (highest slot number).

Under ``strict-draw`` the dominance does not hold (a turn is forced the moment no card can
be played), so positions are memoised exactly as ``(mask, playable, k)``.

**Best score.**  Chain points depend only on the chain's length (a chain of ``L`` cards
scores ``L(L+1)/2``) and peak bonuses only on how many peaks are cleared, so the value of
the rest of a game right after a stock turn depends only on ``(mask, k)``.
:func:`best_score` first decides the deal with :func:`solve`; if it can be won, only
winning lines count, and the counting test and the positions :func:`solve` proved lost
prune the search; otherwise every finished game counts (a lost one pays the card
penalty).  The value after each stock turn is memoised; the chains along the best line are
searched again to write it out, and the engine's final score of the replayed line must
equal the claimed score.

>>> from printplay.deal import numbered_deal
>>> from printplay.games.tripeaks import TriPeaks
>>> game = TriPeaks()
>>> result = solve(game.initial_state(numbered_deal(game.deck(), 1)))
>>> result.solvable, len(result.moves) >= 28
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.cards import Card
from printplay.games.protocols import Position
from printplay.games.tripeaks import (
    LAYOUT,
    PEAK_TOPS,
    TABLEAU_SIZE,
    Draw,
    Move,
    Play,
    TriPeaksState,
)
from printplay.solve.packed import (
    GUARD,
    GUARD_PAIRS,
    GUARD_RANKS,
    cover_masks,
    layout_masks,
    next_to,
    places,
    rank_unit,
)
from printplay.solve.toolkit import (
    Clock,
    LineError,
    checked_result,
    deep_recursion,
    own_state,
    replay_line,
)
from printplay.verdicts import Budget, BudgetExhausted, SolveResult

FULL = (1 << TABLEAU_SIZE) - 1
"""The mask of a cleared tableau."""

DRAW = -1
"""In a line of steps (see :func:`steps_to_moves`), a stock turn; other steps are slots."""

NO_TOP = 14
"""Index of the :attr:`Encoded.supply` column for "the waste top helps no card"."""

_PEAKS = sum(1 << p for p in PEAK_TOPS)
_NEED, _UNCOVERS = cover_masks(LAYOUT)
_GUARD, _GUARD_RANKS, _GUARD_PAIRS = GUARD, GUARD_RANKS, GUARD_PAIRS
_NO_SCORE = -(1 << 62)
"""Stands for "no such line" in score searches (far below any real score)."""
_TERMINAL = -2


@dataclass(frozen=True)
class Encoded:
    """A position in the solver's encoding, with the tables of its deal.

    ``cards`` holds the tableau by slot (``None`` where played); ``sequence`` is the waste
    top followed by the stock (next card first), so the next card to turn is
    ``sequence[1]`` at the start.
    """

    cards: tuple[Card | None, ...]
    sequence: tuple[Card, ...]
    ranks: tuple[int, ...]
    """Per slot: the rank of its card (0 for a joker or an empty slot)."""
    sequence_ranks: tuple[int, ...]
    """The ranks of :attr:`sequence`."""
    mask: int
    """The slots already played."""
    exposed: int
    """The slots whose card is there and uncovered."""
    neighbours: tuple[int, ...]
    """Per rank 0-13: the slots whose card may be played onto a card of that rank."""
    unit: tuple[int, ...]
    """Per rank: what one tableau card of that rank adds to :attr:`counts`."""
    counts: int
    """The tableau cards left, counted by rank in 8-bit fields (field ``r`` for rank ``r``;
    with wrap, field 0 repeats the kings and field 14 the aces, so that shifting by one
    field reaches the neighbours).  Jokers are not counted."""
    supply: tuple[tuple[tuple[int, int], ...], ...]
    """Per stock position ``k`` and top rank (:data:`NO_TOP` for none), two packed counts of
    places outside the tableau (the top and the stock from ``k`` on, jokers counting for
    every rank): per rank ``r``, how many cards one of rank ``r`` could go onto; and per
    rank ``r``, how many cards one of rank ``r`` or ``r + 2`` could go onto."""


def encode(state: TriPeaksState) -> Encoded:
    """Build the compact encoding of ``state`` and the tables of its deal.

    Raises :class:`ValueError` for a position no play can reach (an empty slot still
    covered by a card).
    """
    wrap = state.options.wrap
    cards = state.tableau
    if len(cards) != TABLEAU_SIZE:
        raise ValueError(f"a TriPeaks tableau has {TABLEAU_SIZE} slots, not {len(cards)}")
    mask, exposed = layout_masks(cards, _NEED)
    ranks = tuple(0 if card is None else int(card.rank) for card in cards)
    sequence = (state.waste_top, *state.stock)
    sequence_ranks = tuple(int(card.rank) for card in sequence)
    present = [slot for slot in range(TABLEAU_SIZE) if cards[slot] is not None]
    neighbours = tuple(
        sum(1 << slot for slot in present if next_to(ranks[slot], rank, wrap)) for rank in range(14)
    )
    unit = tuple(rank_unit(rank, wrap) for rank in range(14))
    tableau_jokers = sum(1 for slot in present if ranks[slot] == 0)
    supply = []
    for k in range(len(sequence) + 1):
        rest = sequence_ranks[k:]
        stock = sum(unit[rank] for rank in rest)
        jokers = tableau_jokers + rest.count(0)
        row = []
        for top in range(NO_TOP + 1):
            row.append(places(stock + (unit[top] if 0 < top < NO_TOP else 0), jokers + (top == 0)))
        supply.append(tuple(row))
    return Encoded(
        cards=cards,
        sequence=sequence,
        ranks=ranks,
        sequence_ranks=sequence_ranks,
        mask=mask,
        exposed=exposed,
        neighbours=neighbours,
        unit=unit,
        counts=sum(unit[ranks[slot]] for slot in present),
        supply=tuple(supply),
    )


def short_of_neighbours(supply: tuple[int, int], counts: int) -> bool:
    """The counting test: whether some rank, or pair of ranks two apart, has more cards
    left than places to go.

    ``supply`` is an entry of :attr:`Encoded.supply`, ``counts`` the packed tableau counts.
    Each 8-bit field of ``(places) | guard`` minus the cards that need them keeps its guard
    bit exactly when there are enough places.

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
    single, pair = supply
    spread = (counts << 8) + (counts >> 8)
    return ((single + spread) | _GUARD) - counts & _GUARD_RANKS != _GUARD_RANKS or (
        (pair + spread + (counts >> 24)) | _GUARD
    ) - counts - (counts >> 16) & _GUARD_PAIRS != _GUARD_PAIRS


_LostTables = tuple[dict[int, int], dict[int, int]]
"""What the search proved lost (stock turns at any time): per chain position (key
``mask << 28 | playable``) and per mask (a stock turn), the smallest next-card index."""


def _search_free(
    enc: Encoded, clock: Clock, tables: _LostTables | None = None
) -> tuple[list[int] | None, int]:
    """Depth-first search when the stock may be turned at any time.

    Returns the winning line as steps (a slot for a play, :data:`DRAW` for a turn) or
    ``None``, and the number of positions examined.  ``tables``, if given, receives the
    positions proved lost (for :func:`best_score` to reuse).
    """
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    unit = enc.unit
    supply = enc.supply
    check, check_mask = clock.check, clock.mask
    uncovers = _UNCOVERS
    seen, drawfail = tables if tables is not None else ({}, {})
    seen_get = seen.get
    drawfail_get = drawfail.get
    line: list[int] = []
    count = 0

    def search(mask: int, exposed: int, top: int, k: int, counts: int) -> bool:
        nonlocal count
        cand = exposed & nbm[top]
        key = mask << 28 | cand
        failed = seen_get(key)
        if failed is not None and failed <= k:
            return False
        count += 1
        if not count & check_mask:
            check(count)
        while cand:
            slot = cand.bit_length() - 1
            bit = 1 << slot
            cand ^= bit
            m2 = mask | bit
            if m2 == FULL:
                line.append(slot)
                return True
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            rank = ranks[slot]
            if search(m2, e2, rank, k, counts - unit[rank]):
                line.append(slot)
                return True
        if k < n:
            failed = drawfail_get(mask)
            # Turn on through cards that no card of the layout fits: after such a turn the
            # only move is the next turn, so drawing from k is drawing from j.
            j = k
            while j < n and not nbm[seq[j]] & exposed:
                j += 1
            if j < n and (failed is None or failed > j):
                new_top = seq[j]
                # short_of_neighbours, written out: a call here costs ~8% on the worst deck
                single, pair = supply[j + 1][new_top]
                spread = (counts << 8) + (counts >> 8)
                if (
                    ((single + spread) | _GUARD) - counts & _GUARD_RANKS == _GUARD_RANKS
                    and ((pair + spread + (counts >> 24)) | _GUARD) - counts - (counts >> 16)
                    & _GUARD_PAIRS
                    == _GUARD_PAIRS
                    and search(mask, exposed, new_top, j + 1, counts)
                ):
                    line.extend([DRAW] * (j - k + 1))
                    return True
            if failed is None or failed > k:
                drawfail[mask] = k
        seen[key] = k
        return False

    won = enc.mask == FULL or search(enc.mask, enc.exposed, seq[0], 1, enc.counts)
    line.reverse()
    return (line if won else None), count


def _search_strict(
    enc: Encoded, clock: Clock, tables: _LostTables | None = None
) -> tuple[list[int] | None, int]:
    """Depth-first search under ``strict-draw``: a turn only when no card can be played.

    ``tables`` is ignored (the dominance it records does not hold under strict-draw).
    """
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    unit = enc.unit
    supply = enc.supply
    check, check_mask = clock.check, clock.mask
    short = short_of_neighbours
    uncovers = _UNCOVERS
    seen: set[int] = set()
    line: list[int] = []
    count = 0

    def search(mask: int, exposed: int, top: int, k: int, counts: int) -> bool:
        nonlocal count
        cand = exposed & nbm[top]
        key = (mask << 28 | cand) << 6 | k
        if key in seen:
            return False
        seen.add(key)
        count += 1
        if not count & check_mask:
            check(count)
        if not cand:
            if k >= n:
                return False
            new_top = seq[k]
            places = supply[k + 1][new_top if nbm[new_top] & exposed else NO_TOP]
            if not short(places, counts) and search(mask, exposed, new_top, k + 1, counts):
                line.append(DRAW)
                return True
            return False
        while cand:
            slot = cand.bit_length() - 1
            bit = 1 << slot
            cand ^= bit
            m2 = mask | bit
            if m2 == FULL:
                line.append(slot)
                return True
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            rank = ranks[slot]
            if search(m2, e2, rank, k, counts - unit[rank]):
                line.append(slot)
                return True
        return False

    won = enc.mask == FULL or search(enc.mask, enc.exposed, seq[0], 1, enc.counts)
    line.reverse()
    return (line if won else None), count


def steps_to_moves(enc: Encoded, steps: list[int]) -> tuple[Move, ...]:
    """Engine moves for a line of steps (a slot for a play, :data:`DRAW` for a turn)."""
    moves: list[Move] = []
    k = 1
    for step in steps:
        if step == DRAW:
            moves.append(Draw(enc.sequence[k]))
            k += 1
        else:
            card = enc.cards[step]
            assert card is not None
            moves.append(Play(step, card))
    return tuple(moves)


def replay(state: TriPeaksState, moves: tuple[Move, ...]) -> TriPeaksState:
    """The state after ``moves``, each applied by the engine (:class:`LineError` if one is
    refused: a solver bug)."""
    final: TriPeaksState = replay_line(state, moves)[-1]
    return final


@dataclass(frozen=True)
class _Verdict:
    """What :func:`_solve` found: the verdict, the replayed winning line and its score."""

    solvable: bool | None
    moves: tuple[Move, ...]
    states: int
    reason: str = ""
    score: int | None = None


def _solve(
    state: TriPeaksState, enc: Encoded, clock: Clock, tables: _LostTables | None = None
) -> _Verdict:
    """Run the right search and replay its winning line through the engine."""
    search = _search_strict if state.options.strict_draw else _search_free
    try:
        with deep_recursion():
            steps, states = search(enc, clock, tables)
    except BudgetExhausted as stop:
        clock.spent += stop.states
        return _Verdict(None, (), stop.states, stop.reason)
    clock.spent += states
    if steps is None:
        return _Verdict(False, (), states)
    moves = steps_to_moves(enc, steps)
    final = replay(state, moves)
    if not final.is_won:
        raise LineError("the solver's line, replayed through the engine, does not win")
    return _Verdict(True, moves, states, score=final.score)


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """Decide whether ``state`` can be won, with a winning line if it can.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if ``budget`` ran out first.  ``score`` is
    the final score of the winning line (not the best possible: see :func:`best_score`).
    """
    state = own_state(position, TriPeaksState, "TriPeaks")
    clock = Clock(budget)
    found = _solve(state, encode(state), clock)
    return SolveResult(
        found.solvable, found.moves, found.states, clock.seconds, found.score, reason=found.reason
    )


def _score_search(
    state: TriPeaksState,
    enc: Encoded,
    clock: Clock,
    *,
    win_only: bool,
    seed: tuple[int, list[int]],
    tables: _LostTables,
) -> tuple[int, list[int], int, str]:
    """Best final score from ``state``: a memoised search over stock turns.

    With ``win_only`` only winning lines count (a line that loses is worth
    :data:`_NO_SCORE`) and the counting test prunes; otherwise every finished game counts,
    a lost one with its card penalty.  ``seed`` is a known complete line (score, steps);
    ``tables`` hold positions proved lost, used (and extended) when only wins count.

    Returns (best score, its steps, states, reason): the reason is empty when the search
    finished, else the budget message, and the line is then the best one found so far.

    Values are "points still to come".  The value right after a stock turn depends only on
    ``(mask, k)`` and is memoised; within a chain, positions are memoised per turn, keyed
    by mask and playable slots, together with the best step from each (``value << 6 |
    step + 2``).  Whenever a complete line beats the best so far, the path to it is kept,
    so that a search stopped by the budget can still say what it found.
    """
    options = state.options
    strict = options.strict_draw
    penalty = options.card_penalty
    completion = options.completion_bonus
    bonuses = options.peak_bonuses
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    unit = enc.unit
    supply = enc.supply
    check, check_mask = clock.check, clock.mask
    short = short_of_neighbours
    uncovers = _UNCOVERS
    memo: dict[int, int] = {}
    memo_get = memo.get
    path: list[int] = []
    best, best_prefix = seed[0], list(seed[1])
    best_tail: tuple[int, int, int, int] | None = None
    recording = True
    count = 0
    prune_lost = win_only and not strict
    lost_at, draw_lost = tables
    lost_get = lost_at.get
    draw_lost_get = draw_lost.get

    def draw_value(mask: int, exposed: int, k: int, points: int, counts: int) -> int:
        """The best points still to come right after turning ``seq[k]``."""
        nonlocal best, best_prefix, best_tail
        key = mask << 5 | k
        value = memo_get(key)
        if value is None:
            top = seq[k]
            if win_only and short(supply[k + 1][top if nbm[top] & exposed else NO_TOP], counts):
                memo[key] = _NO_SCORE
                return _NO_SCORE
            value = chain(mask, exposed, top, 0, points, k + 1, counts, {})
            memo[key] = value
        if value != _NO_SCORE and points + value > best and recording:
            best = points + value
            best_prefix = path[:]
            best_tail = (mask, exposed, k, counts)
        return value

    def chain(
        mask: int,
        exposed: int,
        top: int,
        length: int,
        points: int,
        k: int,
        counts: int,
        values: dict[int, int],
    ) -> int:
        """The best points still to come from a chain position (``length`` cards so far)."""
        nonlocal count, best, best_prefix, best_tail
        if mask == FULL:
            if points > best and recording:
                best = points
                best_prefix = path[:]
                best_tail = None
            return 0
        cand = exposed & nbm[top]
        key = mask << 28 | cand
        entry = values.get(key)
        if entry is not None:
            return entry >> 6
        if prune_lost:
            lost = lost_get(key)
            if lost is not None and lost <= k:
                return _NO_SCORE
        count += 1
        if not count & check_mask:
            check(count)
        result = _NO_SCORE
        choice = _TERMINAL
        play = cand
        while play:
            slot = play.bit_length() - 1
            bit = 1 << slot
            play ^= bit
            m2 = mask | bit
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            gain = length + 1
            if bit & _PEAKS:
                gain += bonuses[(mask & _PEAKS).bit_count()]
            if m2 == FULL:
                gain += completion
            rank = ranks[slot]
            path.append(slot)
            value = chain(m2, e2, rank, length + 1, points + gain, k, counts - unit[rank], values)
            path.pop()
            if value != _NO_SCORE and value + gain > result:
                result = value + gain
                choice = slot
        if not cand or not strict:
            if k < n:
                lost = draw_lost_get(mask) if prune_lost else None
                if lost is None or lost > k:
                    path.append(DRAW)
                    value = draw_value(mask, exposed, k, points, counts)
                    path.pop()
                    if value > result:
                        result = value
                        choice = DRAW
                    elif prune_lost and value == _NO_SCORE:
                        draw_lost[mask] = k
            elif not cand and not win_only:
                result = -penalty * (TABLEAU_SIZE - mask.bit_count())
                choice = _TERMINAL
                if points + result > best and recording:
                    best = points + result
                    best_prefix = path[:]
                    best_tail = None
        values[key] = result << 6 | choice + 2
        if prune_lost and result == _NO_SCORE:
            lost = lost_get(key)
            if lost is None or lost > k:
                lost_at[key] = k
        return result

    def line_from(mask: int, exposed: int, top: int, length: int, k: int, counts: int) -> list[int]:
        """The best line from a chain position whose stock turns are all memoised."""
        steps: list[int] = []
        values: dict[int, int] = {}
        chain(mask, exposed, top, length, 0, k, counts, values)
        while mask != FULL:
            choice = (values[mask << 28 | exposed & nbm[top]] & 63) - 2
            if choice == _TERMINAL:
                break
            steps.append(choice)
            if choice == DRAW:
                top = seq[k]
                length = 0
                values = {}
                chain(mask, exposed, top, 0, 0, k + 1, counts, values)
                k += 1
                continue
            bit = 1 << choice
            mask |= bit
            exposed ^= bit
            for cover_bit, need in uncovers[choice]:
                if mask & need == need:
                    exposed |= cover_bit
            top = ranks[choice]
            length += 1
            counts -= unit[top]
        return steps

    reason = ""
    try:
        chain(enc.mask, enc.exposed, seq[0], state.chain, state.points, 1, enc.counts, {})
    except BudgetExhausted as stop:
        reason = stop.reason
    recording = False
    clock.enabled = False
    if best_tail is None:
        return best, best_prefix, count, reason
    mask, exposed, k, counts = best_tail
    tail = line_from(mask, exposed, seq[k], 0, k + 1, counts)
    return best, [*best_prefix, *tail], count, reason


def _greedy_steps(enc: Encoded) -> list[int]:
    """A quick complete line: play the first playable card, else turn, until the game ends."""
    mask, exposed, top, k = enc.mask, enc.exposed, enc.sequence_ranks[0], 1
    steps: list[int] = []
    while mask != FULL:
        cand = exposed & enc.neighbours[top]
        if cand:
            slot = cand.bit_length() - 1
            bit = 1 << slot
            mask |= bit
            exposed ^= bit
            for cover_bit, need in _UNCOVERS[slot]:
                if mask & need == need:
                    exposed |= cover_bit
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
    tables: _LostTables = ({}, {})
    found = _solve(state, enc, clock, tables)
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
"""The game's best line (:class:`~printplay.games.protocols.SolverModule`): the best score."""


__all__ = [
    "DRAW",
    "FULL",
    "NO_TOP",
    "Encoded",
    "best_line",
    "best_score",
    "encode",
    "places",
    "replay",
    "short_of_neighbours",
    "solve",
    "steps_to_moves",
]
