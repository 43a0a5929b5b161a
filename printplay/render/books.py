"""Rulebooks for the registered games: the game's source, its computed facts, its diagrams.

A game's rulebook is ``printplay/rules/<game>.md`` rendered with the context below and
diagrams drawn by the engine: ``layout`` (a deal as dealt) and ``move`` (an example play,
before and after).  The game supplies its computed tables through ``rulebook_context()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from printplay import options as opts
from printplay.deal import numbered_deal
from printplay.games import SolitaireGame
from printplay.games.poker.game import RicochetPoker
from printplay.render.board import BoardDiagram
from printplay.render.document import PageSetup
from printplay.render.rulebook import build_rulebook
from printplay.render.styles import Styles, book_styles


@dataclass(frozen=True)
class Example:
    """A sample position and one legal play from it, for the rulebook's example move."""

    before: Any
    move: Any
    after: Any
    caption: str


def example_move(game: SolitaireGame) -> Example:
    """The first numbered deal whose opening position has a play that turns a card up,
    or failing that any play: the example the rulebook draws and explains."""
    fallback: Example | None = None
    for seed in range(1, 200):
        state = game.initial_state(numbered_deal(game.deck(), seed))
        for move in state.legal_moves():
            if game.is_draw(move):
                continue
            after = state.apply(move)
            text = game.describe(state, move, after)
            caption = f"Example: the waste shows {state.waste_top.label}. {text}."
            example = Example(state, move, after, caption)
            if "turns up" in text or game.options.face_up:
                return example
            fallback = fallback or example
    if fallback is None:
        raise AssertionError("no sample deal has an opening play")
    return fallback


def _move_diagram(example: Example, width: float, styles: Styles) -> Flowable:
    half = (width - 8 * mm) / 2
    badge = {example.move.slot: "1"} if hasattr(example.move, "slot") else {}
    before = BoardDiagram(example.before.board(badge), half)
    after = BoardDiagram(example.after.board(), half)
    table = Table(
        [
            [Paragraph("Before", styles.caption), Paragraph("After", styles.caption)],
            [before, after],
        ],
        colWidths=[half + 4 * mm, half + 4 * mm],
    )
    table.setStyle(
        TableStyle(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm),
            ]
        )
    )
    return table


def rulebook_parts(game: SolitaireGame, setup: PageSetup) -> tuple[dict[str, Any], dict[str, Any]]:
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
        "rules_summary": opts.summary(game.options),
        "variants_on": bool(opts.chosen(game.options)),
        "variant_rows": variant_rows,
        "example": example,
        **game.rulebook_context(),
    }

    def layout(small: str = "no") -> Flowable:
        return BoardDiagram(
            layout_state.board(), width * (0.62 if small == "yes" else 0.9), show_hidden=False
        )

    def move() -> Flowable:
        return _move_diagram(example, width, styles)

    return context, {"layout": layout, "move": move}


def build_game_rulebook(game: Any, path: Path, *, paper: str = "a4") -> Path:
    """Write ``game``'s rulebook, with the variant text its options switch on, to ``path``."""
    if isinstance(game, RicochetPoker):
        from printplay.render.poker_book import build_poker_rulebook

        return build_poker_rulebook(game, path, paper=paper)
    summary = opts.summary(game.options)
    setup = PageSetup(
        paper=paper,
        title=f"{game.title} rules",
        footer=f"printplay · {game.title} rules · {summary}",
    )
    context, diagrams = rulebook_parts(game, setup)
    return build_rulebook(
        path, template=f"{game.name}.md", context=context, setup=setup, diagrams=diagrams
    )


__all__ = ["Example", "build_game_rulebook", "example_move", "rulebook_parts"]
