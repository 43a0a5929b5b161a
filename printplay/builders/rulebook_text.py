"""A rulebook source, and the finished rulebook it renders to.

A rulebook is written as a source: ``rules/<game>.md`` (or a house edition's, read first
from the ``--rules-dir`` folder), Markdown with Jinja, rendered in a context of computed
facts.  A game's builder (:mod:`~printplay.builders.rulebook`,
:mod:`~printplay.builders.poker_rulebook`) gathers a :class:`RulebookSource`: the template,
its context, the house folders and the figures its markers draw.  :func:`finished` runs the
source in the sandbox (:mod:`printplay.markup.jinja_source`) and returns the
:class:`~printplay.models.printable.Rulebook` the renderers are given: the Markdown it
rendered to and the figures, so that no renderer runs a template.  The quick-reference
cards call the source's macros in the same context (:mod:`~printplay.builders.quickref`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from printplay.markup.jinja_source import render_rulebook_source, source_name, template_exists
from printplay.models.printable import Rulebook, RulebookFigure


@dataclass(frozen=True)
class RulebookSource:
    """What a rulebook is rendered from: its source (``template``, found in ``search_path``
    first, then among the bundled sources), the ``context`` its Jinja sees, and the figures
    its ``[[diagram NAME …]]`` markers name; ``rules`` says the rule set in words and
    ``chosen`` the options chosen."""

    game: str
    title: str
    template: str
    context: Mapping[str, object]
    figures: Mapping[str, RulebookFigure] = field(default_factory=dict)
    search_path: tuple[Path, ...] = ()
    rules: str = "standard rules"
    chosen: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """How messages name the source (``tripeaks.md``)."""
        return source_name(self.template)

    def exists(self) -> bool:
        """Whether the source is there to read (a game whose rulebook is not written yet
        has none)."""
        return template_exists(self.template, self.search_path)

    def render(self) -> str:
        """The Markdown the source renders to in its context (a
        :class:`~printplay.core.errors.RulebookError` for a broken or hostile source)."""
        return render_rulebook_source(self.template, self.context, search_path=self.search_path)


def finished(
    source: RulebookSource,
    *,
    text: str | None = None,
    figures: Mapping[str, RulebookFigure] | None = None,
) -> Rulebook:
    """The rulebook ``source`` renders to: ``text`` if the builder rendered it already (to
    read what its markers name), else the source rendered now; ``figures`` if the builder
    computed more, else the source's."""
    return Rulebook(
        game=source.game,
        title=source.title,
        source=source.name,
        text=source.render() if text is None else text,
        figures=source.figures if figures is None else figures,
        rules=source.rules,
        chosen=source.chosen,
    )


__all__ = ["RulebookSource", "finished"]
