"""The website's HTML from Jinja templates: the files of ``site_templates/``, shipped with
the package.

The templates are autoescaped: a value is escaped as it is written unless it is
:class:`~markupsafe.Markup` already, that is HTML this package made (the Markdown
converter's blocks, an inline drawing, the site's words as HTML).  They are printplay's
own, not a house edition's (house folders change the site's words, ``site.j2``, which run
sandboxed), so they run in a plain environment: ``trim_blocks`` and ``lstrip_blocks``, so
that a line holding only a block tag writes nothing, and ``StrictUndefined``.

``page.html`` is the page around every page's content; ``rulebook.html``, ``index.html``
and ``deal.html`` are the content of each kind of page; ``parts.html`` holds the pieces
they share (and that :mod:`printplay.render.html` asks for: a diagram, a table, what
scrolls sideways), as macros.

>>> print(part("pdf_link", link=Link("a&b.pdf", Markup("<b>A</b> & B"))))
<a href="a&amp;b.pdf" type="application/pdf"><b>A</b> & B</a>
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import jinja2
from markupsafe import Markup


@dataclass(frozen=True)
class Link:
    """A link: where it goes (a relative address) and its text (plain, or HTML as
    :class:`~markupsafe.Markup`)."""

    href: str
    text: str


@dataclass(frozen=True)
class Cell:
    """A table's data cell: its text (plain or HTML) and its class, if any."""

    text: str
    css: str = ""


@dataclass(frozen=True)
class Row:
    """A table's row: its cells, after its own header cell when it has one."""

    cells: tuple[Cell, ...]
    head: str | None = None


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("printplay.render", "site_templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, **context: object) -> Markup:
    """The HTML ``template`` writes with ``context``."""
    return Markup(_environment().get_template(template).render(**context))


def part(name: str, **arguments: object) -> Markup:
    """The HTML the macro ``name`` of ``parts.html`` writes with ``arguments``."""
    macro = getattr(_environment().get_template("parts.html").module, name)
    return Markup(macro(**arguments))


__all__ = ["Cell", "Link", "Markup", "Row", "part", "render"]
