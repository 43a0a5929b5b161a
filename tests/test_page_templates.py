"""The website's pages come from Jinja templates shipped with the package, autoescaped:
the modules that write pages hold no HTML of their own, a plain value is escaped as it is
written, and the templates are in the wheel."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

from printplay.render.page_templates import Cell, Link, Markup, Row, part, render

REPO = Path(__file__).resolve().parent.parent
TEMPLATES = ("page.html", "parts.html", "rulebook.html", "index.html", "deal.html")
PAGE_WRITERS = ("site_shell.py", "site_pages.py", "site_deal.py", "site_html.py")
_TAG = re.compile(r"</?[a-z][a-z0-9]*[\s>/]")


def test_the_templates_ship_with_the_package() -> None:
    folder = resources.files("printplay.render") / "site_templates"
    for name in TEMPLATES:
        assert (folder / name).is_file(), name
    assert (resources.files("printplay.render") / "favicon.svg").is_file()


@pytest.mark.parametrize("module", PAGE_WRITERS)
def test_the_modules_that_write_pages_hold_no_html(module: str) -> None:
    tree = ast.parse((REPO / "printplay" / "render" / module).read_text(encoding="utf-8"))
    documents = {  # strings standing alone are documentation, not output
        id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)
    }
    tags = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in documents and _TAG.search(node.value)
    ]
    assert not tags


def test_a_plain_value_is_escaped_and_html_is_not() -> None:
    link = Link('a"b.pdf', "<b>not bold</b> & more")
    assert part("pdf_link", link=link) == (
        '<a href="a&#34;b.pdf" type="application/pdf">&lt;b&gt;not bold&lt;/b&gt; &amp; more</a>'
    )
    made = Link("a.pdf", Markup("<b>bold</b>"))
    assert part("pdf_link", link=made) == '<a href="a.pdf" type="application/pdf"><b>bold</b></a>'


def test_a_table_a_figure_and_a_scroller() -> None:
    table = part(
        "table",
        header=["Hand", Markup("<em>Odds</em>")],
        rows=[Row((Cell("1 & 2", "right"),), "pair")],
        css="odds",
    )
    assert table == (
        '<table class="odds">\n<thead>\n<tr><th scope="col">Hand</th>'
        '<th scope="col"><em>Odds</em></th></tr>\n</thead>\n<tbody>\n'
        '<tr><th scope="row">pair</th><td class="right">1 &amp; 2</td></tr>\n'
        "</tbody>\n</table>"
    )
    figure = part("figure", ident="fig-1", drawing=Markup("<svg></svg>"), caption=Markup(""))
    assert figure == (
        '<figure class="diagram" id="fig-1">\n<div class="drawing-wrap">\n<svg></svg>\n'
        '<span class="more" aria-hidden="true"></span>\n</div>\n'
        "<figcaption></figcaption>\n</figure>"
    )
    assert "figcaption" not in part("figure", ident="f", drawing=Markup("<svg></svg>"))


def test_a_page_escapes_its_title_and_keeps_its_main() -> None:
    page = render(
        "page.html",
        language="en",
        title="Rules <&> “more”",
        description='say "hi"',
        version="0",
        site_name="Site",
        stylesheet="site.css",
        icon="favicon.svg",
        skip_link=Markup("Skip"),
        games_nav="Games",
        home={"href": "index.html", "current": True},
        games=[{"href": "a/index.html", "text": "A & B", "current": False}],
        main=Markup("<p>main</p>"),
        footer=Markup("<em>foot</em>"),
    )
    assert "<title>Rules &lt;&amp;&gt; “more” · Site</title>" in page
    assert '<meta name="description" content="say &#34;hi&#34;">' in page
    assert '<a class="site-name" href="index.html" aria-current="page">Site</a>' in page
    assert '<ul>\n<li><a href="a/index.html">A &amp; B</a></li>\n</ul>' in page
    assert '<main id="main">\n<p>main</p>\n</main>' in page
    assert page.endswith("</html>")


@pytest.mark.slow
def test_a_wheel_holds_the_templates_and_renders_from_them(tmp_path: Path) -> None:
    """``python -m build --wheel`` of this checkout (not compiled): the templates, the
    stylesheet and the icon are in it, and the package unpacked from it renders a page."""
    pytest.importorskip("build")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PRINTPLAY_PURE": "1"},
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("printplay-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "unpacked")
    for name in TEMPLATES:
        assert f"printplay/render/site_templates/{name}" in names
    assert {"printplay/render/site.css", "printplay/render/favicon.svg"} <= names
    script = (
        "import printplay.render.page_templates as t; "
        "print(t.__file__); print(t.part('pdf_link', link=t.Link('a.pdf', '1 & 2')))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path / "unpacked")},
    ).stdout.splitlines()
    assert shown[0].startswith(str(tmp_path / "unpacked"))
    assert shown[1] == '<a href="a.pdf" type="application/pdf">1 &amp; 2</a>'
