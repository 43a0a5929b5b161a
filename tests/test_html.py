"""The web half of the rulebooks: Markdown to HTML from the same token stream as the PDF,
the sheet's words as HTML, diagrams inline as SVG with their words."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from reportlab.graphics.shapes import Drawing, Rect, String

from printplay.builders.rulebook import rulebook_model
from printplay.core.cards import parse_cards
from printplay.core.deal import numbered_deal
from printplay.core.errors import RulebookError
from printplay.games import make_solitaire
from printplay.makers.printable_words import printable_words
from printplay.models.site_model import Site
from printplay.render.alt_text import board_words, hands_words
from printplay.render.html import WebFigure, markdown_to_html, slug
from printplay.render.markup_html import markup_html
from printplay.render.site_pages import index_page
from printplay.render.site_shell import SiteWords
from printplay.render.svg import inline_svg, svg_text
from printplay.render.web_rulebook import rulebook_html

REPO = Path(__file__).resolve().parent.parent


def _figure(**_: str) -> WebFigure:
    """A small drawing and its words."""
    drawing = Drawing(40, 20)
    drawing.add(Rect(0, 0, 40, 20))
    return WebFigure(drawing, "a red <box> & more")


class _Tags(HTMLParser):
    """The start tags of a fragment, and whether every element opened was closed."""

    VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "rect", "path", "polygon"})

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (tag, self.open)
        self.open.pop()


def _tags(html: str) -> list[str]:
    parser = _Tags()
    parser.feed(html)
    parser.close()
    assert parser.open == []
    return parser.tags


def test_text_is_escaped_and_raw_html_is_text() -> None:
    html = markdown_to_html(
        '<script>alert("x")</script> & <b>bold</b>\n\n'
        "| <i>a</i> |\n|---|\n| `<b>` |\n\n"
        "> <img src=x onerror=alert(1)>\n"
    ).html
    assert "script" not in _tags(html) and "img" not in _tags(html) and "b" not in _tags(html)
    assert "&lt;script&gt;alert(“x”)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html
    assert "<code>&lt;b&gt;</code>" in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_class_is_kept_but_an_attribute_never_reaches_the_page() -> None:
    html = markdown_to_html('Kit\n{: .subtitle onclick="alert(1)" style="x"}\n').html
    assert html == '<p class="subtitle">Kit</p>'


def test_one_h1_and_no_level_skipped() -> None:
    text = markdown_to_html("## Before\n# Title\n#### Deep\n# Again\n### Sub\n")
    assert [h.level for h in text.headings] == [1, 2, 3, 2, 3]
    assert sum(tag == "h1" for tag in _tags(text.html)) == 1


def test_heading_ids_are_unique_and_an_id_can_be_given() -> None:
    text = markdown_to_html("# Rules\n## Tips\n## Tips\n## Odds {: #win-rates}\n")
    assert [h.ident for h in text.headings] == ["rules", "tips", "tips-2", "win-rates"]
    assert slug("How often can a deal be won?") == "how-often-can-a-deal-be-won"
    assert slug("Q♠ & 10♥: “quoted”") == "q-10-quoted"


def test_a_diagram_is_inline_svg_with_its_words_and_its_caption() -> None:
    html = markdown_to_html(
        "[[diagram box size=2]]\n*The box.*\n\n[[diagram box]]\n\nNot *a caption*.\n",
        figures={"box": _figure},
    ).html
    assert html.count("<figure") == 2 and html.count("<figcaption>") == 1
    assert "<figcaption><em>The box.</em></figcaption>" in html
    assert 'aria-label="a red &lt;box&gt; &amp; more"' in html
    ids = re.findall(r'id="([^"]+)"', html)
    assert len(ids) == len(set(ids)) and "fig-1-clip" in ids and "fig-2-clip" in ids
    assert "url(#fig-2-clip)" in html and "url(#clip)" not in html


def test_what_may_be_wide_scrolls_on_its_own_with_its_shade() -> None:
    """A table and a drawing each sit in a wrapper that scrolls sideways, holding the shade
    that says there is more; a drawing with words carries their size (--label-ems: how
    many times their size it is wide), so the stylesheet can keep them legible."""

    def words(**_: str) -> WebFigure:
        drawing = Drawing(120, 20)
        drawing.add(String(2, 5, "stock (23)", fontName="PPSans", fontSize=6))
        drawing.add(String(60, 5, "K", fontName="PPSans-Bold", fontSize=10))
        return WebFigure(drawing, "the stock")

    html = markdown_to_html(
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n[[diagram words]]\n\n[[diagram box]]\n",
        figures={"words": words, "box": _figure},
    ).html
    more = '<span class="more" aria-hidden="true"></span>'
    assert re.search(f'<div class="table-wrap">\n<table>.*</table>\n{more}\n</div>', html, re.S)
    assert html.count('<div class="drawing-wrap">\n<svg ') == 2 and html.count(more) == 3
    svgs = re.findall(r"<svg [^>]*>", html)
    assert 'class="drawing" style="--label-ems: 20.00"' in svgs[0]  # 120 wide, words 6 high
    assert "style=" not in svgs[1]  # a drawing without words carries none
    _tags(html)


def test_a_bad_diagram_is_refused_with_its_line_as_in_the_pdf() -> None:
    with pytest.raises(RulebookError, match=r"x\.md, line 3 .*unknown diagram 'nope'"):
        markdown_to_html("Text\n\n[[diagram nope]]\n", figures={"box": _figure}, source="x.md")
    with pytest.raises(RulebookError, match="bad arguments for diagram 'box'"):
        markdown_to_html("[[diagram box bad=1]]\n", figures={"box": lambda: _figure()})


def test_tables_regions_lists_and_suits() -> None:
    html = markdown_to_html(
        "| Hand | Pays |\n|:-----|-----:|\n| K♥ K♠ | 2 |\n\n"
        "[[columns 2]]\n- a\n- b\n[[/columns]]\n\n[[quickref]]\n3. three\n4. four\n[[/quickref]]\n"
        "\nTerm\n: Its definition.\n\n[[pagebreak]]\n"
    ).html
    assert '<th class="right">Pays</th>' in html and '<td class="right">2</td>' in html
    assert '<td class="left">K<span class="suit red">♥</span> K<span class="suit black">♠' in html
    assert '<div class="columns columns-2">' in html and '<div class="quickref">' in html
    assert '<ol start="3">' in html and "<dt>Term</dt>" in html
    assert '<div class="page-break"></div>' in html
    _tags(html)


def test_the_sheet_words_become_html_and_nothing_else() -> None:
    markup = (
        "<b>1.</b> Play 7<font color=\"#c8102e\">♥</font>&nbsp;<font color='#666666'>·"
        '&nbsp;score&nbsp;1</font> <font face="PPMono">--max-seconds</font> <i>x</i><br/>'
        '<a href="javascript:x">link</a> <font onload="x">y</font> &bogus; 3 < 4'
    )
    html = markup_html(markup)
    assert html.startswith('<strong>1.</strong> Play 7<span class="suit red">♥</span>&nbsp;')
    assert '<span class="muted">·&nbsp;score&nbsp;1</span>' in html
    assert "<code>--max-seconds</code> <em>x</em><br>" in html
    assert "&lt;a href=&quot;javascript:x&quot;&gt;link&lt;/a&gt;" in html
    assert "<span>y</span> &amp;bogus; 3 &lt; 4" in html
    assert set(_tags(html)) == {"strong", "span", "code", "em", "br"}


def test_an_unclosed_or_stray_tag_is_balanced() -> None:
    assert markup_html("<b>open <i>both") == "<strong>open <em>both</em></strong>"
    assert markup_html("stray</b> </font> end") == "stray end".replace(" end", "  end")


def test_the_svg_of_a_drawing_is_exact_and_rounded() -> None:
    drawing = Drawing(100.4567, 50.25)
    drawing.add(String(10.123456, 20.987654, "Q♠", fontName="PPSans-Bold", fontSize=9))
    text = svg_text(drawing)
    assert 'viewBox="0 0 100.46 50.25"' in text  # renderSVG wrote "0 0 100 50"
    assert "translate(0,-50.25)" in text
    assert 'x="10.12" y="20.99"' in text and "translate(0,41.98) scale(1,-1)" in text
    inline = inline_svg(drawing, label="queen of spades", prefix="f9")
    assert inline.startswith('<svg role="img" aria-label="queen of spades" class="drawing"')
    assert "<title>" not in inline and "font-weight: bold" in inline


def test_a_board_is_read_card_by_card() -> None:
    game = make_solitaire("tripeaks")
    start = game.initial_state(numbered_deal(game.deck(), 1))
    hidden = board_words(start.board(), show_hidden=False)
    assert hidden.startswith("Row 1: face down, face down, face down. Row 2: face down")
    assert "Row 4: six of diamonds, eight of clubs, ace of hearts, ten of clubs" in hidden
    assert hidden.endswith("Stock: 23 cards, face down. Waste: 1 card, jack of spades on top.")
    shown = board_words(start.board(), show_hidden=True)
    assert shown.startswith("Row 1: seven of hearts (face down), three of spades (face down)")


def test_a_ricochet_room_names_its_walls_and_the_ball() -> None:
    game = make_solitaire("ricochet")
    state = game.initial_state(numbered_deal(game.deck(), 1))
    move = next(m for m in state.legal_moves() if m.slots)
    words = board_words(state.apply(move).board(), show_hidden=False)
    assert "North wall: inner 2nd card three of spades" in words
    assert re.search(r"The ball lies on the (\w+ wall, \w+ \w+ card|\w\w corner)\.$", words)


def test_hands_are_read_with_their_names() -> None:
    words = hands_words([parse_cards("Kd"), parse_cards("Kc 3h")], ["king", "king, 3"])
    assert words == "king of diamonds (king); king of clubs, three of hearts (king, 3)."


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "ricochet"])
def test_a_rulebook_page_has_every_diagram_with_words_that_name_its_cards(game: str) -> None:
    model = rulebook_model(game)
    text = rulebook_html(model)
    html = text.html
    _tags(html)
    labels = re.findall(r'<svg role="img" aria-label="([^"]*)"', html)
    markers = len(re.findall(r"^\[\[diagram ", model.text, re.MULTILINE))
    assert html.count('<figure class="diagram"') == markers >= 3
    # boards side by side are a drawing each, to wrap on a phone
    panels = re.findall(r'<div class="panels">(.*?)</div>', html, re.DOTALL)
    assert panels and all(panel.count("<svg ") >= 2 for panel in panels)
    assert len(labels) == markers + sum(panel.count("<svg ") - 1 for panel in panels)
    assert all(" of " in label and ("Row 1: " in label or "North" in label) for label in labels)
    assert text.headings[0].level == 1
    assert sum(h.level == 1 for h in text.headings) == 1


def test_the_poker_rulebook_has_its_hands_and_its_chart_as_a_table() -> None:
    from printplay.builders.poker_rulebook import poker_rulebook
    from printplay.games.poker.game import RicochetPoker

    html = rulebook_html(poker_rulebook(RicochetPoker())).html
    assert 'aria-label="king of diamonds (' in html
    assert '<details class="figure-table"><summary>Show the chart as a table</summary>' in html
    assert '<th scope="row">AK</th>' in html
    assert html.count("<h1") == 1


def test_a_house_edition_of_the_sites_words_is_escaped(tmp_path: Path) -> None:
    source = (REPO / "templates" / "site.j2").read_text(encoding="utf-8")
    house = source.replace("The rules of", "<script>alert(1)</script> **Our** rules of")
    (tmp_path / "site.j2").write_text(house, encoding="utf-8")
    page = index_page(
        Site((), "a4", (tmp_path,)),
        SiteWords(printable_words("site.j2", (tmp_path,), markup=False)),
        {},
    )
    assert (
        "&lt;script&gt;alert(1)&lt;/script&gt; <strong>Our</strong> rules of no card" in page.main
    )
    assert "<script" not in page.main


def _drawings() -> list[Drawing]:
    """Drawings of every kind the site shows: words to escape, groups, a board, panels, the
    poker chart."""
    from reportlab.graphics.shapes import Circle, Group, Line, Path, PolyLine

    from printplay.builders.poker_rulebook import poker_rulebook
    from printplay.games.poker.game import RicochetPoker
    from printplay.models.printable import CardsFigure
    from printplay.render.figures import Panels
    from printplay.render.web_rulebook import web_figures

    odd = Drawing(60, 30)
    odd.add(String(1, 2, 'a<b & "c" > d ♠', fontName="PPSans", fontSize=7))
    group = Group(Rect(1, 1, 3, 3), Circle(5, 5, 2), Line(0, 0, 9, 9), PolyLine([1, 2, 3, 4]))
    group.translate(2, 3)
    odd.add(group)
    path = Path()
    path.moveTo(0, 0)
    path.lineTo(5, 5)
    path.closePath()
    odd.add(path)
    found = [odd]
    for book in (rulebook_model("tripeaks"), poker_rulebook(RicochetPoker())):
        for name, factory in web_figures(book).items():
            figure = book.figures[name]
            if isinstance(figure, CardsFigure):  # the hands the source names, the first
                made = factory(**{figure.option: next(iter(figure.shown))})
            else:
                made = factory()
            found.append(made.drawing)
            if isinstance(made.drawing, Panels):
                found += [part for part, _ in made.drawing.parts]
    return found


def test_the_lean_svg_is_the_svg_reportlab_writes() -> None:
    """renderSVG on the lean document writes, character for character, what it writes on
    minidom's (words escaped, groups nested, a board, boards side by side, the chart)."""
    from reportlab.graphics import renderSVG

    from printplay.render.lean_svg import draw_to_string

    drawings = _drawings()
    assert len(drawings) >= 6
    for drawing in drawings:
        assert draw_to_string(drawing) == renderSVG.drawToString(drawing)


def test_a_figure_met_again_is_not_drawn_to_svg_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same figure in the rulebook of another variant (an equal key) is drawn to SVG
    once, and its page gets the same SVG, its own ids and words; a drawing without a key,
    or with one that cannot be a key, is drawn each time."""
    from printplay.core.kept import Kept
    from printplay.render import svg

    drawing = Drawing(40, 20)
    drawing.add(Rect(0, 0, 40, 20))
    made: list[Drawing] = []
    real = svg._element

    def counted(drawing: Drawing, scale: float) -> tuple[str, float | None]:
        made.append(drawing)
        return real(drawing, scale)

    monkeypatch.setattr(svg, "_element", counted)
    monkeypatch.setattr(svg, "_kept", Kept(svg.KEPT))
    first = inline_svg(drawing, label="one", prefix="fig-1", key=("board", "test", 1))
    again = inline_svg(Drawing(5, 5), label="two", prefix="fig-7", key=("board", "test", 1))
    assert len(made) == 1
    assert again == first.replace("fig-1", "fig-7").replace('"one"', '"two"')
    inline_svg(drawing, label="one", prefix="fig-1")
    inline_svg(drawing, label="one", prefix="fig-1", key=("board", ["not hashable"]))
    assert len(made) == 3


def test_a_figure_met_again_is_not_drawn_again() -> None:
    """A rulebook's board drawn again across the same width and size (the same figure in
    another variant's rulebook, or on its page) is the drawing made before; another width,
    size or ink mode is drawn afresh, and a kept drawing is the one drawn anew."""
    from printplay.core.ink_mode import ink_light
    from printplay.core.layout import BoardView
    from printplay.render.figures import _figure_drawing, figure_drawing
    from printplay.render.web_rulebook import BOOK_WIDTH

    model = rulebook_model("pyramid")
    board = next(figure for figure in model.figures.values() if isinstance(figure, BoardView))
    first = figure_drawing(board, BOOK_WIDTH, "yes")
    assert figure_drawing(board, BOOK_WIDTH, "yes") is first
    assert figure_drawing(board, BOOK_WIDTH, "no") is not first
    assert figure_drawing(board, BOOK_WIDTH - 20, "yes") is not first
    with ink_light():
        light = figure_drawing(board, BOOK_WIDTH, "yes")
    assert light is not first and svg_text(light) != svg_text(first)
    assert svg_text(_figure_drawing(board, BOOK_WIDTH, "yes")) == svg_text(first)
