"""TriPeaks' best-score search, on the core's encoding: compiled with mypyc when the install
can (``setup.py``), as the Pyramid search core is.

:func:`printplay.solve.tripeaks_solver.best_score` builds a :class:`ScoreSearch` from the
deal's tables and runs it; the solver's docstring says what is searched and why the values
may be memoised.  The search knows only integers and tables: masks of slots, ranks, packed
counts; the lost tables it reads and extends are the core's
(:class:`~printplay.solve.playdraw.LostTables`).
"""

from __future__ import annotations

from collections.abc import Callable

NO_SCORE = -(1 << 62)
"""Stands for "no such line" in score searches (far below any real score)."""

TERMINAL = -2
"""A position's best step when the game ends there."""

DRAW = -1
"""The step that turns the next stock card (:data:`printplay.solve.playdraw.DRAW`)."""

Tail = tuple[int, int, int, int]
"""Where a line goes on as a memoised value: ``(mask, exposed, k, counts)`` right after the
stock turn ``k``."""


class ScoreSearch:
    """The memoised values of one deal's positions, and the best complete line found so far.

    The value right after each stock turn depends only on ``(mask, k)`` and is memoised for
    the whole search (:meth:`value`); positions within a chain are memoised per chain (the
    ``values`` a chain is given, :meth:`chain`), keyed by mask and playable slots, together
    with the best step from each (``value << 6 | step + 2``).  With ``win_only``, a turned
    card that fits no open card, with no neighbour left for it, proves the node lost (the
    counting test, ``short``); when only wins count and the stock may be turned at any
    time, the nodes ``play_lost`` and ``draw_lost`` prove lost are cut, and the ones proved
    lost here are added.  :attr:`path` holds the steps to the node being searched; whenever
    a complete line beats the best so far it is kept, as its steps from the start and,
    when the rest of it is a memoised value, the place right after the stock turn it goes
    on from (:attr:`best_tail`), so that a search the budget stops can still say what it
    found.  ``check`` is told the nodes searched every ``check_mask + 1`` of them (a budget
    raises there).
    """

    def __init__(
        self,
        tables: tuple[
            tuple[int, ...],
            tuple[int, ...],
            tuple[int, ...],
            tuple[int, ...],
            tuple[tuple[int, int], ...],
            tuple[tuple[tuple[int, int], ...], ...],
        ],
        scoring: tuple[int, int, tuple[int, ...], int, int, int],
        rules: tuple[bool, bool],
        lost: tuple[dict[int, int], dict[int, int]],
        short: Callable[[tuple[int, int], int], bool],
        check: Callable[[int], None],
        check_mask: int,
        seed: tuple[int, list[int]],
    ) -> None:
        """``tables``: the deal's ranks by slot, the ranks of the waste top and stock, the
        slots that fit each rank, what each slot adds to the packed counts, the supply of
        each stock position and what playing each slot uncovers; ``scoring``: the mask of a
        cleared tableau, of the peaks, the peak bonuses by peaks cleared before, the
        completion bonus, the card penalty and the tableau's size; ``rules``: strict drawing,
        wins only; ``lost``: the plays and turns proved lost; ``seed``: a known complete
        line (score, steps)."""
        self.ranks, self.seq, self.nbm, self.delta, self.supply, self.uncovers = tables
        self.full, self.peaks, self.bonuses, self.completion, self.penalty, self.tableau = scoring
        self.strict, self.win_only = rules
        self.prune_lost = self.win_only and not self.strict
        self.play_lost, self.draw_lost = lost
        self.short = short
        self.check = check
        self.check_mask = check_mask
        self.n = len(self.seq)
        self.count = 0
        """The chain positions searched so far."""
        self.memo: dict[int, int] = {}
        self.path: list[int] = []
        self.best = seed[0]
        self.best_prefix = list(seed[1])
        self.best_tail: Tail | None = None
        self.recording = True

    def value(self, mask: int, exposed: int, k: int, points: int, counts: int) -> int:
        """The best points still to come right after turning ``seq[k]``."""
        key = mask << 5 | k
        found = self.memo.get(key)
        if found is None:
            top = self.seq[k]
            # a top that fits no open card is turned over before anything goes onto it
            supply = self.supply[k] if self.nbm[top] & exposed else self.supply[k + 1]
            if self.win_only and self.short(supply, counts):
                self.memo[key] = NO_SCORE
                return NO_SCORE
            found = self.chain(mask, exposed, top, 0, points, k + 1, counts, {})
            self.memo[key] = found
        if found != NO_SCORE and points + found > self.best and self.recording:
            self.best = points + found
            self.best_prefix = self.path[:]
            self.best_tail = (mask, exposed, k, counts)
        return found

    def offer(self, score: int, tail: Tail | None) -> None:
        """A complete line along the search's path (and ``tail``), kept if it scores more
        than the best so far."""
        if score > self.best and self.recording:
            self.best = score
            self.best_prefix = self.path[:]
            self.best_tail = tail

    def stop(self) -> tuple[int, list[int], Tail | None]:
        """Stop keeping lines; the best one's score, its steps from the start and its tail."""
        self.recording = False
        return self.best, self.best_prefix, self.best_tail

    def chain(
        self,
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
        if mask == self.full:
            self.offer(points, None)
            return 0
        cand = exposed & self.nbm[top]
        key = mask << 32 | cand
        entry = values.get(key)
        if entry is not None:
            return entry >> 6
        play = cand
        prune_lost = self.prune_lost
        if prune_lost:
            if cand:
                lost = self.play_lost.get(key)
                if lost is not None and lost <= k:
                    play = 0
            if not play:
                lost = self.draw_lost.get(mask)
                if k >= self.n or (lost is not None and lost <= k):
                    return NO_SCORE  # proved lost
        self.count += 1
        if not self.count & self.check_mask:
            self.check(self.count)
        result = NO_SCORE
        choice = TERMINAL
        path = self.path
        while play:
            slot = play.bit_length() - 1
            bit = 1 << slot
            play ^= bit
            m2 = mask | bit
            e2 = exposed ^ bit
            for cover_bit, need in self.uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            gain = length + 1
            if bit & self.peaks:
                gain += self.bonuses[(mask & self.peaks).bit_count()]
            if m2 == self.full:
                gain += self.completion
            path.append(slot)
            found = self.chain(
                m2,
                e2,
                self.ranks[slot],
                length + 1,
                points + gain,
                k,
                counts - self.delta[slot],
                values,
            )
            path.pop()
            if found != NO_SCORE and found + gain > result:
                result = found + gain
                choice = slot
        if prune_lost and cand and result == NO_SCORE:
            lost = self.play_lost.get(key)
            if lost is None or lost > k:
                self.play_lost[key] = k
        if not cand or not self.strict:
            if k < self.n:
                turned = self.draw_lost.get(mask) if prune_lost else None
                if turned is None or turned > k:
                    path.append(DRAW)
                    found = self.value(mask, exposed, k, points, counts)
                    path.pop()
                    if found > result:
                        result = found
                        choice = DRAW
                    elif prune_lost and found == NO_SCORE:
                        self.draw_lost[mask] = k
            elif not cand and not self.win_only:
                result = -self.penalty * (self.tableau - mask.bit_count())
                choice = TERMINAL
                self.offer(points + result, None)
        values[key] = result << 6 | choice + 2
        return result


__all__ = ["DRAW", "NO_SCORE", "TERMINAL", "ScoreSearch", "Tail"]
