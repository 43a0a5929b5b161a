"""The lean PDF renderer writes what reportlab's renderPDF writes, byte for byte."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import (
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
    Wedge,
)
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.validators import inherit
from reportlab.pdfgen import canvas as canvas_module
from reportlab.pdfgen.canvas import Canvas

from printplay.core.cards import Card, Rank, Suit
from printplay.core.deal import numbered_deal
from printplay.games import make_solitaire
from printplay.render import lean_pdf
from printplay.render.board import board_drawing
from printplay.render.card_sizes import card_size
from printplay.render.components import chip_drawing
from printplay.render.faces import FaceStyle, back_drawing, face_drawing
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts


def _made(shape: Any, **props: Any) -> Any:
    """``shape`` with properties the stubs do not let its constructor take."""
    shape.setProperties(props)
    return shape


def _odd() -> Drawing:
    """Every plain shape, and the values renderPDF treats apart: dashes with a phase,
    transparency, a CMYK colour, strings anchored every way and stroked, a clip path,
    paths closed the SVG way and the PDF way, nested transforms, no stroke or no fill."""
    register_fonts()
    drawing = Drawing(200, 120)
    drawing.initialFontName = SANS  # type: ignore[attr-defined]
    drawing.initialFontSize = 9  # type: ignore[attr-defined]
    drawing.add(_made(Rect(1, 2, 30, 20), strokeDashArray=[2, 1], fillColor=HexColor("#336699")))
    drawing.add(_made(Rect(3, 4, 30, 20, 3, 3), strokeDashArray=(1, [3, 2]), strokeWidth=0.4))
    drawing.add(_made(Rect(5, 6, 7, 8), fillColor=None, strokeColor=Color(0.2, 0.3, 0.4, 0.5)))
    drawing.add(_made(Rect(5, 6, 7, 8), fillColor=CMYKColor(0.1, 0.2, 0.3, 0.4), strokeColor=None))
    drawing.add(_made(Rect(9, 9, 9, 9), fillOpacity=0.25, strokeOpacity=0.75, strokeLineCap=1))
    drawing.add(Circle(40, 40, 6, strokeLineJoin=2, fillColor=Color(1, 0, 0)))
    drawing.add(Ellipse(60, 40, 8, 4, fillColor=None))
    drawing.add(Line(0, 0, 100, 100, strokeColor=HexColor("#B3261E")))
    drawing.add(PolyLine([1, 2, 30, 40, 50, 10], strokeWidth=2))
    drawing.add(Polygon([10, 10, 20, 30, 30, 10], fillColor=HexColor("#E8EEF7")))
    drawing.add(Wedge(80, 80, 10, 0, 120, fillColor=HexColor("#F6EBDD")))
    drawing.add(Wedge(80, 80, 10, 30, 300, radius1=4, fillColor=HexColor("#E6F2E8")))
    for anchor, y in (("start", 60), ("middle", 70), ("end", 80)):
        drawing.add(_made(String(100, y, f"{anchor} ♠♥ 10", fontName=SANS_BOLD), textAnchor=anchor))
    drawing.add(_made(String(100, 90, "stroked"), textRenderMode=1, strokeColor=HexColor("#555")))
    drawing.add(String(100, 100, "unfilled", fillColor=None))
    for autoclose in (None, "svg", "pdf"):
        path = Path(autoclose=autoclose, fillColor=HexColor("#F3E6EF"), fillMode=0)
        path.moveTo(0, 0)
        path.lineTo(10, 5)
        path.curveTo(12, 8, 14, 8, 16, 5)
        drawing.add(path)
    inner = Group(Rect(0, 0, 4, 4), String(0, 0, "inner", fontSize=6))
    inner.translate(3, 4)
    inner.scale(2, 2)
    outer = Group(inner, Circle(1, 1, 1))
    outer.rotate(15)
    drawing.add(outer)
    clipped = Group()
    clip = Path(isClipPath=1)
    clip.moveTo(0, 0)
    clip.lineTo(50, 0)
    clip.lineTo(50, 50)
    clip.closePath()
    clipped.add(clip)
    clipped.add(_made(Rect(0, 0, 60, 60), fillColor=HexColor("#E8EEF7")))
    drawing.add(clipped)
    return drawing


def _drawings() -> list[Drawing]:
    """Boards of every solitaire (face up, face down, hatched), faces and backs of both
    styles, chips, and the odd drawing above."""
    found = [_odd()]
    for name in ("tripeaks", "pyramid", "ricochet", "golf"):
        game = make_solitaire(name)
        view = game.initial_state(numbered_deal(game.deck(), 3)).board()
        found.append(board_drawing(view, 300.0))
        found.append(board_drawing(view, 200.0, show_hidden=False, tags=True))
    for style in (FaceStyle(), FaceStyle(outline=True, four_colour=True)):
        for card in (Card(Rank.SEVEN, Suit.DIAMONDS), Card(Rank.KING, Suit.SPADES)):
            found.append(face_drawing(card, style=style, bleed_mm=3))
    found += [back_drawing("bridge", "Ann"), chip_drawing(1), chip_drawing(5)]
    return found


def _state(canvas: Canvas) -> dict[str, Any]:
    """What of a canvas a drawing could leave changed: its state, its stack, its
    transparency and overprint settings, the document's PDF version."""
    state: dict[str, Any] = {name: getattr(canvas, name) for name in Canvas.STATE_ATTRIBUTES}
    state["_extgstate"] = dict(canvas._extgstate._d)  # type: ignore[attr-defined]
    state["stack"] = len(canvas.state_stack)
    state["version"] = canvas._doc._pdfVersion  # type: ignore[attr-defined]
    return state


def _pdf(draw: Callable[..., None], drawings: list[Drawing]) -> tuple[bytes, list[Any]]:
    """The drawings drawn twice each on one canvas, two a page: the file and, after each
    drawing, the canvas's code so far and its state."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1)
    seen = []
    for turn in range(2):
        for number, drawing in enumerate(drawings):
            draw(drawing, canvas, 10 + turn, 20 + number % 3)
            seen.append((len(canvas._code), list(canvas._code), _state(canvas)))  # type: ignore[attr-defined]
            if number % 2:
                canvas.showPage()
    canvas.save()
    return out.getvalue(), seen


def test_the_lean_pdf_is_the_pdf_renderpdf_writes() -> None:
    """Every drawing, drawn lean, gives renderPDF's operators, leaves the canvas as
    renderPDF leaves it, and the two files are the same bytes; on a second canvas (another
    document: its own font names and subsets), drawn in another order, too."""
    drawings = _drawings()
    lean = _pdf(lean_pdf.draw, drawings)
    assert lean == _pdf(renderPDF.draw, drawings)
    again = drawings[::-1]
    assert _pdf(lean_pdf.draw, again) == _pdf(renderPDF.draw, again)


class _Panel(Drawing):
    """A drawing of a class of its own that carries data only (drawn lean)."""

    parts = ()


class _Backwards(Drawing):
    """A drawing of a class that draws its contents its own way (drawn by renderPDF)."""

    def getContents(self) -> list[Any]:
        return list(reversed(self.contents))


def test_a_lean_drawing_placed_by_platypus_is_drawn_as_reportlab_draws_it() -> None:
    """A board placed as a flowable (a :class:`~printplay.render.lean_pdf.LeanDrawing`)
    writes what the same drawing writes as reportlab's own ``Drawing``."""
    game = make_solitaire("ricochet")
    view = game.initial_state(numbered_deal(game.deck(), 2)).board()
    lean = board_drawing(view, 250.0)
    assert isinstance(lean, lean_pdf.LeanDrawing)
    stock = Drawing(lean.width, lean.height, *lean.contents)
    written = []
    for drawing in (lean, stock):
        canvas = Canvas(io.BytesIO(), invariant=1)
        drawing.wrapOn(canvas, 300, 300)
        drawing.drawOn(canvas, 12, 34)
        written.append(canvas._code)  # type: ignore[attr-defined]
    assert written[0] == written[1]


def test_what_is_not_plain_is_drawn_by_renderpdf(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drawing of a class that lists its contents its own way, a shape holding a derived
    value, or a canvas whose own methods differ from reportlab's goes to renderPDF whole;
    a plain drawing, or one of a class that only carries data, never does."""
    calls: list[Drawing] = []
    real = renderPDF.draw

    def counted(drawing: Drawing, canvas: Canvas, x: float, y: float, **kw: Any) -> None:
        calls.append(drawing)
        real(drawing, canvas, x, y, **kw)

    monkeypatch.setattr(renderPDF, "draw", counted)
    derived = Drawing(20, 20, _made(Rect(0, 0, 5, 5), strokeWidth=inherit))
    subclass = _Backwards(20, 20, Rect(0, 0, 5, 5), Circle(1, 1, 1))

    class Other(Canvas):
        def saveState(self) -> None:
            super().saveState()

    lean_pdf.draw(derived, Canvas(io.BytesIO()), 0, 0)
    lean_pdf.draw(subclass, Canvas(io.BytesIO()), 0, 0)
    lean_pdf.draw(Drawing(20, 20, Rect(0, 0, 5, 5)), Other(io.BytesIO()), 0, 0)
    assert calls[:2] == [derived, subclass] and len(calls) == 3
    calls.clear()
    lean_pdf.draw(_odd(), Canvas(io.BytesIO()), 0, 0)
    lean_pdf.draw(_Panel(20, 20, Rect(0, 0, 5, 5)), Canvas(io.BytesIO()), 0, 0)
    assert calls == []


def _rename_line_width(monkeypatch: pytest.MonkeyPatch) -> Callable[[Canvas], None]:
    """A reportlab whose canvas calls its line width ``_line_width`` (its state list and
    ``setLineWidth`` patched to match); what makes a new canvas one of its."""

    def set_line_width(canvas: Canvas, width: float) -> None:
        canvas._line_width = width  # type: ignore[attr-defined]
        canvas._code.append(f"{fp_str(width)} w")  # type: ignore[attr-defined]

    renamed = ["_line_width" if name == "_lineWidth" else name for name in Canvas.STATE_ATTRIBUTES]
    monkeypatch.setattr(Canvas, "STATE_ATTRIBUTES", renamed)
    monkeypatch.setattr(Canvas, "setLineWidth", set_line_width)

    def renamed_canvas(canvas: Canvas) -> None:
        canvas._line_width = vars(canvas).pop("_lineWidth")  # type: ignore[attr-defined]

    return renamed_canvas


def _rename_push_copy(monkeypatch: pytest.MonkeyPatch) -> Callable[[Canvas], None]:
    """A reportlab whose transparency state is copied by ``push_copy`` (``pushCopy`` gone,
    the canvas's state stack patched to match)."""
    state_class = canvas_module.ExtGState
    monkeypatch.setattr(state_class, "push_copy", state_class.pushCopy, raising=False)
    monkeypatch.delattr(state_class, "pushCopy")
    real_push = Canvas.push_state_stack

    def push_state_stack(canvas: Canvas) -> None:
        state_class.pushCopy = state_class.push_copy
        try:
            real_push(canvas)
        finally:
            del state_class.pushCopy

    monkeypatch.setattr(Canvas, "push_state_stack", push_state_stack)
    return lambda canvas: None


@pytest.mark.parametrize("rename", [_rename_line_width, _rename_push_copy])
def test_a_canvas_whose_internals_were_renamed_is_drawn_by_renderpdf(
    monkeypatch: pytest.MonkeyPatch,
    rename: Callable[[pytest.MonkeyPatch], Callable[[Canvas], None]],
) -> None:
    """A reportlab release that renamed one of the canvas internals the lean renderer
    uses (the line width, the transparency state's copy) draws through renderPDF, the
    bytes renderPDF writes, instead of failing or writing to the old name."""
    drawings = _drawings()[:4]
    renamed_canvas = rename(monkeypatch)
    calls: list[Drawing] = []
    real = renderPDF.draw

    def counted(drawing: Drawing, canvas: Canvas, x: float, y: float, **kw: Any) -> None:
        calls.append(drawing)
        real(drawing, canvas, x, y, **kw)

    written = []
    for draw in (lean_pdf.draw, counted):
        out = io.BytesIO()
        canvas = Canvas(out, invariant=1)
        renamed_canvas(canvas)
        monkeypatch.setattr(renderPDF, "draw", counted)
        for number, drawing in enumerate(drawings):
            draw(drawing, canvas, 10, 20 + number)
        monkeypatch.setattr(renderPDF, "draw", real)
        canvas.save()
        written.append(out.getvalue())
    assert written[0] == written[1]
    assert len(calls) == 2 * len(drawings)


def test_cards_and_boards_are_drawn_lean(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board (as a flowable of printplay's own and as a drawing platypus places), a
    rulebook's figure and a card's shapes drawn to PDF by printplay's renderers never go
    through renderPDF's state machinery (what made drawing cards slow)."""
    from reportlab.graphics import renderbase

    from printplay.render.board import BoardDiagram
    from printplay.render.card_shapes import render_shapes
    from printplay.render.faces import card_face
    from printplay.render.figures import resizable, side_by_side

    def refused(*args: Any, **kw: Any) -> None:
        raise AssertionError("renderPDF's state tracker was used")

    monkeypatch.setattr(renderbase, "StateTracker", refused)
    game = make_solitaire("tripeaks")
    view = game.initial_state(numbered_deal(game.deck(), 1)).board()
    canvas = Canvas(io.BytesIO())
    diagram = BoardDiagram(view, 300.0)
    diagram.wrapOn(canvas, 300, 300)
    diagram.drawOn(canvas, 0, 0)
    board = board_drawing(view, 200.0)
    board.wrapOn(canvas, 300, 300)
    board.drawOn(canvas, 0, 0)
    figure = resizable(lambda across: side_by_side([view, view], ["a", "b"], across), 300.0)
    figure.wrapOn(canvas, 300, 300)
    figure.drawOn(canvas, 0, 0)
    render_shapes(canvas, card_face(Card(Rank.ACE, Suit.HEARTS), card_size("poker")))


def test_the_kept_operators_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kept text, the matrices and colours as the shapes, counts towards the bound:
    a table at its limit is emptied before it grows, and the file stays renderPDF's."""
    monkeypatch.setattr(lean_pdf, "_MEMO_LIMIT", 5)
    monkeypatch.setattr(lean_pdf, "_texts", {})
    drawings = []
    for step in range(20):
        drawing = Drawing(100, 100)
        group = Group(Rect(0, 0, 10, 10, fillColor=Color(step / 20, 0, 0)))
        group.translate(step, 0)
        drawing.add(group)
        drawings.append(drawing)
    assert _pdf(lean_pdf.draw, drawings) == _pdf(renderPDF.draw, drawings)
    assert len(lean_pdf._texts) <= 5
