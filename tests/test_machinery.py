"""The shared machinery: the registry, lazy engines, house rules, templates and pictures."""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest
from pdftext import pdf_text
from source_trees import classes

from printplay.cli.app import main
from printplay.core.deal import numbered_deal
from printplay.core.errors import GameError, RulebookError
from printplay.core.protocols import SolitaireMove, SolitaireState
from printplay.games import REGISTRY, GameEntry, entry, make_game, make_solitaire, solver_for
from printplay.makers.printable_words import printable_words
from printplay.solve.toolkit import LineError, replay_line

REPO = Path(__file__).resolve().parent.parent

# --- the game-name guard: no game in shared code ------------------------------------------------

ALLOWED = {
    "printplay/games/__init__.py": "the registry: every game's declaration, by name",
    "printplay/cli/version.py": "--version says how the one compiled core, Pyramid's search, runs",
    "printplay/cli/root_help.py": "--help lists every verb, a game's own too, without importing "
    "the registry (tests/test_quick_run.py checks each against the verb's help)",
}
"""Shared modules that may name a game, each with the reason."""

CARD_SIZE_WORDS = {"poker"}
"""A card size's name (``poker``, 63 × 88 mm) that is also a game's alias: a string may
say it (the deck, its faces, the print shops' profiles), an identifier may not."""

GAME_ATTRIBUTES = {"waste_top", "points"}
"""Attributes only some games' positions have (a shared module asks the protocols)."""

SHAPE_ATTRIBUTES = {
    "printplay/render/lean_pdf.py": {"points": "reportlab's Path.points, a path's coordinates"},
}
"""Attributes of :data:`GAME_ATTRIBUTES`' names that a shared module reads of something else
than a position (each with what it is); anything else there still counts."""

GAME_WORDS = ("turns up",)
"""Words only some games' rules say."""


def _stems(game: GameEntry) -> set[str]:
    """The names a game's modules begin with: its name and aliases as identifiers."""
    return {word.replace("-", "_") for word in (game.name, *game.aliases)}


def _named_modules(value: object) -> set[str]:
    """Every module a declaration's value names (``"printplay.x.y:attribute"`` strings)."""
    if isinstance(value, str):
        return {value.partition(":")[0]} if value.startswith("printplay.") else set()
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return {module for item in value for module in _named_modules(item)}
    return set()


@functools.cache
def _declared() -> dict[str, set[str]]:
    """Each module the declarations name, with the games whose declarations name it."""
    found: dict[str, set[str]] = {}
    for name, game in REGISTRY.items():
        for field in dataclasses.fields(game):
            for module in _named_modules(getattr(game, field.name)):
                found.setdefault(module, set()).add(name)
    return found


def _owner(path: Path) -> str | None:
    """The game a module belongs to: the engine's package or module of the game
    (``games/<game>``), any module named after it (``<game>.py``, ``<game>_*.py``: its
    solver and the solver's parts, Ricochet Poker's builders and renderers) or a module its
    declaration alone names (its makers, verbs, rebuilds …); ``None`` for a shared module
    (a maker every solitaire's declaration names is shared)."""
    parts = path.relative_to(REPO).with_suffix("").parts
    naming = _declared().get(".".join(parts), set())
    if len(naming) == 1:
        return next(iter(naming))
    for name, game in REGISTRY.items():
        stems = _stems(game)
        if parts[1] == "games" and parts[2] in stems:
            return name
        if any(parts[-1] == stem or parts[-1].startswith(stem + "_") for stem in stems):
            return name
    return None


MODULES = sorted(str(path.relative_to(REPO)) for path in (REPO / "printplay").rglob("*.py"))
"""Every module of the package."""

SHARED = [module for module in MODULES if _owner(REPO / module) is None]
"""The modules that serve every game: every module no game owns, found anew each run, so
that a new one is checked without a list to edit."""


def _game_pattern() -> re.Pattern[str]:
    """A game's name, alias or title as a word of a text, any case, ``-``, ``_`` or a
    space between its words (but a card size's name, :data:`CARD_SIZE_WORDS`)."""
    words = {w for g in REGISTRY.values() for w in (g.name, *g.aliases, g.title)}
    words -= CARD_SIZE_WORDS
    spelled = sorted(
        (re.sub(r"[-_ ]", "[-_ ]?", re.escape(w.lower()).replace("\\", "")) for w in words),
        key=len,
        reverse=True,
    )
    return re.compile(rf"(?<![a-z0-9])({'|'.join(spelled)})(?![a-z0-9])", re.IGNORECASE)


def _in_identifier() -> re.Pattern[str]:
    """A game's name, alias or title anywhere in an identifier (``TriPeaksState``,
    ``pyramid_search``), ``_`` ignored."""
    words = {w for g in REGISTRY.values() for w in (g.name, *g.aliases, g.title)}
    squeezed = sorted(
        (re.escape(re.sub(r"[-_ ]", "", w.lower())) for w in words), key=len, reverse=True
    )
    return re.compile("|".join(squeezed), re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements: docstrings, of
    modules, classes, functions and attributes (documentation may name a game as an
    example)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else ():
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


@functools.cache
def _game_classes() -> frozenset[str]:
    """The classes the games' own modules define, but no shared module (a name both use
    tells no game). Parsed when a test first asks, not when the file is collected (every
    pytest-xdist worker collects every file)."""
    defined: dict[bool, set[str]] = {True: set(), False: set()}
    for module in MODULES:
        names = {kind.name for kind in classes(REPO / module)}
        defined[_owner(REPO / module) is not None] |= names
    return frozenset(defined[True] - defined[False])


def _identifiers(node: ast.AST) -> list[str]:
    """The names a node spells: a name, an attribute, a definition, an argument, a
    keyword, an import and what it imports."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword):
        return [node.arg] if node.arg else []
    if isinstance(node, ast.ImportFrom):
        return [node.module or "", *(alias.name for alias in node.names)]
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return []


def _class_name(node: ast.expr) -> str | None:
    return (
        node.id
        if isinstance(node, ast.Name)
        else node.attr
        if isinstance(node, ast.Attribute)
        else None
    )


def game_references(source: str) -> list[str]:
    """What in ``source`` (a module's code) names a game or asks for one: a string naming
    a game (docstrings aside), an identifier holding a game's name (an import of a game's
    module too), ``isinstance`` of a class a game's module defines, an attribute only some
    games' positions have; each as ``line: what``."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    names, spelled = _game_pattern(), _in_identifier()
    found: list[str] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            hit = names.search(text) or next((w for w in GAME_WORDS if w in text), None)
            if hit:
                found.append(f"{line}: the string {text[:60]!r}")
        for identifier in _identifiers(node):
            if spelled.search(identifier.replace("_", "")):
                found.append(f"{line}: the name {identifier}")
        if isinstance(node, ast.Attribute) and node.attr in GAME_ATTRIBUTES:
            found.append(f"{line}: the attribute .{node.attr}")
        if isinstance(node, ast.Call) and _class_name(node.func) in ("isinstance", "issubclass"):
            kinds = node.args[1:2]
            for kind in kinds + [e for k in kinds if isinstance(k, ast.Tuple) for e in k.elts]:
                if _class_name(kind) in _game_classes():
                    found.append(f"{line}: isinstance of {_class_name(kind)}")
    return found


def test_the_guard_scans_every_module_but_the_games_own() -> None:
    owned = {module: _owner(REPO / module) for module in MODULES}
    assert owned["printplay/games/tripeaks.py"] == "tripeaks"
    assert owned["printplay/solve/pyramid_bound.py"] == "pyramid"
    assert owned["printplay/games/poker/hands.py"] == "ricochet-poker"
    assert owned["printplay/makers/table_card_maker.py"] == "ricochet-poker"  # declared
    assert "printplay/render/web_rulebook.py" in SHARED and "printplay/games/moves.py" in SHARED
    assert "printplay/makers/sheet_maker.py" in SHARED  # every solitaire's declaration names it
    assert len(SHARED) > 0.6 * len(MODULES)
    assert set(ALLOWED) <= set(SHARED)  # every entry is a shared module, still there


def test_the_guard_finds_a_game_in_shared_code() -> None:
    code = (
        '"""The pyramid of a TriPeaks deal."""\n'
        "from printplay.games.tripeaks import TriPeaksState\n"
        'LABEL = "Ricochet ball"\n'
        "def f(state, x):\n"
        '    """Docs may say pyramid."""\n'
        "    return isinstance(x, Redeal), state.waste_top, f'{x} pyramid'\n"
    )
    found = game_references(code)
    assert any("the name printplay.games.tripeaks" in hit for hit in found)
    assert any("the name TriPeaksState" in hit for hit in found)
    assert any("'Ricochet ball'" in hit for hit in found)
    assert any("isinstance of Redeal" in hit for hit in found)
    assert any(".waste_top" in hit for hit in found)
    assert any("' pyramid'" in hit for hit in found)
    assert not any("Docs may say" in hit or "of a TriPeaks deal" in hit for hit in found)


@pytest.mark.parametrize("module", [m for m in SHARED if m not in ALLOWED])
def test_shared_modules_know_no_game(module: str) -> None:
    found = game_references((REPO / module).read_text(encoding="utf-8"))
    other = SHAPE_ATTRIBUTES.get(module, {})
    found = [hit for hit in found if hit.split(": the attribute .")[-1] not in other]
    assert not found, f"{module} names a game: " + "; ".join(found)


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


def test_options_declared_apart_are_the_engines() -> None:
    """An entry naming its options class apart from its engine names the engine's own."""
    declared = [game_entry for game_entry in REGISTRY.values() if game_entry.options]
    assert declared, "no entry declares its options apart: nothing is checked here"
    for game_entry in declared:
        assert game_entry.options_type is game_entry.game_class().options_type


def test_an_options_declaration_that_is_no_class_is_a_game_error() -> None:
    broken = dataclasses.replace(entry("ricochet-poker"), options="printplay.games.poker:__doc__")
    with pytest.raises(GameError, match="not a class"):
        assert broken.options_type is None


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
        printable_words("sheet.j2")("nonesuch")


def _house_book_words(folder: Path) -> Path:
    """A house folder whose ``book.j2`` rewords a solitaire's and the problem book's."""
    folder.mkdir()
    words = (REPO / "templates" / "book.j2").read_text(encoding="utf-8")
    for bundled, house in (
        ("In this book", "Inside these pages"),
        ("Ricochet Poker problems", "Close calls"),
    ):
        assert bundled in words
        words = words.replace(bundled, house)
    (folder / "book.j2").write_text(words, "utf-8")
    return folder


def test_rules_dir_rewords_a_book(tmp_path: Path) -> None:
    house = _house_book_words(tmp_path / "house")
    curated, problems = tmp_path / "curated.pdf", tmp_path / "problems.pdf"
    rules = ["--rules-dir", str(house)]
    assert main(["book", "tripeaks", "-d", "curated", "-o", str(curated), *rules]) == 0
    assert main(["book", "ricochet-poker", "-n", "2", "-o", str(problems), *rules]) == 0
    assert "Inside these pages" in _text(curated) and "In this book" not in _text(curated)
    assert "Close calls" in _text(problems) and "Ricochet Poker problems" not in _text(problems)


@pytest.mark.slow
def test_a_kits_puzzle_book_takes_the_house_words(tmp_path: Path) -> None:
    from printplay.makers.kit_maker import build_kit

    house = _house_book_words(tmp_path / "house")
    kit = tmp_path / "kit.pdf"
    build_kit("golf", kit, deals=[], deck=False, rules_dir=house)
    assert "Inside these pages" in _text(kit)  # (its rulebook has a column "In this book")


def test_a_book_refuses_a_missing_rules_dir_and_overwriting_its_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = _house_book_words(tmp_path / "house")
    missing = ["--rules-dir", str(tmp_path / "no")]
    assert main(["book", "tripeaks", "-o", str(tmp_path / "x.pdf"), *missing]) == 1
    assert "no such folder" in capsys.readouterr().err
    target = house / "book.j2"
    before = target.read_bytes()
    assert main(["book", "tripeaks", "-o", str(target), "--rules-dir", str(house)]) == 1
    assert "house source of --rules-dir" in capsys.readouterr().err
    assert target.read_bytes() == before


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
