"""The rulebook makers of solitaires: the model built, the target checked, the PDF drawn."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.rulebook import rulebook_for, rulebook_model
from printplay.core.protocols import RegisteredSolitaire
from printplay.models.printable import PrintRequest, Rulebook


def write_rulebook(
    game: RegisteredSolitaire, path: Path, *, paper: str = "a4", rules_dir: Path | None = None
) -> Path:
    """Write ``game``'s rulebook, with the variant text its options switch on, to ``path``."""
    from printplay.core.outfile import check_writable
    from printplay.render.books import draw_rulebook

    model = rulebook_for(game, rules_dir=rules_dir)
    return draw_rulebook(model, check_writable(Path(path)), paper=paper)


def make_rulebook(request: PrintRequest) -> Path:
    """The registry's rulebook maker for solitaires."""
    model = rulebook_model(request.game, request.option_texts, rules_dir=request.rules_dir)
    return draw_model(model, request.path, paper=request.paper)


def draw_model(model: Rulebook, path: Path, *, paper: str = "a4") -> Path:
    """Write the rulebook ``model`` built already (the website's, the kit's) to ``path``:
    the PDF :func:`make_rulebook` makes of the same request."""
    from printplay.core.outfile import check_writable
    from printplay.render.books import draw_rulebook

    check_writable(Path(path))
    return draw_rulebook(model, Path(path), paper=paper)


__all__ = ["draw_model", "make_rulebook", "write_rulebook"]
