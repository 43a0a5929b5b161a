"""The shared machinery: the registry, lazy engines, house rules, templates and pictures."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pdftext import pdf_text

from printplay.cli.app import main
from printplay.core.deal import numbered_deal
from printplay.core.errors import RulebookError
from printplay.core.protocols import SolitaireMove, SolitaireState
from printplay.games import REGISTRY, entry, make_game, make_solitaire, solver_for
from printplay.render.words_markup import Words
from printplay.solve.toolkit import LineError, replay_line

REPO = Path(__file__).resolve().parent.parent
ONE_GAME = re.compile(
    r"^printplay/(games|solve)/|poker|table_card|problem_book"
    r"|^printplay/builders/tripeaks_scorepad\.py$"
)
"""The modules about one game: engines, solvers, Ricochet Poker's builders, makers,
renderers and verbs, and TriPeaks' scorepad builder."""

SHARED = sorted(
    str(path.relative_to(REPO))
    for path in (REPO / "printplay").rglob("*.py")
    if not ONE_GAME.search(str(path.relative_to(REPO)))
)
"""Modules that serve every game and may ask of a game only through the protocols: every
module but those of :data:`ONE_GAME`, so that a new one is checked without a list to edit."""

CARD_SIZE = {
    "printplay/render/card_sizes.py",
    "printplay/render/faces.py",
    "printplay/render/deck.py",
}
"""Modules where ``"poker"`` is a card size (63 × 88 mm), not the game."""

GAME_SPECIFIC = re.compile(
    r"\.waste_top\b|move\.slot\b|\.points\b|options\.face_up\b|turns up|isinstance\([^)]*"
    r"(TriPeaks|Pyramid|Ricochet)"
)


def _code(path: Path) -> str:
    """The code of a module without its docstrings and comments (examples may name games)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'"""(.|\n)*?"""', "", text)
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


@pytest.mark.parametrize("module", SHARED)
def test_shared_modules_know_no_game(module: str) -> None:
    code = _code(REPO / module)
    assert not GAME_SPECIFIC.search(code), GAME_SPECIFIC.search(code)
    for name, game in REGISTRY.items():
        for word in (name, *game.aliases):
            if word == "poker" and module in CARD_SIZE:
                continue
            assert not re.search(rf"[\"']{re.escape(word)}[\"']", code), (module, word)


def _modules_after(statement: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{statement}; import sys; print(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {name for name in out.split() if name.startswith("printplay")}


def test_importing_one_game_loads_no_other_and_not_its_solver() -> None:
    loaded = _modules_after("import printplay.games.tripeaks")
    assert not any(name.startswith("printplay.games.poker") for name in loaded)
    assert "printplay.solve.tripeaks_solver" not in loaded
    assert not any(name.startswith("printplay.render") for name in loaded)


def test_the_registry_binds_engines_to_solvers() -> None:
    game = make_solitaire("tripeaks")
    assert solver_for(game).__name__ == "printplay.solve.tripeaks_solver"
    assert entry("three-peaks").name == "tripeaks"
    assert "solve" not in entry("ricochet-poker").capabilities


def test_every_solitaire_satisfies_the_protocols() -> None:
    for name, game_entry in REGISTRY.items():
        if not game_entry.is_solitaire:
            continue
        game = make_solitaire(name)
        state = game.initial_state(numbered_deal(game.deck(), 1))
        assert isinstance(state.stock_left, int) and state.status()
        moves = state.legal_moves()
        assert moves
        for move in moves:
            assert move.kind == move.to_json()["type"]
            assert len(move.slots) <= 2 and isinstance(move.turns_stock, bool)
            assert game.move_from_json(move.to_json()) == move
            checked_move: SolitaireMove = move
            assert checked_move.cards
        checked_state: SolitaireState = state
        assert checked_state.board().slots


def test_a_line_that_does_not_replay_raises_a_typed_error() -> None:
    game = make_solitaire("tripeaks")
    start = game.initial_state(numbered_deal(game.deck(), 1))
    play = next(move for move in start.legal_moves() if move.slots)
    with pytest.raises(LineError, match="move 2"):
        replay_line(start, [play, play])


HOUSE_RULE = "The house plays with a kitty of {{ deal_size }} cards."


def _house_rules(tmp_path: Path) -> Path:
    folder = tmp_path / "house"
    folder.mkdir()
    source = (REPO / "rules" / "tripeaks.md").read_text(encoding="utf-8")
    (folder / "tripeaks.md").write_text(source + "\n\n" + HOUSE_RULE + "\n", encoding="utf-8")
    return folder


def _text(path: Path) -> str:
    return pdf_text(path)


def test_rules_dir_reads_a_house_edition_first(tmp_path: Path) -> None:
    folder = _house_rules(tmp_path)
    out = tmp_path / "house.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)]) == 0
    assert "The house plays with a kitty of 52 cards." in _text(out)
    plain = tmp_path / "plain.pdf"
    assert main(["rules", "tripeaks", "-o", str(plain)]) == 0
    assert "kitty" not in _text(plain)


def test_rules_dir_rewords_a_sheet(tmp_path: Path) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    words = (REPO / "templates" / "sheet.j2").read_text(encoding="utf-8")
    (folder / "sheet.j2").write_text(words.replace("Deal order", "Stacking order"), "utf-8")
    out = tmp_path / "sheet.pdf"
    assert (
        main(["sheet", "tripeaks", "--seed", "1", "-o", str(out), "--rules-dir", str(folder)]) == 0
    )
    assert "Stacking order" in _text(out) and "Deal order" not in _text(out)


def test_a_broken_template_names_its_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _house_rules(tmp_path)
    source = (folder / "tripeaks.md").read_text(encoding="utf-8").splitlines()
    source.insert(4, "{% if %}")
    (folder / "tripeaks.md").write_text("\n".join(source), encoding="utf-8")
    out = tmp_path / "broken.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "tripeaks.md, line 5" in err
    assert not out.exists()


def test_words_name_a_missing_macro() -> None:
    with pytest.raises(RulebookError, match="no macro 'nonesuch'"):
        Words("sheet.j2")("nonesuch")


def test_a_missing_rules_dir_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(tmp_path / "no")]) == 1
    assert "no such folder" in capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf"])
def test_deal_writes_the_layout_picture(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"board{suffix}"
    assert main(["deal", "tripeaks", "--seed", "1", "-o", str(out)]) == 0
    data = out.read_bytes()
    if suffix == ".svg":
        root = ET.fromstring(data)
        assert root.tag.endswith("svg") and float(root.get("width", 0)) > 0
        texts = "".join(root.itertext())
        assert "7♥" not in texts and "♥" in texts  # rank and suit are separate strings
        assert "stock 23" in texts and "waste 1" in texts and "row 4" in texts
        assert b"PPSans" not in data  # fonts named as a browser knows them
    elif suffix == ".png":
        assert data.startswith(b"\x89PNG")
    else:
        assert "♥" in _text(out)


def test_deal_refuses_an_unknown_picture_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "tripeaks", "--seed", "1", "-o", str(tmp_path / "b.gif")]) == 1
    assert ".svg, .png or .pdf" in capsys.readouterr().err


def test_every_game_names_its_printables() -> None:
    for name, game in REGISTRY.items():
        assert {"rulebook", "sheet"} <= set(game.printables), name
        assert make_game(name).title == game.title
