"""The words of quick-reference cards, read from the games' rulebook sources.

A rulebook source defines two macros, ``quick_card_front(card=true)`` and
``quick_card_back(card=true)``; they are called in the rulebook's own context, so a card
says what the rulebook says.  The deck and the kit print the cards
(:mod:`printplay.render.quickref_pdf` typesets them).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from printplay.builders.rulebook_text import RulebookSource
from printplay.core.errors import GameError
from printplay.games import entry, load, not_a
from printplay.markup.jinja_source import TemplateWords
from printplay.models.printable import QuickCardText

MACROS = ("quick_card_front", "quick_card_back")
"""The macros a rulebook source defines for its quick-reference card."""


@runtime_checkable
class SourceBuilder(Protocol):
    """What a registry entry's ``rulebook_source`` names: a game's rulebook source (its
    template, context and figures) under options."""

    def __call__(
        self, game: str, option_texts: Sequence[str], /, *, rules_dir: Path | None = None
    ) -> RulebookSource:
        """The rulebook source of ``game`` under ``option_texts``."""
        ...


def rulebook_source(
    game: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> RulebookSource:
    """The rulebook source of ``game``, as its registry entry builds it."""
    game_entry = entry(game)
    build = load(game_entry.rulebook_source)
    if not isinstance(build, SourceBuilder):
        raise not_a(game_entry.rulebook_source, "rulebook source")
    return build(game_entry.name, tuple(option_texts), rules_dir=rules_dir)


def quick_card_text(
    game: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> QuickCardText | None:
    """The words of ``game``'s quick-reference card, or ``None`` if its rulebook source is
    missing or defines no quick-card macros (a rulebook still being written)."""
    return quick_card_words(rulebook_source(game, option_texts, rules_dir=rules_dir))


def quick_card_words(source: RulebookSource) -> QuickCardText | None:
    """:func:`quick_card_text` of a rulebook source gathered already (the kit's, which
    also checks that it is written)."""
    if not source.exists():
        return None
    words = TemplateWords(source.template, source.search_path, context=source.context)
    if not all(words.has(macro) for macro in MACROS):
        return None
    front, back = (words.markdown(macro) for macro in MACROS)
    return QuickCardText(source.game, source.title, front, back, source.template, source.figures)


def quick_card_texts(
    games: Sequence[str], *, rules_dir: Path | None = None
) -> dict[str, QuickCardText]:
    """The quick-reference card words of each of ``games``; raises :class:`GameError` for a
    game whose rulebook source defines none."""
    texts = {}
    for game in games:
        text = quick_card_text(game, rules_dir=rules_dir)
        if text is None:
            game_entry = entry(game)
            raise GameError(
                f"{game_entry.title} has no quick-reference card yet: its rulebook source "
                f"({game_entry.name}.md) defines no {' and '.join(MACROS)} macros"
            )
        texts[entry(game).name] = text
    return texts


__all__ = [
    "MACROS",
    "SourceBuilder",
    "quick_card_text",
    "quick_card_texts",
    "quick_card_words",
    "rulebook_source",
]
