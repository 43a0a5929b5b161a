"""Benchmark of the exact Pyramid solver.

Two parts:

* **Shortest lines** (the default): the 1500 published test decks read as Pyramid deals
  (cards 1-28 the pyramid row by row from the apex, 29-52 the stock, top first) under
  ``clear-the-board``; :func:`printplay.solve.pyramid_solver.best_line` on each.  Prints how many
  can be won (the published figure is 998 of 1500), per deck the mean, median and largest
  time and positions, the peak memory of a worker process, and the distribution of the
  shortest-line lengths.  Every line is replayed through the engine and proved shortest.
* **Verdicts** (``--verdicts``): :func:`printplay.solve.pyramid_solver.solve` on numbered deals
  1 to N (``--deals``, default 1000) under the standard game and under each single variant,
  each deal with a budget of ``--seconds`` (an unknown answer is counted as such).

    python benchmarks/pyramid_solver.py                          # 1500 decks, 1 process
    python benchmarks/pyramid_solver.py --limit 100 --jobs 2
    python benchmarks/pyramid_solver.py --verdicts --deals 1000 --seconds 60
    python benchmarks/pyramid_solver.py --verdicts --deals 200 --rules standard --rules small

Timings are wall-clock milliseconds of one deck in one process (several processes run side
by side with ``--jobs``); memory is the peak resident set size of a worker process over all
the decks it solved (``resource.getrusage``).  Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import collections
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from printplay.core.deal import explicit_deal, numbered_deal  # noqa: E402
from printplay.core.parallel import parallel_map  # noqa: E402
from printplay.core.verdicts import Budget  # noqa: E402
from printplay.games.pyramid import Pyramid, PyramidOptions  # noqa: E402
from printplay.solve.pyramid_solver import best_line, solve  # noqa: E402

BUNDLED = REPO / "tests" / "data" / "random-decks-1500.txt"
PUBLISHED_WINNABLE = 998
"""Winnable decks of the 1500 under clear-the-board, as published with the decks."""

RULES: dict[str, dict[str, bool]] = {
    "standard": {},
    "reserve": {"reserve": True},
    "clear-the-board": {"clear_the_board": True},
    "small": {"small": True},
    "one-deal": {"one_deal": True},
    "waste-off-limits": {"waste_off_limits": True},
    "reshuffle": {"reshuffle": True},
}
"""The rule sets of the verdict part: the standard game and each single variant."""


def peak_mb() -> float:
    """This process's peak resident set size, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def shortest_one(line: str) -> tuple[bool | None, int, bool | None, int, float, float]:
    """Solve one deck for its shortest line: verdict, length, proved, positions, ms, MB."""
    game = Pyramid(PyramidOptions(clear_the_board=True))
    state = game.initial_state(explicit_deal(line, game.deck()))
    start = time.perf_counter()
    result = best_line(state)
    ms = (time.perf_counter() - start) * 1000
    return result.solvable, len(result.moves), result.optimal, result.states, ms, peak_mb()


def verdict_one(
    item: tuple[str, int, float],
) -> tuple[bool | None, int, float, float]:
    """Decide numbered deal ``seed`` under rule set ``rules``: verdict, positions, ms, MB."""
    rules, seed, seconds = item
    game = Pyramid(PyramidOptions(**RULES[rules]))
    state = game.initial_state(numbered_deal(game.deck(), seed))
    start = time.perf_counter()
    result = solve(state, budget=Budget(max_seconds=seconds))
    ms = (time.perf_counter() - start) * 1000
    return result.solvable, result.states, ms, peak_mb()


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def times(ms: Sequence[float], states: Sequence[int]) -> str:
    """One line of per-deal figures."""
    return (
        f"ms/deal: mean {statistics.mean(ms):.0f}  median {statistics.median(ms):.0f}  "
        f"90% {percentile(ms, 0.9):.0f}  99% {percentile(ms, 0.99):.0f}  "
        f"max {max(ms):.0f}   positions/deal: mean {statistics.mean(states):.0f}  "
        f"max {max(states)}"
    )


def shortest_part(path: Path, limit: int | None, jobs: int) -> None:
    """The 1500 decks under clear-the-board, shortest lines."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines = lines[:limit]
    print(f"{len(lines)} decks from {path}, clear-the-board, shortest lines, {jobs} process(es)")
    wall = time.perf_counter()
    results = list(parallel_map(shortest_one, lines, jobs=jobs))
    wall = time.perf_counter() - wall
    won = [r for r in results if r[0] is True]
    lost = sum(r[0] is False for r in results)
    unknown = len(results) - len(won) - lost
    print(
        f"winnable {len(won)}  not winnable {lost}  unknown {unknown}  "
        f"(published: {PUBLISHED_WINNABLE} of 1500)"
    )
    print(f"every winning line proved shortest: {all(r[2] is True for r in won)}")
    ms = [r[4] for r in results]
    states = [r[3] for r in results]
    print("all    " + times(ms, states))
    if won:
        print("won    " + times([r[4] for r in won], [r[3] for r in won]))
    others = [r for r in results if r[0] is not True]
    if others:
        print("lost   " + times([r[4] for r in others], [r[3] for r in others]))
    slowest = sorted(range(len(results)), key=lambda i: -results[i][4])[:8]
    print(
        "slowest decks: "
        + "  ".join(
            f"line {i + 1} ({results[i][4]:.0f} ms, {'won' if results[i][0] else 'lost'})"
            for i in slowest
        )
    )
    print(f"peak memory of a worker: {max(r[5] for r in results):.0f} MB")
    print(f"total {wall:.0f} s wall clock")
    if won:
        lengths = collections.Counter(r[1] for r in won)
        print(
            f"shortest lines: mean {statistics.mean(r[1] for r in won):.2f}  "
            f"median {statistics.median(r[1] for r in won)}  min {min(lengths)}  "
            f"max {max(lengths)}"
        )
        print("length: decks  " + "  ".join(f"{n}:{lengths[n]}" for n in sorted(lengths)))


def verdict_part(rule_sets: Sequence[str], deals: int, seconds: float, jobs: int) -> None:
    """Numbered deals 1..deals, verdict only, under each rule set."""
    print(f"verdicts of numbered deals 1-{deals}, {seconds:g} s budget a deal, {jobs} processes")
    for rules in rule_sets:
        items = [(rules, seed, seconds) for seed in range(1, deals + 1)]
        results = list(parallel_map(verdict_one, items, jobs=jobs))
        won = sum(r[0] is True for r in results)
        lost = sum(r[0] is False for r in results)
        ms = [r[2] for r in results]
        print(
            f"{rules:<17} won {won:>4}  lost {lost:>4}  unknown {len(results) - won - lost:>3}  "
            + times(ms, [r[1] for r in results])
            + f"  peak {max(r[3] for r in results):.0f} MB",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description="Benchmark the exact Pyramid solver.")
    parser.add_argument("--decks", type=Path, default=BUNDLED)
    parser.add_argument("--limit", type=int, default=None, help="only the first N decks")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes side by side (1: per-deck times alone)"
    )
    parser.add_argument("--verdicts", action="store_true", help="the verdict part instead")
    parser.add_argument("--deals", type=int, default=1000, help="numbered deals 1..N")
    parser.add_argument("--seconds", type=float, default=60.0, help="budget a deal (verdicts)")
    parser.add_argument("--rules", action="append", choices=sorted(RULES), default=None)
    args = parser.parse_args(argv)
    if args.verdicts:
        verdict_part(args.rules or list(RULES), args.deals, args.seconds, args.jobs)
    else:
        shortest_part(args.decks, args.limit, args.jobs)


if __name__ == "__main__":
    main()
