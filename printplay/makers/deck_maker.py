"""The deck maker: the printable deck, with the quick-reference cards of some games (their
words built from the games' rulebook sources) on a sheet after it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from printplay.builders.quickref import quick_card_texts
from printplay.render.deck import build_deck


def make_deck(
    path: Path | str,
    *,
    games: Sequence[str] = (),
    rules_dir: Path | None = None,
    **deck: Any,
) -> Path:
    """Write the deck to ``path`` with the quick-reference cards of ``games`` (a house
    edition of their rulebook sources in ``rules_dir`` read first); ``deck`` holds the
    options of :func:`printplay.render.deck.build_deck` (paper, size, duplex …).  A game
    without a quick-reference card, bad options or an unwritable path raise before
    anything is written."""
    texts = quick_card_texts(games, rules_dir=rules_dir)
    return build_deck(path, quick_ref=texts, **deck)


__all__ = ["make_deck"]
