"""Write the graded collections of seeds/: each solitaire's first easy and expert deals.

For each solitaire (standard rules), grades deals from 1 on and keeps the first
``--count`` easy deals as the collection ``first-steps`` and the first ``--count`` expert
deals as ``expert`` (``--expert-count`` sets that one apart: a golf course of nine holes is
four easy and five expert), each with its level, measures, winning line and turning points (see
printplay/analysis/curated.py), so that books, kits and tests print and check them without
searching.  Other collections in the file are kept as they are, but for the lines of the
collections a kit and the demo print sheets of (``first-deals``, ``demo``): each winnable
deal's line is searched as its sheet searches it (``choose_line``) and stored with it
(``line``, ``optimal``), so that the demo, the kits and the website print it, replayed and
checked, instead of searching again.  ``--lines`` stores those lines alone, grading
nothing.

    python benchmarks/curate_seeds.py                 # every solitaire, 6 deals a collection
    python benchmarks/curate_seeds.py --game pyramid --count 6
    python benchmarks/curate_seeds.py --game golf --count 4 --expert-count 5
    python benchmarks/curate_seeds.py --lines         # the printed deals' lines alone

A game with no seeds file yet gets one (``seeds/<game>.json``) holding the two collections.

Run it again whenever the measures or the thresholds change (docs/difficulty.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from printplay.analysis.curated import SeedDeal
from printplay.builders.kit import COLLECTIONS as PRINTED
from printplay.builders.puzzle_book import choose_deals, curated_record
from printplay.builders.walkthrough import choose_line
from printplay.core.protocols import RegisteredSolitaire
from printplay.games import REGISTRY, entry, make_solitaire

SEEDS = Path(__file__).resolve().parent.parent / "seeds"

GAMES = tuple(name for name, game in REGISTRY.items() if game.is_solitaire)
"""The solitaires curated by default: every registered one."""

COLLECTIONS = {
    "first-steps": (
        "easy",
        "First steps",
        "The first {count} easy deals: the random player wins many of its games and the "
        "winning line asks for few real decisions (docs/difficulty.md). Stored with their "
        "grades and lines: `printplay kit` and `printplay demo` print them as a book.",
    ),
    "expert": (
        "expert",
        "Expert deals",
        "The first {count} expert deals: the random player almost never wins and the "
        "winning line asks for many real decisions. Stored with their grades and lines.",
    ),
}
"""Each graded collection: its level, title and description."""


def curate(
    game_name: str, count: int, jobs: int, folder: Path = SEEDS, *, expert: int | None = None
) -> Path:
    """Grade ``game_name``'s deals and write its graded collections into its seeds file in
    ``folder`` (made if the game has none yet), ``count`` deals a collection, or ``expert``
    in the expert one; the file's path."""
    game = make_solitaire(game_name)
    path = folder / f"{game.name}.json"
    if path.is_file():
        data = json.loads(path.read_text(encoding="utf-8"))
    else:
        data = {"game": game.name, "collections": []}
    kept = [c for c in data["collections"] if c["name"] not in COLLECTIONS]
    for name, (level, title, about) in COLLECTIONS.items():
        wanted = expert if level == "expert" and expert is not None else count
        chosen = choose_deals(game, wanted, level, jobs=jobs, window=5000)
        deals = [curated_record(game, graded) for graded in chosen.deals]
        kept.append(
            {"name": name, "title": title, "about": about.format(count=wanted), "deals": deals}
        )
        print(f"{game.name} {name}: deals {[d['seed'] for d in deals]}", file=sys.stderr)
    data["collections"] = kept
    store_lines(game, data)
    path.write_text(_dump(data), encoding="utf-8")
    return path


def store_lines(game: RegisteredSolitaire, data: dict[str, object]) -> None:
    """Store in ``data`` (a seeds file's) the line of each winnable deal of the collections
    printed as sheets (:data:`PRINTED`), as the sheet's walkthrough searches it: the line
    and whether it is proved the best.  A deal whose search does not win, or does not
    reach its recorded best, stores none (its sheet searches) and is named on stderr."""
    collections = data["collections"]
    assert isinstance(collections, list)
    for item in collections:
        if item["name"] not in PRINTED:
            continue
        for record in item["deals"]:
            record.pop("optimal", None)
            record.pop("line", None)
            if record.get("verdict") is not True:
                continue
            options = tuple(record.get("options", []))
            deal = SeedDeal(game.name, options, seed=record.get("seed"), cards=record.get("cards"))
            solitaire = make_solitaire(game.name, options)
            line = choose_line(solitaire, solitaire.initial_state(deal.deal()), seconds=None)
            score = line.score if entry(game.name).best_line == "score" else len(line.moves)
            if line.solvable is not True or score != record.get("best"):
                print(f"{game.name} {item['name']}: no line stored for {record}", file=sys.stderr)
                continue
            record["optimal"] = line.optimal
            record["line"] = [move.to_json() for move in line.moves]
        print(f"{game.name} {item['name']}: lines stored", file=sys.stderr)


def lines_only(game_name: str, folder: Path = SEEDS) -> Path:
    """Store the printed collections' lines (:func:`store_lines`) in ``game_name``'s seeds
    file in ``folder``, grading nothing; the file's path."""
    game = make_solitaire(game_name)
    path = folder / f"{game.name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    store_lines(game, data)
    path.write_text(_dump(data), encoding="utf-8")
    return path


def _dump(data: dict[str, object]) -> str:
    """The seeds file, one deal a line (lines kept on the deal's line: small diffs)."""
    lines = ["{", f'  "game": {json.dumps(data["game"])},', '  "collections": [']
    collections = data["collections"]
    assert isinstance(collections, list)
    for number, item in enumerate(collections):
        head = {k: v for k, v in item.items() if k != "deals"}
        lines.append("    {")
        for key, value in head.items():
            lines.append(f"      {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
        lines.append('      "deals": [')
        deals = item["deals"]
        for index, deal in enumerate(deals):
            comma = "," if index < len(deals) - 1 else ""
            lines.append(f"        {json.dumps(deal, ensure_ascii=False)}{comma}")
        lines.append("      ]")
        lines.append("    }" + ("," if number < len(collections) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="a game (repeat)")
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--expert-count", type=int, help="deals of the expert collection")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--seeds-dir", type=Path, default=SEEDS, help="where the seeds files are (seeds/)"
    )
    parser.add_argument(
        "--lines", action="store_true", help="store the printed deals' lines alone, grading none"
    )
    args = parser.parse_args(argv)
    for game in args.game or GAMES:
        if args.lines:
            lines_only(game, args.seeds_dir)
        else:
            curate(game, args.count, args.jobs, args.seeds_dir, expert=args.expert_count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
