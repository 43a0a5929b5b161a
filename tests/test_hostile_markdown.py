"""Hostile Markdown in a house rulebook: one line naming the source and line, nothing written.

Each case puts hostile text into a copy of the bundled TriPeaks rulebook (as
``test_house_sandbox`` does with hostile Jinja) and prints the rulebook from it.  What the
typesetter refuses names ``tripeaks.md`` and the line of the rendered text (Jinja has run,
so it is not the line of the source file).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_house_sandbox import SOURCE, house, refused

from printplay.builders.rulebook import rulebook_model
from printplay.cli.app import main

DEEP = 300


@pytest.fixture(scope="module")
def first_line(tmp_path_factory: pytest.TempPathFactory) -> int:
    """The line of the rendered text the hostile text starts on."""
    folder = house(tmp_path_factory.mktemp("anchor") / "house", "HOSTILE-ANCHOR")
    text = rulebook_model("tripeaks", rules_dir=folder).text
    return text.splitlines().index("HOSTILE-ANCHOR") + 1


# (hostile text, its line the error names (None: no line), words the message holds)
HOSTILE = [
    pytest.param("> " * DEEP + "deep", 0, "nested more than 12 deep", id="deep blockquotes"),
    pytest.param(
        "\n".join("  " * depth + "- item" for depth in range(DEEP)),
        12,
        "nested more than 12 deep",
        id="deep lists",
    ),
    pytest.param("*" * 3000 + "x" + "*" * 3000, 0, "emphasis or links nested", id="deep emphasis"),
    pytest.param('[[diagram layout small="nan"]]', 0, "not 'nan'", id="diagram size nan"),
    pytest.param('[[diagram layout small="abc"]]', 0, "not 'abc'", id="diagram size abc"),
    pytest.param("[[diagram layout colour=red]]", 0, "unexpected keyword", id="unknown key"),
    pytest.param("[[diagram layout small=1 small=2]]", 0, "given twice", id="key twice"),
    pytest.param("[[diagram nonesuch]]", 0, "unknown diagram 'nonesuch'", id="unknown diagram"),
    pytest.param("[[frobnicate]]", 0, "unknown marker", id="unknown marker"),
    pytest.param("[[columns 2]]\n\nText.", 0, "[[columns 2]] is never closed", id="unclosed"),
    pytest.param("[[columns 9]]\n[[/columns]]", 0, "must be 2, 3 or 4", id="nine columns"),
    pytest.param("[[columns 1]]\n[[/columns]]", 0, "must be 2, 3 or 4", id="one column"),
    pytest.param("Text.\n[[/quickref]]", 1, "closes no open", id="closing nothing"),
    pytest.param("> [[quickref]]\n> Text.", 0, "never closed", id="region left in a quote"),
    pytest.param("> Ruling.\n>\n> [[pagebreak]]", 2, "inside a blockquote", id="break in quote"),
    pytest.param(
        "[[columns 2]]\n[[columns 2]]\nText.\n[[/columns]]\n[[/columns]]",
        1,
        "[[columns 2]] inside a [[columns]] region",
        id="columns in columns",
    ),
    pytest.param(
        "> [[columns 2]]\n> Text.\n> [[/columns]]",
        0,
        "inside a blockquote",
        id="columns in a quote",
    ),
    pytest.param(
        "|" + "a|" * 100 + "\n|" + "-|" * 100, 0, "a table of 100 columns", id="wide table"
    ),
    pytest.param(
        "| a |\n|---|\n| " + "<br>" * 400 + " |", 0, "pt tall with the header", id="tall row"
    ),
    pytest.param("[[pagebreak]]\n" * 30, None, "page after page is left empty", id="empty pages"),
    pytest.param("x " * 200_000, 0, "a paragraph of 399,999 characters", id="huge paragraph"),
    pytest.param("x" * 999_999, 0, "a paragraph of 999,999 characters", id="huge word"),
]


@pytest.mark.parametrize(("hostile", "line", "words"), HOSTILE)
def test_hostile_markdown_is_refused_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    first_line: int,
    hostile: str,
    line: int | None,
    words: str,
) -> None:
    folder = house(tmp_path / "house", hostile)
    where = "tripeaks.md: " if line is None else f"line {first_line + line} of the rendered text"
    refused(tmp_path, capsys, folder, "tripeaks.md", where, words)


def test_columns_on_a_quick_reference_card_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    text = SOURCE.replace("**Deal**", "[[columns 2]]\nTwo columns.\n[[/columns]]\n\n**Deal**", 1)
    (folder / "tripeaks.md").write_text(text, encoding="utf-8")
    out = tmp_path / "deck.pdf"
    status = main(["deck", "--quick-ref", "tripeaks", "-o", str(out), "--rules-dir", str(folder)])
    err = capsys.readouterr().err.strip()
    assert status == 1
    assert err.splitlines() == [
        "printplay: error: tripeaks.md (quick_card_front): [[columns]] where the text must "
        "fit in one frame (a card, the first page of a mat): columns need a page of a book"
    ]
    assert not out.exists()
