"""The per-card export maker: every card side a file at a print profile's size, in a
folder, with a manifest.

The folder is checked before anything is drawn (:mod:`printplay.core.outfolder`): it may be
missing, empty, or hold only a card export printplay wrote there before (named by the
folder's list of printplay's files, with its ``manifest.json``); files printplay did not
write are refused in one line unless ``force`` (then they are left alone, and replaced
only where an export file has their name); a symbolic link inside the folder, or a folder
this user cannot write, is refused, forced or not.  The files are
drawn into a new folder beside it and moved in once all are done, so a failure leaves the
folder as it was; files of the previous export that this one does not write are removed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from printplay.builders.card_export import manifest, plan_export
from printplay.builders.quickref import quick_card_texts
from printplay.core.errors import GameError, OutputError
from printplay.core.outfolder import check_folder, publish, staging_folder
from printplay.models.card_export_model import MANIFEST_FILE, CardExport
from printplay.models.print_profiles import DEFAULT_PROFILE
from printplay.models.printable import QuickCardText


def _games(export: CardExport) -> list[str]:
    """The games whose quick-reference cards ``export`` holds, in order."""
    games: list[str] = []
    for file in export.files:
        if file.game is not None and file.game not in games:
            games.append(file.game)
    return games


def write_export(
    folder: Path,
    export: CardExport,
    quick_texts: Mapping[str, QuickCardText] | None = None,
    *,
    force: bool = False,
) -> Path:
    """Write every file of ``export`` and its manifest into ``folder``; ``quick_texts``
    holds the words of its quick-reference cards.

    Bad input (a back text the font cannot print, a quick-reference card without words or
    that does not fit) and a folder that may not be written are errors before anything is
    written."""
    from printplay.render.card_pdf import card_pdf, quick_cards
    from printplay.render.card_png import card_png
    from printplay.render.faces import check_back_text

    folder = Path(folder)
    previous = check_folder(folder, force=force, what="the card files")
    if previous and MANIFEST_FILE not in previous:
        raise OutputError(
            f"{folder} holds other files printplay wrote (not a card export): choose another folder"
        )
    export = replace(export, back_text=check_back_text(export.back_text))
    texts = dict(quick_texts or {})
    missing = [game for game in _games(export) if game not in texts]
    if missing:
        raise GameError(f"no quick-reference words given for {', '.join(missing)}")
    quick = quick_cards({game: texts[game] for game in _games(export)}, export.profile)
    with staging_folder(folder) as staging:
        names: list[str] = []
        for file in export.files:
            pdf = card_pdf(export, file, quick)
            data = pdf if export.format == "pdf" else card_png(pdf, export.profile)
            (staging / file.name).write_bytes(data)
            names.append(file.name)
        text = json.dumps(manifest(export), indent=2, ensure_ascii=False) + "\n"
        (staging / MANIFEST_FILE).write_text(text, encoding="utf-8")
        publish(staging, folder, [*names, MANIFEST_FILE], previous)
    return folder


def export_deck(
    folder: Path,
    *,
    profile: str = DEFAULT_PROFILE,
    fmt: str = "png",
    jokers: int = 0,
    games: Sequence[str] = (),
    rules_dir: Path | None = None,
    four_colour: bool = False,
    large_index: bool = False,
    back_text: str | None = None,
    force: bool = False,
) -> Path:
    """Export the deck (52 cards and ``jokers``) and the quick-reference cards of
    ``games`` (their words from the rulebook sources, a house edition's in ``rules_dir``
    first) into ``folder`` for the print profile ``profile``, as ``fmt`` files; see
    :func:`write_export`."""
    plan = plan_export(
        profile,
        fmt,
        jokers=jokers,
        games=games,
        four_colour=four_colour,
        large_index=large_index,
        back_text=back_text,
    )
    texts = quick_card_texts(games, rules_dir=rules_dir)
    return write_export(folder, plan, texts, force=force)


__all__ = ["export_deck", "write_export"]
