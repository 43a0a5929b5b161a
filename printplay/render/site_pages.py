"""The rulebook pages of the website and its index.

A game's page is its rulebook under the standard rules, as HTML (:mod:`.web_rulebook`),
with a short box after the title (the PDF, the contents of the page) and, after the rules,
the game's variant pages, its featured deals and its PDFs.  A variant page is the same
rulebook under the variant's options, saying so in its box.  The index names the games,
what each page holds and what can be printed.
"""

from __future__ import annotations

from html import escape

from printplay.core.options import number_words
from printplay.models.site_model import GamePage, Site, VariantPage
from printplay.render.html import Heading, HtmlText, Outline, PageIds
from printplay.render.site_shell import Page, SiteWords, download_link, href
from printplay.render.web_rulebook import rulebook_html


def page_ids() -> PageIds:
    """A page's ids, the page's own furniture (``main``) taken."""
    return PageIds(taken={"main"})


def _contents(headings: tuple[Heading, ...], extra: list[Heading], words: SiteWords) -> str:
    """The page's contents: its second-level headings, as links."""
    items = [
        f'<li><a href="#{heading.ident}">{escape(heading.text)}</a></li>'
        for heading in (*headings, *extra)
        if heading.level == 2
    ]
    return (
        f'<details class="toc"><summary>{words.html("contents")}</summary>\n'
        f"<ol>\n{chr(10).join(items)}\n</ol>\n</details>"
    )


def _with_box(text: HtmlText, box: str) -> str:
    """The rulebook's blocks with ``box`` after the title and the lead paragraph under it."""
    blocks = list(text.blocks)
    at = 1
    if len(blocks) > 1 and blocks[1].startswith("<p"):
        at = 2
    return "\n".join([*blocks[:at], box, *blocks[at:]])


def _variant_list(game: GamePage, page: str, words: SiteWords, heading: Heading) -> str:
    items = []
    for target, label, options in (
        (game.path, words.html("standard_rules", game=game.title), ()),
        *((v.path, escape(v.rules), v.options) for v in game.variants),
    ):
        code = f" <code>{escape(','.join(options))}</code>" if options else ""
        if target == page:
            items.append(f"<li>{label}{code} {words.html('this_page')}</li>")
        else:
            items.append(f'<li><a href="{escape(href(page, target))}">{label}</a>{code}</li>')
    return (
        f'<section aria-labelledby="{heading.ident}">\n'
        f'<h2 id="{heading.ident}">{escape(heading.text)}</h2>\n'
        f"<p>{words.html('variants_text')}</p>\n"
        f'<ul class="variants">\n{chr(10).join(items)}\n</ul>\n</section>'
    )


def _deal_list(game: GamePage, page: str, words: SiteWords, heading: Heading) -> str:
    items = []
    for deal in game.deals:
        note = f" {escape(deal.note)}" if deal.note else ""
        link = f'<a href="{escape(href(page, deal.path))}">{escape(deal.name)}</a>'
        items.append(f"<li>{link}.{note}</li>")
    return (
        f'<section aria-labelledby="{heading.ident}">\n'
        f'<h2 id="{heading.ident}">{escape(heading.text)}</h2>\n'
        f"<p>{words.html('deals_text')}</p>\n"
        f'<ul class="deals">\n{chr(10).join(items)}\n</ul>\n</section>'
    )


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


def _print_list(game: GamePage, page: str, words: SiteWords, heading: Heading) -> str:
    titles = dict(download_titles(game, words))
    items = [
        f"<li>{download_link(page, download, titles[download.path], words)}</li>"
        for download in game.downloads
    ]
    return (
        f'<section aria-labelledby="{heading.ident}">\n'
        f'<h2 id="{heading.ident}">{escape(heading.text)}</h2>\n'
        f'<ul class="downloads">\n{chr(10).join(items)}\n</ul>\n</section>'
    )


def rulebook_page(
    game: GamePage, words: SiteWords, variant: VariantPage | None = None
) -> tuple[Page, HtmlText]:
    """A game's rulebook page (``variant``: the page of that variant), and its rulebook as
    HTML (the index quotes its lead and names its sections)."""
    path = variant.path if variant is not None else game.path
    book = variant.book if variant is not None else game.book
    pdf = variant.pdf if variant is not None else game.downloads[0]
    ids = page_ids()
    text = rulebook_html(book, ids=ids, outline=Outline())
    names = (
        words.words("variants_heading", game=game.title),
        words.words("deals_heading", game=game.title),
        words.words("print_heading"),
    )
    sections = [Heading(2, ids.claim(name), name) for name in names]
    shown = [sections[0]] if game.variants else []
    shown += [sections[1]] if game.deals else []
    shown.append(sections[2])
    print_link = (
        f'<a href="{escape(href(path, pdf.path))}" type="application/pdf">'
        f"{words.html('print_rulebook', pages=pdf.pages)}</a>"
    )
    note = ""
    if variant is not None:
        standard = f'<a href="{escape(href(path, game.path))}">'
        standard += f"{words.html('standard_rules', game=game.title)}</a>"
        rules_note = words.html("variant_note", rules=variant.rules, options=list(variant.options))
        about = " ".join(escape(line) for line in variant.about)
        note = f'<p class="variant-note">{rules_note} {about} {standard}.</p>\n'
    box = (
        f'<div class="page-box">\n{note}<p class="print-link">{print_link}</p>\n'
        f"{_contents(text.headings, shown, words)}\n</div>"
    )
    parts = [f'<article class="rulebook">\n{_with_box(text, box)}\n</article>']
    if game.variants:
        parts.append(_variant_list(game, path, words, sections[0]))
    if game.deals:
        parts.append(_deal_list(game, path, words, sections[1]))
    parts.append(_print_list(game, path, words, sections[2]))
    title = f"{game.title} rules" + ("" if variant is None else f", {variant.rules}")
    description = book.title + " rules, " + book.rules
    return Page(path, title, description, game.game, "\n".join(parts)), text


def index_page(site: Site, words: SiteWords, leads: dict[str, tuple[str, list[str]]]) -> Page:
    """The index: the games (``leads`` gives each game's lead paragraph, as HTML, and the
    titles of its rulebook's sections), what each page holds, what can be printed."""
    path = "index.html"
    count = number_words(len(site.games))
    parts = [
        f'<h1 id="top">{words.html("index_title", count=count)}</h1>',
        f'<p class="lead">{words.html("index_lead", count=count)}</p>',
    ]
    for game in site.games:
        lead, sections = leads[game.game]
        ident = escape(game.game)
        link = f'<a href="{escape(href(path, game.path))}">{escape(game.title)}</a>'
        titles = dict(download_titles(game, words))
        downloads = [
            f"<li>{download_link(path, download, titles[download.path], words)}</li>"
            for download in game.downloads
        ]
        parts.append(
            f'<section class="game" aria-labelledby="{ident}">\n'
            f'<h2 id="{ident}">{link}</h2>\n{lead}\n'
            f"<p>{words.html('index_holds', sections=sections)}</p>\n"
            f"<p>{words.html('index_more', variants=len(game.variants), deals=len(game.deals))}"
            f"</p>\n<p>{words.html('index_print')}</p>\n"
            f'<ul class="downloads">\n{chr(10).join(downloads)}\n</ul>\n</section>'
        )
    parts.append(
        f'<h2 id="printing">{words.html("printing_heading")}</h2>\n'
        f"<p>{words.html('printing_text', paper=site.paper)}</p>"
    )
    description = words.words("index_lead", count=count)
    title = words.words("index_title", count=count)
    return Page(path, title, description, None, "\n".join(parts))


__all__ = ["download_titles", "index_page", "page_ids", "rulebook_page"]
