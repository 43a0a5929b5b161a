"""The Ricochet Poker rulebook typeset from its model: the text its builder rendered and made
ready to print (typographic quotes, commands kept whole), with its figures: the hands its
markers name (``[[diagram hands hands="Kd|Kc 3h"]]``), each captioned with the name the
builder gave it, and the basic-strategy chart (:mod:`~printplay.render.strategy_chart`).
The model is a :class:`~printplay.models.printable.Rulebook`, drawn as every rulebook is
(:func:`printplay.render.books.draw_rulebook`); only its page setup is its own.
"""

from __future__ import annotations

from pathlib import Path

from printplay.models.printable import Rulebook
from printplay.render.books import draw_rulebook
from printplay.render.document import PageSetup


def poker_rulebook_setup(model: Rulebook, paper: str) -> PageSetup:
    """The page setup of the rulebook: paper, title, footer and metadata."""
    return PageSetup(
        paper=paper,
        title=f"{model.title} rules ({model.rules})",
        footer=f"printplay · {model.title} rules · {model.rules}",
        subject=(
            f"The rules of {model.title}, standard and casino games ({model.rules}): hands, "
            "odds, basic strategy, house edge, variants and rulings"
        ),
        keywords=(model.title, "rulebook", *model.chosen),
    )


def draw_poker_rulebook(model: Rulebook, path: Path, *, paper: str = "a4") -> Path:
    """Typeset the rulebook ``model`` (its text and figures built) to ``path``."""
    return draw_rulebook(model, path, paper=paper, setup=poker_rulebook_setup(model, paper))


__all__ = ["draw_poker_rulebook", "poker_rulebook_setup"]
