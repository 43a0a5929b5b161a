"""The token stream of printplay's Markdown: markers, classes, no HTML, refusals by line."""

from __future__ import annotations

import pytest

from printplay.core.errors import RulebookError
from printplay.markup import MAX_DEPTH, Token, classes, marker_of, parse, tree


def types(tokens: list[Token]) -> list[str]:
    return [token.type for token in tokens]


def inline_types(tokens: list[Token]) -> list[str]:
    return [child.type for token in tokens for child in token.children or ()]


# ------------------------------------------------------------------------------------------
# Markers


def test_a_diagram_marker_is_a_token_with_its_arguments_and_line() -> None:
    tokens = parse("Text.\n\n[[diagram layout small=yes title='two words']]\n")
    token = tokens[-1]
    assert token.type == "marker"
    assert token.info == "diagram"
    assert token.map == [2, 3]
    assert token.markup == "[[diagram layout small=yes title='two words']]"
    marker = marker_of(token)
    assert (marker.kind, marker.name, marker.line) == ("diagram", "layout", 3)
    assert marker.options == {"small": "yes", "title": "two words"}


def test_a_marker_line_ends_the_paragraph_or_blockquote_above_it() -> None:
    tokens = parse("A paragraph\n[[pagebreak]]\n> a ruling\n[[pagebreak]]\nafter\n")
    assert types(tokens) == [
        *("paragraph_open", "inline", "paragraph_close", "marker"),
        *("blockquote_open", "paragraph_open", "inline", "paragraph_close", "blockquote_close"),
        *("marker", "paragraph_open", "inline", "paragraph_close"),
    ]
    assert [t.map for t in tokens if t.type == "marker"] == [[1, 2], [3, 4]]


def test_regions_open_and_close_around_their_content() -> None:
    source = "[[quickref]]\n[[columns 3]]\n## Moves\n\n- one\n[[/columns]]\n[[/quickref]]\n"
    tokens = parse(source)
    assert types(tokens)[:3] == ["quickref_open", "columns_open", "heading_open"]
    assert types(tokens)[-2:] == ["columns_close", "quickref_close"]
    assert [t.nesting for t in tokens if t.info in ("columns", "quickref")] == [1, 1, -1, -1]
    region = tree(source).children[0].children[0]
    assert region.type == "columns"
    assert marker_of(region).columns == 3
    assert [node.type for node in region.children] == ["heading", "bullet_list"]


def test_a_marker_in_a_code_block_is_code() -> None:
    tokens = parse("```\n[[pagebreak]]\n```\n\n    [[frobnicate]]\n")
    assert types(tokens) == ["fence", "code_block"]
    assert tokens[0].content == "[[pagebreak]]\n"


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("one\n\n[[frobnicate]]", "line 3: unknown marker [[frobnicate]]"),
        ("[[diagram]]", "line 1: [[diagram]]: a diagram marker needs a diagram name"),
        ("[[diagram box nonsense]]", "expected key=value, got 'nonsense'"),
        ("[[diagram box a=1 a=2]]", "a= is given twice"),
        ("[[diagram box a='1]]", "cannot read marker"),
        ("[[pagebreak now]]", "[[pagebreak]] takes no arguments"),
        ("[[/quickref x]]", "[[/quickref]] takes no arguments"),
        ("[[columns 9]]\n[[/columns]]", "the number of columns must be 2, 3 or 4"),
        ("[[columns two]]\n[[/columns]]", "the number of columns must be 2, 3 or 4"),
        ("[[columns ²]]\n[[/columns]]", "the number of columns must be 2, 3 or 4"),
        ("text\n\n[[columns]]\n\ntext", "line 3: [[columns]] is never closed"),
        ("text\n[[/quickref]]", "line 2: [[/quickref]] closes no open [[quickref]]"),
        ("[[quickref]]\n[[/columns]]", "line 2: [[/columns]] closes no open [[columns]]"),
        ("[[columns]]\n> a\n> [[/columns]]", "line 3: [[/columns]] closes no open [[columns]] in"),
        ("> [[columns]]\n> a\n\n[[/columns]]", "line 1: [[columns]] is never closed: close it"),
    ],
)
def test_bad_markers_are_refused_naming_the_line(source: str, message: str) -> None:
    with pytest.raises(RulebookError) as caught:
        parse(source)
    assert message in str(caught.value)


def test_errors_name_the_source_and_say_the_line_is_of_the_rendered_text() -> None:
    with pytest.raises(RulebookError, match=r"^house\.md, line 2 of the rendered text: unknown"):
        parse("ok\n[[nope]]\n", source="house.md")


# ------------------------------------------------------------------------------------------
# Classes


def test_a_class_on_a_heading_line_and_a_class_line_after_a_paragraph() -> None:
    root = tree("# TriPeaks {: .title}\n\nThe kit\n{: .subtitle .wide #top}\n\nPlain.\n")
    heading, subtitle, plain = root.children
    assert classes(heading) == ("title",)
    assert heading.children[0].content == "TriPeaks"
    assert classes(subtitle) == ("subtitle", "wide")
    assert subtitle.attrs["id"] == "top"
    assert subtitle.children[0].content == "The kit"
    assert classes(plain) == ()


def test_braces_that_are_not_an_attribute_list_stay_text() -> None:
    root = tree("# Sets {of cards}\n\nA line\n{: not a list}\n\n{: .alone}\n")
    assert [classes(node) for node in root.children] == [(), (), ()]
    assert root.children[0].children[0].content == "Sets {of cards}"
    assert root.children[1].children[0].content == "A line\n{: not a list}"
    assert root.children[2].children[0].content == "{: .alone}"


# ------------------------------------------------------------------------------------------
# No HTML


def test_raw_html_is_text() -> None:
    tokens = parse("<script>alert(1)</script>\n\nA <img src=x.png> and <b>bold</b>.\n")
    assert "html_block" not in types(tokens) and "html_inline" not in inline_types(tokens)
    texts = [child.content for token in tokens for child in token.children or ()]
    assert texts == ["<script>alert(1)</script>", "A <img src=x.png> and <b>bold</b>."]


def test_br_alone_is_a_line_break() -> None:
    tokens = parse("| Seats |\n|---|\n| one<br>two<br/>three<BR /> |\n")
    cell = next(t for t in tokens if t.type == "inline" and "one" in t.content)
    assert [child.type for child in cell.children or ()] == [
        *("text", "hardbreak", "text", "hardbreak", "text", "hardbreak"),
    ]


# ------------------------------------------------------------------------------------------
# Blocks and text


def test_blockquotes_parted_by_a_blank_line_are_two() -> None:
    root = tree("> **Ruling.** One.\n\n> *Note.* Two.\n>\n> Still two.\n")
    assert [node.type for node in root.children] == ["blockquote", "blockquote"]
    assert len(root.children[1].children) == 2


def test_tables_definition_lists_and_strikethrough() -> None:
    root = tree("| a | b |\n|:--|--:|\n| 1 | 2 |\n\nRun\n: A chain.\n\n~~gone~~\n")
    table, definitions, paragraph = root.children
    assert table.type == "table"
    body_cells = table.children[1].children[0].children
    assert [cell.attrs.get("style") for cell in body_cells] == [
        "text-align:left",
        "text-align:right",
    ]
    assert [node.type for node in definitions.children] == ["dt", "dd"]
    inline = paragraph.children[0].token
    assert inline is not None
    assert [child.type for child in inline.children or ()] == ["s_open", "text", "s_close"]


def test_quotes_and_dashes_are_typographic() -> None:
    tokens = parse("The \"dealer's\" turn -- 'always' --- K--A.\n\n`'code'` stays")
    texts = [child.content for token in tokens for child in token.children or ()]
    assert texts[0] == "The “dealer’s” turn – ‘always’ — K–A."
    assert "'code'" in texts


# ------------------------------------------------------------------------------------------
# Nesting


@pytest.mark.parametrize(
    "source",
    [
        "> " * (MAX_DEPTH + 1) + "deep",
        "\n".join("  " * depth + "- item" for depth in range(MAX_DEPTH + 1)),
        "[[columns]]\n" * (MAX_DEPTH + 1),
        "> " * 500 + "very deep",
    ],
    ids=["blockquotes", "lists", "regions", "hundreds of blockquotes"],
)
def test_blocks_nested_too_deep_are_refused(source: str) -> None:
    with pytest.raises(RulebookError, match=f"blocks nested more than {MAX_DEPTH} deep"):
        parse(source)


def test_nesting_up_to_the_limit_is_parsed_whole() -> None:
    tokens = parse("> " * MAX_DEPTH + "deep enough")
    assert types(tokens).count("blockquote_open") == MAX_DEPTH
    assert any(token.content == "deep enough" for token in tokens)


def test_emphasis_nested_too_deep_is_refused() -> None:
    with pytest.raises(RulebookError, match=r"line 3: emphasis or links nested more than"):
        parse("fine\n\n" + "*" * 3000 + "x" + "*" * 3000)
    children = parse("***bold italic***")[1].children or []
    assert [child.type for child in children if child.nesting or child.content] == [
        *("em_open", "strong_open", "text", "strong_close", "em_close"),
    ]


def test_a_text_parsed_again_is_not_parsed_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rulebook's PDF and its web page parse the same source one after the other: the
    tree of a text parsed a moment ago is given again (the same source name, the same
    tree); another text, or the same under another name (its errors name it), is parsed."""
    import printplay.markup as markup

    parsed: list[str] = []
    real = markup.parse

    def counted(text: str, *, source: str | None = None) -> list[Token]:
        parsed.append(text)
        return real(text, source=source)

    monkeypatch.setattr(markup, "parse", counted)
    text = "# Rules {: .title}\n\nOne *two*.\n\n[[pagebreak]]\n"
    first = tree(text, source="a.md")
    assert tree(text, source="a.md") is first and parsed == [text]
    assert tree(text, source="b.md") is not first and parsed == [text, text]
    for number in range(markup.RECENT_TREES):
        tree(f"Text {number}.", source="a.md")
    assert tree(text, source="a.md") is not first  # the oldest are let go
    assert [node.type for node in first.children] == [
        node.type for node in tree(text, source="a.md").children
    ]
