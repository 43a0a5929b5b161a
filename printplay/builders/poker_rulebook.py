"""The Ricochet Poker rulebook as a model: its source, its computed context and its chart.

The rulebook is ``rules/ricochet-poker.md`` (standard and casino games) rendered with the
context built here: the engine's facts (:meth:`RicochetPoker.rulebook_context
<printplay.games.poker.game.RicochetPoker.rulebook_context>`: hands, odds, kickout, bonuses,
variants, rulings), the basic strategy and the stored house edge
(``printplay/data/house-edge*.json``, with the command that measures it).  The chart its
``[[diagram strategy]]`` marker draws is computed here too
(:mod:`~printplay.builders.poker_chart`).  :func:`rulebook_model` is the registry's
rulebook source (the quick-reference cards read it); the registry's rulebook maker
(:mod:`printplay.makers.poker_rulebook_maker`) hands the model to the PDF renderer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printplay.analysis.edge_file import Interval, read_edge
from printplay.builders.poker_chart import strategy_chart
from printplay.core import options as opts
from printplay.games.poker.game import PokerBookOptions, RicochetPoker
from printplay.games.poker.strategy_play import strategy_table
from printplay.models.poker_model import PokerRulebook
from printplay.models.printable import Rulebook


def _edge_words(edge: Interval) -> str:
    """``"3.27% (3.10 to 3.44)"``."""
    return f"{100 * edge.value:.2f}% ({100 * edge.low:.2f} to {100 * edge.high:.2f})"


def house_edge_rows(
    home_cap: bool, data_dir: Path | None = None
) -> tuple[list[list[str]], str, int]:
    """The stored house-edge measurement (:func:`~printplay.analysis.edge_file.read_edge`)
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


def rulebook_for(game: RicochetPoker, *, rules_dir: Path | None = None) -> Rulebook:
    """The rulebook of ``game``: ``ricochet-poker.md`` with its context (``rules_dir``: a
    folder of house sources read first)."""
    return Rulebook(
        game="ricochet-poker",
        title="Ricochet Poker",
        template="ricochet-poker.md",
        context=poker_rulebook_context(game),
        search_path=(rules_dir,) if rules_dir is not None else (),
        rules=opts.describe(game.options),
        chosen=tuple(opts.chosen(game.options)),
    )


def rulebook_model(
    game_name: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> Rulebook:
    """The registry's rulebook source: ``ricochet-poker.md`` with its context (the options
    are the rulebook's: limit, jokers, home-cap)."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, option_texts))
    return rulebook_for(game, rules_dir=rules_dir)


def book_model(
    game_name: str, option_texts: Sequence[str] = (), *, rules_dir: Path | None = None
) -> PokerRulebook:
    """The registry's whole rulebook model: ``ricochet-poker.md`` with its context and its
    strategy chart (the website draws it, as the PDF does)."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, option_texts))
    return poker_rulebook(game, rules_dir=rules_dir)


def poker_rulebook(game: RicochetPoker, *, rules_dir: Path | None = None) -> PokerRulebook:
    """The whole rulebook of ``game``: its source and context, and its strategy chart."""
    return PokerRulebook(
        book=rulebook_for(game, rules_dir=rules_dir),
        chart=strategy_chart(home_cap=game.options.home_cap),
    )


__all__ = [
    "book_model",
    "house_edge_rows",
    "poker_rulebook",
    "poker_rulebook_context",
    "rulebook_for",
    "rulebook_model",
]
