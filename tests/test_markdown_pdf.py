"""The Markdown + Jinja2 → reportlab pipeline that rulebooks are set with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdftext
import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.platypus import Flowable, KeepTogether, ListFlowable, Paragraph, Table

from printplay.errors import PrintplayError
from printplay.render.document import PageSetup
from printplay.render.fonts import SANS
from printplay.render.markdown_pdf import (
    RulebookError,
    markdown_markup,
    markdown_to_flowables,
)
from printplay.render.rulebook import (
    build_rulebook,
    diagram,
    render_rulebook_source,
    table,
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
        template=SAMPLE,
        context=sample_context(),
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
