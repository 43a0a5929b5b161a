"""Benchmark of the exact TriPeaks solver on the 1500 published test decks.

Prints how many decks can be won (the published figure under the default rules is 1457 of
1500), per deck the mean, median and largest time and number of positions searched, and the
slowest decks.

    python benchmarks/tripeaks_solver.py                 # the fast solver on all 1500 decks
    python benchmarks/tripeaks_solver.py --compare       # also the plain search, and speed-up
    python benchmarks/tripeaks_solver.py --best-score --limit 200
    python benchmarks/tripeaks_solver.py --shortest      # also the shortest lines
    python benchmarks/tripeaks_solver.py --option no-wrap --limit 300

Timings are CPU seconds (``time.process_time``) of one process, solving decks one after
another (each time includes replaying the line through the engine), so that other work
sharing the machine moves them little; they are figures to read, not to assert.  A deck
the search hands over to values (past ``playdraw.ALLOWANCE`` nodes) counts the masks of
the lattice as states, and the first such deck of a run also reads the lattice printplay
ships, once per process (about 8 ms; listing it, when the file cannot be read, about 25 ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from plain_dfs import plain_solve  # noqa: E402

from printplay.core import options as opts  # noqa: E402
from printplay.core.deal import explicit_deal  # noqa: E402
from printplay.games.tripeaks import TriPeaks, TriPeaksOptions, TriPeaksState  # noqa: E402
from printplay.solve.tripeaks_solver import best_score, solve  # noqa: E402

BUNDLED = REPO / "tests" / "data" / "random-decks-1500.txt"


def load_states(path: Path, options: TriPeaksOptions, limit: int | None) -> list[TriPeaksState]:
    """The decks of ``path`` (one per line, layout order) as starting positions."""
    game = TriPeaks(options)
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [game.initial_state(explicit_deal(line, game.deck())) for line in lines[:limit]]


def summary(name: str, seconds: Sequence[float], states: Sequence[int]) -> None:
    """Print one line of per-deck figures."""
    print(
        f"{name:<6} CPU ms/deck: mean {1e3 * statistics.mean(seconds):.3f}  "
        f"median {1e3 * statistics.median(seconds):.3f}  max {1e3 * max(seconds):.1f}  "
        f"total {sum(seconds):.2f} s   states/deck: mean {statistics.mean(states):.0f}  "
        f"max {max(states)}"
    )
    print(
        "       decks over 50 ms: "
        f"{sum(s > 0.05 for s in seconds)}, over 40 ms: {sum(s > 0.04 for s in seconds)}"
    )
    slowest = sorted(range(len(seconds)), key=lambda i: -seconds[i])[:5]
    print(
        "       slowest decks (0-based line, CPU ms, states): "
        + ", ".join(f"{i} {1e3 * seconds[i]:.1f} {states[i]}" for i in slowest)
    )


def run(
    states: Sequence[TriPeaksState], one: Callable[[TriPeaksState], tuple[bool | None, int]]
) -> tuple[list[bool | None], list[float], list[int]]:
    """Time ``one`` on each position: verdicts, CPU seconds and states per deck."""
    verdicts, seconds, sizes = [], [], []
    for state in states:
        start = time.process_time()
        verdict, size = one(state)
        seconds.append(time.process_time() - start)
        verdicts.append(verdict)
        sizes.append(size)
    return verdicts, seconds, sizes


def fast(state: TriPeaksState) -> tuple[bool | None, int]:
    """The solver of ``printplay.solve.tripeaks_solver``."""
    result = solve(state)
    return result.solvable, result.states


def plain(state: TriPeaksState) -> tuple[bool | None, int]:
    """The plain baseline of ``benchmarks/plain_dfs.py``."""
    moves, visited = plain_solve(state)
    return moves is not None, visited


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description="Benchmark the exact TriPeaks solver.")
    parser.add_argument("--decks", type=Path, default=BUNDLED)
    parser.add_argument("--limit", type=int, default=None, help="only the first N decks")
    parser.add_argument("--compare", action="store_true", help="also time the plain search")
    parser.add_argument("--best-score", action="store_true", help="also time best_score")
    parser.add_argument("--shortest", action="store_true", help="also time shortest_line")
    parser.add_argument("--option", action="append", default=[], help="e.g. no-wrap")
    args = parser.parse_args(argv)
    options = opts.parse_options(TriPeaksOptions, args.option)
    states = load_states(args.decks, options, args.limit)
    print(f"{len(states)} decks from {args.decks}, options: {opts.summary(options)}")

    verdicts, seconds, sizes = run(states, fast)
    won = sum(v is True for v in verdicts)
    lost = [i for i, v in enumerate(verdicts) if v is False]
    print(f"solvable {won}  unsolvable {len(lost)}  unknown {len(verdicts) - won - len(lost)}")
    print(f"unsolvable decks (0-based lines): {lost}")
    summary("fast", seconds, sizes)

    if args.compare:
        plain_verdicts, plain_seconds, plain_sizes = run(states, plain)
        summary("plain", plain_seconds, plain_sizes)
        if plain_verdicts != verdicts:
            differ = [
                i for i, (a, b) in enumerate(zip(verdicts, plain_verdicts, strict=True)) if a != b
            ]
            print(f"VERDICTS DIFFER on decks {differ}")
        else:
            print("verdicts agree on every deck")
        print(
            f"speed-up: mean {statistics.mean(plain_seconds) / statistics.mean(seconds):.1f}x  "
            f"median {statistics.median(plain_seconds) / statistics.median(seconds):.1f}x  "
            f"max {max(plain_seconds) / max(seconds):.1f}x  "
            f"total {sum(plain_seconds) / sum(seconds):.1f}x"
        )

    if args.best_score:
        scores: list[int] = []
        best_seconds: list[float] = []
        best_sizes: list[int] = []
        for state in states:
            start = time.process_time()
            result = best_score(state)
            best_seconds.append(time.process_time() - start)
            best_sizes.append(result.states)
            assert result.score is not None and result.optimal
            scores.append(result.score)
        summary("best", best_seconds, best_sizes)
        print(
            f"best score: mean {statistics.mean(scores):.1f}  median "
            f"{statistics.median(scores)}  min {min(scores)}  max {max(scores)}"
        )

    if args.shortest:
        shortest(states, verdicts)


def shortest(states: Sequence[TriPeaksState], verdicts: Sequence[bool | None]) -> None:
    """Time ``shortest_line`` on each position and print the lengths of the shortest wins
    (moves: plays and stock turns)."""
    from printplay.solve.tripeaks_solver import (
        shortest_line,  # not in older versions: --shortest only
    )

    lengths: list[int] = []
    short_seconds: list[float] = []
    short_sizes: list[int] = []
    for state, verdict in zip(states, verdicts, strict=True):
        start = time.process_time()
        result = shortest_line(state)
        short_seconds.append(time.process_time() - start)
        short_sizes.append(result.states)
        assert result.optimal and result.solvable is verdict
        if result.solvable:
            lengths.append(len(result.moves))
    summary("short", short_seconds, short_sizes)
    if lengths:
        print(
            f"shortest wins ({len(lengths)} decks): mean {statistics.mean(lengths):.2f} moves  "
            f"median {statistics.median(lengths)}  min {min(lengths)}  max {max(lengths)}"
        )


if __name__ == "__main__":
    main()
