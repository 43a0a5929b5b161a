"""Benchmark of the exact Ricochet solver on numbered deals, under each drawing rule.

For each combination of ``ball-resets`` and ``free-draw`` (or the options given), solves
numbered deals 1 to N (default 1000) and prints how many can be won and, per deal, the
mean, median, 90th percentile and largest time and number of positions examined.

    python benchmarks/ricochet_solver.py                   # solve, deals 1-1000, 4 rule sets
    python benchmarks/ricochet_solver.py --best-line       # also the shortest line
    python benchmarks/ricochet_solver.py --compare --limit 50   # also a plain search
    python benchmarks/ricochet_solver.py --option free-draw --option no-wrap --limit 300

Timings are wall-clock seconds of one process, solving deals one after another; they are
figures to read, not to assert.  ``--cpu`` reports process CPU time instead (steadier on a
busy machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from printplay.core import options as opts
from printplay.core.deal import numbered_deal
from printplay.games.ricochet import (
    LAYOUT,
    SLOT_WALLS,
    Draw,
    Move,
    Play,
    Ricochet,
    RicochetOptions,
    RicochetState,
)
from printplay.solve.ricochet_solver import best_line, solve

RULE_SETS = ("", "ball-resets", "free-draw", "ball-resets,free-draw")
"""The four combinations of the drawing rules, as option texts."""


def plain_solve(state: RicochetState) -> tuple[list[Move] | None, int]:
    """The plain baseline: a depth-first search over positions ``(cards destroyed, waste-top
    rank, walls of the ball, stock position)`` with a visited set of tuples and frozensets,
    moves generated from the layout's covering lists.  Not sabotaged: it keys the top by
    rank and the ball by its walls, and tries plays before the turn.  Returns (a winning
    line or ``None``, positions visited)."""
    options = state.options
    walls = state.walls
    stock = state.stock
    covered_by = [slot.covered_by for slot in LAYOUT.slots]
    visited: set[tuple[frozenset[int], int, int, int]] = set()
    sys.setrecursionlimit(10_000)

    def neighbours(a: int, b: int) -> bool:
        gap = abs(a - b)
        return gap == 1 or (options.wrap and gap == 12)

    def dfs(gone: frozenset[int], top: int, ball: int, k: int) -> list[Move] | None:
        key = (gone, top, ball, k)
        if key in visited:
            return None
        visited.add(key)
        if len(gone) == 32:
            return []
        plays = []
        for slot in range(32):
            if slot in gone or SLOT_WALLS[slot] & ball:
                continue
            if all(c in gone for c in covered_by[slot]):
                card = walls[slot]
                assert card is not None
                if neighbours(card.rank, top):
                    plays.append(slot)
        for slot in plays:
            card = walls[slot]
            assert card is not None
            line = dfs(gone | {slot}, card.rank, SLOT_WALLS[slot], k)
            if line is not None:
                return [Play(slot, card), *line]
        if k < len(stock) and (options.free_draw or not plays):
            line = dfs(gone, stock[k].rank, 0 if options.ball_resets else ball, k + 1)
            if line is not None:
                return [Draw(stock[k]), *line]
        return None

    gone0 = frozenset(s for s, card in enumerate(walls) if card is None)
    ball0 = 0 if state.ball is None else SLOT_WALLS[state.ball]
    line = dfs(gone0, state.waste_top.rank, ball0, 0)
    return line, len(visited)


def figures(
    name: str, seconds: Sequence[float], states: Sequence[int], seeds: Sequence[int]
) -> None:
    """Print one line of per-deal figures."""
    worst = max(range(len(seconds)), key=seconds.__getitem__)
    p90 = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
    states_p90 = statistics.quantiles(states, n=10)[-1] if len(states) > 1 else states[0]
    print(
        f"  {name:<6} s/deal: mean {statistics.mean(seconds):.4f}  median "
        f"{statistics.median(seconds):.4f}  p90 {p90:.4f}  worst {seconds[worst]:.3f} "
        f"(deal {seeds[worst]})  total {sum(seconds):.1f}"
    )
    print(
        f"  {'':<6} states/deal: mean {statistics.mean(states):.0f}  median "
        f"{statistics.median(states):.0f}  p90 {states_p90:.0f}  max {max(states)}"
    )


Solver = Callable[[RicochetState], tuple[bool | None, int]]
"""One search: a position to (verdict, positions examined)."""


def timed(
    clock: Callable[[], float], states: list[RicochetState], one: Solver
) -> tuple[list[bool | None], list[float], list[int]]:
    """Time ``one`` on each position: verdicts, seconds and states per deal."""
    verdicts, seconds, sizes = [], [], []
    for state in states:
        start = clock()
        verdict, size = one(state)
        seconds.append(clock() - start)
        verdicts.append(verdict)
        sizes.append(size)
    return verdicts, seconds, sizes


def run(options: RicochetOptions, seeds: list[int], args: argparse.Namespace) -> None:
    """Benchmark one set of options."""
    clock = time.process_time if args.cpu else time.perf_counter
    game = Ricochet(options)
    states = [game.initial_state(numbered_deal(game.deck(), seed)) for seed in seeds]
    print(f"options: {opts.summary(options)}  (deals {seeds[0]}-{seeds[-1]})")

    def fast(state: RicochetState) -> tuple[bool | None, int]:
        result = solve(state)
        return result.solvable, result.states

    verdicts, seconds, sizes = timed(clock, states, fast)
    won = sum(v is True for v in verdicts)
    lost = [seed for seed, v in zip(seeds, verdicts, strict=True) if v is False]
    print(f"  won {won}  lost {len(lost)}  unknown {len(seeds) - won - len(lost)}")
    if args.list_lost:
        print(f"  lost deals: {lost}")
    figures("solve", seconds, sizes, seeds)

    if args.compare:

        def plain(state: RicochetState) -> tuple[bool | None, int]:
            moves, visited = plain_solve(state)
            return moves is not None, visited

        plain_verdicts, plain_seconds, plain_sizes = timed(clock, states, plain)
        figures("plain", plain_seconds, plain_sizes, seeds)
        differ = [s for s, a, b in zip(seeds, verdicts, plain_verdicts, strict=True) if a != b]
        print(f"  VERDICTS DIFFER on deals {differ}" if differ else "  verdicts agree")
        print(
            f"  speed-up: mean {statistics.mean(plain_seconds) / statistics.mean(seconds):.0f}x"
            f"  worst {max(plain_seconds) / max(seconds):.0f}x"
        )

    if args.best_line:
        lengths: list[int] = []
        left: list[int] = []
        best_seconds: list[float] = []
        best_sizes: list[int] = []
        for state in states:
            start = clock()
            result = best_line(state)
            best_seconds.append(clock() - start)
            best_sizes.append(result.states)
            assert result.optimal, result.reason
            if result.solvable:
                lengths.append(len(result.moves))
            else:
                left.append(32 - sum(isinstance(m, Play) for m in result.moves))
        figures("best", best_seconds, best_sizes, seeds)
        if lengths:
            print(
                f"  shortest win: mean {statistics.mean(lengths):.1f} moves  min "
                f"{min(lengths)}  max {max(lengths)} (32 plays and the stock turns)"
            )
        if left:
            spread = ", ".join(f"{n} left: {left.count(n)}" for n in sorted(set(left)))
            print(
                f"  lost deals, fewest cards left: mean {statistics.mean(left):.2f}  "
                f"max {max(left)}  ({spread})"
            )


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description="Benchmark the exact Ricochet solver.")
    parser.add_argument("--limit", type=int, default=1000, help="deals 1 to N (default 1000)")
    parser.add_argument("--first", type=int, default=1, help="the first deal (default 1)")
    parser.add_argument(
        "--option",
        action="append",
        default=None,
        help="options for one run instead of the four drawing rule sets, e.g. free-draw",
    )
    parser.add_argument("--best-line", action="store_true", help="also time best_line")
    parser.add_argument("--compare", action="store_true", help="also time the plain search")
    parser.add_argument("--list-lost", action="store_true", help="print the lost deals")
    parser.add_argument("--cpu", action="store_true", help="process CPU time, not wall clock")
    args = parser.parse_args(argv)
    seeds = list(range(args.first, args.first + args.limit))
    rule_sets = [",".join(args.option)] if args.option is not None else list(RULE_SETS)
    for text in rule_sets:
        run(opts.parse_options(RicochetOptions, [text] if text else []), seeds, args)


if __name__ == "__main__":
    main()
