"""Read back what a PDF page draws: every painted path with its bounding box (in page
coordinates, through every ``cm``), its colours and line width.

Enough of a content-stream interpreter to measure printed cards: it follows ``q``/``Q``,
``cm``, the RGB and grey colour operators, ``w`` and ``d``, and the path operators.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pypdf import PageObject, PdfReader

MM = 72 / 25.4

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention: the new CTM is m × n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass(frozen=True)
class Shape:
    """One painted path."""

    points: tuple[tuple[float, float], ...]
    fill: tuple[float, float, float] | None
    stroke: tuple[float, float, float] | None
    line_width: float
    dashed: bool
    rectangle: bool  # a single ``re``

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def size_mm(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bbox
        return (x1 - x0) / MM, (y1 - y0) / MM


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: tuple[float, float, float] = (0.0, 0.0, 0.0)
    stroke: tuple[float, float, float] = (0.0, 0.0, 0.0)
    width: float = 1.0
    dashed: bool = False

    def copy(self) -> _State:
        return _State(self.ctm, self.fill, self.stroke, self.width, self.dashed)


_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}


_TOKEN = re.compile(
    rb"\((?:\\.|[^\\)])*\)"  # a string, with escapes
    rb"|<[0-9A-Fa-f\s]*>"  # a hex string
    rb"|\[[^\]]*\]"  # an array (dash patterns)
    rb"|/[^\s/\[\]()<>]+"  # a name
    rb"|[-+]?(?:\d+\.?\d*|\.\d+)"  # a number
    rb"|[A-Za-z*'\"]+",  # an operator
    re.DOTALL,
)


def operations(data: bytes) -> list[tuple[list[Any], bytes]]:
    """The operators of a content stream with their operands: numbers as floats, anything
    else as raw bytes. (A quick tokenizer for the simple streams reportlab writes.)"""
    found: list[tuple[list[Any], bytes]] = []
    operands: list[Any] = []
    for match in _TOKEN.finditer(data):
        token = match.group()
        first = token[:1]
        if first.isalpha() or first in b"*'\"":
            found.append((operands, token))
            operands = []
        elif first.isdigit() or first in b"-+.":
            operands.append(float(token))
        elif first == b"[":
            operands.append(token[1:-1].strip())
        else:
            operands.append(token)
    return found


def shapes(page: PageObject, reader: PdfReader | None = None) -> list[Shape]:
    """Every path painted on ``page``, in drawing order, form XObjects included (each time
    one is placed, its paths in page coordinates)."""
    contents = page.get_contents()
    data = contents.get_data() if contents is not None else b""
    resources: Any = page.get("/Resources", {})
    return _paint(data, _State(), resources.get("/XObject", {}))


def _paint(data: bytes, state: _State, xobjects: Any) -> list[Shape]:
    stack: list[_State] = []
    path: list[tuple[float, float]] = []
    ops_in_path: list[bytes] = []
    found: list[Shape] = []
    for operands, op in operations(data):
        values = [v for v in operands if isinstance(v, float)]
        if op == b"Do":
            form = xobjects[operands[0].decode()].get_object()
            matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
            inner = state.copy()
            inner.ctm = _multiply(matrix, state.ctm)  # type: ignore[arg-type]
            nested = form.get("/Resources", {}).get("/XObject", xobjects)
            found += _paint(form.get_data(), inner, nested)
        elif op == b"q":
            stack.append(state.copy())
        elif op == b"Q":
            state = stack.pop()
        elif op == b"cm":
            state.ctm = _multiply(tuple(values), state.ctm)  # type: ignore[arg-type]
        elif op == b"rg":
            state.fill = (values[0], values[1], values[2])
        elif op == b"RG":
            state.stroke = (values[0], values[1], values[2])
        elif op == b"g":
            state.fill = (values[0],) * 3
        elif op == b"G":
            state.stroke = (values[0],) * 3
        elif op == b"w":
            state.width = values[0]
        elif op == b"d":
            state.dashed = bool(operands[0])
        elif op in (b"m", b"l"):
            path.append(_apply(state.ctm, values[0], values[1]))
            ops_in_path.append(op)
        elif op in (b"c", b"v", b"y"):
            for i in range(0, len(values), 2):
                path.append(_apply(state.ctm, values[i], values[i + 1]))
            ops_in_path.append(op)
        elif op == b"re":
            x, y, w, h = values
            path += [
                _apply(state.ctm, x, y),
                _apply(state.ctm, x + w, y),
                _apply(state.ctm, x + w, y + h),
                _apply(state.ctm, x, y + h),
            ]
            ops_in_path.append(op)
        elif op in _FILLS or op in _STROKES or op == b"n":
            if path and op != b"n":
                found.append(
                    Shape(
                        tuple(path),
                        state.fill if op in _FILLS else None,
                        state.stroke if op in _STROKES else None,
                        state.width,
                        state.dashed,
                        ops_in_path == [b"re"],
                    )
                )
            path, ops_in_path = [], []
    return found


def close(a: tuple[float, ...], b: tuple[float, ...], tolerance: float = 0.005) -> bool:
    """Colours equal to within ``tolerance`` on every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@cache
def _reader(path: str, stamp: float) -> PdfReader:
    return PdfReader(path)


@cache
def _page_shapes(path: str, stamp: float, index: int) -> tuple[Shape, ...]:
    reader = _reader(path, stamp)
    return tuple(shapes(reader.pages[index], reader))


def page_shapes(path: Path, index: int) -> list[Shape]:
    """:func:`shapes` of page ``index`` of the PDF at ``path``, read once per test run
    (and again only if the file changes)."""
    return list(_page_shapes(str(path), path.stat().st_mtime, index))


@dataclass(frozen=True)
class TextRun:
    """A run of text as a page prints it: its page (from 1), its text and its size in
    points, the text matrix and every ``cm`` applied (a scaled diagram's labels print
    smaller than the font size they were set in)."""

    page: int
    text: str
    size: float


def text_runs(path: Path) -> list[TextRun]:
    """Every run of text the PDF at ``path`` prints (white space left out): the characters
    of one text object at one size, read with pdfium (C, via pypdfium2; pypdf's text
    visitor reads the same sizes about seven times slower). A character's size is its
    font size through its matrix, which pdfium gives as the text matrix times the CTM."""
    import pypdfium2
    import pypdfium2.raw as raw

    runs: list[TextRun] = []
    matrix = raw.FS_MATRIX()
    document = pypdfium2.PdfDocument(path)
    try:
        for number in range(1, len(document) + 1):
            textpage = document[number - 1].get_textpage()
            current: tuple[int, float] | None = None
            chars: list[str] = []
            for index in range(textpage.count_chars()):
                owner = raw.FPDFText_GetTextObject(textpage, index)
                if not owner:  # a space or line break pdfium made up
                    continue
                raw.FPDFText_GetMatrix(textpage, index, matrix)
                scale = (matrix.c * matrix.c + matrix.d * matrix.d) ** 0.5
                key = (
                    ctypes.addressof(owner.contents),
                    raw.FPDFText_GetFontSize(textpage, index) * scale,
                )
                if key != current:
                    _add_run(runs, number, chars, current)
                    current, chars = key, []
                chars.append(chr(raw.FPDFText_GetUnicode(textpage, index)))
            _add_run(runs, number, chars, current)
            textpage.close()
    finally:
        document.close()
    return runs


def _add_run(
    runs: list[TextRun], page: int, chars: list[str], key: tuple[int, float] | None
) -> None:
    text = "".join(chars).strip()
    if text and key is not None:
        runs.append(TextRun(page, text, key[1]))
