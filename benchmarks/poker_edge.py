"""Benchmark: the house edge of casino Ricochet Poker for 1 to 7 players, by simulation.

Run from the repository root::

    python benchmarks/poker_edge.py                          # 200,000 rounds a table size
    python benchmarks/poker_edge.py --rounds 4000000 --cap-rounds 1000000 --jobs 2
    python benchmarks/poker_edge.py --players 1 --rounds 10000000 --no-cap

Every player follows the basic strategy (``printplay/data/casino_strategy.json``); round
``r`` is dealt from deal number ``seed + r``.  For each table size it prints the house edge
per ante (the casino convention) and per chip staked, with 95 % intervals, for the uncapped
game (plain estimate and the royal-smoothed one: the royal flush bonus replaced by its exact
expectation, which removes the variance of the 1000-ante bonus) and for the ``home-cap``
game, then the buy and kickout rates and the speed (rounds a second, process start-up
included).  Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printplay.analysis.poker_edge import EdgeResult, house_edge


def run(
    players: int, rounds: int, seed: int, jobs: int, home_cap: bool
) -> tuple[EdgeResult, float]:
    """One simulation and its rounds per second."""
    start = time.perf_counter()
    result = house_edge(players, rounds, seed=seed, jobs=jobs, home_cap=home_cap)
    return result, rounds / (time.perf_counter() - start)


def main() -> None:
    """Parse the arguments, run the simulations, print a table (or JSON lines)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="rounds, uncapped game")
    parser.add_argument("--cap-rounds", type=int, default=None, help="rounds, home-cap game")
    parser.add_argument("--players", type=int, nargs="*", default=list(range(1, 8)))
    parser.add_argument("--seed", type=int, default=1, help="the first deal number")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-cap", action="store_true", help="skip the home-cap game")
    parser.add_argument("--json", action="store_true", help="print one JSON object a run")
    args = parser.parse_args()
    cap_rounds = args.cap_rounds or args.rounds
    print(
        f"casino Ricochet Poker, basic strategy; deals from {args.seed}; {args.jobs} processes",
        file=sys.stderr,
    )
    if not args.json:
        print(
            f"{'N':>2} {'game':<8} {'rounds':>10}  {'edge/ante':>16}  {'smoothed/ante':>16}  "
            f"{'edge/stake':>16}  {'stake':>5} {'buy':>5} {'kick':>5} {'rounds/s':>9}"
        )
    for home_cap in (False, True):
        if home_cap and args.no_cap:
            continue
        rounds = cap_rounds if home_cap else args.rounds
        for players in args.players:
            result, rate = run(players, rounds, args.seed, args.jobs, home_cap)
            if args.json:
                print(json.dumps({**result.to_json(), "rounds_per_second": rate}), flush=True)
                continue
            print(
                f"{players:>2} {'home-cap' if home_cap else 'plain':<8} {rounds:>10,}  "
                f"{result.edge_ante.percent():>16}  {result.edge_ante_smoothed.percent():>16}  "
                f"{result.edge_stake.percent():>16}  {result.mean_stake:5.3f} "
                f"{result.buy_rate:5.3f} {result.kickout_rate:5.3f} {rate:9,.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
