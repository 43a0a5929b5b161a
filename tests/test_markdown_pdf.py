"""The Markdown + Jinja2 → reportlab pipeline that rulebooks are set with."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdftext
import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, ListFlowable, Spacer, Table
from reportlab.platypus.flowables import BalancedColumns

from printplay.core.errors import PrintplayError
from printplay.markup.jinja_source import diagram, render_rulebook_source, table
from printplay.render.books import build_rulebook
from printplay.render.document import PageSetup, Paragraph, build_pdf
from printplay.render.fonts import SANS
from printplay.render.markdown_pdf import (
    RulebookError,
    fill_frame,
    markdown_markup,
    markdown_to_flowables,
    page_errors,
)
from printplay.render.styles import book_styles, suit_markup

FIXTURES = Path(__file__).parent / "fixtures" / "rulebook"
SAMPLE = FIXTURES / "sample.md"
RED = '<font color="#c8102e">'
BLACK = '<font color="#000000">'
LABELS = ["7♥", "8♠", "9♦", "10♣", "J♥", "Q♠", "K♦"]


def box(label: str, width: str = "200", height: str = "80") -> Drawing:
    """A test diagram: a labelled rectangle."""
    w, h = float(width), float(height)
    drawing = Drawing(w, h)
    rect = Rect(0, 0, w, h)
    rect.strokeColor, rect.fillColor = HexColor("#000000"), None
    drawing.add(rect)
    drawing.add(String(w / 2, h / 2, label, textAnchor="middle", fontName=SANS, fontSize=10))
    return drawing


def sample_context() -> dict[str, object]:
    runs = [(n, n * (n + 1) // 2, " ".join(LABELS[:n])) for n in range(1, 8)]
    return {"game": "Sample Patience", "runs": runs, "peaks": 3}


def build(path: Path, paper: str) -> Path:
    return build_rulebook(
        path,
        text=render_rulebook_source(SAMPLE, sample_context()),
        source=SAMPLE.name,
        diagrams={"box": box},
        setup=PageSetup(paper, "Sample", "printplay · sample"),
    )


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("rulebook")
    return {paper: build(folder / f"sample-{paper}.pdf", paper) for paper in ("a4", "letter")}


def page_texts(path: Path) -> list[str]:
    return pdftext.page_texts(path)


def paragraphs(flowables: list[Flowable]) -> list[Paragraph]:
    """Every paragraph, looking inside lists, tables and groups."""
    out: list[Paragraph] = []
    for f in flowables:
        if isinstance(f, Paragraph):
            out.append(f)
        elif isinstance(f, KeepTogether):
            out += paragraphs(list(vars(f)["_content"]))
        elif isinstance(f, ListFlowable):
            for item in vars(f)["_flowables"]:
                out += paragraphs(list(vars(item)["_flowables"]))
        elif isinstance(f, Table):
            for row in vars(f)["_cellvalues"]:
                for cell in row:
                    out += paragraphs(cell if isinstance(cell, list) else [cell])
    return out


def paragraph_texts(flowables: list[Flowable]) -> list[str]:
    """The mini-markup of every paragraph."""
    return [p.text for p in paragraphs(flowables)]


# ------------------------------------------------------------------------------------------
# Inline markup


def test_suit_markup_escapes_and_colours() -> None:
    assert suit_markup("A < 2 & K > Q") == "A &lt; 2 &amp; K &gt; Q"
    assert suit_markup("10♥") == f"10{RED}♥</font>"
    assert suit_markup("♦") == f"{RED}♦</font>"
    assert suit_markup("♠♣") == f"{BLACK}♠</font>{BLACK}♣</font>"


def test_markdown_markup() -> None:
    assert markdown_markup("**Q♥** &amp; *J*") == f"<b>Q{RED}♥</font></b> &amp; <i>J</i>"
    assert markdown_markup("[the <site>](https://x.org)") == "the &lt;site&gt;"
    assert markdown_markup("`a<b`").endswith(">a&lt;b</font>")
    assert markdown_markup("one<br />two") == "one<br/>two"
    assert markdown_markup("~~gone~~ _it_ ![alt ♦](x.png)") == (
        f"<strike>gone</strike> <i>it</i> alt {RED}♦</font>"
    )
    assert (
        markdown_markup("<em>raw</em> <img src=x>") == "&lt;em&gt;raw&lt;/em&gt; &lt;img src=x&gt;"
    )


def test_suits_are_coloured_in_paragraphs_lists_and_tables() -> None:
    text = "Play ♥ here.\n\n- a ♦ item\n    - nested ♠\n\n| Card | Suit |\n|---|---|\n| 10♥ | ♣ |\n"
    texts = paragraph_texts(markdown_to_flowables(text, width=400))
    assert f"Play {RED}♥</font> here." in texts
    assert f"a {RED}♦</font> item" in texts
    assert f"nested {BLACK}♠</font>" in texts
    assert f"10{RED}♥</font>" in texts
    assert f"{BLACK}♣</font>" in texts


def test_markup_characters_are_escaped() -> None:
    texts = paragraph_texts(markdown_to_flowables("A < 2 & K > Q, `<b>`, AT&T", width=400))
    assert len(texts) == 1
    assert "A &lt; 2 &amp; K &gt; Q" in texts[0]
    assert "&lt;b&gt;" in texts[0]
    assert "AT&amp;T" in texts[0]


def test_attr_list_classes_pick_styles() -> None:
    styles = book_styles()
    flowables = markdown_to_flowables(
        "# Title {: .title}\n\nUnder it\n{: .subtitle}\n", styles=styles, width=400
    )
    assert [p.style for p in paragraphs(flowables)] == [styles.title, styles.subtitle]


def test_raw_html_prints_as_text() -> None:
    texts = paragraph_texts(markdown_to_flowables("<b>bold?</b> <img src=x>\n\n<div>\n", width=400))
    assert texts == ["&lt;b&gt;bold?&lt;/b&gt; &lt;img src=x&gt;", "&lt;div&gt;"]


def test_blockquotes_parted_by_a_blank_line_are_two_boxes() -> None:
    flowables = markdown_to_flowables("> One.\n\n> Two.\n>\n> Still two.\n", width=400)
    assert [type(f) for f in flowables] == [Table, Table]
    assert paragraph_texts(flowables) == ["One.", "Two.", "Still two."]


def test_an_italic_paragraph_after_a_diagram_is_its_caption_kept_with_it() -> None:
    styles = book_styles()
    source = "[[diagram box label=x]]\n\n*The caption.*\n\n*Not a caption.*\n"
    flowables = markdown_to_flowables(source, styles=styles, width=400, diagrams={"box": box})
    assert isinstance(flowables[0], KeepTogether)  # the diagram and its caption
    assert [p.style for p in paragraphs(flowables)] == [styles.caption, styles.body]


# ------------------------------------------------------------------------------------------
# Markers


def test_unknown_diagram_is_a_clear_error() -> None:
    with pytest.raises(RulebookError, match=r"unknown diagram 'pyramid'.*known diagrams: box"):
        markdown_to_flowables(
            "Text.\n\n[[diagram pyramid seed=3]]\n", width=400, diagrams={"box": box}
        )
    assert issubclass(RulebookError, PrintplayError)


def test_diagram_arguments_are_passed_as_strings() -> None:
    seen: list[dict[str, str]] = []

    def spy(**kwargs: str) -> Drawing:
        seen.append(kwargs)
        return box("x")

    source = render_rulebook_source('{{ diagram("spy", seed=12, title="two words") }}', {})
    assert source == "[[diagram spy seed=12 title='two words']]"
    flowables = markdown_to_flowables(source, width=400, diagrams={"spy": spy})
    assert seen == [{"seed": "12", "title": "two words"}]
    assert len(flowables) == 1


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("[[frobnicate]]", "unknown marker"),
        ("[[columns 2]]\n\ntext", "never closed"),
        ("text\n\n[[/quickref]]", "closes no open"),
        ("[[columns 9]]\n\n[[/columns]]", "2, 3 or 4"),
        ("[[diagram box nonsense]]", "expected key=value"),
        ("[[diagram box label=a colour=red]]", "bad arguments"),
        ("[[diagram box label=a width=2000]]", "more than the"),
    ],
)
def test_bad_markers(source: str, message: str) -> None:
    with pytest.raises(RulebookError, match=message):
        markdown_to_flowables(source, width=400, diagrams={"box": box})


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("text\n\n[[frobnicate]]", r"^line 3: unknown marker"),
        ("[[diagram box label=a height=2000]]", r"^line 1: .*2000 pt tall, more than the 700 pt"),
        ("> ruling\n>\n> [[pagebreak]]", r"^line 3: \[\[pagebreak\]\] inside a blockquote"),
        ("- a\n\n  [[pagebreak]]", r"^line 3: \[\[pagebreak\]\] inside a list"),
        ("- a\n\n  [[columns 2]]\n  b\n  [[/columns]]", r"^line 3: .* inside a list: columns go"),
        ("> " * 12 + "deep", r"^line 1: a blockquote leaves 29 pt for its text here, less than"),
        ("|" + "a|" * 30 + "\n|" + "-|" * 30, r"^line 1: a table of 30 columns needs \d+ pt"),
        ("| a |\n|---|\n| " + "word " * 3000 + "|", r"^line 1: a row of this table is \d+ pt"),
    ],
)
def test_what_cannot_be_set_is_refused_naming_the_line(source: str, message: str) -> None:
    with pytest.raises(RulebookError, match=message):
        markdown_to_flowables(source, width=200, height=700, diagrams={"box": box})


def test_columns_too_narrow_for_text_are_refused() -> None:
    message = r"^line 2: a \[\[columns\]\] region leaves 26 pt for its text here"
    with pytest.raises(RulebookError, match=message):
        markdown_to_flowables("Text.\n[[columns 4]]\nx\n[[/columns]]", width=150)
    assert len(markdown_to_flowables("Text.\n[[columns 3]]\nx\n[[/columns]]", width=150)) == 2


def test_a_diagram_with_a_bad_value_is_refused_naming_the_marker() -> None:
    def picky(size: str) -> Drawing:
        raise ValueError(f"a size is a number, not {size!r}")

    with pytest.raises(RulebookError, match=r"^x\.md, line 1 of the rendered text: \[\[diagram "):
        markdown_to_flowables(
            "[[diagram picky size=nan]]", width=400, diagrams={"picky": picky}, source="x.md"
        )


def test_a_block_too_large_for_a_page_is_one_error_and_no_file(tmp_path: Path) -> None:
    setup = PageSetup("a4")
    too_large = pytest.raises(RulebookError, match=r"^x\.md: a block of the text is too large")
    with too_large, page_errors("x.md"):
        build_pdf(tmp_path / "x.pdf", [Spacer(10, 5000)], setup)
    empty = pytest.raises(RulebookError, match=r"^x\.md: page after page is left empty")
    breaks = markdown_to_flowables("[[pagebreak]]\n" * 30, width=400)
    with empty, page_errors("x.md"):
        build_pdf(tmp_path / "x.pdf", breaks, setup)
    assert list(tmp_path.iterdir()) == []


def test_columns_start_wherever_they_land_on_a_page(tmp_path: Path) -> None:
    # reportlab failed ("cannot make initial split") when a group held whole at the top
    # of balanced columns was taller than twice the room left on the page
    setup = PageSetup("a4")
    items = "\n".join(f"- item {i} " + "word " * 12 for i in range(6))
    region = f"[[columns 2]]\n## Heading\n\n{items}\n\nMore text.\n[[/columns]]\n"
    for filler in range(26, 36):
        text = "A line of text.\n\n" * filler + region
        flowables = markdown_to_flowables(text, width=setup.frame_width, height=setup.frame_height)
        assert isinstance(flowables[-1], BalancedColumns)
        build_pdf(tmp_path / f"columns-{filler}.pdf", flowables, setup)


def test_a_group_taller_than_a_page_in_columns_flows() -> None:
    # held whole, a heading and a block taller than any page could never be placed
    text = "[[columns 2]]\n## Heading\n\n" + "word " * 3000 + "\n[[/columns]]\n"
    (columns,) = markdown_to_flowables(text, width=400, height=700, outline=False)
    content = vars(columns)["_content"]
    assert [type(f) for f in content] == [Paragraph, Paragraph]
    short = "[[columns 2]]\n## Heading\n\nA few words.\n[[/columns]]\n"
    (columns,) = markdown_to_flowables(short, width=400, height=700, outline=False)
    assert [type(f) for f in vars(columns)["_content"]] == [Table]


def test_fill_frame_refuses_page_breaks_and_columns() -> None:
    frame = Frame(0, 0, 200, 300)
    for source in ("a\n\n[[pagebreak]]\n\nb", "[[columns 2]]\na\n[[/columns]]"):
        flowables = markdown_to_flowables(source, width=180, outline=False)
        with pytest.raises(RulebookError, match=r"^card\.md: .* where the text must fit"):
            fill_frame(frame, flowables, Canvas(io.BytesIO()), source="card.md")


def test_diagram_helper_refuses_unwritable_values() -> None:
    with pytest.raises(RulebookError):
        diagram("box", label="a]]b")


# ------------------------------------------------------------------------------------------
# Jinja


def test_table_helper() -> None:
    assert table([["As", 1], [None, 2.5]], header=["Card", "n|m"], align="lr") == (
        "\n| Card | n\\|m |\n|:-----|-----:|\n| As | 1 |\n|  | 2.5 |\n"
    )
    # without a header the first row is one; without align, numeric columns go right
    assert table([["a", "b"], ["x", "2"], ["y", 3.5]]) == (
        "\n| a   | b   |\n|-----|----:|\n| x | 2 |\n| y | 3.5 |\n"
    )


def test_card_helpers_and_trimming() -> None:
    source = "{% for c in hand %}\n{{ c | card }}\n{% endfor %}\n{{ cards('Th 9s') }}\n"
    assert render_rulebook_source(source, {"hand": ["Ad", "Kc"]}) == "A♦\nK♣\n10♥ 9♠\n"


def test_undefined_names_are_errors() -> None:
    with pytest.raises(RulebookError, match=r"line 2: 'missing' is undefined"):
        render_rulebook_source("ok\n{{ missing }}\n", {})


def test_missing_template_is_a_clear_error() -> None:
    with pytest.raises(RulebookError, match=r"no rulebook template 'no-such-game\.md'"):
        render_rulebook_source("no-such-game.md", {})
    with pytest.raises(RulebookError, match="does not exist"):
        render_rulebook_source(FIXTURES / "missing.md", {})


def test_templates_are_found_on_the_search_path() -> None:
    text = render_rulebook_source("sample.md", sample_context(), search_path=[FIXTURES])
    assert text.startswith("# Sample Patience {: .title}\n")
    assert "[[diagram box label='The opening layout' width=220 height=90]]" in text
    assert "| 7 | 28 | 7♥ 8♠ 9♦ 10♣ J♥ Q♠ K♦ |" in text


# ------------------------------------------------------------------------------------------
# The whole book


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_sample_book_pages(pdfs: dict[str, Path], paper: str, size: tuple[float, float]) -> None:
    reader = PdfReader(pdfs[paper])
    assert len(reader.pages) == 3
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(size[1], abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sample_book_text(pdfs: dict[str, Path], paper: str) -> None:
    pages = page_texts(pdfs[paper])
    text = "\n".join(pages)
    for heading in ("Sample Patience", "The game", "Setting up", "Scoring", "Definitions"):
        assert heading in text
    for symbol in "♠♥♦♣":
        assert symbol in text
    assert "9♠ 10♥ J♦ Q♣" in text
    assert "A < 2 & K > Q, <tag> and AT&T" in text
    assert "7♥ 8♠ 9♦ 10♣ J♥ Q♠ K♦" in text  # a computed table cell
    assert "Run length" in text and "28" in text
    assert "The opening layout" in text  # drawn by the diagram
    assert "Ruling." in text
    # [[pagebreak]]: the quick reference starts a page of its own
    assert "Quick reference" in pages[2] and "Quick reference" not in pages[1]
    assert "Clear all the peaks" in pages[2]


def test_sample_book_outline(pdfs: dict[str, Path]) -> None:
    def titles(items: list[Any]) -> list[Any]:
        return [titles(item) if isinstance(item, list) else item.title for item in items]

    assert titles(PdfReader(pdfs["a4"]).outline) == [
        "The game",
        ["Setting up", "Scoring"],
        "Quick reference",
        ["Moves", "Winning", "Scores", "Rulings"],
    ]


def test_red_suits_are_painted_red(pdfs: dict[str, Path]) -> None:
    red = book_styles().palette.red
    set_red = fp_str(*red.rgb()).encode() + b" rg"  # the PDF operator that selects the red
    pages = PdfReader(pdfs["a4"]).pages
    assert all("♥" in page.extract_text() for page in pages)
    for page in pages:
        contents = page.get_contents()
        assert contents is not None and set_red in contents.get_data()


def test_builds_are_byte_identical(pdfs: dict[str, Path], tmp_path: Path) -> None:
    again = build(tmp_path / "again.pdf", "a4")
    assert again.read_bytes() == pdfs["a4"].read_bytes()


def test_a_short_callout_at_the_foot_of_a_page_moves_whole() -> None:
    """A ruling of a line that does not fit at the foot of a page goes whole to the next,
    instead of leaving its text on one page and an empty box on the next; a callout
    taller than a quarter of the page may still split."""
    short = markdown_to_flowables("> **Suits do not matter,** only ranks.", width=400, height=700)
    (box,) = short
    _, tall = box.wrap(400, 10_000)
    assert box.split(400, tall - 4) == []
    lines = "\n".join(f"> Line {n} of a long note.\n>" for n in range(40))
    (long_box,) = markdown_to_flowables(lines, width=400, height=700)
    _, tall = long_box.wrap(400, 10_000)
    assert len(long_box.split(400, tall / 2)) == 2


# --- the rulebook's example move ----------------------------------------------------------


@pytest.mark.parametrize("name", ["tripeaks", "pyramid", "ricochet", "golf"])
def test_the_example_move_looks_through_a_few_deals_then_takes_deal_ones_first(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No opening move of a bundled solitaire turns a card face up, so the example is deal
    1's first move that takes a layout card, found after :data:`EXAMPLE_DEALS` deals (not
    199: 30 to 80 ms in each variant rulebook)."""
    from printplay.builders import rulebook
    from printplay.games import make_solitaire

    game = make_solitaire(name, [])
    dealt: list[int] = []
    deal = game.numbered_deal

    def counted(seed: int) -> object:
        dealt.append(seed)
        return deal(seed)

    monkeypatch.setattr(game, "numbered_deal", counted)
    example = rulebook._find_example_move(game)
    assert dealt == list(range(1, rulebook.EXAMPLE_DEALS + 1))
    first = game.initial_state(deal(1))
    assert example.before == first
    assert example.move == next(move for move in first.legal_moves() if move.slots)
    assert example.caption.startswith("Example: ")
