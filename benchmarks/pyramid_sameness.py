"""What the Pyramid searches do on the published decks, a line a deck, to compare two builds.

For a change meant to leave the searches alone (a refactor, a build change), run this before
and after and compare the outputs byte for byte: per deck the verdict search's positions
(:func:`printplay.solve.pyramid_solver.solve`), then
:func:`printplay.solve.pyramid_solver.best_line`'s verdict, length, proof, positions (verdict
search and A* together) and a digest of its moves.  The CPU time of ``best_line``
(``time.process_time``) goes to standard error and, per deck, to ``--times``, so the output
itself holds no time::

    python benchmarks/pyramid_sameness.py > /tmp/after.txt
    diff /tmp/before.txt /tmp/after.txt && echo same
    python benchmarks/pyramid_sameness.py --limit 300 --times /tmp/t.csv > /dev/null
    python benchmarks/pyramid_sameness.py --lengths lengths.txt   # and check the lengths

With ``--lengths`` (the lengths published beside the decks, a line a deck, 0 for a deck that
cannot be won) every length is checked; a mismatch is reported on standard error and the
exit status is 1.  Run with ``PRINTPLAY_PURE=1`` to compare the Python core.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from printplay.core.deal import explicit_deal  # noqa: E402
from printplay.games.pyramid import Pyramid, PyramidOptions  # noqa: E402
from printplay.solve.pyramid_solver import best_line, solve  # noqa: E402

DECKS = REPO / "tests" / "data" / "random-decks-1500.txt"


def main(argv: Sequence[str] | None = None) -> int:
    """Run every deck; the exit status is 1 if a length differs from the published one."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decks", type=Path, default=DECKS)
    parser.add_argument("--lengths", type=Path, default=None, help="published lengths")
    parser.add_argument("--limit", type=int, default=None, help="the first N decks")
    parser.add_argument("--times", type=Path, default=None, help="deck,ms per deck (CSV)")
    args = parser.parse_args(argv)
    decks = [x for x in args.decks.read_text(encoding="utf-8").splitlines() if x.strip()]
    decks = decks[: args.limit]
    published = None
    if args.lengths is not None:
        published = [int(x) for x in args.lengths.read_text(encoding="utf-8").split()]
    game = Pyramid(PyramidOptions(clear_the_board=True))
    total = 0.0
    times = []
    wrong = []
    for n, deck in enumerate(decks, 1):
        state = game.initial_state(explicit_deal(deck, game.deck()))
        verdict = solve(state)
        start = time.process_time()
        result = best_line(state)
        ms = (time.process_time() - start) * 1000
        total += ms
        times.append(f"{n},{ms:.1f}\n")
        moves = hashlib.sha256(repr(result.moves).encode()).hexdigest()[:16]
        print(
            f"{n} {verdict.states} {result.solvable} {len(result.moves)} {result.optimal} "
            f"{result.states} {moves}",
            flush=True,
        )
        if published is not None and published[n - 1] != len(result.moves):
            wrong.append(n)
    print(f"{len(decks)} decks, best_line {total / 1000:.2f} s CPU", file=sys.stderr)
    if args.times is not None:
        args.times.write_text("deck,ms\n" + "".join(times), encoding="utf-8")
    if wrong:
        print(f"lengths differ from the published ones: {wrong}", file=sys.stderr)
        return 1
    if published is not None:
        print("every length the published one", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
