"""An output that is one of the command's inputs is refused in one line, before any work:
``stats -o`` over its ``--results`` file (``test_stats.py``), and a printable written over
a house source of ``--rules-dir`` (here), whether named directly, through a symbolic link
or as a hard link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printplay.cli.app import main
from printplay.core.errors import OutputError
from printplay.core.outfile import refuse_input_as_output, same_file

SOURCE = "House rules: play fast.\n"


def test_same_file_sees_through_links_and_dots(tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "soft").symlink_to(data)
    os.link(data, tmp_path / "hard")
    (tmp_path / "dir-link").symlink_to(tmp_path / "sub")
    assert same_file(tmp_path / "sub" / ".." / "data.txt", data)
    assert same_file(tmp_path / "soft", data) and same_file(tmp_path / "hard", data)
    assert same_file(tmp_path / "dir-link" / "new.pdf", tmp_path / "sub" / "new.pdf")
    assert not same_file(tmp_path / "other", data)
    assert not same_file(tmp_path / "a.pdf", tmp_path / "b.pdf")
    with pytest.raises(OutputError, match=r"^-o .*hard is the input: writing it would destroy it"):
        refuse_input_as_output(tmp_path / "hard", [("the input", data)])
    refuse_input_as_output(tmp_path / "new.pdf", [("the input", data)])


@pytest.fixture
def house(tmp_path: Path) -> Path:
    folder = tmp_path / "house"
    (folder / "templates").mkdir(parents=True)
    (folder / "tripeaks.md").write_text(SOURCE)
    (folder / "templates" / "sheet.j2").write_text("{% extends 'x' %}")
    return folder


@pytest.mark.parametrize(
    ("verb", "target"),
    [
        (["rules", "tripeaks"], "tripeaks.md"),
        (["mat", "tripeaks"], "tripeaks.md"),
        (["sheet", "tripeaks", "--seed", "1"], "templates/sheet.j2"),
        (["sheet", "tripeaks", "--difficulty", "expert"], "tripeaks.md"),
        (["deck", "--quick-ref", "tripeaks"], "tripeaks.md"),
        (["kit", "tripeaks"], "tripeaks.md"),
    ],
)
@pytest.mark.parametrize("how", ["direct", "symlink", "hardlink"])
def test_a_printable_over_a_house_source_is_refused(
    house: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    verb: list[str],
    target: str,
    how: str,
) -> None:
    source = house / target
    before = source.read_bytes()
    output = {"direct": source, "symlink": tmp_path / "s.pdf", "hardlink": tmp_path / "h.pdf"}[how]
    if how == "symlink":
        output.symlink_to(source)
    if how == "hardlink":
        os.link(source, output)
    status = main([*verb, "--rules-dir", str(house), "-o", str(output)])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert err.startswith("printplay: error: -o ") and err.count("\n") == 1
    assert err.endswith(
        f"{output.name} is a house source of --rules-dir: writing it would destroy it; "
        "name another output file\n"
    )
    assert source.read_bytes() == before


def test_a_printable_beside_the_house_sources_is_written_again(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = house / "rules.pdf"
    for _ in range(2):  # a PDF is no source: writing it again is fine
        assert main(["rules", "tripeaks", "--rules-dir", str(house), "-o", str(output)]) == 0
    assert output.read_bytes().startswith(b"%PDF")
    assert (house / "tripeaks.md").read_text() == SOURCE
