"""What every page of the website shares: the words, links between pages, and the page
around the content (head, header with the games, footer).

Pages are plain HTML: a ``lang`` attribute, a viewport for phones, the light and dark
colour schemes, one stylesheet, no script.  Links are relative, so the site works opened
from a folder as well as served.

>>> href("tripeaks/index.html", "site.css"), href("index.html", "pyramid/index.html")
('../site.css', 'pyramid/index.html')
>>> href("tripeaks/deal-1.html", "tripeaks/index.html#rulings")
'index.html#rulings'
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from printplay import __version__
from printplay.models.site_model import Download, Site
from printplay.render.html import markdown_inline_html
from printplay.render.page_templates import Link, Markup, render
from printplay.render.words_markup import Words

STYLESHEET = "site.css"
"""The site's one stylesheet, at its top."""

ICON = "favicon.svg"
"""The site's icon, at its top."""

LANGUAGE = "en"
"""The language of every page."""


def href(page: str, target: str) -> str:
    """The relative link from ``page`` to ``target`` (both paths in the site, ``target``
    perhaps with a ``#fragment``)."""
    path, hash_mark, fragment = target.partition("#")
    relative = posixpath.relpath(path, posixpath.dirname(page) or ".")
    return relative + hash_mark + fragment


class SiteWords:
    """The site's words: the macros of ``templates/site.j2`` (or of a house edition of it),
    made by the maker as inline Markdown (``words``), shown as HTML or text."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def html(self, macro: str, **kwargs: object) -> Markup:
        """The macro's line of inline Markdown, as HTML."""
        return Markup(markdown_inline_html(self.words(macro, **kwargs)))

    def text(self, macro: str, **kwargs: object) -> str:
        """The macro's line as plain text (a template escapes it as it writes it)."""
        return self.words(macro, **kwargs)


@dataclass(frozen=True)
class Page:
    """One page to write: where it goes in the site, its title and description (plain
    text), the game it belongs to (for the header) and the HTML of its ``main``."""

    path: str
    title: str
    description: str
    game: str | None
    main: Markup


def download_link(page: str, download: Download, title: str, words: SiteWords) -> Link:
    """The link from ``page`` to a PDF, its title and page count in the link's text."""
    return Link(href(page, download.path), words.html("pdf", title=title, pages=download.pages))


def page_html(page: Page, site: Site, words: SiteWords) -> str:
    """The whole page: head, header (the site's name and its games), main, footer
    (``templates/page.html``), ending with a newline."""
    games = [
        {"href": href(page.path, game.path), "text": game.title, "current": game.path == page.path}
        for game in site.games
    ]
    html = render(
        "page.html",
        language=LANGUAGE,
        title=page.title,
        description=page.description,
        version=__version__,
        site_name=words.text("site_name"),
        stylesheet=href(page.path, STYLESHEET),
        icon=href(page.path, ICON),
        skip_link=words.html("skip_link"),
        games_nav=words.text("games_nav"),
        home={"href": href(page.path, "index.html"), "current": page.path == "index.html"},
        games=games,
        main=page.main,
        footer=words.html("footer", version=__version__),
    )
    return html + "\n"


__all__ = [
    "ICON",
    "LANGUAGE",
    "STYLESHEET",
    "Page",
    "SiteWords",
    "download_link",
    "href",
    "page_html",
]
