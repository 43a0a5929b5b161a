"""What a ``printplay sheet`` process spends its CPU on, part by part, and the floor under it.

Each run is a fresh ``printplay sheet GAME --seed 2`` process (the console script's own
path, bytecode cache on) with two wrappers around the sheet maker's steps: the CPU of
building the sheet's model (dealing, the search for its line, the walkthrough) and of
drawing it (typesetting and writing the PDF, the first in the process: fonts registered,
the template loaded); after the file is written the same model is drawn once more, to a
scratch file, to show what the typesetting costs with nothing left to load.  What the
process spends outside the two steps is its start and imports.  The **floor** is a bare
process of this Python importing only the libraries every sheet must draw with
(reportlab's platypus, canvas and graphics, and Jinja2) and registering the two DejaVu
faces a sheet's text cannot do without::

    python benchmarks/sheet_parts.py                     # medians of 5 runs a game
    python benchmarks/sheet_parts.py --against f4b39a6   # and the issue's 0.3 of that commit

With ``--against`` the sheet of that commit is timed too, in turns (installed as
``startup.py`` installs it), and each game's budget (0.3 of its CPU) is printed beside
the parts.  Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from startup import SOLITAIRES, installed, run_once, timed

DRIVER = """
import json, os, pathlib, sys, time
import printplay.makers.sheet_maker as maker
import printplay.render.sheet_pdf as sheet_pdf
parts, kept = {"build": 0.0, "draw": 0.0}, {}
def timing(name, step):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return step(*args, **kwargs)
        finally:
            parts[name] += time.process_time() - start
            kept.setdefault(name, (args, kwargs))
    return wrapper
draw = sheet_pdf.draw_sheet
maker.build_sheet = timing("build", maker.build_sheet)
sheet_pdf.draw_sheet = timing("draw", draw)
from printplay.cli.launch import entry
try:
    entry()
except SystemExit as done:
    assert not done.code, done.code
args, kwargs = kept["draw"]
start = time.process_time()
draw(args[0], pathlib.Path(os.environ["SHEET_PARTS_AGAIN"]), **kwargs)
parts["again"] = time.process_time() - start
parts["process"] = time.process_time() - parts["again"]
print(json.dumps(parts), file=sys.stderr)
"""

FLOOR = """
import reportlab.platypus, reportlab.pdfgen.canvas, reportlab.graphics.shapes, jinja2
from importlib import resources
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
folder = resources.files("printplay") / "fonts"
for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
    pdfmetrics.registerFont(TTFont(name, str(folder / name)))
"""


def environment() -> dict[str, str]:
    """This environment with the bytecode cache on and the compiled core allowed."""
    unset = ("PRINTPLAY_PURE", "PYTHONDONTWRITEBYTECODE")
    return {k: v for k, v in os.environ.items() if k not in unset}


def parts_once(game: str, scratch: Path) -> dict[str, float]:
    """One fresh sheet process of ``game`` with its parts timed: CPU seconds of the whole
    process, of building and drawing the sheet, and of drawing it again."""
    out = scratch / "sheet.pdf"
    out.unlink(missing_ok=True)
    command = [sys.executable, "-c", DRIVER, "sheet", game, "--seed", "2", "-o", str(out)]
    env = {**environment(), "SHEET_PARTS_AGAIN": str(scratch / "again.pdf")}
    done = subprocess.run(command, cwd=scratch, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"sheet_parts.py: {game} failed:\n{done.stderr[-2000:]}")
    parts: dict[str, float] = json.loads(done.stderr.strip().splitlines()[-1])
    return parts


def floor_once(scratch: Path) -> float:
    """CPU seconds of a bare process importing the drawing libraries and two faces."""
    return timed([sys.executable, "-c", FLOOR], scratch, environment(), "sheet_parts.py")[1]


def ms(runs: list[float]) -> float:
    """The median of ``runs`` (seconds) in milliseconds."""
    return statistics.median(runs) * 1000


def main() -> None:
    """Times each game's sheet by parts (and at ``--against``) and prints medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", help="a commit whose sheets set the budget (0.3 of them)")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes a game (median)")
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "printplay-startup"
    )
    args = parser.parse_args()
    other = installed(args.against, args.cache) if args.against else None
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        floor = ms([floor_once(scratch) for _ in range(args.runs)])
        print(f"floor (Python, reportlab, Jinja2, two faces): {floor:.0f} ms CPU")
        print(f"{'game':<10}{'process':>9}{'start+imports':>15}{'build':>7}{'draw':>7}"
              f"{'again':>7}" + (f"{'budget':>8}" if other else ""))  # fmt: skip
        for game in SOLITAIRES:
            runs, there = [], []
            for _ in range(args.runs):
                runs.append(parts_once(game, scratch))
                if other:
                    case = ("sheet", game, "--seed", "2", "-o", "{out}")
                    there.append(run_once(other, case, scratch)[1])
            total = ms([r["process"] for r in runs])
            build, draw = ms([r["build"] for r in runs]), ms([r["draw"] for r in runs])
            again = ms([r["again"] for r in runs])
            line = f"{game:<10}{total:>9.0f}{total - build - draw:>15.0f}{build:>7.0f}{draw:>7.0f}"
            line += f"{again:>7.0f}" + (f"{0.3 * ms(there):>8.0f}" if other else "")
            print(line)
    print(f"ms of CPU, medians of {args.runs} fresh processes a game, deal 2")


if __name__ == "__main__":
    main()
