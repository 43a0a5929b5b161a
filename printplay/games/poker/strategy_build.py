"""Computing the casino basic-strategy table (:mod:`~printplay.games.poker.strategy_data`).

For every player class and standing group the table holds the probabilities of beating and
of tying the standing hand and the expected bonus (plain and capped), averaged over
``samples`` pairs (player hand of the class, standing hand of the group dealt at random among
the cards left), each valued exactly over every completion, in a one-player game (45 unseen
cards).  The player's hands of a class are used in turn (equally often); the standing hands
are drawn uniformly within the group with a fixed seed per cell (``random.Random`` seeded
with the text ``"casino-strategy:SEED:ROW:COL"``), so any cell can be recomputed on its own
(:func:`compute_cell`).  For one two-card hand, all C(50, 3) completions are indexed so that
the counts over the completions avoiding a five-card standing hand follow by
inclusion-exclusion.  The whole table takes a few minutes on two cores
(``printplay data rebuild strategy``, :func:`rebuild_strategy_file`); with the default
samples and seed it reproduces the shipped cells exactly.
"""

from __future__ import annotations

import json
import math
import random
import time
from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from printplay.core.errors import OptionError
from printplay.core.parallel import parallel_map
from printplay.core.provenance import Provenance, writable_data_path, write_data_file
from printplay.games.poker.completions import (
    BONUS_STEPS,
    FLUSH_STRENGTHS,
    PLAIN_STRENGTHS,
    bonus_increments,
    card_index,
    completion_strengths,
    rank_key,
)
from printplay.games.poker.hands import strength5
from printplay.games.poker.strategy_data import (
    DATA_FILE,
    StrategyCell,
    StrategyTable,
    is_possible,
    load_strategy,
)
from printplay.games.poker.strategy_groups import (
    PLAYER_CLASSES,
    STANDING_GROUPS,
    class_combos,
    group_index,
)

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "build_strategy",
    "check_rebuild",
    "compute_cell",
    "rebuild_strategy_file",
]

DEFAULT_SEED = 1
"""The seed of the stored table."""
DEFAULT_SAMPLES = 480
"""Samples per cell of the stored table (a multiple of 12, so every hand of a class is used
equally often)."""

# --------------------------------------------------------------------------------------------
# Sampling standing hands of a group


@cache
def _group_values() -> tuple[tuple[tuple[tuple[int, ...], bool, int, int], ...], ...]:
    """Per group: (ranks, one suit?, strength, number of hands) for every distinct value."""
    buckets: list[list[tuple[tuple[int, ...], bool, int, int]]] = [[] for _ in STANDING_GROUPS]
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if any(ranks.count(r) > 4 for r in ranks):
            continue
        key = rank_key(ranks)
        if len(set(ranks)) == 5:
            entries = [(False, PLAIN_STRENGTHS[key], 4**5 - 4), (True, FLUSH_STRENGTHS[key], 4)]
        else:
            ways = math.prod(math.comb(4, ranks.count(r)) for r in set(ranks))
            entries = [(False, PLAIN_STRENGTHS[key], ways)]
        for flush, value, ways in entries:
            buckets[group_index(value)].append((ranks, flush, value, ways))
    return tuple(tuple(bucket) for bucket in buckets)


@cache
def _group_weights(column: int) -> list[int]:
    weights = []
    total = 0
    for *_, ways in _group_values()[column]:
        total += ways
        weights.append(total)
    return weights


def _sample_hand(column: int, rng: random.Random, exclude: set[int]) -> tuple[int, ...]:
    """A standing hand uniform among the group's hands that avoid ``exclude``."""
    entries = _group_values()[column]
    weights = _group_weights(column)
    while True:
        ranks, flush, _, _ = rng.choices(entries, cum_weights=weights)[0]
        if flush:
            suit = rng.randrange(4)
            hand = tuple(card_index(r, suit) for r in ranks)
        else:
            hand_list: list[int] = []
            for rank in sorted(set(ranks)):
                for suit in rng.sample(range(4), ranks.count(rank)):
                    hand_list.append(card_index(rank, suit))
            if len({c // 13 for c in hand_list}) == 1:
                continue
            hand = tuple(hand_list)
        if not exclude.intersection(hand):
            return hand


# --------------------------------------------------------------------------------------------
# The completions of one two-card hand, indexed for inclusion-exclusion


class _Completions:
    """Sorted strengths of the completions of one two-card hand, whole and by card."""

    def __init__(self, first: int, second: int) -> None:
        rest = [i for i in range(52) if i not in (first, second)]
        values = completion_strengths(first, second, rest)
        self.first, self.second = first, second
        self.all = sorted(values)
        by_one: dict[int, list[int]] = {c: [] for c in rest}
        by_two: dict[tuple[int, int], list[int]] = {}
        for (x, y, z), value in zip(combinations(rest, 3), values, strict=True):
            by_one[x].append(value)
            by_one[y].append(value)
            by_one[z].append(value)
            for pair in ((x, y), (x, z), (y, z)):
                by_two.setdefault(pair, []).append(value)
        for lst in by_one.values():
            lst.sort()
        for lst in by_two.values():
            lst.sort()
        self.by_one = by_one
        self.by_two = by_two

    def counts(self, hand: Sequence[int], thresholds: Sequence[int]) -> list[int]:
        """For each threshold, the completions avoiding ``hand`` with strength >= it."""
        cards = sorted(hand)
        lists: list[tuple[int, list[int]]] = [(1, self.all)]
        lists += [(-1, self.by_one[c]) for c in cards]
        lists += [(1, self.by_two[pair]) for pair in combinations(cards, 2)]
        out = []
        triples = [
            strength5(self.first, self.second, x, y, z) for x, y, z in combinations(cards, 3)
        ]
        for threshold in thresholds:
            count = 0
            for sign, lst in lists:
                count += sign * (len(lst) - bisect_left(lst, threshold))
            count -= sum(1 for v in triples if v >= threshold)
            out.append(count)
        return out


def compute_cell(row: int, column: int, *, samples: int, seed: int) -> StrategyCell:
    """Compute one cell of the table from scratch (the same numbers the builder stores)."""
    combos = class_combos(PLAYER_CLASSES[row])
    indexes = [_Completions(a, b) for a, b in combos]
    return _cell(indexes, row, column, samples, seed)


def _cell(
    indexes: Sequence[_Completions], row: int, column: int, samples: int, seed: int
) -> StrategyCell:
    if not is_possible(row, column):
        return StrategyCell(0.0, 0.0, 0.0, 0.0, 0.0)
    rng = random.Random(f"casino-strategy:{seed}:{row}:{column}")
    thresholds = [t for t, _ in BONUS_STEPS]
    steps = [s for _, s in bonus_increments(False)]
    capped = [s for _, s in bonus_increments(True)]
    total = math.comb(45, 3)
    sums = [0.0, 0.0, 0.0, 0.0]
    values: list[float] = []
    for k in range(samples):
        index = indexes[k % len(indexes)]
        hand = _sample_hand(column, rng, {index.first, index.second})
        top = strength5(*hand)
        above, at_least, *bonus_counts = index.counts(hand, [top + 1, top, *thresholds])
        win = above / total
        split = (at_least - above) / total
        bonus = sum(s * n for s, n in zip(steps, bonus_counts, strict=True)) / total
        bonus_capped = sum(s * n for s, n in zip(capped, bonus_counts, strict=True)) / total
        for i, v in enumerate((win, split, bonus, bonus_capped)):
            sums[i] += v
        values.append(3 * (win + split / 2) + bonus - 2)
    mean = sum(values) / samples
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (samples - 1)) if samples > 1 else 0.0
    win, split, bonus, bonus_capped = (s / samples for s in sums)
    return StrategyCell(win, split, bonus, bonus_capped, sd)


def _build_row(job: tuple[int, int, int]) -> tuple[int, list[StrategyCell]]:
    row, samples, seed = job
    indexes = [_Completions(a, b) for a, b in class_combos(PLAYER_CLASSES[row])]
    return row, [_cell(indexes, row, col, samples, seed) for col in range(len(STANDING_GROUPS))]


def build_strategy(
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
    rows: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> StrategyTable:
    """Compute the table (every row, or only ``rows``: the others left empty).

    ``progress(done, total)`` is called after each row; ``jobs`` > 1 uses that many
    processes.  The result depends only on ``samples`` and ``seed``.
    """
    wanted = list(range(len(PLAYER_CLASSES))) if rows is None else list(rows)
    work = [(row, samples, seed) for row in wanted]
    found: dict[int, list[StrategyCell]] = {}
    for done, (row, cells) in enumerate(parallel_map(_build_row, work, jobs=jobs), start=1):
        found[row] = cells
        if progress:
            progress(done, len(work))
    empty = StrategyCell(0.0, 0.0, 0.0, 0.0, 0.0)
    table = tuple(
        tuple(found.get(row, [empty] * len(STANDING_GROUPS))) for row in range(len(PLAYER_CLASSES))
    )
    return StrategyTable(table, samples, seed)


def check_rebuild(samples: int, data_dir: Path | None = None) -> Path:
    """The file :func:`rebuild_strategy_file` would write, after checking its arguments (at
    least one sample, a writable folder), so that a command can refuse them before it
    starts."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise OptionError(f"sample each cell at least once, not {samples!r} times")
    return writable_data_path(DATA_FILE, data_dir)


def rebuild_strategy_file(
    data_dir: Path | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Compute the whole table and write it, with its provenance, as
    ``casino_strategy.json`` in ``data_dir`` (by default over the shipped file).

    ``progress(done, total)`` is called after each row; the result depends only on
    ``samples`` and ``seed``, never on ``jobs``.
    """
    target = check_rebuild(samples, data_dir)
    start = time.perf_counter()
    table = build_strategy(samples=samples, seed=seed, jobs=jobs, progress=progress)
    provenance = Provenance(
        command=f"printplay data rebuild strategy --samples {samples} --seed {seed}",
        settings={"samples": samples, "seed": seed, "jobs": jobs},
        run_seconds=time.perf_counter() - start,
    )
    text = json.dumps(
        {**table.to_json(), "provenance": provenance.to_json()}, separators=(",", ":")
    )
    path = write_data_file(target, text.replace("],[", "],\n[") + "\n")
    load_strategy.cache_clear()
    return path
