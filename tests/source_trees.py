"""What the tests that check the package's code read of its modules' syntax trees, parsed
once a process: parsing the whole package costs about 0.8 s of processor time, and both
``test_code_limits`` (class lengths) and ``test_machinery``'s game guard (the classes each
module defines) parsed all of it. The trees themselves are not kept (300,000 nodes the
garbage collector would walk for the rest of the run), only what is read of them."""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "printplay"


class ClassDef(NamedTuple):
    """A class a module defines: its name, first line and length in lines."""

    name: str
    line: int
    length: int


def package_modules() -> list[Path]:
    """Every module of the package, sorted (found anew each call: a new one is checked
    without a list to edit)."""
    return sorted(PACKAGE.rglob("*.py"))


@functools.cache
def classes(path: Path) -> tuple[ClassDef, ...]:
    """The classes the module at ``path`` defines, nested ones too, in the order
    :func:`ast.walk` meets them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return tuple(
        ClassDef(node.name, node.lineno, (node.end_lineno or node.lineno) - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    )
