"""What every renderer asks of the syntax tree: a block's inline tokens, whether a paragraph
is a caption, and the call a ``[[diagram …]]`` marker makes; and what a builder asks of a
rendered source: the diagram markers of a name, to compute what they show before anything
is drawn (:func:`diagram_markers`).

The PDF typesetter and the web page read the tree through these, so both take the same
paragraph for a diagram's caption and refuse the same bad diagram marker with the same line.

>>> from printplay.markup import tree
>>> [is_caption(node) for node in tree("*A deal.*\\n\\n*A* deal.\\n").children]
[True, False]
>>> node = tree("[[diagram layout small=yes]]\\n").children[0]
>>> call_diagram({"layout": lambda small="no": f"small={small}"}, node, "x.md")
'small=yes'
>>> call_diagram({}, node, "x.md")
Traceback (most recent call last):
...
printplay.core.errors.RulebookError: x.md, line 1 of the rendered text: unknown diagram 'layout' \
in [[diagram layout small=yes]] (known diagrams: none)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import TypeVar

from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode

from printplay.core.errors import PrintplayError
from printplay.markup.locations import located
from printplay.markup.markers import Marker, marker_of
from printplay.markup.parse import parse

T = TypeVar("T")


def inline_tokens(node: SyntaxTreeNode) -> list[Token]:
    """The inline tokens of a paragraph, heading, term or table cell (its ``inline``
    child's)."""
    for child in node.children:
        if child.type == "inline" and child.token is not None:
            return child.token.children or []
    return []


def is_caption(node: SyntaxTreeNode) -> bool:
    """A paragraph that is all italic (``*like this*``) and has no class of its own: right
    after a diagram, its caption."""
    if node.type != "paragraph" or "class" in node.attrs:
        return False
    tokens = [t for t in inline_tokens(node) if not (t.type == "text" and not t.content.strip())]
    if not tokens or tokens[0].type != "em_open" or tokens[-1].type != "em_close":
        return False
    depth = 0
    for token in tokens[:-1]:
        depth += token.nesting
        if depth == 0:  # the first emphasis closed before the end
            return False
    return True


def call_diagram(
    factories: Mapping[str, Callable[..., T]], node: SyntaxTreeNode, source: str | None
) -> T:
    """Call the factory a ``[[diagram NAME k=v …]]`` marker names, with its options.

    An unknown name, options the factory does not take, or a factory refusing its options
    (``ValueError`` or a printplay error) is a :class:`~printplay.core.errors.RulebookError`
    naming ``source`` and the marker's line.
    """
    marker = marker_of(node)
    line = node.map[0] + 1 if node.map else None
    name, kwargs = marker.name, marker.options
    if name not in factories:
        known = ", ".join(sorted(factories)) or "none"
        message = f"unknown diagram {name!r} in {marker.shown} (known diagrams: {known})"
        raise located(source, line, message)
    factory = factories[name]
    try:
        inspect.signature(factory).bind(**kwargs)
    except TypeError as error:
        message = f"{marker.shown}: bad arguments for diagram {name!r}: {error}"
        raise located(source, line, message) from None
    except ValueError:  # no signature available (a builtin): let the call decide
        pass
    try:
        return factory(**kwargs)
    except (ValueError, PrintplayError) as error:
        raise located(source, line, f"{marker.shown}: {error}") from None


def diagram_markers(text: str, name: str, *, source: str | None = None) -> list[Marker]:
    """The ``[[diagram NAME …]]`` markers of diagram ``name`` in Markdown ``text``, in
    order (``source`` names the text in messages).

    >>> text = "[[diagram hands hands=Kd]]\\n\\n> [[diagram x]]\\n"
    >>> [m.options for m in diagram_markers(text, "hands")]
    [{'hands': 'Kd'}]
    """
    return [
        marker
        for token in parse(text, source=source)
        if token.type == "marker"
        for marker in (marker_of(token),)
        if marker.kind == "diagram" and marker.name == name
    ]


__all__ = ["call_diagram", "diagram_markers", "inline_tokens", "is_caption"]
