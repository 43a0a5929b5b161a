"""Rulebooks of the solitaires, as models: the source, its computed context, its figures,
and the text it renders to.

A game's rulebook is ``rules/<game>.md`` rendered with the context built here and figures
drawn from the engine: ``layout`` (deal 1 as dealt) and ``move`` (an example move, before
and after).  The game supplies its computed tables through ``rulebook_context()``; a
``figures`` entry there maps more diagram names to board views, or to several views drawn
side by side (Ricochet's allowed next walls).  The win-rate rows come from the stored
win rates.  :func:`source_for` gathers the source (a
:class:`~printplay.builders.rulebook_text.RulebookSource`), :func:`rulebook_for` renders it
into the finished model; the registry's rulebook maker
(:mod:`printplay.makers.rulebook_maker`) hands that model to the PDF renderer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printplay.analysis.winrates import rulebook_rows
from printplay.builders.rulebook_text import RulebookSource, finished
from printplay.core import options as opts
from printplay.core.protocols import Position, RegisteredSolitaire
from printplay.games import make_solitaire
from printplay.models.printable import ExampleMove, Figure, Rulebook


def _face_up_count(state: Position) -> int:
    return sum(view.face_up for view in state.board().slots if view.card is not None)


EXAMPLE_DEALS = 10
"""How many numbered deals (from deal 1) :func:`example_move` looks through for an opening
move that turns a card face up. None of the bundled games has one (TriPeaks' and
Ricochet's face-down cards lie under two cards, Pyramid and Golf deal every card face up),
so the search ends with deal 1's first move: when it looked through 199 deals, that cost
30 to 80 ms in each of the demo's 27 variant rulebooks."""


def example_move(game: RegisteredSolitaire) -> ExampleMove:
    """The first of the first :data:`EXAMPLE_DEALS` numbered deals whose opening position
    has a move taking a layout card that turns another card face up, or failing that deal
    1's first move taking a layout card: the example the rulebook draws and explains (found
    once per game and options: a website asks for it in every variant's rulebook, twice)."""
    key = (game.name, game.options)
    if key not in _EXAMPLES:
        _EXAMPLES[key] = _find_example_move(game)
    return _EXAMPLES[key]


_EXAMPLES: dict[tuple[str, object], ExampleMove] = {}


def _find_example_move(game: RegisteredSolitaire) -> ExampleMove:
    fallback: ExampleMove | None = None
    for seed in range(1, EXAMPLE_DEALS + 1):
        state = game.initial_state(game.numbered_deal(seed))
        before = _face_up_count(state)
        for move in state.legal_moves():
            if not move.slots:
                continue
            after = state.apply(move)
            turns_a_card = _face_up_count(after) + len(move.slots) > before
            if turns_a_card or fallback is None:
                caption = f"Example: {state.describe(move, after)}."
                example = ExampleMove(state, move, after, caption)
                if turns_a_card:
                    return example
                fallback = example
    if fallback is None:
        raise AssertionError("no sample deal has an opening move that takes a card")
    return fallback


def variant_rows(game: RegisteredSolitaire) -> list[list[str]]:
    """The variants table: each option's name, what it does, and its setting here."""
    rows = []
    for spec in opts.option_specs(game.options_type):
        value = getattr(game.options, spec.field)
        on = value != spec.default
        shown = (
            ("on" if on else "off")
            if spec.is_switch
            else (f"{value}" + (" (changed)" if on else " (standard)"))
        )
        rows.append([spec.name, spec.help, shown])
    return rows


def rulebook_source(
    game_name: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> RulebookSource:
    """The rulebook source of solitaire ``game_name`` under ``option_texts`` (the
    registry's rulebook source: the quick-reference cards call its macros); see
    :func:`source_for`."""
    return source_for(make_solitaire(game_name, option_texts), rules_dir=rules_dir)


def rulebook_model(
    game_name: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> Rulebook:
    """The finished rulebook of solitaire ``game_name`` under ``option_texts`` (the
    registry's rulebook model); see :func:`rulebook_for`."""
    return finished(rulebook_source(game_name, option_texts, rules_dir=rules_dir))


def rulebook_for(game: RegisteredSolitaire, *, rules_dir: Path | None = None) -> Rulebook:
    """The finished rulebook of ``game``: its source (:func:`source_for`) rendered."""
    return finished(source_for(game, rules_dir=rules_dir))


def source_for(game: RegisteredSolitaire, *, rules_dir: Path | None = None) -> RulebookSource:
    """The rulebook source of ``game``: ``rules/<game>.md`` with its context and figures
    (``rules_dir``: a folder of house sources read first)."""
    example = example_move(game)
    context: dict[str, object] = {
        "game": game,
        "options": game.options,
        "rules_summary": opts.describe(game.options),
        "variants_on": bool(opts.chosen(game.options)),
        "variant_rows": variant_rows(game),
        "example": example,
        "win_rates": rulebook_rows(game.name),
        **game.rulebook_context(),
    }
    extra = context.pop("figures", {})
    assert isinstance(extra, dict)
    start = game.initial_state(game.numbered_deal(1))
    figures: dict[str, Figure | ExampleMove] = {"layout": start.board(), "move": example}
    figures.update(extra)
    return RulebookSource(
        game=game.name,
        title=game.title,
        template=f"{game.name}.md",
        context=context,
        figures=figures,
        search_path=(rules_dir,) if rules_dir is not None else (),
        rules=opts.describe(game.options),
        chosen=tuple(opts.chosen(game.options)),
    )


__all__ = [
    "EXAMPLE_DEALS",
    "example_move",
    "rulebook_for",
    "rulebook_model",
    "rulebook_source",
    "source_for",
    "variant_rows",
]
