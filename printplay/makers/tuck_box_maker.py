"""Making a tuck box file: the request (card size, count, thickness, game, paper) through
the builder (:mod:`printplay.builders.tuck_box`) and the renderer
(:mod:`printplay.render.tuck_box_pdf`) to a PDF written whole or not at all.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from printplay.builders.tuck_box import DEFAULT_THICKNESS_MM, build_tuck_box
from printplay.core.cards import standard_deck
from printplay.core.outfile import check_writable
from printplay.games import entry
from printplay.makers.printable_words import house_path, printable_words
from printplay.models.tuck_box_model import TuckBox
from printplay.render.card_sizes import DEFAULT_CARD, card_size
from printplay.render.document import paper_size, write_atomically
from printplay.render.tuck_box_pdf import draw_tuck_box

DECK_JOKERS = 2
"""The printable deck's jokers (``printplay deck``: 52 cards and two jokers)."""

DECK_CARDS = len(standard_deck(jokers=DECK_JOKERS))
"""The cards of the printable deck: what a tuck box holds unless told."""


def tuck_box_model(
    *,
    size: str = DEFAULT_CARD.name,
    cards: int | None = None,
    thickness: float | None = None,
    game: str | None = None,
    paper: str = "a4",
    rules_dir: Path | None = None,
) -> TuckBox:
    """The tuck box for ``cards`` (default :data:`DECK_CARDS`) cards of the deck's card
    ``size``, each ``thickness`` mm thick (default
    :data:`~printplay.builders.tuck_box.DEFAULT_THICKNESS_MM`), ``game``'s title on it
    (any name the registry knows), on ``paper``."""
    card = card_size(size)
    width, height = paper_size(paper)
    return build_tuck_box(
        card.name,
        card.width_mm,
        card.height_mm,
        cards=DECK_CARDS if cards is None else cards,
        thickness=DEFAULT_THICKNESS_MM if thickness is None else thickness,
        game=entry(game).title if game is not None else None,
        paper=paper.lower(),
        paper_size=(width / mm, height / mm),
        words=printable_words("tuck_box.j2", house_path(rules_dir)),
    )


def make_tuck_box(
    path: Path | str,
    *,
    size: str = DEFAULT_CARD.name,
    cards: int | None = None,
    thickness: float | None = None,
    game: str | None = None,
    paper: str = "a4",
    rules_dir: Path | None = None,
) -> Path:
    """Write the tuck box of :func:`tuck_box_model` to ``path`` (checked before anything is
    worked out, written atomically, byte-identical for identical input)."""
    path = check_writable(Path(path))
    box = tuck_box_model(
        size=size, cards=cards, thickness=thickness, game=game, paper=paper, rules_dir=rules_dir
    )

    def produce(tmp_name: str) -> None:
        draw_tuck_box(box, tmp_name)

    return write_atomically(path, produce)


__all__ = ["DECK_CARDS", "DECK_JOKERS", "make_tuck_box", "tuck_box_model"]
