"""The rulebook pages of the website and its index.

A game's page is its rulebook under the standard rules, as HTML (:mod:`.web_rulebook`),
with a short box after the title (the PDF, the contents of the page) and, after the rules,
the game's variant pages, its featured deals and its PDFs.  A variant page is the same
rulebook under the variant's options, saying so in its box.  The index names the games,
what each page holds and what can be printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.options import number_words
from printplay.models.site_model import Book, GamePage, Site, VariantPage
from printplay.render.html import Heading, HtmlText, Outline, PageIds
from printplay.render.page_templates import Link, Markup, render
from printplay.render.site_shell import Page, SiteWords, download_link, href
from printplay.render.web_rulebook import rulebook_html


def page_ids() -> PageIds:
    """A page's ids, the page's own furniture (``main``) taken."""
    return PageIds(taken={"main"})


@dataclass(frozen=True)
class RulebookText:
    """A rulebook page's rulebook as HTML (its diagrams drawn) and the ids it took on the
    page: the costly part of the page, which a maker may draw beforehand, on another
    process, where it has the rulebook's model at hand."""

    text: HtmlText
    ids: PageIds


def rulebook_text(book: Book) -> RulebookText:
    """The rulebook ``book`` as its web page shows it (:class:`RulebookText`)."""
    ids = page_ids()
    return RulebookText(rulebook_html(book, ids=ids, outline=Outline()), ids)


def _before_box(text: HtmlText) -> int:
    """How many of the rulebook's blocks come before its box: the title and the lead
    paragraph under it."""
    return 2 if len(text.blocks) > 1 and text.blocks[1].startswith("<p") else 1


def _variants(game: GamePage, page: str, words: SiteWords, heading: Heading) -> dict[str, object]:
    """The list of the game's rule sets, this page's not linked."""
    items = [
        {
            "href": None if target == page else href(page, target),
            "label": label,
            "options": ",".join(options),
        }
        for target, label, options in (
            (game.path, words.html("standard_rules", game=game.title), ()),
            *((v.path, v.rules, v.options) for v in game.variants),
        )
    ]
    return {"heading": heading, "entries": items, "text": words.html("variants_text")}


def _deals(game: GamePage, page: str, words: SiteWords, heading: Heading) -> dict[str, object]:
    """The list of the game's featured deals."""
    items = [
        {"href": href(page, deal.path), "name": deal.name, "note": deal.note} for deal in game.deals
    ]
    return {"heading": heading, "entries": items, "text": words.html("deals_text")}


def download_titles(game: GamePage, words: SiteWords) -> list[tuple[str, str]]:
    """Each of the game's PDFs (path) with its title in words (plain text)."""
    mat = "mat" if any(d.kind == "mat" for d in game.downloads) else ""
    return [
        (
            download.path,
            words.words(
                "download_title",
                kind=download.kind,
                game=game.title,
                name=mat if download.kind == "kit" else download.title,
            ),
        )
        for download in game.downloads
    ]


def _downloads(game: GamePage, page: str, words: SiteWords) -> list[Link]:
    """The links to the game's PDFs, each with its title."""
    titles = dict(download_titles(game, words))
    return [
        download_link(page, download, titles[download.path], words) for download in game.downloads
    ]


def rulebook_page(
    game: GamePage,
    words: SiteWords,
    variant: VariantPage | None = None,
    drawn: RulebookText | None = None,
) -> tuple[Page, HtmlText]:
    """A game's rulebook page (``variant``: the page of that variant), and its rulebook as
    HTML (the index quotes its lead and names its sections); ``drawn`` is that rulebook's
    :func:`rulebook_text` drawn already."""
    path = variant.path if variant is not None else game.path
    book = variant.book if variant is not None else game.book
    pdf = variant.pdf if variant is not None else game.downloads[0]
    drawn = drawn or rulebook_text(book)
    text = drawn.text
    ids = PageIds(set(drawn.ids.taken), drawn.ids.figures)
    names = (
        words.words("variants_heading", game=game.title),
        words.words("deals_heading", game=game.title),
        words.words("print_heading"),
    )
    sections = [Heading(2, ids.claim(name), name) for name in names]
    shown = [sections[0]] if game.variants else []
    shown += [sections[1]] if game.deals else []
    shown.append(sections[2])
    note = None
    if variant is not None:
        note = {
            "note": words.html("variant_note", rules=variant.rules, options=list(variant.options)),
            "about": variant.about,
            "standard": Link(href(path, game.path), words.html("standard_rules", game=game.title)),
        }
    at = _before_box(text)
    main = render(
        "rulebook.html",
        before=[Markup(block) for block in text.blocks[:at]],
        after=[Markup(block) for block in text.blocks[at:]],
        variant=note,
        print_link=Link(href(path, pdf.path), words.html("print_rulebook", pages=pdf.pages)),
        contents=words.html("contents"),
        toc=[heading for heading in (*text.headings, *shown) if heading.level == 2],
        variants=_variants(game, path, words, sections[0]) if game.variants else None,
        deals=_deals(game, path, words, sections[1]) if game.deals else None,
        downloads={"heading": sections[2], "entries": _downloads(game, path, words)},
        this_page=words.html("this_page"),
    )
    title = f"{game.title} rules" + ("" if variant is None else f", {variant.rules}")
    description = book.title + " rules, " + book.rules
    return Page(path, title, description, game.game, main), text


def index_page(site: Site, words: SiteWords, leads: dict[str, tuple[str, list[str]]]) -> Page:
    """The index: the games (``leads`` gives each game's lead paragraph, as HTML, and the
    titles of its rulebook's sections), what each page holds, what can be printed."""
    path = "index.html"
    count = number_words(len(site.games))
    games = []
    for game in site.games:
        lead, sections = leads[game.game]
        games.append(
            {
                "ident": game.game,
                "href": href(path, game.path),
                "title": game.title,
                "lead": Markup(lead),
                "holds": words.html("index_holds", sections=sections),
                "more": words.html(
                    "index_more", variants=len(game.variants), deals=len(game.deals)
                ),
                "downloads": _downloads(game, path, words),
            }
        )
    main = render(
        "index.html",
        title=words.html("index_title", count=count),
        lead=words.html("index_lead", count=count),
        games=games,
        print_words=words.html("index_print"),
        printing_heading=words.html("printing_heading"),
        printing_text=words.html("printing_text", paper=site.paper),
    )
    description = words.words("index_lead", count=count)
    title = words.words("index_title", count=count)
    return Page(path, title, description, None, main)


__all__ = [
    "RulebookText",
    "download_titles",
    "index_page",
    "page_ids",
    "rulebook_page",
    "rulebook_text",
]
