"""``--numbering pysolfc`` on the command line: deal, solve, check and sheet, and refusals;
the command a sheet prints to make it again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdftext import page_texts

from printplay.cli.app import main

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``)."""

PYSOLFC_617 = ["7d", "Ad", "5c"]
"""The first cards of PySolFC game #617 (tests/test_pysolfc.py has the whole deal)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game", ["tripeaks", "pyramid"])
def test_deal_json_names_the_numbering(capsys: pytest.CaptureFixture[str], game: str) -> None:
    status, out, _ = run(capsys, "deal", game, "--numbering", "pysolfc", "--seed", "617", "--json")
    data = json.loads(out)
    assert status == 0
    assert list(data)[:4] == ["game", "seed", "numbering", "shuffle"]
    assert (data["seed"], data["numbering"], data["shuffle"]) == (617, "pysolfc", "pysolfc-ms")
    assert data["tableau"][:3] == PYSOLFC_617
    first_after_tableau = data["waste"][0] if game == "tripeaks" else data["stock"][0]
    assert first_after_tableau == "8s"


def test_the_default_numbering_leaves_the_json_as_it_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    plain = json.loads(run(capsys, "deal", "tripeaks", "--seed", "617", "--json")[1])
    named = run(capsys, "deal", "tripeaks", "--numbering", "printplay", "--seed", "617", "--json")
    assert "numbering" not in plain and plain["shuffle"] == "pp1"
    assert json.loads(named[1]) == plain
    assert plain["tableau"][:3] != PYSOLFC_617


def test_deal_text_names_pysolfcs_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "pyramid", "--numbering", "PySolFC", "--seed", "32000")
    assert status == 0 and out.startswith("Pyramid PySolFC game #32000 (standard rules)")


def test_solve_and_check_take_the_numbering(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["tripeaks", "--numbering", "pysolfc", "--seed", "617"]
    status, out, _ = run(capsys, "solve", *argv, "--json")
    solved = json.loads(out)
    assert status == 0 and solved["solvable"] is True
    assert (solved["seed"], solved["numbering"]) == (617, "pysolfc")
    line = tmp_path / "line.json"
    line.write_text(out)
    status, out, _ = run(capsys, "check", *argv, "-l", str(line), "--json")
    checked = json.loads(out)
    assert status == 0 and checked["won"] is True and checked["numbering"] == "pysolfc"
    # the same line does not win printplay's own deal 617
    status, _, err = run(capsys, "check", "tripeaks", "--seed", "617", "-l", str(line))
    assert status == 1 and "move 1 " in err and "is not legal" in err


def test_the_sheet_names_the_game_and_the_command_that_remakes_it(tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    argv = ["sheet", "pyramid", "--numbering", "pysolfc", "--seed", "617", "-O", "one-deal"]
    assert main([*argv, "-o", str(out)]) == 0
    first = " ".join(page_texts(out)[0].split())
    assert "Pyramid · PySolFC game #617 · setup" in first
    assert "One pass, no redeal · deal code MQTX-3CTS · PySolFC game #617" in first
    command = "printplay sheet pyramid --numbering pysolfc --seed 617 --option one-deal"
    assert f"To print this sheet again: {command}" in first
    assert "deal number" not in first


BAD = [
    (["deal", "tripeaks", "--numbering", "msdos", "--seed", "1"], "'msdos' is not one of"),
    (["deal", "tripeaks", "--numbering", "pysolfc", "--seed", "0"], "between 1 and"),
    (
        ["deal", "pyramid", "--numbering", "pysolfc", "--seed", str(10**20 + 1)],
        "between 1 and 100000000000000000000",
    ),
    (["deal", "tripeaks", "--numbering", "pysolfc", "--seed", "1", "-O", "jokers=2"], "jokers"),
    (["solve", "pyramid", "--numbering", "pysolfc", "--seed", "1", "-O", "small"], "small"),
    (
        ["check", "pyramid", "--numbering", "pysolfc", "--seed", "1", "-O", "reserve", "-l", "-"],
        "reserve",
    ),
    (
        ["deal", "tripeaks", "--numbering", "pysolfc", "--deal", "As"],
        "give --seed N, not the cards",
    ),
    (["solve", "tripeaks", "--numbering", "pysolfc", "--deal-file", "x.txt"], "a deal file gives"),
    (["sheet", "tripeaks", "--numbering", "pysolfc", "-o", "x.pdf"], "give a deal: --seed N"),
]


@pytest.mark.parametrize(("argv", "message"), BAD)
def test_bad_input_gives_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("printplay: error: ")
    assert message in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ricochet-poker", "--seed", "1"], "Ricochet Poker has no PySolFC numbering"),
        (["tripeaks", "--seed", str(10**21)], "between 1 and"),
        (["pyramid", "--seed", "9", "-O", "reserve"], "takes no reserve option"),
    ],
)
def test_a_refused_sheet_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    out = tmp_path / "refused.pdf"
    status, _, err = run(capsys, "sheet", *argv, "--numbering", "pysolfc", "-o", str(out))
    assert status == 1 and message in err and len(err.strip().splitlines()) == 1
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("game", "level"), [("tripeaks", "hard"), ("ricochet", "medium")])
def test_the_first_deal_of_a_level_is_looked_for_among_pysolfcs_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, level: str
) -> None:
    from printplay.builders.puzzle_book import first_of_level
    from printplay.games import make_solitaire
    from printplay.games.numbering import numbered

    found = first_of_level(make_solitaire(game), level, numbering="pysolfc")
    assert found.grade.level == level and found.deal.seed is not None
    assert found.deal == numbered(make_solitaire(game), found.deal.seed, "pysolfc")
    out = tmp_path / "s.pdf"
    argv = ["sheet", game, "--numbering", "pysolfc", "--difficulty", level, "-o", str(out)]
    status, _, err = run(capsys, *argv)
    assert status == 0, err
    assert f"PySolFC game #{found.deal.seed} is the first {level} deal" in err
    first = " ".join(page_texts(out)[0].split())
    # the command picks the deal again by its level, so that the sheet names its level
    seed = found.deal.seed
    command = f"printplay sheet {game} --numbering pysolfc --difficulty {level} --start {seed}"
    assert f"To print this sheet again: {command} -o {game}-pysolfc-{seed}.pdf" in first
    assert (
        f"PySolFC game #{found.deal.seed} · level {level}" in first
    )  # the level it was picked for


def test_the_remake_command_keeps_the_paper_and_the_spoiler_free_flag(tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    argv = ["sheet", "tripeaks", "--seed", "1", "--paper", "letter", "--spoiler-free"]
    assert main([*argv, "-o", str(out)]) == 0
    first = " ".join(page_texts(out)[0].split())
    command = "printplay sheet tripeaks --seed 1 --paper letter --spoiler-free"
    assert f"To print this sheet again: {command}" in first
