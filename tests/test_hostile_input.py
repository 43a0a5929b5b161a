"""Hostile input, streams and signals: one clear line, a non-zero exit, nothing left behind.

A table of bad inputs per verb runs in-process; what needs a real process (closed or full
standard output, a terminal without suit symbols, signals) runs the console script.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printplay.cli.app import main
from printplay.cli.common import Stopped
from printplay.core.deal import numbered_deal
from printplay.games import make_solitaire
from printplay.render.document import write_atomically

SCRIPT = [sys.executable, "-m", "printplay"]
DEAL_1 = " ".join(numbered_deal(make_solitaire("tripeaks").deck(), 1).codes)
LONG = "9" * 5000


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# (argv, exit status, words the one line must hold); {tmp} is a scratch folder.
BAD_INPUTS = [
    (["deal", "nonesuch", "--seed", "1"], 1, "unknown game"),
    (["deal", "x" * 5000, "--seed", "1"], 1, "(5000 characters)"),
    (["deal", "tripeaks", "--seed", "1", "-O", f"jokers={LONG}"], 1, "(5000 characters)"),
    (["deal", "tripeaks", "--seed", "1", "-O", "x" * 300], 1, "(300 characters)"),
    (["deal", "tripeaks", "--seed", "0"], 1, "deal number"),
    (["deal", "tripeaks", "--seed", "1", "--deal", DEAL_1], 1, "either"),
    (["deal", "tripeaks", "--deal", "7h 7h"], 1, "appears 2 times"),
    (["deal", "tripeaks", "--seed", "1", "-o", "{tmp}/board.gif"], 1, ".svg, .png or .pdf"),
    (["solve", "tripeaks"], 1, "give a deal"),
    (["solve", "pyramid", "--seed", "1", "--best-score"], 1, "has no --best-score"),
    (["solve", "ricochet-poker", "--seed", "1"], 1, "no layout"),
    (["solve", "tripeaks", "--deal-file", "/dev/zero"], 1, "/dev/zero: it is not a regular file"),
    (["solve", "tripeaks", "--deal-file", "{tmp}"], 1, "it is a folder"),
    (["solve", "tripeaks", "--deal-file", "{tmp}/none.txt"], 1, "cannot read deal file"),
    (["rules", "tripeaks", "-o", "{tmp}/newdir/"], 2, "ends in a slash"),
    (["rules", "tripeaks", "-o", ""], 2, "path is empty"),
    (["rules", "tripeaks", "-o", "{tmp}/loop"], 1, "symbolic link loop"),
    (["rules", "tripeaks", "-o", "{tmp}/" + "a" * 300 + ".pdf"], 1, "too long"),
    (["rules", "tripeaks", "-o", "{tmp}/no/such/folder.pdf"], 1, "does not exist"),
    (["rules", "tripeaks", "-o", "{tmp}"], 1, "is a folder"),
    (["rules", "tripeaks", "-o", "{tmp}/r.pdf", "--rules-dir", "{tmp}/none"], 1, "no such folder"),
    (["sheet", "tripeaks", "-o", "{tmp}/s.pdf"], 1, "give a deal"),
    (["sheet", "ricochet-poker", "-o", "{tmp}/s.pdf", "--deal", DEAL_1], 1, "deal number"),
    (["demo", "--output-dir", ""], 2, "path is empty"),
    (["deck", "-o", "{tmp}/d.pdf", "--back-offset", "1;2"], 2, "'--back-offset'"),
    (["deck", "-o", "{tmp}/d.pdf", "--back-offset", "9,0"], 1, "too large"),
    (["deck", "-o", "{tmp}/d.pdf", "--back-offset", "nan,0"], 1, "finite"),
    (["deck", "-o", "{tmp}/d.pdf", "--size", "huge"], 2, "'--size'"),
    (["deck", "-o", "{tmp}/d.pdf", "--paper", "a5"], 2, "'--paper'"),
    (["deck", "-o", "{tmp}/d.pdf", "--duplex", "sideways"], 2, "'--duplex'"),
    (["deck", "-o", "{tmp}/d.pdf", "--back-text", "x" * 30], 1, "room for 24"),
    (["deck", "-o", "{tmp}/d.pdf", "--quick-ref", "nonesuch"], 1, "unknown game"),
    (
        [
            "deck",
            "-o",
            "{tmp}/d.pdf",
            "--layout",
            "gutter-fold",
            "--bleed",
            "--back-offset",
            "0,1",
            "--paper",
            "letter",
        ],
        1,
        "moves the backs onto the faces across the fold",
    ),
    (["deck", "-o", "{tmp}/no/such/d.pdf"], 1, "does not exist"),
    (["components", "-o", "{tmp}/c.pdf", "--players", "9"], 2, "'--players'"),
    (["components", "tripeaks", "-o", "{tmp}/c.pdf"], 1, "needs no pieces"),
    (["components", "nonesuch", "-o", "{tmp}/c.pdf"], 1, "unknown game"),
    (["mat", "ricochet-poker", "-o", "{tmp}/m.pdf"], 1, "has no mat"),
    (["mat", "tripeaks", "-o", "{tmp}"], 1, "is a folder"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--deals", "1,x"], 2, "'--deals'"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--deals", "0"], 1, "deal number"),
    (["kit", "nonesuch", "-o", "{tmp}/k.pdf"], 1, "unknown game"),
    (["kit", "tripeaks", "-o", "{tmp}/no/such/k.pdf"], 1, "does not exist"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--rules-dir", "{tmp}/none"], 1, "no such folder"),
    (["deal", "tripeaks", "--seed", "abc"], 2, "--seed"),
    (["deal", "ricochet", "--deal", " ".join(DEAL_1.split()[:51])], 1, "needs 52 cards"),
    (["deal", "ricochet", "--seed", "1", "-O", "bounce"], 1, "unknown"),
    (["deal", "ricochet", "--seed", "1", "-O", "free-draw=3"], 1, "takes no value"),
    (["solve", "ricochet", "--seed", "1", "--best-score"], 1, "offers --shortest"),
    (["sheet", "ricochet", "-o", "{tmp}/s.pdf"], 1, "give a deal"),
    (["sheet", "ricochet", "--seed", "1", "-o", "{tmp}/no/such/s.pdf"], 1, "does not exist"),
    (["rules", "ricochet", "-o", "{tmp}/r.pdf", "-O", "ball-resets=no"], 1, "takes no value"),
    (["check", "ricochet", "--seed", "1", "-l", "{tmp}/none.json"], 1, "cannot read line file"),
    (["check", "ricochet", "-l", "{tmp}/none.json"], 1, "give a deal"),
    (["check", "tripeaks", "--seed", "1", "-l", "/dev/zero"], 1, "it is not a regular file"),
    (["check", "tripeaks", "--seed", "1", "-l", "{tmp}/huge.json"], 1, "larger than 64 MB"),
    (["check", "ricochet", "--seed", "1", "-l", "{tmp}/bad.json"], 1, "not JSON"),
    (["check", "ricochet", "--seed", "1", "-l", "{tmp}/pair.json"], 1, "unknown Ricochet move"),
    (["check", "ricochet", "--seed", "1", "-l", "{tmp}/draw.json"], 1, "move 1 (draw Td)"),
    (["check", "ricochet", "--seed", "1", "-l", "{tmp}/number.json"], 1, "no list of moves"),
    (["deal", "pyramid", "--deal", " ".join(DEAL_1.split()[:51])], 1, "needs 52 cards"),
    (["deal", "pyramid", "--seed", "1", "-O", "reserve=2"], 1, "takes no value"),
    (["deal", "pyramid", "--seed", "1", "-O", "reserves"], 1, "unknown"),
    (["solve", "pyramid", "--seed", "1", "--best-score"], 1, "offers --shortest"),
    (["check", "pyramid", "--seed", "1", "-l", "{tmp}/king.json"], 1, "holds 7h, not Ks"),
    (["check", "pyramid", "--seed", "1", "-l", "{tmp}/redeal.json"], 1, "cannot redeal"),
    (["sheet", "pyramid", "-o", "{tmp}/s.pdf", "-O", "small"], 1, "give a deal"),
    (["sheet", "--", "-tripeaks", "-o", "{tmp}/x.pdf"], 1, "unknown game '-tripeaks'"),
    (["check", "tripeaks", "--seed", "1", "-l", "{tmp}/deep.json"], 1, "nested too deeply"),
    (["check", "tripeaks", "--seed", "1", "-l", "{tmp}/nested.json"], 1, "more than 64 deep"),
    (["check", "tripeaks", "--seed", "1", "-l", "{tmp}/bigint.json"], 1, "5,000 characters"),
    (["check", "tripeaks", "--seed", "1", "-l", "{tmp}/nan.json"], 1, "NaN is not a JSON"),
    (["check", "tripeaks", "--seed", "1", "-l", "{tmp}/long.json"], 1, "(450000 characters)"),
    (["solve", "tripeaks", "--deal-file", "{tmp}/one-card.txt"], 1, "line 1 is longer than"),
    (["solve", "tripeaks", "--deal-file", "{tmp}/latin1.txt"], 1, "line 2 is not UTF-8"),
    (["deal", "tripeaks", "--deal", " ".join(["7h"] * 100_000)], 1, "and 99,995 more"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--deals", "²"], 2, "'--deals'"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--deals", "1²"], 2, "'--deals'"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--deals=--1"], 2, "'--deals'"),
    (["kit", "tripeaks", "-o", "{tmp}/k.pdf", "--deals", LONG], 2, "'--deals'"),
    (["deck", "-o", "{tmp}/d.pdf", "--back-text", "\u0301\u0302"], 1, "no character that"),
    (["poker", "edge", "--rounds", "1000000000000"], 1, "at most 1,000,000,000 rounds"),
    (["poker", "play", "--players", "3", "--seed", "1", "--actions", "b" + LONG], 1, "(5000"),
    (["poker", "play", "--players", "3", "--seed", "1", "--actions", "x" * 5000], 1, "(5000"),
    (["poker", "play", "--casino", "--players", "3", "--actions", "b" + LONG], 1, "(5001"),
]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the bad inputs name, made once for the module: each test runs a verb on
    them and checks the folder is left as it was (no file, no hidden temporary file)."""
    tmp_path = tmp_path_factory.mktemp("scratch")
    (tmp_path / "loop").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    (tmp_path / "pair.json").write_text('[{"type": "pair"}]', encoding="utf-8")
    (tmp_path / "draw.json").write_text('[{"type": "draw", "card": "Td"}]', encoding="utf-8")
    (tmp_path / "number.json").write_text("7", encoding="utf-8")
    king = '[{"type": "king", "card": "Ks", "from": "t:0"}]'
    (tmp_path / "king.json").write_text(king, encoding="utf-8")
    (tmp_path / "redeal.json").write_text('[{"type": "redeal"}]', encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    (tmp_path / "nested.json").write_text("[" * 200 + "]" * 200, encoding="utf-8")
    (tmp_path / "bigint.json").write_text(f'[{{"type": "play", "slot": {LONG}}}]', "utf-8")
    (tmp_path / "nan.json").write_text('[{"type": "play", "slot": NaN}]', encoding="utf-8")
    (tmp_path / "long.json").write_text('[{"type": "' + "x" * 450_000 + '"}]', "utf-8")
    (tmp_path / "one-card.txt").write_text(" ".join(["7h"] * 3_000_000), encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes(DEAL_1.encode() + b"\ncaf\xe9\n")
    with open(tmp_path / "huge.json", "wb") as handle:
        handle.truncate(65 * 1024 * 1024)  # sparse: nothing is really written
    return tmp_path


@pytest.mark.parametrize(("argv", "status", "words"), BAD_INPUTS, ids=lambda v: str(v)[:40])
def test_bad_input_gives_one_line_and_leaves_nothing(
    scratch: Path, capsys: pytest.CaptureFixture[str], argv: list[str], status: int, words: str
) -> None:
    before = set(scratch.rglob("*"))
    args = [arg.replace("{tmp}", str(scratch)) for arg in argv]
    code, _, err = run(capsys, *args)
    assert code == status, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printplay: error:"), err
    assert words in lines[0]
    assert len(lines[0]) < 400
    assert set(scratch.rglob("*")) == before  # no file, no hidden temporary file


@pytest.mark.parametrize(
    "path", ["[/]x.svg", "[red]x.svg", "esc\x1b[31mx.svg"], ids=["close", "colour", "escape"]
)
def test_an_output_path_is_printed_literally_and_safely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    monkeypatch.chdir(tmp_path)
    target = Path(path)
    if "/" in path:
        target.parent.mkdir()
    code, out, err = run(capsys, "deal", "tripeaks", "--seed", "1", "-o", path)
    assert code == 0, err
    assert target.exists()
    assert out.strip() == path.replace("\x1b", "\\x1b")


def test_a_back_text_that_looks_like_an_option_is_a_back_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deck.pdf"
    code, printed, err = run(capsys, "deck", "--back-text", "-ofoo", "-o", str(out))
    assert code == 0, err
    assert printed.strip() == str(out) and not (tmp_path / "foo").exists()


@pytest.mark.parametrize("value", ["garbage", "1.5", "-5", "99999999999999"])
def test_a_bad_source_date_epoch_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    out = tmp_path / "board.pdf"
    code, _, err = run(capsys, "deal", "tripeaks", "--seed", "1", "-o", str(out))
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "SOURCE_DATE_EPOCH must be whole seconds" in err and not out.exists()


def test_a_good_source_date_epoch_dates_the_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pypdf import PdfReader

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    out = tmp_path / "board.pdf"
    assert run(capsys, "deal", "tripeaks", "--seed", "1", "-o", str(out))[0] == 0
    assert PdfReader(out).metadata["/CreationDate"].startswith("D:19700101")
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert run(capsys, "deal", "tripeaks", "--seed", "1", "-o", str(out))[0] == 0
    assert PdfReader(out).metadata["/CreationDate"].startswith("D:20261126")


def test_a_replaced_file_keeps_its_mode_and_its_hard_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.svg"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o600)
    (tmp_path / "link.svg").hardlink_to(out)
    assert run(capsys, "deal", "tripeaks", "--seed", "1", "-o", str(out))[0] == 0
    assert out.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "link.svg").read_bytes() == out.read_bytes() != b"old"
    assert out.stat().st_nlink == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg", "link.svg"]


@pytest.mark.parametrize("flag", ["--deal-file", "--line"])
def test_a_closed_standard_input_is_one_line(flag: str) -> None:
    verb = "solve" if flag == "--deal-file" else "check"
    argv = [verb, "tripeaks", flag, "-"] + (["--seed", "1"] if verb == "check" else [])
    done = subprocess.run(
        [*SCRIPT, *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "standard input: it is closed" in lines[0]


def test_no_arguments_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert "Usage: printplay" in out and "sheet" in out


def test_a_deal_file_may_start_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deals.txt"
    path.write_bytes(b"\xef\xbb\xbf" + DEAL_1.encode("ascii") + b"\n")
    code, out, _ = run(capsys, "solve", "tripeaks", "--deal-file", str(path))
    assert code == 0 and '"solvable": true' in out


def test_more_jobs_than_help_are_capped_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"{DEAL_1}\n{DEAL_1}\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", "tripeaks", "--deal-file", str(path), "--jobs", "1000")
    assert code == 0 and len(out.splitlines()) == 2
    assert "not 1000" in err


def test_a_signal_while_a_file_is_written_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"

    def produce(name: str) -> None:
        Path(name).write_bytes(b"%PDF-half")
        raise Stopped(signal.SIGTERM)

    with pytest.raises(Stopped):
        write_atomically(target, produce)
    assert list(tmp_path.iterdir()) == []


def _script(*argv: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SCRIPT, *argv], capture_output=True, text=True, timeout=120, check=False, **kwargs
    )


def test_a_full_standard_output_is_one_line() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*SCRIPT, "deal", "tripeaks", "--seed", "1"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "printplay: error: cannot write: No space left on device"
    ]


def test_a_closed_standard_output_is_one_line() -> None:
    done = subprocess.run(
        [*SCRIPT, "deal", "tripeaks", "--seed", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1
    assert done.stderr.strip() == "printplay: error: standard output is closed"


def test_a_terminal_without_suit_symbols_gets_letters() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    done = _script("deal", "tripeaks", "--seed", "1", env=env)
    assert done.returncode == 0, done.stderr
    assert "[6d]" in done.stdout and "♦" not in done.stdout
    json_done = _script("solve", "tripeaks", "--seed", "1", "--json", env=env)
    assert json_done.returncode == 0 and json_done.stdout.startswith("{")


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_a_batch_and_its_workers(tmp_path: Path, sig: int, status: int) -> None:
    path = tmp_path / "deals.txt"
    game = make_solitaire("tripeaks")
    lines = [" ".join(numbered_deal(game.deck(), seed).codes) for seed in range(1, 400)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    process = subprocess.Popen(
        [*SCRIPT, "solve", "tripeaks", "--deal-file", str(path), "--best-score", "-j", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: list[str] = []
    for _ in range(100):  # until the pool is up (at most ten seconds)
        time.sleep(0.1)
        workers = subprocess.run(
            ["pgrep", "-P", str(process.pid)], capture_output=True, text=True, check=False
        ).stdout.split()
        if len(workers) >= 2:
            break
    process.send_signal(sig)
    _, err = process.communicate(timeout=60)
    assert process.returncode == status
    assert "nothing half-written was left behind" in err
    assert len(err.strip().splitlines()) == 1
    for _ in range(50):
        alive = [w for w in workers if _running(w)]
        if not alive:
            break
        time.sleep(0.1)
    assert not alive


def _running(pid: str) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


def test_a_deleted_current_folder_is_one_line(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    shell = f'cd "{gone}" && rmdir "{gone}" && exec "$0" "$@"'
    process = subprocess.Popen(
        ["/bin/sh", "-c", shell, *SCRIPT, "deal", "tripeaks", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and out == ""
    assert err.strip().splitlines() == [
        "printplay: error: the current folder no longer exists: change to another folder first"
    ]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_start_up_is_one_line(sig: int) -> None:
    """Sent while the command line is still importing its libraries (the launcher has
    caught it from the start): one line, status 128 + the signal, never a traceback."""
    process = subprocess.Popen(
        [*SCRIPT, "deal", "tripeaks", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for _ in range(400):  # until the launcher has put its handlers in place (Python itself
        # catches SIGINT from its start, so SIGHUP, which only the launcher catches, tells)
        if _handles(process.pid, signal.SIGHUP):
            break
        time.sleep(0.005)
    process.send_signal(sig)
    out, err = process.communicate(timeout=60)
    assert process.returncode in (128 + sig, 0), err
    lines = err.strip().splitlines()
    if process.returncode:
        assert len(lines) == 1 and "nothing" in lines[0], err
    else:  # the run had finished before the signal came
        assert lines == [] and "TriPeaks deal 1" in out


def _handles(pid: int, sig: int) -> bool:
    """Whether process ``pid`` catches signal ``sig`` (from /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (sig - 1) & 1)


FIFO_READERS = [
    pytest.param(["solve", "tripeaks", "--deal-file", "{fifo}"], "deal file", id="deal file"),
    pytest.param(["check", "tripeaks", "--seed", "1", "-l", "{fifo}"], "line file", id="moves"),
    pytest.param(
        ["stats", "tripeaks", "--deals", "1..2", "--results", "{fifo}"],
        "results file",
        id="results",
    ),
]


@pytest.mark.parametrize(("argv", "what"), FIFO_READERS)
def test_a_fifo_is_refused_without_hanging(tmp_path: Path, argv: list[str], what: str) -> None:
    """Opening a FIFO waits for a writer: a file a user names is opened only if it is a
    regular file (run in a process of its own, stopped if it hangs)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args = [arg.replace("{fifo}", str(fifo)) for arg in argv]
    command = [sys.executable, "-m", "printplay", *args]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"printplay: error: cannot read {what} {fifo}: it is not a regular file"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]
