"""reportlab's SVG renderer on a lean document tree: the same text, made in far less time.

``reportlab.graphics.renderSVG`` builds every shape as a node of ``xml.dom.minidom`` and
then writes the tree; minidom's bookkeeping (attribute nodes, namespaces, id caches) is
most of the time a drawing takes.  :func:`draw_to_string` is ``renderSVG.drawToString``
with the tree held in plain objects that offer the few calls renderSVG makes of its
document (elements with attributes in the order set, text, comments) and write it out as
minidom writes it, character for character, so the SVG is the one reportlab would give.
"""

from __future__ import annotations

from io import StringIO
from typing import Protocol
from xml.dom import minidom

from reportlab import rl_config
from reportlab.graphics import renderSVG
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.shapes import Drawing


def _escaped(data: str) -> str:
    """Text as minidom writes it (its ``_write_data``)."""
    return (
        data.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").replace(">", "&gt;")
    )


class Text:
    """A text node."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data

    def write(self, out: list[str], indent: str, addindent: str, newl: str) -> None:
        """Write it as minidom's ``Text.writexml`` does."""
        if indent or self.data or newl:
            out.append(_escaped(f"{indent}{self.data}{newl}"))


class Comment:
    """A comment node (renderSVG makes them and keeps none)."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data

    def write(self, out: list[str], indent: str, addindent: str, newl: str) -> None:
        """Write it as minidom's ``Comment.writexml`` does."""
        if "--" in self.data:
            raise ValueError("'--' is not allowed in a comment node")
        out.append(f"{indent}<!--{self.data}-->{newl}")


class Element:
    """An element: its tag, its attributes in the order first set, its children."""

    __slots__ = ("attributes", "childNodes", "tagName")

    def __init__(self, tag: str) -> None:
        self.tagName = tag
        self.attributes: dict[str, str] = {}
        self.childNodes: list[Element | Text | Comment] = []

    def setAttribute(self, name: str, value: str) -> None:
        """Set an attribute (one set before keeps its place)."""
        self.attributes[name] = value

    def getAttribute(self, name: str) -> str:
        """An attribute's value, ``""`` if it is not set."""
        return self.attributes.get(name, "")

    def appendChild(self, node: Element | Text | Comment) -> Element | Text | Comment:
        """Add a child last."""
        self.childNodes.append(node)
        return node

    def write(self, out: list[str], indent: str, addindent: str, newl: str) -> None:
        """Write it as minidom's ``Element.writexml`` does."""
        out.append(f"{indent}<{self.tagName}")
        for name, value in self.attributes.items():
            out.append(f' {name}="{_escaped(value)}"')
        children = self.childNodes
        if not children:
            out.append(f"/>{newl}")
            return
        out.append(">")
        if len(children) == 1 and isinstance(children[0], Text):
            children[0].write(out, "", "", "")
        else:
            out.append(newl)
            inner = indent + addindent
            for child in children:
                child.write(out, inner, addindent, newl)
            out.append(indent)
        out.append(f"</{self.tagName}>{newl}")


class _Writer(Protocol):
    """Where a document is written (renderSVG's writer)."""

    def write(self, text: str, /) -> object:
        """Write ``text``."""
        ...


class Document:
    """The document: its doctype, as minidom's, and its root element."""

    def __init__(self, doctype: minidom.DocumentType | None, root: Element) -> None:
        self.doctype = doctype
        self.documentElement = root

    def createElement(self, tag: str) -> Element:
        """A new element."""
        return Element(tag)

    def createTextNode(self, data: str) -> Text:
        """A new text node."""
        return Text(data)

    def createComment(self, data: str) -> Comment:
        """A new comment."""
        return Comment(data)

    def writexml(
        self,
        writer: _Writer,
        indent: str = "",
        addindent: str = "",
        newl: str = "",
        encoding: str = "",
    ) -> None:
        """Write it as minidom's ``Document.writexml`` does (the declaration, the doctype,
        the root), in one piece."""
        declarations = f'encoding="{encoding}"' if encoding else ""
        out = [f'<?xml version="1.0" {declarations}?>{newl}']
        if self.doctype is not None:
            doctype = StringIO()
            self.doctype.writexml(doctype, indent, addindent, newl)
            out.append(doctype.getvalue())
        self.documentElement.write(out, indent, addindent, newl)
        writer.write("".join(out))


def _lean(node: minidom.Node, found: dict[int, Element]) -> Element | Text | Comment:
    """A minidom node (and what it holds) as a lean one; ``found`` maps each minidom
    element to its lean copy."""
    if isinstance(node, minidom.Text):
        return Text(node.data)
    if isinstance(node, minidom.Comment):
        return Comment(node.data)
    if not isinstance(node, minidom.Element):
        raise TypeError(f"no lean copy of a {type(node).__name__}")
    element = Element(node.tagName)
    for name, value in node.attributes.items():
        element.setAttribute(name, value)
    for child in node.childNodes:
        element.appendChild(_lean(child, found))
    found[id(node)] = element
    return element


class LeanCanvas(renderSVG.SVGCanvas):
    """renderSVG's canvas, its document lean: set up as reportlab sets it up (the root's
    attributes, its title, clip path and group), then copied into lean nodes."""

    def __init__(self, size: tuple[float, float]) -> None:
        super().__init__(size)
        found: dict[int, Element] = {}
        root = _lean(self.svg, found)
        assert isinstance(root, Element)
        self.doc = Document(self.doc.doctype, root)
        self.svg = root
        self.groupTree = found[id(self.groupTree)]
        self.currGroup = found[id(self.currGroup)]
        if hasattr(self, "scaleTree"):
            self.scaleTree = found[id(self.scaleTree)]


def draw_to_string(drawing: Drawing, show_boundary: int = rl_config.showBoundary) -> str:
    """``renderSVG.drawToString(drawing)``, the same text, on a :class:`LeanCanvas`."""
    scaled = renderScaledDrawing(drawing)  # type: ignore[no-untyped-call]
    canvas = LeanCanvas((scaled.width, scaled.height))
    again = renderScaledDrawing(scaled)  # type: ignore[no-untyped-call]
    renderSVG._SVGRenderer().draw(again, canvas, 0, 0, showBoundary=show_boundary)
    out = StringIO()
    canvas.save(out)
    return out.getvalue()


__all__ = ["Comment", "Document", "Element", "LeanCanvas", "Text", "draw_to_string"]
