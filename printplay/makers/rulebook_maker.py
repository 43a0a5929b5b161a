"""The rulebook makers of solitaires: the source gathered, the target checked, the source
rendered into the finished model and the PDF drawn from it."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.rulebook import source_for
from printplay.builders.rulebook_text import RulebookSource, finished
from printplay.core.protocols import RegisteredSolitaire
from printplay.games import make_solitaire
from printplay.models.printable import PrintRequest, Rulebook


def write_rulebook(
    game: RegisteredSolitaire, path: Path, *, paper: str = "a4", rules_dir: Path | None = None
) -> Path:
    """Write ``game``'s rulebook, with the variant text its options switch on, to ``path``."""
    return _draw(source_for(game, rules_dir=rules_dir), Path(path), paper)


def make_rulebook(request: PrintRequest) -> Path:
    """The registry's rulebook maker for solitaires."""
    game = make_solitaire(request.game, request.option_texts)
    return _draw(source_for(game, rules_dir=request.rules_dir), request.path, request.paper)


def draw_model(model: Rulebook, path: Path, *, paper: str = "a4") -> Path:
    """Write the finished rulebook ``model`` (the website's) to ``path``: the PDF
    :func:`make_rulebook` makes of the same request.  Its text is rendered already: the
    house deadline is its caller's, set around the rendering and this."""
    from printplay.core.outfile import check_writable
    from printplay.render.books import draw_rulebook

    return draw_rulebook(model, check_writable(Path(path)), paper=paper)


def _draw(source: RulebookSource, path: Path, paper: str) -> Path:
    """Check ``path``, render ``source`` and typeset it there: made from house sources, the
    rendering and the typesetting together take at most
    :data:`~printplay.core.templating.MAX_RENDER_SECONDS`."""
    from printplay.core.outfile import check_writable
    from printplay.core.templating import render_deadline

    path = check_writable(path)
    with render_deadline(source.search_path, source.name):
        return draw_model(finished(source), path, paper=paper)
    raise AssertionError("unreachable")  # pragma: no cover


__all__ = ["draw_model", "make_rulebook", "write_rulebook"]
