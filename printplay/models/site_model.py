"""The data of the website: its pages and the files it offers to print, as frozen models.

The site's maker (:mod:`printplay.makers.site_maker`) decides every page: which rulebook
each shows (the very model its PDF is drawn from), which variants and featured deals each
game has, which PDFs go with them and where every file lies in the site.  The web renderer
(:mod:`printplay.render.site_html`) draws it and computes nothing.  Paths are relative to the
site's folder, with ``/`` between folders, as links are written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printplay.models.printable import Rulebook, Sheet

Book = Rulebook
"""A rulebook model, as its PDF is drawn from it."""


@dataclass(frozen=True)
class Download:
    """A PDF the site offers: where it is in the site, what it is, and its pages."""

    path: str
    kind: str
    """``rulebook``, ``sheet``, ``kit``, ``mat``, or another printable's name."""
    title: str
    pages: int


@dataclass(frozen=True)
class VariantPage:
    """The rulebook under a set of options that changes the rules."""

    path: str
    options: tuple[str, ...]
    """The options as a user writes them (``("jokers=1", "five-aces-top")``)."""
    rules: str
    """The options in words, as the rulebook names them."""
    about: tuple[str, ...]
    """What each option does, in the options' own words."""
    book: Book
    pdf: Download


@dataclass(frozen=True)
class DealPage:
    """A featured deal of a solitaire: its setup, its walkthrough and its sheet's PDF."""

    path: str
    name: str
    """How the deal is named in links: ``deal 16``, ``deal 1 (reserve)``."""
    note: str
    """What the deal's collection says of it (may be empty)."""
    sheet: Sheet
    pdf: Download


@dataclass(frozen=True)
class GamePage:
    """One game: its rulebook page under the standard rules, its variants, its featured
    deals and its PDFs."""

    game: str
    title: str
    path: str
    book: Book
    variants: tuple[VariantPage, ...]
    deals: tuple[DealPage, ...]
    downloads: tuple[Download, ...]
    """The game's PDFs under the standard rules: rulebook, kit, mat, table card …"""


@dataclass(frozen=True)
class Site:
    """The whole site: its games in registry order, the paper its PDFs are set on, and the
    house folders whose sources it was built from (their ``site.j2`` rewords the pages)."""

    games: tuple[GamePage, ...]
    paper: str
    search_path: tuple[Path, ...] = ()


__all__ = ["Book", "DealPage", "Download", "GamePage", "Site", "VariantPage"]
