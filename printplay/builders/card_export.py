"""The plan of a per-card export (builder): the files, named in deck order, and the manifest.

Every playing card's face is a file of its own, numbered in the deck's order (clubs,
diamonds, hearts, spades, Ace to King, then the jokers asked for); all of them share one
back, ``back.png``.  A quick-reference card follows the deck with both its sides, since its
back is a side of its own.

>>> export = plan_export("poker-300dpi", "png", jokers=1, games=("tripeaks",))
>>> [file.name for file in export.files][:2], [file.name for file in export.files][-4:]
(['01-Ac.png', '02-2c.png'], ['53-X1.png', 'back.png', '54-tripeaks-quick-reference.png', \
'54-tripeaks-quick-reference-back.png'])
>>> card = export.cards[-1]
>>> card.code, card.face, card.back, len(export.cards)
('tripeaks-quick-reference', '54-tripeaks-quick-reference.png', \
'54-tripeaks-quick-reference-back.png', 54)
"""

from __future__ import annotations

from collections.abc import Sequence

from printplay import __version__
from printplay.core.cards import standard_deck
from printplay.core.errors import OptionError
from printplay.core.jsontypes import JsonObject
from printplay.games import entry, game_name
from printplay.models.card_export_model import (
    FORMATS,
    CardExport,
    CardFile,
    ExportedCard,
)
from printplay.models.print_profiles import print_profile

COLOUR_SPACE = "sRGB IEC61966-2.1"
"""The colours of every exported file (PNGs carry its ICC profile, PDFs an output intent)."""


def check_format(fmt: str) -> str:
    """``fmt`` in lower case if it is one of :data:`FORMATS`; an OptionError if not."""
    value = str(fmt).lower()
    if value not in FORMATS:
        raise OptionError(
            f"unknown export format {str(fmt)[:20]!r} (choose {' or '.join(FORMATS)})"
        )
    return value


def plan_export(
    profile: str,
    fmt: str,
    *,
    jokers: int = 0,
    games: Sequence[str] = (),
    four_colour: bool = False,
    large_index: bool = False,
    back_text: str | None = None,
) -> CardExport:
    """The export of the deck (52 cards and ``jokers``) and the quick-reference cards of
    ``games`` for the print profile called ``profile``, as ``fmt`` files."""
    chosen = print_profile(profile)
    ext = check_format(fmt)
    if jokers not in (0, 1, 2):
        raise OptionError(f"a deck has 0, 1 or 2 jokers, not {jokers}")
    back = f"back.{ext}"
    cards: list[ExportedCard] = []
    faces: list[CardFile] = []
    for number, card in enumerate(standard_deck(jokers=jokers), start=1):
        name = f"{number:02d}-{card.code}.{ext}"
        faces.append(CardFile(name, "face", card=card))
        cards.append(ExportedCard(card.code, card.name, name, back))
    files = [*faces, CardFile(back, "back")]
    names: list[str] = []
    for game in games:
        if game_name(game) not in names:
            names.append(game_name(game))
    for number, game in enumerate(names, start=len(cards) + 1):
        stem = f"{number:02d}-{game}-quick-reference"
        face, back_side = f"{stem}.{ext}", f"{stem}-back.{ext}"
        files += [CardFile(face, "face", game=game), CardFile(back_side, "back", game=game)]
        title = f"{entry(game).title} quick reference"
        cards.append(ExportedCard(f"{game}-quick-reference", title, face, back_side))
    return CardExport(
        chosen,
        ext,
        tuple(cards),
        tuple(files),
        four_colour=four_colour,
        large_index=large_index,
        back_text=back_text,
    )


def safe_box_px(export: CardExport) -> tuple[float, float, float, float]:
    """The safe zone in the image's pixels, from its top-left corner: left, top, right,
    bottom."""
    profile = export.profile
    (bleed_x, bleed_y), safe = profile.bleed_px, profile.safe_px
    width, height = profile.image_px
    return (
        round(bleed_x + safe, 2),
        round(bleed_y + safe, 2),
        round(width - bleed_x - safe, 2),
        round(height - bleed_y - safe, 2),
    )


def manifest(export: CardExport) -> JsonObject:
    """The manifest of ``export`` (``manifest.json``): the profile's figures and every card
    with its face file, back file and count."""
    profile = export.profile
    return {
        "printplay": __version__,
        "profile": profile.name,
        "title": profile.title,
        "source": profile.source,
        "format": export.format,
        "colour": COLOUR_SPACE,
        "dpi": profile.dpi,
        "image": {
            "px": list(profile.image_px),
            "in": [round(v, 4) for v in profile.image_in],
        },
        "trim": {"mm": [round(v, 3) for v in profile.trim_mm], "px": list(profile.trim_px)},
        "bleed": {
            "mm": [round(v, 3) for v in profile.bleed_mm],
            "px": list(profile.bleed_px),
        },
        "safe_zone": {
            "margin_mm": round(profile.safe_mm, 3),
            "margin_px": profile.safe_px,
            "box_px": list(safe_box_px(export)),
        },
        "cards": [
            {
                "card": card.code,
                "name": card.title,
                "face": card.face,
                "back": card.back,
                "count": card.count,
            }
            for card in export.cards
        ],
    }


__all__ = ["COLOUR_SPACE", "check_format", "manifest", "plan_export", "safe_box_px"]
