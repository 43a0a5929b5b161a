"""Rulebooks for the solitaires: the game's source, its computed facts, its diagrams.

A game's rulebook is ``rules/<game>.md`` rendered with the context below and diagrams
drawn by the engine: ``layout`` (a deal as dealt) and ``move`` (an example move, before
and after).  The game supplies its computed tables through ``rulebook_context()``; a
``figures`` entry there maps more diagram names to board views the engine drew, or to
several views drawn side by side (Ricochet's allowed next walls); the source draws them
like the layout, with ``diagram(NAME)`` and an optional size, ``small="yes"`` or a share of
the text width (``small="0.5"``).  A
``rules_dir`` holding a house edition of the source (or of any template it includes) is
read first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from printplay import options as opts
from printplay.analysis.winrates import rulebook_rows
from printplay.deal import numbered_deal
from printplay.games import make_solitaire
from printplay.games.layout import BoardView
from printplay.games.protocols import RegisteredSolitaire
from printplay.render.board import BoardDiagram
from printplay.render.document import PageSetup, check_writable
from printplay.render.printables import PrintRequest
from printplay.render.rulebook import RulebookSource, build_rulebook
from printplay.render.styles import Styles, book_styles


@dataclass(frozen=True)
class Example:
    """A sample position and one legal play from it, for the rulebook's example move."""

    before: Any
    move: Any
    after: Any
    caption: str


def _face_up_count(state: Any) -> int:
    return sum(view.face_up for view in state.board().slots if view.card is not None)


def example_move(game: RegisteredSolitaire) -> Example:
    """The first numbered deal whose opening position has a move taking a layout card that
    turns another card face up, or failing that any such move: the example the rulebook
    draws and explains."""
    fallback: Example | None = None
    for seed in range(1, 200):
        state = game.initial_state(numbered_deal(game.deck(), seed))
        for move in state.legal_moves():
            if not move.slots:
                continue
            after = state.apply(move)
            caption = f"Example: {state.describe(move, after)}."
            example = Example(state, move, after, caption)
            if _face_up_count(after) + len(move.slots) > _face_up_count(state):
                return example
            fallback = fallback or example
    if fallback is None:
        raise AssertionError("no sample deal has an opening move that takes a card")
    return fallback


def _side_by_side(
    views: Sequence[BoardView], titles: Sequence[str], width: float, styles: Styles
) -> Flowable:
    """Board views side by side across ``width``, each under its title (if any)."""
    gap = 8 * mm
    each = (width - gap * (len(views) - 1)) / len(views)
    # Face-down cards are drawn as backs, as in the layout diagram: one look for "face
    # down" throughout the book, and the card a move turns up shows as it turns.
    row: list[Flowable] = [BoardDiagram(view, each, show_hidden=False) for view in views]
    rows: list[list[Flowable]] = [row]
    if any(titles):
        rows.insert(0, [Paragraph(title, styles.caption) for title in titles])
    table = Table(rows, colWidths=[each + gap / 2] * len(views))
    table.setStyle(
        TableStyle(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), gap / 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), gap / 4),
            ]
        )
    )
    return table


def _move_diagram(example: Example, width: float, styles: Styles) -> Flowable:
    badge = {slot: "1" for slot in example.move.slots}
    views = (example.before.board(badge), example.after.board())
    return _side_by_side(views, ("Before", "After"), width, styles)


def _share(small: str) -> float:
    """The share of the text width a diagram takes: ``"yes"`` (small), ``"no"`` (full), or
    a number between 0.2 and 1."""
    if small in ("yes", "no"):
        return 0.62 if small == "yes" else 0.9
    try:
        share = float(small)
    except ValueError:
        share = 0.0
    if not 0.2 <= share <= 1:
        raise ValueError(
            f'a diagram\'s size is "yes", "no" or a share from 0.2 to 1, not {small!r}'
        )
    return share


def rulebook_parts(
    game: RegisteredSolitaire, setup: PageSetup
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The template context and the diagram factories for ``game``'s rulebook."""
    styles = book_styles()
    width = setup.frame_width
    layout_state = game.initial_state(numbered_deal(game.deck(), 1))
    example = example_move(game)
    variant_rows = []
    for spec in opts.option_specs(game.options_type):
        value = getattr(game.options, spec.field)
        on = value != spec.default
        shown = (
            ("on" if on else "off")
            if spec.is_switch
            else (f"{value}" + (" (changed)" if on else " (standard)"))
        )
        # The name is set in the text face, not as `code`: the table measures its columns in
        # the text face, and a monospaced name came out wider than its column
        # ("completion-bonu/s").
        variant_rows.append([spec.name, spec.help, shown])
    context: dict[str, Any] = {
        "game": game,
        "options": game.options,
        "rules_summary": opts.describe(game.options),
        "variants_on": bool(opts.chosen(game.options)),
        "variant_rows": variant_rows,
        "example": example,
        "win_rates": rulebook_rows(game.name),
        **game.rulebook_context(),
    }
    figures: dict[str, BoardView | Sequence[BoardView]] = context.pop("figures", {})

    def layout(small: str = "no") -> Flowable:
        return BoardDiagram(layout_state.board(), width * _share(small), show_hidden=False)

    def move() -> Flowable:
        return _move_diagram(example, width, styles)

    def figure(views: BoardView | Sequence[BoardView]) -> Callable[..., Flowable]:
        def draw(small: str = "no") -> Flowable:
            if isinstance(views, BoardView):
                return BoardDiagram(views, width * _share(small), show_hidden=False)
            return _side_by_side(views, [""] * len(views), width * _share(small), styles)

        return draw

    diagrams = {name: figure(view) for name, view in figures.items()}
    return context, {"layout": layout, "move": move, **diagrams}


def build_game_rulebook(
    game: RegisteredSolitaire, path: Path, *, paper: str = "a4", rules_dir: Path | None = None
) -> Path:
    """Write ``game``'s rulebook, with the variant text its options switch on, to ``path``."""
    summary = opts.describe(game.options)
    setup = PageSetup(
        paper=paper,
        title=f"{game.title} rules ({summary})",
        footer=f"printplay · {game.title} rules · {summary}",
        subject=f"The rules of {game.title}, {summary}, with diagrams and computed tables",
        keywords=(game.title, "rules", "rulebook", *opts.chosen(game.options)),
    )
    context, diagrams = rulebook_parts(game, setup)
    return build_rulebook(
        path,
        template=f"{game.name}.md",
        context=context,
        setup=setup,
        diagrams=diagrams,
        search_path=[rules_dir] if rules_dir is not None else [],
    )


def rulebook_source(
    game_name: str,
    option_texts: Sequence[str] = (),
    *,
    paper: str = "a4",
    rules_dir: Path | None = None,
) -> RulebookSource:
    """The registry's rulebook source of a solitaire: ``rules/<game>.md`` with the context
    and diagrams of :func:`rulebook_parts` (quick-reference cards are read from it)."""
    game = make_solitaire(game_name, option_texts)
    context, diagrams = rulebook_parts(game, PageSetup(paper=paper))
    return RulebookSource(
        f"{game.name}.md", context, diagrams, (rules_dir,) if rules_dir is not None else ()
    )


def make_rulebook(request: PrintRequest) -> Path:
    """The registry's rulebook maker for solitaires."""
    game = make_solitaire(request.game, request.option_texts)
    check_writable(request.path)
    return build_game_rulebook(game, request.path, paper=request.paper, rules_dir=request.rules_dir)


__all__ = [
    "Example",
    "build_game_rulebook",
    "example_move",
    "make_rulebook",
    "rulebook_parts",
    "rulebook_source",
]
