"""Pyramid and TriPeaks shortest lines side by side with the published peer solvers.

Pyramid (``--game pyramid``, the default): the peers are mchung94's Common Lisp A*
(``pyramid-solver``, under SBCL) and the Java solver of his ``solitaire-player``
(``BoardChallengeSolver``).  Both look for a shortest line that clears the 28 pyramid cards
(our ``clear-the-board``), every draw, recycle and removal one step, as
``printplay.solve.pyramid_solver.best_line`` does.

TriPeaks (``--game tripeaks``): the peer is the Java solver of ``solitaire-player``
(``tripeaks.BoardChallengeSolver``, a breadth-first search), which looks for a shortest
line that moves the 28 tableau cards to the waste under the default rules (wrap, the stock
turned at any time), every play and stock turn one step, as
``printplay.solve.tripeaks_solver.shortest_line`` does.  The decks are read in the same order
(tableau slots, waste, stock).

This script fetches
nothing and holds no peer code: it expects the two checkouts under ``--peers`` (as
``pyramid-solver/`` and ``solitaire-player/``), builds them in ``--work`` (outside the
repository) with a small driver of its own per tool, and then:

* starts one long-lived process per tool (a driver reading decks on its standard input);
* hands the decks out interleaved (deck 1 to every tool in turn, then deck 2 ...), one
  tool working at a time, so load from elsewhere falls on every tool alike;
* records each tool's CPU time for each deck (SBCL ``get-internal-run-time``, Java the
  JVM process's CPU time with its compiler and collector threads, Python
  ``time.process_time``), its verdict and its line's length;
* checks that every tool gives every deck the same verdict and the same length (and the
  lengths published beside the decks, when given), and prints per class (winnable, not
  winnable) the mean, median, 90th percentile and largest time, with our ratios.

Set-up (Debian): ``apt-get install sbcl libtrove3-java libjackson2-databind-java``; a JDK
with ``javac`` (17 here).  Then::

    python benchmarks/peers.py --peers /tmp/peers --limit 300
    python benchmarks/peers.py --peers /tmp/peers --limit 300 --csv /tmp/peers.csv
    python benchmarks/peers.py --game tripeaks --peers /tmp/peers --limit 300

Golf (``--game golf``): the peer is Shlomi Fish's black-hole-solver, run as PySolFC runs it
for its Golf hints (a process a deal); ``benchmarks/golf_peers.py`` does it, and this
script hands it the rest of its arguments::

    python benchmarks/peers.py --game golf --bhs /tmp/bhs/build/black-hole-solve --par
    python benchmarks/peers.py --game golf --bhs /tmp/bhs/build/black-hole-solve --wrap --par

Figures to read, not to assert: see the "Peers" part of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parent.parent
DECKS = REPO / "tests" / "data" / "random-decks-1500.txt"
JARS = Path("/usr/share/java")
JAVA_JARS = ("trove4j.jar", "jackson-databind.jar", "jackson-core.jar", "jackson-annotations.jar")
JAVA_PACKAGES = {
    "pyramid": "com/secondthorn/solitaireplayer/solvers/pyramid",
    "tripeaks": "com/secondthorn/solitaireplayer/solvers/tripeaks",
}

LISP_DRIVER = """\
(require "asdf")
(push (truename "{root}") asdf:*central-registry*)
(let ((*standard-output* *error-output*)) (asdf:load-system "pyramid-solver"))
(loop for line = (read-line *standard-input* nil) while line do
  (let* ((deck (ps:string->card-list line))
         (start (get-internal-run-time))
         (line (ps:solve deck))
         (stop (get-internal-run-time)))
    (format t "~a ~d ~,3f~%" (if line "won" "lost") (length line)
            (/ (* 1000 (- stop start)) internal-time-units-per-second))
    (finish-output)))
"""
"""Reads a deck a line, prints ``verdict length cpu-ms`` for it."""

JAVA_DRIVER = """\
import com.secondthorn.solitaireplayer.solvers.pyramid.Action;
import com.secondthorn.solitaireplayer.solvers.pyramid.BoardChallengeSolver;
import com.secondthorn.solitaireplayer.solvers.pyramid.Deck;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

public class PeerDriver {
    public static void main(String[] args) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            long start = os.getProcessCpuTime();
            Map<String, List<Action>> found = new BoardChallengeSolver().solve(new Deck(line));
            long stop = os.getProcessCpuTime();
            int length = found.isEmpty() ? 0 : found.values().iterator().next().size();
            System.out.printf("%s %d %.3f%n", found.isEmpty() ? "lost" : "won", length,
                (stop - start) / 1e6);
            System.out.flush();
        }
    }
}
"""
"""Reads a deck a line, prints ``verdict length cpu-ms`` for it."""

OURS_DRIVER = """\
import sys, time
sys.path.insert(0, {repo!r})
from printplay.core.deal import explicit_deal
from printplay.games.pyramid import Pyramid, PyramidOptions
from printplay.solve.pyramid_solver import best_line
game = Pyramid(PyramidOptions(clear_the_board=True))
for line in sys.stdin:
    state = game.initial_state(explicit_deal(line, game.deck()))
    start = time.process_time()
    result = best_line(state)
    ms = (time.process_time() - start) * 1000
    assert result.solvable is not None and result.optimal is not False
    print("won" if result.solvable else "lost", len(result.moves), f"{{ms:.3f}}", flush=True)
"""
"""Reads a deck a line, prints ``verdict length cpu-ms`` for it (line replayed, proved)."""

JAVA_TRIPEAKS_DRIVER = """\
import com.secondthorn.solitaireplayer.solvers.tripeaks.BoardChallengeSolver;
import com.secondthorn.solitaireplayer.solvers.tripeaks.Deck;
import com.secondthorn.solitaireplayer.solvers.tripeaks.Solution;
import com.secondthorn.solitaireplayer.solvers.tripeaks.State;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;

public class PeerDriver {
    public static void main(String[] args) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            long start = os.getProcessCpuTime();
            Solution found = new BoardChallengeSolver().solve(new Deck(line), State.INITIAL_STATE);
            long stop = os.getProcessCpuTime();
            boolean won = State.isTableauEmpty(found.getEndingState());
            System.out.printf("%s %d %.3f%n", won ? "won" : "lost",
                won ? found.getActions().size() : 0, (stop - start) / 1e6);
            System.out.flush();
        }
    }
}
"""
"""TriPeaks: reads a deck a line, prints ``verdict length cpu-ms`` for it."""

OURS_TRIPEAKS_DRIVER = """\
import sys, time
sys.path.insert(0, {repo!r})
from printplay.core.deal import explicit_deal
from printplay.games.tripeaks import TriPeaks
from printplay.solve.tripeaks_solver import shortest_line
game = TriPeaks()
for line in sys.stdin:
    state = game.initial_state(explicit_deal(line, game.deck()))
    start = time.process_time()
    result = shortest_line(state)
    ms = (time.process_time() - start) * 1000
    assert result.solvable is not None and result.optimal is True
    print("won" if result.solvable else "lost", len(result.moves), f"{{ms:.3f}}", flush=True)
"""
"""TriPeaks: reads a deck a line, prints ``verdict length cpu-ms`` (line replayed, proved)."""


@dataclass(frozen=True)
class Answer:
    """One tool's answer on one deck."""

    won: bool
    length: int
    ms: float


def build_lisp(peers: Path, work: Path) -> list[str]:
    """The command running the Lisp solver's driver (SBCL compiles it on first load)."""
    root = peers / "pyramid-solver"
    if not (root / "pyramid-solver.asd").exists():
        raise SystemExit(f"no pyramid-solver checkout at {root}")
    driver = work / "lisp-driver.lisp"
    driver.write_text(LISP_DRIVER.format(root=f"{root.resolve()}/"), encoding="utf-8")
    return [
        "sbcl",
        "--dynamic-space-size",
        "8192",
        "--noinform",
        "--non-interactive",
        "--no-userinit",
        "--load",
        str(driver),
    ]


def build_java(peers: Path, work: Path, game: str = "pyramid") -> list[str]:
    """Compile the Java solver's package for ``game`` with our driver; the command to run
    it."""
    root = peers / "solitaire-player"
    sources = sorted((root / "src" / "main" / "java" / JAVA_PACKAGES[game]).glob("*.java"))
    if not sources:
        raise SystemExit(f"no solitaire-player checkout at {root}")
    work = work / game
    classes = work / "classes"
    classes.mkdir(parents=True, exist_ok=True)
    driver = work / "PeerDriver.java"
    driver.write_text(JAVA_TRIPEAKS_DRIVER if game == "tripeaks" else JAVA_DRIVER, encoding="utf-8")
    jars = ":".join(str(JARS / jar) for jar in JAVA_JARS)
    subprocess.run(
        ["javac", "-nowarn", "-cp", jars, "-d", str(classes), *map(str, sources), str(driver)],
        check=True,
    )
    resources = root / "src" / "main" / "resources"
    classpath = f"{classes}:{resources}:{jars}"
    return ["java", "-Xmx8G", "-XX:+UseG1GC", "-cp", classpath, "PeerDriver"]


def build_ours(work: Path, game: str = "pyramid") -> list[str]:
    """The command running printplay's driver for ``game`` with this interpreter."""
    driver = work / f"ours-{game}-driver.py"
    text = OURS_TRIPEAKS_DRIVER if game == "tripeaks" else OURS_DRIVER
    driver.write_text(text.format(repo=str(REPO)), encoding="utf-8")
    return [sys.executable, str(driver)]


class Tool:
    """A long-lived solver process answering one deck a line."""

    def __init__(self, name: str, command: list[str]) -> None:
        self.name = name
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, deck: str) -> Answer:
        """Solve ``deck`` (52 cards, one line) and read the answer."""
        stdin, stdout = self.pipes()
        stdin.write(deck + "\n")
        stdin.flush()
        reply = stdout.readline().split()
        if len(reply) != 3:
            raise SystemExit(f"{self.name} stopped answering (exit {self.process.poll()})")
        return Answer(reply[0] == "won", int(reply[1]), float(reply[2]))

    def pipes(self) -> tuple[IO[str], IO[str]]:
        """The process's standard input and output."""
        assert self.process.stdin is not None and self.process.stdout is not None
        return self.process.stdin, self.process.stdout

    def close(self) -> None:
        """End the process (its input closes, so it finishes)."""
        self.pipes()[0].close()
        self.process.wait()


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def figures(values: Sequence[float]) -> tuple[float, float, float, float]:
    """Mean, median, 90th percentile and largest of ``values``."""
    return (
        statistics.mean(values),
        statistics.median(values),
        percentile(values, 0.9),
        max(values),
    )


def fmt(ms: float) -> str:
    """Milliseconds for a table: ``12.3 ms`` or ``1.23 s``."""
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.1f} ms"


def report(names: Sequence[str], rows: list[dict[str, Answer]]) -> None:
    """Print the per-class table and our ratios (Markdown)."""
    print("| class | tool | decks | mean | median | 90% | max |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    classes = {
        "winnable": [r for r in rows if r["ours"].won],
        "not winnable": [r for r in rows if not r["ours"].won],
        "all": rows,
    }
    for label, chosen in classes.items():
        if not chosen:
            continue
        for name in names:
            mean, median, p90, top = figures([r[name].ms for r in chosen])
            print(
                f"| {label} | {name} | {len(chosen)} | {fmt(mean)} | {fmt(median)} | "
                f"{fmt(p90)} | {fmt(top)} |"
            )
    print()
    for label, chosen in classes.items():
        ours = [r["ours"].ms for r in chosen]
        for name in names:
            if name == "ours" or not chosen:
                continue
            theirs = [r[name].ms for r in chosen]
            slower = sum(r["ours"].ms > r[name].ms for r in chosen)
            mean = statistics.mean(ours) / statistics.mean(theirs)
            median = statistics.median(ours) / statistics.median(theirs)
            print(
                f"{label}: ours / {name}: mean {mean:.2f}  median {median:.2f}"
                f"  slower on {slower} of {len(chosen)} decks"
            )


def disagreements(
    names: Sequence[str], rows: list[dict[str, Answer]], published: list[int] | None
) -> list[str]:
    """Decks where verdicts or lengths differ (between tools or from ``published``)."""
    found = []
    for i, row in enumerate(rows):
        answers = {(row[n].won, row[n].length) for n in names}
        if published is not None:
            want = published[i]
            answers.add((want > 0, want))
        if len(answers) > 1:
            found.append(f"deck {i + 1}: " + json.dumps({n: row[n].length for n in names}))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    """Build the peers, run every deck on every tool, print the comparison (Golf: as
    ``benchmarks/golf_peers.py``, given the other arguments)."""
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--game", choices=("pyramid", "tripeaks", "golf"), default="pyramid")
    known, rest = first.parse_known_args(argv)
    if known.game == "golf":
        sys.path.insert(0, str(REPO / "benchmarks"))
        from golf_peers import main as golf_main

        raise SystemExit(golf_main(rest))
    parser = argparse.ArgumentParser(description="Shortest lines beside the peers.")
    parser.add_argument("--game", choices=("pyramid", "tripeaks", "golf"), default="pyramid")
    parser.add_argument("--peers", type=Path, required=True, help="folder of the checkouts")
    parser.add_argument("--work", type=Path, default=Path("/tmp/printplay-peers"))
    parser.add_argument("--decks", type=Path, default=DECKS)
    parser.add_argument("--first", type=int, default=1, help="first deck (from 1)")
    parser.add_argument("--limit", type=int, default=300, help="how many decks")
    parser.add_argument(
        "--lengths", type=Path, default=None, help="published lengths, a line a deck (0: lost)"
    )
    parser.add_argument(
        "--tools", default=None, help="comma-separated (default: every tool the game has)"
    )
    parser.add_argument("--csv", type=Path, default=None, help="per-deck answers to this file")
    args = parser.parse_args(argv)
    if REPO in args.work.resolve().parents or args.work.resolve() == REPO:
        raise SystemExit("--work must lie outside the repository")
    args.work.mkdir(parents=True, exist_ok=True)
    default = "ours,java" if args.game == "tripeaks" else "ours,lisp,java"
    names = (args.tools or default).split(",")
    if args.game == "tripeaks" and "lisp" in names:
        raise SystemExit("the Lisp peer solves Pyramid only")
    commands = {
        "ours": lambda: build_ours(args.work, args.game),
        "lisp": lambda: build_lisp(args.peers, args.work),
        "java": lambda: build_java(args.peers, args.work, args.game),
    }
    tools = [Tool(name, commands[name]()) for name in names]
    lines = args.decks.read_text(encoding="utf-8").splitlines()
    chosen = range(args.first - 1, min(len(lines), args.first - 1 + args.limit))
    published = None
    if args.lengths is not None:
        every = [int(x) for x in args.lengths.read_text(encoding="utf-8").split()]
        published = [every[i] for i in chosen]
    rows: list[dict[str, Answer]] = []
    out = csv.writer(args.csv.open("w", newline="")) if args.csv else None
    for i in chosen:
        row = {tool.name: tool.ask(lines[i].strip()) for tool in tools}
        rows.append(row)
        if out is not None:
            for name, a in row.items():
                out.writerow([i + 1, name, "won" if a.won else "lost", a.length, f"{a.ms:.3f}"])
        print(
            f"deck {i + 1}: " + "  ".join(f"{n} {a.length} {fmt(a.ms)}" for n, a in row.items()),
            file=sys.stderr,
            flush=True,
        )
    for tool in tools:
        tool.close()
    differ = disagreements(names, rows, published)
    print(f"{args.game}: {len(rows)} decks (from deck {args.first}), CPU time per deck")
    print("verdicts and lengths agree on every deck" if not differ else "DISAGREEMENTS:")
    for line in differ:
        print("  " + line)
    report(names, rows)


if __name__ == "__main__":
    main()
