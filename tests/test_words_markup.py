"""The words of printables (sheet.j2, book.j2, kit.j2) are untrusted reportlab markup:
only a whitelist of inline tags gets through, and nothing it lets through breaks reportlab."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from printplay.cli.app import main
from printplay.core.errors import RulebookError
from printplay.makers.printable_words import printable_words
from printplay.render.fonts import SANS, register_fonts
from printplay.render.words_markup import markup_problem

REPO = Path(__file__).resolve().parents[1]
SHEET = (REPO / "templates" / "sheet.j2").read_text(encoding="utf-8")
REMAKE = 'To print this sheet again: <font face="PPMono">{{ command }}</font>'


def house_sheet(folder: Path, words: str) -> Path:
    """A house folder whose ``sheet.j2`` says ``words`` where the sheet says how to print
    it again (a macro every sheet calls)."""
    folder.mkdir(parents=True, exist_ok=True)
    assert REMAKE in SHEET
    (folder / "sheet.j2").write_text(SHEET.replace(REMAKE, words), encoding="utf-8")
    return folder


def refusal(folder: Path) -> str:
    with pytest.raises(RulebookError) as caught:
        printable_words("sheet.j2", [folder])("remake", command="printplay sheet")
    return str(caught.value)


ALLOWED = "Tag: '<' is a less-than sign, A & K"


@pytest.mark.parametrize(
    ("words", "named"),
    [
        pytest.param('<img src="/etc/passwd"/>', "<img>", id="image outside"),
        pytest.param('<img src="{folder}/inside.png"/>', "<img>", id="image inside"),
        pytest.param('<a href="javascript:alert(1)">x</a>', "<a>", id="javascript link"),
        pytest.param('<a href="file:///etc/passwd">x</a>', "<a>", id="file link"),
        pytest.param('<link href="https://example.org">x</link>', "<link>", id="link tag"),
        pytest.param('<onDraw name="drawString" label="x"/>', "<ondraw>", id="onDraw"),
        pytest.param("<para>x</para>", "<para>", id="para"),
        pytest.param("<!-- x -->", "<!--", id="comment"),
        pytest.param("<b>never closed", "<b> is never closed", id="unclosed"),
        pytest.param("<b>x<i>y</b></i>", "</b> closes no open <b>", id="crossed"),
        pytest.param('<font name="Nope">x</font>', "not one of printplay's fonts", id="font"),
        pytest.param('<font face="Helvetica">x</font>', "not one of printplay's fonts", id="std"),
        pytest.param('<font size="1000">x</font>', "a size is a number", id="size"),
        pytest.param('<font color="nope">x</font>', "a colour is", id="colour"),
        pytest.param('<font href="https://x.org">x</font>', "not href", id="href on font"),
        pytest.param("&#99999999;", "no printable character", id="entity"),
    ],
)
def test_words_outside_the_whitelist_are_refused(tmp_path: Path, words: str, named: str) -> None:
    Image.new("RGB", (4, 4), "red").save(tmp_path / "inside.png")
    folder = house_sheet(tmp_path, words.replace("{folder}", str(tmp_path)))
    message = refusal(folder)
    assert message.startswith("sheet.j2: the words of remake(): ")
    assert named in message


def test_the_refusal_of_an_image_tells_nothing_of_the_files_there(tmp_path: Path) -> None:
    """No oracle: an image that exists (and is secret) is refused with the same words as
    one that does not exist."""
    secret = house_sheet(tmp_path / "a", '<img src="/etc/shadow"/>')
    missing = house_sheet(tmp_path / "b", '<img src="/no/such/file.png"/>')
    assert refusal(secret) == refusal(missing)
    assert "shadow" not in refusal(secret)


def test_the_whitelisted_tags_are_kept(tmp_path: Path) -> None:
    words = (
        "<b>b</b> <i>i</i> <u>u</u> <strike>s</strike> x<sup>2</sup> H<sub>2</sub>O<br/>"
        '<font face="PPMono" size="8" color="#666666">m</font> <font color="red">r</font> '
        + ALLOWED
    )
    folder = house_sheet(tmp_path, words)
    assert printable_words("sheet.j2", [folder])("remake", command="x") == words


def test_the_site_words_are_markdown_not_checked(tmp_path: Path) -> None:
    (tmp_path / "site.j2").write_text("{% macro m() %}a < b <img>{% endmacro %}", "utf-8")
    assert printable_words("site.j2", [tmp_path], markup=False)("m") == "a < b <img>"


@pytest.mark.parametrize(
    "words",
    [
        '<img src="/etc/passwd"/>',
        "<b>never closed",
        '<font name="Nope">x</font>',
    ],
    ids=["image", "unclosed", "unknown font"],
)
def test_a_sheet_with_bad_words_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], words: str
) -> None:
    folder = house_sheet(tmp_path / "house", words)
    out = tmp_path / "sheet.pdf"
    argv = ["sheet", "tripeaks", "--seed", "1", "-o", str(out), "--rules-dir", str(folder)]
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith("printplay: error: sheet.j2: the words of remake(): "), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


@pytest.mark.parametrize(
    ("template", "macro", "kwargs"),
    [
        ("book.j2", "level_name", {"level": 1}),
        ("kit.j2", "mat_title", {"game": "TriPeaks"}),
    ],
)
def test_book_and_kit_words_are_checked_too(
    tmp_path: Path, template: str, macro: str, kwargs: dict[str, object]
) -> None:
    args = ", ".join(kwargs)
    text = f'{{% macro {macro}({args}) %}}<img src="/etc/passwd"/>{{% endmacro %}}'
    (tmp_path / template).write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError, match=rf"^{template}: the words of {macro}\(\): the tag"):
        printable_words(template, [tmp_path])(macro, **kwargs)


def test_a_books_column_heads_are_checked_one_by_one(tmp_path: Path) -> None:
    """Heads cut at ``|`` are set one by one: ``<b>a|b</b>`` would leave two broken tags."""
    text = "{% macro answer_columns() %}<b>Problem|Answer</b>{% endmacro %}"
    (tmp_path / "book.j2").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError, match="never closed"):
        printable_words("book.j2", [tmp_path]).columns("answer_columns")


FRAGMENTS = [
    "<b>", "</b>", "<i>", "</i>", "<u>", "</u>", "<sup>", "</sup>", "<br/>", "<br>",
    "<font size=8>", "<font size='40'>", '<font face="PPMono">', '<font name="PPSerif-Bold">',
    "<font color='#abc'>", "<font color=red>", "</font>", "<", ">", "&", "&amp;", "&nbsp;",
    "&#65;", "&#0;", "&#x10FFFF;", "&#99999999;", "&zz;", "&#", "x", " ", "♥", "'", '"', "/",
    "<img src=x>", "</", "<!--", "-->", "=", ";", "\n", "&#65a", "&#x", "<b", "font>", "<b >",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=12))
def test_whatever_the_whitelist_lets_through_reportlab_sets(pieces: list[str]) -> None:
    """Markup the check accepts never makes reportlab fail (and so never a traceback)."""
    markup = "".join(pieces)
    if markup_problem(markup) is None:
        register_fonts()
        paragraph = Paragraph(markup, ParagraphStyle("t", fontName=SANS))
        paragraph.wrap(200, 1000)
