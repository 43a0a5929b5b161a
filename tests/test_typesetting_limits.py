"""What a house source may make the typesetter do is bounded: counts of blocks, table rows,
diagrams and page breaks (refused before the text is set), a linear search for links in
runs of ``[``, and a deadline on the whole printable, typesetting included."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printplay.cli.app import main
from printplay.core import templating
from printplay.core.textfile import TEXT_FILE_LIMIT
from printplay.markup import parse
from printplay.markup.parse import (
    MAX_BLOCKS,
    MAX_DIAGRAMS,
    MAX_LINES,
    MAX_LINK_SCAN,
    MAX_PAGE_BREAKS,
    MAX_TABLE_ROWS,
    parser,
)

TABLE = "| Hand | Pays |\n|------|-----:|\n"


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str) -> str:
    """Print the rulebook of a house ``tripeaks.md`` holding ``source``; it must fail in
    one line, leaving nothing but the house folder."""
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "tripeaks.md").write_text(source, encoding="utf-8")
    out = tmp_path / "rules.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err[:2000]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]
    return err


@pytest.mark.parametrize(
    ("source", "words"),
    [
        pytest.param(
            "# Rules\n\n{% for i in range(5000) %}{{ diagram('layout') }}\n{% endfor %}",
            f"more than {MAX_DIAGRAMS:,} diagrams",
            id="5,000 diagrams",
        ),
        pytest.param(
            "# Rules\n\n" + TABLE + "{% for i in range(2500) %}| {{ i }} | 2 |\n{% endfor %}",
            f"more than {MAX_TABLE_ROWS:,} table rows",
            id="2,500 table rows",
        ),
        pytest.param(
            "# Rules\n\n{% for i in range(10500) %}- Item.\n{% endfor %}",
            f"more than {MAX_BLOCKS:,} blocks of text",
            id="10,500 list items",
        ),
        pytest.param(
            "# Rules\n\n{% for i in range(200) %}{% for j in range(1000) %}Text.\n\n"
            "{% endfor %}{% endfor %}",
            f"400,002 lines, more than the {MAX_LINES:,}",
            id="200,000 paragraphs",
        ),
        pytest.param(
            "# Rules\n\n{% for i in range(2000) %}Page.\n\n[[pagebreak]]\n\n{% endfor %}",
            f"more than {MAX_PAGE_BREAKS:,} page breaks",
            id="2,000 pages",
        ),
    ],
)
def test_a_house_source_that_would_set_too_much_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, words: str
) -> None:
    err = refused(tmp_path, capsys, source)
    assert err.startswith("printplay: error: tripeaks.md"), err
    assert words in err


def test_a_mebibyte_table_is_refused_before_it_is_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table as large as a source may be (1 MiB), no Jinja needed."""
    row = "| 1 | 2 |\n"
    rows = (templating.MAX_SOURCE_BYTES - 100) // len(row)
    err = refused(tmp_path, capsys, "# Rules\n\n" + TABLE + row * rows)
    assert f"more than the {MAX_LINES:,} one source may have" in err
    assert rows * len(row) < TEXT_FILE_LIMIT


def test_the_limits_leave_room_for_the_bundled_rulebooks() -> None:
    from printplay.builders.poker_rulebook import book_model
    from printplay.builders.rulebook import rulebook_model

    for model in (rulebook_model("tripeaks"), book_model("ricochet-poker")):
        tokens = parse(model.text)
        assert sum(t.type == "inline" for t in tokens) * 10 < MAX_BLOCKS
        assert sum(t.type == "tr_open" for t in tokens) * 10 < MAX_TABLE_ROWS
        assert sum(t.info == "diagram" for t in tokens) * 10 < MAX_DIAGRAMS
        assert len(tokens) < MAX_LINES


def test_a_run_of_brackets_is_searched_for_links_in_linear_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """markdown-it looks for a link's end from every ``[``, to the end of the paragraph:
    20,000 of them cost 200 million characters of search.  The search has a budget."""
    scanned = [0]
    label = parser().helpers.parseLinkLabel

    def counting(state: Any, start: int, *args: Any) -> int:
        scanned[0] += state.posMax - start
        return int(label(state, start, *args))

    monkeypatch.setattr(parser().helpers, "parseLinkLabel", counting)
    tokens = parse("[" * 20_000 + "\n")
    assert scanned[0] <= MAX_LINK_SCAN + 20_000
    assert tokens[1].content == "[" * 20_000
    scanned[0] = 0
    assert "link" in [t.type.split("_")[0] for t in parse("[a](b)\n")[1].children or []]


def test_the_deadline_covers_the_typesetting_and_leaves_nothing_half_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A typesetter that never ends (standing in for one that would take minutes) is
    stopped by the deadline of the whole printable; its half-written file is removed."""
    from printplay.render import document

    def endless(target: str, *_: object) -> None:
        Path(target).write_bytes(b"%PDF-1.4 half")
        time.sleep(60)

    monkeypatch.setattr(templating, "MAX_RENDER_SECONDS", 0.5)
    monkeypatch.setattr(document, "lay_out", endless)
    source = (Path(__file__).resolve().parents[1] / "rules" / "tripeaks.md").read_text("utf-8")
    err = refused(tmp_path, capsys, source)
    assert err == (
        "printplay: error: tripeaks.md: rendering and typesetting took longer than 0.5 s"
    )


def test_the_deadline_holds_when_reportlab_rewraps_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """reportlab's paragraph parser re-raises what it catches as the same class built from
    a message string (``annotateException``); the deadline passing there is still one line."""
    from reportlab.lib.utils import annotateException

    from printplay.render import document

    def endless_in_reportlab(target: str, *_: object) -> None:
        Path(target).write_bytes(b"%PDF-1.4 half")
        try:
            time.sleep(60)
        except Exception:
            annotateException("\nparagraph text '<para>...</para>' caused exception")

    monkeypatch.setattr(templating, "MAX_RENDER_SECONDS", 0.5)
    monkeypatch.setattr(document, "lay_out", endless_in_reportlab)
    source = (Path(__file__).resolve().parents[1] / "rules" / "tripeaks.md").read_text("utf-8")
    err = refused(tmp_path, capsys, source)
    assert err == (
        "printplay: error: tripeaks.md: rendering and typesetting took longer than 0.5 s"
    )


def test_a_house_sheet_runs_under_the_deadline_its_maker_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A printable worded by a house edition runs under the deadline of the whole
    printable, set by its maker now that the renderer imports no sandbox: one line,
    nothing written."""
    from printplay.render import sheet_pdf

    def endless(*_: object) -> None:  # a sheet is laid out in memory, then written
        time.sleep(60)

    # 2 s: room for the work before the layout on a loaded machine (the deadline passing
    # inside reportlab's colour parsing is swallowed there)
    monkeypatch.setattr(templating, "MAX_RENDER_SECONDS", 2.0)
    monkeypatch.setattr(sheet_pdf, "lay_out", endless)
    house = tmp_path / "house"
    house.mkdir()
    bundled = Path(__file__).resolve().parents[1] / "templates" / "sheet.j2"
    (house / "sheet.j2").write_text(bundled.read_text("utf-8"), "utf-8")
    out = tmp_path / "out.pdf"
    verb = ["sheet", "tripeaks", "--seed", "1", "-o", str(out), "--rules-dir", str(house)]
    assert main(verb) == 1
    err = capsys.readouterr().err.strip()
    assert (
        err == "printplay: error: the setup sheet: rendering and typesetting took longer than 2 s"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


def _stalled(*_: object, **__: object) -> None:
    """A stage that would run far past the deadline (a hostile source standing in): stopped
    by the deadline, it never gets to fail the test on its own."""
    time.sleep(10)
    raise AssertionError("no deadline stopped it")


@pytest.fixture
def stall(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """A deadline of 2 s (room for the work before the stall on a loaded machine: the
    deadline passing inside reportlab's colour parsing is swallowed there), and a stage of
    the printable made to stall: ``render`` the rulebook source's rendering (now a
    builder's), ``typeset`` the layout of any PDF."""
    from printplay.builders import rulebook_text
    from printplay.render import document, sheet_pdf

    monkeypatch.setattr(templating, "MAX_RENDER_SECONDS", 2.0)

    def at(stage: str) -> None:
        if stage == "render":
            monkeypatch.setattr(rulebook_text, "render_rulebook_source", _stalled)
        else:
            monkeypatch.setattr(document, "lay_out", _stalled)
            monkeypatch.setattr(sheet_pdf, "lay_out", _stalled)  # a sheet's, in memory

    return at


@pytest.mark.parametrize("stage", ["render", "typeset"])
def test_the_website_s_rulebook_job_renders_and_draws_under_the_house_deadline(
    tmp_path: Path, stall: Callable[[str], None], stage: str
) -> None:
    """The website's rulebook job renders the source into its model (the model its PDF
    and its page are drawn from), then draws both: from house sources, one deadline covers
    all of it, and no PDF is left."""
    from printplay.core.errors import RulebookError
    from printplay.makers.site_maker import RulebookJob

    house = tmp_path / "house"
    house.mkdir()
    stall(stage)
    target = tmp_path / "tripeaks-rules.pdf"
    job = RulebookJob("tripeaks", (), target, "a4", house)
    with pytest.raises(RulebookError) as refused:
        job.run()
    assert str(refused.value) == (
        "the rulebook of TriPeaks: rendering and typesetting took longer than 2 s"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


def test_the_website_s_deal_job_draws_a_house_sheet_under_the_deadline(
    tmp_path: Path, stall: Callable[[str], None]
) -> None:
    """A featured deal's sheet worded by a house folder is drawn under the deadline the job
    sets, as the sheet maker sets it."""
    from conftest import site_results

    from printplay.core.errors import RulebookError
    from printplay.makers.site_maker import DealJob

    house = tmp_path / "house"
    house.mkdir()
    deal, line = next((d, r) for d, r in site_results().items() if d.game == "tripeaks")
    stall("typeset")
    target = tmp_path / "deal.pdf"
    job = DealJob(deal, line, target, "d.html", "d.pdf", "TriPeaks", "index.html", "a4", house)
    with pytest.raises(RulebookError) as refused:
        job.run()
    assert str(refused.value) == ("the setup sheet: rendering and typesetting took longer than 2 s")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


def test_a_kit_s_house_rulebook_is_rendered_under_its_maker_s_deadline(
    tmp_path: Path, stall: Callable[[str], None]
) -> None:
    """A kit reads its rulebook's source for the quick-reference cards; the rulebook itself,
    rendered and typeset, is its maker's, under the maker's deadline."""
    from printplay.core.errors import RulebookError
    from printplay.makers.kit_maker import build_kit

    house = tmp_path / "house"
    house.mkdir()
    stall("render")
    out = tmp_path / "kit.pdf"
    with pytest.raises(RulebookError) as refused:
        build_kit("tripeaks", out, deals=[], deck=False, puzzles=False, rules_dir=house)
    assert str(refused.value) == ("tripeaks.md: rendering and typesetting took longer than 2 s")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]
