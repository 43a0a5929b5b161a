"""Deal numbers in either numbering: printplay's own (the pp1 shuffle) or PySolFC's.

Under ``printplay`` a deal number is shuffled by pp1 (docs/deals.md); under ``pysolfc`` it
is PySolFC's game number, dealt by the game's registry binding (``GameEntry.pysolfc``),
which knows how PySolFC lays that game out.  A game PySolFC's numbering does not reach is
refused in one line, as is a number outside PySolFC's range.  Nothing here names a game.

>>> from printplay.games import make_solitaire
>>> numbered(make_solitaire("tripeaks"), 617, "pysolfc").name
'PySolFC game #617'
>>> check_numbering("ricochet-poker", "pysolfc")
Traceback (most recent call last):
...
printplay.core.errors.GameError: Ricochet Poker has no PySolFC numbering in printplay ...
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from printplay.core.deal import NUMBERING, Deal, choose_deal
from printplay.core.deal import SHUFFLE_NAME as PP1
from printplay.core.errors import DealError, GameError
from printplay.core.jsontypes import JsonObject
from printplay.core.options import GameOptions, shown
from printplay.core.protocols import RegisteredSolitaire
from printplay.core.pysolfc import NUMBERING as PYSOLFC
from printplay.core.pysolfc import check_game_number, generator
from printplay.games import REGISTRY, entry, load, not_a

NUMBERINGS = (NUMBERING, PYSOLFC)
"""Every numbering, the default first."""


@runtime_checkable
class PysolfcDealer(Protocol):
    """A game's ``pysolfc`` binding: its options and a game number give the deal."""

    def __call__(self, options: GameOptions, number: int, /) -> Deal:
        """PySolFC's game #``number`` in the game's layout order under ``options``."""
        ...


def check_numbering(game: str, numbering: str) -> str:
    """Return ``numbering`` if ``game`` can be dealt in it, else raise one line."""
    if numbering not in NUMBERINGS:
        raise DealError(
            f"unknown numbering {shown(numbering)} (numberings: {', '.join(NUMBERINGS)})"
        )
    found = entry(game)
    if numbering == PYSOLFC and found.pysolfc is None:
        reached = ", ".join(sorted(name for name, e in REGISTRY.items() if e.pysolfc))
        raise GameError(
            f"{found.title} has no PySolFC numbering in printplay (--numbering pysolfc: {reached})"
        )
    return numbering


def numbered(game: RegisteredSolitaire, seed: int, numbering: str = NUMBERING) -> Deal:
    """Deal number ``seed`` of ``game`` in ``numbering``."""
    check_numbering(game.name, numbering)
    if numbering == NUMBERING:
        return game.numbered_deal(seed)
    check_game_number(seed)
    binding = entry(game.name).pysolfc
    dealer = None if binding is None else load(binding)
    if not isinstance(dealer, PysolfcDealer):
        raise not_a(str(binding), "PySolFC dealer")
    return dealer(game.options, seed)


def choose(
    game: RegisteredSolitaire, *, seed: int | None, codes: str | None, numbering: str = NUMBERING
) -> Deal:
    """The deal named by exactly one of a deal number (in ``numbering``) and card codes."""
    check_numbering(game.name, numbering)
    if numbering != NUMBERING and seed is None and codes is not None:
        raise DealError(
            f"--numbering {numbering} says how --seed is read; give --seed N, not the cards"
        )
    if seed is not None and codes is None:
        return numbered(game, seed, numbering)
    return choose_deal(game.deck(), seed=seed, codes=codes)


def shuffle_name(deal: Deal) -> str | None:
    """The shuffle that made ``deal``: ``"pp1"``, ``"pysolfc-ms"`` or ``"pysolfc-mt"``
    (PySolFC's two generators), ``None`` for an explicit deal."""
    if deal.seed is None:
        return None
    if deal.numbering == PYSOLFC:
        return f"{PYSOLFC}-{generator(deal.seed)}"
    return PP1


def naming_json(deal: Deal) -> JsonObject:
    """The JSON fields naming a deal: ``seed``, then ``numbering`` when it is not
    printplay's own (docs/json.md)."""
    found: JsonObject = {"seed": deal.seed}
    if deal.numbering != NUMBERING:
        found["numbering"] = deal.numbering
    return found


__all__ = [
    "NUMBERINGS",
    "PysolfcDealer",
    "check_numbering",
    "choose",
    "naming_json",
    "numbered",
    "shuffle_name",
]
