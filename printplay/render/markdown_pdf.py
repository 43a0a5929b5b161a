"""Markdown to reportlab flowables: the typesetting half of every rulebook.

The Markdown is converted to HTML by the ``markdown`` package (extensions ``tables``, ``smarty``
(typographic quotes and apostrophes, so that straight and curly ones never mix),
``sane_lists``, ``def_list``, ``attr_list`` and ``fenced_code``), the HTML is parsed into a
small tree, and the tree is walked into platypus flowables set in
:class:`~printplay.render.styles.Styles`.

Besides ordinary Markdown, a line holding only a marker in double brackets is an instruction:

``[[diagram NAME key=value key2="two words"]]``
    calls ``diagrams[NAME](key="value", key2="two words")`` (values are strings) and places
    the flowable it returns, centred; a paragraph right after it that is all italic
    (``*The opening deal.*``) is its caption, set small and centred and kept with it;
``[[pagebreak]]``
    starts a new page;
``[[columns 2]]`` … ``[[/columns]]``
    sets what is between them in balanced columns (2 to 4); a heading and the block after
    it are never split between columns;
``[[quickref]]`` … ``[[/quickref]]``
    sets what is between them in the compact quick-reference styles, kept on one page.

A class from ``attr_list`` picks a style: ``# TriPeaks {: .title}``, or a paragraph followed
by ``{: .subtitle}`` (also ``small``, ``caption``, ``center``, ``lead``, ``callout``).
Headings h1 and h2 (not a title) become entries of the PDF's outline (bookmarks); a heading
is kept with the start of what follows it.  A blockquote is a shaded callout box: use it for
rulings and notes; blockquotes parted by a blank line are separate boxes.

Suit symbols are coloured wherever they appear (♥ ♦ red, ♠ ♣ black) and text is escaped
for reportlab's paragraph mini-markup:

>>> suit_markup("A&K <3 ♥")
'A&amp;K &lt;3 <font color="#c8102e">♥</font>'
>>> html_to_markup("<strong>Q♠</strong> beats <em>J</em>")
'<b>Q<font color="#000000">♠</font></b> beats <i>J</i>'
"""

from __future__ import annotations

import inspect
import re
import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import Any, Literal, cast

import markdown
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Preformatted,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import ActionFlowable
from reportlab.platypus.flowables import BalancedColumns, CallerMacro, HRFlowable

from printplay.errors import RulebookError
from printplay.render.fonts import MONO
from printplay.render.styles import Palette, Styles, book_palette, book_styles, suit_markup

__all__ = [
    "DiagramFactory",
    "RulebookError",
    "fill_frame",
    "html_to_markup",
    "markdown_to_flowables",
    "markdown_to_html",
    "suit_markup",
]

DiagramFactory = Callable[..., Flowable]
"""Something that draws a diagram: called with the marker's ``key=value`` pairs as strings."""

MARKDOWN_EXTENSIONS = ("tables", "sane_lists", "def_list", "attr_list", "fenced_code", "smarty")
"""The Python-Markdown extensions a rulebook source may use."""


# --------------------------------------------------------------------------------------------
# A small HTML tree


_VOID = frozenset({"br", "hr", "img", "wbr", "col", "input", "meta", "link", "source"})


@dataclass
class _Node:
    """An HTML element: tag, attributes and children (elements and text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[_Node | str] = field(default_factory=list)

    def text(self) -> str:
        """All the text inside, without markup."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def elements(self, *tags: str) -> list[_Node]:
        """The child elements, those with one of ``tags`` if any are given."""
        return [c for c in self.children if isinstance(c, _Node) and (not tags or c.tag in tags)]

    @property
    def classes(self) -> list[str]:
        """The element's CSS classes."""
        return self.attrs.get("class", "").split()


class _TreeBuilder(HTMLParser):
    """Parse (Markdown's) HTML into a :class:`_Node` tree, forgiving unclosed elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("root")
        self._stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs})
        self._stack[-1].children.append(node)
        if tag not in _VOID:
            self._stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._stack[-1].children.append(_Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._stack) - 1, 0, -1):
            if self._stack[depth].tag == tag:
                del self._stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self._stack[-1].children.append(data)


def _parse_html(html: str) -> _Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


_INLINE_WRAP = {
    "strong": ("<b>", "</b>"),
    "b": ("<b>", "</b>"),
    "em": ("<i>", "</i>"),
    "i": ("<i>", "</i>"),
    "del": ("<strike>", "</strike>"),
    "s": ("<strike>", "</strike>"),
    "strike": ("<strike>", "</strike>"),
    "u": ("<u>", "</u>"),
    "ins": ("<u>", "</u>"),
    "sup": ("<super>", "</super>"),
    "sub": ("<sub>", "</sub>"),
}


def _inline(children: list[_Node | str], palette: Palette, mono: str) -> str:
    """Mini-markup for inline content."""
    out: list[str] = []
    for child in children:
        if isinstance(child, str):
            out.append(suit_markup(child, palette))
        elif child.tag == "br":
            out.append("<br/>")
        elif child.tag == "img":
            out.append(suit_markup(child.attrs.get("alt", ""), palette))
        elif child.tag == "code":
            out.append(f'<font face="{mono}">{_inline(child.children, palette, mono)}</font>')
        elif child.tag in _INLINE_WRAP:
            start, end = _INLINE_WRAP[child.tag]
            out.append(start + _inline(child.children, palette, mono) + end)
        else:  # links are printed as their text; unknown inline elements as their content
            out.append(_inline(child.children, palette, mono))
    return "".join(out)


def html_to_markup(html: str, palette: Palette | None = None) -> str:
    """Convert an inline HTML fragment (``<strong>``, ``<em>``, ``<code>``, …) to mini-markup.

    Links become their text; suits are coloured and text escaped as by :func:`markup_text`.
    """
    return _inline(_parse_html(html).children, palette or book_palette(), MONO).strip()


def markdown_to_html(text: str) -> str:
    """Markdown to HTML with the rulebook extensions (markers are not interpreted here)."""
    html: str = markdown.markdown(text, extensions=list(MARKDOWN_EXTENSIONS), output_format="html")
    return html


# --------------------------------------------------------------------------------------------
# Markers


_MARKER_LINE = re.compile(r"^([ \t]*)\[\[(.*?)\]\][ \t]*$", re.MULTILINE)
_PLACEHOLDER = re.compile(r"^PPMARKER(\d{4,})END$")
_QUOTES_APART = re.compile(r"^(>[^\n]*\n)(?:[ \t]*\n)+(?=>)", re.MULTILINE)
_REGIONS = {"columns", "quickref"}
_MARKER_KINDS = ("diagram", "pagebreak", "columns", "/columns", "quickref", "/quickref")


@dataclass(frozen=True)
class _Marker:
    """A parsed ``[[kind args...]]`` marker."""

    kind: str
    args: tuple[str, ...]
    source: str


def _parse_marker(body: str) -> _Marker:
    source = f"[[{body}]]"
    try:
        words = shlex.split(body)
    except ValueError as error:
        raise RulebookError(f"cannot read marker {source}: {error}") from None
    if not words or words[0] not in _MARKER_KINDS:
        known = ", ".join(f"[[{kind}]]" for kind in _MARKER_KINDS)
        raise RulebookError(f"unknown marker {source} (known markers: {known})")
    return _Marker(words[0], tuple(words[1:]), source)


def _extract_markers(text: str) -> tuple[str, list[_Marker]]:
    """Replace each marker line by a placeholder paragraph Markdown leaves alone."""
    markers: list[_Marker] = []

    def replace_line(match: re.Match[str]) -> str:
        markers.append(_parse_marker(match.group(2).strip()))
        return f"\n{match.group(1)}PPMARKER{len(markers) - 1:04d}END\n"

    def separate(match: re.Match[str]) -> str:
        markers.append(_Marker("", (), ""))  # sets nothing: only keeps the quotes apart
        return f"{match.group(1)}\nPPMARKER{len(markers) - 1:04d}END\n\n"

    text = _MARKER_LINE.sub(replace_line, text)
    # Python-Markdown merges blockquotes parted by a blank line; CommonMark (and the author)
    # mean two: each blockquote is a callout box of its own.
    return _QUOTES_APART.sub(separate, text), markers


# --------------------------------------------------------------------------------------------
# Blocks


_ALIGN: dict[str, Literal[0, 1, 2, 4]] = {
    "left": TA_LEFT,
    "right": TA_RIGHT,
    "center": TA_CENTER,
    "justify": TA_JUSTIFY,
}
_BULLETS = ("•", "–", "◦")
_COLUMN_GAP = 16.0
_TALL = 10_000.0
_SHORT_TABLE = 15
"""Tables of at most this many rows are not split across pages or columns."""
_SHORT_LIST = 6
"""Lists of at most this many items are kept whole with a heading above them."""
_KEEP_SPACE = 96.0
"""Room needed below a heading that precedes a long list or table, else a new page."""
_NO_PADDING = [
    (f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")
]


@dataclass(frozen=True)
class _Context:
    """Where blocks are being set: the styles, the width and the default paragraph style."""

    styles: Styles
    width: float
    para: ParagraphStyle
    item: ParagraphStyle
    depth: int = 0


@dataclass
class _Region:
    """An open ``[[columns]]`` or ``[[quickref]]`` region and what has been set inside it."""

    marker: _Marker
    outer: _Context
    flowables: list[Flowable] = field(default_factory=list)


class _Converter:
    """Walks the HTML tree into flowables."""

    def __init__(
        self,
        markers: list[_Marker],
        diagrams: Mapping[str, DiagramFactory] | None,
        *,
        outline: bool = True,
    ) -> None:
        self.markers = markers
        self.diagrams = diagrams or {}
        self.outline = outline
        self.mono = MONO
        self.diagram_holders: set[int] = set()
        self.unsplittable: set[int] = set()  # short tables: never split
        self.big: set[int] = set()  # long lists and tables: never kept whole with a heading

    # -- containers ------------------------------------------------------------------------

    def blocks(self, node: _Node, ctx: _Context) -> list[Flowable]:
        """The flowables for the block content of ``node``."""
        top: list[Flowable] = []
        out = top  # where flowables go: the top list or the innermost open region's
        regions: list[_Region] = []
        inline: list[_Node | str] = []

        def flush() -> None:
            markup = _inline(inline, ctx.styles.palette, self.mono).strip()
            if markup:
                out.append(Paragraph(markup, ctx.para))
            inline.clear()

        for child in node.children:
            if isinstance(child, str) or child.tag not in _BLOCK_TAGS:
                inline.append(child)
                continue
            flush()
            marker = self._marker_of(child)
            if marker is None:
                if out and id(out[-1]) in self.diagram_holders and _is_emphasis_only(child):
                    child = replace(child, attrs={**child.attrs, "class": "caption"})
                new = self.block(child, ctx)
                if new and out:
                    _keep_together(out[-1], new[0], ctx, self.diagram_holders)
                out.extend(new)
            elif marker.kind in _REGIONS:
                regions.append(_Region(marker, ctx))
                ctx = self._enter(marker, ctx)
                out = regions[-1].flowables
            elif marker.kind.startswith("/"):
                if not regions or regions[-1].marker.kind != marker.kind[1:]:
                    raise RulebookError(f"{marker.source} closes no open [[{marker.kind[1:]}]]")
                region = regions.pop()
                ctx = region.outer
                out = regions[-1].flowables if regions else top
                if region.marker.kind == "quickref":
                    _room_for(out, region.flowables, ctx.width)
                out.extend(self._close(region, ctx))
            else:
                out.extend(self.marker(marker, ctx))
        flush()
        if regions:
            raise RulebookError(f"{regions[-1].marker.source} is never closed")
        return top

    def _marker_of(self, node: _Node) -> _Marker | None:
        if node.tag != "p" or node.elements():
            return None
        match = _PLACEHOLDER.match(node.text().strip())
        return self.markers[int(match.group(1))] if match else None

    # -- regions ---------------------------------------------------------------------------

    def _enter(self, marker: _Marker, ctx: _Context) -> _Context:
        if marker.kind == "quickref":
            compact = ctx.styles.compact or ctx.styles
            return replace(ctx, styles=compact, para=compact.body, item=compact.list_item)
        columns = self._column_count(marker)
        width = (ctx.width - (columns - 1) * _COLUMN_GAP) / columns
        return replace(ctx, width=width)

    def _column_count(self, marker: _Marker) -> int:
        text = marker.args[0] if marker.args else "2"
        if not text.isdigit() or not 2 <= int(text) <= 4:
            raise RulebookError(f"{marker.source}: the number of columns must be 2, 3 or 4")
        return int(text)

    def _close(self, region: _Region, outer: _Context) -> list[Flowable]:
        if region.marker.kind == "quickref":
            # One block: it moves to the next page whole rather than leave a page nearly
            # empty before it, or split a card a player cuts out.
            return region.flowables
        if not region.flowables:
            return []
        count = self._column_count(region.marker)
        width = (outer.width - (count - 1) * _COLUMN_GAP) / count
        columns = BalancedColumns(
            self.keep_together(region.flowables, column_width=width),
            nCols=count,
            innerPadding=_COLUMN_GAP,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            spaceAfter=float(outer.styles.body.spaceAfter) + 4,
        )
        return [columns]

    # -- keeping things together -------------------------------------------------------------

    def keep_together(
        self, flowables: list[Flowable], *, column_width: float | None = None
    ) -> list[Flowable]:
        """Group each run of keep-with-next flowables with the block that follows it.

        reportlab's own ``keepWithNext`` ignores containers such as lists, so the grouping is
        done here: a heading (or a diagram before its caption, or a paragraph ending in a
        colon) is kept whole with a small following block; before a long list or table it
        instead asks for some room, so no big gap is left on the page.  Short tables are
        never split.  In balanced columns (``column_width`` given) a group is held in a
        one-cell table, which the column balancer cannot split, instead of a KeepTogether.
        """
        out: list[Flowable] = []
        run: list[Flowable] = []
        for flowable in flowables:
            if _sticky(flowable):
                run.append(flowable)
                continue
            if id(flowable) in self.big:
                # a long table never starts with its header and a row or two at a page foot
                if (run or isinstance(flowable, Table)) and column_width is None:
                    out.append(CondPageBreak(_KEEP_SPACE))
                out += run
                out.append(flowable)
            elif run or id(flowable) in self.unsplittable:
                group = [*run, flowable]
                out.append(
                    _KeepWhole(group) if column_width is None else _unit(group, column_width)
                )
            else:
                out.append(flowable)
            for kept in run:
                kept.keepWithNext = 0
            run = []
        return out + run

    # -- markers ---------------------------------------------------------------------------

    def marker(self, marker: _Marker, ctx: _Context) -> list[Flowable]:
        """The flowables of a ``[[diagram ...]]`` or ``[[pagebreak]]`` marker."""
        if not marker.kind:
            return []
        if marker.kind == "pagebreak":
            if marker.args:
                raise RulebookError(f"{marker.source}: [[pagebreak]] takes no arguments")
            return [PageBreak()]
        return [self.diagram(marker, ctx)]

    def diagram(self, marker: _Marker, ctx: _Context) -> Flowable:
        """Call the diagram factory a ``[[diagram NAME k=v ...]]`` marker names."""
        if not marker.args:
            raise RulebookError(f"{marker.source}: a diagram marker needs a diagram name")
        name, *pairs = marker.args
        if name not in self.diagrams:
            known = ", ".join(sorted(self.diagrams)) or "none"
            raise RulebookError(
                f"unknown diagram {name!r} in {marker.source} (known diagrams: {known})"
            )
        kwargs: dict[str, str] = {}
        for pair in pairs:
            key, equals, value = pair.partition("=")
            if not equals or not key.isidentifier():
                raise RulebookError(f"{marker.source}: expected key=value, got {pair!r}")
            kwargs[key] = value
        factory = self.diagrams[name]
        try:
            inspect.signature(factory).bind(**kwargs)
        except TypeError as error:
            message = f"{marker.source}: bad arguments for diagram {name!r}: {error}"
            raise RulebookError(message) from None
        except ValueError:  # no signature available (a builtin): let the call decide
            pass
        drawing: Flowable = factory(**kwargs)
        if not hasattr(drawing, "wrapOn"):
            raise RulebookError(f"diagram {name!r} returned {drawing!r}, not a flowable")
        width, _ = drawing.wrap(ctx.width, _TALL)
        if float(width) > ctx.width + 0.5:
            raise RulebookError(
                f"{marker.source}: the diagram is {float(width):.0f} pt wide, "
                f"more than the {ctx.width:.0f} pt available"
            )
        holder: Flowable = Table(
            [[drawing]],
            colWidths=[float(width)],
            style=TableStyle(_NO_PADDING),
            hAlign="CENTER",
            spaceBefore=8,
            spaceAfter=float(ctx.styles.body.spaceAfter) + 4,
        )
        self.diagram_holders.add(id(holder))
        return holder

    # -- single blocks ---------------------------------------------------------------------

    def block(self, node: _Node, ctx: _Context) -> list[Flowable]:
        """The flowables of one block element."""
        tag = node.tag
        if tag == "p":
            return self.paragraph(node, self._style_for(node, ctx.para, ctx), ctx)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            return self.heading(node, ctx)
        if tag in ("ul", "ol"):
            return [self.listing(node, ctx)]
        if tag == "table":
            return self.table(node, ctx)
        if tag == "blockquote":
            return [self.callout(node, ctx)]
        if tag == "hr":
            return [self.rule(ctx)]
        if tag == "pre":
            return [Preformatted(node.text().rstrip("\n"), ctx.styles.code)]
        if tag == "dl":
            return self.definitions(node, ctx)
        return self.blocks(node, ctx)  # div and friends: their content

    def paragraph(self, node: _Node, style: ParagraphStyle, ctx: _Context) -> list[Flowable]:
        """A paragraph in ``style`` (nothing for an empty one)."""
        markup = _inline(node.children, ctx.styles.palette, self.mono).strip()
        return [Paragraph(markup, style)] if markup else []

    def _style_for(self, node: _Node, default: ParagraphStyle, ctx: _Context) -> ParagraphStyle:
        for name in node.classes:
            style = ctx.styles.by_class(name)
            if style is not None:
                return style
        return default

    def heading(self, node: _Node, ctx: _Context) -> list[Flowable]:
        """A heading: kept with what follows; h1 and h2 also get a PDF outline entry."""
        styles = ctx.styles
        level = int(node.tag[1])
        default = (styles.h1, styles.h2, styles.h3)[min(level, 3) - 1]
        style = self._style_for(node, default, ctx)
        markup = _inline(node.children, styles.palette, self.mono).strip()
        if not markup:
            return []
        out: list[Flowable] = []
        plain = " ".join(node.text().split())
        if self.outline and (style is styles.h1 or style is styles.h2):
            out.append(outline_entry(plain, 0 if style is styles.h1 else 1))
        out.append(Paragraph(markup, style))
        if style is styles.h1:
            rule = HRFlowable(
                width="100%",
                thickness=0.9,
                color=styles.palette.accent,
                spaceBefore=0,
                spaceAfter=float(styles.h1.spaceAfter) + 2,
            )
            rule.keepWithNext = 1
            out.append(rule)
        return out

    def listing(self, node: _Node, ctx: _Context) -> Flowable:
        """A bulleted (``ul``) or numbered (``ol``) list, nested lists inside."""
        styles = ctx.styles
        ordered = node.tag == "ol"
        indent = styles.list_indent * (1.25 if ordered else 1.0)
        inner = replace(ctx, width=ctx.width - indent, para=ctx.item, depth=ctx.depth + 1)
        items: list[Any] = [
            ListItem(self.blocks(li, inner) or [Paragraph("", inner.para)])
            for li in node.elements("li")
        ]
        options: dict[str, Any] = {
            "leftIndent": indent,
            "bulletFontName": _family(ctx.item.fontName),
            "bulletFontSize": float(ctx.item.fontSize),
            "bulletColor": styles.palette.accent,
            "spaceBefore": 0,
            "spaceAfter": float((ctx.item if ctx.depth else ctx.para).spaceAfter),
        }
        if ordered:
            start = node.attrs.get("start", "1")
            options.update(
                bulletType="1",
                start=int(start) if start.isdigit() else 1,
                bulletFormat="%s.",
                bulletDedent=indent,
            )
        else:
            options.update(
                bulletType="bullet",
                start=_BULLETS[ctx.depth % len(_BULLETS)],
                bulletDedent=indent * 0.8,
            )
        listing: Flowable = ListFlowable(items, **options)
        if len(items) > _SHORT_LIST:
            self.big.add(id(listing))
        return listing

    def definitions(self, node: _Node, ctx: _Context) -> list[Flowable]:
        """A definition list: each term in bold, its definitions indented below."""
        styles = ctx.styles
        out: list[Flowable] = []
        for child in node.elements("dt", "dd"):
            if child.tag == "dt":
                out.extend(self.paragraph(child, styles.term, ctx))
            else:
                inner = replace(ctx, width=ctx.width - 16, para=styles.definition)
                out.extend(self.blocks(child, inner))
        return out

    def rule(self, ctx: _Context) -> Flowable:
        """A horizontal rule (``---``)."""
        rule: Flowable = HRFlowable(
            width="100%",
            thickness=0.6,
            color=ctx.styles.palette.rule,
            spaceBefore=4,
            spaceAfter=float(ctx.styles.body.spaceAfter) + 4,
        )
        return rule

    def callout(self, node: _Node, ctx: _Context) -> Flowable:
        """A blockquote, set as a shaded box with an accent bar: rulings, notes, examples."""
        styles = ctx.styles
        pad_left, pad_right, bar = 10.0, 9.0, 2.6
        inner_width = ctx.width - pad_left - pad_right
        item = ParagraphStyle(
            "callout_item", parent=styles.callout, spaceAfter=styles.list_item.spaceAfter
        )
        inner = replace(ctx, width=inner_width, para=styles.callout, item=item)
        content = self.blocks(node, inner)
        if not content:
            return Paragraph("", styles.body)
        _trim_space_after(content)
        box: Flowable = Table(
            [[content]],
            colWidths=[ctx.width],
            style=TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), styles.palette.callout_fill),
                    ("LINEBEFORE", (0, 0), (0, -1), bar, styles.palette.accent),
                    ("LEFTPADDING", (0, 0), (-1, -1), pad_left),
                    ("RIGHTPADDING", (0, 0), (-1, -1), pad_right),
                    ("TOPPADDING", (0, 0), (-1, -1), 6),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            ),
            hAlign="LEFT",
            splitInRow=1,
            spaceBefore=3,
            spaceAfter=float(styles.body.spaceAfter) + 4,
        )
        return box

    # -- tables ----------------------------------------------------------------------------

    def table(self, node: _Node, ctx: _Context) -> list[Flowable]:
        """A Markdown table: header row shaded, zebra body rows, widths fitted to the text."""
        styles = ctx.styles
        header_rows: list[_Node] = []
        body_rows: list[_Node] = []
        for part in node.elements():
            if part.tag == "tr":
                body_rows.append(part)
            elif part.tag in ("thead", "tbody", "tfoot"):
                rows = part.elements("tr")
                (header_rows if part.tag == "thead" else body_rows).extend(rows)
        rows = header_rows + body_rows
        if not rows:
            return []
        ncols = max(len(row.elements("th", "td")) for row in rows)
        data: list[list[Paragraph]] = []
        widths: list[list[tuple[float, float]]] = []
        for index, row in enumerate(rows):
            cells = row.elements("th", "td")
            cells += [_Node("td")] * (ncols - len(cells))
            line: list[Paragraph] = []
            sizes: list[tuple[float, float]] = []
            for cell in cells:
                base = styles.table_header if index < len(header_rows) else styles.table_cell
                align = _cell_alignment(cell)
                style = (
                    base
                    if align is None
                    else ParagraphStyle(f"{base.name}-{align}", parent=base, alignment=align)
                )
                line.append(Paragraph(_inline(cell.children, styles.palette, self.mono), style))
                sizes.append(_text_extent(_cell_text(cell), style))
            data.append(line)
            widths.append(sizes)
        col_widths = _fit_columns(widths, ctx.width, 2 * styles.cell_padding)
        header = len(header_rows)
        palette = styles.palette
        commands: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), styles.cell_padding),
            ("RIGHTPADDING", (0, 0), (-1, -1), styles.cell_padding),
            ("TOPPADDING", (0, 0), (-1, -1), styles.row_padding[0]),
            ("BOTTOMPADDING", (0, 0), (-1, -1), styles.row_padding[1]),
            ("LINEABOVE", (0, 0), (-1, 0), 0.9, palette.accent),
            ("LINEBELOW", (0, -1), (-1, -1), 0.9, palette.accent),
        ]
        if header:
            commands += [
                ("BACKGROUND", (0, 0), (-1, header - 1), palette.header_fill),
                ("LINEBELOW", (0, header - 1), (-1, header - 1), 0.6, palette.accent),
                ("VALIGN", (0, 0), (-1, header - 1), "BOTTOM"),
            ]
        if len(rows) > header + 1:
            commands.append(("ROWBACKGROUNDS", (0, header), (-1, -1), [None, palette.zebra_fill]))
        table = Table(
            data,
            colWidths=col_widths,
            repeatRows=header,
            style=TableStyle(commands),
            hAlign="LEFT",
            spaceBefore=3,
            spaceAfter=float(styles.body.spaceAfter) + 5,
        )
        (self.big if len(rows) > _SHORT_TABLE else self.unsplittable).add(id(table))
        return [table]


_BLOCK_TAGS = frozenset(
    {
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote", "hr",
        "pre", "dl", "div", "section", "figure",
    }
)  # fmt: skip


def _unit(flowables: list[Flowable], width: float) -> Flowable:
    """``flowables`` in a one-cell table: never split, even by balanced columns."""
    space_before = float(flowables[0].getSpaceBefore())
    space_after = float(flowables[-1].getSpaceAfter())
    unit: Flowable = Table(
        [[flowables]],
        colWidths=[width],
        style=TableStyle(_NO_PADDING),
        hAlign="LEFT",
        spaceBefore=space_before,
        spaceAfter=space_after,
    )
    return unit


def _is_emphasis_only(node: _Node) -> bool:
    """A paragraph that is all italic (``*like this*``) and has no class of its own."""
    if node.tag != "p" or "class" in node.attrs:
        return False
    content = [c for c in node.children if not (isinstance(c, str) and not c.strip())]
    return len(content) == 1 and isinstance(content[0], _Node) and content[0].tag == "em"


def _family(font: str) -> str:
    """The regular face of a font's family (bullets are never bold or italic)."""
    return font.split("-")[0]


def _room_for(out: list[Flowable], region: list[Flowable], width: float) -> None:
    """Ask for room for a whole quick reference (and the heading run before it): it starts
    a new page only if it does not fit, instead of always, so no page is left nearly empty
    before it, and a card a player cuts out is not split.  A quick reference longer than
    a page asks for nothing and flows."""
    start = len(out)
    while start and _sticky(out[start - 1]):
        start -= 1
    try:
        need = sum(
            f.wrap(width, 10_000)[1] + float(f.getSpaceBefore()) + float(f.getSpaceAfter())
            for f in [*out[start:], *region]
        )
    except (AttributeError, TypeError):  # a flowable that cannot measure itself here
        return
    out.insert(start, CondPageBreak(need))


def _sticky(flowable: Flowable) -> bool:
    """Whether ``flowable`` is to be kept with the next one."""
    keep_with_next = cast(Callable[[], object], flowable.getKeepWithNext)  # untyped in stubs
    return bool(keep_with_next())


def _keep_together(
    previous: Flowable, following: Flowable, ctx: _Context, diagrams: set[int]
) -> None:
    """Keep a diagram with its caption, and a paragraph ending in a colon with what it opens."""
    if id(previous) in diagrams:
        if isinstance(following, Paragraph) and following.style is ctx.styles.caption:
            previous.keepWithNext = 1
    elif (
        isinstance(previous, Paragraph)
        and not isinstance(following, Paragraph)
        and previous.getPlainText().rstrip().endswith(":")
    ):
        previous.keepWithNext = 1


def _cell_alignment(cell: _Node) -> Literal[0, 1, 2, 4] | None:
    align = cell.attrs.get("align", "")
    match = re.search(r"text-align:\s*(\w+)", cell.attrs.get("style", ""))
    if match:
        align = match.group(1)
    return _ALIGN.get(align.lower())


_BREAKING_SPACE = re.compile(r"[ \t\r\f\v]+")


def _cell_text(node: _Node | str) -> str:
    """A cell's text, a line break (``<br>``) as a new line."""
    if isinstance(node, str):
        return node
    if node.tag == "br":
        return "\n"
    return "".join(_cell_text(child) for child in node.children)


def _text_extent(text: str, style: ParagraphStyle) -> tuple[float, float]:
    """The widths of the longest word and of the longest line of a cell, set in ``style``.

    Words are parted by breaking white space only: a no-break space joins its neighbours.
    """
    font, size = str(style.fontName), float(style.fontSize)
    lines = [_BREAKING_SPACE.split(line.strip()) for line in text.split("\n")]
    words = [word for line in lines for word in line if word]
    if not words:
        return 0.0, 0.0
    whole = max(float(stringWidth(" ".join(line), font, size)) for line in lines)
    longest = max(float(stringWidth(word, font, size)) for word in words)
    return longest, whole


def _fit_columns(
    extents: list[list[tuple[float, float]]], width: float, padding: float
) -> list[float]:
    """Column widths that fit ``width``: natural widths if they fit, else shared out.

    Each column gets at least its longest word; the room left is shared in proportion to
    how much more each column would like.
    """
    ncols = len(extents[0])
    slack = 1.0  # rounding in text measurement
    low = [max(row[c][0] for row in extents) + padding + slack for c in range(ncols)]
    high = [max(row[c][1] for row in extents) + padding + slack for c in range(ncols)]
    high = [max(h, lo, 2 * padding) for h, lo in zip(high, low, strict=True)]
    if sum(high) <= width:
        return high
    if sum(low) >= width:
        return [width * lo / sum(low) for lo in low]
    room = width - sum(low)
    wants = [h - lo for h, lo in zip(high, low, strict=True)]
    total = sum(wants)
    return [lo + room * want / total for lo, want in zip(low, wants, strict=True)]


def _trim_space_after(flowables: list[Flowable]) -> None:
    """Drop the space after the last flowable of a box, so its padding is even."""
    last = flowables[-1]
    if isinstance(last, Paragraph):
        last.style = ParagraphStyle(f"{last.style.name}-last", parent=last.style, spaceAfter=0)
    else:
        last.spaceAfter = 0


class _KeepWhole(KeepTogether):
    """A group kept on one page, counting the space above a heading that opens it.

    A heading comes after its outline bookmark (:func:`outline_entry`), a flowable with no
    height.  reportlab's estimate of a group's height skips such a flowable and takes the
    heading for the top of the frame, so it leaves out the space above the heading, which
    the frame does add: a group that only just fit by the estimate spilled its last line
    (one tip, one table row) onto the next page.
    """

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        group: Any = self  # reportlab's private fields are not in its stubs
        content = group._content
        if len(content) > 1 and isinstance(content[0], CallerMacro):
            group._H += float(content[1].getSpaceBefore())
        return size


def outline_entry(title: str, level: int) -> Flowable:
    """A zero-size flowable that bookmarks its position and adds a PDF outline entry.

    The bookmark key and the outline level are kept on the canvas, so keys are unique and
    levels never jump (an h2 before any h1 goes to the top level) however the flowables of
    several sources are combined.
    """

    def draw(macro: Any, *_: float) -> None:
        canvas = macro.canv
        state: list[int] | None = getattr(canvas, "_printplay_outline", None)
        if state is None:
            state = [0, -1]
            canvas._printplay_outline = state
            canvas.showOutline()
        state[0] += 1
        key = f"printplay-section-{state[0]}"
        depth = min(level, state[1] + 1)
        canvas.bookmarkHorizontal(key, 0, 0)
        canvas.addOutlineEntry(title, key, level=depth, closed=depth > 0)
        state[1] = depth

    entry: Flowable = CallerMacro(drawCallable=draw)
    entry.keepWithNext = 1
    return entry


def fill_frame(frame: Frame, flowables: Sequence[Flowable], canvas: Any) -> bool:
    """Draw ``flowables`` into ``frame`` on ``canvas`` whole, nothing split, outside any
    document (a card, a page drawn by hand); whether they all fit.

    Groups kept together are opened and conditional page breaks dropped: they only matter
    between pages.  A page break is an error.
    """
    return all(frame.add(flowable, canvas, trySplit=0) for flowable in _opened(flowables))


def _opened(flowables: Sequence[Flowable]) -> Iterator[Flowable]:
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):
            yield from _opened(flowable._content)  # type: ignore[attr-defined]
        elif isinstance(flowable, PageBreak):
            raise RulebookError("a page break where the text must fit in one frame")
        elif not isinstance(flowable, CondPageBreak | ActionFlowable):
            yield flowable


def markdown_to_flowables(
    text: str,
    *,
    styles: Styles | None = None,
    width: float,
    diagrams: Mapping[str, DiagramFactory] | None = None,
    outline: bool = True,
) -> list[Flowable]:
    """Typeset Markdown ``text`` as platypus flowables for a frame ``width`` points wide.

    ``styles`` defaults to :func:`~printplay.render.styles.book_styles`; ``diagrams`` maps the
    names used in ``[[diagram NAME ...]]`` markers to factories returning flowables;
    ``outline=False`` gives headings no outline entry (text drawn on a card, not a page).
    Raises :class:`RulebookError` for a bad marker or an unknown diagram.
    """
    styles = styles or book_styles()
    source, markers = _extract_markers(text)
    tree = _parse_html(markdown_to_html(source))
    converter = _Converter(markers, diagrams, outline=outline)
    flowables = converter.blocks(
        tree, _Context(styles, float(width), styles.body, styles.list_item)
    )
    return converter.keep_together(flowables)
