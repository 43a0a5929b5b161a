"""The command line: JSON contracts, text output and one-line errors for bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from printplay.cli import common as cli_common
from printplay.cli.app import main
from printplay.core.deal import numbered_deal
from printplay.games.tripeaks import TriPeaks

DEAL_1 = " ".join(numbered_deal(TriPeaks().deck(), 1).codes)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "deal", "tripeaks", "--seed", "1", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert {"game", "seed", "options", "tableau", "waste", "stock"} <= set(data)
    assert data["game"] == "tripeaks" and data["seed"] == 1 and data["shuffle"] == "pp1"
    assert (len(data["tableau"]), len(data["waste"]), len(data["stock"])) == (28, 1, 23)
    assert data["tableau"] + data["waste"] + data["stock"] == DEAL_1.split()
    assert data["options"]["wrap"] is True


def test_explicit_deal_gives_the_same_json_but_no_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", "tripeaks", "--deal", DEAL_1.lower(), "--json")
    data = json.loads(out)
    assert data["seed"] is None and data["tableau"][0] == "7h"
    assert data["deal_code"] == "BUZX-PAEV"


def test_deal_text_draws_the_layout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tripeaks", "--seed", "1")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "TriPeaks deal 1 (standard rules), code BUZX-PAEV"
    base = next(line for line in lines if line.startswith("[6♦]"))
    assert base.split() == [
        "[6♦]",
        "[8♣]",
        "[A♥]",
        "[10♣]",
        "[4♠]",
        "[2♠]",
        "[J♦]",
        "[10♠]",
        "[A♣]",
        "[Q♥]",
    ]
    assert "(7♥)" in out and "waste [J♠]" in out


def test_options_are_accepted_on_every_verb(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(
        capsys, "deal", "tripeaks", "--seed", "3", "-O", "jokers=2", "--option", "no-wrap", "--json"
    )
    data = json.loads(out)
    assert data["options"]["jokers"] == 2 and data["options"]["wrap"] is False
    assert len(data["stock"]) == 25


def test_jokers_in_stock_end_to_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    option = ["--option", "jokers=2,jokers-in-stock"]
    _, out, _ = run(capsys, "deal", "tripeaks", "--seed", "1", *option, "--json")
    data = json.loads(out)
    assert data["options"]["jokers_in_stock"] is True and data["shuffle"] == "pp1"
    assert data["tableau"] == DEAL_1.split()[:28] and len(data["stock"]) == 25
    assert {"X1", "X2"} <= set(data["stock"])
    status, out, _ = run(capsys, "solve", "tripeaks", "--seed", "1", *option, "--json")
    assert status == 0 and json.loads(out)["solvable"] is True
    status, out, _ = run(
        capsys, "sheet", "tripeaks", "--seed", "1", *option, "-o", str(tmp_path / "s.pdf")
    )
    assert status == 0 and (tmp_path / "s.pdf").stat().st_size > 0
    joker_in_tableau = " ".join(["X1", *DEAL_1.split()[1:], "X2", DEAL_1.split()[0]])
    status, _, err = run(capsys, "deal", "tripeaks", "--deal", joker_in_tableau, *option)
    assert status != 0 and "card 1: X1 is a joker in the tableau" in err


def test_stock_ends_game_end_to_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Ricochet deal 21 is won only with its last stock card: lost under the option."""
    seed = ["--seed", "21"]
    _, out, _ = run(capsys, "solve", "ricochet", *seed, "--json")
    assert json.loads(out)["solvable"] is True
    option = ["--option", "stock-ends-game"]
    _, out, _ = run(capsys, "solve", "ricochet", *seed, *option, "--shortest", "--json")
    data = json.loads(out)
    assert data["solvable"] is False and data["options"]["stock_ends_game"] is True
    assert data["moves"][-1]["type"] == "draw"
    line = tmp_path / "line.json"
    line.write_text(out, encoding="utf-8")
    status, out, _ = run(capsys, "check", "ricochet", *seed, *option, "--line", str(line))
    assert status == 0 and "every one of the 50 moves is legal, and the line does not win" in out
    status, _, _ = run(capsys, "sheet", "ricochet", *seed, *option, "-o", str(tmp_path / "r.pdf"))
    assert status == 0 and (tmp_path / "r.pdf").stat().st_size > 0


def test_games_lists_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0 and "no-wrap" in out and "jokers=N" in out


BAD_INPUTS = [
    (["deal", "pyramidz", "--seed", "1"], "unknown game 'pyramidz'"),
    (["deal", "tripeaks", "--seed", "1", "--option", "wrapp"], "unknown option 'wrapp'"),
    (["deal", "tripeaks", "--seed", "1", "--option", "jokers=5"], "must be one of 0, 1, 2"),
    (["deal", "tripeaks", "--seed", "0"], "deal number must be between 1 and"),
    (["deal", "tripeaks", "--seed", "-3"], "deal number must be between 1 and"),
    (["deal", "tripeaks", "--seed", str(2**64)], "deal number must be between 1 and"),
    (["deal", "tripeaks", "--seed", "abc"], "should be a valid integer"),
    (["deal", "tripeaks"], "give a deal"),
    (["solve", "tripeaks"], "or --deal-file FILE"),
    (["deal", "tripeaks", "--seed", "1", "--option", "jokers=1,jokers=2"], "jokers is given twice"),
    (["deal", "tripeaks", "--seed", "1", "-O", "jokers-in-stock"], "jokers-in-stock needs jokers"),
    (["deal", "tripeaks", "--seed", "1", "--deal", DEAL_1], "not both"),
    (["deal", "tripeaks", "--deal", DEAL_1.replace("7h", "7x")], "card 1: unknown card '7x'"),
    (["deal", "tripeaks", "--deal", DEAL_1.replace("3s", "7h")], "7h appears 2 times"),
    (["deal", "tripeaks", "--deal", DEAL_1.rsplit(" ", 1)[0]], "needs 52 cards, got 51"),
    (["deal", "tripeaks", "--deal", DEAL_1, "--option", "jokers=1"], "needs 53 cards"),
    (["deal", "tripeaks", "--seed", "1", "--colour"], "No such option"),
    (["dael", "tripeaks"], "No such command"),
    (["solve", "tripeaks", "--deal-file", "/nonexistent/deals.txt"], "cannot read deal file"),
    (["solve", "tripeaks", "--seed", "1", "--max-states", "0"], "--max-states"),
    (["sheet", "tripeaks", "--seed", "1", "-o", "/nonexistent/dir/x.pdf"], "does not exist"),
    (["sheet", "tripeaks", "--seed", "1", "-o", "/"], "it is a folder"),
    (["sheet", "tripeaks", "--seed", "1"], "Missing option '--output'"),
    (["sheet", "tripeaks", "--seed", "1", "-o", "x.pdf", "--paper", "a5"], "'a5' is not one of"),
    (["rules", "tripeaks", "-o", "/proc/nope.pdf"], "cannot write /proc/nope.pdf"),
    (["rules", "tripeaks", "-o", "/dev/null"], "it is not a regular file"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_INPUTS)
def test_bad_input_gives_one_clear_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status != 0
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("printplay: error: ")
    assert message in err
    assert "Traceback" not in err


def test_unwritable_output_leaves_no_file(
    unprivileged: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        status, _, err = run(capsys, "rules", "tripeaks", "-o", str(folder / "r.pdf"))
        assert status == 1 and "permission denied" in err
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_a_failed_build_leaves_no_half_written_file(tmp_path: Path) -> None:
    from printplay.core.errors import OutputError
    from printplay.render.document import write_atomically

    target = tmp_path / "out.pdf"

    def produce(name: str) -> None:
        Path(name).write_text("half")
        raise OutputError("boom")

    with pytest.raises(OutputError):
        write_atomically(target, produce)
    assert list(tmp_path.iterdir()) == []


def test_the_console_script_runs() -> None:
    script = Path(sys.executable).with_name("printplay")
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    done = subprocess.run(
        [str(script), "deal", "tripeaks", "--seed", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "printplay: error: deal number must be between 1 and 18446744073709551615, not 0"
    ]
    done = subprocess.run([str(script), "--help"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "solve" in done.stdout


def test_solve_json_is_the_same_bytes_every_run_unless_timings_are_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = run(capsys, "solve", "pyramid", "--seed", "3", "--json")[1]
    assert first == run(capsys, "solve", "pyramid", "--seed", "3", "--json")[1]
    timed = json.loads(run(capsys, "solve", "pyramid", "--seed", "3", "--json", "--timings")[1])
    assert timed["stats"]["seconds"] >= 0
    del timed["stats"]["seconds"]
    assert timed == json.loads(first)


def test_solve_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "tripeaks", "--seed", "1", "--json", "--best-score")
    assert status == 0
    data = json.loads(out)
    assert data["solvable"] is True and data["optimal"] is True
    assert data["stats"]["states"] > 0 and "seconds" not in data["stats"]
    game = TriPeaks()
    state = game.initial_state(numbered_deal(game.deck(), 1))
    from printplay.games.tripeaks import move_from_json

    for move in data["moves"]:
        state = state.apply(move_from_json(move))
    assert state.is_won and state.score == data["score"]


def test_check_replays_a_solvers_line_and_a_players_short_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "solve", "ricochet", "--seed", "11", "--shortest", "--json")
    assert status == 0
    line = tmp_path / "line.json"
    line.write_text(out, encoding="utf-8")
    status, out, _ = run(capsys, "check", "ricochet", "--seed", "11", "-l", str(line), "--json")
    verdict = json.loads(out)
    assert status == 0 and verdict["legal"] and verdict["won"] and verdict["moves"] == 39
    assert verdict["cards_left"] == 0
    first_two = json.loads(line.read_text(encoding="utf-8"))["moves"][:2]
    line.write_text(json.dumps(first_two), encoding="utf-8")
    status, out, _ = run(capsys, "check", "ricochet", "--seed", "11", "-l", str(line))
    assert status == 0 and "every one of the 2 moves is legal" in out
    assert "does not win: " in out and "30 in the walls" in out


def test_solve_deal_file_prints_json_lines_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], external_decks: list[str]
) -> None:
    path = tmp_path / "decks.txt"
    chosen = [external_decks[i] for i in (0, 50, 1, 133)]
    path.write_text("\n".join(chosen) + "\n")
    outputs = []
    for jobs in ("1", "2"):
        status, out, err = run(capsys, "solve", "tripeaks", "--deal-file", str(path), "-j", jobs)
        assert status == 0
        assert "4 deals: 2 winnable, 2 not winnable, 0 unknown" in err
        rows = [json.loads(line) for line in out.splitlines()]
        assert [row["index"] for row in rows] == [1, 2, 3, 4]
        assert [row["solvable"] for row in rows] == [True, False, True, False]
        assert rows[0]["deal_code"] != rows[2]["deal_code"]
        outputs.append([(row["solvable"], row["moves"]) for row in rows])
    assert outputs[0] == outputs[1]


def test_deal_codes_may_be_separated_by_commas_alone(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tripeaks", "--deal", DEAL_1.replace(" ", ","), "--json")
    assert status == 0
    data = json.loads(out)
    assert " ".join(data["tableau"] + data["waste"] + data["stock"]) == DEAL_1


def test_batch_results_reach_stdout_while_the_progress_bar_is_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = io.StringIO()
    monkeypatch.setattr(cli_common, "stderr", Console(file=terminal, force_terminal=True))
    path = tmp_path / "decks.txt"
    game = TriPeaks()
    lines = [
        " ".join(card.code for card in numbered_deal(game.deck(), s).cards) for s in range(1, 25)
    ]
    path.write_text("\n".join(lines) + "\n")
    status, out, _ = run(capsys, "solve", "tripeaks", "--deal-file", str(path))
    assert status == 0
    assert [json.loads(line)["index"] for line in out.splitlines()] == list(range(1, 25))
    assert "solving" in terminal.getvalue()  # the bar was drawn, on the other stream
    assert '"index"' not in terminal.getvalue()


def test_budget_gives_unknown(
    capsys: pytest.CaptureFixture[str], external_decks: list[str]
) -> None:
    status, out, _ = run(
        capsys, "solve", "tripeaks", "--deal", external_decks[223], "--max-states", "5000", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["solvable"] is None and data["moves"] == [] and "budget" in data["reason"]


def test_output_through_a_symbolic_link_writes_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "target.pdf"
    target.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    status, _, _ = run(capsys, "rules", "tripeaks", "-o", str(link))
    assert status == 0
    assert link.is_symlink()
    assert target.read_bytes().startswith(b"%PDF")


def test_print_and_play_verbs_write_their_pdfs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pypdf import PdfReader

    deck = tmp_path / "deck.pdf"
    args = ["deck", "-o", str(deck), "--back-offset", "-1.5,2", "--paper", "letter"]
    status, out, err = run(capsys, *args, "--quick-ref", "tripeaks", "--no-calibration")
    assert (status, out.strip(), err) == (0, str(deck), "")
    reader = PdfReader(deck)
    assert len(reader.pages) == 14  # six sheets and the quick-reference sheet, two sides
    assert "backs moved -1.5, +2 mm" in str(reader.metadata["/Subject"])
    parts = tmp_path / "parts.pdf"
    status, _, _ = run(capsys, "components", "poker", "-o", str(parts), "--players", "3")
    assert status == 0 and len(PdfReader(parts).pages) == 1  # chips and a dealer, no ball
    mat = tmp_path / "mat.pdf"
    status, _, _ = run(capsys, "mat", "tri-peaks", "-o", str(mat), "--paper", "letter")
    assert status == 0 and len(PdfReader(mat).pages) == 7


def test_a_deal_proved_lost_before_any_move_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "solve", "pyramid", "--seed", "5")
    assert status == 0
    assert "Verdict: not winnable. Proved lost at the start, before any move, in " in out
    assert "Searched 0 states" not in out
    from pdftext import page_texts

    sheet = tmp_path / "s.pdf"
    assert run(capsys, "sheet", "pyramid", "--seed", "18", "-o", str(sheet))[0] == 0
    words = " ".join(" ".join(page_texts(sheet)).split())
    assert "The solver proves it at the start, before any move. The line below is" in words
    searched = tmp_path / "t.pdf"
    assert run(capsys, "sheet", "tripeaks", "--seed", "8", "-o", str(searched))[0] == 0
    words = " ".join(" ".join(page_texts(searched)).split())
    assert "The solver proved it looking at " in words
    assert "rules out the rest without playing them. The best attempt below clears" in words
