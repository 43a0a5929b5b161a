"""The website, written: every page of a :class:`~printplay.models.site_model.Site`,
its stylesheet, its icon and the card font its diagrams are drawn in.

The PDFs the pages link to are the builder's (:mod:`printplay.makers.site_maker`); this
writes the rest into the same folder.  The same site gives the same bytes: pages in a fixed
order, no dates, no random ids.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from printplay.models.site_model import Site
from printplay.render.site_deal import deal_page
from printplay.render.site_pages import RulebookText, index_page, rulebook_page
from printplay.render.site_shell import ICON, STYLESHEET, Page, SiteWords, page_html
from printplay.render.svg import INLINE_CSS
from printplay.render.words_markup import Words

FONTS = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSans-Oblique.ttf",
    "DejaVuSans-BoldOblique.ttf",
    "LICENSE-DejaVu.txt",
)
"""The card font's files the site carries (``fonts/``), for a browser that lacks DejaVu
Sans: the diagrams' indices are measured in it."""

_FACES = (
    ("DejaVuSans.ttf", "normal", "normal"),
    ("DejaVuSans-Bold.ttf", "bold", "normal"),
    ("DejaVuSans-Oblique.ttf", "normal", "italic"),
    ("DejaVuSans-BoldOblique.ttf", "bold", "italic"),
)


def icon_svg() -> str:
    """The site's icon (``favicon.svg``, shipped beside the stylesheet): a white spade on
    the books' green."""
    return (resources.files("printplay.render") / ICON).read_text(encoding="utf-8")


def stylesheet() -> str:
    """The site's stylesheet: the font faces, the rule inline drawings need, the rest."""
    faces = "".join(
        f'@font-face {{ font-family: "DejaVu Sans"; font-weight: {weight}; '
        f'font-style: {style}; src: local("DejaVu Sans{_local(weight, style)}"), '
        f'url("fonts/{name}") format("truetype"); }}\n'
        for name, weight, style in _FACES
    )
    rest = (resources.files("printplay.render") / "site.css").read_text(encoding="utf-8")
    return faces + INLINE_CSS + "\n" + rest


def _local(weight: str, style: str) -> str:
    suffix = ("Bold" if weight == "bold" else "") + ("Oblique" if style == "italic" else "")
    return f" {suffix}" if suffix else ""


def site_pages(
    site: Site,
    words: SiteWords,
    sheet_words: Words,
    drawn: Mapping[str, RulebookText] | None = None,
    deals: Mapping[str, Page] | None = None,
) -> list[Page]:
    """Every page of the site, the index first, in ``words`` (the site's) and
    ``sheet_words`` (the sheets' words its deal pages quote).  ``drawn`` holds rulebooks
    drawn already, by the path of their page, and ``deals`` deal pages drawn already (by a
    maker that drew them where it had their models at hand)."""
    drawn, deals = drawn or {}, deals or {}
    pages: list[Page] = []
    leads: dict[str, tuple[str, list[str]]] = {}
    for game in site.games:
        page, text = rulebook_page(game, words, drawn=drawn.get(game.path))
        lead = text.blocks[1] if len(text.blocks) > 1 and text.blocks[1].startswith("<p") else ""
        leads[game.game] = (lead, [h.text for h in text.headings if h.level == 2])
        pages.append(page)
        pages += [
            rulebook_page(game, words, variant, drawn.get(variant.path))[0]
            for variant in game.variants
        ]
        pages += [
            deals.get(deal.path) or deal_page(game, deal, sheet_words, words) for deal in game.deals
        ]
    return [index_page(site, words, leads), *pages]


def write_site(
    site: Site,
    folder: Path,
    drawn: Mapping[str, RulebookText] | None = None,
    deals: Mapping[str, Page] | None = None,
    *,
    words: Words,
    sheet_words: Words,
) -> list[str]:
    """Write the site's pages, stylesheet, icon and fonts into ``folder`` (its PDFs are
    there already); the paths written, relative to it.  ``drawn`` and ``deals`` are parts
    of pages drawn already (see :func:`site_pages`); ``words`` are the macros of
    ``site.j2`` (inline Markdown), ``sheet_words`` those of ``sheet.j2`` (or of house
    editions of them)."""
    site_words = SiteWords(words)
    written: list[str] = []

    def write(path: str, text: str) -> None:
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)

    for page in site_pages(site, site_words, sheet_words, drawn, deals):
        write(page.path, page_html(page, site, site_words))
    write(STYLESHEET, stylesheet())
    write(ICON, icon_svg())
    fonts = resources.files("printplay") / "fonts"
    (folder / "fonts").mkdir(exist_ok=True)
    for name in FONTS:
        with resources.as_file(fonts / name) as source:
            shutil.copyfile(source, folder / "fonts" / name)
        written.append(f"fonts/{name}")
    return written


__all__ = ["FONTS", "icon_svg", "site_pages", "stylesheet", "write_site"]
