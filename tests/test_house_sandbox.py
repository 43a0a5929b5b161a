"""House rulebooks are untrusted: every attack is refused in one line and nothing is written.

Each case puts a hostile line into a copy of the bundled TriPeaks rulebook in a house folder
and prints the rulebook from it; a house source must never reach Python, the shell, or a
file outside its folder, and must never hang or exhaust memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pdftext import pdf_text
from pypdf import PdfReader

from printplay.cli.app import main
from printplay.core import templating
from printplay.core.templating import MAX_SOURCE_BYTES

REPO = Path(__file__).resolve().parents[1]
SOURCE = (REPO / "rules" / "tripeaks.md").read_text(encoding="utf-8")
HOSTILE_LINE = SOURCE[: SOURCE.index("\n## ")].count("\n") + 3
"""The line of the house source the hostile text is put on."""


def house(folder: Path, hostile: str, *, name: str = "tripeaks.md") -> Path:
    """A house folder whose ``name`` is the bundled rulebook with ``hostile`` inserted."""
    folder.mkdir(parents=True, exist_ok=True)
    cut = SOURCE.index("\n## ")
    (folder / name).write_text(SOURCE[:cut] + "\n\n" + hostile + "\n" + SOURCE[cut:], "utf-8")
    return folder


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: Path, *words: str) -> str:
    """Print the rulebook from ``folder``; check it fails in one line holding ``words``."""
    out = tmp_path / "rules.pdf"
    status = main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)])
    err = capsys.readouterr().err.strip()
    assert status == 1, err
    assert len(err.splitlines()) == 1, err
    assert len(err) < 400, err
    for word in words:
        assert word in err, err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]
    return err


SHELL = "{{ cycler.__init__.__globals__.os.popen('touch %s').read() }}"

ATTACKS = [
    pytest.param(SHELL, "unsafe", id="shell through cycler"),
    pytest.param("{{ joiner.__init__.__globals__ }}", "unsafe", id="globals through joiner"),
    pytest.param("{{ ''.__class__.__mro__ }}", "unsafe", id="class hierarchy"),
    pytest.param("{{ self.__init__ }}", "unsafe", id="template reference"),
    pytest.param("{{ range(3)|list|attr('__class__') }}", "unsafe", id="attr filter"),
    pytest.param("{{ lipsum(n=100000) }}", "lipsum", id="lipsum is not offered"),
    pytest.param(
        "{% include '/etc/passwd' %}",
        f"tripeaks.md, line {HOSTILE_LINE}: no rulebook template '/etc/passwd'",
        id="abs",
    ),
    pytest.param("{% include '../../../etc/passwd' %}", "no rulebook template", id="dotdot"),
    pytest.param("{% import '../x.j2' as x %}", "no rulebook template", id="import outside"),
    pytest.param("{{ 1/0 }}", "ZeroDivisionError", id="runtime error"),
    pytest.param("{{ [].pop() }}", "IndexError", id="pop of an empty list"),
    pytest.param("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", "calls itself", id="recursion"),
    pytest.param("{{ 'x' * 10**9 }}", "too long", id="huge repeat"),
    pytest.param("{{ [0] * 10**9 }}", "too long", id="huge list"),
    pytest.param("{{ (10**4000) ** 4000 }}", "too large", id="huge power"),
    pytest.param("{{ 'x'.center(10**9) }}", "too large", id="huge width"),
    pytest.param("{{ 'x'|center(10**9) }}", "too large", id="huge filter width"),
    pytest.param("{{ '%0999999999d' % 1 }}", "format", id="huge percent format"),
    pytest.param("{{ '{:>999999999}'.format(1) }}", "format", id="huge str.format"),
    pytest.param(
        "{% macro f(s) %}{{ f(s ~ s) }}{% endmacro %}{{ f('x') }}", "too long", id="doubling"
    ),
    pytest.param(
        "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
        "{% endfor %}",
        "joined with ~ would be too long",
        id="doubling with ~",
    ),
    pytest.param(
        "{% set l = [1] %}{% for i in range(60) %}{% set _ = l.extend(l) %}{% endfor %}",
        "too long",
        id="list doubling",
    ),
    pytest.param(
        "{% for i in range(100000) %}{{ 'x' * 999999 }}{% endfor %}", "runs past", id="output"
    ),
    pytest.param(
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
        "ran longer than",
        id="endless loop",
    ),
]


@pytest.mark.parametrize(("hostile", "words"), ATTACKS)
def test_a_hostile_house_source_is_refused_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    hostile: str,
    words: str,
) -> None:
    monkeypatch.setattr(templating, "MAX_SECONDS", 1.0)  # the endless loop stops sooner
    witness = tmp_path / "house" / "RAN"
    folder = house(tmp_path / "house", hostile.replace("%s", str(witness)))
    err = refused(tmp_path, capsys, folder, words)
    assert not witness.exists()
    if "no rulebook template" not in err and "runs past" not in err:
        assert f"tripeaks.md, line {HOSTILE_LINE}" in err


def test_a_source_in_rules_subfolder_is_found_as_the_help_says(tmp_path: Path) -> None:
    folder = tmp_path / "house"
    house(folder / "rules", "The house plays with a kitty.")
    out = tmp_path / "rules.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)]) == 0
    assert "kitty" in pdf_text(out)


def test_a_symbolic_link_out_of_the_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    outside = tmp_path.parent / f"{tmp_path.name}-outside.md"
    outside.write_text("secret\n", encoding="utf-8")
    try:
        (folder / "tripeaks.md").symlink_to(outside)
        refused(tmp_path, capsys, folder, "leads out of", "not read")
    finally:
        outside.unlink()


def test_a_source_that_is_not_utf8_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "tripeaks.md").write_bytes(b"# Rules\n\ncaf\xe9\n")
    refused(tmp_path, capsys, folder, "tripeaks.md, line 3", "not UTF-8")


def test_a_huge_source_is_refused_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    with open(folder / "tripeaks.md", "wb") as handle:
        handle.truncate(300 * 1024 * 1024)  # sparse: nothing is really written
    refused(tmp_path, capsys, folder, "too large", f"{MAX_SOURCE_BYTES:,}")


def test_an_unreadable_source_says_it_cannot_be_read(
    unprivileged: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = house(tmp_path / "house", "")
    (folder / "tripeaks.md").chmod(0)
    refused(tmp_path, capsys, folder, "cannot read")


RAW_HTML = """
<img src="{image}"/> <a href="file:///etc/passwd">link</a> <font name="Courier">f</font>

<script>alert(1)</script>

<object data="file:///etc/passwd"></object> <embed src="{image}"/>
"""


def test_raw_html_smuggles_nothing_into_the_pdf(tmp_path: Path) -> None:
    from PIL import Image

    image = tmp_path / "picture.png"
    Image.new("RGB", (4, 4), "red").save(image)
    folder = house(tmp_path / "house", RAW_HTML.format(image=image))
    out = tmp_path / "rules.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)]) == 0
    reader = PdfReader(out)
    for page in reader.pages:
        assert "/Annots" not in page
        resources = page["/Resources"]
        for xobject in (resources.get("/XObject") or {}).values():
            assert xobject.get_object()["/Subtype"] != "/Image"
    catalog = reader.trailer["/Root"]
    assert "/Names" not in catalog and "/OpenAction" not in catalog and "/AA" not in catalog
    raw = out.read_bytes()
    assert b"/JavaScript" not in raw and b"/Launch" not in raw and b"/URI" not in raw


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "tripeaks"],
        ["deck", "--quick-ref", "tripeaks"],
        ["kit", "tripeaks", "--deals", "1", "--no-deck", "--no-puzzles"],
    ],
)
def test_an_error_names_the_house_sources_line_whichever_verb_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """A house source read as macros (the quick-reference cards, a kit's words) names the
    line of the source, as a rulebook does, not a line of its compiled code."""
    folder = house(tmp_path / "house", "{{ 1/0 }}")
    out = tmp_path / "out.pdf"
    assert main([*argv, "-o", str(out), "--rules-dir", str(folder)]) == 1
    err = capsys.readouterr().err.strip()
    at = f"tripeaks.md, line {HOSTILE_LINE}"
    assert err == f"printplay: error: {at}: ZeroDivisionError: division by zero"
    assert not out.exists()


def test_an_error_in_a_macro_called_by_name_names_its_line(tmp_path: Path) -> None:
    from printplay.core.errors import RulebookError
    from printplay.makers.printable_words import printable_words

    (tmp_path / "words.j2").write_text("{% macro m() %}\nfine\n{{ [].pop() }}\n{% endmacro %}\n")
    with pytest.raises(RulebookError, match=r"^words.j2, line 3: IndexError"):
        printable_words("words.j2", [tmp_path])("m")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the test's, outside every house folder, holding a secret."""
    folder = tmp_path.parent / f"{tmp_path.name}-outside"
    folder.mkdir()
    (folder / "secret.md").write_text("The secret is swordfish.\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("sub", ["rules", "templates"])
def test_a_subfolder_linked_out_of_the_house_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outside: Path, sub: str
) -> None:
    """``rules/`` or ``templates/`` a symbolic link to another folder: nothing in it is
    read, not even through an include from a file inside the house folder."""
    folder = house(tmp_path / "house", "{% include 'secret.md' %}")
    (folder / sub).symlink_to(outside, target_is_directory=True)
    refused(tmp_path, capsys, folder, f"house/{sub} leads out of", "not read")


def test_a_file_in_a_subfolder_linked_out_is_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outside: Path
) -> None:
    folder = house(tmp_path / "house" / "rules", "{% include 'secret.md' %}").parent
    (folder / "rules" / "secret.md").symlink_to(outside / "secret.md")
    refused(tmp_path, capsys, folder, "secret.md leads out of", "not read")


def test_a_link_inside_the_house_folder_is_followed(tmp_path: Path) -> None:
    """A ``rules/`` linked to another folder inside the house folder is fine."""
    folder = tmp_path / "house"
    house(folder / "edition", "The house plays with a kitty.")
    (folder / "rules").symlink_to(folder / "edition", target_is_directory=True)
    out = tmp_path / "rules.pdf"
    assert main(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)]) == 0
    assert "kitty" in pdf_text(out)


def test_the_site_refuses_a_subfolder_linked_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outside: Path
) -> None:
    folder = house(tmp_path / "house", "{% include 'secret.md' %}")
    (folder / "rules").symlink_to(outside, target_is_directory=True)
    site = tmp_path / "site"
    argv = ["site", "-o", str(site), "--deals", "0", "--rules-dir", str(folder)]
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "house/rules leads out of" in err, err
    assert not site.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command line in a process of its own, stopped after a minute if it hangs."""
    command = [sys.executable, "-m", "printplay", *argv]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=60)


def test_a_fifo_for_a_house_source_is_refused_without_hanging(tmp_path: Path) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    os.mkfifo(folder / "tripeaks.md")
    out = tmp_path / "rules.pdf"
    done = _run(["rules", "tripeaks", "-o", str(out), "--rules-dir", str(folder)], tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"printplay: error: cannot read rulebook source {folder / 'tripeaks.md'}: "
        "it is not a regular file"
    ]
    assert not out.exists()


def test_a_link_out_tells_nothing_of_what_exists_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outside: Path
) -> None:
    """A link to a file outside is refused in the same words whether or not the file
    exists: the error is no way to learn what is on the machine."""
    messages = []
    for target in (outside / "secret.md", outside / "no-such-file.md"):
        folder = house(tmp_path / "house", "{% include 'peek.md' %}")
        (folder / "peek.md").unlink(missing_ok=True)
        (folder / "peek.md").symlink_to(target)
        messages.append(refused(tmp_path, capsys, folder, "peek.md leads out of"))
    assert messages[0] == messages[1]
