"""The rule sets a game is checked under, drawn from its option specs and its registry entry.

Every switch on (alone) and off (the standard game), every setting over its allowed values
(its choices, or its least, its greatest and one value between), the rule sets of the
registry's ``win_rates``, every switch at once, and a few random mixes of them all.  A
rule set the game refuses because one option needs another (``jokers-in-stock`` needs
jokers) gets the first single option that makes it valid.

>>> sets = option_sets("ricochet", mixes=0)
>>> sets[:5]
[(), ('ball-resets',), ('free-draw',), ('no-wrap',), ('face-up',)]
>>> ("ball-resets", "free-draw") in sets
True
>>> [s for s in option_sets("tripeaks", mixes=0) if s and s[0].startswith("jokers")][:3]
[('jokers=1',), ('jokers=2',), ('jokers=1', 'jokers-in-stock')]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printplay.core.errors import OptionError
from printplay.core.options import GameOptions, OptionSpec, option_specs, parse_options
from printplay.games import entry

OptionTexts = tuple[str, ...]
"""Options as a user writes them (``("no-wrap", "jokers=1")``)."""


def setting_values(spec: OptionSpec, rng: random.Random) -> list[int]:
    """The values of a setting worth playing: each choice, or else the least and the
    greatest allowed and one drawn between (the default left out: it is the standard game)."""
    if spec.choices is not None:
        values = list(spec.choices)
    else:
        low = spec.default if spec.minimum is None else spec.minimum
        high = spec.default + 1 if spec.maximum is None else spec.maximum
        values = [low, high, rng.randint(low, high)]
    return [value for value in dict.fromkeys(values) if value != spec.default]


def written(spec: OptionSpec, value: int | bool) -> OptionTexts:
    """One option with ``value`` as a user writes it (nothing for its default)."""
    if value == spec.default:
        return ()
    return (spec.name,) if spec.is_switch else (f"{spec.name}={value}",)


def option_sets(name: str, *, seed: int = 0, mixes: int = 2) -> list[OptionTexts]:
    """The rule sets to check ``name`` under: the standard game, each switch on, each
    setting's values, the registry's win-rate rule sets, every switch on at once, and
    ``mixes`` random mixes (each switch on or off, each setting any of its values)."""
    game = entry(name)
    specs = option_specs(game.options_type)
    rng = random.Random(f"{game.name}:{seed}")
    singles: list[OptionTexts] = []
    for spec in specs:
        if spec.is_switch:
            singles.append(written(spec, not spec.default))
        else:
            singles += [written(spec, value) for value in setting_values(spec, rng)]
    found: list[OptionTexts] = [()]
    found += [_partnered(game.options_type, single, singles) for single in singles]
    found += [tuple(rules) for rules in game.win_rates]
    switches = [spec for spec in specs if spec.is_switch]
    found.append(_partnered(game.options_type, tuple(spec.name for spec in switches), singles))
    for _ in range(mixes):
        found.append(_partnered(game.options_type, _mix(specs, rng), singles))
    return _distinct(found)


def _partnered(
    options_type: type[GameOptions], texts: OptionTexts, singles: Sequence[OptionTexts]
) -> OptionTexts:
    """``texts`` if the game accepts it, else with the first of ``singles`` that makes it
    acceptable put in front (an option that needs another, like TriPeaks'
    ``jokers-in-stock`` needing jokers); ``texts`` as it is if none does."""
    if _accepted(options_type, texts):
        return texts
    names = {text.partition("=")[0] for text in texts}
    for single in singles:
        if single[0].partition("=")[0] in names:
            continue
        if _accepted(options_type, (*single, *texts)):
            return (*single, *texts)
    return texts


def _accepted(options_type: type[GameOptions], texts: OptionTexts) -> bool:
    try:
        parse_options(options_type, texts)
    except OptionError:
        return False
    return True


def _mix(specs: Sequence[OptionSpec], rng: random.Random) -> OptionTexts:
    texts: list[str] = []
    for spec in specs:
        if spec.is_switch:
            texts += written(spec, rng.choice((True, False)))
        else:
            texts += written(spec, rng.choice([spec.default, *setting_values(spec, rng)]))
    return tuple(texts)


def _distinct(sets: Sequence[OptionTexts]) -> list[OptionTexts]:
    seen: set[frozenset[str]] = set()
    kept = []
    for texts in sets:
        if frozenset(texts) not in seen:
            seen.add(frozenset(texts))
            kept.append(texts)
    return kept


__all__ = ["OptionTexts", "option_sets", "setting_values", "written"]
