"""The website's rule text is the PDF rulebooks' rule text.

Both are made from one model (the same source, the same Jinja context, the same Markdown
token stream); this reads them back and compares.  Every piece of text of a site page's
rulebook (headings, paragraphs, list items, table cells, captions) is found in its PDF, in
the same order; and what the PDF says besides is only what the site draws rather than
writes (the text inside its diagrams: card indices, pile counts, a chart's cells), list
bullets and numbers.  White space is ignored (a PDF breaks lines and splits long words).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2
import pytest
from reportlab.graphics.shapes import Group, String

from printplay.builders.site import variant_sets
from printplay.games import REGISTRY
from printplay.markup import marker_of, tree
from printplay.markup.nodes import call_diagram
from printplay.models.site_model import Book
from printplay.render.document import MARGIN
from printplay.render.web_rulebook import web_figures

BLOCKS = frozenset(
    {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "figcaption", "dt", "dd"}
    | {"div", "table", "tr", "ul", "ol", "figure", "section", "details", "summary", "pre"}
    | {"article", "thead", "tbody", "dl"}
)
VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr"})
SKIPPED = ("svg", "page-box", "figure-table")
"""What of the page is not rule text: a diagram's drawing (its words are the drawing's),
the page's box (a link to the PDF, the contents) and a chart's table."""


class _Segments(HTMLParser):
    """The text of a page's rulebook, cut where blocks begin and end."""

    def __init__(self) -> None:
        super().__init__()
        self.segments: list[str] = []
        self.buffer: list[str] = []
        self.inside = False
        self.depth = 0
        self.skip: list[int] = []

    def _flush(self) -> None:
        text = " ".join("".join(self.buffer).split())
        if text:
            self.segments.append(text)
        self.buffer = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs).get("class") or ""
        if tag == "article" and "rulebook" in names:
            self.inside = True
        if not self.inside:
            return
        if tag in VOID:
            self.buffer.append(" ")
            return
        self.depth += 1
        if not self.skip and (tag == "svg" or any(n in names.split() for n in SKIPPED)):
            self.skip.append(self.depth)
        if tag in BLOCKS:
            self._flush()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            self.buffer.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if not self.inside or tag in VOID:
            return
        if self.skip and self.skip[-1] == self.depth:
            self.skip.pop()
            self.buffer = []
        self.depth -= 1
        if tag in BLOCKS:
            self._flush()
        if tag == "article":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside and not self.skip:
            self.buffer.append(data)


def page_segments(html: str) -> list[str]:
    """The rule text of a site page, block by block."""
    parser = _Segments()
    parser.feed(html)
    parser.close()
    return parser.segments


def pdf_body(path: Path) -> str:
    """The text of a PDF above its footers, page after page."""
    document = pypdfium2.PdfDocument(path)
    try:
        texts = []
        for page in document:
            width, height = page.get_size()
            textpage = page.get_textpage()
            texts.append(textpage.get_text_bounded(0, MARGIN + 1, width, height))
            textpage.close()
            page.close()
    finally:
        document.close()
    return "\n".join(texts)


def _strings(shape: object) -> Iterator[str]:
    if isinstance(shape, String):
        yield shape.text
    elif isinstance(shape, Group):
        for inner in shape.contents:
            yield from _strings(inner)


def diagram_words(book: Book) -> set[str]:
    """Every word drawn inside the rulebook's diagrams, as its markers draw them."""
    markdown = book.text
    figures = web_figures(book)
    words: set[str] = {"Before", "After"}
    nodes = list(tree(markdown).walk())
    for node in nodes:
        if node.type == "marker" and marker_of(node).kind == "diagram":
            figure = call_diagram(figures, node, None)
            for text in _strings(figure.drawing):
                words.update(_words(text))
    return words


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]{2,}", text)


def compare(html: str, pdf: str, allowed: set[str]) -> tuple[list[str], list[str]]:
    """The site's segments not found in order in the PDF, and the words the PDF says
    besides that are not drawn in a diagram."""
    positions: list[int] = []
    stripped = []
    for index, char in enumerate(pdf):
        if not char.isspace():
            stripped.append(char)
            positions.append(index)
    flat = "".join(stripped)
    cursor = 0
    missing = []
    taken = [False] * len(pdf)
    for segment in page_segments(html):
        needle = "".join(segment.split())
        found = flat.find(needle, cursor)
        if found < 0:
            missing.append(segment)
            continue
        for index in range(found, found + len(needle)):
            taken[positions[index]] = True
        cursor = found + len(needle)
    rest = "".join(" " if taken[i] else char for i, char in enumerate(pdf))
    extra = [word for word in _words(rest) if word not in allowed]
    return missing, extra


PAGES = [("", name) for name in REGISTRY] + [
    (options, name) for name in ("tripeaks", "ricochet-poker") for options in variant_sets(name)[:2]
]


@pytest.mark.parametrize(("options", "game"), PAGES, ids=lambda v: "-".join(v) or "standard")
def test_the_site_says_what_the_pdf_says(built_site: Path, game: str, options: tuple[str, ...]):
    from printplay.games import entry, load

    slug = re.sub(r"[^a-z0-9-]+", "-", "-".join(options))
    page = built_site / game / (f"{slug}.html" if options else "index.html")
    pdf = built_site / game / (f"{game}-rules-{slug}.pdf" if options else f"{game}-rules.pdf")
    book: Book = load(entry(game).rulebook_model)(game, options)  # type: ignore[operator]
    html = page.read_text(encoding="utf-8")
    missing, extra = compare(html, pdf_body(pdf), diagram_words(book))
    assert missing == [], f"on the site, not in the PDF: {missing[:3]}"
    assert extra == [], f"in the PDF, not on the site: {extra[:20]}"
    assert len(page_segments(html)) > 80
    assert book.source == f"{game}.md"


def test_a_changed_word_is_caught() -> None:
    html = (
        '<article class="rulebook"><h1>Rules</h1><p>Turn the stock <em>at any time</em>.</p>'
        "<figure><svg><text>row 1</text></svg><figcaption>A deal.</figcaption></figure>"
        "<ul><li>One<ul><li>Two</li></ul></li></ul></article>"
    )
    pdf = "Rules\nTurn the stock at any\ntime.\nrow 1 stock (23)\nA deal.\n• One\n– Two"
    assert compare(html, pdf, {"row", "stock"}) == ([], [])
    assert compare(html.replace("any time", "no time"), pdf, {"row", "stock"})[0] == [
        "Turn the stock at no time."
    ]
    assert compare(html, pdf.replace("A deal.", "A deal. Never play."), {"row", "stock"}) == (
        [],
        ["Never", "play"],
    )
