"""The lite kit against the full one: the sheets each takes and the ink each prints.

For each game it builds the full kit and the lite kit (``printplay kit GAME`` and ``printplay
kit GAME --lite``: the curated deals, whose walkthrough lines are searched once and given
to both, so that the two print the same lines), measures each PDF with
:func:`printplay.makers.ink_coverage.measure_ink` (every page rendered in greys at 100 dpi
without smoothing; a pixel not pure white is inked) and prints a Markdown table: the sheets
(printed on both sides), the share of the pages' area inked, and the inked area in pages'
worth.  These are the figures of docs/print-and-play.md ("The lite kit").

    python benchmarks/lite_kit.py                        # every game, A4
    python benchmarks/lite_kit.py --game tripeaks --paper letter
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from printplay.builders.kit import kit_deals
from printplay.builders.walkthrough import choose_line
from printplay.games import REGISTRY, entry, make_solitaire
from printplay.makers.ink_coverage import measure_ink
from printplay.makers.kit_maker import build_kit


def kit_lines(game: str) -> dict[Any, Any]:
    """The walkthrough lines of ``game``'s kit deals, searched once."""
    if not entry(game).is_solitaire or "sheet" not in entry(game).printables:
        return {}
    lines: dict[Any, Any] = {}
    for deal in kit_deals(game):
        solitaire = make_solitaire(game, list(deal.options))
        state = solitaire.initial_state(deal.deal())
        lines[(deal.seed, deal.options)] = choose_line(solitaire, state)
    return lines


def measure(game: str, paper: str, folder: Path) -> list[str]:
    """The table's row for ``game``: the full kit's figures, the lite kit's, what is saved."""
    lines = kit_lines(game)
    figures = []
    for lite in (False, True):
        path = folder / f"{game}-{'lite' if lite else 'full'}.pdf"
        kit = build_kit(game, path, paper=paper, results=lines, lite=lite)
        ink = measure_ink(path)
        figures.append((kit.sheets, kit.pages, ink.share, ink.inked_pages))
    (full_sheets, full_pages, full_share, full_inked) = figures[0]
    (lite_sheets, lite_pages, lite_share, lite_inked) = figures[1]
    return [
        entry(game).title,
        f"{full_sheets} ({full_pages} pages)",
        f"{full_share:.1%}",
        f"{full_inked:.1f}",
        f"{lite_sheets} ({lite_pages} pages)",
        f"{lite_share:.1%}",
        f"{lite_inked:.1f}",
        f"{_sheets(full_sheets - lite_sheets)}, {1 - lite_inked / full_inked:.0%} of the ink",
    ]


def _sheets(count: int) -> str:
    return f"{count} sheet{'' if count == 1 else 's'}"


HEADER = [
    "game",
    "full kit: sheets",
    "ink",
    "inked, in pages",
    "lite kit: sheets",
    "ink",
    "inked, in pages",
    "saved",
]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=list(REGISTRY))
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    args = parser.parse_args(argv)
    rows = [HEADER, ["---"] * len(HEADER)]
    with tempfile.TemporaryDirectory(prefix="printplay-lite-") as name:
        for game in args.game or list(REGISTRY):
            rows.append(measure(game, args.paper, Path(name)))
            print(f"| {' | '.join(rows[-1])} |", flush=True)
    print()
    for row in rows:
        print(f"| {' | '.join(row)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
