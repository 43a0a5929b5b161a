"""printplay's Markdown, parsed once into a token stream that any renderer can walk.

The PDF typesetter (:mod:`printplay.render.markdown_pdf`) walks it; so could a web page.
Nothing here is HTML: raw HTML in a source is text, and the tokens carry what the text
says (a heading, a class, a marker and its arguments, the line it came from), not how to
show it.  See :mod:`printplay.markup.parse` for the syntax, :mod:`.markers` for
``[[marker]]`` lines and :mod:`.attributes` for ``{: .class}``.

>>> [t.type for t in parse("# Rules {: .title}\\n\\n[[pagebreak]]\\n")]
['heading_open', 'inline', 'heading_close', 'marker']
>>> root = tree("[[columns 2]]\\n> One.\\n\\n> Two.\\n[[/columns]]\\n")
>>> region = root.children[0]
>>> region.type, marker_of(region).columns, [n.type for n in region.children]
('columns', 2, ['blockquote', 'blockquote'])
>>> classes(tree("Kit\\n{: .subtitle}").children[0])
('subtitle',)
>>> tree("<b>bold?</b>").children[0].children[0].content
'<b>bold?</b>'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printplay.core.kept import Kept
from printplay.markup.locations import located, where
from printplay.markup.markers import COLUMNS, KINDS, REGIONS, Marker, marker_of, read_marker
from printplay.markup.parse import MAX_DEPTH, parse

if TYPE_CHECKING:
    from markdown_it.token import Token
    from markdown_it.tree import SyntaxTreeNode

__all__ = [
    "COLUMNS",
    "KINDS",
    "MAX_DEPTH",
    "REGIONS",
    "Marker",
    "SyntaxTreeNode",
    "Token",
    "classes",
    "line_of",
    "located",
    "marker_of",
    "parse",
    "read_marker",
    "tree",
    "where",
]


def __getattr__(name: str) -> object:
    """markdown-it's ``Token`` and ``SyntaxTreeNode``, imported when first asked for: the
    template sandbox (:mod:`.jinja_source`, which a sheet uses) lives in this package and
    needs no Markdown, so importing it does not import markdown-it."""
    if name == "Token":
        from markdown_it.token import Token

        return Token
    if name == "SyntaxTreeNode":
        from markdown_it.tree import SyntaxTreeNode

        return SyntaxTreeNode
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tree(text: str, *, source: str | None = None) -> SyntaxTreeNode:
    """Parse Markdown ``text`` (as :func:`parse`) into markdown-it's syntax tree: a node for
    each block, a region's content under its region node.

    The trees of the last few texts are kept and given again (the renderers only read
    them): a rulebook's PDF and its web page parse the same source one after the other."""
    from markdown_it.tree import SyntaxTreeNode

    return _RECENT.get((text, source), lambda: SyntaxTreeNode(parse(text, source=source)))


RECENT_TREES = 4
"""How many parsed texts :func:`tree` keeps."""

_RECENT: Kept[tuple[str, str | None], SyntaxTreeNode] = Kept(RECENT_TREES)


def classes(item: Token | SyntaxTreeNode) -> tuple[str, ...]:
    """The classes an attribute list (``{: .title}``) gave a heading or paragraph."""
    value = item.attrs.get("class", "")
    return tuple(str(value).split())


def line_of(node: SyntaxTreeNode) -> int | None:
    """The line (from 1) a block starts on, if known."""
    return node.map[0] + 1 if node.map else None
