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
from typing import Final, final

from printplay.solve.pyramid_encoding import ones

NO_SCORE: Final = -(1 << 52)
"""Stands for "no such line" in score searches (far below any real score: a score is within
a few hundred thousand points of zero).  It and the values packed from it (``value << 6``)
stay small enough for mypyc's unboxed integers (below 2**62 in size): a larger one is a
Python object, and every comparison with it and every shift of it a call."""

TERMINAL: Final = -2
"""A position's best step when the game ends there."""

DRAW: Final = -1
"""The step that turns the next stock card (:data:`printplay.solve.playdraw.DRAW`)."""

Tail = tuple[int, int, int, int]
"""Where a line goes on as a memoised value: ``(mask, exposed, k, counts)`` right after the
stock turn ``k``."""

KEY_SHIFT: Final = 32
"""Keys put the mask in the low bits and what else they hold from this bit on."""


def mixed(mask: int) -> int:
    """``mask`` with its high bits folded onto its low ones, one to one (a xorshift): the
    keys of the memo tables, whose low bits pick the slot a dictionary looks at first.  The
    slots played first (the bottom row) are the mask's highest bits, so keys holding the
    plain mask, or a few other bits below it, crowd a few slots and each look-up probes
    many."""
    return mask ^ mask >> 14


@final
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
        short: tuple[int, int, int, int, int, int],
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
        line (score, steps); ``short``: the counting test's constants
        (:class:`~printplay.solve.packed.Regions`' ``all_shift``, ``outside``, ``guards``
        and ``guard_ranks``, then :data:`~printplay.solve.packed.GUARD` and
        :data:`~printplay.solve.packed.GUARD_PAIRS`), written out in :meth:`short`."""
        self.ranks, self.seq, self.nbm, self.delta, self.supply, self.uncovers = tables
        self.full, self.peaks, self.bonuses, self.completion, self.penalty, self.tableau = scoring
        self.strict, self.win_only = rules
        self.prune_lost = self.win_only and not self.strict
        plays, self.draw_lost = lost
        self.play_lost: dict[int, int] = {}
        """The plays proved lost, keyed as :meth:`chain` keys its values (``plays``, keyed
        as the core keys its own, is read into it)."""
        for key, k in plays.items():
            self.play_lost[self.key(key >> KEY_SHIFT, key & (1 << KEY_SHIFT) - 1)] = k
        self.all_shift, self.outside, self.guards, self.guard_ranks = short[:4]
        self.guard, self.guard_pairs = short[4:]
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

    def key(self, mask: int, cand: int) -> int:
        """The key of a chain position (played slots, playable slots) in the values of its
        chain and in the plays proved lost."""
        return cand << KEY_SHIFT | mixed(mask)

    def step(self, values: dict[int, int], mask: int, cand: int) -> int:
        """The best step from a chain position :meth:`chain` searched with ``values``."""
        return (values[self.key(mask, cand)] & 63) - 2

    def short(self, supply: tuple[int, int], counts: int) -> bool:
        """The counting test (:meth:`printplay.solve.packed.Regions.short`, written out)."""
        single_all, pair = supply
        total = counts >> self.all_shift
        outside = total * self.outside - counts
        spread = (total << 8) + (total >> 8)
        guard_ranks, guard_pairs = self.guard_ranks, self.guard_pairs
        return ((single_all + (outside << 8) + (outside >> 8)) | self.guards) - counts & (
            guard_ranks
        ) != guard_ranks or ((pair + spread + (total >> 24)) | self.guard) - total - (
            total >> 16
        ) & guard_pairs != guard_pairs

    def value(self, mask: int, exposed: int, k: int, points: int, counts: int) -> int:
        """The best points still to come right after turning ``seq[k]``."""
        key = k << KEY_SHIFT | mixed(mask)
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
        """The best points still to come from a chain position (``length`` cards so far).

        Only a position two cards or more into its chain can be reached again in it (the
        same cards played in another order), so only those are kept in ``values`` while
        lines are recorded; all are kept when a line is written out (:meth:`stop`)."""
        if mask == self.full:
            self.offer(points, None)
            return 0
        cand = exposed & self.nbm[top]
        key = cand << KEY_SHIFT | mixed(mask)
        kept = length >= 2 or not self.recording
        if kept:
            entry = values.get(key)
            if entry is not None:
                return entry >> 6
        play = cand
        prune_lost = self.prune_lost
        lost_play = -1  # the k this position's plays were proved lost from (-1: not known)
        lost_draw = -1  # and its turn's, when read below
        draw_read = False
        if prune_lost:
            if cand:
                lost_play = self.play_lost.get(key, -1)
                if 0 <= lost_play <= k:
                    play = 0
            if not play:
                lost_draw = self.draw_lost.get(mask, -1)
                draw_read = True
                if k >= self.n or 0 <= lost_draw <= k:
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
                gain += self.bonuses[ones(mask & self.peaks)]
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
        # the plays searched above reach only larger masks: they never touch this key
        if prune_lost and cand and result == NO_SCORE and not 0 <= lost_play <= k:
            self.play_lost[key] = k
        if not cand or not self.strict:
            if k < self.n:
                found = self.turn(mask, exposed, k, points, counts, lost_draw, draw_read)
                if found > result:
                    result = found
                    choice = DRAW
            elif not cand and not self.win_only:
                result = -self.penalty * (self.tableau - ones(mask))
                choice = TERMINAL
                self.offer(points + result, None)
        if kept:
            values[key] = result << 6 | choice + 2
        return result

    def turn(
        self, mask: int, exposed: int, k: int, points: int, counts: int, lost: int, read: bool
    ) -> int:
        """The best points still to come after turning ``seq[k]`` from a chain position
        (:data:`NO_SCORE` if that is proved lost); ``lost`` is the turn's entry in the turns
        proved lost (-1: none) when ``read``, else it is read here."""
        if self.prune_lost and not read:
            lost = self.draw_lost.get(mask, -1)
        if 0 <= lost <= k:
            return NO_SCORE
        self.path.append(DRAW)
        found = self.value(mask, exposed, k, points, counts)
        self.path.pop()
        if self.prune_lost and found == NO_SCORE:
            self.draw_lost[mask] = k
        return found


__all__ = ["DRAW", "KEY_SHIFT", "NO_SCORE", "TERMINAL", "ScoreSearch", "Tail", "mixed"]
