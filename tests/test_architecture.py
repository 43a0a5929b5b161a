"""The layers of docs/architecture.md hold: import-linter checks the contracts of
``[tool.importlinter]`` in pyproject.toml (one ``layers`` contract in the documented order,
render imports no engine or solver, models hold no game's type), a new module is checked by
the folder it is in, no module name is repeated across the layers, every module imports,
and nothing in the repository points at a file outside it."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest
from source_trees import package_modules

REPO = Path(__file__).resolve().parent.parent
LINT = str(Path(sys.executable).with_name("lint-imports"))
"""import-linter's command, installed beside this Python."""


def test_the_import_contracts_are_kept() -> None:
    done = subprocess.run(
        [LINT, "--no-cache"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "BROKEN" not in report and report.count("KEPT") == len(_contracts()), report


def test_no_contract_has_an_exception() -> None:
    """Every contract holds for every module: render draws finished models, the hands of a
    poker rulebook included (their names are the builder's)."""
    for contract in _contracts():
        assert not contract.get("ignore_imports"), contract["id"]


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _lint_a_copy(tmp_path: Path, change: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """import-linter over a copy of the package, with the files of ``change`` (paths in the
    package) appended to or written."""
    package = tmp_path / "printplay"
    subprocess.run(["cp", "-r", str(REPO / "printplay"), str(package)], check=True)
    for name, text in change.items():
        path = package / name
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(old + text, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        (REPO / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    return subprocess.run(
        [LINT, "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )


def test_a_broken_contract_is_caught(tmp_path: Path) -> None:
    """The check can fail: a copy of the package whose renderer imports a solver breaks
    the render contract."""
    done = _lint_a_copy(tmp_path, {"render/board.py": "\nimport printplay.solve.toolkit  # noqa\n"})
    assert done.returncode != 0
    assert "render draws finished models" in done.stdout and "BROKEN" in done.stdout


@pytest.mark.parametrize("imported", ["printplay.markup.jinja_source", "printplay.core.templating"])
def test_a_renderer_that_runs_a_template_is_caught(tmp_path: Path, imported: str) -> None:
    """Render is handed words made already (a rulebook's text, a printable's words): a
    renderer that imports the Jinja side, the rulebook renderer or the sandbox, breaks the
    contract; markup's parser stays open to it (every renderer of Markdown imports it)."""
    done = _lint_a_copy(tmp_path, {"render/board.py": f"\nimport {imported}  # noqa\n"})
    assert done.returncode != 0
    report = " ".join(done.stdout.split())
    assert "render runs no template: no Jinja sandbox, no rulebook source rendered BROKEN" in report
    assert f"printplay.render.board -> {imported}" in report


@pytest.mark.parametrize(
    ("change", "broken"),
    [
        # a new renderer that makes its own file: render may not import a maker
        (
            {"render/new_pdf.py": "import printplay.makers.requests  # noqa\n"},
            "printplay.render.new_pdf -> printplay.makers.requests",
        ),
        # a new builder that draws: builders and render are independent
        (
            {"builders/new_model.py": "import printplay.render.board  # noqa\n"},
            "printplay.builders.new_model -> printplay.render.board",
        ),
        # a new core module that asks the registry
        (
            {"core/new_core.py": "import printplay.games  # noqa\n"},
            "printplay.core.new_core -> printplay.games",
        ),
        # a module outside every layer
        ({"stray.py": '"""Nowhere."""\n'}, "printplay.stray"),
    ],
)
def test_a_new_module_is_checked_by_its_folder(
    tmp_path: Path, change: dict[str, str], broken: str
) -> None:
    """The layers contract names folders, not modules: a module added to one is checked
    with no list to edit, and one added outside every layer is refused."""
    done = _lint_a_copy(tmp_path, change)
    assert done.returncode != 0
    report = " ".join(done.stdout.split())
    assert "the layers: each imports only those below it BROKEN" in report
    assert broken in report, report


LAYER_PACKAGES = ("cli", "makers", "builders", "render", "models", "analysis", "testing")
LAYER_PACKAGES += ("solve", "games", "markup", "core")


def test_the_layers_are_the_documented_ones_in_order() -> None:
    """pyproject's layers contract lists the layers of docs/architecture.md's diagram, in
    its order (the picture shows what is checked), and each layer package exists."""
    contract = next(c for c in _contracts() if c["type"] == "layers")
    listed = contract["layers"]
    assert isinstance(listed, list)
    layers = [str(layer).replace(" ", "") for layer in listed]
    doc = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = doc.split("## The layers", 1)[1].split("```", 2)[1]
    drawn = [
        line.split("  ")[0].replace("/", "").replace(" ", "")
        for line in diagram.splitlines()
        if line[:1].isalpha() or line.startswith("_")
    ]
    assert drawn == layers
    named = {name for layer in layers for name in layer.split("|")} - {"__main__"}
    assert named == set(LAYER_PACKAGES)
    assert all((REPO / "printplay" / name / "__init__.py").is_file() for name in named)


def repeated_names(package: Path) -> dict[str, list[str]]:
    """The module and package names found more than once under ``package`` (``__init__``
    and ``__main__`` aside), with where each is."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(package.rglob("*")):
        if path.name == "__pycache__" or "__pycache__" in path.parts:
            continue
        if path.suffix == ".py" and path.stem not in ("__init__", "__main__"):
            found[path.stem].append(str(path.relative_to(package)))
        elif path.is_dir() and (path / "__init__.py").is_file():
            found[path.name].append(str(path.relative_to(package)) + "/")
    return {name: places for name, places in found.items() if len(places) > 1}


def test_no_module_name_is_repeated_across_the_layers() -> None:
    """Every module (and package) under printplay/ has a name of its own: a renderer and
    a builder of the same printable are told apart by name (``sheet`` builds,
    ``sheet_pdf`` draws, ``sheet_maker`` makes), so a name says which layer it is in."""
    assert repeated_names(REPO / "printplay") == {}


def test_a_repeated_name_is_found(tmp_path: Path) -> None:
    (tmp_path / "render").mkdir()
    (tmp_path / "builders").mkdir()
    for folder in ("render", "builders"):
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
        (tmp_path / folder / "sheet.py").write_text("", encoding="utf-8")
    assert repeated_names(tmp_path) == {"sheet": ["builders/sheet.py", "render/sheet.py"]}


OUTSIDE = re.compile(r"DESIGN\.md|RULES\.md|\.\./shared|/work/")


def test_nothing_refers_to_a_file_outside_the_repository() -> None:
    files = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in files:
        path = REPO / name
        if path.suffix not in {".py", ".md", ".j2", ".toml", ".json", ".txt", ""}:
            continue
        if not path.is_file() or name.startswith("tests/data/"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            if OUTSIDE.search(line) and "OUTSIDE = re.compile" not in line:
                found.append(f"{name}:{number}: {line.strip()[:80]}")
    assert not found, "\n".join(found)


def test_every_module_of_the_package_imports() -> None:
    """Each module under printplay/ imports (but ``__main__``, which runs the command line).
    The doctest collection skips the modules that hold no example
    (``conftest.PromptlessDoctests``), so it no longer proves this of them."""
    for path in package_modules():
        parts = path.relative_to(REPO).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
