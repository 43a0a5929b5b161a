"""The Ricochet Poker rulebook as a model: its source, its computed context, its text and its
figures.

The rulebook is ``rules/ricochet-poker.md`` (standard and casino games) rendered with the
context built here: the engine's facts (:meth:`RicochetPoker.rulebook_context
<printplay.games.poker.game.RicochetPoker.rulebook_context>`: hands, odds, kickout, bonuses,
variants, rulings), the basic strategy and the stored house edge
(``printplay/data/house-edge*.json``, with the command that measures it).  The whole model
(:func:`poker_rulebook`) holds the source rendered, made ready to print (typographic quotes,
commands kept whole), and what its markers draw, computed here: the hands each ``[[diagram
hands hands="Kd|Kc 3h"]]`` names, each named by the hand evaluator, and the chart its
``[[diagram strategy]]`` marker draws (:mod:`~printplay.builders.poker_chart`).
:func:`rulebook_source` is the registry's rulebook source (the quick-reference cards call
its macros); the registry's rulebook maker (:mod:`printplay.makers.poker_rulebook_maker`) hands the
whole model to the PDF renderer, and the website draws the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printplay.analysis.poker_edge_file import Interval, read_edge
from printplay.builders.poker_chart import strategy_chart
from printplay.builders.rulebook_text import RulebookSource, finished
from printplay.core import options as opts
from printplay.core.errors import PrintplayError
from printplay.games.poker.book_options import PokerBookOptions
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.game import RicochetPoker
from printplay.games.poker.hands import describe
from printplay.games.poker.strategy_play import strategy_table
from printplay.markup.locations import located
from printplay.markup.nodes import diagram_markers
from printplay.markup.typography import print_ready
from printplay.models.printable import CaptionedCards, CardsFigure, Rulebook, RulebookFigure

HANDS = "hands"
"""The diagram (and its option) that shows hands: ``[[diagram hands hands="Kd|Kc 3h"]]``."""


def _edge_words(edge: Interval) -> str:
    """``"3.27% (3.10 to 3.44)"``."""
    return f"{100 * edge.value:.2f}% ({100 * edge.low:.2f} to {100 * edge.high:.2f})"


def house_edge_rows(
    home_cap: bool, data_dir: Path | None = None
) -> tuple[list[list[str]], str, int]:
    """The stored house-edge measurement (:func:`~printplay.analysis.poker_edge_file.read_edge`)
    as the rulebook prints it: table rows, the command that measures it, rounds."""
    stored = read_edge(home_cap, data_dir)
    rows = [
        [str(row.players), _edge_words(row.edge_ante), _edge_words(row.edge_stake)]
        for row in stored.rows
    ]
    return rows, stored.command, stored.rounds


def _percent(text: str) -> float:
    return float(text.rstrip("%"))


def poker_rulebook_context(game: RicochetPoker) -> dict[str, object]:
    """The context of the Ricochet Poker rulebook source: the engine's facts, the basic
    strategy and the stored house edge."""
    rules = opts.describe(game.options)
    header, rows = strategy_table(home_cap=game.options.home_cap)
    edge_rows, command, rounds = house_edge_rows(game.options.home_cap)
    other_rows, other_command, _ = house_edge_rows(not game.options.home_cap)
    other_values = [row[1].split("%")[0] + "%" for row in other_rows]
    return {
        "options": game.options,
        "rules_summary": rules,
        "strategy_header": header,
        "strategy_rows": rows,
        "edge_rows": edge_rows,
        "edge_command": command,
        "edge_rounds": f"{rounds:,}",
        "edge_other": f"{min(other_values, key=_percent)} to {max(other_values, key=_percent)}",
        "edge_other_command": other_command,
        **game.rulebook_context(),
    }


def source_for(game: RicochetPoker, *, rules_dir: Path | None = None) -> RulebookSource:
    """The rulebook source of ``game``: ``ricochet-poker.md`` with its context
    (``rules_dir``: a folder of house sources read first)."""
    return RulebookSource(
        game="ricochet-poker",
        title="Ricochet Poker",
        template="ricochet-poker.md",
        context=poker_rulebook_context(game),
        search_path=(rules_dir,) if rules_dir is not None else (),
        rules=opts.describe(game.options),
        chosen=tuple(opts.chosen(game.options)),
    )


def rulebook_source(
    game_name: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> RulebookSource:
    """The registry's rulebook source: ``ricochet-poker.md`` with its context (the options
    are the rulebook's: limit, jokers, home-cap)."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, option_texts))
    return source_for(game, rules_dir=rules_dir)


def book_model(
    game_name: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> Rulebook:
    """The registry's whole rulebook model: ``ricochet-poker.md`` with its context, its text
    and its figures (the website draws it, as the PDF does)."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, option_texts))
    return poker_rulebook(game, rules_dir=rules_dir)


def hands_shown(hands: str) -> CaptionedCards:
    """The hands a ``hands`` diagram shows (``"Kd|Kc 3h|Ks 8d"``: hands separated by
    ``|``), each captioned with its name in the evaluator's words.

    >>> hands_shown("Kd|Kc 3h").captions
    ('king high', 'king-three')
    """
    groups = tuple(tuple(read_cards(part, what="a diagram hand")) for part in hands.split("|"))
    return CaptionedCards(groups, tuple(describe(group) for group in groups))


def hands_figure(text: str, source: str) -> CardsFigure:
    """Every hand the ``hands`` markers of the rendered ``text`` name, named: a bad card is
    a :class:`~printplay.core.errors.RulebookError` naming ``source`` and the marker's
    line.  A marker without the option is left to the renderer, which refuses it."""
    shown: dict[str, CaptionedCards] = {}
    for marker in diagram_markers(text, HANDS, source=source):
        hands = marker.options.get(HANDS)
        if hands is None or hands in shown:
            continue
        try:
            shown[hands] = hands_shown(hands)
        except (ValueError, PrintplayError) as error:
            raise located(source, marker.line, f"{marker.shown}: {error}") from None
    return CardsFigure(HANDS, shown)


def poker_rulebook(game: RicochetPoker, *, rules_dir: Path | None = None) -> Rulebook:
    """The whole rulebook of ``game``: the Markdown its source renders to (made ready to
    print), and its figures: the hands its markers name and the strategy chart."""
    source = source_for(game, rules_dir=rules_dir)
    text = print_ready(source.render())
    figures: dict[str, RulebookFigure] = {
        HANDS: hands_figure(text, source.template),
        "strategy": strategy_chart(home_cap=game.options.home_cap),
    }
    return finished(source, text=text, figures=figures)


__all__ = [
    "HANDS",
    "book_model",
    "hands_figure",
    "hands_shown",
    "house_edge_rows",
    "poker_rulebook",
    "poker_rulebook_context",
    "rulebook_source",
    "source_for",
]
