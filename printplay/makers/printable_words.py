"""The words of printables, made for the renderers: a template's macros, called by name.

The words of sheets, books, kits, mats and the website are the macros of ``templates/*.j2``
(``sheet.j2``, ``book.j2``, ``kit.j2``, ``site.j2`` …), or of a house edition of them read
first from a ``--rules-dir`` folder.  A maker makes them here, in the Jinja sandbox
(:class:`~printplay.markup.jinja_source.TemplateWords`), checked as the PDFs' paragraph
markup (:func:`~printplay.render.words_markup.markup_problem`), and hands them to the
renderer, which asks for them as :class:`~printplay.render.words_markup.Words` and imports
nothing of Jinja.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printplay.markup.jinja_source import TemplateWords
from printplay.render.words_markup import markup_problem


def house_path(rules_dir: Path | None) -> tuple[Path, ...]:
    """The folders searched before the bundled templates: ``rules_dir``, if given."""
    return (rules_dir,) if rules_dir is not None else ()


def printable_words(
    template: str, search_path: Sequence[str | Path] = (), *, markup: bool = True
) -> TemplateWords:
    """The words of ``template`` (found in ``search_path`` first): with ``markup`` (the
    default) reportlab's paragraph markup, refused in one line unless it holds only what
    the PDFs may set; without, a web page's inline Markdown, escaped where it is shown.

    >>> words = printable_words("sheet.j2")
    >>> words("plural", count=2, one="card")
    '2 cards'
    """
    check = markup_problem if markup else None
    return TemplateWords(template, search_path, check=check)


__all__ = ["house_path", "printable_words"]
