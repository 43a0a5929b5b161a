"""What the website holds: each game's variant pages and featured deals (the site itself is
made by :mod:`printplay.makers.site_maker`)."""

from __future__ import annotations

from collections.abc import Sequence

from printplay.analysis.curated import SeedDeal
from printplay.builders.kit import kit_deals
from printplay.core import options as opts
from printplay.core.errors import OptionError
from printplay.games import GameEntry, entry


def _valid(game: GameEntry, options: Sequence[str]) -> bool:
    try:
        opts.parse_options(game.options_type, options)
    except OptionError:
        return False
    return True


def variant_sets(name: str) -> list[tuple[str, ...]]:
    """The option sets of a game that change its rules, one variant page each.

    Every switch, and every other value of a setting with a few values (``jokers=1``,
    ``jokers=2``), each on its own; an option that needs another to mean anything
    (``five-aces-top`` needs jokers) goes with the first that makes it valid; then the
    registry's combined rule sets (those its win-rate table prints).  A setting that takes
    any number (a score's bonus) has no page: the variants table says what it does.

    >>> variant_sets("ricochet")
    [('ball-resets',), ('free-draw',), ('no-wrap',), ('face-up',), ('stock-ends-game',),
     ('ball-resets', 'free-draw')]
    """
    game = entry(name)
    singles: list[tuple[str, ...]] = []
    for spec in opts.option_specs(game.options_type):
        if spec.is_switch:
            singles.append((spec.name,))
        elif spec.choices:
            singles += [
                (f"{spec.name}={value}",) for value in spec.choices if value != spec.default
            ]
    found: list[tuple[str, ...]] = []
    for single in singles:
        if _valid(game, single):
            found.append(single)
            continue
        partner = next((other for other in singles if _valid(game, (*other, *single))), None)
        if partner is not None:
            found.append((*partner, *single))
    for rule_set in game.win_rates:
        if len(rule_set) > 1 and tuple(rule_set) not in found:
            found.append(tuple(rule_set))
    return found


def featured_deals(name: str, count: int) -> list[SeedDeal]:
    """The first ``count`` of the curated deals a solitaire's kit prints (none for a game
    with no layout to deal)."""
    game = entry(name)
    if not game.is_solitaire or "sheet" not in game.printables:
        return []
    return kit_deals(game.name)[:count]


__all__ = ["featured_deals", "variant_sets"]
