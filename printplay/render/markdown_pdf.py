"""Markdown to reportlab flowables: the typesetting half of every rulebook.

The Markdown is parsed once by :mod:`printplay.markup` (markdown-it: CommonMark with
tables, definition lists, typographic quotes and dashes, ``[[marker]]`` lines and
``{: .class}`` attribute lists; raw HTML is text) and its syntax tree is walked into
platypus flowables set in :class:`~printplay.render.styles.Styles`.

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

A class picks a style: ``# TriPeaks {: .title}``, or a paragraph followed by
``{: .subtitle}`` (also ``small``, ``caption``, ``center``, ``lead``, ``callout``).
Headings h1 and h2 (not a title) become entries of the PDF's outline (bookmarks); a heading
is kept with the start of what follows it.  A blockquote is a shaded callout box: use it for
rulings and notes; blockquotes parted by a blank line are separate boxes.

Suit symbols are coloured wherever they appear (♥ ♦ red, ♠ ♣ black) and text is escaped
for reportlab's paragraph mini-markup:

>>> suit_markup("A&K <3 ♥")
'A&amp;K &lt;3 <font color="#c8102e">♥</font>'
>>> markdown_markup("**Q♠** beats *J*")
'<b>Q<font color="#000000">♠</font></b> beats <i>J</i>'

Whatever cannot be set is a :class:`RulebookError` naming the source and the line of the
rendered text: a bad marker, an unknown diagram, nesting too deep for the page.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from reportlab.graphics.shapes import String
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Preformatted,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import ActionFlowable, LayoutError
from reportlab.platypus.flowables import BalancedColumns, CallerMacro, HRFlowable

from printplay.core.errors import RulebookError
from printplay.markup import SyntaxTreeNode, classes, line_of, located, marker_of, tree, where
from printplay.markup.nodes import call_diagram, inline_tokens, is_caption
from printplay.render.document import Paragraph
from printplay.render.inline import inline_markup, markdown_markup, plain_text
from printplay.render.md_table import narrowest_column, row_heights, table_rows, typeset_table
from printplay.render.pdf_outline import outline_entry
from printplay.render.styles import MIN_TEXT, Styles, book_styles, suit_markup

__all__ = [
    "MIN_WIDTH",
    "DiagramFactory",
    "RulebookError",
    "fill_frame",
    "markdown_markup",
    "markdown_to_flowables",
    "outline_entry",
    "page_errors",
    "suit_markup",
]

DiagramFactory = Callable[..., Flowable]
"""Something that draws a diagram: called with the marker's ``key=value`` pairs as strings."""

MAX_PARAGRAPH = 20_000
"""The most characters of markup a paragraph may hold (a rulebook's longest holds about
1,500): a longer one would take minutes to set over its pages."""

MIN_WIDTH = 36.0
"""The narrowest a block may be set, in points: a blockquote or list nested so deep that
its text would be narrower is refused."""

_BULLETS = ("•", "–", "◦")
_COLUMN_GAP = 16.0
_COLUMNS_NEED = 72.0
"""Room balanced columns need on a page to start there (reportlab's default)."""
_TALL = 10_000.0

_WHOLE = 0.25
"""A callout box no taller than this share of a page is kept whole: split at the foot of
a page, a box of a line or two could leave its text on one page and an empty box on the
next."""
_SHORT_TABLE = 15
"""Tables of at most this many rows are not split across pages or columns."""
_SHORT_LIST = 4
"""Lists of at most this many items are kept whole with a heading above them."""
_KEEP_SPACE = 96.0
"""Room needed below a heading that precedes a long list or table, else a new page."""
_DEFINITION_INDENT = 16.0
_NAMES = {
    "columns": "a [[columns]] region",
    "bullet_list": "a list",
    "ordered_list": "a list",
    "dl": "a definition list",
    "blockquote": "a blockquote",
}
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
    inside: str = ""
    """The block being set inside (``a blockquote``), where neither a page break nor
    columns can go."""


class _Converter:
    """Walks the syntax tree into flowables."""

    def __init__(
        self,
        diagrams: Mapping[str, DiagramFactory] | None,
        *,
        outline: bool,
        source: str | None,
        height: float | None,
    ) -> None:
        self.diagrams = diagrams or {}
        self.outline = outline
        self.source = source
        self.height = height
        self.diagram_holders: set[int] = set()
        self.unsplittable: set[int] = set()  # short tables: never split
        self.big: set[int] = set()  # long lists and tables: never kept whole with a heading
        self.units: set[int] = set()  # groups held whole in balanced columns

    def error(self, node: SyntaxTreeNode, problem: str) -> RulebookError:
        """A :class:`RulebookError` about ``node``, naming the source and its line."""
        return located(self.source, line_of(node), problem)

    def narrower(self, width: float, node: SyntaxTreeNode) -> float:
        """``width`` for the content of ``node``, if text still fits in it."""
        if width < MIN_WIDTH:
            what = _NAMES.get(node.type, node.type.replace("_", " "))
            raise self.error(
                node,
                f"{what} leaves {max(width, 0):.0f} pt for its text here, "
                f"less than {MIN_WIDTH:.0f} pt: nest less deeply, or use fewer columns",
            )
        return width

    # -- containers ------------------------------------------------------------------------

    def blocks(self, node: SyntaxTreeNode, ctx: _Context) -> list[Flowable]:
        """The flowables for the block content of ``node``."""
        out: list[Flowable] = []
        for child in node.children:
            if child.type in ("columns", "quickref"):
                out.extend(self.region(child, out, ctx))
            elif child.type == "marker":
                out.extend(self.marker(child, ctx))
            else:
                caption = bool(out) and id(out[-1]) in self.diagram_holders
                new = self.block(child, ctx, caption=caption and is_caption(child))
                if new and out:
                    _keep_together(out[-1], new[0], ctx, self.diagram_holders)
                out.extend(new)
        return out

    # -- regions ---------------------------------------------------------------------------

    def region(self, node: SyntaxTreeNode, out: list[Flowable], ctx: _Context) -> list[Flowable]:
        """A ``[[quickref]]`` or ``[[columns N]]`` region; ``out`` is what comes before it."""
        if node.type == "quickref":
            compact = ctx.styles.compact or ctx.styles
            inner = replace(ctx, styles=compact, para=compact.body, item=compact.list_item)
            flowables = self.blocks(node, inner)
            # One block: it moves to the next page whole rather than leave a page nearly
            # empty before it, or split a card a player cuts out.
            _room_for(out, flowables, ctx.width)
            return flowables
        marker = marker_of(node)
        if ctx.inside:  # reportlab lays columns out only on a page: in a box they vanished
            message = f"{marker.shown} inside {ctx.inside}: columns go between blocks"
            raise self.error(node, message)
        count = marker.columns
        width = self.narrower((ctx.width - (count - 1) * _COLUMN_GAP) / count, node)
        flowables = self.blocks(node, replace(ctx, width=width, inside=_NAMES[node.type]))
        if not flowables:
            return []
        content = self.keep_together(flowables, column_width=width)
        # reportlab first lays the content out as one column nCols times the room left on
        # the page, and fails if the first block cannot be split to fit there: a block
        # kept whole asks for that much room, else the columns start on the next page.
        first = content[0]
        whole = id(first) in self.units or id(first) in self.diagram_holders
        needed = max(_COLUMNS_NEED, _height([first], width) / count + 1) if whole else None
        columns = BalancedColumns(
            content,
            nCols=count,
            needed=needed or _COLUMNS_NEED,
            innerPadding=_COLUMN_GAP,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            spaceAfter=float(ctx.styles.body.spaceAfter) + 4,
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
                if column_width is None:
                    out.append(_KeepWhole(group))
                elif self.height is None or _height(group, column_width) <= self.height:
                    unit = _unit(group, column_width)
                    self.units.add(id(unit))
                    out.append(unit)
                else:  # a unit taller than a page could never be placed: let it flow
                    out += group
            else:
                out.append(flowable)
            for kept in run:
                kept.keepWithNext = 0
            run = []
        return out + run

    # -- markers ---------------------------------------------------------------------------

    def marker(self, node: SyntaxTreeNode, ctx: _Context) -> list[Flowable]:
        """The flowables of a ``[[diagram ...]]`` or ``[[pagebreak]]`` marker."""
        marker = marker_of(node)
        if marker.kind == "pagebreak":
            if ctx.inside:
                message = f"{marker.shown} inside {ctx.inside}: a page break goes between blocks"
                raise self.error(node, message)
            return [PageBreak()]
        return [self.diagram(node, ctx)]

    def diagram(self, node: SyntaxTreeNode, ctx: _Context) -> Flowable:
        """Call the diagram factory a ``[[diagram NAME k=v ...]]`` marker names."""
        marker = marker_of(node)
        name = marker.name
        drawing: Flowable = call_diagram(self.diagrams, node, self.source)
        if not hasattr(drawing, "wrapOn"):
            raise RulebookError(f"diagram {name!r} returned {drawing!r}, not a flowable")
        width, height = (float(size) for size in drawing.wrap(ctx.width, _TALL))
        if width > ctx.width + 0.5:
            raise self.error(
                node,
                f"{marker.shown}: the diagram is {width:.0f} pt wide, "
                f"more than the {ctx.width:.0f} pt available",
            )
        if self.height is not None and height > self.height + 0.5:
            raise self.error(
                node,
                f"{marker.shown}: the diagram is {height:.0f} pt tall, "
                f"more than the {self.height:.0f} pt of a page",
            )
        holder: Flowable = _Shrinkable(
            drawing, width, height, space_after=float(ctx.styles.body.spaceAfter) + 4
        )
        self.diagram_holders.add(id(holder))
        return holder

    # -- single blocks ---------------------------------------------------------------------

    def block(self, node: SyntaxTreeNode, ctx: _Context, *, caption: bool) -> list[Flowable]:
        """The flowables of one block; ``caption`` sets a paragraph as a diagram's caption."""
        kind = node.type
        if kind == "paragraph":
            style = ctx.styles.caption if caption else self._style_for(node, ctx.para, ctx)
            return self.paragraph(node, style, ctx)
        if kind == "heading":
            return self.heading(node, ctx)
        if kind in ("bullet_list", "ordered_list"):
            return [self.listing(node, ctx)]
        if kind == "table":
            return self.table(node, ctx)
        if kind == "blockquote":
            return [self.callout(node, ctx)]
        if kind == "hr":
            return [self.rule(ctx)]
        if kind in ("fence", "code_block"):
            return [Preformatted(node.content.rstrip("\n"), ctx.styles.code)]
        if kind == "dl":
            return self.definitions(node, ctx)
        return self.blocks(node, ctx)  # anything else: its content

    def paragraph(
        self, node: SyntaxTreeNode, style: ParagraphStyle, ctx: _Context
    ) -> list[Flowable]:
        """A paragraph in ``style`` (nothing for an empty one)."""
        markup = self.bounded(node, inline_markup(inline_tokens(node), ctx.styles.palette))
        return [Paragraph(markup, style)] if markup else []

    def bounded(self, node: SyntaxTreeNode, markup: str) -> str:
        """``markup`` stripped, if it is not longer than :data:`MAX_PARAGRAPH`."""
        markup = markup.strip()
        if len(markup) > MAX_PARAGRAPH:
            # reportlab splits a paragraph over pages by wrapping the rest again: a page
            # of it at a time, the time grows with the square of its length
            raise self.error(
                node,
                f"a paragraph of {len(markup):,} characters (at most {MAX_PARAGRAPH:,}): "
                "break it into paragraphs",
            )
        return markup

    def _style_for(
        self, node: SyntaxTreeNode, default: ParagraphStyle, ctx: _Context
    ) -> ParagraphStyle:
        for name in classes(node):
            style = ctx.styles.by_class(name)
            if style is not None:
                return style
        return default

    def heading(self, node: SyntaxTreeNode, ctx: _Context) -> list[Flowable]:
        """A heading: kept with what follows; h1 and h2 also get a PDF outline entry."""
        styles = ctx.styles
        level = int(node.tag[1])
        default = (styles.h1, styles.h2, styles.h3)[min(level, 3) - 1]
        style = self._style_for(node, default, ctx)
        tokens = inline_tokens(node)
        markup = self.bounded(node, inline_markup(tokens, styles.palette))
        if not markup:
            return []
        out: list[Flowable] = []
        plain = " ".join(plain_text(tokens).split())
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

    def listing(self, node: SyntaxTreeNode, ctx: _Context) -> Flowable:
        """A bulleted or numbered list, nested lists inside."""
        styles = ctx.styles
        ordered = node.type == "ordered_list"
        indent = styles.list_indent * (1.25 if ordered else 1.0)
        width = self.narrower(ctx.width - indent, node)
        inner = replace(ctx, width=width, para=ctx.item, depth=ctx.depth + 1, inside="a list")
        items: list[Any] = [  # ListFlowable takes ListItems, which its stubs leave out
            ListItem(self.blocks(item, inner) or [Paragraph("", inner.para)])
            for item in node.children
        ]
        options: dict[str, object] = {
            "leftIndent": indent,
            "bulletFontName": _family(ctx.item.fontName),
            "bulletFontSize": float(ctx.item.fontSize),
            "bulletColor": styles.palette.accent,
            "spaceBefore": 0,
            "spaceAfter": float((ctx.item if ctx.depth else ctx.para).spaceAfter),
        }
        first: int | str
        if ordered:
            start = node.attrs.get("start", 1)
            first = start if isinstance(start, int) else 1
            options.update(bulletType="1", bulletFormat="%s.", bulletDedent=indent)
        else:
            first = _BULLETS[ctx.depth % len(_BULLETS)]
            options.update(bulletType="bullet", bulletDedent=indent * 0.8)
        listing: Flowable = ListFlowable(items, start=first, style=None, **options)
        if len(items) > _SHORT_LIST:
            self.big.add(id(listing))
        return listing

    def definitions(self, node: SyntaxTreeNode, ctx: _Context) -> list[Flowable]:
        """A definition list: each term in bold, its definitions indented below."""
        styles = ctx.styles
        out: list[Flowable] = []
        for child in node.children:
            if child.type == "dt":
                out.extend(self.paragraph(child, styles.term, ctx))
            else:
                width = self.narrower(ctx.width - _DEFINITION_INDENT, node)
                inner = replace(ctx, width=width, para=styles.definition, inside=_NAMES["dl"])
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

    def callout(self, node: SyntaxTreeNode, ctx: _Context) -> Flowable:
        """A blockquote, set as a shaded box with an accent bar: rulings, notes, examples."""
        styles = ctx.styles
        pad_left, pad_right, bar = 10.0, 9.0, 2.6
        inner_width = self.narrower(ctx.width - pad_left - pad_right, node)
        item = ParagraphStyle(
            "callout_item", parent=styles.callout, spaceAfter=styles.list_item.spaceAfter
        )
        inner = replace(
            ctx, width=inner_width, para=styles.callout, item=item, inside=_NAMES["blockquote"]
        )
        content = self.blocks(node, inner)
        if not content:
            return Paragraph("", styles.body)
        _trim_space_after(content)
        short = self.height is not None and _height(content, inner_width) <= _WHOLE * self.height
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
            splitInRow=0 if short else 1,  # split, a short box can leave an empty part
            spaceBefore=3,
            spaceAfter=float(styles.body.spaceAfter) + 4,
        )
        return box

    def table(self, node: SyntaxTreeNode, ctx: _Context) -> list[Flowable]:
        """A Markdown table (see :mod:`printplay.render.md_table`); short ones never split.

        A table whose columns cannot all be given room for text, or with a row taller than
        a page (with the header above it), is refused."""
        header, body = table_rows(node)
        columns = max(len(row.children) for row in header + body)
        least = narrowest_column(ctx.styles)
        if columns * least > ctx.width:
            raise self.error(
                node,
                f"a table of {columns} columns needs {columns * least:.0f} pt, "
                f"more than the {ctx.width:.0f} pt available",
            )
        table = typeset_table(node, ctx.styles, ctx.width)
        if table is None:
            return []
        if self.height is not None:
            heights = row_heights(table, ctx.styles)
            tallest = sum(heights[: len(header)]) + max(heights[len(header) :], default=0.0)
            if tallest > self.height:
                raise self.error(
                    node,
                    f"a row of this table is {tallest:.0f} pt tall with the header, "
                    f"more than the {self.height:.0f} pt of a page",
                )
        rows = len(header) + len(body)
        (self.big if rows > _SHORT_TABLE else self.unsplittable).add(id(table))
        return [table]


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


def _height(flowables: list[Flowable], width: float) -> float:
    """How tall ``flowables`` are, one under the other in ``width``, with their spaces."""
    canvas = Canvas(io.BytesIO())  # lists measure their items on a canvas
    return sum(
        float(f.wrapOn(canvas, width, _TALL)[1])
        + float(f.getSpaceBefore())
        + float(f.getSpaceAfter())
        for f in flowables
    )


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


def _trim_space_after(flowables: list[Flowable]) -> None:
    """Drop the space after the last flowable of a box, so its padding is even."""
    last = flowables[-1]
    if isinstance(last, Paragraph):
        last.style = ParagraphStyle(f"{last.style.name}-last", parent=last.style, spaceAfter=0)
    else:
        last.spaceAfter = 0


MIN_SHRINK = 0.75
"""A diagram may shrink to this share of its size to finish a page, rather than move to the
next one and leave a gap (a larger gap is left)."""


def _smallest_text(node: object, scale: float = 1.0) -> float | None:
    """The size of the smallest text a drawing prints (through its groups' transforms), or
    ``None`` if it prints none."""
    if isinstance(node, String):
        return float(node.fontSize) * scale
    sizes: list[float] = []
    for child in getattr(node, "contents", None) or ():
        _, _, c, d, _, _ = getattr(child, "transform", (1, 0, 0, 1, 0, 0))
        size = _smallest_text(child, scale * (c * c + d * d) ** 0.5)
        if size is not None:
            sizes.append(size)
    return min(sizes, default=None)


class _Shrinkable(Flowable):
    """A diagram, centred, that shrinks (down to :data:`MIN_SHRINK` of its size) to fit the
    room left on a page, so a page is not left half empty for want of a little room.

    A drawing that can draw itself again across another width (``redraw``: a rulebook's
    figures) is drawn narrower, its words at their size; any other is scaled down, no
    further than keeps its smallest text at :data:`~printplay.render.styles.MIN_TEXT`.
    ``room`` is set by the group the diagram is kept with (:class:`_KeepWhole`: a caption
    below it needs its share of the page).
    """

    def __init__(self, inner: Flowable, width: float, height: float, space_after: float):
        super().__init__()
        self.inner = inner
        self.natural = (width, height)
        self.redraw: Callable[[float], Flowable] | None = getattr(inner, "redraw", None)
        smallest = _smallest_text(inner)
        # the share of its size the diagram may be scaled down to, and may shrink to
        self.scaled = MIN_SHRINK if not smallest else min(1.0, max(MIN_SHRINK, MIN_TEXT / smallest))
        self.least = MIN_SHRINK if self.redraw else self.scaled
        self.drawn = inner
        self.scale = 1.0
        self.room: float | None = None
        self.hAlign = "CENTER"
        self.spaceBefore = 8.0
        self.spaceAfter = space_after
        self._narrower: dict[float, Flowable | None] = {}

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        width, height = self.natural
        room = availHeight if self.room is None else min(availHeight, self.room)
        self.drawn, self.scale = self.inner, 1.0
        if height > room >= self.least * height:
            narrower = self._redrawn(round(room, 2)) if self.redraw else None
            if narrower is not None:
                self.drawn = narrower
                self.width, self.height = (float(size) for size in narrower.wrap(width, room))
                return self.width, self.height
            if room >= self.scaled * height:
                self.scale = room / height
        self.width, self.height = width * self.scale, height * self.scale
        return self.width, self.height

    def _redrawn(self, room: float) -> Flowable | None:
        """The diagram drawn again narrower, at most ``room`` tall (``None`` if that takes
        less than :data:`MIN_SHRINK` of its width): a few tries, each narrower by what
        the last was too tall (its words keep their size, so it is not quite in
        proportion)."""
        if room not in self._narrower:
            assert self.redraw is not None
            width, height = self.natural
            across, found = width * room / height, None
            for _ in range(4):
                drawing = self.redraw(across)
                _, tall = drawing.wrap(width, room)
                if tall <= room:
                    found = drawing
                    break
                across *= (room - 0.5) / float(tall)  # aims a little short: it may not overshoot
                if across < MIN_SHRINK * width:
                    break
            self._narrower[room] = found
        return self._narrower[room]

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.drawn.drawOn(self.canv, 0, 0)
        self.canv.restoreState()


class _KeepWhole(KeepTogether):
    """A group kept on one page, counting the space above a heading that opens it.

    A heading comes after its outline bookmark (:func:`outline_entry`), a flowable with no
    height.  reportlab's estimate of a group's height skips such a flowable and takes the
    heading for the top of the frame, so it leaves out the space above the heading, which
    the frame does add: a group that only just fit by the estimate spilled its last line
    (one tip, one table row) onto the next page.
    """

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        group: Any = self  # reportlab's private fields are not in its stubs
        content = group._content
        diagrams = [f for f in content if isinstance(f, _Shrinkable)]
        for diagram in diagrams:
            diagram.room = None
        size = self._measure(availWidth, availHeight)
        if availHeight < group._H and len(diagrams) == 1:
            # The group fits on this page if its diagram shrinks a little: let it.
            diagram = diagrams[0]
            room = availHeight - (group._H - diagram.natural[1]) - 1.0
            if room >= diagram.least * diagram.natural[1]:
                diagram.room = room
                size = self._measure(availWidth, availHeight)
        return size

    def _measure(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        group: Any = self
        content = group._content
        if len(content) > 1 and isinstance(content[0], CallerMacro):
            group._H += float(content[1].getSpaceBefore())
        return size


def fill_frame(
    frame: Frame, flowables: Sequence[Flowable], canvas: Canvas, *, source: str | None = None
) -> bool:
    """Draw ``flowables`` into ``frame`` on ``canvas`` whole, nothing split, outside any
    document (a card, a page drawn by hand); whether they all fit.

    Groups kept together are opened and conditional page breaks dropped: they only matter
    between pages.  A page break, or balanced columns (which only a document lays out),
    is a :class:`RulebookError` naming ``source``.
    """
    opened = _opened(flowables, where(source, None))
    return all(frame.add(flowable, canvas, trySplit=0) for flowable in opened)


def _opened(flowables: Sequence[Flowable], source: str) -> Iterator[Flowable]:
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):
            yield from _opened(flowable._content, source)  # type: ignore[attr-defined]
        elif isinstance(flowable, PageBreak):
            raise RulebookError(f"{source}: a page break where the text must fit in one frame")
        elif isinstance(flowable, BalancedColumns):
            raise RulebookError(
                f"{source}: [[columns]] where the text must fit in one frame (a card, the "
                "first page of a mat): columns need a page of a book"
            )
        elif not isinstance(flowable, CondPageBreak | ActionFlowable):
            yield flowable


_PAGE = re.compile(r"on page (\d+)")


@contextlib.contextmanager
def page_errors(source: str | None) -> Iterator[None]:
    """Inside the block, reportlab's :class:`LayoutError`, raised while the pages are laid
    out (a block of the text too large for any page, or page after page left empty), is a
    :class:`RulebookError` naming ``source``."""
    try:
        yield
    except LayoutError as error:
        text = str(error)
        if "without content" in text:
            problem = (
                "page after page is left empty (page breaks in a row, or a block too large "
                "for any page)"
            )
        else:
            page = _PAGE.search(text)
            at = f" (on page {page.group(1)})" if page else ""
            problem = (
                f"a block of the text is too large for a page{at}: make it smaller or split it"
            )
        raise RulebookError(f"{where(source, None)}: {problem}") from None


def markdown_to_flowables(
    text: str,
    *,
    styles: Styles | None = None,
    width: float,
    height: float | None = None,
    diagrams: Mapping[str, DiagramFactory] | None = None,
    outline: bool = True,
    source: str | None = None,
) -> list[Flowable]:
    """Typeset Markdown ``text`` as platypus flowables for a frame ``width`` points wide.

    ``styles`` defaults to :func:`~printplay.render.styles.book_styles`; ``diagrams`` maps the
    names used in ``[[diagram NAME ...]]`` markers to factories returning flowables;
    ``outline=False`` gives headings no outline entry (text drawn on a card, not a page).
    ``height``, the height of a page's frame, refuses a diagram taller than a page.
    Raises :class:`RulebookError` naming ``source`` and the line for a bad marker, an
    unknown diagram or nesting too deep.
    """
    styles = styles or book_styles()
    converter = _Converter(diagrams, outline=outline, source=source, height=height)
    root = tree(text, source=source)
    flowables = converter.blocks(
        root, _Context(styles, float(width), styles.body, styles.list_item)
    )
    return converter.keep_together(flowables)
