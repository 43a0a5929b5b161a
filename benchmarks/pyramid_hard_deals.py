"""CPU time of the Pyramid verdicts on the six-row deals that were hard to decide.

The 35 numbered deals that the stored win-rate run of 2026-11-26 (``printplay data rebuild
winrates pyramid --deals 2000 --max-seconds 10``) left undecided at 10 s a deal: 19 under
``small`` and 16 under ``small,reserve``.  One process, deals one after another; per deal
:func:`printplay.solve.pyramid_solver.solve` with a budget of ``--seconds`` (wall clock, as in
``printplay stats``), timed in CPU time (``time.process_time``), which load from elsewhere
disturbs less.  A line a deal, JSON, then a summary per rule set::

    python benchmarks/pyramid_hard_deals.py --seconds 300
    python benchmarks/pyramid_hard_deals.py --rules small --only 973 1808

Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from printplay.core.deal import numbered_deal  # noqa: E402
from printplay.core.verdicts import Budget  # noqa: E402
from printplay.games.pyramid import Pyramid, PyramidOptions  # noqa: E402
from printplay.solve.pyramid_solver import solve  # noqa: E402

SMALL = (187, 313, 393, 427, 588, 625, 700, 746, 837, 840, 973, 1048, 1085, 1087, 1168)
SMALL_RESERVE = (70, 550, 641, 730, 760, 831, 1011, 1085, 1175, 1180, 1277, 1553, 1824)
HARD = {
    "small": (*SMALL, 1277, 1353, 1808, 1996),
    "small,reserve": (*SMALL_RESERVE, 1864, 1955, 1991),
}
"""Per rule set: the deals the stored run left undecided at 10 s."""


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="budget a deal")
    parser.add_argument("--rules", action="append", choices=sorted(HARD), default=None)
    parser.add_argument("--only", type=int, nargs="*", default=None, help="deal numbers")
    args = parser.parse_args(argv)
    for rules in args.rules or sorted(HARD):
        game = Pyramid(
            PyramidOptions(**{name.replace("-", "_"): True for name in rules.split(",")})
        )
        cpu = []
        verdicts = []
        for deal in HARD[rules]:
            if args.only and deal not in args.only:
                continue
            state = game.initial_state(numbered_deal(game.deck(), deal))
            start = time.process_time()
            result = solve(state, budget=Budget(max_seconds=args.seconds))
            seconds = time.process_time() - start
            verdict = {True: "won", False: "lost", None: "undecided"}[result.solvable]
            cpu.append(seconds)
            verdicts.append(verdict)
            row = {"rules": rules, "deal": deal, "verdict": verdict, "states": result.states}
            print(json.dumps({**row, "cpu": round(seconds, 3)}), flush=True)
        if cpu:
            print(
                f"{rules}: {len(cpu)} deals, {verdicts.count('won')} won, "
                f"{verdicts.count('lost')} lost, {verdicts.count('undecided')} undecided; CPU s "
                f"mean {statistics.mean(cpu):.2f} median {statistics.median(cpu):.2f} "
                f"max {max(cpu):.2f}; over 10 s: {sum(s > 10 for s in cpu)}"
            )


if __name__ == "__main__":
    main()
