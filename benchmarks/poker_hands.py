"""Benchmark: evaluate all 2,598,960 five-card poker hands, baseline against printplay.

Run from the repository root::

    python benchmarks/poker_hands.py

Three evaluators go through every hand and the category counts are checked on the way, so
each figure is for real, verified evaluations:

* *baseline*: a plain count-the-ranks evaluator written below, one call per hand;
* *strength5*: printplay's table-driven evaluator, one call per hand (card indices);
* *five_card_strengths*: printplay's enumeration, which sums the rank keys of the first four
  cards once and looks up every fifth card in the tables.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import combinations, starmap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printplay.games.poker import category_of, five_card_strengths, strength5

HANDS = 2_598_960
EXPECTED = {
    "high card": 1_302_540,
    "pair": 1_098_240,
    "two pair": 123_552,
    "three of a kind": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full house": 3_744,
    "four of a kind": 624,
    "straight flush": 36,
    "royal flush": 4,
}
NAMES = list(EXPECTED)

Plain = tuple[int, int]
"""A card for the baseline: (rank 2-14, suit 0-3)."""


def baseline_evaluate(hand: tuple[Plain, ...]) -> tuple[int, ...]:
    """Count the ranks, look for a flush and a straight; (category, ranks to compare...)."""
    counts: dict[int, int] = {}
    for rank, _ in hand:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    flush = len({suit for _, suit in hand}) == 1
    top = 0
    if len(counts) == 5:
        ranks = sorted(counts, reverse=True)
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        cat = 9 if top == 14 else 8
    elif groups[0][0] == 4:
        cat = 7
    elif groups[0][0] == 3 and groups[1][0] == 2:
        cat = 6
    elif flush:
        cat = 5
    elif top:
        cat = 4
    elif groups[0][0] == 3:
        cat = 3
    elif groups[0][0] == 2 and groups[1][0] == 2:
        cat = 2
    elif groups[0][0] == 2:
        cat = 1
    else:
        cat = 0
    if top:
        return (cat, top)
    return (cat, *(r for _, r in groups))


def run(
    label: str, values: Callable[[], Iterable[object]], category: Callable[[object], str]
) -> float:
    """Time one evaluator over all hands, check its category counts, return hands/second."""
    start = time.perf_counter()
    seen = Counter(values())
    counts: Counter[str] = Counter()
    for value, n in seen.items():
        counts[category(value)] += n
    elapsed = time.perf_counter() - start
    assert sum(seen.values()) == HANDS, label
    assert dict(counts) == EXPECTED, (label, counts)
    assert len(seen) == 7462, (label, len(seen))
    rate = HANDS / elapsed
    print(f"{label:<36} {elapsed:6.2f} s  {rate / 1e6:6.2f} million hands/s")
    return rate


def main() -> None:
    """Run the three evaluators and print their speeds and ratios."""
    deck = [(rank, suit) for suit in range(4) for rank in range(2, 15)]
    strength5(0, 1, 2, 3, 4)  # the evaluator's tables are built on first use: before timing
    print(f"all {HANDS:,} five-card hands; categories and 7,462 distinct values checked")
    base = run(
        "baseline (count the ranks)",
        lambda: map(baseline_evaluate, combinations(deck, 5)),
        lambda v: NAMES[v[0]],  # type: ignore[index]
    )
    per_call = run(
        "printplay strength5 (one call/hand)",
        lambda: starmap(strength5, combinations(range(52), 5)),
        lambda v: category_of(v),  # type: ignore[arg-type]
    )
    ours = run(
        "printplay five_card_strengths",
        five_card_strengths,
        lambda v: category_of(v),  # type: ignore[arg-type]
    )
    print(f"ratio strength5 / baseline:            {per_call / base:5.1f}x")
    print(f"ratio five_card_strengths / baseline:  {ours / base:5.1f}x")


if __name__ == "__main__":
    main()
