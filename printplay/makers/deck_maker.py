"""The deck maker: the printable deck, with the quick-reference cards of some games (their
words built from the games' rulebook sources) on a sheet after it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict, Unpack

from printplay.builders.quickref import quick_card_texts
from printplay.render.deck import build_deck


class DeckSettings(TypedDict, total=False):
    """The options of :func:`printplay.render.deck.build_deck` a deck is made with."""

    paper: str
    size: str
    duplex: str
    back_offset: tuple[float, float]
    layout: str
    bleed: bool
    four_colour: bool
    large_index: bool
    back_text: str | None
    calibration: bool
    file_pages: int | None
    jokers: int
    lite: bool


def make_deck(
    path: Path | str,
    *,
    games: Sequence[str] = (),
    rules_dir: Path | None = None,
    **deck: Unpack[DeckSettings],
) -> Path:
    """Write the deck to ``path`` with the quick-reference cards of ``games`` (a house
    edition of their rulebook sources in ``rules_dir`` read first); ``deck`` holds the
    options of :func:`printplay.render.deck.build_deck` (paper, size, duplex …).  A game
    without a quick-reference card, bad options or an unwritable path raise before
    anything is written."""
    texts = quick_card_texts(games, rules_dir=rules_dir)
    return build_deck(path, quick_ref=texts, **deck)


__all__ = ["DeckSettings", "make_deck"]
