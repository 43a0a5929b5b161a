"""CPU time of the Pyramid shortest lines on the winnable published decks.

The decks of the Peers comparison (docs/benchmarks.md): the first ``--limit`` (300) of the
1500 published decks, of which those with a published shortest length above 0 (202 of the
first 300) are winnable under ``clear-the-board``.  One process, decks one after another;
per deck :func:`printplay.solve.pyramid_solver.best_line` in CPU time (``time.process_time``),
the length checked against the published one and the line proved shortest (the solver
replays every line through the engine).  The lengths file is the one published beside the
decks (``resources/random-deck-solution-lengths.txt`` of mchung94's ``pyramid-solver``, a
line a deck, 0 for a deck that cannot be won)::

    python benchmarks/pyramid_winnable.py --lengths /tmp/lengths.txt
    python benchmarks/pyramid_winnable.py --lengths /tmp/lengths.txt --only 11 44 108
    python benchmarks/pyramid_winnable.py --lengths /tmp/lengths.txt --csv /tmp/ours.csv

Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from printplay.core.deal import explicit_deal  # noqa: E402
from printplay.games.pyramid import Pyramid, PyramidOptions  # noqa: E402
from printplay.solve.pyramid_solver import best_line  # noqa: E402

DECKS = REPO / "tests" / "data" / "random-decks-1500.txt"


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decks", type=Path, default=DECKS)
    parser.add_argument("--lengths", type=Path, required=True, help="published lengths")
    parser.add_argument("--limit", type=int, default=300, help="the first N decks")
    parser.add_argument("--only", type=int, nargs="*", default=None, help="deck numbers")
    parser.add_argument("--csv", type=Path, default=None, help="deck,ms,length,positions")
    args = parser.parse_args(argv)
    decks = [x for x in args.decks.read_text(encoding="utf-8").splitlines() if x.strip()]
    lengths = [int(x) for x in args.lengths.read_text(encoding="utf-8").split()]
    numbers = args.only or [n for n in range(1, args.limit + 1) if lengths[n - 1] > 0]
    game = Pyramid(PyramidOptions(clear_the_board=True))
    rows = []
    wrong = []
    for n in numbers:
        state = game.initial_state(explicit_deal(decks[n - 1], game.deck()))
        start = time.process_time()
        result = best_line(state)
        ms = (time.process_time() - start) * 1000
        if not (result.solvable and result.optimal and len(result.moves) == lengths[n - 1]):
            wrong.append(n)
        rows.append((n, ms, len(result.moves), result.states))
    ms = [r[1] for r in rows]
    slow = sorted(rows, key=lambda r: -r[1])[:6]
    print(
        f"{len(rows)} decks  CPU ms: mean {statistics.mean(ms):.0f}  "
        f"median {statistics.median(ms):.0f}  90% {percentile(ms, 0.9):.0f}  "
        f"max {max(ms):.0f}  over 1 s: {sum(m > 1000 for m in ms)}  "
        f"positions mean {statistics.mean(r[3] for r in rows):.0f}"
    )
    print("slowest: " + "  ".join(f"{r[0]} ({r[1]:.0f} ms)" for r in slow))
    print("lengths all published and proved shortest" if not wrong else f"WRONG: {wrong}")
    if args.csv is not None:
        args.csv.write_text(
            "deck,ms,length,positions\n" + "".join(f"{n},{m:.1f},{k},{s}\n" for n, m, k, s in rows),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
