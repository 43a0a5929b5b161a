"""The parser: markdown-it set up for printplay's Markdown, and the checks it runs.

CommonMark with tables, strikethrough (``~~gone~~``), definition lists, typographic quotes
and dashes (markdown-it's typographer), ``[[marker]]`` lines (:mod:`.markers`) and
``{: .class}`` attribute lists (:mod:`.attributes`).  Raw HTML is not markup: ``<b>`` or
``<script>`` is printed as written.  The one exception is ``<br>``, a line break (the only
way to break a line inside a table cell), which becomes a ``hardbreak`` token like a line
ending in two spaces.

Checks refuse what cannot be set, in one :class:`~printplay.core.errors.RulebookError` naming
the line: regions must be closed where they were opened (not inside a blockquote or list
they were opened outside, nor the other way round); blocks (blockquotes, lists, definition
lists, regions) and inline spans (emphasis, links, strikethrough) may nest at most
:data:`MAX_DEPTH` deep; and one source may hold at most :data:`MAX_LINES` lines (counted
before anything is parsed), :data:`MAX_BLOCKS` blocks of text,
:data:`MAX_TABLE_ROWS` table rows, :data:`MAX_DIAGRAMS` diagrams and
:data:`MAX_PAGE_BREAKS` page breaks, so that typesetting it stays within reach (these are
counted before the text inside the blocks is parsed).  Links and images are looked for
within a budget (:data:`MAX_LINK_SCAN`), so a run of ``[`` takes linear time.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from printplay.markup.attributes import attributes_rule
from printplay.markup.locations import located
from printplay.markup.markers import REGIONS, marker_of, marker_rule

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_core import StateCore
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token

MAX_DEPTH = 12
"""How deep blocks, and inline spans, may nest."""

MAX_LINES = 20_000
"""The most lines the text of one source may have, counted before anything is parsed; the
longest bundled rulebook has about 400."""

MAX_BLOCKS = 10_000
"""The most blocks of text (paragraphs, headings, list items, table cells, terms) one
source may hold; the longest bundled rulebook holds about 300."""

MAX_TABLE_ROWS = 2_000
"""The most table rows one source may hold, all its tables together; the bundled
rulebooks hold at most about 60."""

MAX_DIAGRAMS = 200
"""The most ``[[diagram …]]`` markers one source may hold; the bundled rulebooks hold at
most 4."""

MAX_PAGE_BREAKS = 500
"""The most ``[[pagebreak]]`` markers one source may hold (so at most as many pages of
breaks alone); the bundled rulebooks hold a few."""

MAX_LINK_SCAN = 2_000_000
"""How many characters, in all, the search for links and images may look through in one
text.  markdown-it looks for the end of a link from every ``[``: a run of 200,000 of them
took minutes (each search going to the end of the paragraph).  Past this budget a ``[`` is
plain text: a rulebook with a few hundred links spends a few thousand."""

_CONTAINERS = frozenset(
    {"blockquote_open", "bullet_list_open", "ordered_list_open", "dl_open"}
    | {f"{kind}_open" for kind in REGIONS}
)
_WHAT = {
    "blockquote_open": "blockquote",
    "bullet_list_open": "list item",
    "ordered_list_open": "list item",
    "list_item_open": "list item",
    "dl_open": "definition list",
    "dd_open": "definition",
}
_BREAK_TAG = re.compile(r"<br[ \t]*/?>", re.IGNORECASE)


def _line(token: Token | None) -> int | None:
    return token.map[0] + 1 if token is not None and token.map else None


def structure_rule(state: StateCore) -> None:
    """The core rule run after the block rules: regions closed where they were opened, and
    no block nested deeper than :data:`MAX_DEPTH`."""
    source = state.env.get("source")
    open_tokens: list[Token] = []
    depth = 0
    for token in state.tokens:
        if token.nesting == 1:
            open_tokens.append(token)
            depth += token.type in _CONTAINERS
            if depth > MAX_DEPTH:
                message = f"blocks nested more than {MAX_DEPTH} deep (blockquotes, lists, regions)"
                raise located(source, _line(token), message)
        elif token.nesting == -1:
            opening = open_tokens.pop() if open_tokens else None
            depth -= opening is not None and opening.type in _CONTAINERS
            _check_closing(token, opening, source)
    for token in open_tokens:
        if token.type.removesuffix("_open") in REGIONS:
            raise located(source, _line(token), f"{marker_of(token).shown} is never closed")


def _check_closing(closing: Token, opening: Token | None, source: str | None) -> None:
    """Refuse a region closed by another block's end, or a ``[[/kind]]`` closing no region."""
    if closing.type.removesuffix("_close") in REGIONS:
        kind = closing.info
        if opening is None or opening.type != f"{kind}_open":
            inside = f" in this {_WHAT[opening.type]}" if opening and opening.type in _WHAT else ""
            message = f"{marker_of(closing).shown} closes no open [[{kind}]]{inside}"
            raise located(source, _line(closing), message)
    elif opening is not None and opening.type.removesuffix("_open") in REGIONS:
        message = f"{marker_of(opening).shown} is never closed: close it before its block ends"
        raise located(source, _line(opening), message)


def count_rule(state: StateCore) -> None:
    """The core rule run after the block rules, before the costly inline ones: at most
    :data:`MAX_BLOCKS` blocks of text, :data:`MAX_TABLE_ROWS` table rows,
    :data:`MAX_DIAGRAMS` diagrams and :data:`MAX_PAGE_BREAKS` page breaks."""
    limits = {
        "inline": (MAX_BLOCKS, "blocks of text (paragraphs, headings, items, cells)"),
        "tr_open": (MAX_TABLE_ROWS, "table rows"),
        "diagram": (MAX_DIAGRAMS, "diagrams"),
        "pagebreak": (MAX_PAGE_BREAKS, "page breaks"),
    }
    counts = dict.fromkeys(limits, 0)
    for token in state.tokens:
        kind = token.info if token.type == "marker" else token.type
        if kind in counts:
            counts[kind] += 1
            most, what = limits[kind]
            if counts[kind] > most:
                message = f"more than {most:,} {what}: at most {most:,} in one source"
                raise located(state.env.get("source"), _line(token), message)


def inline_depth_rule(state: StateCore) -> None:
    """The core rule run after the inline rules: no inline span nested deeper than
    :data:`MAX_DEPTH` (emphasis inside emphasis inside …)."""
    for token in state.tokens:
        depth = 0
        for child in token.children or ():
            depth += child.nesting
            if depth > MAX_DEPTH:
                message = f"emphasis or links nested more than {MAX_DEPTH} deep"
                raise located(state.env.get("source"), _line(token), message)


def break_tag_rule(state: StateInline, silent: bool) -> bool:
    """The inline rule: ``<br>``, ``<br/>`` or ``<br />`` is a line break."""
    match = _BREAK_TAG.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        state.push("hardbreak", "br", 0)
    state.pos = match.end()
    return True


def _link_budget(rule: Callable[[StateInline, bool], bool]) -> Callable[..., bool]:
    """markdown-it's inline ``rule`` for links or images, tried only while the text's budget
    of :data:`MAX_LINK_SCAN` characters lasts (each try may look to the end of its block)."""

    def bounded(state: StateInline, silent: bool) -> bool:
        if state.src[state.pos] not in "[!":
            return False
        spent = state.env.get(_SCANNED, 0) + state.posMax - state.pos
        state.env[_SCANNED] = spent
        return spent <= MAX_LINK_SCAN and rule(state, silent)

    return bounded


_SCANNED = "printplay-link-scan"


@functools.cache
def parser() -> MarkdownIt:
    """The markdown-it parser, set up on first use (once a process): a program that parses
    no Markdown, a sheet, does not import markdown-it."""
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline.image import image as image_rule
    from markdown_it.rules_inline.link import link as link_rule
    from mdit_py_plugins.deflist import deflist_plugin

    md = MarkdownIt(
        "commonmark",
        # maxNesting only guards markdown-it's recursion: MAX_DEPTH refuses deep nesting
        # long before markdown-it would silently drop what lies deeper.
        {"html": False, "typographer": True, "maxNesting": 4 * MAX_DEPTH + 16},
    )
    md.enable(["table", "strikethrough", "replacements", "smartquotes"])
    md.use(deflist_plugin)
    md.block.ruler.before(
        "table",
        "marker",
        marker_rule,
        {"alt": ["paragraph", "reference", "blockquote", "list"]},
    )
    md.core.ruler.after("block", "counts", count_rule)
    md.core.ruler.after("counts", "structure", structure_rule)
    md.core.ruler.after("structure", "attributes", attributes_rule)
    md.core.ruler.push("inline_depth", inline_depth_rule)
    md.inline.ruler.before("autolink", "break_tag", break_tag_rule)
    md.inline.ruler.at("link", _link_budget(link_rule))
    md.inline.ruler.at("image", _link_budget(image_rule))
    return md


def parse(text: str, *, source: str | None = None) -> list[Token]:
    """Parse Markdown ``text`` into markdown-it's token stream.

    ``source`` names the text in errors (a :class:`~printplay.core.errors.RulebookError` for a
    bad marker, nesting too deep or a text too large, naming the line).
    """
    lines = text.count("\n")
    if lines > MAX_LINES:
        message = f"{lines:,} lines, more than the {MAX_LINES:,} one source may have"
        raise located(source, None, message)
    return parser().parse(text, {"source": source})
