"""TriPeaks' best-score search, deal by deal: its score, positions and line, to compare builds.

Prints one line per deal and rule set: the deal, the options, the verdict, the best score,
the positions searched, the number of moves and a digest of the line; at the end the CPU
time of the searches.  Run it in two checkouts (or compiled and with ``PRINTPLAY_PURE=1``)
and ``diff`` the outputs: a change that means to search faster must print the same lines.

    python benchmarks/tripeaks_sameness.py --deals 1-200 > after.txt
    python benchmarks/tripeaks_sameness.py --deals 1-60 --rules default strict-draw no-wrap \
        jokers=1 card-penalty=5,completion-bonus=0 > after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from printplay.core import options as opts  # noqa: E402
from printplay.core.deal import numbered_deal  # noqa: E402
from printplay.games.tripeaks import TriPeaks, TriPeaksOptions  # noqa: E402
from printplay.solve.tripeaks_solver import best_score  # noqa: E402

RULE_SETS = ("default", "strict-draw", "no-wrap", "jokers=1", "card-penalty=5")
"""The rule sets searched unless ``--rules`` says otherwise (``default``: no option)."""


def deal_range(text: str) -> range:
    """``"1-200"`` as the deals 1 to 200 (``"7"`` as deal 7 alone)."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    """Print each deal's search, then the searches' CPU time on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-100"))
    parser.add_argument("--rules", nargs="+", default=list(RULE_SETS))
    args = parser.parse_args()
    spent = 0.0
    for rules in args.rules:
        texts = [] if rules == "default" else rules.split(",")
        game = TriPeaks(opts.parse_options(TriPeaksOptions, texts))
        for number in args.deals:
            state = game.initial_state(numbered_deal(game.deck(), number))
            start = time.process_time()
            result = best_score(state)
            spent += time.process_time() - start
            line = " ".join(str(move) for move in result.moves)
            digest = hashlib.sha256(line.encode()).hexdigest()[:16]
            print(
                f"{rules} {number}: {result.solvable} score {result.score} "
                f"positions {result.states} moves {len(result.moves)} line {digest}"
            )
    print(f"CPU {spent:.2f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
