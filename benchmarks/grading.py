"""Benchmark of the difficulty grades: what each level means, over numbered deals.

Grades deals 1 to N (default 1000) of each solitaire (or those given) under the standard
rules (or ``--option``), then prints, level by level: the share of winnable deals at the
level, the mean share of random games won, the greedy player's share of wins, the mean
number of real decisions and the mean length of the line; and whether both win shares
fall from easy to expert, level by level.  These are the figures of docs/difficulty.md.

    python benchmarks/grading.py --jobs 2 --raw grades.json       # all three, 1-1000
    python benchmarks/grading.py --game ricochet --limit 200
    python benchmarks/grading.py --from-raw grades.json           # the tables again

``--raw`` keeps every deal's measures, so the tables can be printed again from them
(``--from-raw``) with the current thresholds (each game's ``levels``), without
grading again: that is how the thresholds were tuned.  Timings are the wall clock of the
whole run and the processor time of all its processes (steadier on a shared machine);
figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from printplay.analysis.grading import grade_deals
from printplay.analysis.levels import level_of
from printplay.core import options as opts
from printplay.core.grades import LEVELS, UNKNOWN, UNWINNABLE, Measures
from printplay.games import REGISTRY, make_solitaire

GAMES = tuple(name for name, game in REGISTRY.items() if game.is_solitaire)
"""The solitaires graded by default: every registered one."""


def grade_game(
    game_name: str, options: Sequence[str], first: int, last: int, jobs: int
) -> dict[str, Any]:
    """Grade deals ``first`` … ``last``; the raw record of every deal and the time taken."""
    game = make_solitaire(game_name, options)
    deals = [game.numbered_deal(seed) for seed in range(first, last + 1)]
    start = time.perf_counter()
    cpu = _cpu()
    rows = []
    for done, graded in enumerate(grade_deals(game, deals, jobs=jobs), start=1):
        assert graded is not None  # every level is asked for
        row: dict[str, Any] = {"seed": graded.deal.seed, "grade": graded.grade.level}
        if graded.grade.measures is not None:
            row["measures"] = graded.grade.measures.to_json()
        rows.append(row)
        if done % 100 == 0:
            print(f"  {game_name}: {done} deals graded", file=sys.stderr)
    seconds = time.perf_counter() - start
    cpu = _cpu() - cpu
    return {
        "game": game.name,
        "options": opts.chosen(game.options),
        "first": first,
        "last": last,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "cpu": round(cpu, 1),
        "deals": rows,
    }


def _cpu() -> float:
    """Processor seconds of this process and of its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measures_of(row: dict[str, Any]) -> Measures:
    """A raw row's measures."""
    return Measures.from_json(row["measures"])


def table(record: dict[str, Any]) -> tuple[str, bool]:
    """The Markdown table of one game's levels (current thresholds), and whether both
    win shares fall level by level."""
    rows = record["deals"]
    graded = [(row, measures_of(row)) for row in rows if "measures" in row]
    by_level: dict[str, list[Measures]] = {level: [] for level in LEVELS}
    for _, measures in graded:
        by_level[level_of(record["game"], measures)].append(measures)
    lost = sum(row["grade"] == UNWINNABLE for row in rows)
    unknown = sum(row["grade"] == UNKNOWN for row in rows)
    unsettled = sum(m.unsettled for _, m in graded)
    title = record["game"] + (f" ({', '.join(record['options'])})" if record["options"] else "")
    lines = [
        f"{title}, deals {record['first']}-{record['last']}: {len(graded)} winnable, "
        f"{lost} unwinnable, {unknown} unknown; {unsettled} positions off the line unsettled; "
        f"{record['seconds']} s with {record['jobs']} job(s)"
        + (
            f", {record['cpu']} s of processor time "
            f"({record['cpu'] / max(1, len(rows)):.2f} s a deal)"
            if "cpu" in record
            else ""
        ),
        "",
        "| level | deals | share of winnable | mean random share | greedy wins | "
        "mean decisions | mean length |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    randoms, greedies = [], []
    for level in LEVELS:
        found = by_level[level]
        if not found:
            lines.append(f"| {level} | 0 | 0% | | | | |")
            randoms.append(None)
            greedies.append(None)
            continue
        random_mean = statistics.mean(m.random_share for m in found)
        greedy_share = sum(m.greedy_won for m in found) / len(found)
        randoms.append(random_mean)
        greedies.append(greedy_share)
        lines.append(
            f"| {level} | {len(found)} | {len(found) / len(graded):.0%} | {random_mean:.4f} | "
            f"{greedy_share:.1%} | {statistics.mean(m.decisions for m in found):.1f} | "
            f"{statistics.mean(m.length for m in found):.1f} |"
        )
    falls = all(
        a is not None and b is not None and a > b
        for values in (randoms, greedies)
        for a, b in itertools.pairwise(values)
    )
    lines.append("")
    lines.append(
        f"both win shares fall from easy to expert, level by level: {'yes' if falls else 'NO'}"
    )
    return "\n".join(lines), falls


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="a game (repeat)")
    parser.add_argument("--option", action="append", default=[], help="an option (repeat)")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--limit", type=int, default=1000, help="the last deal")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--raw", type=Path, help="write every deal's measures here (JSON)")
    parser.add_argument("--from-raw", type=Path, help="print the tables of a --raw file")
    args = parser.parse_args(argv)
    if args.from_raw is not None:
        records = json.loads(args.from_raw.read_text(encoding="utf-8"))
    else:
        records = []
        for game in args.game or GAMES:
            records.append(grade_game(game, args.option, args.first, args.limit, args.jobs))
            if args.raw is not None:  # kept after each game: a long run is never lost
                args.raw.write_text(json.dumps(records) + "\n", encoding="utf-8")
    ok = True
    for record in records:
        text, falls = table(record)
        ok = ok and falls
        print(text + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
