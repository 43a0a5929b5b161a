"""Golf verdicts side by side with black-hole-solver, the C solver PySolFC runs for Golf.

PySolFC asks ``black-hole-solve`` for its Golf hints one process per position, the board
as text on the solver's standard input (``pysollib/hint.py``, ``BlackHoleSolver_Hint``):
``--game golf --rank-reach-prune --max-iters N``, plus ``--queens-on-kings`` for its *Golf*
and ``--wrap-ranks`` for its *Relaxed Golf*; its *Dead King Golf* (nothing on a King) gets
neither.  printplay's standard Golf is Dead King Golf, ``queens-on-kings`` is PySolFC's
Golf and ``wrap`` its Relaxed Golf (black-hole-solver then lets a Queen or an Ace go onto
a King, as printplay's ``wrap`` does).  This script deals PySolFC's game numbers with
printplay (``printplay.games.golf.pysolfc_deal``), checks every board against the one
``pysol-cards`` makes for PySolFC's ``golf``, and then for each deal in turn:

* runs ``black-hole-solve`` once, as PySolFC does (a new process, the board on its
  standard input), and records its verdict and the CPU time of the process (user and
  system, from ``getrusage`` of the children: start-up included, as PySolFC pays it);
* runs printplay's solver in this process (``printplay.solve.golf_solver.solve``),
  recording its verdict and its CPU time (``time.process_time``);
* with ``--par``, also printplay's par (``best_line``) of the deals it wins.

It prints a line per deal (``--quiet``: only the disagreements), then per solver the
verdicts and the CPU time a deal: total, mean, median and largest.  It fetches and builds
nothing and holds no code of the peer: build black-hole-solver yourself outside the
repository and give its binary with ``--bhs``::

    python benchmarks/golf_peers.py --bhs /tmp/bhs/build/black-hole-solve --limit 1000
    python benchmarks/golf_peers.py --bhs /tmp/bhs/build/black-hole-solve --limit 1000 --wrap
    python benchmarks/peers.py --game golf --bhs /tmp/bhs/build/black-hole-solve --wrap --par

Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random import RandomBase

from printplay.core.cards import Card
from printplay.games.golf import Golf, GolfOptions, GolfState, pysolfc_deal
from printplay.solve.golf_solver import best_line, solve

MAX_ITERS = 100_000_000
"""Iterations black-hole-solver may spend on a deal (PySolFC's dialog sets its own)."""


def card_text(card: Card) -> str:
    """A card as black-hole-solver and PySolFC write it: ``TD``, ``AS``."""
    return card.code[0].upper() + card.code[1].upper()


def board_text(state: GolfState) -> str:
    """The starting position as black-hole-solver reads it: the talon (next card first),
    the foundation (the waste card), then each column top card first, its free card
    last."""
    lines = ["Talon: " + " ".join(card_text(card) for card in state.stock)]
    lines.append("Foundations: " + card_text(state.waste_top))
    for column in state.columns():
        lines.append(" ".join(card_text(card) for card in column))
    return "\n".join(lines) + "\n"


def pysol_cards_board(number: int) -> str:
    """The board pysol-cards makes for PySolFC's game ``number`` of ``golf``."""
    game = PysolCardsGame("golf", number, RandomBase.DEALS_PYSOLFC)
    text: str = game.calc_layout_string(CardRenderer(True))
    return text


def bhs_flags(options: GolfOptions) -> list[str]:
    """black-hole-solver's flags for the rules of ``options``, as PySolFC passes them."""
    flags = ["--game", "golf", "--rank-reach-prune", "--max-iters", str(MAX_ITERS)]
    if options.queens_on_kings:
        flags.append("--queens-on-kings")
    if options.wrap:
        flags.append("--wrap-ranks")
    return flags


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_bhs(binary: Path, flags: Sequence[str], board: str) -> tuple[str, float]:
    """black-hole-solver's verdict (``won``, ``lost`` or ``intractable``) and CPU seconds."""
    before = children_cpu()
    done = subprocess.run(
        [str(binary), *flags, "-"], input=board.encode(), capture_output=True, check=False
    )
    seconds = children_cpu() - before
    first = done.stdout.decode(errors="replace").split("\n", 1)[0].strip()
    verdict = {"Solved!": "won", "Unsolved!": "lost", "Intractable!": "intractable"}.get(first)
    if verdict is None:
        raise SystemExit(f"black-hole-solve said {first!r} (stderr: {done.stderr.decode()!r})")
    return verdict, seconds


@dataclass
class Row:
    """One deal: both verdicts and times, printplay's par when asked."""

    number: int
    bhs: str
    bhs_seconds: float
    ours: str
    our_seconds: float
    par: int | None = None
    par_seconds: float | None = None


def summary(label: str, verdicts: Sequence[str], seconds: Sequence[float]) -> str:
    """A solver's verdict counts and CPU time a deal, in one line."""
    counts = {name: verdicts.count(name) for name in ("won", "lost", "intractable")}
    shown = ", ".join(f"{count} {name}" for name, count in counts.items() if count)
    return (
        f"{label:18} {shown}; CPU total {sum(seconds):.2f} s, mean "
        f"{statistics.mean(seconds) * 1000:.1f} ms, median "
        f"{statistics.median(seconds) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--bhs", type=Path, required=True, help="the black-hole-solve binary")
    parser.add_argument("--first", type=int, default=1, help="first PySolFC game number")
    parser.add_argument("--limit", type=int, default=1000, help="how many deals")
    parser.add_argument("--wrap", action="store_true", help="printplay's wrap (--wrap-ranks)")
    parser.add_argument(
        "--queens-on-kings", action="store_true", help="printplay's queens-on-kings"
    )
    parser.add_argument("--par", action="store_true", help="also time the par of won deals")
    parser.add_argument("--quiet", action="store_true", help="print only disagreements")
    args = parser.parse_args(argv)
    options = GolfOptions(wrap=args.wrap, queens_on_kings=args.queens_on_kings)
    game = Golf(options)
    flags = bhs_flags(options)
    print(f"black-hole-solve {' '.join(flags)}; printplay golf {options}")
    rows: list[Row] = []
    for number in range(args.first, args.first + args.limit):
        state = game.initial_state(pysolfc_deal(options, number))
        board = board_text(state)
        if number != 32000 and board != pysol_cards_board(number):  # pysol-cards: MS at 32000
            raise SystemExit(f"deal {number}: our board differs from pysol-cards':\n{board}")
        theirs, their_seconds = run_bhs(args.bhs, flags, board)
        start = time.process_time()
        result = solve(state)
        ours = {True: "won", False: "lost", None: "unknown"}[result.solvable]
        row = Row(number, theirs, their_seconds, ours, time.process_time() - start)
        if args.par and result.solvable:
            start = time.process_time()
            par = best_line(state)
            row.par, row.par_seconds = par.score, time.process_time() - start
            if not par.optimal:
                raise SystemExit(f"deal {number}: the par was not proved")
        rows.append(row)
        agree = theirs == ours
        if not (args.quiet and agree):
            par_text = (
                f"  par {row.par} ({row.par_seconds * 1000:.0f} ms)" if row.par_seconds else ""
            )
            print(
                f"{number:6}  bhs {theirs:5} {their_seconds * 1000:8.1f} ms  printplay "
                f"{ours:5} {row.our_seconds * 1000:8.1f} ms  {'' if agree else 'DISAGREE'}"
                f"{par_text}",
                flush=True,
            )
    disagree = [row.number for row in rows if row.bhs != row.ours]
    print(f"\n{len(rows)} deals ({args.first}-{args.first + len(rows) - 1}), disagreements: "
          f"{disagree or 'none'}")  # fmt: skip
    print(summary("black-hole-solve", [r.bhs for r in rows], [r.bhs_seconds for r in rows]))
    print(summary("printplay", [r.ours for r in rows], [r.our_seconds for r in rows]))
    for label, key in (("black-hole-solve", "bhs_seconds"), ("printplay", "our_seconds")):
        slowest = sorted(rows, key=lambda row: -float(getattr(row, key)))[:3]
        shown = ", ".join(
            f"#{row.number} {float(getattr(row, key)) * 1000:.0f} ms ({row.ours})"
            for row in slowest
        )
        print(f"{label:18} slowest: {shown}")
    over = sum(row.our_seconds > 0.1 for row in rows)
    print(f"printplay deals over 100 ms: {over}")
    pars = [row.par_seconds for row in rows if row.par_seconds is not None]
    if pars:
        print(f"printplay pars over 0.5 s: {sum(seconds > 0.5 for seconds in pars)}")
        print(
            f"printplay par of the {len(pars)} won deals: CPU mean "
            f"{statistics.mean(pars) * 1000:.1f} ms, median {statistics.median(pars) * 1000:.1f} "
            f"ms, max {max(pars) * 1000:.1f} ms"
        )
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
