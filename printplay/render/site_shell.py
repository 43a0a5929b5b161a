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
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from printplay import __version__
from printplay.models.site_model import Download, Site
from printplay.render.html import markdown_inline_html
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
    """The site's words (``templates/site.j2``, or a house edition of it), as HTML."""

    def __init__(self, search_path: Sequence[Path] = ()) -> None:
        self.words = Words("site.j2", search_path, markup=False)

    def html(self, macro: str, **kwargs: object) -> str:
        """The macro's line of inline Markdown, as HTML."""
        return markdown_inline_html(self.words(macro, **kwargs))

    def text(self, macro: str, **kwargs: object) -> str:
        """The macro's line as plain text, escaped for HTML (for titles and attributes)."""
        return escape(self.words(macro, **kwargs))


@dataclass(frozen=True)
class Page:
    """One page to write: where it goes in the site, its title and description (plain
    text), the game it belongs to (for the header) and the HTML of its ``main``."""

    path: str
    title: str
    description: str
    game: str | None
    main: str


def download_link(page: str, download: Download, title: str, words: SiteWords) -> str:
    """A link to a PDF, its title and page count in the link's text."""
    text = words.html("pdf", title=title, pages=download.pages)
    return f'<a href="{escape(href(page, download.path))}" type="application/pdf">{text}</a>'


def page_html(page: Page, site: Site, words: SiteWords) -> str:
    """The whole page: head, header (the site's name and its games), main, footer."""
    css = escape(href(page.path, STYLESHEET))
    icon = escape(href(page.path, ICON))
    site_name = words.text("site_name")
    links = []
    for game in site.games:
        current = ' aria-current="page"' if game.path == page.path else ""
        target = escape(href(page.path, game.path))
        links.append(f'<li><a href="{target}"{current}>{escape(game.title)}</a></li>')
    home_current = ' aria-current="page"' if page.path == "index.html" else ""
    home = escape(href(page.path, "index.html"))
    return f"""<!DOCTYPE html>
<html lang="{LANGUAGE}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="description" content="{escape(page.description)}">
<meta name="generator" content="printplay {escape(__version__)}">
<title>{escape(page.title)} · {site_name}</title>
<link rel="stylesheet" href="{css}">
<link rel="icon" href="{icon}" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">{words.html("skip_link")}</a>
<header class="site-header">
<nav aria-label="{words.text("games_nav")}">
<a class="site-name" href="{home}"{home_current}>{site_name}</a>
<ul>
{chr(10).join(links)}
</ul>
</nav>
</header>
<main id="main">
{page.main}
</main>
<footer class="site-footer">
<p>{words.html("footer", version=__version__)}</p>
</footer>
</body>
</html>
"""


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
