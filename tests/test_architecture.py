"""The layers of docs/architecture.md hold: import-linter checks the contracts of
``[tool.importlinter]`` in pyproject.toml (render imports no solver, engines no solver or
renderer, and so on), and nothing in the repository points at a file outside it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
    assert "BROKEN" not in report and report.count("KEPT") >= 6, report


def test_a_broken_contract_is_caught(tmp_path: Path) -> None:
    """The check can fail: a copy of the package whose renderer imports a solver breaks
    the render contract."""
    package = tmp_path / "printplay"
    subprocess.run(["cp", "-r", str(REPO / "printplay"), str(package)], check=True)
    board = package / "render" / "board.py"
    board.write_text(
        board.read_text(encoding="utf-8") + "\nimport printplay.solve.toolkit  # noqa\n",
        encoding="utf-8",
    )
    (tmp_path / "pyproject.toml").write_text(
        (REPO / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    done = subprocess.run(
        [LINT, "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode != 0
    assert "render draws finished models" in done.stdout and "BROKEN" in done.stdout


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
