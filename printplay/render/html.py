"""Markdown to HTML: the web half of every rulebook, walking the token stream the PDF walks.

The Markdown is parsed once by :mod:`printplay.markup` (the same parser, markers and
attribute lists as :mod:`printplay.render.markdown_pdf`) and its syntax tree is walked into
plain HTML: no script, every text escaped, no style attribute but the one custom property a
drawing carries (the size of its words, see :func:`~printplay.render.svg.inline_svg`).  What
the PDF does with each block, the page does too, in HTML's terms:

- headings get ids (from their text, or a ``{: #id}``), and their levels are kept in order
  for a web page: the first ``#`` is the page's one ``h1``, a later ``#`` becomes ``h2``,
  and no level is skipped;
- a ``{: .class}`` list becomes the element's classes (``lead``, ``small``, ``title`` …);
- ``[[diagram NAME …]]`` calls the factory of that name, which returns a
  :class:`WebFigure` (a drawing and its text alternative), placed as inline SVG in a
  ``<figure>``, in a ``<div class="drawing-wrap">`` that scrolls on its own when the
  screen is too narrow for the drawing's words to read; an all-italic paragraph right
  after it is its ``<figcaption>``;
- ``[[pagebreak]]`` is a page break for the printer only; ``[[columns N]]`` and
  ``[[quickref]]`` regions are ``<div>`` elements with classes of those names;
- a blockquote is a callout box (``<div class="callout">``), a table sits in a
  ``<div class="table-wrap">`` that scrolls on its own on a narrow screen (a wrapper that
  scrolls holds a ``<span class="more">``, the shade that says there is more to the right);
- suit symbols are coloured (``<span class="suit red">♥</span>``), a link prints its text
  and an image its alternative text, as in the PDF.

>>> print(markdown_to_html("# Rules {: .title}\\n\\nA **Q♠** & <b>.\\n").html)
<h1 id="rules" class="title">Rules</h1>
<p>A <strong>Q<span class="suit black">♠</span></strong> &amp; &lt;b&gt;.</p>
>>> [h.level for h in markdown_to_html("# A\\n### B\\n# C\\n").headings]
[1, 2, 2]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from markdown_it.token import Token
from reportlab.graphics.shapes import Drawing

from printplay.markup import SyntaxTreeNode, classes, marker_of, parse, tree
from printplay.markup.nodes import call_diagram, inline_tokens, is_caption
from printplay.render.figures import Panels
from printplay.render.inline import plain_text
from printplay.render.page_templates import Cell, Markup, Row, part
from printplay.render.styles import BLACK_SUITS, RED_SUITS
from printplay.render.svg import inline_svg

_SUIT = re.compile(f"[{RED_SUITS}{BLACK_SUITS}]")
_ALIGN = re.compile(r"text-align:\s*(left|right|center)")
_SLUG_DROP = re.compile(r"[^\w\s-]")
_SLUG_JOIN = re.compile(r"[\s_-]+")
_WRAPS = {"em": "em", "strong": "strong", "s": "s"}


def scroller(kind: str, inner: str) -> Markup:
    """``inner`` (HTML) in a wrapper of class ``kind`` (``table-wrap``, ``drawing-wrap``)
    that scrolls sideways on its own, with the shade that says there is more (the
    stylesheet shows it only while there is more to the right)."""
    return part("scroller", kind=kind, inner=Markup(inner))


@dataclass(frozen=True)
class WebFigure:
    """A diagram for a web page: the drawing (the one the PDF prints) and its text
    alternative, what a screen reader reads instead (cards named in words)."""

    drawing: Drawing
    words: str
    table: tuple[tuple[str, ...], ...] = ()
    """The figure as a table too, for a chart (the header row first); shown on request."""
    table_title: str = ""
    """What the button that shows :attr:`table` says."""
    scale: float = 1.0
    """How much larger than its size in points the drawing is shown."""
    key: Hashable | None = None
    """What the drawing is drawn from, when that settles all of it (equal keys, equal
    drawings): its SVG is made once for every page that shows it (see
    :func:`~printplay.render.svg.inline_svg`)."""


WebFigureFactory = Callable[..., WebFigure]
"""What draws a diagram for a page: called with a marker's ``key=value`` pairs."""


@dataclass(frozen=True)
class Heading:
    """A heading of a page: its level (1 to 6, after the page's order is kept), its id and
    its text."""

    level: int
    ident: str
    text: str


@dataclass(frozen=True)
class HtmlText:
    """Markdown as HTML: the top-level blocks, in order, and the headings among them."""

    blocks: tuple[str, ...]
    headings: tuple[Heading, ...]

    @property
    def html(self) -> str:
        """The blocks, one after another."""
        return "\n".join(self.blocks)


@dataclass
class PageIds:
    """The ids of one page, so that no two elements share one: headings' ids come from
    their text (``the-layout``, ``the-layout-2``), diagrams are numbered."""

    taken: set[str] = field(default_factory=set)
    figures: int = 0

    def claim(self, wanted: str) -> str:
        """``wanted`` as an id, made unique on the page."""
        base = slug(wanted) or "section"
        ident, number = base, 1
        while ident in self.taken:
            number += 1
            ident = f"{base}-{number}"
        self.taken.add(ident)
        return ident

    def figure(self) -> str:
        """The next diagram's id (``fig-1``, ``fig-2`` …)."""
        self.figures += 1
        return self.claim(f"fig-{self.figures}")


@dataclass
class Outline:
    """Heading levels in the order a web page needs them: one ``h1`` (the first), and no
    level more than one below the heading before it."""

    last: int = 0
    has_title: bool = False

    def level(self, wanted: int) -> int:
        """The level to give a heading the source set at ``wanted``."""
        level = wanted
        if level == 1 and self.has_title:
            level = 2
        level = max(1 if not self.has_title else 2, min(level, self.last + 1))
        self.has_title = self.has_title or level == 1
        self.last = level
        return level


def slug(text: str) -> str:
    """An id from words: ``How often can a deal be won?`` → ``how-often-can-a-deal-be-won``.

    >>> slug("TriPeaks: layout & scoring")
    'tripeaks-layout-scoring'
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = _SLUG_DROP.sub("", ascii_text.lower())
    return _SLUG_JOIN.sub("-", words).strip("-")


def text_html(text: str) -> str:
    """Plain ``text`` as HTML: escaped, suit symbols coloured.

    >>> text_html('10♥ & "Q♠"')
    '10<span class="suit red">♥</span> &amp; &quot;Q<span class="suit black">♠</span>&quot;'
    """

    def suit(match: re.Match[str]) -> str:
        char = match.group()
        colour = "red" if char in RED_SUITS else "black"
        return f'<span class="suit {colour}">{char}</span>'

    return _SUIT.sub(suit, escape(text))


def inline_html(tokens: Sequence[Token]) -> str:
    """The HTML of inline tokens (an ``inline`` token's children)."""
    out: list[str] = []
    for token in tokens:
        kind = token.type
        if kind in ("text", "text_special"):
            out.append(text_html(token.content))
        elif kind == "softbreak":
            out.append("\n")
        elif kind == "hardbreak":
            out.append("<br>")
        elif kind == "code_inline":
            out.append(f"<code>{text_html(token.content)}</code>")
        elif kind == "image":
            out.append(text_html(plain_text(token.children or ())))
        elif kind.endswith(("_open", "_close")):
            tag = _WRAPS.get(kind.rsplit("_", 1)[0])
            if tag is not None:  # a link's ends print nothing: its text is what shows
                out.append(f"<{tag}>" if token.nesting == 1 else f"</{tag}>")
        else:
            out.append(text_html(token.content))
    return "".join(out)


def markdown_inline_html(text: str) -> str:
    """One line of inline Markdown (``**bold**``, ``*italic*``, `` `code` ``) as HTML, for
    words set outside a document (a page's furniture); its paragraphs run together.

    >>> markdown_inline_html("Print at **100 %** <now>")
    'Print at <strong>100 %</strong> &lt;now&gt;'
    """
    parts = [
        inline_html(token.children or ()).strip() for token in parse(text) if token.type == "inline"
    ]
    return " ".join(part for part in parts if part)


def _class_attribute(names: Iterable[str]) -> str:
    names = [name for name in names if name]
    return f' class="{escape(" ".join(names))}"' if names else ""


class _Converter:
    """Walks the syntax tree into HTML blocks."""

    def __init__(
        self,
        figures: Mapping[str, WebFigureFactory],
        source: str | None,
        ids: PageIds,
        outline: Outline,
    ) -> None:
        self.figures = figures
        self.source = source
        self.ids = ids
        self.outline = outline
        self.headings: list[Heading] = []

    def blocks(self, node: SyntaxTreeNode) -> list[str]:
        """The HTML of the block content of ``node``, block by block."""
        out: list[str] = []
        children = node.children
        index = 0
        while index < len(children):
            child = children[index]
            if child.type == "marker" and marker_of(child).kind == "diagram":
                following = children[index + 1] if index + 1 < len(children) else None
                caption = following if following is not None and is_caption(following) else None
                out.append(self.figure(child, caption))
                index += 2 if caption is not None else 1
                continue
            html = self.block(child)
            if html:
                out.append(html)
            index += 1
        return out

    def inner(self, node: SyntaxTreeNode) -> str:
        """The blocks of ``node``, joined."""
        return "\n".join(self.blocks(node))

    def block(self, node: SyntaxTreeNode) -> str:
        """The HTML of one block."""
        kind = node.type
        if kind == "paragraph":
            return self.paragraph(node)
        if kind == "heading":
            return self.heading(node)
        if kind in ("bullet_list", "ordered_list"):
            return self.listing(node)
        if kind == "table":
            return self.table(node)
        if kind == "blockquote":
            return f'<div class="callout">\n{self.inner(node)}\n</div>'
        if kind == "hr":
            return "<hr>"
        if kind in ("fence", "code_block"):
            return f"<pre><code>{text_html(node.content.rstrip(chr(10)))}</code></pre>"
        if kind == "dl":
            return self.definitions(node)
        if kind == "marker":  # a page break: for the printer only
            return '<div class="page-break"></div>'
        if kind == "columns":
            count = marker_of(node).columns
            return f'<div class="columns columns-{count}">\n{self.inner(node)}\n</div>'
        if kind == "quickref":
            return f'<div class="quickref">\n{self.inner(node)}\n</div>'
        return self.inner(node)

    def paragraph(self, node: SyntaxTreeNode) -> str:
        """A paragraph (its bare text in a tight list item)."""
        content = inline_html(inline_tokens(node)).strip()
        if not content:
            return ""
        if node.hidden:
            return content
        return f"<p{_class_attribute(classes(node))}>{content}</p>"

    def heading(self, node: SyntaxTreeNode) -> str:
        """A heading, its level kept in the page's order, with an id."""
        tokens = inline_tokens(node)
        content = inline_html(tokens).strip()
        if not content:
            return ""
        text = " ".join(plain_text(tokens).split())
        wanted = node.attrs.get("id")
        ident = self.ids.claim(str(wanted) if wanted else text)
        level = self.outline.level(int(node.tag[1]))
        self.headings.append(Heading(level, ident, text))
        attributes = f' id="{ident}"{_class_attribute(classes(node))}'
        return f"<h{level}{attributes}>{content}</h{level}>"

    def listing(self, node: SyntaxTreeNode) -> str:
        """A bulleted or numbered list, nested lists inside."""
        items = "\n".join(f"<li>{self.inner(item)}</li>" for item in node.children)
        if node.type == "bullet_list":
            return f"<ul>\n{items}\n</ul>"
        start = node.attrs.get("start", 1)
        begin = f' start="{start}"' if isinstance(start, int) and start != 1 else ""
        return f"<ol{begin}>\n{items}\n</ol>"

    def definitions(self, node: SyntaxTreeNode) -> str:
        """A definition list."""
        parts = []
        for child in node.children:
            if child.type == "dt":
                parts.append(f"<dt>{inline_html(inline_tokens(child)).strip()}</dt>")
            else:
                parts.append(f"<dd>{self.inner(child)}</dd>")
        return "<dl>\n" + "\n".join(parts) + "\n</dl>"

    def table(self, node: SyntaxTreeNode) -> str:
        """A table, in a wrapper that scrolls sideways on its own when the screen is narrow."""
        parts = []
        for section in node.children:
            tag = "thead" if section.type == "thead" else "tbody"
            rows = []
            for row in section.children:
                cells = []
                for cell in row.children:
                    cell_tag = "th" if cell.type == "th" else "td"
                    align = _ALIGN.search(str(cell.attrs.get("style", "")))
                    attribute = _class_attribute([align.group(1)] if align else [])
                    content = inline_html(inline_tokens(cell)).strip()
                    cells.append(f"<{cell_tag}{attribute}>{content}</{cell_tag}>")
                rows.append("<tr>" + "".join(cells) + "</tr>")
            parts.append(f"<{tag}>\n" + "\n".join(rows) + f"\n</{tag}>")
        return scroller("table-wrap", "<table>\n" + "\n".join(parts) + "\n</table>")

    def figure(self, node: SyntaxTreeNode, caption: SyntaxTreeNode | None) -> str:
        """A diagram marker's figure: the drawing as inline SVG with its text alternative,
        and the caption after it."""
        made = call_diagram(self.figures, node, self.source)
        ident = self.ids.figure()
        if isinstance(made.drawing, Panels) and made.drawing.parts:
            drawings = [
                Markup(
                    inline_svg(
                        panel,
                        label=words,
                        prefix=f"{ident}-{number}",
                        scale=made.scale,
                        key=None if made.key is None else (made.key, number),
                    )
                )
                for number, (panel, words) in enumerate(made.drawing.parts, start=1)
            ]
            svg = part("panels", drawings=drawings)
        else:
            svg = Markup(
                inline_svg(
                    made.drawing, label=made.words, prefix=ident, scale=made.scale, key=made.key
                )
            )
        below = None
        if caption is not None:
            below = Markup(inline_html(inline_tokens(caption)).strip())
        table = _figure_table(made) if made.table else ""
        return part("figure", ident=ident, drawing=svg, caption=below, table=table)


def _figure_table(figure: WebFigure) -> Markup:
    """A figure's table, behind a button (``<details>``: no script needed)."""
    header, *rows = figure.table
    return part(
        "figure_table",
        title=Markup(text_html(figure.table_title)),
        header=[Markup(text_html(cell)) for cell in header],
        rows=[
            Row(tuple(Cell(Markup(text_html(cell))) for cell in row[1:]), Markup(text_html(row[0])))
            for row in rows
        ],
    )


def markdown_to_html(
    text: str,
    *,
    figures: Mapping[str, WebFigureFactory] | None = None,
    source: str | None = None,
    ids: PageIds | None = None,
    outline: Outline | None = None,
) -> HtmlText:
    """Markdown ``text`` as HTML blocks (see the module's text).

    ``figures`` maps the names used in ``[[diagram NAME …]]`` markers to factories; ``ids``
    and ``outline`` are the page's (pass them to put more on the same page).  A bad marker
    or an unknown diagram is a :class:`~printplay.core.errors.RulebookError` naming ``source``
    and the line, as in the PDF.
    """
    converter = _Converter(figures or {}, source, ids or PageIds(), outline or Outline())
    blocks = converter.blocks(tree(text, source=source))
    return HtmlText(tuple(blocks), tuple(converter.headings))


__all__ = [
    "Heading",
    "HtmlText",
    "Outline",
    "PageIds",
    "WebFigure",
    "WebFigureFactory",
    "inline_html",
    "markdown_inline_html",
    "markdown_to_html",
    "scroller",
    "slug",
    "text_html",
]
