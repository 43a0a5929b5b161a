"""A Markdown table set as a reportlab table: header row shaded, zebra body rows, and column
widths fitted to the text (natural widths if they fit, else shared out).

>>> extents = [[(10.0, 30.0), (5.0, 5.0)], [(12.0, 50.0), (6.0, 6.0)]]
>>> fit_columns(extents, 200.0, 4.0)
[55.0, 11.0]
>>> [round(w, 1) for w in fit_columns(extents, 40.0, 4.0)]
[29.0, 11.0]
"""

from __future__ import annotations

import re
from typing import Literal

from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Table, TableStyle

from printplay.render.document import Paragraph
from printplay.render.inline import inline_markup, plain_text
from printplay.render.styles import Styles, TableCommand

_ALIGN: dict[str, Literal[0, 1, 2, 4]] = {
    "left": TA_LEFT,
    "right": TA_RIGHT,
    "center": TA_CENTER,
    "justify": TA_JUSTIFY,
}
_TEXT_ALIGN = re.compile(r"text-align:\s*(\w+)")
_BREAKING_SPACE = re.compile(r"[ \t\r\f\v]+")


def table_rows(node: SyntaxTreeNode) -> tuple[list[SyntaxTreeNode], list[SyntaxTreeNode]]:
    """A table node's header rows and body rows."""
    header: list[SyntaxTreeNode] = []
    body: list[SyntaxTreeNode] = []
    for part in node.children:
        rows = [row for row in part.children if row.type == "tr"]
        (header if part.type == "thead" else body).extend(rows)
    return header, body


def narrowest_column(styles: Styles) -> float:
    """The narrowest a table column is made: its padding and one em of text."""
    return 2 * styles.cell_padding + float(styles.table_cell.fontSize)


def typeset_table(node: SyntaxTreeNode, styles: Styles, width: float) -> Table | None:
    """The table of a Markdown ``table`` node, ``width`` points wide at most (``None`` for
    a table without rows); :func:`narrowest_column` times the columns must fit in ``width``."""
    header_rows, body_rows = table_rows(node)
    rows = header_rows + body_rows
    if not rows:
        return None
    ncols = max(len(row.children) for row in rows)
    data: list[list[Paragraph]] = []
    extents: list[list[tuple[float, float]]] = []
    for index, row in enumerate(rows):
        cells: list[SyntaxTreeNode | None] = [*row.children]
        cells += [None] * (ncols - len(cells))
        line: list[Paragraph] = []
        sizes: list[tuple[float, float]] = []
        for cell in cells:
            base = styles.table_header if index < len(header_rows) else styles.table_cell
            align = _alignment(cell)
            style = (
                base
                if align is None
                else ParagraphStyle(f"{base.name}-{align}", parent=base, alignment=align)
            )
            tokens = _cell_tokens(cell)
            line.append(Paragraph(inline_markup(tokens, styles.palette), style))
            sizes.append(text_extent(plain_text(tokens, "\n"), style))
        data.append(line)
        extents.append(sizes)
    col_widths = fit_columns(extents, width, 2 * styles.cell_padding, narrowest_column(styles))
    header = len(header_rows)
    palette = styles.palette
    commands: list[TableCommand] = [
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
    return Table(
        data,
        colWidths=col_widths,
        repeatRows=header,
        style=TableStyle(commands),
        hAlign="LEFT",
        spaceBefore=3,
        spaceAfter=float(styles.body.spaceAfter) + 5,
    )


def row_heights(table: Table, styles: Styles) -> list[float]:
    """How tall each row of a table made by :func:`typeset_table` is, padding included."""
    widths: list[float] = table._colWidths  # type: ignore[attr-defined]
    rows: list[list[Paragraph]] = table._cellvalues  # type: ignore[attr-defined]
    padding = sum(styles.row_padding)
    inner = [w - 2 * styles.cell_padding for w in widths]
    return [
        max(float(cell.wrap(w, 10_000.0)[1]) for cell, w in zip(row, inner, strict=True)) + padding
        for row in rows
    ]


def _cell_tokens(cell: SyntaxTreeNode | None) -> list[Token]:
    if cell is None or not cell.children or cell.children[0].token is None:
        return []
    return cell.children[0].token.children or []


def _alignment(cell: SyntaxTreeNode | None) -> Literal[0, 1, 2, 4] | None:
    if cell is None:
        return None
    match = _TEXT_ALIGN.search(str(cell.attrs.get("style", "")))
    return _ALIGN.get(match.group(1).lower()) if match else None


def text_extent(text: str, style: ParagraphStyle) -> tuple[float, float]:
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


def fit_columns(
    extents: list[list[tuple[float, float]]], width: float, padding: float, least: float = 0.0
) -> list[float]:
    """Column widths that fit ``width``: natural widths if they fit, else shared out.

    ``extents`` holds each cell's (longest word, longest line) by row.  Each column gets at
    least its longest word; the room left is shared in proportion to how much more each
    column would like.  If even the longest words do not fit, the width is shared in
    proportion to them, no column narrower than ``least`` (their long words break).
    """
    ncols = len(extents[0])
    slack = 1.0  # rounding in text measurement
    low = [max(row[c][0] for row in extents) + padding + slack for c in range(ncols)]
    high = [max(row[c][1] for row in extents) + padding + slack for c in range(ncols)]
    high = [max(h, lo, 2 * padding) for h, lo in zip(high, low, strict=True)]
    if sum(high) <= width:
        return high
    if sum(low) >= width:
        return _shared(low, width, least)
    room = width - sum(low)
    wants = [h - lo for h, lo in zip(high, low, strict=True)]
    total = sum(wants)
    return [lo + room * want / total for lo, want in zip(low, wants, strict=True)]


def _shared(weights: list[float], width: float, least: float) -> list[float]:
    """``width`` shared in proportion to ``weights``, no share below ``least``."""
    floored: set[int] = set()
    while True:
        rest = [weights[c] for c in range(len(weights)) if c not in floored]
        room = width - least * len(floored)
        shares = [
            least if c in floored else room * weights[c] / sum(rest) for c in range(len(weights))
        ]
        small = {c for c, share in enumerate(shares) if share < least} - floored
        if not small:
            return shares
        floored |= small
