"""Ricochet Poker's rulebook maker: the model built, the target checked, the PDF drawn."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.poker_rulebook import poker_rulebook
from printplay.core import options as opts
from printplay.core.templating import house_deadline
from printplay.games.poker.book_options import PokerBookOptions
from printplay.games.poker.game import RicochetPoker
from printplay.models.printable import PrintRequest, Rulebook


@house_deadline("the rulebook")
def write_poker_rulebook(
    game: RicochetPoker, path: Path, *, paper: str = "a4", rules_dir: Path | None = None
) -> Path:
    """Write the Ricochet Poker rulebook of ``game`` (standard and casino games) to
    ``path``; a house edition of its source in ``rules_dir`` is read first."""
    from printplay.core.outfile import check_writable
    from printplay.render.poker_rulebook_pdf import draw_poker_rulebook

    path = check_writable(Path(path))
    return draw_poker_rulebook(poker_rulebook(game, rules_dir=rules_dir), path, paper=paper)


def draw_model(model: Rulebook, path: Path, *, paper: str = "a4") -> Path:
    """Write the finished rulebook ``model`` (the website's) to ``path``: the PDF
    :func:`make_rulebook` makes of the same request.  Its text is rendered already: the
    house deadline is its caller's, set around the rendering and this."""
    from printplay.core.outfile import check_writable
    from printplay.render.poker_rulebook_pdf import draw_poker_rulebook

    return draw_poker_rulebook(model, check_writable(Path(path)), paper=paper)


def make_rulebook(request: PrintRequest) -> Path:
    """The registry's rulebook maker: the options are the rulebook's (limit, jokers,
    home-cap)."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, request.option_texts))
    return write_poker_rulebook(
        game, request.path, paper=request.paper, rules_dir=request.rules_dir
    )


__all__ = ["draw_model", "make_rulebook", "write_poker_rulebook"]
