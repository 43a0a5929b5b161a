"""Shared fixtures: paths to the external data and small helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXTERNAL = REPO.parent / "shared" / "data" / "external" / "random-decks-1500.txt"
BUNDLED = REPO / "tests" / "data" / "random-decks-1500.txt"


@pytest.fixture(scope="session")
def external_decks() -> list[str]:
    """The 1500 published test decks, one line of 52 codes each."""
    path = BUNDLED if BUNDLED.exists() else EXTERNAL
    return path.read_text(encoding="utf-8").split("\n")[:1500]
