"""reportlab's PDF renderer without its bookkeeping: the same operators, in far less time.

``reportlab.graphics.renderPDF`` walks a drawing node by node; for each node it copies the
whole graphics state (its own tracker's and the canvas's, ``q``), lists the node's
properties, looks for derived values, sets and deletes back-references, and then sets every
state property the node holds again through the canvas, which formats each number anew.
A board or a sheet of cards is thousands of nodes with a handful of distinct colours,
widths and card outlines, so nearly all of that work repeats itself.

:func:`draw` is ``renderPDF.draw`` for drawings made of reportlab's plain shapes (groups,
rectangles, paths, strings, circles, ellipses, lines, polylines, polygons, wedges) holding
plain values, on reportlab's own ``Canvas``: it writes the very operators renderPDF writes,
in the same order (each node in its own ``q``/``Q``, every state property it holds set
again), so the PDF is the one reportlab would write, byte for byte.  What it saves:

* the state kept between nodes is what the canvas's later calls read (colours, line
  width, cap and join, font, fill mode, matrix, transparency state), saved and restored
  as a tuple instead of two dictionaries;
* the text of an operator whose text depends on its arguments only (a colour, a width, a
  matrix, a rectangle, a circle, a path) is formatted once a process and written again
  from a table; a font change or a string, whose text also depends on the document (its
  font names and subsets), once a canvas.  The first time, the canvas itself writes it
  and the text is kept, so the table never holds anything the canvas did not write.

A drawing holding anything else (a widget, an image, a derived value, a draw-time
callback, a subclass of a shape other than a group drawn as groups are) or drawn on a
canvas whose methods differ from reportlab's, or that lacks one of the canvas internals
this module reads and writes (:class:`_CanvasInternals`: a reportlab release that renamed
one), is drawn by ``renderPDF`` itself.
:class:`LeanDrawing` is a drawing that goes through :func:`draw` when platypus places it
as a flowable.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import attrgetter
from typing import Protocol, runtime_checkable
from weakref import WeakKeyDictionary, WeakValueDictionary

from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.shapes import (
    STATE_DEFAULTS,
    Circle,
    Drawing,
    Ellipse,
    Group,
    Line,
    Path,
    Polygon,
    PolyLine,
    Rect,
    String,
    UserNode,
    Wedge,
)
from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.validators import DerivedValue
from reportlab.pdfgen import canvas as canvas_module
from reportlab.pdfgen.canvas import Canvas

_tracking = vars(canvas_module)
"""The canvas module's settings (whether it tracks the current matrix)."""

_UNSET: object = vars(rl_config).get("_unset_", object())
"""renderPDF's default for ``showBoundary``: the setting of the time (a sentinel of this
module's own if a reportlab release renamed it)."""

_TEXT_STATE = ("textAnchor", "fontName", "fontSize")
"""The graphics state a string's drawing reads back (its anchor, font and size)."""

_KEPT = (
    "_fillColorObj",
    "_strokeColorObj",
    "_lineWidth",
    "_lineCap",
    "_lineJoin",
    "_fontname",
    "_fontsize",
    "_leading",
    "_fillMode",
    "_currentMatrix",
    "_extgstate",
)
"""The canvas's state a drawing can change (the rest of what ``saveState`` copies, no
call this module makes touches)."""

_kept_state = attrgetter(*_KEPT)


class _GraphicsStateStack(Protocol):
    """The canvas's transparency state, as this module copies it for each node."""

    def pushCopy(self) -> _GraphicsStateStack:
        """A copy to change, the current one kept underneath."""
        ...


@runtime_checkable
class _CanvasInternals(Protocol):
    """What this module reads and writes of a reportlab canvas beyond its public calls: its
    operators' list and the state :data:`_KEPT` names.  A canvas lacking any of it (a
    reportlab release that renamed one) is drawn by ``renderPDF``."""

    _code: list[str]
    _extgstate: _GraphicsStateStack
    _fillColorObj: object
    _strokeColorObj: object
    _lineWidth: float
    _lineCap: int
    _lineJoin: int
    _fontname: str
    _fontsize: float
    _leading: float
    _fillMode: int
    _currentMatrix: tuple[float, float, float, float, float, float]
    _enforceColorSpace: object
    bottomup: int

    def saveState(self) -> None:
        """Save the graphics state (``q``)."""
        ...

    def restoreState(self) -> None:
        """Restore the graphics state saved last (``Q``)."""
        ...

    def drawBoundary(self, sb: object, x1: float, y1: float, width: float, height: float) -> None:
        """Draw the drawing's boundary."""
        ...

    def setLineWidth(self, width: float) -> None:
        """Set the line width (``w``)."""
        ...

    def setDash(self) -> None:
        """Set a solid line (``[] 0 d``)."""
        ...

    def setFont(self, psfontname: str, size: float) -> None:
        """Set the font and its size."""
        ...

    def setFillAlpha(self, a: float) -> None:
        """Set the fill's transparency."""
        ...

    def setStrokeAlpha(self, a: float) -> None:
        """Set the stroke's transparency."""
        ...


_checked: WeakValueDictionary[int, _CanvasInternals] = WeakValueDictionary()
"""The canvases drawn on that have the internals, by ``id`` (checked once a canvas: a
runtime protocol's check looks up each of its members)."""


def _internals(canvas: Canvas) -> _CanvasInternals | None:
    """The canvas as this module uses it, or None if it lacks part of that."""
    found = _checked.get(id(canvas))
    if found is not None:
        return found
    # (no isinstance for the state: the ABC machinery would remember its class)
    if isinstance(canvas, _CanvasInternals) and callable(
        getattr(canvas._extgstate, "pushCopy", None)
    ):
        _checked[id(canvas)] = canvas
        return canvas
    return None


_CANVAS_CALLS = (
    "saveState",
    "restoreState",
    "push_state_stack",
    "pop_state_stack",
    "transform",
    "setFont",
    "setFillColor",
    "setStrokeColor",
    "setLineWidth",
    "setLineCap",
    "setLineJoin",
    "setDash",
    "rect",
    "roundRect",
    "circle",
    "ellipse",
    "drawPath",
    "clipPath",
    "drawString",
    "beginText",
    "drawText",
    "drawBoundary",
)
"""The canvas methods whose effect :class:`_LeanRenderer` writes itself or keeps."""

_MEMO_LIMIT = 50_000
"""Texts kept a process (or a canvas) before the table starts again."""

_texts: dict[Hashable, tuple[str, ...]] = {}
"""Operators' texts that depend on their arguments only."""

_canvas_texts: WeakKeyDictionary[_CanvasInternals, dict[Hashable, tuple[str, ...]]] = (
    WeakKeyDictionary()
)
"""Operators' texts that depend on a canvas's document too (font names, font subsets)."""


class _TextState:
    """The part of renderbase's ``StateTracker`` a PDF renderer reads: the current text
    anchor, font name and size, pushed and popped with each node."""

    __slots__ = ("_stack",)

    def __init__(self, first: dict[str, object]) -> None:
        self._stack = [first]

    def push(self, delta: dict[str, object]) -> None:
        """Enter a node whose state properties are ``delta``."""
        top = self._stack[-1]
        if "textAnchor" in delta or "fontName" in delta or "fontSize" in delta:
            top = top.copy()
            for key in _TEXT_STATE:
                if key in delta:
                    top[key] = delta[key]
        self._stack.append(top)

    def pop(self) -> None:
        """Leave the node entered last."""
        self._stack.pop()

    def getState(self) -> dict[str, object]:
        """The current state (as ``StateTracker.getState``, its text part)."""
        return self._stack[-1]


_group_kinds: dict[type, bool] = {}


def _group_kind(kind: type) -> bool:
    """Whether renderPDF draws nodes of this class as a plain group: ``Group``,
    ``Drawing``, or a subclass of them that draws its contents as they do (a
    :class:`LeanDrawing`, a drawing that only carries data of its own)."""
    found = _group_kinds.get(kind)
    if found is None:
        found = (
            issubclass(kind, Group)
            and not issubclass(kind, (UserNode, Line, Path, String))
            and kind.getContents is Group.getContents
        )
        _group_kinds[kind] = found
    return found


def _plain(node: object) -> bool:
    """Whether a node and all it holds are shapes this module draws as renderPDF does:
    one of reportlab's plain shape classes (no subclass, no widget) or a plain group, no
    derived value, no draw-time callback."""
    kind = type(node)
    group = kind not in _SHAPES
    if group and not _group_kind(kind):
        return False
    if getattr(node, "_drawTimeCallback", None):
        return False
    for value in vars(node).values():
        if isinstance(value, DerivedValue):
            return False
    if group:
        assert isinstance(node, Group)
        return all(_plain(child) for child in node.getContents())
    return True


_stock_kinds: dict[type, bool] = {}


def _stock(canvas: Canvas) -> bool:
    """Whether the canvas is reportlab's own, as far as the calls of this module go."""
    kind = type(canvas)
    stock = _stock_kinds.get(kind)
    if stock is None:
        stock = kind.STATE_ATTRIBUTES is Canvas.STATE_ATTRIBUTES and all(
            getattr(kind, name) is getattr(Canvas, name) for name in _CANVAS_CALLS
        )
        _stock_kinds[kind] = stock
    return stock


def _kept(table: dict[Hashable, tuple[str, ...]], key: Hashable, code: list[str]) -> bool:
    """Write the texts kept for ``key`` to ``code``; False if none are kept."""
    texts = table.get(key)
    if texts is None:
        return False
    code.extend(texts)
    return True


def _keep(
    table: dict[Hashable, tuple[str, ...]],
    key: Hashable,
    code: list[str],
    call: Callable[[], object],
) -> None:
    """Make the canvas call and keep what it wrote to ``code`` under ``key`` (the table
    emptied first when it holds :data:`_MEMO_LIMIT` entries)."""
    start = len(code)
    call()
    if len(table) >= _MEMO_LIMIT:
        table.clear()
    table[key] = tuple(code[start:])


def _write(
    table: dict[Hashable, tuple[str, ...]],
    key: Hashable,
    code: list[str],
    call: Callable[[], object],
) -> None:
    """Write the texts kept for ``key`` to ``code``, or make the call and keep them."""
    if not _kept(table, key, code):
        _keep(table, key, code, call)


class _LeanRenderer(renderPDF._PDFRenderer):
    """renderPDF's renderer for plain shapes on a stock canvas: its operators, written
    from tables where their text repeats, the state saved as a tuple.  A state value of a
    type it does not expect is set by renderPDF's own ``applyStateChanges``."""

    _canvas: _CanvasInternals
    _code: list[str]
    _texts: dict[Hashable, tuple[str, ...]]
    _text: _TextState

    def draw(
        self,
        drawing: Drawing,
        canvas: _CanvasInternals,
        x: float = 0,
        y: float = 0,
        showBoundary: object = _UNSET,
    ) -> None:
        """Draw a plain drawing at ``(x, y)`` (as ``Renderer.draw``)."""
        if showBoundary is _UNSET:
            showBoundary = rl_config.showBoundary
        self._canvas = canvas
        self._code = canvas._code
        self._texts = _canvas_texts.setdefault(canvas, {})
        if len(self._texts) >= _MEMO_LIMIT:
            self._texts.clear()
        if showBoundary:
            canvas.drawBoundary(showBoundary, x, y, drawing.width, drawing.height)
        canvas.saveState()
        first = STATE_DEFAULTS.copy()
        for key in STATE_DEFAULTS:
            initial = "initial" + key[:1].upper() + key[1:]
            if hasattr(drawing, initial):
                first[key] = getattr(drawing, initial)
        first["ctm"] = first["transform"] = (*list(first["transform"])[:4], x, y)
        self._text = _TextState(first)
        self.applyStateChanges(first, {})
        try:
            self.drawNode(drawing)
            canvas.restoreState()
        finally:
            del self._canvas, self._code, self._texts, self._text

    def drawNode(self, node: object) -> None:
        """Draw one node in a state of its own (as ``_PDFRenderer.drawNode``)."""
        canvas = self._canvas
        clip = type(node) is Path and node.isClipPath
        if not clip:
            saved = _kept_state(canvas)
            canvas._extgstate = canvas._extgstate.pushCopy()
            self._code.append("q")
        delta = {key: value for key, value in vars(node).items() if key in STATE_DEFAULTS}
        self._text.push(delta)
        self.applyStateChanges(delta, {})
        if type(node) in _SHAPES:
            self._draw_shape(node)
        else:
            assert isinstance(node, Group)  # _plain lets groups through only
            for child in node.getContents():
                self.drawNode(child)
        self._text.pop()
        if not clip:
            self._code.append("Q")
            vars(canvas).update(zip(_KEPT, saved, strict=True))

    def _draw_shape(self, node: object) -> None:
        """Draw a plain shape (the four written from the tables by this class's methods)."""
        if type(node) is Rect:
            self.drawRect(node)
        elif type(node) is String:
            self.drawString(node)
        elif type(node) is Path:
            self.drawPath(node)
        elif type(node) is Circle:
            self.drawCircle(node)
        else:
            _DRAWERS[type(node)](self, node)

    def applyStateChanges(self, delta: dict[str, object], newState: dict[str, object]) -> None:
        """Set a node's state properties (``_PDFRenderer.applyStateChanges``), the
        frequent ones from the tables."""
        items = sorted(delta.items()) if rl_config.invariant else delta.items()
        for key, value in items:
            setter = _SETTERS.get(key)
            if setter is None or not setter(self, delta, value):
                super().applyStateChanges({key: value}, newState)

    def _transform(self, delta: dict[str, object], value: object) -> bool:
        code = self._code
        if code and code[-1][-3:] == " cm":  # the canvas merges it into the last matrix
            return False
        if not isinstance(value, (tuple, list)):
            return False
        a, b, c, d, e, f = value[:6]
        key = ("cm", a, b, c, d, e, f)
        _write(_texts, key, code, lambda: code.append(f"{fp_str(a, b, c, d, e, f)} cm"))
        if _tracking.get("ENABLE_TRACKING", True):
            canvas = self._canvas
            a0, b0, c0, d0, e0, f0 = canvas._currentMatrix
            canvas._currentMatrix = (
                a0 * a + c0 * b,
                b0 * a + d0 * b,
                a0 * c + c0 * d,
                b0 * c + d0 * d,
                a0 * e + c0 * f + e0,
                b0 * e + d0 * f + f0,
            )
        return True

    def _colour(self, value: Color, fill: bool) -> None:
        canvas = self._canvas
        key = ("rg" if fill else "RG", value.red, value.green, value.blue)
        code = self._code
        rgb = (value.red, value.green, value.blue)
        _write(_texts, key, code, lambda: code.append(f"{fp_str(rgb)} {key[0]}"))
        alpha = getattr(value, "alpha", None)
        if fill:
            canvas._fillColorObj = value
            if alpha is not None:
                canvas.setFillAlpha(alpha)
        else:
            canvas._strokeColorObj = value
            if alpha is not None:
                canvas.setStrokeAlpha(alpha)

    def _stroke_colour(self, delta: dict[str, object], value: object) -> bool:
        if value is None:
            self._stroke = 0
        elif type(value) is Color and not self._canvas._enforceColorSpace:
            self._stroke = 1
            self._colour(value, fill=False)
        else:
            return False
        return True

    def _fill_colour(self, delta: dict[str, object], value: object) -> bool:
        if value is None:
            self._fill = 0
        elif type(value) is Color and not self._canvas._enforceColorSpace:
            self._fill = 1
            self._colour(value, fill=True)
        else:
            return False
        return True

    def _line_width(self, delta: dict[str, object], value: object) -> bool:
        if not isinstance(value, (int, float)):
            return False
        key = ("w", value)
        _write(_texts, key, self._code, lambda: self._canvas.setLineWidth(value))
        self._canvas._lineWidth = value
        return True

    def _line_cap(self, delta: dict[str, object], value: object) -> bool:
        if not isinstance(value, (int, float)) or value not in (0, 1, 2):
            return False  # renderPDF's call says what is wrong
        self._canvas._lineCap = int(value)
        self._code.append(f"{int(value)} J")
        return True

    def _line_join(self, delta: dict[str, object], value: object) -> bool:
        if not isinstance(value, (int, float)) or value not in (0, 1, 2):
            return False
        self._canvas._lineJoin = int(value)
        self._code.append(f"{int(value)} j")
        return True

    def _dash(self, delta: dict[str, object], value: object) -> bool:
        if value:
            return False
        _write(_texts, ("d",), self._code, self._canvas.setDash)
        return True

    def _nothing(self, delta: dict[str, object], value: object) -> bool:
        """A property renderPDF writes nothing for (the miter limit, the text anchor)."""
        return True

    def _fill_opacity(self, delta: dict[str, object], value: object) -> bool:
        if value is None:
            return True
        if not isinstance(value, (int, float)):
            return False
        self._canvas.setFillAlpha(value)
        return True

    def _stroke_opacity(self, delta: dict[str, object], value: object) -> bool:
        if value is None:
            return True
        if not isinstance(value, (int, float)):
            return False
        self._canvas.setStrokeAlpha(value)
        return True

    def _font(self, delta: dict[str, object], value: object) -> bool:
        canvas = self._canvas
        name = delta.get("fontName", canvas._fontname)
        size = delta.get("fontSize", canvas._fontsize)
        if not isinstance(name, str) or not isinstance(size, (int, float)):
            return False
        key = ("Tf", name, size)
        if _kept(self._texts, key, self._code):
            canvas._fontname = name
            canvas._fontsize = size
            canvas._leading = size * 1.2
        else:
            _keep(self._texts, key, self._code, lambda: canvas.setFont(name, size))
        return True

    def drawRect(self, rect: Rect) -> None:
        """A rectangle (``_PDFRenderer.drawRect``)."""
        key = (
            "re",
            rect.x,
            rect.y,
            rect.width,
            rect.height,
            rect.rx,
            rect.ry,
            self._stroke,
            self._fill,
            self._canvas._fillMode,
        )
        _write(_texts, key, self._code, lambda: super(_LeanRenderer, self).drawRect(rect))

    def drawCircle(self, circle: Circle) -> None:
        """A circle (``_PDFRenderer.drawCircle``)."""
        key = (
            "circle",
            circle.cx,
            circle.cy,
            circle.r,
            self._stroke,
            self._fill,
            self._canvas._fillMode,
        )
        _write(_texts, key, self._code, lambda: super(_LeanRenderer, self).drawCircle(circle))

    def drawPath(self, path: Path) -> None:
        """A path (``_PDFRenderer.drawPath``)."""
        key = (
            "path",
            tuple(path.points),
            tuple(path.operators),
            getattr(path, "autoclose", ""),
            getattr(path, "fillMode", None),
            path.isClipPath,
            self._stroke,
            self._fill,
            self._canvas._fillMode,
        )
        _write(_texts, key, self._code, lambda: super(_LeanRenderer, self).drawPath(path))

    def drawString(self, stringObj: String) -> None:
        """A string (``_PDFRenderer.drawString``, reading the lean state)."""
        canvas = self._canvas
        state = self._text.getState()
        key = (
            "Tj",
            state["textAnchor"],
            state["fontName"],
            state["fontSize"],
            stringObj.x,
            stringObj.y,
            stringObj.text,
            stringObj.encoding,
            getattr(stringObj, "textRenderMode", 0),
            self._stroke,
            self._fill,
            canvas._fontname,
            canvas._fontsize,
            canvas._leading,
            canvas.bottomup,
        )
        _write(self._texts, key, self._code, lambda: self._draw_string(stringObj))

    def _draw_string(self, stringObj: String) -> None:
        self._tracker = self._text
        try:
            super().drawString(stringObj)
        finally:
            del self._tracker


_Setter = Callable[[_LeanRenderer, dict[str, object], object], bool]

_SETTERS: dict[str, _Setter] = {
    "transform": _LeanRenderer._transform,
    "strokeColor": _LeanRenderer._stroke_colour,
    "fillColor": _LeanRenderer._fill_colour,
    "strokeWidth": _LeanRenderer._line_width,
    "strokeLineCap": _LeanRenderer._line_cap,
    "strokeLineJoin": _LeanRenderer._line_join,
    "strokeDashArray": _LeanRenderer._dash,
    "fontName": _LeanRenderer._font,
    "fontSize": _LeanRenderer._font,
    "fillOpacity": _LeanRenderer._fill_opacity,
    "strokeOpacity": _LeanRenderer._stroke_opacity,
    "strokeMiterLimit": _LeanRenderer._nothing,
    "textAnchor": _LeanRenderer._nothing,
    "ctm": _LeanRenderer._nothing,
}
"""The state properties set from the tables; a setter returns False for a value it leaves
to renderPDF's ``applyStateChanges``."""

_DRAWERS: dict[type, Callable[[_LeanRenderer, object], None]] = {
    Line: _LeanRenderer.drawLine,
    Ellipse: _LeanRenderer.drawEllipse,
    PolyLine: _LeanRenderer.drawPolyLine,
    Polygon: _LeanRenderer.drawPolygon,
    Wedge: _LeanRenderer.drawWedge,
}
"""renderPDF's own drawing of the plain shapes :meth:`_LeanRenderer._draw_shape` does not
write from the tables."""

_SHAPES = frozenset({Rect, String, Path, Circle, *_DRAWERS})
"""The plain shape classes (groups are drawn by :meth:`_LeanRenderer.drawNode`)."""


def draw(
    drawing: Drawing, canvas: Canvas, x: float, y: float, show_boundary: object = _UNSET
) -> None:
    """``renderPDF.draw(drawing, canvas, x, y)``: the same operators, drawn lean when the
    drawing is made of plain shapes only and the canvas is reportlab's own, with the
    internals this module uses."""
    scaled = renderScaledDrawing(drawing)  # type: ignore[no-untyped-call]
    internals = _internals(canvas) if _stock(canvas) else None
    if internals is not None and _plain(scaled):
        _LeanRenderer().draw(scaled, internals, x, y, showBoundary=show_boundary)
    elif show_boundary is _UNSET:
        renderPDF.draw(drawing, canvas, x, y)
    else:
        renderPDF.draw(drawing, canvas, x, y, showBoundary=show_boundary)


class LeanDrawing(Drawing):
    """A drawing that platypus, placing it as a flowable, draws through :func:`draw`
    (a plain ``Drawing`` goes to ``renderPDF``)."""

    def draw(self, showBoundary: object = _UNSET) -> None:
        """Draw it on the flowable's canvas (as ``Drawing.draw``)."""
        if showBoundary is _UNSET:
            showBoundary = getattr(self, "_showBoundary", _UNSET)
        draw(self, self.canv, 0, 0, show_boundary=showBoundary)


__all__ = ["LeanDrawing", "draw"]
