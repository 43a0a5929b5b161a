"""The website's builder and its command: what it holds, the same bytes every time, and bad
input refused in one line with nothing written (the browser checks are in test_browser)."""

from __future__ import annotations

import filecmp
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from conftest import site_results

from printplay.builders.site import featured_deals, variant_sets
from printplay.cli.app import main
from printplay.core.outfolder import MANIFEST
from printplay.core.parallel import worker_pool
from printplay.games import REGISTRY
from printplay.makers.site_maker import build_site
from printplay.models.printable import PrintRequest

SCRIPT = [sys.executable, "-m", "printplay"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _one_line(err: str, words: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printplay: error:"), err
    assert words in lines[0], lines[0]


# -- what the site holds -----------------------------------------------------------------------


def test_every_rule_changing_option_has_a_variant_page() -> None:
    assert variant_sets("tripeaks") == [
        ("no-wrap",),
        ("face-up",),
        ("strict-draw",),
        ("jokers=1",),
        ("jokers=2",),
        ("jokers=1", "jokers-in-stock"),  # needs jokers: goes with the first that fits
        ("jokers=2", "jokers-in-stock"),  # a row of its win rates
    ]
    assert variant_sets("pyramid") == [
        ("reserve",),
        ("clear-the-board",),
        ("small",),
        ("one-deal",),
        ("waste-off-limits",),
        ("reshuffle",),
        ("small", "reserve"),  # the combined rows of its win rates
        ("waste-off-limits", "clear-the-board"),
    ]
    assert ("ball-resets", "free-draw") in variant_sets("ricochet")  # a row of its win rates
    assert ("stock-ends-game",) in variant_sets("ricochet")
    poker = variant_sets("ricochet-poker")
    assert ("limit=7",) in poker and ("home-cap",) in poker
    assert ("jokers=1", "five-aces-top") in poker  # five aces need a joker to mean anything


def test_featured_deals_are_the_kits_first_deals() -> None:
    assert [d.seed for d in featured_deals("pyramid", 3)] == [4, 7, 6]
    assert featured_deals("ricochet-poker", 3) == []  # no layout to deal


def test_the_site_has_its_pages_and_pdfs(built_site: Path) -> None:
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))
    assert "index.html" in pages
    for name in REGISTRY:
        assert f"{name}/index.html" in pages
        assert (built_site / name / f"{name}-rules.pdf").is_file()
        assert (built_site / name / f"{name}-kit.pdf").is_file()
        for options in variant_sets(name):
            slug = re.sub(r"[^a-z0-9-]+", "-", "-".join(options))
            assert f"{name}/{slug}.html" in pages
            assert (built_site / name / f"{name}-rules-{slug}.pdf").is_file()
    for page in ("tripeaks/deal-1.html", "pyramid/deal-4.html", "ricochet/deal-11.html"):
        assert page in pages
    assert (built_site / "tripeaks" / "tripeaks-deal-1.pdf").is_file()
    listed = (built_site / MANIFEST).read_text(encoding="utf-8").splitlines()[1:]
    files = sorted(
        p.relative_to(built_site).as_posix()
        for p in built_site.rglob("*")
        if p.is_file() and p.name != MANIFEST
    )
    assert listed == files


def test_no_page_has_a_script_a_date_or_a_foreign_address(built_site: Path) -> None:
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script" not in html and " on" + "click=" not in html, page
        assert not re.search(r"20\d\d-\d\d-\d\d", html), page
        assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", html), page
        assert html.startswith('<!DOCTYPE html>\n<html lang="en">'), page


def test_the_stylesheet_names_only_files_the_site_holds(built_site: Path) -> None:
    css = (built_site / "site.css").read_text(encoding="utf-8")
    targets = re.findall(r'url\("?([^")]+)"?\)', css)
    assert len(targets) == 4  # the card font's four faces, for a browser without them
    assert all((built_site / target).is_file() for target in targets), targets
    assert (built_site / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert "@media (prefers-color-scheme: dark)" in css and "@media print" in css


def _files(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())


@pytest.mark.slow
def test_a_rebuild_gives_the_same_bytes_and_leaves_foreign_files_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same command gives the same bytes; a folder holding files printplay did not
    write is refused unless forced, and those files are kept; a file an earlier build wrote
    and this one does not is removed.  PDFs handed in as made already (as the demo hands
    its own) are copied, each as what it is; a build on two processes is the same."""
    results = site_results()
    first, second = tmp_path / "one", tmp_path / "two"
    build_site(first, deals=1, games=["pyramid"], results=results)
    names = _files(first)
    assert len(names) > 10

    # The second folder: the first build, a file of the user's, and a page an older
    # printplay wrote (in the manifest) that this one no longer writes.
    shutil.copytree(first, second)
    (second / "notes").mkdir()
    (second / "notes" / "mine.txt").write_text("keep me", encoding="utf-8")
    (second / "old").mkdir()
    (second / "old" / "page.html").write_text("from an older printplay", encoding="utf-8")
    manifest = second / MANIFEST
    manifest.write_text(manifest.read_text(encoding="utf-8") + "old/page.html\n", "utf-8")
    (second / "index.html").write_text("edited by hand", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", str(second), "--deals", "0")
    assert status == 1
    _one_line(err, "holds 1 file printplay did not write (notes/mine.txt)")
    assert "--force" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one", "two"]  # nothing staged

    kept = tmp_path / "kept"  # the first build's rulebook and mat, as made already
    kept.mkdir()
    made = {}
    for kind, name in (("rulebook", "pyramid-rules.pdf"), ("mat", "pyramid-mat.pdf")):
        shutil.copyfile(first / "pyramid" / name, kept / name)
        made[kind, PrintRequest("pyramid", Path())] = kept / name
    with worker_pool(2) as pool:  # and on two processes: the same bytes
        build_site(
            second, deals=1, games=["pyramid"], results=results, force=True, made=made, pool=pool
        )
    assert (second / "notes" / "mine.txt").read_text(encoding="utf-8") == "keep me"
    assert not (second / "old").exists()
    assert "notes/mine.txt" not in (second / MANIFEST).read_text(encoding="utf-8")
    assert _files(second) == sorted([*names, Path("notes/mine.txt")])
    same, mismatch, errors = filecmp.cmpfiles(first, second, names, shallow=False)
    assert mismatch == [] and errors == [] and len(same) == len(names)


def test_a_folder_of_other_files_is_refused_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "site"
    (folder / "notes").mkdir(parents=True)
    (folder / "notes" / "mine.txt").write_text("keep me", encoding="utf-8")
    (folder / "index.html").write_text("my own page", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", str(folder), "--deals", "0")
    assert status == 1
    _one_line(err, "holds 2 files printplay did not write (index.html, notes/mine.txt)")
    assert "--force" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # nothing staged beside it
    assert (folder / "index.html").read_text(encoding="utf-8") == "my own page"


@pytest.mark.parametrize(
    ("where", "words"),
    [
        ("{tmp}/file.txt", "is not a folder"),
        ("{tmp}/file.txt/site", "file.txt is a file, not a folder"),
        ("{tmp}/no/such/site", "does not exist"),
        ("/sys/printplay-site", "cannot write"),
    ],
    ids=["a-file", "under-a-file", "missing-parent", "unwritable"],
)
def test_a_folder_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, words: str
) -> None:
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", where.replace("{tmp}", str(tmp_path)))
    assert status == 1
    _one_line(err, words)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_a_broken_house_source_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house"
    house.mkdir()
    (house / "pyramid.md").write_text("# Pyramid\n\n{{ broken(\n", encoding="utf-8")
    status, _, err = run(
        capsys, "site", "-o", str(tmp_path / "site"), "--deals", "0", "--rules-dir", str(house)
    )
    assert status == 1
    _one_line(err, "pyramid.md")
    assert "line 3" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["--deals", "21"], 2, "--deals"),
        (["--paper", "a5"], 2, "--paper"),
        (["--port", "70000", "--serve"], 2, "--port"),
        (["--rules-dir", "{tmp}/none"], 1, "no such folder"),
        (["--serve"], 1, "holds no site (no index.html)"),
    ],
)
def test_bad_options_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], status: int, words: str
) -> None:
    args = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    code, _, err = run(capsys, "site", "-o", str(tmp_path / "site"), *args)
    assert code == status, err
    assert len(err.strip().splitlines()) == 1 and words in err
    assert list(tmp_path.iterdir()) == []


# -- the preview ----------------------------------------------------------------------------------


def test_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "index.html").write_text("<!DOCTYPE html>", encoding="utf-8")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        status, _, err = run(capsys, "site", "-o", str(tmp_path), "--serve", "--port", str(port))
    assert status == 1
    _one_line(err, f"port {port} on 127.0.0.1 is in use: choose another with --port")


def test_serve_previews_the_site_until_ctrl_c(built_site: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [*SCRIPT, "site", "-o", str(built_site), "--serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        assert f"at http://127.0.0.1:{port}/ (Ctrl-C stops)" in line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tripeaks/index.html") as page:
            assert page.status == 200 and b'<html lang="en">' in page.read()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tripeaks/tripeaks-rules.pdf") as pdf:
            assert pdf.read(5) == b"%PDF-"
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/../../etc/passwd")
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0
    assert err.strip() == "printplay: stopped serving"


def test_a_file_that_cannot_be_put_in_place_stops_the_move_before_it_starts(
    tmp_path: Path,
) -> None:
    """A folder of the site that is a file here (written beside ours with --force) is
    refused before anything moves: the folder keeps its old files, none half replaced."""
    from printplay.core.errors import OutputError
    from printplay.core.outfolder import check_folder, publish, staging_folder

    target = tmp_path / "site"
    files = ["index.html", "pyramid/index.html", "tripeaks/index.html"]
    ours = check_folder(target, force=False)
    with staging_folder(target) as staging:
        for name in files:
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_text(f"old {name}")
        publish(staging, target, files, ours)
    shutil.rmtree(target / "tripeaks")
    (target / "tripeaks").write_text("someone else's file")
    ours = check_folder(target, force=True)
    with staging_folder(target) as staging:
        for name in files:
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_text(f"new {name}")
        with pytest.raises(OutputError, match=r"tripeaks is not a folder"):
            publish(staging, target, files, ours)
    assert (target / "index.html").read_text() == "old index.html"
    assert (target / "pyramid/index.html").read_text() == "old pyramid/index.html"
    assert (target / "tripeaks").read_text() == "someone else's file"


# -- symbolic links inside the folder -----------------------------------------------------------


def _outside(tmp_path: Path) -> Path:
    """A folder outside the site's, holding a file of the user's."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "victim.txt").write_text("keep me", encoding="utf-8")
    return outside


def _tree(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` (links not followed): a file's text, a link's target."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_text(encoding="utf-8", errors="replace")
    return found


def _link_subfolder(site: Path, outside: Path) -> None:
    """A link named as a folder the site writes (each game's), leading outside."""
    site.mkdir()
    (site / "pyramid").symlink_to(outside, target_is_directory=True)


def _link_manifest_entry(site: Path, outside: Path) -> None:
    """An earlier build's list naming a file the site no longer writes, under a folder
    that is now a link outside: removing that file would remove the user's."""
    site.mkdir()
    (site / MANIFEST).write_text("# list\nnotes/victim.txt\n", encoding="utf-8")
    (site / "notes").symlink_to(outside, target_is_directory=True)


def _link_manifest(site: Path, outside: Path) -> None:
    """The list of files itself a link to a file outside."""
    site.mkdir()
    (site / MANIFEST).symlink_to(outside / "victim.txt")


def _link_file(site: Path, outside: Path) -> None:
    """A file of the site, in a subfolder, a link to a file outside."""
    (site / "tripeaks").mkdir(parents=True)
    (site / MANIFEST).write_text("tripeaks/index.html\n", encoding="utf-8")
    (site / "tripeaks" / "index.html").symlink_to(outside / "victim.txt")


@pytest.mark.parametrize("force", [False, True], ids=["plain", "forced"])
@pytest.mark.parametrize(
    ("plant", "link"),
    [
        (_link_subfolder, "pyramid"),
        (_link_manifest_entry, "notes"),
        (_link_manifest, MANIFEST),
        (_link_file, "tripeaks/index.html"),
    ],
    ids=["subfolder", "manifest-entry", "manifest", "file"],
)
def test_a_symbolic_link_inside_the_folder_is_refused_forced_or_not(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    plant: object,
    link: str,
    force: bool,
) -> None:
    """A link inside the folder (a folder the site writes, one an earlier build's list
    names, the list itself, a file) is never written or deleted through: refused in one
    line before anything is built, with --force too; nothing appears outside, nothing
    there is deleted, and the folder is left as it was."""
    outside = _outside(tmp_path)
    site = tmp_path / "site"
    assert callable(plant)
    plant(site, outside)
    before_site, before_outside = _tree(site), _tree(outside)
    status, _, err = run(
        capsys, "site", "-o", str(site), "--deals", "0", *(["--force"] if force else [])
    )
    assert status == 1
    _one_line(err, f"{link} in ")
    assert " is a symbolic link" in err
    assert "never writes or deletes through one" in err
    assert _tree(outside) == before_outside == {"victim.txt": "keep me"}
    assert _tree(site) == before_site
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "site"]  # none staged


def test_a_link_made_while_the_site_was_built_stops_the_move(tmp_path: Path) -> None:
    """A link that appears after the folder was checked (while the site is built) is
    refused before the first move; the moves themselves never follow one either."""
    from printplay.core.errors import OutputError
    from printplay.core.outfolder import check_folder, publish, staging_folder

    outside = _outside(tmp_path)
    site = tmp_path / "site"
    files = ["index.html", "pyramid/index.html", "pyramid/pyramid-rules.pdf"]
    previous = check_folder(site, force=False)
    with staging_folder(site) as staging:
        for name in files:
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_text(f"new {name}", encoding="utf-8")
        _link_subfolder(site, outside)
        with pytest.raises(OutputError, match=r"pyramid in .* is a symbolic link"):
            publish(staging, site, files, previous)
    assert _tree(outside) == {"victim.txt": "keep me"}
    assert _tree(site) == {"pyramid": f"-> {outside}"}


def test_the_folder_named_may_itself_be_a_link(tmp_path: Path) -> None:
    """``-o LINK`` writes into the folder the link leads to, built beside that folder."""
    from printplay.core.outfolder import check_folder, publish, staging_folder

    real = tmp_path / "real" / "site"
    real.mkdir(parents=True)
    named = tmp_path / "named"
    named.symlink_to(real, target_is_directory=True)
    previous = check_folder(named, force=False)
    with staging_folder(named) as staging:
        assert staging.parent == real.parent
        (staging / "index.html").write_text("hi", encoding="utf-8")
        publish(staging, named, ["index.html"], previous)
    assert named.is_symlink() and _tree(real) == {
        MANIFEST: "# The files printplay wrote into this folder; it replaces or deletes only "
        "these.\nindex.html\n",
        "index.html": "hi",
    }


# -- the preview's requests -----------------------------------------------------------------------


def _status(port: int, path: bytes, method: bytes = b"GET") -> int:
    """The status a raw request for ``path`` gets (0: the server answered nothing)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(method + b" " + path + b" HTTP/1.0\r\nHost: preview\r\n\r\n")
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
    words = answer.split(b" ", 2)
    return int(words[1]) if len(words) > 1 and words[1].isdigit() else 0


def test_the_preview_answers_malformed_requests_with_a_4xx_in_silence(tmp_path: Path) -> None:
    """Every malformed request gets a clean 4xx and prints nothing (no traceback): a NUL
    (``%00``, raw), ``..`` however escaped, bad escapes, very long paths; a link inside
    the folder that leads outside is not served, one that stays inside is; a folder is
    never listed."""
    site = tmp_path / "site"
    (site / "pyramid").mkdir(parents=True)
    (site / "fonts").mkdir()
    (site / "index.html").write_text("<!DOCTYPE html>home", encoding="utf-8")
    (site / "pyramid" / "index.html").write_text("pyramid", encoding="utf-8")
    outside = _outside(tmp_path)
    (site / "out").symlink_to(outside, target_is_directory=True)
    (site / "victim.txt").symlink_to(outside / "victim.txt")
    (site / "home.html").symlink_to(site / "index.html")
    process = subprocess.Popen(
        [*SCRIPT, "site", "-o", str(site), "--serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "400"},
    )
    try:
        assert process.stderr is not None
        ready = process.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", ready)
        assert found, ready
        port = int(found.group(1))
        asked = {
            b"/index.html": 200,
            b"/home.html": 200,  # a link that stays inside
            b"/pyramid/": 200,
            b"/pyramid": 301,
            b"/%00": 400,
            b"/index.html%00.png": 400,
            b"/\x00": 400,
            b"/..%2f..%2fetc/passwd": 400,
            b"/%2e%2e/%2e%2e/etc/passwd": 400,
            b"/../index.html": 400,
            b"/%ff%fe": 400,
            b"/%0d%0aSet-Cookie:x": 400,
            b"/" + b"a" * 5000: 414,
            b"/" + b"a/" * 40000: 414,  # longer than the request line may be
            b"/out/victim.txt": 404,  # links inside that lead outside
            b"/victim.txt": 404,
            b"/out/": 404,
            b"/fonts/": 404,  # no listing
            b"/missing.html": 404,
        }
        answered = {path[:40]: _status(port, path) for path in asked}
        assert answered == {path[:40]: status for path, status in asked.items()}
        assert _status(port, b"/index.html", b"HEAD") == 200
        assert _status(port, b"/%00", b"HEAD") == 400
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0
    assert err.strip() == "printplay: stopped serving"
