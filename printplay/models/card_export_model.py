"""The data of a per-card export: which files a print shop gets, one a card side.

:func:`printplay.builders.card_export.plan_export` builds a :class:`CardExport`;
:mod:`printplay.render.card_pdf` draws each of its :class:`CardFile`\\ s and
:mod:`printplay.makers.card_export_maker` writes them into a folder with a manifest.
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.cards import Card
from printplay.models.print_profiles import PrintProfile

FORMATS = ("png", "pdf")
"""The file formats of an export: PNG images at the profile's pixel size, or one-page
PDFs the size of the image with their trim and bleed boxes set."""

MANIFEST_FILE = "manifest.json"
"""The export's manifest: every card with its files and count, the profile's figures."""


@dataclass(frozen=True)
class CardFile:
    """One file of an export: one side of one card.

    A playing card's face has ``card``; a quick-reference card's side has ``game``; the
    back every playing card shares has neither."""

    name: str
    side: str  # "face" or "back"
    card: Card | None = None
    game: str | None = None


@dataclass(frozen=True)
class ExportedCard:
    """A card as the manifest lists it: its code, its name in words, the files of its face
    and back, and how many of it the deck holds."""

    code: str
    title: str
    face: str
    back: str
    count: int = 1


@dataclass(frozen=True)
class CardExport:
    """A whole export: the profile and format, how the faces are drawn, the cards in deck
    order and every file once, in the order they are written."""

    profile: PrintProfile
    format: str
    cards: tuple[ExportedCard, ...]
    files: tuple[CardFile, ...]
    four_colour: bool = False
    large_index: bool = False
    back_text: str | None = None


__all__ = ["FORMATS", "MANIFEST_FILE", "CardExport", "CardFile", "ExportedCard"]
