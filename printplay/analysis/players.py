"""Two simple players a deal's difficulty is measured with: a random one and a greedy one.

Both play through the engine, any solitaire alike, and see only what the protocols show:
the legal moves, whether a move turns the stock (or redeals it), the cards a win must
still clear.

* The **random player** never turns the stock (or redeals) while another move is legal,
  and otherwise picks uniformly among the legal moves, with a generator seeded from the
  deal (:func:`playout_rng`), so the same deal always gets the same games.  Where the
  rules let the stock be turned only when nothing else can be played (Ricochet,
  TriPeaks under ``strict-draw``) this is uniform over the legal moves; where it can be
  turned at any time (TriPeaks), a player uniform over all legal moves turns it so often
  that it wins almost nothing (none of 1000 games over TriPeaks deals 1–10), which would
  measure nothing.
* The **greedy player** also never turns the stock while it can do anything else; of the
  other moves it takes the one that clears the most cards a win needs cleared, then the
  one that leaves it the most moves other than a stock turn, and the first in the
  engine's order of those.  It looks one move ahead, never further.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games import make_solitaire
>>> game = make_solitaire("tripeaks")
>>> deal = numbered_deal(game.deck(), 1)
>>> start = game.initial_state(deal)
>>> wins = [random_game(start, playout_rng(game, deal)) for _ in range(3)]
>>> wins == [random_game(start, playout_rng(game, deal)) for _ in range(3)]
True
>>> greedy_game(start).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from printplay.core import options as opts
from printplay.core.deal import Deal
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove

S = TypeVar("S", bound=Position)

LONGEST_GAME = 5000
"""A player stops after this many moves (no game of these rules lasts half as long)."""


def playout_rng(game: RegisteredSolitaire, deal: Deal) -> random.Random:
    """The generator a deal's random games are played with: seeded from the game, its
    chosen options and the deal's code, so a grade is the same on every run and machine."""
    chosen = ",".join(opts.chosen(game.options))
    return random.Random(f"printplay-grade|{game.name}|{chosen}|{deal.code}")


def without_stock_turns(legal: Sequence[SolitaireMove]) -> Sequence[SolitaireMove]:
    """The legal moves other than turning the stock or redealing, or all of them if there
    are no others."""
    others = [move for move in legal if not move.turns_stock]
    return others or legal


def random_game(start: S, rng: random.Random) -> bool:
    """Play one game from ``start`` as the random player; whether it is won."""
    state = start
    for _ in range(LONGEST_GAME):
        if state.is_over:
            break
        legal = state.legal_moves()
        if not legal:
            break
        state = state.apply(rng.choice(without_stock_turns(legal)))
    return state.is_won


def greedy_move(state: Position) -> SolitaireMove:
    """The greedy player's move in ``state`` (which must have a legal move)."""
    legal = state.legal_moves()
    choices = without_stock_turns(legal)
    if choices[0].turns_stock:
        return choices[0]
    best = choices[0]
    best_key: tuple[int, int] | None = None
    for move in choices:
        after = state.apply(move)
        key = (-after.cards_left, sum(not m.turns_stock for m in after.legal_moves()))
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def greedy_game(start: S) -> S:
    """Play from ``start`` as the greedy player; the position it ends in."""
    state = start
    for _ in range(LONGEST_GAME):
        if state.is_over or not state.legal_moves():
            break
        state = state.apply(greedy_move(state))
    return state


__all__ = [
    "LONGEST_GAME",
    "greedy_game",
    "greedy_move",
    "playout_rng",
    "random_game",
    "without_stock_turns",
]
