"""Rulebook sources and the words of printables: Markdown with Jinja2, rendered to text.

A rulebook source is Markdown with Jinja2 in it, kept in ``rules/`` at the top of the
repository (shared pieces in ``templates/``; both ship inside the package as
``printplay.rules`` and ``printplay.templates``).  A folder given as ``search_path`` (the
``--rules-dir`` of the command line) is searched first, so a house edition overrides any
file by copying it there.  Jinja runs first, with ``StrictUndefined`` (a misspelt name is
an error, not an empty string), ``trim_blocks`` and ``lstrip_blocks``, and no HTML escaping.
It offers these helpers, as functions and, where it reads well, as filters:

``{{ diagram("tripeaks", seed=1) }}``
    the marker ``[[diagram tripeaks seed=1]]``: put it on a line of its own;
``{{ pagebreak() }}``
    the marker ``[[pagebreak]]``, on a line of its own;
``{{ table(rows, header=["Hand", "Pays"], align="lr") }}``, ``{{ rows | table(header) }}``
    a Markdown table computed from data; cards in it print as ``10♥``;
``{{ card("Th") }}``, ``{{ "Th" | card }}``
    ``10♥``;
``{{ cards("As Kd") }}``, ``{{ deal | cards }}``
    ``A♠ K♦``;
``{{ "striped" if ink_light() else "dark" }}``
    whether the document is drawn ink-light (a lite kit's: :mod:`printplay.core.ink_mode`),
    for words that describe how something is drawn.

The words of printables (``templates/sheet.j2``, ``book.j2``, ``kit.j2`` …) are macros of
such templates, called by name (:class:`TemplateWords`).  What the text becomes (a PDF
typeset by :mod:`printplay.render.markdown_pdf`, a web page) is the renderers' business:
this module knows no renderer and no game.

>>> print(render_rulebook_source("{{ card('Th') }} beats {{ 'Qc' | card }}.", {}), end="")
10♥ beats Q♣.
>>> print(table([["A♠", 1], ["Kd", 13]], header=["Card", "Value"]), end="")
<BLANKLINE>
| Card | Value |
|------|------:|
| A♠ | 1 |
| Kd | 13 |
"""

from __future__ import annotations

import functools
import numbers
import re
import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import jinja2

from printplay.core.cards import Card, format_labels, parse_card, parse_cards
from printplay.core.errors import RulebookError
from printplay.core.ink_mode import is_ink_light
from printplay.core.templating import (
    HouseFolder,
    bounded_call,
    bounded_render,
    house_folders,
    sandboxed_environment,
    template_errors,
    time_limit,
)

__all__ = [
    "RulebookError",
    "TemplateWords",
    "card",
    "cards",
    "diagram",
    "pagebreak",
    "render_rulebook_source",
    "rulebook_environment",
    "source_name",
    "table",
    "template_errors",
    "template_exists",
]


_TEMPLATE_NAME = re.compile(r"^[\w][\w.-]*(/[\w][\w.-]*)*\.(md|j2|jinja|jinja2|txt)$")


# --------------------------------------------------------------------------------------------
# Helpers offered to templates


def diagram(name: str, **kwargs: object) -> str:
    """The marker ``[[diagram NAME key=value ...]]`` (values quoted when they need it)."""
    words = [_marker_word(name, "the diagram name")]
    for key, value in kwargs.items():
        if not key.isidentifier():
            raise RulebookError(f"diagram {name!r}: {key!r} is not a valid argument name")
        words.append(f"{key}={_marker_word(str(value), f'argument {key}')}")
    return "[[diagram " + " ".join(words) + "]]"


def _marker_word(text: str, what: str) -> str:
    if "\n" in text or "]]" in text or not text:
        raise RulebookError(
            f"{what} {text!r} cannot be written in a marker (it must be non-empty, "
            "on one line and without ']]')"
        )
    return shlex.quote(text)


def pagebreak() -> str:
    """The marker ``[[pagebreak]]``."""
    return "[[pagebreak]]"


def card(code: str | Card) -> str:
    """A card as it is printed: ``card("Th") == "10♥"``."""
    return (code if isinstance(code, Card) else parse_card(code)).label


def cards(codes: str | Iterable[str | Card]) -> str:
    """Several cards as printed, separated by spaces: ``cards("As Kd") == "A♠ K♦"``."""
    return format_labels(parse_cards(codes))


def _cell(value: object) -> str:
    text = card(value) if isinstance(value, Card) else "" if value is None else str(value)
    # runs of white space become one space; a no-break space is kept (it joins words)
    return _WHITE_SPACE.sub(" ", text).strip(" ").replace("|", "\\|")


_WHITE_SPACE = re.compile(r"[ \t\n\r\f\v]+")


_ALIGNMENTS = {"l": ":---", "left": ":---", "r": "---:", "right": "---:"}
_ALIGNMENTS |= {"c": ":---:", "center": ":---:", "": "---", "-": "---"}


def table(
    rows: Iterable[Sequence[object]],
    header: Sequence[object] | None = None,
    align: str | Sequence[str] | None = None,
) -> str:
    """A Markdown table of ``rows``, with a blank line before and after it.

    ``header`` names the columns (without it the first row is the header).  ``align`` is a
    string of ``l``/``r``/``c`` letters, one per column, or a list of ``left``/``right``/
    ``center``; without it, columns holding only numbers are right-aligned.  Cells are
    ``str()`` of the values, cards as printed (``10♥``), ``None`` empty.
    """
    raw = [list(row) for row in rows]
    if header is None:
        if not raw:
            raise RulebookError("table(): no rows and no header")
        header, raw = raw[0], raw[1:]
    head = [_cell(value) for value in header]
    body = [[_cell(value) for value in row] for row in raw]
    ncols = max([len(head), *(len(row) for row in body)])
    if align is None:
        align = ["r" if _numeric_column(raw, column) else "" for column in range(ncols)]
    if isinstance(align, str) and align.lower() not in _ALIGNMENTS:
        align = list(align)
    aligns = [str(a).lower() for a in ([align] * ncols if isinstance(align, str) else align or [])]
    aligns += [""] * (ncols - len(aligns))
    try:
        rule = [_ALIGNMENTS[a] for a in aligns[:ncols]]
    except KeyError as error:
        raise RulebookError(f"table(): unknown alignment {error.args[0]!r}") from None
    widths = [max(3, len(text)) for text in head] + [3] * (ncols - len(head))
    lines = [
        _row(head, ncols, widths),
        "|" + "|".join(_rule(r, w) for r, w in zip(rule, widths, strict=True)) + "|",
    ]
    lines += [_row(row, ncols, None) for row in body]
    return "\n" + "\n".join(lines) + "\n"


_NUMBER = re.compile(r"^[-+−]?(\d[\d,]*(\.\d*)?|\.\d+)%?$")


def _numeric_column(rows: Sequence[Sequence[object]], column: int) -> bool:
    """Whether every value in ``column`` is a number (or reads as one), and there is one."""
    values = [row[column] for row in rows if column < len(row) and row[column] is not None]
    return bool(values) and all(
        (isinstance(v, numbers.Number) and not isinstance(v, bool))
        or (isinstance(v, str) and _NUMBER.match(v.strip()) is not None)
        for v in values
    )


def _rule(marks: str, width: int) -> str:
    inner = width + 2
    left, right = marks.startswith(":"), marks.endswith(":")
    return (":" if left else "-") + "-" * (inner - 2) + (":" if right else "-")


def _row(cells: Sequence[str], ncols: int, widths: Sequence[int] | None) -> str:
    padded = list(cells) + [""] * (ncols - len(cells))
    if widths is not None:
        padded = [text.ljust(width) for text, width in zip(padded, widths, strict=True)]
    return "| " + " | ".join(padded) + " |"


# --------------------------------------------------------------------------------------------
# The Jinja environment


def rulebook_environment(search_path: Sequence[str | Path] = ()) -> jinja2.Environment:
    """The sandboxed Jinja2 environment rulebooks are rendered in, with the helpers above.

    Templates are looked up in each folder of ``search_path`` (and its ``rules/`` and
    ``templates/``, if it has them) first, then in the bundled ``rules/`` and ``templates/``.
    See :mod:`printplay.core.templating` for what the sandbox refuses.
    """
    folders = [sub for folder in search_path for sub in house_folders(Path(folder))]
    return _environment(tuple(folders)) if folders else _bundled_environment()


@functools.cache
def _bundled_environment() -> jinja2.Environment:
    """The environment without house folders, made once: it keeps its compiled templates,
    so the bundled sources are compiled once a process, not once a page.  (An environment
    with house folders is made afresh each time: a house file may appear between calls.)"""
    return _environment(())


def _environment(folders: tuple[HouseFolder, ...]) -> jinja2.Environment:
    env = sandboxed_environment(folders)
    env.globals.update(
        diagram=diagram,
        pagebreak=pagebreak,
        table=table,
        card=card,
        cards=cards,
        ink_light=is_ink_light,
    )
    env.add_filters(card=card, cards=cards, table=table)
    return env


def render_rulebook_source(
    template_name_or_text: str | Path,
    context: Mapping[str, object],
    *,
    search_path: Sequence[str | Path] = (),
) -> str:
    """Run Jinja over a rulebook source and return the Markdown it produces.

    ``template_name_or_text`` is a template name such as ``"tripeaks.md"`` (found in
    ``search_path`` or the bundled ``rules/`` and ``templates/``), a :class:`~pathlib.Path`
    to a source file, or else the source text itself.  Raises :class:`RulebookError` for a
    missing template, a syntax error, an undefined name or bad data in a helper.
    """
    source = template_name_or_text
    if isinstance(source, Path):
        search_path = [source.parent, *search_path]
        if not source.is_file():
            raise RulebookError(f"rulebook source {source} does not exist")
        source = source.name
        is_name = True
    else:
        is_name = "\n" not in source and _TEMPLATE_NAME.match(source) is not None
    env = rulebook_environment(search_path)
    where = source if is_name else "rulebook source"
    with template_errors(where, search_path) as holder:
        if is_name:
            holder.template = env.get_template(source)
        else:
            holder.template = env.from_string(source)
        return bounded_render(holder.template, dict(context))
    raise AssertionError("unreachable")  # pragma: no cover


def source_name(template: str | Path) -> str:
    """How messages name a rulebook source: its file name, or "rulebook source" for text."""
    if isinstance(template, Path):
        return template.name
    if "\n" not in template and _TEMPLATE_NAME.match(template) is not None:
        return template
    return "rulebook source"


def template_exists(name: str, search_path: Sequence[str | Path] = ()) -> bool:
    """Whether a template called ``name`` is found in ``search_path`` or the bundled
    ``rules/`` and ``templates/`` (a game whose rulebook is not written yet has none)."""
    env = rulebook_environment(search_path)
    assert env.loader is not None
    try:
        env.loader.get_source(env, name)
    except jinja2.TemplateNotFound:
        return False
    return True


@contextmanager
def _template_lines(template: jinja2.Template | None) -> Iterator[None]:
    """Give what a template's module or macro raises a traceback in template lines, as
    rendering does (called from Python, their frames count the compiled code's lines)."""
    try:
        yield
    except Exception:
        if template is None:
            raise
        template.environment.handle_exception()


Check = Callable[[str], "str | None"]
"""What the words of a renderer must be: the problem with a text, or ``None``."""


class TemplateWords:
    """The sentences of a printable: the macros of one template, called by name.

    >>> words = TemplateWords("sheet.j2")
    >>> words("plural", count=2, one="card")
    '2 cards'

    Each call returns the macro's text on one line (runs of white space become one
    space); :meth:`markdown` returns it as written, for macros that hold Markdown.  The
    macros see ``context`` (a rulebook's, say), as an import ``with context`` would.
    A broken template or a bad call raises :class:`RulebookError` naming the file and line.
    ``check`` (for the PDFs' words, the check of their paragraph markup) refuses a call's
    text in a :class:`RulebookError` naming the file and the macro.
    """

    def __init__(
        self,
        template: str,
        search_path: Sequence[str | Path] = (),
        *,
        context: Mapping[str, object] | None = None,
        check: Check | None = None,
    ) -> None:
        self.name = template
        self.check = check
        self.search_path = tuple(search_path)
        with template_errors(template, self.search_path) as holder:
            holder.template = rulebook_environment(self.search_path).get_template(template)
            with time_limit(), _template_lines(holder.template):
                self._module = holder.template.make_module(dict(context or {}))
        self._holder = holder

    def has(self, macro: str) -> bool:
        """Whether the template defines ``macro``."""
        return callable(getattr(self._module, macro, None))

    def __call__(self, macro: str, **kwargs: object) -> str:
        """The text of ``macro`` called with ``kwargs`` (checked, if it is markup)."""
        text = " ".join(self.markdown(macro, **kwargs).split())
        self._check(macro, text)
        return text

    def columns(self, macro: str, **kwargs: object) -> list[str]:
        """The text of ``macro`` cut at each ``|``: the heads of a table's columns, each
        checked as markup of its own."""
        parts = " ".join(self.markdown(macro, **kwargs).split()).split("|")
        for part in parts:
            self._check(macro, part)
        return parts

    def _check(self, macro: str, text: str) -> None:
        problem = self.check(text) if self.check is not None else None
        if problem is not None:
            filename = self._holder.template.filename if self._holder.template else None
            name = Path(filename).name if filename else self.name
            raise RulebookError(f"{name}: the words of {macro}(): {problem}")

    def markdown(self, macro: str, **kwargs: object) -> str:
        """The text of ``macro`` called with ``kwargs``, line breaks and all."""
        with template_errors(self.name, self.search_path) as holder:
            holder.template = self._holder.template
            function = getattr(self._module, macro, None)
            if function is None:
                raise RulebookError(f"{self.name}: no macro {macro!r}")
            with _template_lines(holder.template):
                return bounded_call(function, **kwargs)
        raise AssertionError("unreachable")  # pragma: no cover
